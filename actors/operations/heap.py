"""Keeps the service's C heap from holding on to what captures freed (engine.operations.heap).

Every EVERY_S, if captures ran since the last time, the free pages go back to
the system in a thread. A quiet service is left alone: nothing new was freed.
"""

from __future__ import annotations

from collections.abc import Callable

import trio

from engine.operations.heap import release_free_pages

EVERY_S = 10.0  # at a few captures a second, some tens of captures between two releases


class HeapKeeper:
    def __init__(self, activity: Callable[[], int], every_s: float = EVERY_S,
                 release: Callable[[], bool] = release_free_pages) -> None:
        """`activity`: a count that moves whenever captures run (the pool's pages opened)."""
        self.activity = activity
        self.every_s = every_s
        self.release = release
        self.releases = 0

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        seen = self.activity()
        task_status.started()
        while True:
            await trio.sleep(self.every_s)
            now = self.activity()
            if now != seen and await trio.to_thread.run_sync(self.release):
                self.releases += 1
            seen = now
