"""The browser pool: N Chromium sessions, each capture in its own browser context.

Each slot runs a loop of session lifetimes: launch Chromium (Selenium, in a
thread), connect over CDP, offer the session for leases, and retire it after
`captures_per_session` captures, when a capture leaves it above
`session_memory_mb` (a remote session on a Grid: when the capture's page
reported a JavaScript heap above it), when its browser dies, or when it stops
answering. A retired session is stopped and replaced without a restart of the
service; a capture running on a browser that died fails with `render_failed`.
A session, its spare and its checks are `actors.browser.session`.

Warm spares: once a session has waited SPARE_AFTER_IDLE_S for its next lease,
it opens a fresh browser context with its tab, behind an egress lane of its
own that refuses everything until a capture is named. The next capture on
that session takes it instead of paying for a context inline, or waits for one
already being opened. A spare serves exactly one capture and is disposed after
it, like a context opened on demand, so isolation between captures is the same
either way. Sessions are leased in turn (the one idle longest first), so while
one captures, the next readies its spare: a back-to-back client at c=1 found
none when only a quiet pool opened them (text p50 118 ms -> 92-101 ms with
them, heavy 197 -> 173-186; c=2 and c=4 unchanged; benchmarks/README, issue
56). A session busy with back-to-back leases opens its contexts inline.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import trio

from actors.browser.session import Session as Session  # where the captures found it
from actors.browser.session import Spare
from actors.egress import EgressGuard, Lane
from actors.storage import EventLog
from engine.browser import chromium
from engine.browser.cdp import CdpError, message_limit, open_cdp
from engine.browser.page import Page, open_page
from engine.browser.waiting import wait_any
from engine.operations import metrics
from engine.operations.settings import Settings
from engine.rules.errors import CapacityExhausted

log = logging.getLogger("capture.pool")
STOP_S = 5.0
RETURN_S = 10.0  # the checks on a session coming back from a lease
RELAUNCH_BACKOFF_S = (0.5, 1, 2, 5, 10)
SPARE_RETRY_S = 1.0
SPARE_AFTER_IDLE_S = 0.05  # longer than a client takes to send its next request after an answer


@dataclass(frozen=True)
class PoolStatistics:
    size: int
    idle: int
    launched: int
    retired: int
    waiting: int
    spares_taken: int  # captures that found a warm context ready
    contexts_inline: int  # captures that had to open theirs

    @property
    def pages(self) -> int:
        return self.spares_taken + self.contexts_inline


class BrowserPool:
    def __init__(self, settings: Settings, event_log: EventLog, guard: EgressGuard,
                 head_start: chromium.HeadStart | None = None) -> None:
        """`head_start`: browsers launched before the pool ran, which the slots adopt before launching their own."""
        self.settings = settings
        self.event_log = event_log
        self.guard = guard
        self._head_start = head_start
        self._idle: deque[Session] = deque()
        self._freed = trio.lowlevel.ParkingLot()  # urgent lease waiters, woken in arrival order
        self._freed_for_jobs = trio.lowlevel.ParkingLot()  # job workers, woken when no urgent one waits
        self._limiter = trio.CapacityLimiter(settings.pool_size)  # Selenium calls run in threads
        self._launched = 0
        self._retired = 0
        self._waiting = 0
        self._spares_taken = 0
        self._contexts_inline = 0
        self.urgent_leases = 0  # synchronous captures' leases ever taken, and those out now: what monitors'
        self.urgent_leased = 0  # runs make room for (actors/monitors/runs.py)
        self._offered = trio.lowlevel.ParkingLot()  # spare keepers, woken when a session comes back idle
        self._live: dict[int, Session] = {}  # slots whose browser is up and connected

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Keep `pool_size` sessions alive until cancelled; ready once every slot has a session.

        On a Grid, ready at once: the Grid may be down or busy, and the service must still answer (/readyz
        says unready, captures 503 capacity_exhausted after lease_timeout_s) until its sessions come.
        """
        async with trio.open_nursery() as nursery:
            if self.settings.grid_url:
                for slot in range(self.settings.pool_size):
                    nursery.start_soon(self._slot_task, slot)
                task_status.started()
                return
            async with trio.open_nursery() as launching:  # launch the slots side by side
                for slot in range(self.settings.pool_size):
                    launching.start_soon(nursery.start, self._slot_task, slot)
            task_status.started()

    async def _slot_task(self, slot: int, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        attempt = 0
        while True:
            try:
                await self._session_lifetime(slot, task_status)
                attempt = 0
            except Exception as exc:  # Selenium, chromedriver and socket failures alike: relaunch
                delay = RELAUNCH_BACKOFF_S[min(attempt, len(RELAUNCH_BACKOFF_S) - 1)]
                attempt += 1
                log.warning("chromium slot %d failed (%s: %s); relaunching in %.1f s",
                            slot, type(exc).__name__, str(exc).strip() or "no message", delay)
                await trio.sleep(delay)
            task_status = trio.TASK_STATUS_IGNORED

    async def _session_lifetime(self, slot: int, task_status: trio.TaskStatus[None]) -> None:
        def launch() -> chromium.Chromium:
            started = self._head_start.take() if self._head_start is not None else None
            if started is not None:
                return started.result()
            return chromium.launch(self.settings, chromium.egress_flags(self.guard.proxy_server, self.guard.host))
        browser = await trio.to_thread.run_sync(launch, limiter=self._limiter)
        self._launched += 1
        session: Session | None = None
        try:
            async with open_cdp(browser.cdp_url, message_limit(self.settings.max_result_bytes)) as conn:
                version = await conn.send("Browser.getVersion")
                agent = version["userAgent"].replace("HeadlessChrome", "Chrome")
                session = Session(slot, browser, conn, agent)
                self._live[slot] = session
                async with trio.open_nursery() as spares:
                    spares.start_soon(self._keep_spares, session)
                    if browser.remote:
                        spares.start_soon(session.keep_alive)
                        spares.start_soon(session.heartbeat, self.event_log)
                    self._offer(session)
                    task_status.started()
                    await wait_any(session.retired, conn.closed)
                    # Retired between captures (a lease ends first), so only the unclaimed spare goes.
                    spares.cancel_scope.cancel()
                reason = session.retire_reason if session.retired.is_set() else "died"
                metrics.SESSIONS_RECYCLED.labels(reason).inc()
                if session in self._idle:
                    self._idle.remove(session)
        finally:
            self._live.pop(slot, None)
            # A hung browser would hang a polite quit too: kill it first, then quit the driver.
            force = session is None or session.unresponsive
            with trio.move_on_after(STOP_S, shield=True):
                await trio.to_thread.run_sync(chromium.stop, browser, force, abandon_on_cancel=True)
            self._retired += 1
        log.info("chromium slot %d replaced (%s)", slot, reason)

    async def _keep_spares(self, session: Session) -> None:
        """At most one spare ready per session, opened only while the session waits for a lease."""
        async with trio.open_nursery() as nursery:
            while session.alive:
                await self._until_idle(session)
                try:
                    await nursery.start(self._spare, session)
                except CdpError as exc:  # the browser is going, most likely; captures open their own meanwhile
                    log.debug("chromium slot %d: no spare context (%s)", session.slot, exc.message)
                    with trio.move_on_after(SPARE_RETRY_S):
                        await wait_any(session.retired, session.conn.closed)

    async def _until_idle(self, session: Session) -> None:
        """Return once `session` has waited SPARE_AFTER_IDLE_S for its next lease."""
        while True:
            while session not in self._idle:
                await self._offered.park()
            leases = session.leases
            await trio.sleep(SPARE_AFTER_IDLE_S)
            if session in self._idle and session.leases == leases:
                return

    async def _spare(self, session: Session, *, task_status: trio.TaskStatus[None]) -> None:
        """Open a spare, hand it to one capture, dispose of it once that capture is done."""
        session.opening_spare = True
        try:
            async with (self.guard.lane(None, None) as lane,
                        open_page(session.conn, lane.proxy_server, chromium.PROXY_BYPASS_LIST,
                                  lane.credentials) as page):
                spare = Spare(page, lane)
                await session.spares.send(spare)  # returns once a capture took it
                session.opening_spare = False
                task_status.started()
                await spare.released.wait()
        finally:
            session.opening_spare = False

    @asynccontextmanager
    async def page(self, session: Session, capture_id: str,
                   workspace_id: str | None) -> AsyncIterator[tuple[Page, Lane]]:
        """A fresh context and tab for one capture on a leased session, behind the capture's own lane.

        The session's warm spare if one is ready, else one opened now; disposed after the block either way.
        """
        session.used = True
        spare = await session.take_spare()
        if spare is None:
            self._contexts_inline += 1
            async with (self.guard.lane(capture_id, workspace_id) as lane,
                        open_page(session.conn, lane.proxy_server, chromium.PROXY_BYPASS_LIST,
                                  lane.credentials) as page):
                yield page, lane
                await session.read_reported_memory(page, self.settings.session_memory_mb)
            return
        self._spares_taken += 1
        spare.lane.assign(capture_id, workspace_id)
        try:
            yield spare.page, spare.lane
            await session.read_reported_memory(spare.page, self.settings.session_memory_mb)
        finally:
            spare.released.set()

    @asynccontextmanager
    async def lease(self, wait_s: float, *, urgent: bool = True) -> AsyncIterator[Session]:
        """A live session for one capture; CapacityExhausted if none frees up within `wait_s`.

        Synchronous captures are urgent: a free session goes to them before any queued
        job's worker, so a client waiting on its HTTP request waits at most one slot.
        """
        session = await self._take(wait_s, urgent)
        session.used = False
        finished = False
        session.leases += 1
        self.urgent_leases += urgent
        self.urgent_leased += urgent
        try:
            yield session
            finished = True
        finally:
            self.urgent_leased -= urgent
            # Each step below bounds its own wait; should they all run long together, the
            # session goes back (or, when dead, is replaced) without the remaining checks.
            with trio.move_on_after(RETURN_S, shield=True):
                await session.check_after_lease(self.settings, self.event_log, failed=not finished)
            if session.alive:
                self._offer(session)

    def _offer(self, session: Session) -> None:
        self._idle.append(session)  # idle only once back: the checks after a lease may take a while
        self._offered.unpark_all()
        self._wake()

    def _wake(self) -> None:
        if self._waiting:
            self._freed.unpark()
        elif self._idle:
            self._freed_for_jobs.unpark()

    async def _take(self, wait_s: float, urgent: bool) -> Session:
        if urgent and self._waiting >= self.settings.queue_limit and not self._idle:
            raise CapacityExhausted(f"{self._waiting} captures are already waiting for a renderer",
                                    retry_after=5)
        lot = self._freed if urgent else self._freed_for_jobs
        self._waiting += urgent
        since = trio.current_time()
        try:
            with trio.move_on_after(wait_s):
                while True:
                    while self._idle and (urgent or not self._waiting):
                        session = self._idle.popleft()
                        if session.alive:
                            metrics.QUEUE_WAIT.labels("sync" if urgent else "jobs").observe(trio.current_time() - since)
                            return session
                    await lot.park()
        finally:
            self._waiting -= urgent
            self._wake()  # an urgent waiter that gave up, or a session left idle: pass the turn on
        raise CapacityExhausted(f"no renderer became free within {wait_s:g} s", retry_after=5)

    async def resident_bytes(self) -> int:
        """Resident memory of every live session's Chromium tree (read from /proc in a thread)."""
        browsers = [session.browser for session in self._live.values()]
        return await trio.to_thread.run_sync(lambda: sum(chromium.resident_bytes(b) for b in browsers))

    @property
    def live_sessions(self) -> int:
        """Sessions whose browser is up (busy or idle): what /readyz needs at least one of."""
        return len(self._live)

    def statistics(self) -> PoolStatistics:
        return PoolStatistics(self.settings.pool_size, len(self._idle), self._launched, self._retired,
                              self._waiting, self._spares_taken, self._contexts_inline)
