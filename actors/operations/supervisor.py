"""The supervisor: runs actors in one nursery and restarts one that crashes.

A crash is any exception but cancellation; it is logged, recorded as an
`actor.crashed` event, and the actor is started again after a back-off that
grows with repeated crashes. A failure before an actor's first `started()`
is not retried: the service cannot start, and says why.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import trio

from actors.storage import EventLog
from engine.records.schema import Event
from engine.rules.redaction import redact

log = logging.getLogger("capture.supervisor")
BACKOFF_S = (0.1, 0.5, 2.0, 5.0, 15.0)
ActorRun = Callable[..., Awaitable[Any]]


class Supervisor:
    def __init__(self, nursery: trio.Nursery) -> None:
        self._nursery = nursery
        self._event_log: EventLog | None = None  # crash events go here once it runs
        self.crashes: dict[str, int] = {}

    def record_crashes_in(self, event_log: EventLog) -> None:
        """From now on each crash is an `actor.crashed` event too (the event log runs once it started)."""
        self._event_log = event_log

    async def start(self, name: str, run: ActorRun) -> None:
        """Start `run` under supervision; return once it reported ready."""
        await self._nursery.start(self._keep_running, name, run)

    def start_soon(self, name: str, run: ActorRun, ready: trio.Event) -> None:
        """Start `run` under supervision without waiting for it; `ready` is set once it reported ready (the pool,
        whose browsers boot while the other actors start)."""
        async def starting() -> None:
            await self.start(name, run)
            ready.set()
        self._nursery.start_soon(starting)

    async def _keep_running(self, name: str, run: ActorRun, *,
                            task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        ready = False
        while True:
            try:
                async with trio.open_nursery() as nursery:
                    await nursery.start(run)
                    if not ready:
                        ready = True
                        task_status.started()
                return
            except* Exception as group:
                if not ready:
                    raise
                await self._crashed(name, group)

    async def _crashed(self, name: str, group: BaseExceptionGroup[Exception]) -> None:
        count = self.crashes[name] = self.crashes.get(name, 0) + 1
        delay = BACKOFF_S[min(count - 1, len(BACKOFF_S) - 1)]
        log.error("actor %s crashed (restart %d in %.1f s)", name, count, delay, exc_info=group)
        if self._event_log is not None and name != "event-log":
            await self._event_log.append(Event("actor.crashed", code=name, data={
                "error": redact(repr(group.exceptions[0])), "restarts": count}))  # it may name a URL
        await trio.sleep(delay)
