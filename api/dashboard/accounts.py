"""The dashboard's pages: sign-up, login, workspaces, API keys and members.

The plumbing they share (sessions, CSRF, rendering) is `api/dashboard/web.py`; jobs and
the playground are `api/dashboard/playground.py`.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from urllib.parse import urlsplit

from quart import Response, g, request

from actors.accounts import HashingBusy, LoginThrottled
from api.dashboard.web import (
    acting_in,
    blueprint,
    page,
    see_other,
    session_token,
    signed_in,
    signed_out,
)
from api.pipeline import base_url, client, services
from engine.records import render_links
from engine.records.accounts import LimitReached
from engine.records.analytics import RECENT_FAILURES, shape_rows
from engine.records.charts import LABELS as OUTCOME_LABELS
from engine.records.charts import daily_chart, failures_by_stage, window
from engine.records.users import UserError
from engine.rules.errors import NotFoundError
from engine.rules.period import utcnow
from engine.rules.permissions import allowed

CHART_DAYS = 30
RECENT_FAILURE_ROWS = 15
NEXT = re.compile(r"/(invite/[A-Za-z0-9_-]{1,100}|dashboard(/[A-Za-z0-9_/-]{0,200})?)")


# ---------------------------------------------------------------- signing up and in


@blueprint.get("/")
async def home() -> Response:
    return see_other("/dashboard" if g.user is not None else "/login")


def _next(value: str | None) -> str:
    """Where to go after signing in: only this site's own invitation and dashboard pages."""
    if value and NEXT.fullmatch(value):
        return value
    return "/dashboard"


@blueprint.get("/signup")
async def signup_form() -> Response:
    return await page("signup.html", next=_next(request.args.get("next")))


@blueprint.post("/signup")
async def signup() -> Response:
    form = await request.form
    again = {"email": form.get("email", ""), "next": _next(form.get("next"))}
    try:
        _, token = await services().people.signup(form.get("email", ""), form.get("password", ""),
                                                    client())
    except (LoginThrottled, HashingBusy) as error:
        return await _refused_for_now("signup.html", error, again)
    except UserError as error:
        return await page("signup.html", 422, message=str(error), **again)
    return signed_in(see_other(_next(form.get("next"))), token)


async def _refused_for_now(template: str, error: LoginThrottled | HashingBusy, again: dict[str, str]) -> Response:
    """429 for a spent attempt budget, 503 when every hashing slot is taken; both say when to come back."""
    response = await page(template, error.status, message=str(error), **again)
    response.headers["retry-after"] = str(error.retry_after)
    return response


@blueprint.get("/login")
async def login_form() -> Response:
    return await page("login.html", next=_next(request.args.get("next")))


@blueprint.post("/login")
async def login() -> Response:
    form = await request.form
    again = {"email": form.get("email", ""), "next": _next(form.get("next"))}
    try:
        _, token = await services().people.login(form.get("email", ""), form.get("password", ""),
                                                   client())
    except (LoginThrottled, HashingBusy) as error:
        return await _refused_for_now("login.html", error, again)
    except UserError as error:
        return await page("login.html", 401, message=str(error), **again)
    return signed_in(see_other(_next(form.get("next"))), token)


@blueprint.post("/logout")
async def logout() -> Response:
    token = session_token()
    if token:
        await services().people.logout(token)
    return signed_out(see_other("/login"))


# ---------------------------------------------------------------- workspaces


@blueprint.get("/dashboard")
async def dashboard() -> Response:
    return await page("dashboard.html", memberships=services().memberships.memberships(g.user.id))


@blueprint.post("/dashboard/teams")
async def create_team() -> Response:
    form = await request.form
    try:
        workspace = await services().memberships.create_team(g.user.id, form.get("name", ""))
    except (UserError, LimitReached) as error:
        return await page("dashboard.html", 422, message=str(error),
                           memberships=services().memberships.memberships(g.user.id))
    return see_other(f"/dashboard/w/{workspace.id}")


@blueprint.get("/dashboard/w/<workspace_id>")
async def workspace(workspace_id: str) -> Response:
    return await _workspace_page(workspace_id)


# ---------------------------------------------------------------- API keys


@blueprint.get("/dashboard/keys")
async def keys() -> Response:
    return await _keys_page(request.args.get("workspace"))


async def _keys_page(workspace_id: str | None, *, created: tuple[Any, str, str] | None = None,
                     signing: tuple[Any, str] | None = None, built: str | None = None,
                     status: int = 200, message: str | None = None) -> Response:
    memberships = services().memberships.memberships(g.user.id)
    if workspace_id is None and memberships:
        workspace_id = memberships[0][0].id
    chosen = role = None
    listed: list[dict[str, Any]] = []
    if workspace_id is not None:
        chosen, role = services().memberships.member_workspace(g.user.id, workspace_id)
        listed = await services().keys.keys_of(chosen.id)
    return await page("keys.html", status, memberships=memberships, chosen=chosen, role=role, keys=listed,
                       created=created, signing=signing, built=built, formats=list(render_links.EXTENSIONS),
                       can_manage=allowed(role, "manage_keys"), base_url=base_url(), message=message)


@blueprint.post("/dashboard/keys")
async def create_key() -> Response:
    form = await request.form
    workspace_id = form.get("workspace", "")
    name = form.get("name", "").strip()[:80] or None
    try:
        key, plaintext = await services().keys.issue_key(g.user.id, workspace_id, name)
    except LimitReached as error:
        return await _keys_page(workspace_id, status=422, message=str(error))
    # shown in this answer only: never stored, never shown again
    secret = services().keys.signing_secret(key)
    return await _keys_page(workspace_id, created=(key, plaintext, secret), status=201)


@blueprint.post("/dashboard/keys/<key_id>/rotate-signing-secret")
async def rotate_key_signing_secret(key_id: str) -> Response:
    form = await request.form
    workspace_id = form.get("workspace", "")
    key, secret = await services().keys.rotate_signing_secret_of(g.user.id, workspace_id, key_id)
    return await _keys_page(workspace_id, signing=(key, secret))


@blueprint.post("/dashboard/keys/render-link")
async def build_render_link() -> Response:
    """A signed render link for a URL the user typed, with one of the workspace's keys (built here: the
    signing secret never reaches the browser)."""
    form = await request.form
    workspace_id, key_id = form.get("workspace", ""), form.get("key", "")
    url, extension = form.get("url", "").strip(), form.get("format", "png")
    services().memberships.acting(g.user.id, workspace_id, "manage_keys")
    caller = services().keys.render_principal(key_id)
    if caller is None or caller[0].workspace.id != workspace_id:
        raise NotFoundError(f"no key {key_id} in this workspace")
    if urlsplit(url).scheme not in ("http", "https") or extension not in render_links.EXTENSIONS:
        return await _keys_page(workspace_id, status=422, message="type an http(s) URL and pick a format")
    link = render_links.link(base_url(), key_id, caller[1], {"url": url, "format": render_links.EXTENSIONS[extension]})
    return await _keys_page(workspace_id, built=link)


@blueprint.post("/dashboard/keys/<key_id>/revoke")
async def revoke_key(key_id: str) -> Response:
    form = await request.form
    workspace_id = form.get("workspace", "")
    await services().keys.revoke_key_of(g.user.id, workspace_id, key_id)
    return see_other(f"/dashboard/keys?workspace={workspace_id}")



# ---------------------------------------------------------------- members


@blueprint.post("/dashboard/w/<workspace_id>/invites")
async def invite(workspace_id: str) -> Response:
    form = await request.form
    token = await services().memberships.invite(g.user.id, workspace_id, form.get("role", "member"))
    link = f"{base_url()}/invite/{token}"
    return await _workspace_page(workspace_id, 201, invite_link=link, invite_role=form.get("role", "member"))


async def _workspace_page(workspace_id: str, status: int = 200, **extra: Any) -> Response:
    found, role = acting_in(workspace_id, "view")
    memberships = services().memberships
    plan = memberships.plan_of(found)
    usage = services().ledger.usage(found.id, found.monthly_limit(plan))
    return await page("workspace.html", status, workspace=found, role=role, usage=usage, tab="Overview",
                       personal=memberships.is_personal(found.id), members=services().people.members(found.id),
                       keys=await services().keys.keys_of(found.id), can=lambda action: allowed(role, action),
                       **await _analytics(found.id), **extra)


async def _analytics(workspace_id: str) -> dict[str, Any]:
    """The usage chart's bars, failures by stage and the latest failures, over the last CHART_DAYS days."""
    days = window(utcnow().date(), CHART_DAYS)
    since = dt.datetime.combine(days[0], dt.time())
    until = dt.datetime.combine(days[-1], dt.time()) + dt.timedelta(days=1)
    event_log = services().event_log
    rows = shape_rows("day", await event_log.analytics("day", workspace_id, since, until))
    recent = await event_log.query(RECENT_FAILURES, [workspace_id, since, RECENT_FAILURE_ROWS])
    return {"chart": daily_chart(rows, days), "by_stage": failures_by_stage(rows), "recent_failures": recent,
            "outcome_labels": OUTCOME_LABELS}


@blueprint.get("/invite/<token>")
async def invitation(token: str) -> Response:
    found = services().memberships.invitation(token)
    if found is None:
        return await page("invite.html", 404, invite=None)
    invite, workspace = found
    return await page("invite.html", invite=invite, workspace=workspace, token=token)


@blueprint.post("/invite/<token>")
async def accept(token: str) -> Response:
    workspace = await services().memberships.accept(token, g.user.id)
    return see_other(f"/dashboard/w/{workspace.id}")


@blueprint.post("/dashboard/w/<workspace_id>/members/<member_id>/role")
async def change_role(workspace_id: str, member_id: str) -> Response:
    form = await request.form
    await services().memberships.change_role(g.user.id, workspace_id, member_id, form.get("role", ""))
    return see_other(f"/dashboard/w/{workspace_id}")


@blueprint.post("/dashboard/w/<workspace_id>/members/<member_id>/remove")
async def remove_member(workspace_id: str, member_id: str) -> Response:
    await services().memberships.remove_member(g.user.id, workspace_id, member_id)
    return see_other(f"/dashboard/w/{workspace_id}")


@blueprint.post("/dashboard/w/<workspace_id>/leave")
async def leave(workspace_id: str) -> Response:
    await services().memberships.leave(g.user.id, workspace_id)
    return see_other("/dashboard")


@blueprint.post("/dashboard/w/<workspace_id>/transfer")
async def transfer(workspace_id: str) -> Response:
    form = await request.form
    await services().memberships.transfer(g.user.id, workspace_id, form.get("member", ""))
    return see_other(f"/dashboard/w/{workspace_id}")


@blueprint.post("/dashboard/w/<workspace_id>/delete")
async def delete_workspace(workspace_id: str) -> Response:
    await services().memberships.delete_workspace(g.user.id, workspace_id)
    return see_other("/dashboard")


