"""The dashboard: sign-up, login, workspaces and the API-token section, as server-rendered pages.

Sessions live in an HttpOnly, SameSite=Lax cookie (Secure behind TLS). Every
POST carries a CSRF token: the session's own once logged in, before that a
double-submit token from a cookie of its own. A workspace the user does not
belong to answers 404, as if it did not exist; an action the user's role does
not allow answers 403 `forbidden`. No page loads anything from another origin.
"""

from __future__ import annotations

import datetime as dt
import hmac
import re
import secrets
from pathlib import Path
from typing import Any

import trio
from quart import Blueprint, Response, g, render_template, request

from actors.accounts import HashingBusy, LoginThrottled
from api.pipeline import base_url, services
from engine.accounts import LimitReached, Workspace
from engine.analytics import RECENT_FAILURES, analytics_query, shape_rows
from engine.charts import LABELS as OUTCOME_LABELS
from engine.charts import daily_chart, failures_by_stage, window
from engine.entitlements import FORMAT_FEATURES
from engine.errors import CaptureError, Forbidden, JobAlreadyFinished, ResourceError, status_of
from engine.jobs import SUCCEEDED, Job
from engine.period import utcnow
from engine.permissions import allowed
from engine.request import Body
from engine.users import SESSION_DAYS, UserError

blueprint = Blueprint("dashboard", __name__, template_folder="templates")
SESSION_COOKIE = "capture_session"
CSRF_COOKIE = "capture_csrf"
SECURE_PREFIX = "__Host-"  # behind TLS: no sibling subdomain can set or shadow the cookie
STYLESHEET = (Path(__file__).with_name("static") / "app.css").read_bytes()  # read once, never on the loop
CHART_DAYS = 30
RECENT_FAILURE_ROWS = 15
RECENT_JOBS = 50
PLAYGROUND_FORMATS = ("png", "jpeg", "webp", "pdf", "html")
PREVIEW_BYTES = 64 * 1024  # of an HTML result, shown as text
PLAYGROUND_WAIT_S = 90  # a playground capture's longest wait (queue and render); then it shows the job
DIGITS = re.compile(r"[0-9]{1,6}")  # ASCII only: int() refuses "²" and 5,000-digit strings
NEXT = re.compile(r"/(invite/[A-Za-z0-9_-]{1,100}|dashboard(/[A-Za-z0-9_/-]{0,200})?)")
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


class CsrfRefused(Forbidden):
    def __init__(self) -> None:
        super().__init__("the form was stale or sent from another site; reload the page and try again")


# ---------------------------------------------------------------- plumbing


@blueprint.before_request
async def _load_user() -> Response | None:
    """The signed-in user, if any; pages that need one send the others to /login; every POST is CSRF-checked."""
    g.user = g.session = None
    token = request.cookies.get(_cookie(SESSION_COOKIE))
    if token:
        found = services().accounts.session(token)
        if found is not None:
            g.user, g.session = found
    if g.user is None and _needs_user():
        return _see_other("/login")
    if request.method == "POST":
        form = await request.form
        expected = g.session.csrf if g.session is not None else request.cookies.get(_cookie(CSRF_COOKIE), "")
        sent = form.get("csrf_token", "")
        if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
            raise CsrfRefused()
    return None


def _needs_user() -> bool:
    return request.path.startswith("/dashboard") or (request.method == "POST" and request.path.startswith("/invite/"))


@blueprint.after_request
async def _harden(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


@blueprint.errorhandler(ResourceError)
async def _refused(error: ResourceError) -> Response:
    return await _page("error.html", error.status, error=error, code=error.code)


def _secure() -> bool:
    return request.scheme == "https" or services().settings.public_url.startswith("https://")


def _anonymous_csrf() -> str:
    return request.cookies.get(_cookie(CSRF_COOKIE)) or secrets.token_urlsafe(24)


def _cookie(name: str) -> str:
    """A cookie's name: with the `__Host-` prefix behind TLS, so the browser takes it only from this host."""
    return SECURE_PREFIX + name if _secure() else name


async def _page(template: str, status: int = 200, **context: Any) -> Response:
    if g.get("session") is None:
        csrf = _anonymous_csrf()
        body = await render_template(template, user=None, csrf=csrf, **context)
        response = Response(body, status=status, content_type="text/html; charset=utf-8")
        response.set_cookie(_cookie(CSRF_COOKIE), csrf, httponly=True, samesite="Strict", secure=_secure(), path="/")
        return response
    return Response(await _render_page(template, **context), status=status, content_type="text/html; charset=utf-8")


async def _render_page(template: str, **context: Any) -> bytes:
    """A signed-in user's page."""
    return (await render_template(template, user=g.user, csrf=g.session.csrf, **context)).encode()


def _signed_in(response: Response, token: str) -> Response:
    response.set_cookie(_cookie(SESSION_COOKIE), token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="Lax",
                        secure=_secure(), path="/")
    response.delete_cookie(_cookie(CSRF_COOKIE), path="/", secure=_secure())
    return response


def _acting_in(workspace_id: str, action: str) -> tuple[Workspace, str]:
    """The signed-in user's workspace and role: 404 if they are not a member, 403 if the role may not `action`."""
    return services().accounts.acting(g.user.id, workspace_id, action)


def _see_other(location: str) -> Response:
    return Response("", status=303, headers={"location": location})


@blueprint.get("/static/app.css")
async def stylesheet() -> Response:
    return Response(STYLESHEET, content_type="text/css; charset=utf-8",
                    headers={"cache-control": "public, max-age=3600"})


# ---------------------------------------------------------------- signing up and in


@blueprint.get("/")
async def home() -> Response:
    return _see_other("/dashboard" if g.user is not None else "/login")


def _next(value: str | None) -> str:
    """Where to go after signing in: only this site's own invitation and dashboard pages."""
    if value and NEXT.fullmatch(value):
        return value
    return "/dashboard"


@blueprint.get("/signup")
async def signup_form() -> Response:
    return await _page("signup.html", next=_next(request.args.get("next")))


@blueprint.post("/signup")
async def signup() -> Response:
    form = await request.form
    again = {"email": form.get("email", ""), "next": _next(form.get("next"))}
    try:
        _, token = await services().accounts.signup(form.get("email", ""), form.get("password", ""),
                                                    request.remote_addr or "")
    except (LoginThrottled, HashingBusy) as error:
        return await _refused_for_now("signup.html", error, again)
    except UserError as error:
        return await _page("signup.html", 422, message=str(error), **again)
    return _signed_in(_see_other(_next(form.get("next"))), token)


async def _refused_for_now(template: str, error: LoginThrottled | HashingBusy, again: dict[str, str]) -> Response:
    """429 for a spent attempt budget, 503 when every hashing slot is taken; both say when to come back."""
    response = await _page(template, error.status, message=str(error), **again)
    response.headers["retry-after"] = str(error.retry_after)
    return response


@blueprint.get("/login")
async def login_form() -> Response:
    return await _page("login.html", next=_next(request.args.get("next")))


@blueprint.post("/login")
async def login() -> Response:
    form = await request.form
    again = {"email": form.get("email", ""), "next": _next(form.get("next"))}
    try:
        _, token = await services().accounts.login(form.get("email", ""), form.get("password", ""),
                                                   request.remote_addr or "")
    except (LoginThrottled, HashingBusy) as error:
        return await _refused_for_now("login.html", error, again)
    except UserError as error:
        return await _page("login.html", 401, message=str(error), **again)
    return _signed_in(_see_other(_next(form.get("next"))), token)


@blueprint.post("/logout")
async def logout() -> Response:
    token = request.cookies.get(_cookie(SESSION_COOKIE))
    if token:
        await services().accounts.logout(token)
    response = _see_other("/login")
    response.delete_cookie(_cookie(SESSION_COOKIE), path="/", secure=_secure())
    return response


# ---------------------------------------------------------------- workspaces


@blueprint.get("/dashboard")
async def dashboard() -> Response:
    return await _page("dashboard.html", memberships=services().accounts.memberships(g.user.id))


@blueprint.post("/dashboard/teams")
async def create_team() -> Response:
    form = await request.form
    try:
        workspace = await services().accounts.create_team(g.user.id, form.get("name", ""))
    except (UserError, LimitReached) as error:
        return await _page("dashboard.html", 422, message=str(error),
                           memberships=services().accounts.memberships(g.user.id))
    return _see_other(f"/dashboard/w/{workspace.id}")


@blueprint.get("/dashboard/w/<workspace_id>")
async def workspace(workspace_id: str) -> Response:
    return await _workspace_page(workspace_id)


# ---------------------------------------------------------------- API keys


@blueprint.get("/dashboard/keys")
async def keys() -> Response:
    return await _keys_page(request.args.get("workspace"))


async def _keys_page(workspace_id: str | None, *, created: tuple[Any, str] | None = None,
                     status: int = 200, message: str | None = None) -> Response:
    accounts = services().accounts
    memberships = accounts.memberships(g.user.id)
    if workspace_id is None and memberships:
        workspace_id = memberships[0][0].id
    chosen = role = None
    listed: list[dict[str, Any]] = []
    if workspace_id is not None:
        chosen, role = accounts.member_workspace(g.user.id, workspace_id)
        listed = await accounts.keys_of(chosen.id)
    return await _page("keys.html", status, memberships=memberships, chosen=chosen, role=role, keys=listed,
                       created=created, can_manage=allowed(role, "manage_keys"), base_url=base_url(),
                       message=message)


@blueprint.post("/dashboard/keys")
async def create_key() -> Response:
    form = await request.form
    workspace_id = form.get("workspace", "")
    name = form.get("name", "").strip()[:80] or None
    try:
        key, plaintext = await services().accounts.issue_key(g.user.id, workspace_id, name)
    except LimitReached as error:
        return await _keys_page(workspace_id, status=422, message=str(error))
    # shown in this answer only: never stored, never shown again
    return await _keys_page(workspace_id, created=(key, plaintext), status=201)


@blueprint.post("/dashboard/keys/<key_id>/revoke")
async def revoke_key(key_id: str) -> Response:
    form = await request.form
    workspace_id = form.get("workspace", "")
    await services().accounts.revoke_key_of(g.user.id, workspace_id, key_id)
    return _see_other(f"/dashboard/keys?workspace={workspace_id}")



# ---------------------------------------------------------------- members


@blueprint.post("/dashboard/w/<workspace_id>/invites")
async def invite(workspace_id: str) -> Response:
    form = await request.form
    token = await services().accounts.invite(g.user.id, workspace_id, form.get("role", "member"))
    link = f"{base_url()}/invite/{token}"
    return await _workspace_page(workspace_id, 201, invite_link=link, invite_role=form.get("role", "member"))


async def _workspace_page(workspace_id: str, status: int = 200, **extra: Any) -> Response:
    accounts = services().accounts
    found, role = _acting_in(workspace_id, "view")
    plan = accounts.plans[found.plan]
    usage = services().ledger.usage(found.id, found.monthly_limit(plan))
    return await _page("workspace.html", status, workspace=found, role=role, usage=usage, tab="Overview",
                       personal=accounts.is_personal(found.id), members=accounts.members(found.id),
                       keys=await accounts.keys_of(found.id), can=lambda action: allowed(role, action),
                       **await _analytics(found.id), **extra)


async def _analytics(workspace_id: str) -> dict[str, Any]:
    """The usage chart's bars, failures by stage and the latest failures, over the last CHART_DAYS days."""
    days = window(utcnow().date(), CHART_DAYS)
    since = dt.datetime.combine(days[0], dt.time())
    until = dt.datetime.combine(days[-1], dt.time()) + dt.timedelta(days=1)
    event_log = services().event_log
    rows = shape_rows("day", await event_log.query(analytics_query("day"), [workspace_id, since, until]))
    recent = await event_log.query(RECENT_FAILURES, [workspace_id, since, RECENT_FAILURE_ROWS])
    return {"chart": daily_chart(rows, days), "by_stage": failures_by_stage(rows), "recent_failures": recent,
            "outcome_labels": OUTCOME_LABELS}


@blueprint.get("/invite/<token>")
async def invitation(token: str) -> Response:
    found = services().accounts.invitation(token)
    if found is None:
        return await _page("invite.html", 404, invite=None)
    invite, workspace = found
    return await _page("invite.html", invite=invite, workspace=workspace, token=token)


@blueprint.post("/invite/<token>")
async def accept(token: str) -> Response:
    workspace = await services().accounts.accept(token, g.user.id)
    return _see_other(f"/dashboard/w/{workspace.id}")


@blueprint.post("/dashboard/w/<workspace_id>/members/<member_id>/role")
async def change_role(workspace_id: str, member_id: str) -> Response:
    form = await request.form
    await services().accounts.change_role(g.user.id, workspace_id, member_id, form.get("role", ""))
    return _see_other(f"/dashboard/w/{workspace_id}")


@blueprint.post("/dashboard/w/<workspace_id>/members/<member_id>/remove")
async def remove_member(workspace_id: str, member_id: str) -> Response:
    await services().accounts.remove_member(g.user.id, workspace_id, member_id)
    return _see_other(f"/dashboard/w/{workspace_id}")


@blueprint.post("/dashboard/w/<workspace_id>/leave")
async def leave(workspace_id: str) -> Response:
    await services().accounts.leave(g.user.id, workspace_id)
    return _see_other("/dashboard")


@blueprint.post("/dashboard/w/<workspace_id>/transfer")
async def transfer(workspace_id: str) -> Response:
    form = await request.form
    await services().accounts.transfer(g.user.id, workspace_id, form.get("member", ""))
    return _see_other(f"/dashboard/w/{workspace_id}")


@blueprint.post("/dashboard/w/<workspace_id>/delete")
async def delete_workspace(workspace_id: str) -> Response:
    await services().accounts.delete_workspace(g.user.id, workspace_id)
    return _see_other("/dashboard")


# ---------------------------------------------------------------- jobs and the playground


@blueprint.get("/dashboard/w/<workspace_id>/jobs")
async def jobs(workspace_id: str) -> Response:
    found, role = _acting_in(workspace_id, "view")
    listed = services().jobs.recent(found.id, RECENT_JOBS)
    views = [(job, services().jobs.view(job, base_url())) for job in listed]
    return await _page("jobs.html", workspace=found, role=role, jobs=views, tab="Jobs", shown=RECENT_JOBS,
                       can_cancel=allowed(role, "capture"))


@blueprint.post("/dashboard/w/<workspace_id>/jobs/<job_id>/cancel")
async def cancel_job(workspace_id: str, job_id: str) -> Response:
    found, _ = _acting_in(workspace_id, "capture")
    try:
        await services().jobs.cancel(found.id, job_id)
    except JobAlreadyFinished:
        pass  # finished while the page was open: the list shows how
    return _see_other(f"/dashboard/w/{found.id}/jobs")


@blueprint.get("/dashboard/w/<workspace_id>/playground")
async def playground_form(workspace_id: str) -> Response:
    found, role = _acting_in(workspace_id, "capture")
    return await _playground(found, role, form={})


@blueprint.post("/dashboard/w/<workspace_id>/playground")
async def playground(workspace_id: str) -> Response:
    """A real capture, run as a job of this workspace; the page links to its signed result URL, so
    no capture's bytes are ever held in a page (a 50 MB PDF would be 67 MB of base64 in the HTML)."""
    found, role = _acting_in(workspace_id, "capture")
    form = await request.form
    accounts, intake, jobs = services().accounts, services().intake, services().jobs
    who = accounts.playground_principal(g.user.id, found)
    body = playground_request(form)
    try:
        await intake.admit(who, g.request_id, capture=True)
        accepted = await jobs.submit(who, Body.of(body), request_id=g.request_id, route="playground",
                                     idempotency_key=None, batch=False)
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
        body = await services().jobs.store.read(job.id)
        text = (body or b"")[:PREVIEW_BYTES].decode("utf-8", "replace")
    return {
        "content_type": job.content_type, "bytes": job.bytes or 0, "capture_id": job.id,
        "kind": (job.content_type or "").split("/")[0], "url": view.get("resultUrl"), "text": text,
        "filename": f"{job.id}.{job.format}",
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
    return await _page("playground.html", status, **await _playground_context(found, role, form), **extra)


async def _playground_context(found: Workspace, role: str, form: Any) -> dict[str, Any]:
    plan = services().accounts.plans[found.plan]
    formats = [(name, FORMAT_FEATURES.get(name) is None or plan.allows(FORMAT_FEATURES[name]))
               for name in PLAYGROUND_FORMATS]
    usage = services().ledger.usage(found.id, found.monthly_limit(plan))
    return {"workspace": found, "role": role, "tab": "Playground", "formats": formats, "usage": usage,
            "form": {"url": "", "width": "1280", "height": "800", "format": "png", **form}}
