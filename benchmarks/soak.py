"""The soak: many mixed sync captures in a row on one service, watching memory, failures and latency drift.

    .venv/bin/python -m benchmarks.soak [--captures 5000] [--pool 2]

The captures cycle through MIX: the text, heavy and tall pages, and one in
twenty a hostile page (a script that never yields, allocating as it spins)
with `timeoutMs` 2000, which the service must give up on mid-render (504
`render_timeout`) and clean away. Every 100 captures the resident memory of
the service process and of its Chromium tree is sampled. At the end: the
failures of the plain captures (anything but a PNG), the hostile ones that
did not end in 504, the p50 of the plain captures over the first and the
last 1,000 (or fifth), the service's memory growth per 1,000 captures after
the warm-up (a least-squares slope over the samples past the first fifth) and
how much of it DuckDB's buffers are (`duckdb_memory()`, through `run.py sql`),
and the Chromium processes left 0.5 s after SIGTERM. Nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S
from benchmarks.service import RunningService, start
from benchmarks.site import Site, run_served
from benchmarks.stats import percentile

HOSTILE_TIMEOUT_MS = 2000
# One cycle of twenty: a hostile page among plain ones, the tall page (its full page) a little less often.
MIX = ("text", "heavy", "text", "tall", "text", "heavy", "text", "heavy", "text", "hostile",
       "text", "heavy", "text", "tall", "text", "heavy", "text", "heavy", "text", "text")
SAMPLE_EVERY = 100


def request(kind: str, site: Site, n: int) -> dict[str, Any]:
    body: dict[str, Any] = {"url": f"{site.base}/{kind}?soak={n}"}
    if kind == "tall":
        body["fullPage"] = True
    if kind == "hostile":
        body["timeoutMs"] = HOSTILE_TIMEOUT_MS
    return body


def duckdb_held(service: RunningService) -> int:
    """Bytes the service's DuckDB holds in its buffer manager (events appended since the last checkpoint
    among them), asked through the operator's `sql` command."""
    rows = service.cli("sql", "select coalesce(sum(memory_usage_bytes), 0)::bigint as held from duckdb_memory()")
    return int(str(rows["held"]))


def slope_per_1000(points: list[tuple[int, float]]) -> float:
    """Least-squares growth of `y` per 1,000 of `x`; nan for fewer than two points."""
    if len(points) < 2:
        return float("nan")
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return 1000 * sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else float("nan")


async def soak(service: RunningService, site: Site, total: int) -> dict[str, Any]:
    plain: list[tuple[int, float]] = []  # (capture number, seconds) of the plain captures that succeeded
    samples: list[tuple[int, float, float, float]] = []  # (capture number, service, Chromium tree, DuckDB MB)
    failures: dict[str, int] = {}
    hostile_other = 0
    async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                 timeout=CAPTURE_TIMEOUT_S) as client:
        for n in range(1, total + 1):
            kind = MIX[n % len(MIX)]
            began = time.perf_counter()
            answer = await client.post("/api/screenshot", json=request(kind, site, n))
            took = time.perf_counter() - began
            if kind == "hostile":
                hostile_other += answer.status_code != 504
            elif answer.status_code == 200 and answer.content.startswith(b"\x89PNG"):
                plain.append((n, took))
            else:
                failures[kind] = failures.get(kind, 0) + 1
                print(f"  soak {n}: {kind} failed: {answer.status_code} {answer.text[:200]}", flush=True)
            if n % SAMPLE_EVERY == 0:
                own, below = await trio.to_thread.run_sync(service.rss)
                held = await trio.to_thread.run_sync(duckdb_held, service)
                samples.append((n, own / 2**20, below / 2**20, held / 2**20))
                print(f"  soak {n:>5}: service {own / 2**20:7.1f} MB (DuckDB's buffers {held / 2**20:5.1f} MB), "
                      f"chromium tree {below / 2**20:7.1f} MB, plain failures {sum(failures.values())}, "
                      f"hostile not 504 {hostile_other}", flush=True)
    window = min(1000, max(1, total // 5))
    first = [s for n, s in plain if n <= window]
    last = [s for n, s in plain if n > total - window]
    warm = [s for s in samples if s[0] > total // 5]
    return {"captures": total, "plain_failures": failures, "hostile_not_504": hostile_other,
            "window": window, "p50_first_ms": percentile(first, 50) * 1000, "p50_last_ms": percentile(last, 50) * 1000,
            "service_mb_per_1000": slope_per_1000([(n, own) for n, own, _, _ in warm]),
            "duckdb_mb_per_1000": slope_per_1000([(n, held) for n, _, _, held in warm]),
            "chromium_mb_per_1000": slope_per_1000([(n, below) for n, _, below, _ in warm]),
            "samples": samples}


async def main(args: argparse.Namespace, site: Site) -> None:
    service = await trio.to_thread.run_sync(start, site.server_address[1], args.pool)
    try:
        print(f"ready after {service.ready_s:.2f} s; {args.captures} captures, one in {len(MIX)} hostile", flush=True)
        found = await soak(service, site, args.captures)
    finally:
        left = await trio.to_thread.run_sync(service.stop)
    print(f"soak of {found['captures']}: plain failures {found['plain_failures'] or 0}, hostile pages not ended "
          f"in 504: {found['hostile_not_504']}; p50 of the plain captures, first {found['window']} "
          f"{found['p50_first_ms']:.0f} ms, last {found['window']} {found['p50_last_ms']:.0f} ms "
          f"({found['p50_last_ms'] / found['p50_first_ms'] - 1:+.1%}); memory growth per 1,000 captures after the "
          f"first fifth: service {found['service_mb_per_1000']:+.2f} MB (DuckDB's buffers "
          f"{found['duckdb_mb_per_1000']:+.2f} MB of it), chromium tree "
          f"{found['chromium_mb_per_1000']:+.1f} MB; ready after {service.ready_s:.2f} s; orphans after stop "
          f"{len(left.orphans)}, zombies {len(left.zombies)}")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--captures", type=int, default=5000, help="captures in a row (default 5000)")
    parser.add_argument("--pool", type=int, default=2, help="Chromium sessions (default 2)")
    return parser.parse_args()


if __name__ == "__main__":
    run_served(main, parse())
