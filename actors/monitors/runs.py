"""Monitors' runs: the scheduler that queues them, the workers that capture and compare, their files.

The scheduler looks every TICK_S for monitors due (not paused, next run reached, workspace still there) and
queues a run of each by committing `monitor.run_queued`, which also moves the monitor's next run to the next
slot of its phase (engine.records.monitor_runs.next_slot): a kill -9 after that commit finds the run queued at
the start and runs it, once; one before it finds the monitor still due, and queues it then. Nothing runs before
its run is on disk. A monitor whose last run still waits gets no second one: that run stands for the slot,
whose time passes (in memory), so a backlog never holds more than one run a monitor.

Workers take runs round-robin across workspaces (each workspace's runs in order, one run of a monitor at a
time) and only while no job waits: a run takes a browser session at the jobs' low priority, after them, so
synchronous captures go first, then jobs, then monitors. A run during which synchronous captures ran is
followed by a pause as long as itself: sessions are not all the host shares, its cores are too, and a
runner going flat out beside captures made their p50 1.49x idle (benchmarks/monitors.py).

A run goes through the capture flow as a job's capture does: the workspace's plan checked again (its features,
its monitors), the destination vetted, one unit of quota reserved (none left: SKIPPED, nothing rendered) and
consumed on success only, a `capture.succeeded` or `capture.failed` event for analytics in the run's own commit.

The comparison (engine.browser.comparison) runs in a worker thread against the newest earlier run whose result
is kept; the files of the last KEPT runs are kept under data/monitors/<monitor id>/: the result, the page's
visible text and, when the run changed, the diff picture.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import math
import shutil
from collections import OrderedDict, deque
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import trio

from actors.accounts import Memberships, Principal, QuotaLedger
from actors.capture import Captures
from actors.monitors.actor import Monitors
from actors.webhooks import Webhooks
from engine.browser import comparison
from engine.browser.outputs import CONTENT_TYPES
from engine.browser.thumbnails import THUMBNAILERS
from engine.records.analytics import capture_event, error_data, verdict_data
from engine.records.keys import new_id
from engine.records.monitor_runs import FAILED_IN_A_ROW, QUEUED, RUNNING, MonitorRun, next_slot
from engine.records.monitors import Monitor
from engine.records.schema import Event
from engine.rules.errors import CaptureError, MonitorNotFound, QuotaExceeded, RenderFailed, ResultUrlExpired
from engine.rules.monitors import TEXT_ONLY, entitled
from engine.rules.period import utcnow
from engine.rules.request import IMAGE_FORMATS, CaptureRequest, parse_capture

log = logging.getLogger("capture.monitors")
TICK_S = 1.0  # how often the scheduler looks for monitors due (at most: sooner on a faster monitor clock)
YIELD_S = 0.25  # how often a worker with a run looks again while jobs wait
EXTENSIONS = {"png": "png", "jpeg": "jpg", "webp": "webp", "html": "html", "markdown": "md"}
FORMAT_OF = {extension: fmt for fmt, extension in EXTENSIONS.items()}


class MonitorRuns:
    def __init__(self, monitors: Monitors, captures: Captures, ledger: QuotaLedger, memberships: Memberships,
                 webhooks: Webhooks, jobs_waiting: Callable[[], int], directory: Path, workers: int,
                 url_ttl_s: int) -> None:
        self.monitors = monitors
        self.webhooks = webhooks  # monitor.changed and monitor.failed, scheduled in the run's own commit
        self.url_ttl_s = url_ttl_s  # the signed URLs of the run in a webhook event
        self.captures = captures
        self.ledger = ledger
        self.memberships = memberships
        self.jobs_waiting = jobs_waiting  # how many jobs are queued: a run waits for none
        self.directory = directory  # data/monitors
        self.workers = workers
        self._waiting: OrderedDict[str, deque[MonitorRun]] = OrderedDict()  # by workspace, in turn
        self._running: set[str] = set()  # monitors with a run in a worker's hands
        self._more = trio.lowlevel.ParkingLot()
        # Held from "has this monitor a run waiting?" to that run's commit: two asks at once queue one run, not two.
        self._queueing = trio.Lock()

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Queue again every run the log has unfinished, drop files no run keeps, then schedule and work."""
        self._waiting.clear()  # a restart of this actor starts from the monitors' runs again
        self._running.clear()
        for monitor in self.monitors.every_monitor():
            for run in monitor.runs:
                if not run.finished:
                    run.status = QUEUED
                    self._queue(run)
        kept = {m.id: m.kept_files() for m in self.monitors.every_monitor()}
        await trio.to_thread.run_sync(_keep_only, self.directory, kept)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._schedule)
            for _ in range(self.workers):
                nursery.start_soon(self._work)
            task_status.started()

    # ------------------------------------------------------------ queueing

    async def run_now(self, principal: Principal, monitor_id: str) -> MonitorRun:
        """POST /api/monitors/{id}/run: a run queued now, or the one still QUEUED (a monitor waits with one at
        most, however often it is asked)."""
        monitor = self.monitors.monitor(principal, monitor_id)
        async with self._queueing:
            waiting = next((run for run in reversed(monitor.runs) if run.status == QUEUED), None)
            return waiting if waiting is not None else await self.queue(monitor, manual=True)

    async def delete(self, principal: Principal, monitor_id: str) -> None:
        """DELETE /api/monitors/{id}: the monitor, then its files."""
        await self.monitors.delete(principal, monitor_id)
        await trio.to_thread.run_sync(partial(shutil.rmtree, self.directory / monitor_id, ignore_errors=True))

    async def queue(self, monitor: Monitor, *, manual: bool) -> MonitorRun:
        """A run of `monitor`, on disk and queued. A scheduled one moves the monitor's next run; a manual one
        (POST /api/monitors/{id}/run) leaves the schedule as it is. MonitorNotFound if the monitor was deleted
        while its run was being written."""
        now = utcnow()
        data: dict[str, Any] = {"monitor": monitor.id, "run": new_id("run")}
        if manual:
            data["manual"] = True
        else:
            data["nextRunAt"] = next_slot(monitor.next_run_at, self.monitors.seconds(monitor.every_s), now).isoformat()
        await self.monitors.commit(Event("monitor.run_queued", workspace_id=monitor.workspace_id, ts=now, data=data))
        run = monitor.run(data["run"])
        if run is None or self.monitors.find_monitor(monitor.workspace_id, monitor.id) is not monitor:
            raise MonitorNotFound(monitor.id)
        self._queue(run)
        return run

    def _queue(self, run: MonitorRun) -> None:
        self._waiting.setdefault(run.workspace_id, deque()).append(run)
        self._more.unpark_all()

    async def _schedule(self) -> None:
        while True:
            now = utcnow()
            for monitor in self.monitors.every_monitor():  # a copy: each queue awaits, a monitor may go meanwhile
                if monitor.paused or monitor.next_run_at > now or not self._workspace_alive(monitor.workspace_id):
                    continue
                if self.monitors.find_monitor(monitor.workspace_id, monitor.id) is not monitor:
                    continue  # deleted while an earlier one was queued
                async with self._queueing:
                    if monitor.waiting():  # its last run has not run yet: that run stands for this slot too
                        monitor.next_run_at = next_slot(monitor.next_run_at, self.monitors.seconds(monitor.every_s),
                                                        now)
                        continue
                    try:
                        await self.queue(monitor, manual=False)
                    except Exception:  # the event log failed: the monitor is still due, tried at the next tick
                        log.exception("monitor %s: its run could not be queued", monitor.id)
                        break
            await trio.sleep(min(TICK_S, 0.25 * 60 / self.monitors.clock_scale))

    def _workspace_alive(self, workspace_id: str) -> bool:
        try:
            self.memberships.workspace(workspace_id)
        except KeyError:
            return False
        return True

    def _take(self) -> MonitorRun | None:
        """The next run: the next workspace's in turn, the oldest of its runs whose monitor is not running."""
        for workspace_id in list(self._waiting):
            runs = self._waiting[workspace_id]
            for run in runs:
                if run.monitor_id not in self._running:
                    runs.remove(run)
                    self._waiting.move_to_end(workspace_id)  # its next run after the others' turns
                    if not runs:
                        del self._waiting[workspace_id]
                    return run
        return None

    # ------------------------------------------------------------ one worker

    async def _work(self) -> None:
        while True:
            run = self._take()
            if run is None:
                await self._more.park()
                continue
            self._running.add(run.monitor_id)
            try:
                while self.jobs_waiting():  # noqa: ASYNC110  jobs first: their queue has no event to wait on
                    await trio.sleep(YIELD_S)
                monitor = self.monitors.find_monitor(run.workspace_id, run.monitor_id)
                if monitor is not None and self._workspace_alive(run.workspace_id):
                    pool, began = self.captures.pool, trio.current_time()
                    urgent = pool.urgent_leases
                    try:
                        await self._run(monitor, run)
                    except Exception as exc:  # a fault with this one run (a full disk, a bug): it ends FAILED,
                        log.exception("monitor run %s failed unexpectedly", run.id)  # or its monitor would wait
                        if not run.finished:
                            await self._failed(monitor, run, None, trio.current_time(),
                                               RenderFailed(f"the run failed unexpectedly: {type(exc).__name__}"))
                    if pool.urgent_leases != urgent or pool.urgent_leased:  # it shared the host with captures:
                        await trio.sleep(trio.current_time() - began)  # as long again: the cores theirs
            except Exception:  # not even that could be recorded: the other workers go on
                log.exception("monitor run %s could not be ended", run.id)
            finally:
                self._running.discard(run.monitor_id)
                self._more.unpark_all()  # a run of this monitor may be waiting

    async def _run(self, monitor: Monitor, run: MonitorRun) -> None:
        workspace = self.memberships.workspace(monitor.workspace_id)
        plan = self.memberships.plan_of(workspace)
        started = trio.current_time()
        request: CaptureRequest | None = None
        try:
            entitled(plan)  # the plan may have changed since the monitor was made
            self.ledger.reserve(workspace.id, run.id, workspace.monthly_limit(plan))
        except QuotaExceeded as exc:
            await self._end(monitor, run, "monitor.run_skipped", {"reason": "quota_exceeded", "error": {
                "code": exc.code, "message": exc.detail}})
            return
        except CaptureError as exc:
            await self._failed(monitor, run, None, started, exc)
            return
        try:
            run.status = RUNNING
            request = parse_capture(with_mask(monitor))
            await self.captures.vet_for(request, plan, workspace.id)
            ignored = tuple(monitor.compare.get("ignoreSelectors", ()))
            made = await self.captures.make(request, run.id, workspace.id, lease=self.captures.pool.lease(
                math.inf, urgent=False), for_url=False, text_without=ignored)
            previous = monitor.previous_success(run)
            said = await trio.to_thread.run_sync(partial(
                compare_and_keep, self.directory / monitor.id, monitor.compare, request.format, run.id,
                made.capture.body, made.text or "", previous.id if previous else None,
                EXTENSIONS[request.format]), limiter=THUMBNAILERS)  # libvips: a core or more each
        except CaptureError as exc:
            self.ledger.release(workspace.id, run.id)
            await self._failed(monitor, run, request, started, exc)
            return
        except BaseException:
            self.ledger.release(workspace.id, run.id)
            raise
        capture = made.capture
        said["quality"] = [w.wire() for w in capture.warnings]
        await self._end(monitor, run, "monitor.run_succeeded", said, capture_event(
            "capture.succeeded", workspace.id, None, run.id, run.id, request, _since(started), outcome="succeeded",
            bytes=len(capture.body), target_status=capture.target_status,
            data={**verdict_data([w.code for w in capture.warnings]), "monitor": monitor.id}))
        self.ledger.commit(workspace.id, run.id)
        await trio.to_thread.run_sync(_keep_only, self.directory, {monitor.id: monitor.kept_files()}, False)

    async def _failed(self, monitor: Monitor, run: MonitorRun, request: CaptureRequest | None, started: float,
                      error: CaptureError) -> None:
        await self._end(monitor, run, "monitor.run_failed", {"error": {"code": error.code, "message": error.detail}},
                        capture_event("capture.failed", run.workspace_id, None, run.id, run.id, request,
                                      _since(started), outcome=error.outcome, stage=error.stage, code=error.code,
                                      data={**error_data(error), "monitor": run.monitor_id}, note=error.detail))

    async def _end(self, monitor: Monitor, run: MonitorRun, kind: str, data: dict[str, Any], *also: Event) -> None:
        """The run's ending event, with what else it brings (its analytics event, its webhook messages), in one
        commit."""
        ended = Event(kind, workspace_id=run.workspace_id, ts=utcnow(),
                      data={"monitor": run.monitor_id, "run": run.id, **data})
        announced = self._announce(monitor, run, ended)
        await self.monitors.commit(ended, *also, *announced)
        self.webhooks.announced(announced)

    def _announce(self, monitor: Monitor, run: MonitorRun, ended: Event) -> list[Event]:
        """monitor.changed for a run that changed; monitor.failed for the FAILED_IN_A_ROW-th failure in a row."""
        assert ended.data is not None
        if ended.type == "monitor.run_succeeded" and ended.data["changed"]:
            kind = "monitor.changed"
        elif ended.type == "monitor.run_failed" and monitor.failed_in_a_row + 1 == FAILED_IN_A_ROW:
            kind = "monitor.failed"
        else:
            return []
        after = copy.copy(run)
        after.end(ended.type, ended.ts, ended.data)
        shown = self.monitors.run_view(after, monitor.base_url, self.url_ttl_s).as_json()
        return self.webhooks.announce_monitor(monitor.workspace_id, monitor.id, monitor.webhook_url, kind, ended.ts,
                                              {"id": monitor.id, "name": monitor.name, "run": shown},
                                              monitor.base_url)

    async def result(self, run: MonitorRun, diff: bool) -> tuple[str, str, bytes]:
        """The format, content type and bytes of a run's result or diff picture (Monitors.signed_result vouched
        for it); ResultUrlExpired when its file is gone meanwhile."""
        fmt = "png" if diff else FORMAT_OF[run.extension or ""]
        name = f"{run.id}-diff.png" if diff else f"{run.id}.{run.extension}"
        path = self.directory / run.monitor_id / name
        body = await trio.to_thread.run_sync(lambda: path.read_bytes() if path.exists() else None)
        if body is None:
            raise ResultUrlExpired(f"the result of {run.id} is no longer kept")
        return fmt, CONTENT_TYPES[fmt], body


def with_mask(monitor: Monitor) -> dict[str, Any]:
    """The monitor's capture request, its ignored selectors painted over (added to the capture's own `mask`) for
    an image format; a text format's ignored elements are taken out of its text instead."""
    capture = dict(monitor.capture)
    ignored = list(monitor.compare.get("ignoreSelectors", ()))
    if ignored and capture.get("format", "png") in IMAGE_FORMATS:
        own: dict[str, Any] = capture["mask"] if isinstance(capture.get("mask"), dict) else {}
        capture["mask"] = {**own, "selectors": [*own.get("selectors", []), *ignored]}
    return capture


def compare_and_keep(directory: Path, compare: dict[str, Any], fmt: str, run_id: str, body: bytes, text: str,
                     previous: str | None, extension: str) -> dict[str, Any]:
    """Keep the run's result and text, compare them with the `previous` run's (if any): what its
    monitor.run_succeeded event says. In a worker thread."""
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    (directory / f"{run_id}.{extension}").write_bytes(body)
    (directory / f"{run_id}.txt").write_text(text)
    said: dict[str, Any] = {"changed": False, "extension": extension}
    if previous is None:
        return said  # the first run: nothing to compare with
    changed = False
    if fmt not in TEXT_ONLY and (before := directory / f"{previous}.{extension}").exists():
        pixels = comparison.compare_pixels(before.read_bytes(), body)
        said |= {"pixelsChanged": pixels.percent, "regions": [dataclasses.asdict(r) for r in pixels.regions]}
        changed = pixels.percent > 0 and pixels.percent >= float(compare.get("threshold", 0.5))
    if (compare.get("text", True) or fmt in TEXT_ONLY) and (before := directory / f"{previous}.txt").exists():
        lines = comparison.compare_text(before.read_text(), text)
        said["text"] = {"added": lines.added, "removed": lines.removed, "sample": list(lines.sample)}
        changed = changed or lines.changed
    if changed and said.get("regions"):
        regions = tuple(comparison.Region(**r) for r in said["regions"])
        (directory / f"{run_id}-diff.png").write_bytes(comparison.diff_picture(body, regions))
        said["diff"] = True
    said["changed"] = changed
    return said


def _keep_only(directory: Path, kept: dict[str, set[str]], whole: bool = True) -> None:
    """Remove the files of `kept`'s monitors that their runs no longer keep; `whole`: and every directory of a
    monitor not in `kept` (a start: those are deleted monitors')."""
    if not directory.is_dir():
        return
    for place in directory.iterdir():
        if place.name not in kept:
            if whole:
                shutil.rmtree(place, ignore_errors=True)
            continue
        for file in place.iterdir():
            if file.name not in kept[place.name]:
                file.unlink(missing_ok=True)


def _since(started: float) -> int:
    return int((trio.current_time() - started) * 1000)

