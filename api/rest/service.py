"""The service's other routes, each declared on its handler: usage and analytics, regions, health and readiness,
and this document."""

from __future__ import annotations

from typing import Any

from quart import Response, request

from actors.operations import readiness
from api.pipeline import principal, services
from api.rest.handling import blueprint, json_response
from api.rest.openapi import openapi_document
from api.rest.openapi_parts import REQUEST_ID, json_answer, ref, unmetered
from api.rest.route_table import Refused, declare
from engine.records.analytics import GROUPS, analytics_query, parse_range, shape_rows
from engine.records.replies import Analytics, Health, Period, Quota, Readiness, Regions, Usage
from engine.rules.errors import InvalidRequest
from engine.rules.period import rfc3339, utcnow


def _examples(date: str, time: str) -> dict[str, Any]:
    return {"date": {"value": date}, "time": {"value": time}}


ANALYTICS_PARAMETERS = [
    {"name": "from", "in": "query", "schema": {"type": "string"},
     "examples": _examples("2026-11-01", "2026-11-01T08:00:00Z"),
     "description": "date or RFC 3339 time; absent or empty: 30 days before `to`"},
    {"name": "to", "in": "query", "schema": {"type": "string"},
     "examples": _examples("2026-11-21", "2026-11-21T17:00:00Z"),
     "description": "date (whole day included) or RFC 3339 time, at most 366 days after `from`; absent or empty: now"},
    {"name": "groupBy", "in": "query", "schema": {"type": "string", "enum": list(GROUPS), "default": "day"},
     "description": "warning: captures by the quality warnings they raised (`none` for the rest)"},
]


@declare(blueprint, "GET", "/api/usage", access="key", budget="plain", operation_id="usage",
         summary="Quota used this month", operation={"responses": {"200": json_answer(ref("Usage"), "usage")}})
async def usage() -> Response:
    who = principal()
    used = services().ledger.usage(who.workspace.id, who.monthly_limit)
    return json_response(Usage(
        period=Period(start=rfc3339(used.period_start), end=rfc3339(used.period_end)),
        plan=who.workspace.plan,
        quota=Quota(limit=used.limit, used=used.used, reserved=used.reserved, remaining=used.remaining),
    ))


@declare(blueprint, "GET", "/api/analytics", access="key", budget="plain", operation_id="analytics",
         summary="Capture attempts by day, format or outcome", refusals=(Refused(InvalidRequest, "a bad parameter"),),
         operation={"parameters": ANALYTICS_PARAMETERS, "responses": {"200": json_answer(ref("Analytics"), "counts")}})
async def analytics() -> Response:
    who = principal()
    group_by = request.args.get("groupBy", "day")
    analytics_query(group_by)  # an unknown groupBy is refused before the period is read
    since, until = parse_range(request.args.get("from"), request.args.get("to"), utcnow())
    rows = await services().event_log.analytics(group_by, who.workspace.id, since, until)
    return json_response(Analytics.model_validate({
        "from": rfc3339(since), "to": rfc3339(until), "groupBy": group_by, "rows": shape_rows(group_by, rows),
    }))


@declare(blueprint, "GET", "/api/regions", access="key", budget="plain", operation_id="regions",
         summary="The upstream proxy regions for proxy.region",
         operation={"responses": {"200": json_answer(ref("Regions"), "regions")}})
async def regions() -> Response:
    principal()  # a key, as every route of the API; the answer is the same for all
    return json_response(Regions(regions=list(services().captures.regions)))


@declare(blueprint, "GET", "/healthz", access="public", budget=None, operation_id="healthz",
         summary="Alive: the process and its event loop answer",
         operation={"responses": {"200": unmetered(ref("Health"), "alive")}})
async def healthz() -> Response:
    """The process and its event loop answer (this handler runs on the loop). No key."""
    return json_response(Health())


@declare(blueprint, "GET", "/readyz", access="public", budget=None, operation_id="readyz",
         summary="Ready: a browser session up, the event log committing, room on the data disk",
         operation={"responses": {"200": unmetered(ref("Readiness"), "ready"),
                                  "503": unmetered(ref("Readiness"), "unready: `failing` names the checks")}})
async def readyz() -> Response:
    """Ready for captures: a browser session up, the event log committing, room on the data disk. No key."""
    found = services()
    checks = await readiness(found.pool, found.event_log, found.settings)
    failing = [name for name, verdict in checks.items() if verdict != "ok"]
    if failing:
        return json_response(Readiness(status="unready", checks=checks, failing=failing), 503)
    return json_response(Readiness(status="ready", checks=checks))


@declare(blueprint, "GET", "/api/openapi.json", access="public", budget=None, operation_id="openapi",
         summary="This document",
         operation={"responses": {"200": {"description": "OpenAPI 3.1", "headers": REQUEST_ID,
                                          "content": {"application/json": {"schema": {"type": "object"}}}}}})
async def openapi() -> Response:
    return json_response(openapi_document())
