"""The dashboard's monitors pages: a workspace's monitors (the last capture's thumbnail, the last change) and one
monitor's history (a strip of its kept runs' thumbnails, the diff picture of each change). Members read them;
monitors are made and changed through the API (README, Monitors)."""

from __future__ import annotations

import time
from typing import Any

import trio
from quart import Response

from api.dashboard.web import acting_in, blueprint, page
from api.pipeline import base_url, services
from engine.browser.thumbnails import THUMBNAILERS, thumbnail
from engine.records.monitor_runs import MonitorRun
from engine.records.monitors import Monitor
from engine.rules.errors import MonitorNotFound, ResultUrlExpired
from engine.rules.monitors import FEATURE, TEXT_ONLY

THUMB_WIDTH = 320  # px of a run's thumbnail
STRIP = 30  # runs in a monitor's strip: those whose files are kept


@blueprint.get("/dashboard/w/<workspace_id>/monitors")
async def monitors(workspace_id: str) -> Response:
    found, role = acting_in(workspace_id, "view")
    listed = sorted(services().monitors.every_of(found.id), key=lambda m: m.created_at)
    rows = [(m, _last_with_result(m), _last_change(m)) for m in listed]
    return await page("monitors.html", workspace=found, role=role, tab="Monitors", rows=rows,
                      entitled=services().memberships.plan_of(found).allows(FEATURE))


@blueprint.get("/dashboard/w/<workspace_id>/monitors/<monitor_id>")
async def monitor(workspace_id: str, monitor_id: str) -> Response:
    found, role = acting_in(workspace_id, "view")
    shown = _monitor(found.id, monitor_id)
    runs = shown.runs[::-1]
    kept = [run for run in runs if run.extension][:STRIP]
    changes = [(run, _view(run)) for run in runs if run.changed]
    return await page("monitor.html", workspace=found, role=role, tab="Monitors", monitor=shown, strip=kept,
                      changes=changes, runs=runs[:STRIP], text_only=shown.capture.get("format") in TEXT_ONLY)


@blueprint.get("/dashboard/w/<workspace_id>/monitors/<monitor_id>/runs/<run_id>/<kind>.png")
async def run_picture(workspace_id: str, monitor_id: str, run_id: str, kind: str) -> Response:
    """A run's result or diff picture as a thumbnail (`thumb`, `diff-thumb`) for the pages above."""
    found, _ = acting_in(workspace_id, "view")
    run = _monitor(found.id, monitor_id).run(run_id)
    if run is None or kind not in ("thumb", "diff-thumb") or not run.extension or run.extension in ("html", "md"):
        raise MonitorNotFound(run_id)
    try:
        _, _, body = await services().monitor_runs.result(run, kind == "diff-thumb")
    except ResultUrlExpired:
        raise MonitorNotFound(run_id) from None
    small = await trio.to_thread.run_sync(thumbnail, body, "inside", THUMB_WIDTH, None, "png", 80,
                                          time.monotonic() + 30, limiter=THUMBNAILERS)
    return Response(small, content_type="image/png", headers={"cache-control": "private, max-age=3600"})


def _monitor(workspace_id: str, monitor_id: str) -> Monitor:
    found = services().monitors.find_monitor(workspace_id, monitor_id)
    if found is None:
        raise MonitorNotFound(monitor_id)
    return found


def _last_with_result(monitor: Monitor) -> MonitorRun | None:
    return next((run for run in reversed(monitor.runs) if run.extension), None)


def _last_change(monitor: Monitor) -> MonitorRun | None:
    return next((run for run in reversed(monitor.runs) if run.changed), None)


def _view(run: MonitorRun) -> dict[str, Any]:
    """The run as the API shows it, its URLs signed now."""
    return services().monitors.run_view(run, base_url(), services().settings.result_url_ttl_s).as_json()
