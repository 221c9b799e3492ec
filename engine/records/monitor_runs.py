"""A monitor's runs (API.md, Monitors): each the projection of its `monitor.run_*` events, and the scheduler's
arithmetic of when a monitor runs next.

A run is queued by committing `monitor.run_queued` (which also moves its monitor's next run), and ends by
exactly one of `monitor.run_succeeded`, `monitor.run_failed` or `monitor.run_skipped`. RUNNING is what a
worker says while it holds the run; it is not logged: a run that was QUEUED or RUNNING when the service
stopped is QUEUED again after the start and runs then, once (its slot was taken when it was queued).

The schedule never bursts: when a monitor is due, its run is queued and its next run moved to the first slot
of its phase after now, however many slots the downtime skipped, so a restart after a long stop gives at most
one catch-up run per monitor.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import Any

from engine.rules.period import rfc3339

QUEUED, RUNNING, SUCCEEDED, FAILED, SKIPPED = "QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "SKIPPED"
FINISHED = frozenset({SUCCEEDED, FAILED, SKIPPED})
ENDED_BY = {"monitor.run_succeeded": SUCCEEDED, "monitor.run_failed": FAILED, "monitor.run_skipped": SKIPPED}
HISTORY = 300  # runs each monitor remembers for its history (the files of only the last KEPT)
KEPT = 30  # runs whose result and diff picture are kept
FAILED_IN_A_ROW = 3  # monitor.failed after this many failed runs in a row


def next_slot(due: dt.datetime, every_s: float, now: dt.datetime) -> dt.datetime:
    """The first time after `now` on the grid `due` + k·every (k ≥ 1): a run late by many intervals is
    followed by the next slot of its phase, never by the slots it missed."""
    behind = max(0.0, (now - due).total_seconds())
    return due + dt.timedelta(seconds=every_s * (math.floor(behind / every_s) + 1))


@dataclass(eq=False, slots=True)
class MonitorRun:
    id: str
    monitor_id: str
    workspace_id: str
    at: dt.datetime  # queued
    status: str = QUEUED
    changed: bool | None = None
    pixels_changed: float | None = None
    regions: list[dict[str, int]] = field(default_factory=list)
    text: dict[str, Any] | None = None  # {"added", "removed", "sample"}
    quality: list[dict[str, Any]] = field(default_factory=list)
    error: dict[str, str] | None = None
    extension: str | None = None  # the result file's (png, jpg, webp, html, md) while it is kept
    diff: bool = False  # a diff picture is kept
    finished_at: dt.datetime | None = None

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def end(self, kind: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the run by its ending event."""
        self.status, self.finished_at = ENDED_BY[kind], ts
        if kind == "monitor.run_succeeded":
            self.changed = bool(data["changed"])
            self.pixels_changed = data.get("pixelsChanged")
            self.regions = list(data.get("regions", []))
            self.text = data.get("text")
            self.quality = list(data.get("quality", []))
            self.extension = data.get("extension")
            self.diff = bool(data.get("diff"))
        else:
            self.error = data.get("error")

    def wire(self, result_url: str | None = None, diff_url: str | None = None) -> dict[str, Any]:
        """As GET /api/monitors/{id}/runs shows it (absent fields omitted)."""
        shown: dict[str, Any] = {"id": self.id, "at": rfc3339(self.at), "status": self.status,
                                 "changed": self.changed, "pixelsChanged": self.pixels_changed,
                                 "regions": self.regions if self.status == SUCCEEDED and self.pixels_changed is not None
                                 else None, "text": self.text, "resultUrl": result_url, "diffUrl": diff_url,
                                 "quality": {"warnings": self.quality} if self.status == SUCCEEDED else None,
                                 "error": self.error}
        return {k: v for k, v in shown.items() if v is not None}
