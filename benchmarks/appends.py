"""Micro-figures of the event log: appends per second (group commit) by concurrent appenders, and beside an
operator's query."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import trio

from actors.storage import EventLog, running_event_log
from benchmarks.micro import rate
from engine.operations.sql import SqlRefused
from engine.records.schema import Event

WRITERS = (1, 16, 64, 256)  # concurrent appenders: a group commit is only as wide as what waits for it


async def event_log_appends() -> dict[int, float]:
    """Appends per second into a fresh DuckDB file, by the number of concurrent appenders."""
    found = {}
    for writers in WRITERS:
        total = max(writers * 40, 1000)  # a fraction of a second each: --quick keeps them whole
        with tempfile.TemporaryDirectory(prefix="capture-bench-log-") as directory:
            async with running_event_log(Path(directory) / "bench.duckdb") as (log, _):
                async def appender(numbers: Iterator[int], log: EventLog = log) -> None:
                    for n in numbers:
                        await log.append(_event(n))
                found[writers] = await rate(total, writers, appender)
    return found


SLOW_QUERY = "SELECT count(*) FROM range(1000000000000) t(n) WHERE hash(n) = 0"  # hours, unless interrupted
BESIDE_WRITERS = 64


async def event_log_appends_beside_a_query(query_s: float = 20) -> dict[str, float]:
    """Appends per second (64 appenders) for `query_s` alone, then while an operator's query runs as long.

    The query is `run.py sql`'s path (its own cursor and thread, read-only, stopped at its
    deadline), which must not hold up the commits that captures and jobs wait on.
    """
    with tempfile.TemporaryDirectory(prefix="capture-bench-log-") as directory:
        async with running_event_log(Path(directory) / "bench.duckdb") as (log, nursery):
            alone = await _appends_for(log, query_s)
            stopped = trio.Event()

            async def operator() -> None:
                try:
                    await log.db.read_only(SLOW_QUERY, query_s + 1)
                except SqlRefused:
                    stopped.set()  # at its deadline, as expected
            nursery.start_soon(operator)
            await trio.sleep(0.1)  # the query is under way
            beside = await _appends_for(log, query_s - 0.2)
            await stopped.wait()
    return {"alone": alone, "beside_a_query": beside}


async def _appends_for(log: EventLog, seconds: float) -> float:
    counter = iter(range(10**9))
    end = time.perf_counter() + seconds

    async def appender(_: Iterator[int]) -> None:
        while time.perf_counter() < end:
            await log.append(_event(next(counter)))
    began = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _ in range(BESIDE_WRITERS):
            nursery.start_soon(appender, counter)
    return next(counter) / (time.perf_counter() - began)


def _event(n: int) -> Event:
    data: dict[str, Any] = {"host": "fixture.test", "source": "url"}
    return Event("capture.succeeded", workspace_id="ws_bench", key_id="key_bench", capture_id=f"cap_{n}",
                 request_id=f"req_{n}", outcome="succeeded", format="png", duration_ms=120, bytes=20_000,
                 target_status=200, data=data)
