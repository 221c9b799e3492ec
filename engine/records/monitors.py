"""Monitors: a page captured on a schedule (API.md, Monitors), the projection of its `monitor.*` events.

A monitor changes only by an event committed first (`monitor.created`, `monitor.updated`, `monitor.deleted`),
applied after by `Monitor.apply`, the same way a start rebuilds it (actors/monitors). The event log keeps its
capture request (which may hold cookies, headers and JavaScript) and its webhook URL only sealed to the
monitor, as a job's payload is; in memory it is open.

Its first run is spread over its interval: at creation plus a jitter of up to a tenth of `every`, drawn from
its id, so monitors created together do not all run in the same second.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from typing import Any

JITTER = 0.1  # of `every`: the most a monitor's first run is moved past its creation


def first_run(monitor_id: str, created: dt.datetime, every_s: int) -> dt.datetime:
    """When a new monitor runs first: its creation, plus up to JITTER of its interval, the same for an id."""
    share = int.from_bytes(hashlib.sha256(monitor_id.encode()).digest()[:8], "big") / 2**64
    return created + dt.timedelta(seconds=round(share * JITTER * every_s, 3))


@dataclass(eq=False)
class Monitor:
    id: str
    workspace_id: str
    name: str | None
    capture: dict[str, Any]  # the capture request as the client gave it (sealed in the log)
    every: str  # as given: "15m"
    every_s: int
    compare: dict[str, Any]  # Compare's fields, camelCase
    webhook_url: str | None
    created_at: dt.datetime
    next_run_at: dt.datetime
    paused: bool = False
    runs: list[str] = field(default_factory=list)  # run ids, oldest first (the runs come with the scheduler)

    def apply(self, kind: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the monitor by one of its events (monitor.updated; the actor handles created and deleted).
        `data` holds only what changed; a new interval moves the next run to one interval after the change."""
        if kind != "monitor.updated":
            return
        self.name = data.get("name", self.name)
        self.compare = data.get("compare", self.compare)
        self.webhook_url = data.get("webhookUrl", self.webhook_url)
        self.paused = data.get("paused", self.paused)
        if "everyS" in data:
            self.every, self.every_s = data["every"], int(data["everyS"])
            self.next_run_at = ts + dt.timedelta(seconds=self.every_s)
