"""Monitors at scale (issue 57): 500 monitors of one workspace created at once, every minute, against the
synchronous captures of another workspace, each measured against itself idle in the same run.

    .venv/bin/python -m benchmarks.monitors [--monitors N] [--captures N]

The service (`run.py serve`, pool 2) and the text page of `benchmarks.site`. First, synchronous captures of
workspace A at concurrency 1, `--captures` of them, the service idle (after a warm-up); then `--monitors`
monitors of workspace B created at once (eight requests in flight), each capturing the same page every minute;
then the same series of workspace A again, as often as fits in the monitors' first interval, and a last look at
the event log: when each monitor's first run was queued (the schedule), and how many runs ran meanwhile (the
runs take what the captures leave). Printed: the largest share of the monitors queued in any one second of the
interval (the bar: 3 %), and the captures' p50 under the monitors over idle (the bar: 1.5x). Every loop is
bounded in count and time; nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import orjson
import trio

from benchmarks.service import PLANS, RunningService, start
from benchmarks.site import Site

INTERVAL_S = 60
CONCURRENT_CREATES = 8
MONITOR_PLAN = PLANS + """
[plans.monitored]
monthly_captures = 100000000
requests_per_minute = 100000000
features = ["monitors"]
monitors = 1000
monitor_every_at_most = "1m"
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--monitors", type=int, default=500)
    parser.add_argument("--captures", type=int, default=20, help="synchronous captures per series")
    args = parser.parse_args()
    site = Site()
    site.start()
    with tempfile.TemporaryDirectory(prefix="capture-bench-") as where:
        plans = Path(where) / "plans.toml"
        plans.write_text(MONITOR_PLAN)
        service = start(site.server_address[1], 2, extra_env={"CAPTURE_PLANS_FILE": str(plans)})
        try:
            trio.run(_run, service, site, args.monitors, args.captures)
        finally:
            service.stop()
            site.stop()


async def _run(service: RunningService, site: Site, monitors: int, captures: int) -> None:
    workspace = service.cli("workspace", "create", "--name", "monitored", "--plan", "monitored")
    key = str(service.cli("key", "create", "--workspace", str(workspace["id"]))["key"])
    page = f"{site.base}/text"
    async with httpx.AsyncClient(base_url=service.url, timeout=120) as client:
        async def capture() -> float:
            began = time.perf_counter()
            answer = await client.post("/api/screenshot", json={"url": page}, headers={"x-api-key": service.key})
            assert answer.status_code == 200, answer.text
            return time.perf_counter() - began

        for _ in range(3):  # warm
            await capture()
        idle = [await capture() for _ in range(captures)]

        created_at = time.time()
        left = list(range(monitors))

        async def creator() -> None:
            while left:
                left.pop()
                answer = await client.post("/api/monitors", headers={"x-api-key": key}, json={
                    "capture": {"url": page}, "every": "1m"})
                assert answer.status_code == 201, answer.text
        async with trio.open_nursery() as nursery:
            for _ in range(CONCURRENT_CREATES):
                nursery.start_soon(creator)
        created_s = time.time() - created_at

        loaded: list[float] = []
        while time.time() < created_at + INTERVAL_S and len(loaded) < 50 * captures:
            loaded.append(await capture())
    rows = service.sql("SELECT epoch(ts) AS at, data FROM events WHERE type = 'monitor.run_queued' "
                         f"AND workspace_id = '{workspace['id']}' ORDER BY seq")
    first: dict[str, float] = {}
    for row in rows:
        first.setdefault(orjson.loads(row["data"])["monitor"], float(row["at"]))
    ended = service.sql("SELECT type, count(*) AS n FROM events WHERE type LIKE 'monitor.run_%' AND type <> "
                          f"'monitor.run_queued' AND workspace_id = '{workspace['id']}' GROUP BY type")
    per_second = Counter(int(at - created_at) for at in first.values())
    busiest, held = max(per_second.items(), key=lambda item: item[1]) if per_second else (0, 0)
    idle_p50, loaded_p50 = statistics.median(idle), statistics.median(loaded)
    print(f"{monitors} monitors created in {created_s:.1f} s; first runs queued within the interval: {len(first)}")
    print(f"  busiest second: {held} ({100 * held / monitors:.1f} % of them, second {busiest}; bar 3 %); "
          f"seconds with any: {len(per_second)} of {INTERVAL_S}")
    ends = ", ".join(f"{row['type']} {row['n']}" for row in ended) or "none"
    print(f"  runs ended meanwhile: {ends}")
    print(f"synchronous captures of another workspace, p50: idle {1000 * idle_p50:.0f} ms ({len(idle)}), beside "
          f"the monitors {1000 * loaded_p50:.0f} ms ({len(loaded)}): {loaded_p50 / idle_p50:.2f}x (bar 1.5x)")
    print(f"  at {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC")


if __name__ == "__main__":
    main()
