"""A pool slot's browser session: its warm spare, its health checks and its memory."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import trio

from actors.egress import Lane
from actors.storage import EventLog
from engine.browser import chromium
from engine.browser.cdp import CdpConnection, CdpError
from engine.browser.page import Page
from engine.operations.settings import Settings
from engine.records.schema import Event

log = logging.getLogger("capture.pool")
HEALTH_CHECK_S = 3.0
HEARTBEAT_S = 2.0  # a remote browser is asked this often whether it is still there
# ... and retired once this many questions in a row went unanswered: a node busy for a few seconds (a session
# launching beside, a loaded host) is not a dead one, and retiring it failed the capture it ran (seen once in CI).
HEARTBEAT_MISSES = 2
# A session's memory is read (a scan of /proc, in a thread) after a lease at most this often: after every one it
# was 1 ms of the service's own CPU per text capture and a thread hop on the loop (benchmarks/README, issue 56).
MEMORY_CHECK_S = 1.0
KEEP_ALIVE_S = 60.0  # a WebDriver command to each Grid session this often (Grids end idle ones after 300 s)
SPARE_WAIT_S = 2.0  # how long a capture waits for the spare being opened for it


@dataclass
class Spare:
    """A context and tab opened before any capture asked, behind a lane that refuses all until assigned."""

    page: Page
    lane: Lane
    released: trio.Event = field(default_factory=trio.Event)  # its capture is done: dispose it


class Session:
    """One Chromium in a pool slot, from launch to retirement: leased to one capture at a time."""

    def __init__(self, slot: int, browser: chromium.Chromium, conn: CdpConnection, user_agent: str) -> None:
        self.slot = slot
        self.browser = browser
        self.conn = conn
        self.user_agent = user_agent
        self.captures = 0
        self.leases = 0  # leases taken: tells a session idle since from one leased in between
        self.retired = trio.Event()
        self.unresponsive = False
        self.retire_reason = ""
        self.used = False  # a page was opened on the lease (`page`); an unused lease costs nothing
        self.reported_bytes = 0  # remote: the JS heap the lease's page reported (Performance.getMetrics)
        self.memory_read_at = -MEMORY_CHECK_S  # trio time of the last /proc read (a new session's first lease reads)
        # unbuffered: a spare is handed over only while its keeper holds it open
        self.spares, self._spares = trio.open_memory_channel[Spare](0)
        self.opening_spare = False

    @property
    def spare_ready(self) -> bool:
        return self._spares.statistics().tasks_waiting_send > 0

    async def take_spare(self) -> Spare | None:
        """The ready spare; the one being opened, once it is (a second context would only compete); or None."""
        try:
            return self._spares.receive_nowait()
        except trio.WouldBlock:
            if not self.opening_spare:
                return None
        with trio.move_on_after(SPARE_WAIT_S):
            return await self._spares.receive()
        return None  # the browser is slow or going: open one inline

    @property
    def died(self) -> bool:
        """The browser crashed or hung (not merely recycled)."""
        return self.unresponsive or self.conn.closed.is_set()

    @property
    def alive(self) -> bool:
        return not (self.retired.is_set() or self.conn.closed.is_set())

    def retire(self, reason: str, *, unresponsive: bool = False) -> None:
        """`reason`: captures, memory, unresponsive (the label of capture_browser_sessions_recycled)."""
        self.unresponsive = self.unresponsive or unresponsive
        if not self.retired.is_set():
            self.retire_reason = reason
        self.retired.set()

    async def keep_alive(self) -> None:
        """A Grid ends sessions idle of WebDriver commands (its session timeout); ours only speak CDP. One that
        does not answer is retired (its node died or the Grid dropped it) and replaced."""
        while self.alive:
            await trio.sleep(KEEP_ALIVE_S)
            try:
                with trio.fail_after(HEALTH_CHECK_S + chromium.GRID_TIMEOUT_S):
                    await trio.to_thread.run_sync(chromium.keep_alive, self.browser, abandon_on_cancel=True)
            except Exception as exc:  # WebDriver and HTTP errors alike
                log.warning("chromium slot %d: the Grid session does not answer (%s); retiring it", self.slot,
                            type(exc).__name__)
                self.retire("unresponsive", unresponsive=True)

    async def heartbeat(self, event_log: EventLog) -> None:
        """A remote browser whose node died leaves its CDP socket through the Grid open and silent: a capture
        there would wait for its whole timeout. Asked every HEARTBEAT_S, one that leaves HEARTBEAT_MISSES
        questions in a row unanswered (HEALTH_CHECK_S each) is retired, which closes the socket, fails its capture
        as a dead renderer (a job goes back to the queue) and launches a replacement."""
        while self.alive:
            await trio.sleep(HEARTBEAT_S)
            await self.check_health(event_log, questions=HEARTBEAT_MISSES)

    async def check_after_lease(self, settings: Settings, event_log: EventLog, *, failed: bool) -> None:
        """Retire a session back from a lease that is spent: its browser no longer answers (checked after a
        failure only), it served `captures_per_session` captures, or it grew past `session_memory_mb`."""
        if failed:  # any failure, cancellation included, may have been the browser's
            await self.check_health(event_log)
        self.captures += self.used
        if self.captures >= settings.captures_per_session:
            self.retire("captures")
        elif await self.over_memory(settings.session_memory_mb):
            log.info("chromium slot %d uses more than %d MB%s; recycling it", self.slot, settings.session_memory_mb,
                     " (its page's JavaScript heap)" if self.browser.remote else "")
            self.retire("memory")

    async def over_memory(self, limit: int) -> bool:
        """Whether this session's browser uses more than `limit` MB (0: no limit)."""
        if limit <= 0 or not self.alive:
            return False
        if self.browser.remote:
            used = self.reported_bytes
        elif trio.current_time() - self.memory_read_at < MEMORY_CHECK_S:
            return False  # read a moment ago: a browser grows over captures, not within a second
        else:  # scanning /proc takes milliseconds: not on the trio loop
            self.memory_read_at = trio.current_time()
            used = await trio.to_thread.run_sync(chromium.resident_bytes, self.browser)
        return used > limit * 1024 * 1024

    async def read_reported_memory(self, page: Page, limit: int) -> None:
        """A remote browser's processes are on its node, out of /proc's reach, and CDP has no figure for the
        browser's own memory (SystemInfo.getProcessInfo reports CPU time only). What it does report is the
        page's JavaScript heap (Performance.getMetrics), read here at the end of each capture, before the
        context goes: a page that grew it past session_memory_mb recycles the session."""
        if not self.browser.remote or limit <= 0:
            return
        with trio.move_on_after(HEALTH_CHECK_S):
            try:
                await page.send("Performance.enable")
                reported = await page.send("Performance.getMetrics")
            except CdpError:  # the page crashed or the browser is going: the lease's checks see to that
                return
            figures = {metric["name"]: metric["value"] for metric in reported["metrics"]}
            self.reported_bytes = int(figures.get("JSHeapTotalSize", 0))

    async def check_health(self, event_log: EventLog, questions: int = 1) -> None:
        """Retire a session whose browser no longer answers: `questions` in a row unanswered within
        HEALTH_CHECK_S each, or its connection closed."""
        if not self.alive:
            return
        for _ in range(questions):
            with trio.move_on_after(HEALTH_CHECK_S):
                try:
                    await self.conn.send("Browser.getVersion")
                    return
                except CdpError:
                    break  # closed: no use asking again
        log.warning("chromium slot %d stopped answering; retiring it", self.slot)
        self.retire("unresponsive", unresponsive=True)
        await event_log.append(Event("browser.retired", data={"slot": self.slot, "reason": "unresponsive"}))
