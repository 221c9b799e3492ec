"""The dashboard's webhooks page: endpoints (owners and admins manage them, members read), the signing
secret of jobs' own webhookUrl, and the latest delivery attempts with a resend button."""

from __future__ import annotations

import datetime as dt
from typing import Any

from quart import Response, g, request

from actors.webhooks import WebhookEndpoints
from api.dashboard.web import acting_in, blueprint, page, see_other
from api.pipeline import services
from api.rest.route_table import declare, spend
from engine.records.accounts import Workspace
from engine.records.webhooks import EVENT_TYPES, RECENT_ATTEMPTS, RECENT_ATTEMPTS_SQL, ROTATION_OVERLAP_S, SUCCESS_SQL
from engine.rules.errors import CapacityExhausted, CaptureError, FeatureNotEntitled, RateLimited, WebhookNotFound
from engine.rules.permissions import allowed
from engine.rules.request import Body


@blueprint.get("/dashboard/w/<workspace_id>/webhooks")
async def webhooks(workspace_id: str) -> Response:
    found, role = acting_in(workspace_id, "view")
    return await _page(found, role)


async def _page(found: Workspace, role: str, status: int = 200, **shown: Any) -> Response:
    hooks = services().webhook_endpoints
    can_manage = allowed(role, "manage_webhooks")
    try:  # the actor says whether the plan has endpoints
        endpoints, entitled = hooks.list_endpoints(services().keys.playground_principal(g.user.id, found)), True
    except FeatureNotEntitled:
        endpoints, entitled = [], False
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    attempts = await services().event_log.query(RECENT_ATTEMPTS_SQL, [found.id, now - dt.timedelta(days=30),
                                                                      RECENT_ATTEMPTS])
    rates = {row["endpoint"]: row for row in await services().event_log.query(
        SUCCESS_SQL, [found.id, now - dt.timedelta(days=1)])}
    return await page("webhooks.html", status, workspace=found, role=role, tab="Webhooks", can_manage=can_manage,
                      entitled=entitled, endpoints=endpoints, rates=rates, event_types=EVENT_TYPES,
                      signing=await hooks.signing_secrets(found.id) if can_manage else [],
                      attempts=attempts, overlap_h=ROTATION_OVERLAP_S // 3600, **shown)


def _acting(workspace_id: str) -> tuple[Workspace, str, WebhookEndpoints, Any]:
    """The workspace, the role (one that may manage webhooks), the endpoints, and who they see acting."""
    found, role = acting_in(workspace_id, "manage_webhooks")
    return found, role, services().webhook_endpoints, services().keys.playground_principal(g.user.id, found)


@blueprint.post("/dashboard/w/<workspace_id>/webhooks/rotate-secret")
async def rotate_signing_secret(workspace_id: str) -> Response:
    found, _ = acting_in(workspace_id, "manage_webhooks")
    await services().webhook_endpoints.rotate_signing_secret(found.id)
    return see_other(f"/dashboard/w/{found.id}/webhooks")


@blueprint.post("/dashboard/w/<workspace_id>/webhooks/endpoints")
async def add_endpoint(workspace_id: str) -> Response:
    found, role, hooks, who = _acting(workspace_id)
    form = await request.form
    asked: dict[str, Any] = {"url": form.get("url", "").strip(), "events": form.getlist("events") or None,
                             "description": form.get("description", "").strip() or None}
    try:
        endpoint, secret = await hooks.create_endpoint(who, Body.of({k: v for k, v in asked.items() if v}))
    except CaptureError as problem:  # a URL, an event, the plan: the form says which
        return await _page(found, role, problem.status, problem=problem, form=asked)
    return await _page(found, role, 201, new_secret=(endpoint, secret))


@declare(blueprint, "POST", "/dashboard/w/{workspace_id}/webhooks/endpoints/{endpoint_id}/{action}", access="session",
         budget="plain")  # spent by `test` only, as POST /api/webhooks/{id}/test
async def endpoint_action(workspace_id: str, endpoint_id: str, action: str) -> Response:
    """test, rotate-secret, enable, disable or delete one endpoint."""
    found, role, hooks, who = _acting(workspace_id)
    try:
        if action == "rotate-secret":
            endpoint, secret = await hooks.rotate_endpoint_secret(who, endpoint_id)
            return await _page(found, role, new_secret=(endpoint, secret))
        if action == "test":  # from the workspace's API rate budget, as POST /api/webhooks/{id}/test
            await spend(who)
            await services().webhooks.send_test(who, endpoint_id)
        elif action in ("enable", "disable"):
            await hooks.change_endpoint(who, endpoint_id, Body.of({"enabled": action == "enable"}))
        elif action == "delete":
            await hooks.delete_endpoint(who, endpoint_id)
        else:
            raise WebhookNotFound(f"{endpoint_id}/{action}")
    except CaptureError as problem:  # the plan lacks the feature, the rate budget or the pending share is spent
        return await _refused(found, role, problem)
    return see_other(f"/dashboard/w/{found.id}/webhooks")


@declare(blueprint, "POST", "/dashboard/w/{workspace_id}/webhooks/messages/{message_id}/resend", access="session",
         budget="plain")
async def resend(workspace_id: str, message_id: str) -> Response:
    """A message sent again, from the workspace's API rate budget and within its share of pending messages."""
    found, role, _, who = _acting(workspace_id)
    try:
        await spend(who)
        await services().webhooks.resend(found.id, message_id)
    except (RateLimited, CapacityExhausted) as problem:
        return await _refused(found, role, problem)
    return see_other(f"/dashboard/w/{found.id}/webhooks")


async def _refused(found: Workspace, role: str, problem: CaptureError) -> Response:
    refused = await _page(found, role, problem.status, problem=problem)
    refused.headers.update(problem.headers())
    return refused
