"""What systemd hears from the service (Type=notify): READY=1, STATUS= lines, WATCHDOG=1, STOPPING=1.

The watchdog pings come from a task on the event loop, at half the interval systemd asked for
(WatchdogSec=): a loop that stalls (a blocking call, a busy loop) stops the pings as surely as a
dead process does, and systemd restarts the service. Outside systemd nothing is sent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import trio

from engine.operations.sd_notify import Notifier

log = logging.getLogger("capture.systemd")
STATUS_S = 5.0  # how often the STATUS= line is refreshed


class ServiceManagerLink:
    def __init__(self, notifier: Notifier, status: Callable[[], str]) -> None:
        """`status`: the one-line summary systemctl status shows (sessions, queues); called on the loop."""
        self.notifier = notifier
        self.status = status
        self.pings = 0

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Ping the watchdog (if systemd set one) and refresh STATUS= until cancelled."""
        task_status.started()
        if not self.notifier.enabled:
            return
        interval = self.notifier.watchdog_s
        async with trio.open_nursery() as nursery:
            if interval is not None:
                log.info("systemd watchdog every %.1f s: pinging every %.1f s", interval, interval / 2)
                nursery.start_soon(self._ping_forever, interval / 2)
            nursery.start_soon(self._status_forever)

    async def _ping_forever(self, every_s: float) -> None:
        while True:
            self.pings += self.notifier.notify(WATCHDOG="1")
            await trio.sleep(every_s)

    async def _status_forever(self) -> None:
        while True:
            await trio.sleep(STATUS_S)
            self.notifier.notify(STATUS=self.status())

    def ready(self) -> None:
        """The service serves: its pool has sessions, its event log commits, HTTP listens."""
        self.notifier.notify(READY="1", STATUS=self.status())

    def stopping(self) -> None:
        self.notifier.notify(STOPPING="1", STATUS="draining: no new work; running jobs go back to the queue")
