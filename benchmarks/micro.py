"""Micro-figures of the durable path: job accepts, status reads, event-log appends (group commit)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import trio

from actors.database import Database
from actors.eventlog import Event, EventLog
from benchmarks.service import RunningService
from benchmarks.site import Site

CLIENTS = 16


async def rate(total: int, one: Callable[[int], Awaitable[None]], workers: int = CLIENTS) -> float:
    """Calls of `one(n)` per second for n in range(total), `workers` at a time."""
    numbers = iter(range(total))

    async def worker() -> None:
        for n in numbers:
            await one(n)
    began = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _ in range(workers):
            nursery.start_soon(worker)
    return total / (time.perf_counter() - began)


async def over_http(service: RunningService, site: Site, quick: bool) -> dict[str, float]:
    accepts, reads = (200, 1000) if quick else (1000, 4000)
    jobs: list[str] = []
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key}, limits=limits,
                                 timeout=60) as client:
        async def accept(n: int) -> None:
            answer = await client.post("/api/jobs", json={"url": f"{site.base}/text?accept={n}"})
            if answer.status_code != 202:
                raise RuntimeError(f"accept: {answer.status_code} {answer.text[:200]}")
            jobs.append(answer.json()["id"])
        accepts_per_s = await rate(accepts, accept)

        async def read(n: int) -> None:
            answer = await client.get(f"/api/jobs/{jobs[n % len(jobs)]}")
            if answer.status_code != 200:
                raise RuntimeError(f"status: {answer.status_code} {answer.text[:200]}")
        reads_per_s = await rate(reads, read)

        async def cancel(n: int) -> None:  # the accepted jobs would keep the pool busy for minutes
            await client.delete(f"/api/jobs/{jobs[n]}")
        await rate(len(jobs), cancel)
    return {"job_accepts_per_s": accepts_per_s, "job_status_reads_per_s": reads_per_s}


async def event_log_appends(quick: bool) -> float:
    """Appends per second into a fresh DuckDB file, 64 writers at once (as many requests would)."""
    total = 5_000 if quick else 20_000
    with tempfile.TemporaryDirectory(prefix="capture-bench-log-") as directory:
        db = Database(Path(directory) / "bench.duckdb")
        await db.open()
        try:
            log = EventLog(db)
            async with trio.open_nursery() as nursery:
                await nursery.start(log.run)

                async def append(n: int) -> None:
                    await log.append(_event(n))
                per_s = await rate(total, append, workers=64)
                nursery.cancel_scope.cancel()
        finally:
            await db.close()
    return per_s


def _event(n: int) -> Event:
    data: dict[str, Any] = {"host": "fixture.test", "source": "url"}
    return Event("capture.succeeded", workspace_id="ws_bench", key_id="key_bench", capture_id=f"cap_{n}",
                 request_id=f"req_{n}", outcome="succeeded", format="png", duration_ms=120, bytes=20_000,
                 target_status=200, data=data)
