"""Monitors: a page captured on a schedule (API.md, Monitors), the projection of its `monitor.*` events.

A monitor changes only by an event committed first (`monitor.created`, `monitor.updated`, `monitor.deleted`),
applied after by `Monitor.apply`, the same way a start rebuilds it (actors/monitors). The event log keeps its
capture request (which may hold cookies, headers and JavaScript) and its webhook URL only sealed to the
monitor, as a job's payload is; in memory it is open.

Monitors created together are spread over their interval: the n-th monitor a workspace creates runs first at
its creation plus the fractional part of n times the golden ratio of its interval, so that of 500 created at once
every minute no second holds more than 2 % (10; random places: 15 in the median draw, 18 in one draw in ten); it
then runs every interval from there. `POST /api/monitors/{id}/run` is there for a first capture at once.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

import orjson

from engine.records.monitor_runs import ENDED_BY, HISTORY, KEPT, MonitorRun
from engine.rules.period import rfc3339

WAITING_LOOKBACK = 10  # runs looked at for one not yet ended: the scheduler queues one a monitor at most
GOLDEN = (5**0.5 - 1) / 2  # each next point falls in the largest gap left (a low-discrepancy sequence)


def first_run(ordinal: int, created: dt.datetime, every_s: float) -> dt.datetime:
    """When the `ordinal`-th monitor a workspace creates (from 0) runs first: its creation, plus that ordinal's
    place in its interval."""
    return created + dt.timedelta(seconds=round((ordinal * GOLDEN) % 1 * every_s, 3))


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
    runs: list[MonitorRun] = field(default_factory=list)  # oldest first, the last HISTORY
    failed_in_a_row: int = 0
    base_url: str = ""  # where it was created: the base of its runs' URLs in its webhook events

    def apply(self, kind: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the monitor by one of its events (monitor.updated and its runs' events; the actor handles created
        and deleted). `data` holds only what changed; a new interval moves the next run to one interval after
        the change."""
        if kind == "monitor.run_queued":
            self.runs.append(MonitorRun(data["run"], self.id, self.workspace_id, ts))
            del self.runs[:-HISTORY]
            if "nextRunAt" in data:
                self.next_run_at = dt.datetime.fromisoformat(data["nextRunAt"])
            return
        if kind in ENDED_BY:
            if (run := self.run(data["run"])) is not None and not run.finished:
                run.end(kind, ts, data)
                if kind != "monitor.run_skipped":
                    self.failed_in_a_row = self.failed_in_a_row + 1 if run.status == "FAILED" else 0
                self._keep_last_results()
            return
        if kind != "monitor.updated":
            return
        self.name = data.get("name", self.name)
        self.compare = data.get("compare", self.compare)
        self.webhook_url = None if data.get("webhookRemoved") else data.get("webhookUrl", self.webhook_url)
        self.paused = data.get("paused", self.paused)
        if "everyS" in data:
            self.every, self.every_s = data["every"], int(data["everyS"])
            self.next_run_at = ts + dt.timedelta(seconds=self.every_s)

    def _keep_last_results(self) -> None:
        """Only the last KEPT runs' results and diffs are kept (their files go with them: kept_files). Called at
        each run's end, so at most one kept run falls out: the walk back stops at it."""
        seen = 0
        for run in reversed(self.runs):
            if run.extension:
                seen += 1
                if seen > KEPT:
                    run.extension, run.diff = None, False
                    return

    def kept_files(self) -> set[str]:
        """The names of the files of this monitor's runs that are kept (under data/monitors/<id>/)."""
        names = {f"{run.id}.{run.extension}" for run in self.runs if run.extension}
        names |= {f"{run.id}.txt" for run in self.runs if run.extension}
        return names | {f"{run.id}-diff.png" for run in self.runs if run.diff}

    def waiting(self) -> bool:
        """Whether one of its last runs is still QUEUED or RUNNING."""
        return any(not run.finished for run in self.runs[-WAITING_LOOKBACK:])

    def run(self, run_id: str) -> MonitorRun | None:
        return next((run for run in reversed(self.runs) if run.id == run_id), None)

    @property
    def last_run(self) -> MonitorRun | None:
        """The newest run that ended, however it ended (a SKIPPED one says the quota is used up)."""
        return next((run for run in reversed(self.runs) if run.finished), None)

    def previous_success(self, before: MonitorRun) -> MonitorRun | None:
        """The newest run before `before` that succeeded and whose result is still kept: what it is compared to."""
        older = self.runs[:self.runs.index(before)] if before in self.runs else self.runs
        return next((run for run in reversed(older) if run.status == "SUCCEEDED" and run.extension), None)


WORKSPACE_ID = re.compile(r"ws_[0-9A-Za-z]{1,64}")


def listing_query(workspace_id: str) -> str:
    """The read-only query of a workspace's monitor events that `listed` folds (an operator's `monitor list`)."""
    if not WORKSPACE_ID.fullmatch(workspace_id):
        raise ValueError(f"{workspace_id!r} is not a workspace id (ws_…)")
    return (f"SELECT ts, type, data FROM events WHERE type LIKE 'monitor.%' AND workspace_id = '{workspace_id}' "
            "ORDER BY seq")


def listed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A workspace's monitors from `listing_query`'s rows, oldest first, as an operator sees them: no sealed
    part (the capture request and the webhook URL stay sealed), the page's URL as the log keeps it in clear."""
    kept: dict[str, Monitor] = {}
    urls: dict[str, str | None] = {}
    for row in rows:
        data = orjson.loads(row["data"]) if isinstance(row["data"], str) else row["data"] or {}
        ts = row["ts"] if isinstance(row["ts"], dt.datetime) else dt.datetime.fromisoformat(str(row["ts"]))
        if row["type"] == "monitor.created":
            kept[data["monitor"]] = Monitor(data["monitor"], "", data.get("name"), {}, data["every"],
                                            int(data["everyS"]), data["compare"], None, ts,
                                            dt.datetime.fromisoformat(data["firstRunAt"]))
            urls[data["monitor"]] = data.get("url")
        elif row["type"] == "monitor.deleted":
            kept.pop(data["monitor"], None)
        elif (monitor := kept.get(data.get("monitor", ""))) is not None:
            monitor.apply(row["type"], ts, data)
    return [{"id": m.id, "name": m.name, "url": urls[m.id], "every": m.every, "paused": m.paused,
             "createdAt": rfc3339(m.created_at), "nextRunAt": None if m.paused else rfc3339(m.next_run_at)}
            for m in kept.values()]
