"""The browser pool: N Chromium sessions, each capture in its own browser context.

Each slot runs a loop of session lifetimes: launch Chromium (Selenium, in a
thread), connect over CDP, offer the session for leases, and retire it after
`captures_per_session` captures, when a capture leaves it above
`session_memory_mb`, when its browser dies, or when it stops answering. A
retired session is stopped and replaced without a restart of the service; a
capture running on a browser that died fails with `render_failed`.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import trio

from actors import chromium
from actors.egress import EgressGuard
from actors.eventlog import Event, EventLog
from engine.cdp import CdpConnection, CdpError, open_cdp
from engine.errors import CapacityExhausted
from engine.settings import Settings
from engine.waiting import wait_any

log = logging.getLogger("capture.pool")
HEALTH_CHECK_S = 3.0
STOP_S = 5.0
RELAUNCH_BACKOFF_S = (0.5, 1, 2, 5, 10)


class Session:
    def __init__(self, slot: int, browser: chromium.Chromium, conn: CdpConnection, user_agent: str) -> None:
        self.slot = slot
        self.browser = browser
        self.conn = conn
        self.user_agent = user_agent
        self.captures = 0
        self.retired = trio.Event()
        self.unresponsive = False
        self.used = False  # set by whoever opens a page on the lease; an unused lease costs nothing

    @property
    def died(self) -> bool:
        """The browser crashed or hung (not merely recycled)."""
        return self.unresponsive or self.conn.closed.is_set()

    @property
    def alive(self) -> bool:
        return not (self.retired.is_set() or self.conn.closed.is_set())

    def retire(self, *, unresponsive: bool = False) -> None:
        self.unresponsive = self.unresponsive or unresponsive
        self.retired.set()


@dataclass(frozen=True)
class PoolStatistics:
    size: int
    idle: int
    launched: int
    retired: int
    waiting: int


class BrowserPool:
    def __init__(self, settings: Settings, event_log: EventLog, guard: EgressGuard) -> None:
        self.settings = settings
        self.event_log = event_log
        self.guard = guard
        self._idle: deque[Session] = deque()
        self._freed = trio.lowlevel.ParkingLot()  # urgent lease waiters, woken in arrival order
        self._freed_for_jobs = trio.lowlevel.ParkingLot()  # job workers, woken when no urgent one waits
        self._limiter = trio.CapacityLimiter(settings.pool_size)  # Selenium calls run in threads
        self._launched = 0
        self._retired = 0
        self._waiting = 0

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Keep `pool_size` sessions alive until cancelled; ready once every slot has a session."""
        async with trio.open_nursery() as nursery:
            async with trio.open_nursery() as launching:  # launch the slots side by side
                for slot in range(self.settings.pool_size):
                    launching.start_soon(nursery.start, self._slot_task, slot)
            task_status.started()

    async def _slot_task(self, slot: int, *, task_status: trio.TaskStatus[None]) -> None:
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
        browser = await trio.to_thread.run_sync(
            chromium.launch, self.settings.chromium_path, self.settings.chromedriver_path,
            chromium.egress_flags(self.guard.proxy_server), limiter=self._limiter)
        self._launched += 1
        session: Session | None = None
        try:
            async with open_cdp(browser.cdp_url) as conn:
                version = await conn.send("Browser.getVersion")
                agent = version["userAgent"].replace("HeadlessChrome", "Chrome")
                session = Session(slot, browser, conn, agent)
                self._offer(session)
                task_status.started()
                await wait_any(session.retired, conn.closed)
                reason = "retired" if session.retired.is_set() else "browser closed"
                if session in self._idle:
                    self._idle.remove(session)
        finally:
            # A hung browser would hang a polite quit too: kill it first, then quit the driver.
            force = session is None or session.unresponsive
            with trio.move_on_after(STOP_S, shield=True):
                await trio.to_thread.run_sync(chromium.stop, browser, force, abandon_on_cancel=True)
            self._retired += 1
        log.info("chromium slot %d replaced (%s)", slot, reason)

    @asynccontextmanager
    async def lease(self, wait_s: float, *, urgent: bool = True) -> AsyncIterator[Session]:
        """A live session for one capture; CapacityExhausted if none frees up within `wait_s`.

        Synchronous captures are urgent: a free session goes to them before any queued
        job's worker, so a client waiting on its HTTP request waits at most one slot.
        """
        session = await self._take(wait_s, urgent)
        session.used = False
        finished = False
        try:
            yield session
            finished = True
        finally:
            with trio.CancelScope(shield=True):  # each step below bounds its own wait
                if not finished:  # any failure, cancellation included, may have been the browser's
                    await self._check_health(session)
                session.captures += session.used
                if session.captures >= self.settings.captures_per_session:
                    session.retire()
                elif await self._over_memory(session):
                    log.info("chromium slot %d uses more than %d MB; recycling it",
                             session.slot, self.settings.session_memory_mb)
                    session.retire()
            if session.alive:
                self._offer(session)

    def _offer(self, session: Session) -> None:
        self._idle.append(session)
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
        try:
            with trio.move_on_after(wait_s):
                while True:
                    while self._idle and (urgent or not self._waiting):
                        session = self._idle.popleft()
                        if session.alive:
                            return session
                    await lot.park()
        finally:
            self._waiting -= urgent
            self._wake()  # an urgent waiter that gave up, or a session left idle: pass the turn on
        raise CapacityExhausted(f"no renderer became free within {wait_s:g} s", retry_after=5)

    async def _over_memory(self, session: Session) -> bool:
        limit = self.settings.session_memory_mb
        if limit <= 0 or not session.alive:
            return False
        # Scanning /proc takes milliseconds: not on the trio loop.
        used = await trio.to_thread.run_sync(chromium.resident_bytes, session.browser)
        return used > limit * 1024 * 1024

    async def _check_health(self, session: Session) -> None:
        """Retire a session whose browser no longer answers."""
        if not session.alive:
            return
        with trio.move_on_after(HEALTH_CHECK_S) as scope:
            try:
                await session.conn.send("Browser.getVersion")
            except CdpError:
                scope.cancel()
        if scope.cancelled_caught:
            log.warning("chromium slot %d stopped answering; retiring it", session.slot)
            session.retire(unresponsive=True)
            await self.event_log.append(Event("browser.retired", data={"slot": session.slot,
                                                                       "reason": "unresponsive"}))

    def statistics(self) -> PoolStatistics:
        return PoolStatistics(self.settings.pool_size, len(self._idle),
                              self._launched, self._retired, self._waiting)
