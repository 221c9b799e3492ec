"""The event log at scale (issue 39): a year of a busy deployment written straight into a DuckDB file, then
the service started on it and timed.

    .venv/bin/python -m benchmarks.eventlog [--events 10000000] [--jobs 1000000] [--keep DIR | --reuse DIR]
                                            [--archive]

The generator (`benchmarks/year_log.py`) writes in DuckDB's own SQL, no row through Python: 1,000 workspaces whose share
of the traffic falls as a Zipf law (s = 1.1: the largest about 18 %), 12 months of events, durable jobs with
the event shapes the service writes (job.created with a sealed payload, job.started, job.succeeded or
job.failed, capture.succeeded or capture.failed, job.expired after a day, webhook.scheduled, attempted
and delivered for one job in five), the rest synchronous captures (85 % succeeded; failures spread over
validation, render and delivery), and `--queued` jobs still QUEUED, sealed for real with the data
directory's payload key and pointing at a loopback port the service may not reach (refused without a
connection). Then: the file's bytes per capture, the service's ready time on it (`run.py serve`, pool 1)
and what the start spent it on (its log), `GET /api/usage` and `GET /api/analytics` (30 days) p50 for the
largest and a small workspace, and the export of the last full month (rows/s, counts read back); with
`--archive`, the archive step (`run.py archive --keep-months 2`) on the stopped service's file, its bytes
before and after, and the start and the same reads on the new file. Nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import duckdb
import httpx
import orjson
import trio

from benchmarks.service import ROOT, RunningService, start
from benchmarks.site import Site, run_served
from benchmarks.stats import percentile
from benchmarks.year_log import ANALYST, PASSWORD, REFUSED_URL, generate

LOADED_S = 120  # the longest the finished jobs' load after the start is waited for


def percentile_ms(samples: list[float], q: int) -> float:
    return percentile(samples, q) * 1000


async def measure(service: RunningService, reads: int) -> dict[str, Any]:
    """usage and analytics (30 days) p50/p95 for the largest and a small workspace, through their own keys."""
    found: dict[str, Any] = {}
    for rank in (1, 500):
        [key] = [service.cli("key", "create", "--workspace", f"ws_{rank:020d}")["key"]]
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": str(key)}, timeout=60) as client:
            for name, path in (("usage", "/api/usage"), ("analytics", "/api/analytics")):
                times = []
                for _ in range(reads):
                    began = time.perf_counter()
                    answer = await client.get(path)
                    times.append(time.perf_counter() - began)
                    assert answer.status_code == 200, answer.text
                found[f"{name} ws{rank}"] = (percentile_ms(times, 50), percentile_ms(times, 95))
    found.update(await _overview(service, reads))
    return found


async def appends(service: RunningService, seconds: float) -> tuple[float, float, float]:
    """Events appended per second by refused captures (each one capture.failed, no browser) over 8
    connections, alone and while the largest workspace's analytics are asked for in a loop, in the order alone,
    beside, beside, alone (series of one service drift by several per cent: ABBA weighs the drift evenly); and
    the analytics answered per second meanwhile (the reads yield to the commits: how far, this tells)."""
    key = service.cli("key", "create", "--workspace", f"ws_{1:020d}")["key"]
    done = {False: 0, True: 0}
    read = 0
    for busy in (False, True, True, False):
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": str(key)}, timeout=60) as client:

            async def refused(busy: bool = busy) -> None:
                while True:
                    answer = await client.post("/api/screenshot", json={"url": REFUSED_URL})
                    assert answer.status_code == 422, answer.text
                    done[busy] += 1

            async def analytics() -> None:
                nonlocal read
                while True:
                    assert (await client.get("/api/analytics")).status_code == 200
                    read += 1

            with trio.move_on_after(seconds):  # bounded: the loops stop with it
                async with trio.open_nursery() as nursery:
                    for _ in range(8):
                        nursery.start_soon(refused)
                    if busy:
                        nursery.start_soon(analytics)
    return done[False] / (2 * seconds), done[True] / (2 * seconds), read / (2 * seconds)


async def _overview(service: RunningService, reads: int) -> dict[str, Any]:
    """The dashboard's overview page of the largest and the 500th workspace, signed in as their owner."""
    found: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=service.url, timeout=60) as browser:
        form = await browser.get("/login")
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
        answer = await browser.post("/login", data={"email": ANALYST, "password": PASSWORD,
                                                    "csrf_token": csrf[1] if csrf else ""})
        assert answer.status_code == 303, answer.text
        for rank in (1, 500):
            times = []
            for _ in range(max(reads // 5, 2)):
                began = time.perf_counter()
                page = await browser.get(f"/dashboard/w/ws_{rank:020d}")
                times.append(time.perf_counter() - began)
                assert page.status_code == 200, page.text[:300]
            found[f"overview ws{rank}"] = (percentile_ms(times, 50), percentile_ms(times, 95))
    return found


async def _start_log(service: RunningService) -> list[dict[str, Any]]:
    """The start's log entries up to the service's ready line, and then the line that says its finished jobs
    are loaded (after it serves: the timings below are taken once they are)."""
    deadline = trio.current_time() + LOADED_S
    while True:
        entries = [orjson.loads(line) if line.startswith("{") else {"message": line}
                   for line in (Path(service.workdir.name) / "service.log").read_text().splitlines()]
        ready = next(n for n, entry in enumerate(entries) if "ready on" in entry["message"])
        loaded = [entry for entry in entries if entry["message"].startswith("finished jobs loaded")]
        if loaded or trio.current_time() > deadline:
            return entries[:ready + 1] + (loaded or [{"message": f"finished jobs not loaded after {LOADED_S} s"}])
        await trio.sleep(0.1)


def export_month(service: RunningService, out: Path) -> None:
    """`run.py export` of the last full month: rows/s, and the files' count against the live log's."""
    first = (dt.date.today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    month = first.strftime("%Y-%m")
    answer = service.cli("export", "--from", month, "--to", month, "--out", str(out))
    live = service.cli("sql", f"SELECT count(*) AS n FROM events WHERE strftime(ts, '%Y-%m') = '{month}'")
    with duckdb.connect() as conn:
        found = conn.execute(f"SELECT count(*) FROM read_parquet('{out}/**/*.parquet')").fetchone()
    print(f"  export of {month}: {answer['rows']:,} rows in {answer['tookMs']} ms "
          f"({answer['rowsPerSecond']:,} rows/s), {answer['files']} file(s); read back {found[0] if found else 0:,}, "
          f"live {live['n']:,}", flush=True)


async def main(args: argparse.Namespace, site: Site) -> None:
    work = Path(tempfile.mkdtemp(prefix="capture-eventlog-"))
    data = work / "data"
    if args.reuse:  # a log generated before (--keep): a copy, since the service appends to it
        await trio.to_thread.run_sync(lambda: shutil.copytree(args.reuse, data))
        print(f"a copy of {args.reuse}", flush=True)
    else:
        (data / "secrets").mkdir(parents=True, exist_ok=True)
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        made = await trio.to_thread.run_sync(generate, data / "capture.duckdb", data / "secrets", args.events,
                                             args.jobs, args.queued, now)
        print(f"generated {made['events']:,} events ({made['captures']:,} captures) in {made['seconds']:.1f} s: "
              f"{made['bytes'] / 2**20:,.0f} MiB, {made['bytes'] / made['captures']:.0f} bytes per capture; "
              f"analytics' daily counts of all of it made in {made['countedS']:.1f} s",
              flush=True)
        if args.keep:
            await trio.to_thread.run_sync(lambda: shutil.copytree(data, args.keep))
    try:
        service = await trio.to_thread.run_sync(
            lambda: start(site.server_address[1], 1, extra_env={"CAPTURE_DATA_DIR": str(data),
                                                                "CAPTURE_LOG_LEVEL": "info"}))
        try:
            print(f"ready after {service.ready_s:.2f} s with the file", flush=True)
            for entry in await _start_log(service):
                print("  log:", entry.get("time", "")[11:23], entry["message"][:100])
            for name, (p50, p95) in (await measure(service, args.reads)).items():
                print(f"  {name:<16} p50 {p50:8.1f} ms   p95 {p95:8.1f} ms", flush=True)
            alone, beside, reads = await appends(service, args.seconds)
            print(f"  appends/s (refused captures) {alone:7.0f} alone, {beside:7.0f} beside analytics "
                  f"({beside / alone:.2f}x; {reads:.1f} analytics answered a second)", flush=True)
            await trio.to_thread.run_sync(export_month, service, work / "export")
        finally:
            await trio.to_thread.run_sync(service.stop)
        if args.archive:
            await trio.to_thread.run_sync(archive_old_months, data, work / "archive")
            await restart(site, data, args.reads)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def archive_old_months(data: Path, out: Path) -> None:
    """`run.py archive --keep-months 2` on the stopped service's file: the months before to Parquet."""
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "archive", "--out", str(out), "--keep-months", "2"],
                          env={**os.environ, "CAPTURE_DATA_DIR": str(data)}, capture_output=True, timeout=1800,
                          check=False)
    assert done.returncode == 0, done.stderr.decode()
    made = orjson.loads(done.stdout)
    print(f"archive of the events before {made['before']}: {made['archivedRows']:,} in {made['tookMs'] / 1000:.1f} s "
          f"({made['archivedRows'] / made['tookMs'] * 1000:,.0f} rows/s, {made['files']} files); the live file "
          f"{made['bytesBefore'] / 2**20:,.0f} -> {made['bytesAfter'] / 2**20:,.0f} MiB, {made['liveRows']:,} events "
          f"of which {made['keptBeforeRows']:,} older ones the service still rebuilds from", flush=True)


async def restart(site: Site, data: Path, reads: int) -> None:
    """The service again, on the archived file: ready time and the same reads."""
    service = await trio.to_thread.run_sync(
        lambda: start(site.server_address[1], 1, extra_env={"CAPTURE_DATA_DIR": str(data)}))
    try:
        print(f"ready after {service.ready_s:.2f} s with the archived file", flush=True)
        for name, (p50, p95) in (await measure(service, reads)).items():
            print(f"  {name:<16} p50 {p50:8.1f} ms   p95 {p95:8.1f} ms", flush=True)
    finally:
        await trio.to_thread.run_sync(service.stop)


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.eventlog", description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000_000, help="events in the log (default 10,000,000)")
    parser.add_argument("--jobs", type=int, default=1_000_000, help="durable jobs among them (default 1,000,000)")
    parser.add_argument("--queued", type=int, default=10_000, help="of which still queued (default 10,000)")
    parser.add_argument("--reads", type=int, default=50, help="requests per timed route and workspace (default 50)")
    parser.add_argument("--seconds", type=float, default=10, help="each of the four appends series (default 10)")
    parser.add_argument("--archive", action="store_true", help="then archive all but the last two months "
                        "(run.py archive) and start again on the new file")
    parser.add_argument("--keep", help="also keep the generated data directory here, for --reuse")
    parser.add_argument("--reuse", help="start on a copy of this generated data directory instead of generating")
    return parser.parse_args()


if __name__ == "__main__":
    run_served(main, parse())
