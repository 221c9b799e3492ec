"""Analytics' daily counts (issue 39): brought up to the last commit before each read, they answer every period
and grouping exactly as the events do (the whole days' rows the event log keeps between reads too, issue 56),
merge new events into the days they already count, and are rebuilt from the events when they are missing."""

from __future__ import annotations

import datetime as dt
import random
import threading
from pathlib import Path
from typing import Any

import duckdb
import pytest
import trio
import trio.testing

from actors.storage import STUCK_S, eventlog, running_event_log
from actors.storage.eventlog import DAYS_KEPT_ROWS
from engine.records import daily_counts
from engine.records.analytics import analytics_query
from engine.records.daily_counts import analytics_plan
from engine.records.schema import Event
from engine.rules.period import utcnow

TYPES = ("capture.succeeded", "capture.failed", "webhook.attempted", "job.created")


def _events(now: dt.datetime, count: int) -> list[Event]:
    rng = random.Random(39)
    made = []
    for _ in range(count):
        kind = rng.choice(TYPES)
        failed = kind == "capture.failed"
        made.append(Event(
            kind, workspace_id=rng.choice(("ws_a", "ws_a", "ws_b")),
            outcome="succeeded" if kind == "capture.succeeded" else rng.choice(("render_failed", "cancelled", None)),
            stage=rng.choice(("render", "validation")) if failed else None,
            code=rng.choice(("render_timeout", "destination_forbidden")) if failed else None,
            format=rng.choice(("png", "pdf", None)), data=rng.choice(({"cache": "hit"}, {"cache": "miss"}, {})),
            ts=now - dt.timedelta(seconds=rng.uniform(0, 45 * 86400))))
    return sorted(made, key=lambda event: event.ts)


def _sorted(rows: list[dict[str, Any]]) -> list[tuple[str, ...]]:
    return sorted(tuple(str(value) for value in row.values()) for row in rows)


@pytest.mark.parametrize("kept_rows", [DAYS_KEPT_ROWS, 800])  # as shipped, and dropping the least recent often
async def test_the_counts_answer_every_period_as_the_events_do(tmp_path: Path, monkeypatch: Any,
                                                               kept_rows: int) -> None:
    monkeypatch.setattr(eventlog, "DAYS_KEPT_ROWS", kept_rows)
    now = utcnow()
    midnight = dt.datetime.combine(now.date(), dt.time())
    periods = [(now - dt.timedelta(days=30), now),  # the default: hours at both ends
               (midnight - dt.timedelta(days=10), midnight),  # whole days only
               (now - dt.timedelta(days=44, hours=5), now - dt.timedelta(days=3, hours=7)),
               (midnight - dt.timedelta(hours=20), now)]  # less than a whole day: the events alone
    path = tmp_path / "events.duckdb"
    events = _events(now, 3000)
    async with running_event_log(path) as (log, _):
        planned = 0
        for part in (events[::2], events[1::2]):  # the second half lands on days the counts already hold
            for start in range(0, len(part), 37):  # many commits
                await log.append(*part[start:start + 37])
            for group_by in ("day", "format", "outcome"):
                for since, until in periods:
                    expected = await log.query(analytics_query(group_by), ["ws_a", since, until])
                    assert expected
                    assert _sorted(await log.analytics(group_by, "ws_a", since, until)) == _sorted(expected), (
                        group_by, since, until)
                    planned += analytics_plan(group_by, "ws_a", since, until) is not None
        assert planned == 2 * 9  # all but the period under a day
        # Today's events are read from the events: a commit of only those leaves the counts alone.
        [(upto,)] = [tuple(row.values()) for row in await log.query("SELECT upto FROM summarised")]
        await log.append(Event("capture.failed", workspace_id="ws_a", outcome="cancelled", ts=utcnow()))
        today = await log.analytics("day", "ws_a", *periods[0])
        assert today[-1:]
        assert _sorted(today) == _sorted(await log.query(analytics_query("day"), ["ws_a", *periods[0]]))
        assert await log.query("SELECT upto FROM summarised") == [{"upto": upto}]
        assert analytics_plan("warning", "ws_a", *periods[1]) is None  # warnings: from the events
        assert log._days_rows <= kept_rows
    with duckdb.connect(str(path)) as conn:
        assert daily_counts.catch_up(conn) == 1  # today's event
        kept = conn.execute("SELECT * FROM daily_counts ORDER BY ALL").fetchall()
        assert sum(row[-1] for row in kept) == sum(e.type != "job.created" for e in events) + 1
        conn.execute("DELETE FROM daily_counts; DELETE FROM summarised")  # a file from before the counts
        assert daily_counts.catch_up(conn) == len(events) + 1
        assert conn.execute("SELECT * FROM daily_counts ORDER BY ALL").fetchall() == kept
        assert daily_counts.catch_up(conn) == 0


def test_a_failed_catch_up_counts_nothing_and_the_next_counts_all(tmp_path: Path, monkeypatch: Any) -> None:
    from engine.records.schema import DDL

    now = utcnow()
    with duckdb.connect(str(tmp_path / "counts.duckdb")) as conn:
        conn.execute(DDL)
        conn.executemany("INSERT INTO events (seq, ts, type, workspace_id, outcome) VALUES (?, ?, ?, 'ws_a', ?)",
                         [(n, now, "capture.succeeded", "succeeded") for n in range(1, 11)])
        monkeypatch.setattr(daily_counts, "MARK", "INSERT INTO no_such_table VALUES (?)")
        try:
            daily_counts.catch_up(conn)
        except duckdb.CatalogException:
            pass
        else:
            raise AssertionError("the catch-up should have failed")
        assert conn.execute("SELECT count(*) FROM daily_counts").fetchall() == [(0,)]
        monkeypatch.undo()
        assert daily_counts.catch_up(conn) == 10
        assert conn.execute("SELECT n FROM daily_counts").fetchall() == [(10,)]


@pytest.mark.parametrize("first_fails", [False, True])
async def test_a_read_beside_another_reads_catch_up_waits_for_it(tmp_path: Path, monkeypatch: Any,
                                                                 first_fails: bool) -> None:
    """A late event (stamped on a day the counts hold) is counted by the next read's catch-up; a read made while
    that catch-up runs waits for it rather than answering from the counts without the event, and should that
    catch-up fail, catches up itself."""
    now = utcnow()
    period = (now - dt.timedelta(days=30), now)
    day = (now - dt.timedelta(days=10)).strftime("%Y-%m-%d")

    def captures_on_the_day(rows: list[dict[str, Any]]) -> int:
        return sum(row["n"] for row in rows if row["grp"] == day and row["type"] == "capture.succeeded")

    def late() -> Event:
        return Event("capture.succeeded", workspace_id="ws_a", outcome="succeeded", ts=now - dt.timedelta(days=10))

    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        await log.append(late())
        assert captures_on_the_day(await log.analytics("day", "ws_a", *period)) == 1
        await log.append(late())
        counted, token = daily_counts.catch_up, trio.lowlevel.current_trio_token()
        started, released = trio.Event(), threading.Event()

        def gated(conn: duckdb.DuckDBPyConnection) -> int:  # on the database's thread, held until released
            trio.from_thread.run_sync(started.set, trio_token=token)
            if not released.wait(STUCK_S):
                raise TimeoutError("the test never released the catch-up")
            monkeypatch.setattr(daily_counts, "catch_up", counted)  # the next one runs as shipped
            if first_fails:
                raise duckdb.IOException("the disk went away")
            return counted(conn)
        monkeypatch.setattr(daily_counts, "catch_up", gated)
        answers: dict[str, int] = {}

        async def read(name: str) -> None:
            try:
                answers[name] = captures_on_the_day(await log.analytics("day", "ws_a", *period))
            except duckdb.IOException:
                answers[name] = -1
        async with trio.open_nursery() as nursery:
            nursery.start_soon(read, "first")  # its catch-up starts, and is held
            await started.wait()
            nursery.start_soon(read, "second")
            await trio.testing.wait_all_tasks_blocked()  # the second waits for the catch-up, or for its read
            await log.query("SELECT 1")  # reads are served in order on one thread: one the second made is done
            released.set()
    assert answers == {"first": -1 if first_fails else 2, "second": 2}
