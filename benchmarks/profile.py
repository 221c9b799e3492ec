"""Where the service's own CPU goes (issue 56): a sampling profile of `run.py serve` under load.

    .venv/bin/python -m benchmarks.profile [--page text|heavy|tall] [--captures N] [--concurrency N] [--top N]
                                       [--keep FILE] [--named]

Starts the fixture site and the service (as `benchmarks` does: pool 2, the benchmark's plan), warms it, then
attaches py-spy (`py-spy record --nonblocking`, 200 samples a second, every thread; idle samples and the loop's
waits in epoll left out) for `--captures` sync captures of one page at `--concurrency`. Prints the service's
own CPU per capture (the event loop's thread and the rest, from /proc), then, for the loop's thread and for the
other threads apart, the functions that were running (self) and the ones on the stack (total), as shares of
that side's samples. With `--named` the page is asked for by a host name (`plain.test`, answered by a DNS
server on loopback with TTL 60, as a real page's hosts are) instead of 127.0.0.1, so every request's vetting
goes through the resolver.
Bounded in count; loopback only. py-spy is a development dependency (`pip install -e .[dev]`).
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import signal
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import BinaryIO

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, PAGES, series, warm
from benchmarks.service import RunningService, start
from benchmarks.site import Site
from tests.dns_server import running_dns_server

RATE = 200  # samples a second
WORKER_ROOT = "Thread._bootstrap (threading.py"  # a stack that starts here ran on a worker thread, not the loop's
WAITING = "EpollIOManager.get_events ("  # the loop waiting in epoll: idle, though py-spy may count it


def tally(raw: str) -> tuple[dict[str, collections.Counter[str]], dict[str, int]]:
    """py-spy's collapsed stacks (`frame;frame;… count`, root first) → per side ("loop" or "workers"), samples
    per function on the stack (each counted once per stack; "self " + name for the running one), and each
    side's samples."""
    counters: dict[str, collections.Counter[str]] = {"loop": collections.Counter(), "workers": collections.Counter()}
    samples = {"loop": 0, "workers": 0}
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = [frame for frame in stack.split(";") if not frame.startswith(("thread ", "process "))]
        if not frames or frames[-1].startswith(WAITING):
            continue
        side = "workers" if any(frame.startswith(WORKER_ROOT) for frame in frames[:3]) else "loop"
        samples[side] += int(count)
        for name in {_function(frame) for frame in frames}:
            counters[side][name] += int(count)
        counters[side]["self " + _function(frames[-1])] += int(count)
    return counters, samples


def _function(frame: str) -> str:
    """`name (path/to/file.py:12)` → `name (file.py)`: lines merged, so one function is one row."""
    name, _, where = frame.partition(" (")
    return f"{name} ({Path(where.rstrip(')').rpartition(':')[0]).name})"


def report(counters: dict[str, collections.Counter[str]], samples: dict[str, int], top: int) -> None:
    for side in ("loop", "workers"):
        total = max(1, samples[side])
        print(f"\n{side}: {samples[side]} samples")
        running = [(n, c) for n, c in counters[side].most_common() if n.startswith("self ")][:top]
        print("  self:")
        for name, count in running:
            print(f"    {count / total:6.1%}  {name[5:]}")
        print("  total:")
        for name, count in [(n, c) for n, c in counters[side].most_common() if not n.startswith("self ")][:top]:
            print(f"    {count / total:6.1%}  {name}")


async def load(service: RunningService, base: str, page: str, captures: int, concurrency: int, out: Path,
               said: BinaryIO) -> str:
    """The captures of `base` + the page's path with py-spy attached, writing `out`; its own output goes to
    `said`."""
    path, full = PAGES[page]
    async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                 timeout=CAPTURE_TIMEOUT_S) as client:
        async def one() -> None:
            answer = await client.post("/api/screenshot", json={"url": f"{base}{path}", "fullPage": full})
            if answer.status_code != 200:
                raise RuntimeError(f"{answer.status_code} {answer.text[:200]}")
        await warm(one, 4)
        command = [_py_spy(), "record", "--pid", str(service.process.pid), "--rate", str(RATE), "--nonblocking",
                   "--threads", "--format", "raw", "--output", str(out)]
        spy = await trio.lowlevel.open_process(command, stdout=said, stderr=said)
        await trio.sleep(1)  # attached
        figures = await series("sync", page, concurrency, captures, one, meter=service.cpu_seconds)
        spy.send_signal(signal.SIGINT)  # py-spy writes its file on an interrupt
        with trio.fail_after(60):
            await spy.wait()
    return (f"{captures} {page} captures at c={concurrency}: p50 {figures.p50_ms:.0f} ms, {figures.per_s:.2f}/s; "
            f"the service's own CPU {figures.own_cpu_ms:.1f} ms per capture, {figures.loop_cpu_ms:.1f} ms of it on the "
            f"loop's thread")


def _py_spy() -> str:
    found = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not os.access(found, os.X_OK):
        raise SystemExit("py-spy is not installed: .venv/bin/pip install -e .[dev]")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", choices=sorted(PAGES), default="text")
    parser.add_argument("--captures", type=int, default=160)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keep", help="also write py-spy's collapsed stacks to this file")
    parser.add_argument("--named", action="store_true", help="ask for the page by a host name a DNS server on "
                        "loopback answers, not by 127.0.0.1")
    args = parser.parse_args()
    with ExitStack() as stack:
        site = Site()
        site.start()
        stack.callback(site.stop)
        base, env = site.base, {}
        if args.named:
            dns = stack.enter_context(running_dns_server())
            base, env = f"http://plain.test:{site.server_address[1]}", {"CAPTURE_RESOLVER_NAMESERVERS": dns.address}
        service = start(site.server_address[1], 2, extra_env=env)
        stack.callback(service.stop)
        _profile(service, base, args)


def _profile(service: RunningService, base: str, args: argparse.Namespace) -> None:
    """The load with py-spy attached, then its report."""
    with tempfile.TemporaryDirectory(prefix="capture-profile-") as folder:
        out, log = Path(folder) / "stacks.txt", Path(folder) / "py-spy.log"
        started = time.monotonic()
        with log.open("wb") as said:
            print(trio.run(load, service, base, args.page, args.captures, args.concurrency, out, said), flush=True)
        if not out.exists():
            raise SystemExit(f"py-spy wrote no profile: {log.read_text(errors='replace')}")
        report(*tally(out.read_text()), args.top)
        if args.keep:
            shutil.copyfile(out, args.keep)
        print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
