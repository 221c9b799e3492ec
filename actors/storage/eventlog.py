"""The append-only event log: group-committed inserts into DuckDB, acknowledged once on disk.

The batch window is the commit itself: whatever arrives while one batch is
being written goes into the next, so an idle log commits a lone event at
once and a busy one writes hundreds per transaction.

`append(event)` returns only after the batch holding the event is
committed, so "accepted" means "on disk". Events are never updated or
deleted; every other view (quota, analytics, job state) is derived from them.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import orjson
import pyarrow as pa
import trio

from actors.storage.database import STUCK_S, Database
from engine.operations import metrics
from engine.operations.logs import log_committed
from engine.records import daily_counts
from engine.records.analytics import analytics_query
from engine.records.daily_counts import analytics_plan
from engine.records.schema import EVENT_COLUMNS, EVENT_SCHEMA, Event

T = TypeVar("T")

log = logging.getLogger("capture.eventlog")
MAX_BATCH = 4096  # events in one transaction; more appends wait for the next
# A batch this small is inserted as VALUES, a larger one from Arrow: DuckDB's statement costs a lone event 0.8 ms of
# CPU as VALUES, 1.3 from Arrow; from 8 events on Arrow is the cheaper (benchmarks/README, issue 56).
VALUES_UP_TO = 4
# Rows of whole days kept for analytics reads (30 days of the largest workspace of a 10 M-event log: 377 rows,
# some 200 KB of Python objects); the least recently read go first.
DAYS_KEPT_ROWS = 50_000


_PLAIN = EVENT_COLUMNS[1:-1]  # every column but seq (given at commit) and data (JSON text)
assert EVENT_COLUMNS[0] == "seq"
assert EVENT_COLUMNS[-1] == "data"


_ROW = "(" + ", ".join("?" * len(EVENT_COLUMNS)) + ")"
_INSERT = f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) VALUES "


def _data(event: Event) -> str | None:
    return orjson.dumps(event.data).decode() if event.data is not None else None


def event_table(events: list[Event], first_seq: int) -> pa.Table:
    """The events as one Arrow batch, built column by column (half the cost of row dicts)."""
    columns: list[list[Any]] = [list(range(first_seq, first_seq + len(events)))]
    columns += [[getattr(event, name) for event in events] for name in _PLAIN]
    columns.append([_data(e) for e in events])
    arrays = [pa.array(values, type=f.type) for values, f in zip(columns, EVENT_SCHEMA, strict=True)]
    return pa.Table.from_arrays(arrays, schema=EVENT_SCHEMA)


class EventLogClosed(Exception):
    """An append the stopped event log will never commit."""


class _Batch:
    """The events of one transaction, and the one wake-up every appender in it waits for."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.done = trio.Event()
        self.error: BaseException | None = None

    def fail(self, error: BaseException) -> None:
        if not self.done.is_set():
            self.error = error
            self.done.set()


class EventLogStatistics:
    def __init__(self, appended: int, batches: int) -> None:
        self.appended = appended
        self.batches = batches


class EventLog:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._open = _Batch()  # where appends go; the writer takes it whole and opens the next
        self._arrived = trio.lowlevel.ParkingLot()  # the writer, waiting for a first event
        self._taken = trio.lowlevel.ParkingLot()  # appends waiting for room (the open batch is full)
        self._seq = 0
        self._closed = True  # until run() starts
        self._appended = 0
        self._batches = 0
        self._committing_since: float | None = None  # trio time the commit under way started
        self._uncounted_since: dt.datetime | None = None  # the oldest counted event the daily counts lack
        # the catch-up a read is running, and the oldest event it counts: a read meanwhile waits for it
        self._catching_up: tuple[trio.Event, dt.datetime] | None = None
        self._days: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}  # whole days' rows read from the counts
        self._days_rows = 0
        self._counts_generation = 0  # catch-ups that changed the counts since the start
        self._last_failed: str | None = None  # why the last commit failed, until one succeeds

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Commit batches until cancelled; a failed insert fails every caller in that batch.

        When it stops, every append not committed fails with EventLogClosed, so no caller
        (shielded ones included) waits for an answer that will never come.
        """
        self._seq = await self.db.call(_max_seq)
        if counted := await self.db.call(daily_counts.catch_up):  # a file from before the counts
            log.info("analytics' daily counts caught up with %d events", counted)
        self._closed = False
        task_status.started()
        batch = self._open
        try:
            while True:
                while not self._open.events:
                    await self._arrived.park()
                await trio.lowlevel.checkpoint()  # appends made in this same turn of the loop join the batch
                batch, self._open = self._open, _Batch()  # and whatever arrives meanwhile goes in the next
                self._taken.unpark_all()
                await self._commit(batch)
        finally:
            self._closed = True
            closed = EventLogClosed("the event log stopped before this event was committed")
            batch.fail(closed)
            self._open.fail(closed)
            self._taken.unpark_all()

    async def _commit(self, batch: _Batch) -> None:
        first_seq = self._seq + 1
        self._seq += len(batch.events)
        self._committing_since = trio.current_time()
        try:
            # A half-acknowledged batch helps nobody. Past STUCK_S the batch's appends fail with
            # TooSlowError; should the insert land after all, it is as if it had been answered.
            with trio.fail_after(STUCK_S, shield=True):
                await self.db.call(_insert, batch.events, first_seq)  # the batch is closed: no one adds to it
            self._last_failed = None
        except Exception as exc:
            batch.error = exc
            self._last_failed = type(exc).__name__
            metrics.COMMIT_FAILURES.inc()
        finally:
            took = trio.current_time() - self._committing_since
            self._committing_since = None
        if batch.error is None:
            stamps = [e.ts for e in batch.events if e.type in daily_counts.COUNTED_TYPES and e.workspace_id]
            if stamps:
                self._uncounted_since = min([*stamps, self._uncounted_since or stamps[0]])
            try:  # counting and logging must never fail a commit, nor stop the writer
                metrics.COMMIT_SECONDS.observe(took)
                metrics.COMMIT_EVENTS.observe(len(batch.events))
                metrics.observe_committed(batch.events)
                log_committed(batch.events)
            except Exception:
                log.exception("committed events could not be counted or logged")
        self._appended += len(batch.events)
        self._batches += 1
        batch.done.set()

    async def append(self, *events: Event) -> None:
        """Return once `events` are committed, all in one transaction; raise the database's error if not.

        Every append joins the open batch and waits for its one commit: no queue, no
        wake-up of its own. A full batch (MAX_BATCH events) makes appends wait for the next.
        """
        while not self._closed and self._open.events and len(self._open.events) + len(events) > MAX_BATCH:
            await self._taken.park()
        if self._closed:
            raise EventLogClosed("the event log is not running")
        batch = self._open
        batch.events.extend(events)
        self._arrived.unpark()
        await batch.done.wait()
        if batch.error is not None:
            raise batch.error

    async def analytics(self, group_by: str, workspace_id: str, since: dt.datetime,
                        until: dt.datetime) -> list[dict[str, Any]]:
        """analytics_query's rows: from the daily counts where they can answer (engine/records/daily_counts.py),
        brought up to the last commit first if a commit since the last catch-up falls on a day read from them;
        else from the events.

        The whole days' rows are kept (DAYS_KEPT_ROWS, the least recently read dropped first) until a catch-up
        changes the counts: the default 30 days of a workspace read again cost only the events at either end
        (on a 10 M-event log, 2-3 ms of a read's 6-7)."""
        plan = analytics_plan(group_by, workspace_id, since, until)
        if plan is None:
            return await self.query(analytics_query(group_by), [workspace_id, since, until])
        await self._count_up_to(plan.counts_until)
        key = (plan.days_sql, *plan.days_params)
        generation, kept = self._counts_generation, self._days.get(key)
        days, ends = await self.db.read(_days_and_ends, plan, kept is None)
        days = days if kept is None else kept
        if generation == self._counts_generation:  # else a catch-up ran meanwhile: these may not be its rows
            self._keep_days(key, days)
        return daily_counts.merged(days, ends)

    async def _count_up_to(self, counts_until: dt.datetime) -> None:
        """The daily counts brought up to every commit on a day before `counts_until`: caught up here, or by the
        catch-up another read is running, waited for and then looked at again (it may have failed, or a commit
        made meanwhile be uncounted)."""
        while True:
            uncounted = self._uncounted_since
            if uncounted is not None and uncounted < counts_until:
                self._uncounted_since = None  # taken before the catch-up: a commit after it is tracked again
                self._catching_up = running = (trio.Event(), uncounted)
                try:
                    if await self.db.call(daily_counts.catch_up):
                        self._counts_changed()
                except BaseException:
                    self._uncounted_since = min(uncounted, self._uncounted_since or uncounted)
                    raise
                finally:
                    self._catching_up = None
                    running[0].set()
                return
            other = self._catching_up
            if other is None or other[1] >= counts_until:
                return
            await other[0].wait()

    def _keep_days(self, key: tuple[Any, ...], rows: list[tuple[Any, ...]]) -> None:
        self._days_rows += len(rows) - len(self._days.pop(key, ()))
        self._days[key] = rows  # last in the order: the most recently read
        while self._days_rows > DAYS_KEPT_ROWS:
            self._days_rows -= len(self._days.pop(next(iter(self._days))))

    def _counts_changed(self) -> None:
        self._counts_generation += 1
        self._days.clear()
        self._days_rows = 0

    async def query(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        """Rows of a read, beside the commits (Database.read), never behind them."""
        return await self.db.read(_query, sql, params or [])

    async def rows(self, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
        """A read's rows as tuples, for a bulk one (the jobs' rebuild: a dict per row was 0.5 s of its fetch of
        334,609 rows at 10 M events)."""
        return await self.db.read(_rows, sql, params or [])

    async def aside(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(cursor, *args) on a cursor and a thread of their own at an operator's low priority: a long read
        nothing waits for, kept off the reads' thread (the finished jobs a start loads once it serves)."""
        return await self.db.on_own_cursor(fn, *args)

    def trouble(self, stuck_s: float) -> str | None:
        """Why the log is not committing now, or None: stopped, a commit running past `stuck_s`, the last one
        failed."""
        if self._closed:
            return "the event log is not running"
        if self._committing_since is not None and trio.current_time() - self._committing_since > stuck_s:
            return f"a commit has been running for more than {stuck_s:g} s"
        if self._last_failed is not None:
            return f"the last commit failed ({self._last_failed})"
        return None

    def statistics(self) -> EventLogStatistics:
        return EventLogStatistics(self._appended, self._batches)


@asynccontextmanager
async def running_event_log(path: Path) -> AsyncIterator[tuple[EventLog, trio.Nursery]]:
    """A DuckDB file with its event log running, and the nursery it runs in, for more actors.

    For tests and benchmarks; the service starts its actors under the supervisor. Everything
    in the nursery stops, and the file is closed, when the block exits.
    """
    db = Database(path)
    await db.open()
    try:
        async with trio.open_nursery() as nursery:
            event_log = EventLog(db)
            await nursery.start(event_log.run)
            yield event_log, nursery
            nursery.cancel_scope.cancel()
    finally:
        await db.close()


def _max_seq(conn: duckdb.DuckDBPyConnection) -> int:
    rows = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchall()  # all: no open result
    return int(rows[0][0]) if rows else 0


def _insert(conn: duckdb.DuckDBPyConnection, events: list[Event], first_seq: int) -> None:
    if len(events) <= VALUES_UP_TO:
        params: list[Any] = []
        for seq, event in enumerate(events, first_seq):
            params += [seq, *(getattr(event, name) for name in _PLAIN), _data(event)]
        conn.execute(_INSERT + ", ".join([_ROW] * len(events)), params)
        return
    # The Arrow table built here, on the commits' thread, not the event loop's (issue 56). Inserted straight from
    # it: no catalog change (register/unregister) per commit, and unlike a replacement scan of a local variable it
    # works with external access off (engine.operations.sql.SAFE_CONFIG).
    conn.from_arrow(event_table(events, first_seq)).insert_into("events")


def _days_and_ends(conn: duckdb.DuckDBPyConnection, plan: daily_counts.Plan,
                   days: bool) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The rows of an analytics plan's events at either end, and of its whole days if `days`, in one read."""
    counted = conn.execute(plan.days_sql, plan.days_params).fetchall() if days else []
    return counted, conn.execute(plan.ends_sql, plan.ends_params).fetchall()


def _rows(conn: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    return conn.execute(sql, params).fetchall()


def _query(conn: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
