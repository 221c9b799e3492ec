"""Routes of the public API. Each handler: read HTTP, call an actor, write HTTP."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import orjson
import trio
from quart import Blueprint, Response, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from actors.intake import Delivery
from api.app import principal, services
from api.openapi import openapi_document
from engine.analytics import analytics_query, parse_range, shape_rows
from engine.errors import CaptureError, MalformedJson, PayloadTooLarge, UnsupportedMediaType
from engine.period import rfc3339, utcnow

blueprint = Blueprint("api", __name__)


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(orjson.dumps(body), status=status, content_type="application/json",
                    headers=headers or {})


@blueprint.get("/api/openapi.json")
async def openapi() -> Response:
    return json_response(openapi_document())


@blueprint.post("/api/screenshot")
async def screenshot() -> Response:
    intake = services().intake
    try:
        data = await read_json()
    except CaptureError as error:
        await intake.record_failure(principal(), g.request_id, error)
        raise
    delivery = await intake.capture(principal(), data, g.request_id)
    return _capture_response(delivery)


async def read_json() -> Any:
    """The request body as JSON, or the capture error that says why not."""
    if request.mimetype != "application/json":
        sent = request.mimetype or "nothing"
        raise UnsupportedMediaType(f"send the body as application/json, not {sent}")
    limit = services().settings.max_body_bytes
    if (request.content_length or 0) > limit:
        raise PayloadTooLarge(f"the body is larger than {limit} bytes")
    try:
        raw = await request.get_data(cache=False)
    except RequestEntityTooLarge as exc:
        raise PayloadTooLarge(f"the body is larger than {limit} bytes") from exc
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise MalformedJson(f"the body is not valid JSON: {exc}") from exc


def _capture_response(delivery: Delivery) -> Response:
    intake = services().intake

    async def body() -> AsyncIterator[bytes]:
        # Quart asks for the next chunk only after the previous one was handed to the
        # connection, so reaching the line after `yield` means the client has the bytes.
        handed_over = False
        try:
            yield delivery.capture.body
            handed_over = True
        finally:
            with trio.CancelScope(shield=True):
                if handed_over:
                    await intake.delivered(delivery)
                else:
                    await intake.delivery_failed(delivery, "the client went away")

    usage = delivery.usage
    headers = {
        "content-length": str(len(delivery.capture.body)),
        "x-capture-id": delivery.capture_id,
        "x-target-status": str(delivery.capture.target_status),
        "x-quota-limit": str(usage.limit),
        "x-quota-remaining": str(max(0, usage.limit - usage.used - usage.reserved)),
    }
    return Response(body(), status=200, content_type=delivery.capture.content_type, headers=headers)


@blueprint.get("/api/usage")
async def usage() -> Response:
    who = principal()
    used = services().ledger.usage(who.workspace.id, who.monthly_limit)
    return json_response({
        "period": {"start": rfc3339(used.period_start), "end": rfc3339(used.period_end)},
        "plan": who.workspace.plan,
        "quota": {"limit": used.limit, "used": used.used, "remaining": used.remaining},
    })


@blueprint.get("/api/analytics")
async def analytics() -> Response:
    who = principal()
    group_by = request.args.get("groupBy", "day")
    sql = analytics_query(group_by)
    since, until = parse_range(request.args.get("from"), request.args.get("to"), utcnow())
    rows = await services().event_log.query(sql, [who.workspace.id, since, until])
    return json_response({
        "from": rfc3339(since), "to": rfc3339(until), "groupBy": group_by,
        "rows": shape_rows(group_by, rows),
    })
