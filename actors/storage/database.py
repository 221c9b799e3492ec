"""The single owner of the DuckDB write connection, running in one dedicated thread.

Modelled on datasette's `_execute_writes`: callers hand a function over a
queue, the thread runs it with the connection, and the result comes back to
the trio loop. Nothing else touches the connection. The service's own reads
(rebuilds, analytics, charts) run the same way on a cursor and a thread of their
own at a lower priority, and an operator's query on another: a slow read never
holds up the event log's commits.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import outcome
import trio

from engine.operations.sql import SAFE_CONFIG, read_only_rows
from engine.records.schema import DDL

T = TypeVar("T")
# While the actors rebuild from the log at a start, nothing else runs: its scans take every core (on a year's
# log, 10 M events, they took about 4 s on one of two).
STARTING_THREADS = os.cpu_count() or 1
READ_NICE = 5  # the service's own reads yield to commits and HTTP, less than an operator's query
OPERATOR_NICE = 10  # an operator's query yields the CPU to captures, HTTP and commits
# The longest a shielded wait on the database may last (the event log's commits included). Commits take
# milliseconds; one this late means DuckDB is stuck, and a shutdown must not wait for it forever. Each
# shield that uses it says what happens when it runs out.
STUCK_S = 30.0
_STOP = object()


class Database:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._operator = trio.Lock()  # one operator query at a time: each may take a core
        self._reads: queue.SimpleQueue[Any] | None = None  # the service's own reads (see `read`)
        self._reader: threading.Thread | None = None
        self._reader_tid: int | None = None
        self._yielding = False  # the reads at READ_NICE: once serving (see `serving`)
        self._starting_reads = trio.Lock()
        self._operators: set[threading.Thread] = set()  # threads of `on_own_cursor`, joined before the close

    async def open(self) -> None:
        """Open the file (creating the schema) on the database thread."""
        ready = trio.Event()
        failure: list[BaseException] = []
        token = trio.lowlevel.current_trio_token()

        def main() -> None:
            try:
                conn = duckdb.connect(str(self.path), config=SAFE_CONFIG)
                conn.execute(DDL)
            except BaseException as exc:  # reported to the opener, who raises it
                failure.append(exc)
                trio.from_thread.run_sync(ready.set, trio_token=token)
                return
            trio.from_thread.run_sync(ready.set, trio_token=token)
            self._serve(conn, self._queue)

        self._thread = threading.Thread(target=main, name="duckdb", daemon=True)
        self._thread.start()
        await ready.wait()
        if failure:
            raise failure[0]

    def _serve(self, conn: duckdb.DuckDBPyConnection, work: queue.SimpleQueue[Any]) -> None:
        try:
            while (item := work.get()) is not _STOP:
                fn, args, deliver, token = item
                result = outcome.capture(fn, conn, *args)
                # A function that read one row (fetchone) left its result open, and DuckDB then
                # refuses the next relation on this connection (the event log's insert): finish it.
                with suppress(duckdb.Error):
                    conn.complete()
                try:  # hand the answer over without waiting for the loop to take it
                    token.run_sync_soon(deliver, result)
                except trio.RunFinishedError:
                    pass  # the caller's loop is gone; nobody is waiting
        finally:
            conn.close()

    async def rebuilding(self) -> None:
        """The actors are about to rebuild from the log: DuckDB may scan with every core until `serving`."""
        await self.call(lambda conn: conn.execute(f"SET threads = {STARTING_THREADS}"))

    async def serving(self) -> None:
        """The actors have rebuilt: back to SAFE_CONFIG's one thread, beside captures and HTTP, and the reads
        yield to the commits from now on (at a start nothing waits for them but the start itself)."""
        await self.call(lambda conn: conn.execute(f"SET threads = {SAFE_CONFIG['threads']}"))
        self._yielding = True
        if self._reader_tid is not None:
            _lower(self._reader_tid)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run fn(conn, *args) on the database thread and return its result or raise its error."""
        return await _submitted(self._queue, fn, args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(cursor, *args) on the service's reading cursor, in a thread of its own (at READ_NICE once
        serving): the reads (rebuilds, usage charts, analytics) and the commits each have a thread, so
        neither waits behind the other, and a long read yields the CPU to the commits. An analytics query
        on the database thread held the event log's commits: 0.28x the appends/s beside it on a 10 M-event
        log. Each read is its own transaction and sees every commit made before it."""
        async with self._starting_reads:
            if self._reads is None:
                cursor, self._reads = await self.call(_new_cursor), queue.SimpleQueue()
                self._reader = threading.Thread(target=self._serve_reads, args=(cursor, self._reads),
                                                name="duckdb-reader", daemon=True)
                self._reader.start()
            reads = self._reads  # taken under the lock: `close` may drop it once we let go
        return await _submitted(reads, fn, args)

    def _serve_reads(self, cursor: duckdb.DuckDBPyConnection, reads: queue.SimpleQueue[Any]) -> None:
        self._reader_tid = threading.get_native_id()
        if self._yielding:
            _lower(self._reader_tid)
        self._serve(cursor, reads)

    async def read_only(self, sql: str, deadline_s: float) -> list[dict[str, Any]]:
        """The rows of an operator's query (engine.operations.sql.read_only_rows), stopped after `deadline_s`.
        Raises SqlRefused for a refused statement and for one stopped at its deadline."""
        return await self.on_own_cursor(read_only_rows, sql, deadline_s)

    async def on_own_cursor(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(cursor, *args) for an operator (a query, an export), on a cursor and a thread of its own.

        At OPERATOR_NICE: with DuckDB on one thread (SAFE_CONFIG) the work is that thread's
        alone, so a long one takes the cores the event loop and the commits leave idle
        instead of half of each. Cancelled, it interrupts the cursor.
        """
        async with self._operator:
            cursor = await self.call(_new_cursor)
            done = trio.Event()
            box: list[outcome.Outcome[T]] = []
            token = trio.lowlevel.current_trio_token()

            def deliver(result: outcome.Outcome[T]) -> None:
                box.append(result)
                done.set()

            def work() -> None:
                with suppress(OSError):  # a thread of our own: nothing else ever runs at this priority
                    os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), OPERATOR_NICE)
                with cursor:
                    result = outcome.capture(fn, cursor, *args)
                self._operators.discard(threading.current_thread())
                with suppress(trio.RunFinishedError):
                    token.run_sync_soon(deliver, result)

            thread = threading.Thread(target=work, name="duckdb-operator", daemon=True)
            self._operators.add(thread)
            thread.start()
            try:
                await done.wait()
            except trio.Cancelled:
                with suppress(duckdb.Error):  # already finished and closed: nothing to stop
                    cursor.interrupt()  # the thread then stops and closes the cursor
                raise
            return box[0].unwrap()

    async def close(self) -> None:
        """Finish queued work, close the connection and join the thread."""
        if self._thread is None:
            return
        for thread in list(self._operators):  # interrupted when their caller was cancelled: ending, or ended
            await trio.to_thread.run_sync(thread.join, STUCK_S)
        self._operators.clear()
        if self._reads is not None and self._reader is not None:
            self._reads.put(_STOP)  # its thread closes the cursor, before the connection closes
            await trio.to_thread.run_sync(self._reader.join)
            self._reads = self._reader = None
        self._queue.put(_STOP)
        await trio.to_thread.run_sync(self._thread.join)
        self._thread = None


def _lower(thread_id: int) -> None:
    """A reading thread of ours to READ_NICE, and into SCHED_BATCH (neither needs a privilege): its share of the
    CPU stays that of its nice value, but a read that wakes does not preempt the loop or a commit where they run
    (appends beside a loop of analytics 0.83x -> 0.85x of alone, at the edge of the noise; benchmarks/README).
    Not the idle class: a reader starved there holds the GIL it took, and the loop with it."""
    with suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, thread_id, READ_NICE)
    with suppress(OSError):
        os.sched_setscheduler(thread_id, os.SCHED_BATCH, os.sched_param(0))


async def _submitted(work: queue.SimpleQueue[Any], fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    """fn's result from the thread serving `work` (Database._serve), or its error."""
    done = trio.Event()
    box: list[outcome.Outcome[T]] = []

    def deliver(result: outcome.Outcome[T]) -> None:
        box.append(result)
        done.set()

    work.put((fn, args, deliver, trio.lowlevel.current_trio_token()))
    await done.wait()
    return box[0].unwrap()


def _new_cursor(conn: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    return conn.cursor()

