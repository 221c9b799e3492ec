"""Where a capture's CPU goes inside Chromium: its own tracing (`Tracing.start` over CDP) on a few captures.

    .venv/bin/python -m benchmarks.trace [--captures N] [--kind baseline|bare|generic]

Captures each bench page N times with the baseline's bare CDP recipe on one
browser launched as the service launches its own (`--kind`: another way of
benchmarks/baseline.py), traced from the first command to the last, and sums the thread
time (`tdur`: CPU, not wall) of the top-level tasks per process type and
thread, then the largest task sources. Thread time counts only work inside
traced tasks, so the total is a floor: compare it with the process tree's CPU
from /proc, printed beside it.
"""

from __future__ import annotations

import argparse
import collections
from typing import Any

import orjson
import trio

from benchmarks.baseline import LAUNCHES, BaselinePool, baseline_pool, capture
from benchmarks.site import Site, run_served
from engine.browser.cdp import CdpConnection

# The top-level task of every thread (its CPU as a whole) and what is inside the renderer's main thread.
CATEGORIES = ["toplevel", "toplevel.flow", "disabled-by-default-devtools.timeline", "blink", "cc", "v8", "gpu"]
PAGES = {"text": ("/text", False), "heavy": ("/heavy", False), "tall": ("/tall", True)}
TOP = 12


async def traced(pool: BaselinePool, urls: list[tuple[str, bool]]) -> list[dict[str, Any]]:
    """The trace events of capturing `urls` one after the other on one of the pool's browsers."""
    async with pool.browser() as conn:
        return await _traced(conn, urls)


async def _traced(conn: CdpConnection, urls: list[tuple[str, bool]]) -> list[dict[str, Any]]:
    done = trio.Event()
    stream: dict[str, str] = {}

    def on_event(method: str, params: dict[str, Any]) -> None:
        if method == "Tracing.tracingComplete":
            stream["handle"] = params["stream"]
            done.set()
    conn.listen(None, on_event)
    await conn.send("Tracing.start", {"transferMode": "ReturnAsStream", "traceConfig": {
        "recordMode": "recordAsMuchAsPossible", "includedCategories": CATEGORIES}})
    for url, full in urls:
        await capture(conn, url, full)
    await conn.send("Tracing.end")
    await done.wait()
    chunks = []
    while True:
        part = await conn.send("IO.read", {"handle": stream["handle"], "size": 1 << 20})
        chunks.append(part["data"])
        if part.get("eof"):
            break
    await conn.send("IO.close", {"handle": stream["handle"]})
    conn.forget(None)
    trace = orjson.loads("".join(chunks))
    events: list[dict[str, Any]] = trace["traceEvents"] if isinstance(trace, dict) else trace
    return events


def where_it_went(events: list[dict[str, Any]]) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """Thread-time ms of the top-level tasks by process type, by process type and thread, and by task source."""
    process_names: dict[int, str] = {}
    thread_names: dict[tuple[int, int], str] = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            process_names[e["pid"]] = e["args"]["name"]
        elif e.get("ph") == "M" and e.get("name") == "thread_name":
            thread_names[(e["pid"], e["tid"])] = e["args"]["name"]
    by_process: collections.Counter[str] = collections.Counter()
    by_thread: collections.Counter[str] = collections.Counter()
    by_source: collections.Counter[str] = collections.Counter()
    for e in events:
        if e.get("ph") != "X" or "tdur" not in e or "toplevel" not in e.get("cat", "").split(","):
            continue
        ms = e["tdur"] / 1000
        process = process_names.get(e["pid"], f"pid {e['pid']}")
        thread = thread_names.get((e["pid"], e["tid"]), f"tid {e['tid']}")
        by_process[process] += ms
        by_thread[f"{process} / {thread}"] += ms
        source = e.get("args", {}).get("src_func") or e.get("args", {}).get("src", {}).get("function") or e["name"]
        by_source[f"{process} / {source}"] += ms
    return dict(by_process), dict(by_thread), dict(by_source)


def show(title: str, figures: dict[str, float], captures: int, top: int = TOP) -> None:
    print(f"  {title}")
    for name, ms in sorted(figures.items(), key=lambda item: -item[1])[:top]:
        print(f"    {ms / captures:8.1f} ms  {name}")


async def main(args: argparse.Namespace, site: Site) -> None:
    async with baseline_pool(1, args.kind) as pool:
        for page, (path, full) in PAGES.items():
            url = f"{site.base}{path}"
            for _ in range(2):  # warm: the first capture of a browser pays for its caches
                await pool.capture(url, full)
            before = pool.cpu_seconds()[0]
            events = await traced(pool, [(url, full)] * args.captures)
            cpu_ms = (pool.cpu_seconds()[0] - before) * 1000 / args.captures
            by_process, by_thread, by_source = where_it_went(events)
            traced_ms = sum(by_process.values()) / args.captures
            print(f"{page}: {cpu_ms:.0f} ms CPU per capture from /proc (tracing on), {traced_ms:.0f} ms in traced "
                  "top-level tasks")
            show("by process", by_process, args.captures)
            show("by thread", by_thread, args.captures)
            show("by task source", by_source, args.captures)


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.trace", description=__doc__.split("\n\n")[0])
    parser.add_argument("--captures", type=int, default=5, help="traced captures per page (default 5)")
    parser.add_argument("--kind", choices=list(LAUNCHES), default="baseline",
                        help="how Chromium is launched (benchmarks/baseline.py; default: as the service does)")
    return parser.parse_args()


if __name__ == "__main__":
    run_served(main, parse())
