"""Routes of the public API. Each handler: read HTTP, call an actor, write HTTP."""

from __future__ import annotations

import hashlib
import time
from contextlib import suppress
from typing import Any

import orjson
from quart import Blueprint, Response, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from actors.capture import Shelved
from actors.operations import readiness
from api.pipeline import base_url, client, principal, services
from api.rest.capture_answers import capture_response
from api.rest.declared import route
from api.rest.openapi import openapi_document
from engine.records import render_links
from engine.records.analytics import analytics_query, parse_range, shape_rows
from engine.records.jobs import status_url
from engine.records.replies import (
    Analytics,
    BatchAccepted,
    BatchJob,
    Health,
    JobAccepted,
    Period,
    Quota,
    Readiness,
    Regions,
    Reply,
    TestEventSent,
    Usage,
    WebhookEndpoints,
    endpoint_view,
)
from engine.rules.errors import ResultUrlExpired
from engine.rules.period import rfc3339, utcnow
from engine.rules.request import Body

blueprint = Blueprint("api", __name__)


def json_response(body: Reply | dict[str, Any], status: int = 200,
                  headers: dict[str, str] | None = None) -> Response:
    """A JSON answer: the API's answers are `Reply` models, this document (a free-form object) is not."""
    wire = body.wire() if isinstance(body, Reply) else orjson.dumps(body)
    return Response(wire, status=status, content_type="application/json", headers=headers or {})


@route(blueprint, "openapi")
async def openapi() -> Response:
    return json_response(openapi_document())


@route(blueprint, "screenshot")
async def screenshot() -> Response:
    delivery = await services().intake.capture(principal(), await _body(), g.request_id, client=client())
    return capture_response(delivery)


@route(blueprint, "render_link")
async def render_link(key_id: str, signature: str, extension: str) -> Response:
    """A capture named by a signed URL (engine.records.render_links): no API key, the key's signing secret signs it;
    the pipeline checked the signature and took the link's budget (api/rest/declared_captures.py)."""
    found = services()
    delivery = await found.intake.capture(principal(), Body.of(g.link_options), g.request_id, client=client(),
                                          link=f"{key_id}:{signature}:{extension}")
    response = capture_response(delivery)
    for name in ("x-quota-limit", "x-quota-remaining"):
        del response.headers[name]
    body_tag = hashlib.sha256(delivery.capture.body).hexdigest()[:32]
    response.headers["etag"] = f'"{body_tag}"'
    kept_until = delivery.shelved.expires_at if delivery.shelved is not None else None
    response.headers["cache-control"] = render_links.cache_control(kept_until, list(request.args.items(multi=True)),
                                                                   time.time())
    # A link is a plain GET a browser may open: a captured page's HTML must never run in the service's origin
    # (where the dashboard's session lives), as for a signed result download.
    response.headers["content-security-policy"] = "sandbox; default-src 'none'"
    response.headers["x-content-type-options"] = "nosniff"
    if extension == "html":
        response.headers["content-disposition"] = f'attachment; filename="{delivery.capture_id}.html"'
    if response.headers["etag"] in request.headers.get("if-none-match", ""):  # the client has these bytes
        await found.intake.delivered(delivery)  # a 304 has no body to wait for: this is the answer
        headers = {name: value for name, value in response.headers.items() if name.lower() != "content-length"}
        return Response(b"", status=304, headers=headers)
    return response


@route(blueprint, "create_job")
async def create_job() -> Response:
    accepted = await services().jobs.submit(principal(), await _body(), request_id=g.request_id, route="jobs",
                                            idempotency_key=request.headers.get("idempotency-key"), batch=False,
                                            base_url=base_url())
    job = accepted.jobs[0]
    body = JobAccepted(id=job.id, status="QUEUED", status_url=status_url(base_url(), job.id),
                       created_at=rfc3339(job.created_at))
    return _accepted(body, accepted.replayed, body.status_url)


@route(blueprint, "create_batch")
async def create_batch() -> Response:
    accepted = await services().jobs.submit(principal(), await _body(), request_id=g.request_id,
                                            route="jobs/batch", idempotency_key=request.headers.get("idempotency-key"),
                                            batch=True, base_url=base_url())
    assert accepted.batch_id is not None
    body = BatchAccepted(batch_id=accepted.batch_id, jobs=[
        BatchJob(id=job.id, status="QUEUED", status_url=status_url(base_url(), job.id)) for job in accepted.jobs])
    return _accepted(body, accepted.replayed)


async def _body() -> Body:
    """The body of a capture route, read up to max_body_bytes; the actor that takes it parses it."""
    limit = services().settings.max_body_bytes
    raw: bytes | None = None
    if (request.content_length or 0) <= limit:
        with suppress(RequestEntityTooLarge):  # a chunked body that grew past the limit: left unread
            raw = await request.get_data(cache=False, as_text=False, parse_form_data=False)
            g.body_read = True  # nothing left for the answer to drain
    return Body(request.mimetype or None, raw, limit)


def _accepted(body: Reply, replayed: bool, location: str | None = None) -> Response:
    headers = {"location": location} if location else {}
    if replayed:
        headers["idempotent-replayed"] = "true"
    return json_response(body, 202, headers)


@route(blueprint, "get_job")
async def get_job(job_id: str) -> Response:
    jobs = services().jobs
    return json_response(jobs.view(jobs.job(principal().workspace.id, job_id), base_url()))


@route(blueprint, "cancel_job")
async def cancel_job(job_id: str) -> Response:
    jobs = services().jobs
    job = await jobs.cancel(principal().workspace.id, job_id)
    return json_response(jobs.view(job, base_url()), 202)


@route(blueprint, "result")
async def result(result_id: str) -> Response:
    """A job's result, or a synchronous capture's kept on the shelf, behind its signed URL; no API key (the
    pipeline checked the signature and took the download from the workspace's read budget)."""
    found, kept = services(), g.result
    if isinstance(kept, Shelved):
        fmt, content_type, body = kept.format, kept.content_type, await found.shelf.read(kept)
        if body is None:
            raise ResultUrlExpired(f"the result of {result_id} is no longer kept")
    else:
        fmt, content_type, body = kept.format, kept.content_type or "", await found.jobs.result(kept)
    extension = fmt if fmt != "jpeg" else "jpg"
    # A captured page's HTML (or an SVG-sniffing browser) must never run in the service's origin.
    disposition = "attachment" if fmt == "html" else "inline"
    return Response(body, status=200, content_type=content_type, headers={
        "content-length": str(len(body)),
        "content-disposition": f'{disposition}; filename="{result_id}.{extension}"',
        "content-security-policy": "sandbox; default-src 'none'",
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
        "x-capture-id": result_id,
    })


@route(blueprint, "healthz")
async def healthz() -> Response:
    """The process and its event loop answer (this handler runs on the loop). No key."""
    return json_response(Health())


@route(blueprint, "readyz")
async def readyz() -> Response:
    """Ready for captures: a browser session up, the event log committing, room on the data disk. No key."""
    found = services()
    checks = await readiness(found.pool, found.event_log, found.settings)
    failing = [name for name, verdict in checks.items() if verdict != "ok"]
    if failing:
        return json_response(Readiness(status="unready", checks=checks, failing=failing), 503)
    return json_response(Readiness(status="ready", checks=checks))


@route(blueprint, "usage")
async def usage() -> Response:
    who = principal()
    used = services().ledger.usage(who.workspace.id, who.monthly_limit)
    return json_response(Usage(
        period=Period(start=rfc3339(used.period_start), end=rfc3339(used.period_end)),
        plan=who.workspace.plan,
        quota=Quota(limit=used.limit, used=used.used, reserved=used.reserved, remaining=used.remaining),
    ))


@route(blueprint, "analytics")
async def analytics() -> Response:
    who = principal()
    group_by = request.args.get("groupBy", "day")
    analytics_query(group_by)  # an unknown groupBy is refused before the period is read
    since, until = parse_range(request.args.get("from"), request.args.get("to"), utcnow())
    rows = await services().event_log.analytics(group_by, who.workspace.id, since, until)
    return json_response(Analytics.model_validate({
        "from": rfc3339(since), "to": rfc3339(until), "groupBy": group_by, "rows": shape_rows(group_by, rows),
    }))


@route(blueprint, "regions")
async def regions() -> Response:
    principal()  # a key, as every route of the API; the answer is the same for all
    return json_response(Regions(regions=list(services().captures.regions)))


# ---------------------------------------------------------------- webhook endpoints


@route(blueprint, "create_webhook")
async def create_webhook() -> Response:
    endpoint, secret = await services().webhook_endpoints.create_endpoint(principal(), await _body())
    return json_response(endpoint_view(endpoint, secret), 201,
                         {"location": f"{base_url()}/api/webhooks/{endpoint.id}"})


@route(blueprint, "list_webhooks")
async def list_webhooks() -> Response:
    listed = services().webhook_endpoints.list_endpoints(principal())
    return json_response(WebhookEndpoints(webhooks=[endpoint_view(endpoint) for endpoint in listed]))


@route(blueprint, "get_webhook")
async def get_webhook(webhook_id: str) -> Response:
    return json_response(endpoint_view(services().webhook_endpoints.endpoint(principal(), webhook_id)))


@route(blueprint, "change_webhook")
async def change_webhook(webhook_id: str) -> Response:
    endpoint = await services().webhook_endpoints.change_endpoint(principal(), webhook_id, await _body())
    return json_response(endpoint_view(endpoint))


@route(blueprint, "delete_webhook")
async def delete_webhook(webhook_id: str) -> Response:
    await services().webhook_endpoints.delete_endpoint(principal(), webhook_id)
    return Response("", status=204)


@route(blueprint, "rotate_webhook_secret")
async def rotate_webhook_secret(webhook_id: str) -> Response:
    endpoint, secret = await services().webhook_endpoints.rotate_endpoint_secret(principal(), webhook_id)
    return json_response(endpoint_view(endpoint, secret))


@route(blueprint, "test_webhook")
async def test_webhook(webhook_id: str) -> Response:
    message = await services().webhooks.send_test(principal(), webhook_id)
    return json_response(TestEventSent(id=message.id, type=message.event_type), 202)
