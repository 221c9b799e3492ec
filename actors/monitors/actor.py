"""A workspace's monitors, as the API manages them (API.md, Monitors): kept in the event log, rebuilt on start.

Everything here changes by committing an event first and applying it after (`monitor.created`,
`monitor.updated`, `monitor.deleted`), the way a start rebuilds it. Changes take one lock, so a plan's
number of monitors holds under concurrent requests. The capture request (cookies, headers, JavaScript) and
the webhook URL are sealed to the monitor in the log, as a job's payload is.

Its runs' events (`monitor.run_*`) move it too (engine.records.monitors); actors/monitors/runs.py queues and
works them.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

import orjson
import trio

from actors.accounts import Principal
from actors.jobs import JobSecrets
from actors.storage import STUCK_S, EventLog
from actors.webhooks import open_sealed
from engine.network.destinations import EgressPolicy, check_destination, check_webhook_url
from engine.network.turns import Tenant
from engine.records import monitor_replies as replies
from engine.records.jobs import clear_url
from engine.records.keys import new_id
from engine.records.monitor_runs import HISTORY, MonitorRun
from engine.records.monitors import Monitor, first_run
from engine.records.schema import Event
from engine.rules.cookies import check_cookie_domains
from engine.rules.errors import (
    FieldError,
    InvalidRequest,
    JobNotFound,
    MonitorLimitReached,
    MonitorNotFound,
    ResultUrlExpired,
)
from engine.rules.monitors import checked_change, checked_create, entitled
from engine.rules.period import utcnow
from engine.rules.request import Body

log = logging.getLogger("capture.monitors")
# What a start replays: every monitor event, however old (the archive step keeps them live too), and the events of
# each monitor's last HISTORY runs of the last RUN_HISTORY ($1: its start): the runs a monitor shows (its history,
# its kept files, its failures in a row) and any run still to run. DuckDB picks them: 500 monitors every minute
# make 1.4 M run events a day, of which a start hands Python at most two a run it keeps.
RUN_HISTORY = dt.timedelta(days=7)
MAX_RUNS_PAGE = 100  # runs in one page of GET /api/monitors/{id}/runs
REPLAY = f"""
WITH recent AS (
    SELECT run FROM (
        SELECT json_extract_string(data, '$.run') AS run,
               row_number() OVER (PARTITION BY json_extract_string(data, '$.monitor') ORDER BY seq DESC) AS newest
        FROM events WHERE type = 'monitor.run_queued' AND ts >= $1)
    WHERE newest <= {HISTORY})
SELECT ts, type, workspace_id, data FROM events WHERE type LIKE 'monitor.%'
    AND (type NOT LIKE 'monitor.run_%'
         OR (ts >= $1 AND json_extract_string(data, '$.run') IN (SELECT run FROM recent)))
ORDER BY seq"""


class Monitors:
    def __init__(self, event_log: EventLog, secrets: JobSecrets, policy: EgressPolicy,
                 clock_scale: float = 1.0) -> None:
        self.event_log = event_log
        self.clock_scale = clock_scale  # monitor_clock_scale: an interval lasts every_s / clock_scale seconds
        self.secrets = secrets  # seals each monitor's capture and webhook URL to it
        self.policy = policy  # a webhook URL's destination rules
        self._of_workspace: dict[str, dict[str, Monitor]] = {}
        self._runs: dict[str, Monitor] = {}  # run id → its monitor: what a signed result URL names
        self._created = Counter[str]()  # monitors each workspace ever created: the next one's place in its interval
        self._lock = trio.Lock()  # creations and changes, one at a time (the plan's number of monitors)
        self._built = False

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Rebuild from the event log (once: a restart of the actor keeps what is in memory), then wait."""
        if not self._built:
            for row in await self.event_log.query(REPLAY, [utcnow() - RUN_HISTORY]):
                self.apply(row["type"], row["workspace_id"], row["ts"], orjson.loads(row["data"] or "{}"))
            self._built = True
            log.info("monitors: %d", sum(len(kept) for kept in self._of_workspace.values()))
        task_status.started()
        await trio.sleep_forever()

    def apply(self, kind: str, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the projection by one event, live or rebuilding."""
        kept = self._of_workspace.setdefault(workspace_id, {})
        if kind == "monitor.created":
            kept[data["monitor"]] = self._rebuilt(workspace_id, ts, data)
            self._created[workspace_id] += 1
        elif kind == "monitor.deleted":
            if (gone := kept.pop(data["monitor"], None)) is not None:
                for run in gone.runs:
                    self._runs.pop(run.id, None)
        elif (monitor := kept.get(data.get("monitor", ""))) is not None:
            if kind == "monitor.run_queued":
                self._runs[data["run"]] = monitor
                if len(monitor.runs) >= HISTORY:  # the oldest it remembers goes, and with it its id
                    self._runs.pop(monitor.runs[0].id, None)
            if "sealedWebhook" in data:
                data = {**data, "webhookUrl": self._open(data["sealedWebhook"], monitor.id, workspace_id)}
            monitor.apply(kind, ts, data)

    def _rebuilt(self, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> Monitor:
        monitor_id = data["monitor"]
        capture = self._open(data["sealedCapture"], monitor_id, workspace_id)
        webhook = data.get("sealedWebhook")
        return Monitor(monitor_id, workspace_id, data.get("name"),
                       orjson.loads(capture) if capture else {"url": data.get("url")}, data["every"],
                       int(data["everyS"]), data["compare"],
                       self._open(webhook, monitor_id, workspace_id) if webhook else None, ts,
                       dt.datetime.fromisoformat(data["firstRunAt"]), base_url=data.get("baseUrl", ""))

    def _open(self, sealed: str, monitor_id: str, workspace_id: str) -> str | None:
        """A sealed capture or webhook URL, as a webhook endpoint's is opened; None (and a warning) if not."""
        return open_sealed(self.secrets, sealed, monitor_id, workspace_id) or None

    async def commit(self, *events: Event) -> None:
        """On disk in one commit, then the monitors' among them applied. Shielded: past STUCK_S, TooSlowError
        and nothing applied."""
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(*events)
        for event in events:
            if event.type.startswith("monitor."):
                assert event.workspace_id is not None
                assert event.data is not None
                self.apply(event.type, event.workspace_id, event.ts, event.data)

    def forget_workspace(self, workspace_id: str) -> None:
        """A deleted workspace's monitors (Memberships.on_delete): no more runs, no more answers."""
        for monitor in self._of_workspace.pop(workspace_id, {}).values():
            for run in monitor.runs:
                self._runs.pop(run.id, None)

    # ------------------------------------------------------------ for the runs

    def seconds(self, every_s: int) -> float:
        """How long an interval of `every_s` lasts on the monitors' clock (monitor_clock_scale)."""
        return every_s / self.clock_scale

    def every_monitor(self) -> list[Monitor]:
        return [monitor for kept in self._of_workspace.values() for monitor in kept.values()]

    def every_of(self, workspace_id: str) -> list[Monitor]:
        """A workspace's monitors, whatever its plan says now (the dashboard shows them)."""
        return list(self._of_workspace.get(workspace_id, {}).values())

    def find_monitor(self, workspace_id: str, monitor_id: str) -> Monitor | None:
        return self._of_workspace.get(workspace_id, {}).get(monitor_id)

    def find_run(self, run_id: str) -> tuple[Monitor, MonitorRun] | None:
        monitor = self._runs.get(run_id)
        run = monitor.run(run_id) if monitor is not None else None
        return (monitor, run) if monitor is not None and run is not None else None

    # ------------------------------------------------------------ from the API

    def monitor(self, principal: Principal, monitor_id: str) -> Monitor:
        """The workspace's monitor; MonitorNotFound for an unknown one or another workspace's."""
        entitled(principal.plan)
        found = self._of_workspace.get(principal.workspace.id, {}).get(monitor_id)
        if found is None:
            raise MonitorNotFound(monitor_id)
        return found

    def list_monitors(self, principal: Principal) -> list[Monitor]:
        """Oldest first."""
        entitled(principal.plan)
        return sorted(self._of_workspace.get(principal.workspace.id, {}).values(), key=lambda m: m.created_at)

    async def create(self, principal: Principal, body: Body, base_url: str = "") -> Monitor:
        """A new monitor, or the refusal that says why not (the plan's feature, number and interval, the body)."""
        raw = body.json()
        asked, capture, every_s = checked_create(raw, principal.plan)
        workspace_id = principal.workspace.id
        if capture.url is not None:  # vetted now as a capture's is, and again at each run (DNS changes)
            await check_destination(capture.url, self.policy, field="capture.url", tenant=Tenant(workspace_id))
            check_cookie_domains(capture.cookies, urlsplit(capture.url).hostname or "")
        if asked.webhook_url is not None:
            await check_webhook_url(asked.webhook_url, self.policy, tenant=Tenant(workspace_id))
        async with self._lock:
            if len(self._of_workspace.get(workspace_id, {})) >= principal.plan.monitors:
                raise MonitorLimitReached(principal.plan.monitors, principal.plan.name)
            monitor_id, ts = new_id("mon"), utcnow()
            data: dict[str, Any] = {
                "monitor": monitor_id, "name": asked.name, "url": clear_url(capture.url) if capture.url else None,
                "sealedCapture": self.secrets.seal(orjson.dumps(raw["capture"]), monitor_id, workspace_id),
                "every": asked.every, "everyS": every_s, "compare": asked.compare.model_dump(by_alias=True),
                "firstRunAt": first_run(self._created[workspace_id], ts, self.seconds(every_s)).isoformat(),
                "keyId": self.secrets.keyring.current, "baseUrl": base_url or None}
            if asked.webhook_url is not None:
                data["sealedWebhook"] = self.secrets.seal(asked.webhook_url.encode(), monitor_id, workspace_id)
            await self.commit(Event("monitor.created", workspace_id=workspace_id, key_id=principal.key.id, ts=ts,
                                     data={k: v for k, v in data.items() if v is not None}))
        return self.monitor(principal, monitor_id)

    async def change(self, principal: Principal, monitor_id: str, body: Body) -> Monitor:
        """Its name, interval, comparison, webhook URL or pause changed; the rest stays."""
        monitor = self.monitor(principal, monitor_id)
        asked, every_s = checked_change(body.json(), principal.plan)
        if asked.webhook_url is not None:
            await check_webhook_url(asked.webhook_url, self.policy, tenant=Tenant(monitor.workspace_id))
        data: dict[str, Any] = {"monitor": monitor.id, "name": asked.name, "paused": asked.paused,
                                "compare": asked.compare.model_dump(by_alias=True) if asked.compare else None}
        if every_s is not None:
            data |= {"every": asked.every, "everyS": every_s}
        if asked.webhook_url is not None:
            data["sealedWebhook"] = self.secrets.seal(asked.webhook_url.encode(), monitor.id, monitor.workspace_id)
            data["keyId"] = self.secrets.keyring.current
        elif "webhook_url" in asked.model_fields_set:  # `"webhookUrl": null`: its events go to the endpoints only
            data["webhookRemoved"] = True
        async with self._lock:
            self.monitor(principal, monitor_id)  # still there
            await self.commit(Event("monitor.updated", workspace_id=monitor.workspace_id, key_id=principal.key.id,
                                     ts=utcnow(), data={k: v for k, v in data.items() if v is not None}))
        return monitor

    async def delete(self, principal: Principal, monitor_id: str) -> None:
        async with self._lock:
            monitor = self.monitor(principal, monitor_id)
            await self.commit(Event("monitor.deleted", workspace_id=monitor.workspace_id, key_id=principal.key.id,
                                     ts=utcnow(), data={"monitor": monitor.id}))

    # ------------------------------------------------------------ runs, as the API shows them

    def history(self, principal: Principal, monitor_id: str, limit: str, before: str | None) -> list[MonitorRun]:
        """Newest first, `limit` (1–100, as the query gave it) of them, older than the run `before` names
        (InvalidRequest for a limit out of range or a run unknown)."""
        runs = self.monitor(principal, monitor_id).runs
        if not (limit.isdigit() and 1 <= int(limit) <= MAX_RUNS_PAGE):
            raise InvalidRequest(f"limit: {limit!r} is not 1–{MAX_RUNS_PAGE}", errors=(
                FieldError("limit", "out_of_range", f"1–{MAX_RUNS_PAGE}"),))
        end = len(runs)
        if before is not None:
            end = next((i for i, run in enumerate(runs) if run.id == before), -1)
            if end < 0:
                raise InvalidRequest(f"before: {before!r} is not a run of {monitor_id}", errors=(
                    FieldError("before", "unknown", "a run id of this monitor, from an earlier page"),))
        return runs[max(0, end - int(limit)):end][::-1]

    def run_view(self, run: MonitorRun, base_url: str, ttl_s: int) -> replies.MonitorRun:
        """The run with its signed URLs while its files are kept."""
        expires = int(time.time()) + ttl_s
        signer = self.secrets.signer
        result = signer.url(base_url, run.id, run.workspace_id, expires) if run.extension else None
        diff = signer.url(base_url, f"{run.id}-diff", run.workspace_id, expires) if run.diff else None
        return replies.MonitorRun.model_validate(run.wire(result, diff))

    def signed_result(self, result_id: str, expires: str | None, sig: str | None) -> tuple[MonitorRun, bool]:
        """The run a signed URL names (`run_…`: its result, `run_…-diff`: its diff picture), if the URL holds and
        the file is kept; and whether it is the diff."""
        run_id, diff = result_id.removesuffix("-diff"), result_id.endswith("-diff")
        found = self.find_run(run_id)
        if found is None:
            raise JobNotFound(result_id)
        run = found[1]
        self.secrets.signer.check(result_id, run.workspace_id, expires, sig, time.time())
        if not (run.diff if diff else run.extension):
            raise ResultUrlExpired(f"the {'diff picture' if diff else 'result'} of {run_id} is no longer kept")
        return run, diff
