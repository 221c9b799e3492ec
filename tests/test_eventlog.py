"""The event log's group commit against a real DuckDB file: one transaction per batch, every caller answered."""

from __future__ import annotations

import datetime as dt
import os
import threading
from pathlib import Path

import duckdb
import orjson
import pytest
import trio

import actors.storage.eventlog as eventlog
from actors.storage import Database, EventLog, EventLogClosed, running_event_log
from actors.storage.database import READ_NICE
from engine.records.schema import EVENT_COLUMNS, Event


async def _append_all(log: EventLog, count: int, failures: list[BaseException]) -> None:
    async def one(n: int) -> None:
        try:
            await log.append(Event("test.appended", capture_id=f"cap_{n}"))
        except Exception as exc:
            failures.append(exc)
    async with trio.open_nursery() as nursery:
        for n in range(count):
            nursery.start_soon(one, n)


async def test_concurrent_appends_share_transactions_and_all_reach_the_file(tmp_path: Path) -> None:
    failures: list[BaseException] = []
    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        await _append_all(log, 300, failures)
        await log.append(Event("test.pair", capture_id="a"), Event("test.pair", capture_id="b"))
        stats = log.statistics()
        rows = await log.query("SELECT seq, type, capture_id FROM events ORDER BY seq")
    assert failures == []
    assert stats.appended == 302
    assert stats.batches < 20, stats.batches  # 300 appenders in one turn of the loop: a handful of commits
    assert [r["seq"] for r in rows] == list(range(1, 303))
    assert {r["capture_id"] for r in rows if r["type"] == "test.appended"} == {f"cap_{n}" for n in range(300)}
    assert [r["capture_id"] for r in rows[-2:]] == ["a", "b"]  # one append's events: one transaction, in order


async def test_small_and_large_batches_store_the_same_rows(tmp_path: Path) -> None:
    """A batch of up to VALUES_UP_TO events goes in as VALUES, a larger one from Arrow: every column the same,
    None, text outside ASCII, the widest numbers and nested data included."""
    def events(tag: str) -> list[Event]:
        return [Event(f"test.{tag}", workspace_id="ws_ü", key_id=None, capture_id=f"cap_{n}", request_id="req_1",
                      outcome="failed", stage="render", code="render_timeout", format="png",
                      duration_ms=2**31 - 1, bytes=2**62, target_status=None if n else 404,
                      data={"pending": ["http://a.test/é"], "n": n, "nested": {"none": None}} if n != 1 else None,
                      ts=dt.datetime(2026, 11, 30, 12, 0, n, 123456))
                for n in range(eventlog.VALUES_UP_TO + 1)]
    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        await log.append(*events("large")[:-1])  # (alone, one batch: VALUES_UP_TO events)
        await log.append(*events("large"))
        rows = await log.query(f"SELECT {', '.join(EVENT_COLUMNS)} FROM events ORDER BY seq")
    small, large = rows[:eventlog.VALUES_UP_TO], rows[eventlog.VALUES_UP_TO:]
    assert [r["seq"] for r in rows] == list(range(1, 2 * eventlog.VALUES_UP_TO + 2))
    ignored = {"seq"}
    assert [{k: v for k, v in r.items() if k not in ignored} for r in small] == \
        [{k: v for k, v in r.items() if k not in ignored} for r in large[:-1]]
    assert orjson.loads(small[0]["data"])["pending"] == ["http://a.test/é"]
    assert (small[1]["data"], small[1]["target_status"], small[0]["target_status"]) == (None, None, 404)
    assert (small[0]["ts"], small[0]["bytes"]) == (dt.datetime(2026, 11, 30, 12, 0, 0, 123456), 2**62)


async def test_a_full_batch_makes_appends_wait_for_the_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(eventlog, "MAX_BATCH", 8)
    failures: list[BaseException] = []
    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        await _append_all(log, 50, failures)
        big = [Event("test.big", capture_id=f"big_{n}") for n in range(20)]
        await log.append(*big)  # more than a batch holds, alone: still one transaction
        stats = log.statistics()
        count = (await log.query("SELECT count(*) AS n FROM events"))[0]["n"]
    assert failures == []
    assert count == stats.appended == 70
    assert stats.batches >= 50 // 8 + 1, stats.batches


async def test_a_failed_commit_fails_every_caller_in_it_and_the_log_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_insert = eventlog._insert
    calls = 0

    def insert_failing_once(conn: duckdb.DuckDBPyConnection, events: list[Event], first_seq: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise duckdb.IOException("disk full")
        real_insert(conn, events, first_seq)

    monkeypatch.setattr(eventlog, "_insert", insert_failing_once)
    failures: list[BaseException] = []
    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        await _append_all(log, 40, failures)
        await log.append(Event("test.after"))
        rows = await log.query("SELECT type FROM events")
    assert len(failures) == 40 - (len(rows) - 1)
    assert failures, "the first commit failed, so some appends must have seen it"
    assert all(isinstance(f, duckdb.IOException) for f in failures), failures
    assert rows[-1]["type"] == "test.after"


async def test_appends_waiting_when_the_log_stops_are_refused_not_left_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(eventlog, "MAX_BATCH", 4)
    outcomes: list[str] = []

    async def one(log: EventLog, n: int) -> None:
        try:
            with trio.CancelScope(shield=True):  # like the service's callers: only the log may end the wait
                await log.append(Event("test.appended", capture_id=f"cap_{n}"))
            outcomes.append("committed")
        except EventLogClosed:
            outcomes.append("refused")

    with trio.fail_after(30):
        async with running_event_log(tmp_path / "events.duckdb") as (log, nursery):
            async with trio.open_nursery() as appenders:
                for n in range(30):
                    appenders.start_soon(one, log, n)
                await trio.testing.wait_all_tasks_blocked()  # the first batch is in the writer's thread
                nursery.cancel_scope.cancel()
            committed = log.statistics().appended
    assert len(outcomes) == 30
    assert outcomes.count("committed") == committed
    assert outcomes.count("refused") == 30 - committed > 0


async def test_a_call_that_left_its_result_open_does_not_break_the_next_append(tmp_path: Path) -> None:
    """DuckDB refuses a relation (the event log's insert) while a read of one row is still open."""
    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        def one_row_then_refuse(conn: duckdb.DuckDBPyConnection) -> None:
            conn.execute("SELECT * FROM range(10)").fetchone()
            raise ValueError("refused after reading one row")
        with pytest.raises(ValueError, match="one row"):
            await log.db.call(one_row_then_refuse)
        await log.append(Event("test.after_open_result"))
        rows = await log.query("SELECT count(*) AS n FROM events WHERE type = 'test.after_open_result'")
    assert rows == [{"n": 1}]


def _own_scheduling(_: duckdb.DuckDBPyConnection) -> tuple[int, int]:
    thread = threading.get_native_id()
    return os.getpriority(os.PRIO_PROCESS, thread), os.sched_getscheduler(thread)


async def test_the_reads_yield_to_the_commits_and_the_loop_once_serving(tmp_path: Path) -> None:
    """At a start the reads (the rebuilds) run as the rest; once serving, their thread is at READ_NICE and in
    SCHED_BATCH: its CFS share as at that nice, but a read waking never preempts the loop or a commit."""
    db = Database(tmp_path / "events.duckdb")
    await db.open()
    try:
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert await db.read(_own_scheduling) == (own, os.SCHED_OTHER)
        await db.serving()
        nice, policy = await db.read(_own_scheduling)
        assert nice >= READ_NICE, nice
        assert policy == os.SCHED_BATCH, policy
        assert await db.call(_own_scheduling) == (own, os.SCHED_OTHER)  # the commits' thread stays as it was
    finally:
        await db.close()
