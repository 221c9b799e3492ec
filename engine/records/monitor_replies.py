"""The monitors' answers (API.md, Monitors): a monitor, its runs. Served from engine.records.replies with the rest."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.records import monitors
from engine.records.capture_replies import Quality, Reply, Timestamp
from engine.rules.period import rfc3339


class MonitorCompare(Reply):
    threshold: float = Field(description="percent of the compared pixels that must differ")
    ignore_selectors: list[str] = Field(description="masked out of the comparison in both captures")
    text: bool = Field(description="the page's visible text compared too")


class RunRegion(Reply):
    x: int
    y: int
    width: int
    height: int


class RunText(Reply):
    added: int = Field(description="lines the new capture's visible text has that the previous one's had not")
    removed: int
    sample: list[str] = Field(description='up to 10 changed lines, "+ " added, "- " removed')


class RunError(Reply):
    code: str
    message: str


class MonitorRun(Reply):
    id: str = Field(description="run_…")
    at: Timestamp = Field(description="when it was queued")
    status: Literal["QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "SKIPPED"]
    changed: bool | None = Field(default=None, description="SUCCEEDED: whether the page changed since the previous "
                                                           "run that succeeded (false for the first)")
    pixels_changed: float | None = Field(default=None, description="percent of the compared pixels that differ")
    regions: list[RunRegion] | None = Field(default=None, description="up to 20 boxes, in capture pixels")
    text: RunText | None = None
    result_url: str | None = Field(default=None, description="signed, expiring; while the result is kept (the "
                                                             "last 30 runs)")
    diff_url: str | None = Field(default=None, description="a PNG of the new capture with the changed regions "
                                                           "outlined; signed, expiring")
    quality: Quality | None = Field(default=None, description="SUCCEEDED only: the capture's quality verdict")
    error: RunError | None = Field(default=None, description="FAILED, or SKIPPED (quota_exceeded)")


class MonitorRuns(Reply):
    runs: list[MonitorRun] = Field(description="newest first")


class MonitorEvent(Reply):
    id: str = Field(description="the monitor's: mon_…")
    name: str | None = None
    run: MonitorRun = Field(description="monitor.changed: the run that changed; monitor.failed: the third failed run "
                                        "in a row (its URLs signed when the event happened)")


class MonitorWebhookEvent(Reply):
    """The body of a monitor's webhook call (Standard Webhooks), signed in its webhook-* headers."""

    type: Literal["monitor.changed", "monitor.failed"]
    timestamp: Timestamp = Field(description="when the event happened; the same in every retry")
    data: MonitorEvent


class Monitor(Reply):
    id: str
    name: str | None = None
    capture: dict[str, Any] = Field(description="the capture request each run takes, as it was given")
    every: str = Field(description='"15m", "6h", "1d"')
    compare: MonitorCompare
    webhook_url: str | None = None
    paused: bool
    created_at: Timestamp
    next_run_at: Timestamp | None = Field(default=None, description="omitted while paused")
    last_run: MonitorRun | None = Field(default=None, description="the newest run that ended, however")


class Monitors(Reply):
    monitors: list[Monitor] = Field(description="oldest first")


def monitor_view(monitor: monitors.Monitor, last_run: MonitorRun | None = None) -> Monitor:
    return Monitor(id=monitor.id, name=monitor.name, capture=monitor.capture, every=monitor.every,
                   compare=MonitorCompare.model_validate(monitor.compare), webhook_url=monitor.webhook_url,
                   paused=monitor.paused, created_at=rfc3339(monitor.created_at),
                   next_run_at=None if monitor.paused else rfc3339(monitor.next_run_at), last_run=last_run)
