"""The dashboard's jobs page and the playground, which runs a capture as a job and shows its result."""

from __future__ import annotations

import re
from typing import Any

import trio
from quart import Response, g, request

from api.dashboard.web import acting_in, blueprint, page, see_other
from api.pipeline import base_url, services
from api.rest.route_table import declare, spend
from engine.records.accounts import Workspace
from engine.records.jobs import SUCCEEDED, Job
from engine.rules.entitlements import FORMAT_FEATURES
from engine.rules.errors import CaptureError, JobAlreadyFinished, ResultUrlExpired, status_of
from engine.rules.permissions import allowed
from engine.rules.request import Body

RECENT_JOBS = 50
PLAYGROUND_FORMATS = ("png", "jpeg", "webp", "pdf", "html")
PREVIEW_BYTES = 64 * 1024  # of an HTML result, shown as text
PLAYGROUND_WAIT_S = 90  # a playground capture's longest wait (queue and render); then it shows the job
DIGITS = re.compile(r"[0-9]{1,6}")  # ASCII only: int() refuses "²" and 5,000-digit strings


@blueprint.get("/dashboard/w/<workspace_id>/jobs")
async def jobs(workspace_id: str) -> Response:
    found, role = acting_in(workspace_id, "view")
    listed = await services().jobs.recent(found.id, RECENT_JOBS)
    views = [(job, services().jobs.view(job, base_url())) for job in listed]
    return await page("jobs.html", workspace=found, role=role, jobs=views, tab="Jobs", shown=RECENT_JOBS,
                       can_cancel=allowed(role, "capture"))


@blueprint.post("/dashboard/w/<workspace_id>/jobs/<job_id>/cancel")
async def cancel_job(workspace_id: str, job_id: str) -> Response:
    found, _ = acting_in(workspace_id, "capture")
    try:
        await services().jobs.cancel(found.id, job_id)
    except JobAlreadyFinished:
        pass  # finished while the page was open: the list shows how
    return see_other(f"/dashboard/w/{found.id}/jobs")


@blueprint.get("/dashboard/w/<workspace_id>/playground")
async def playground_form(workspace_id: str) -> Response:
    found, role = acting_in(workspace_id, "capture")
    return await _playground(found, role, form={})


@declare(blueprint, "POST", "/dashboard/w/{workspace_id}/playground", access="session", budget="capture")
async def playground(workspace_id: str) -> Response:
    """A real capture, run as a job of this workspace; the page links to its signed result URL, so
    no capture's bytes are ever held in a page (a 50 MB PDF would be 67 MB of base64 in the HTML)."""
    found, role = acting_in(workspace_id, "capture")
    form = await request.form
    keys, jobs = services().keys, services().jobs
    who = keys.playground_principal(g.user.id, found)
    body = playground_request(form)
    try:
        await spend(who)
        accepted = await jobs.submit(who, Body.of(body), request_id=g.request_id, route="playground",
                                     idempotency_key=None, batch=False, base_url=base_url())
    except CaptureError as error:  # already recorded as a failed attempt
        refused = await _playground(found, role, form=form, status=error.status, problem=error)
        refused.headers.update(error.headers())
        return refused
    with trio.move_on_after(PLAYGROUND_WAIT_S):
        job = await jobs.wait_finished(found.id, accepted.jobs[0].id)
        if job.status == SUCCEEDED:
            return await _playground(found, role, form=form, result=await _shown(job))
        failed = _JobProblem(job.error_code or "render_failed", job.error_message or "the capture failed")
        return await _playground(found, role, form=form, status=failed.status, problem=failed)
    return await _playground(found, role, form=form, status=202, message=(
        f"The capture is still running as job {accepted.jobs[0].id}: see the Jobs tab."))


class _JobProblem:
    """A failed playground job, shown like a refused request."""

    title = "Capture failed"
    stage = "render"
    errors = ()

    def __init__(self, code: str, detail: str) -> None:
        self.code, self.detail = code, detail
        self.status = status_of(code)


async def _shown(job: Job) -> dict[str, Any]:
    """What the playground shows of a finished job: its signed result URL, and an HTML result's start as text."""
    view = services().jobs.view(job, base_url())
    text = None
    if (job.content_type or "").startswith("text/"):
        try:
            body = await services().jobs.result(job)
        except ResultUrlExpired:  # swept meanwhile
            body = b""
        text = body[:PREVIEW_BYTES].decode("utf-8", "replace")
    return {
        "content_type": job.content_type, "bytes": job.bytes or 0, "capture_id": job.id,
        "kind": (job.content_type or "").split("/")[0], "url": view.result_url, "text": text,
        "filename": f"{job.id}.{job.format}", "warnings": job.warnings or [],
    }


def playground_request(form: Any) -> dict[str, Any]:
    """The capture request the playground form describes, in the API's JSON shape; the API validates it."""
    def number(name: str) -> int | str:
        value = form.get(name, "").strip()
        return int(value) if DIGITS.fullmatch(value) else value  # anything else: the API names the field

    body: dict[str, Any] = {"url": form.get("url", "").strip(), "format": form.get("format", "png"),
                            "viewport": {"width": number("width"), "height": number("height")}}
    if form.get("fullPage"):
        body["fullPage"] = True
    if form.get("darkMode"):
        body["darkMode"] = True
    if form.get("delayMs", "").strip():
        body["delayMs"] = number("delayMs")
    return body


async def _playground(found: Workspace, role: str, *, form: Any, status: int = 200, **extra: Any) -> Response:
    return await page("playground.html", status, **await _playground_context(found, role, form), **extra)


async def _playground_context(found: Workspace, role: str, form: Any) -> dict[str, Any]:
    plan = services().memberships.plan_of(found)
    formats = [(name, FORMAT_FEATURES.get(name) is None or plan.allows(FORMAT_FEATURES[name]))
               for name in PLAYGROUND_FORMATS]
    usage = services().ledger.usage(found.id, found.monthly_limit(plan))
    return {"workspace": found, "role": role, "tab": "Playground", "formats": formats, "usage": usage,
            "form": {"url": "", "width": "1280", "height": "800", "format": "png", **form}}
