"""The append-only event log: group-committed inserts into DuckDB, acknowledged once on disk.

`append(event)` returns only after the batch holding the event is
committed, so "accepted" means "on disk". Events are never updated or
deleted; every other view (quota, analytics, job state) is derived from them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import duckdb
import orjson
import pyarrow as pa
import trio

from actors.database import Database
from engine.schema import EVENT_COLUMNS, EVENT_SCHEMA

BATCH_WINDOW_S = 0.002
MAX_BATCH = 4096
QUEUE_SIZE = 4096


@dataclass
class Event:
    type: str
    workspace_id: str | None = None
    key_id: str | None = None
    capture_id: str | None = None
    request_id: str | None = None
    outcome: str | None = None
    stage: str | None = None
    code: str | None = None
    format: str | None = None
    duration_ms: int | None = None
    bytes: int | None = None
    target_status: int | None = None
    data: dict[str, Any] | None = None
    ts: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC).replace(tzinfo=None))

    def row(self, seq: int) -> dict[str, Any]:
        row = {name: getattr(self, name, None) for name in EVENT_COLUMNS}
        row["seq"] = seq
        row["data"] = orjson.dumps(self.data).decode() if self.data is not None else None
        return row


class EventLogClosed(Exception):
    """An append the stopped event log will never commit."""


@dataclass
class _Pending:
    events: tuple[Event, ...]
    done: trio.Event = field(default_factory=trio.Event)
    error: BaseException | None = None


class EventLogStatistics:
    def __init__(self, appended: int, batches: int) -> None:
        self.appended = appended
        self.batches = batches


class EventLog:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._send, self._receive = trio.open_memory_channel[_Pending](QUEUE_SIZE)
        self._seq = 0
        self._closed = True  # until run() starts
        self._appended = 0
        self._batches = 0

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Commit batches until cancelled; a failed insert fails every caller in that batch.

        When it stops, every append not committed fails with EventLogClosed, so no caller
        (shielded ones included) waits for an answer that will never come.
        """
        self._seq = await self.db.call(_max_seq)
        self._closed = False
        task_status.started()
        batch: list[_Pending] = []
        try:
            while True:
                batch = [await self._receive.receive()]
                with trio.move_on_after(BATCH_WINDOW_S):
                    while len(batch) < MAX_BATCH:
                        batch.append(await self._receive.receive())
                await self._commit(batch)
                batch = []
        finally:
            self._closed = True
            while True:
                try:
                    batch.append(self._receive.receive_nowait())
                except trio.WouldBlock:
                    break
            for pending in batch:
                if not pending.done.is_set():
                    pending.error = EventLogClosed("the event log stopped before this event was committed")
                    pending.done.set()

    async def _commit(self, batch: list[_Pending]) -> None:
        rows = []
        for pending in batch:
            for event in pending.events:
                self._seq += 1
                rows.append(event.row(self._seq))
        try:
            with trio.CancelScope(shield=True):  # a half-acknowledged batch helps nobody
                await self.db.call(_insert, pa.Table.from_pylist(rows, schema=EVENT_SCHEMA))
        except Exception as exc:
            for pending in batch:
                pending.error = exc
        self._appended += len(rows)
        self._batches += 1
        for pending in batch:
            pending.done.set()

    async def append(self, *events: Event) -> None:
        """Return once `events` are committed, all in one transaction; raise the database's error if not."""
        if self._closed:
            raise EventLogClosed("the event log is not running")
        pending = _Pending(events)
        await self._send.send(pending)
        await pending.done.wait()
        if pending.error is not None:
            raise pending.error

    async def query(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        return await self.db.call(_query, sql, params or [])

    def statistics(self) -> EventLogStatistics:
        return EventLogStatistics(self._appended, self._batches)


def _max_seq(conn: duckdb.DuckDBPyConnection) -> int:
    rows = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchall()  # all: no open result
    return int(rows[0][0]) if rows else 0


def _insert(conn: duckdb.DuckDBPyConnection, table: pa.Table) -> None:
    conn.register("event_batch", table)
    try:
        conn.execute("INSERT INTO events SELECT * FROM event_batch")
    finally:
        conn.unregister("event_batch")


def _query(conn: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
