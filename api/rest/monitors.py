"""The monitor routes, each declared on its handler: a workspace's monitors (plan feature `monitors`).

The runs (`POST /api/monitors/{id}/run`, `GET /api/monitors/{id}/runs`) come with the scheduler (issue 57)."""

from __future__ import annotations

from typing import Any

from quart import Response

from api.pipeline import base_url, principal, services
from api.rest.handling import blueprint, json_response, read_body
from api.rest.openapi_parts import RATE_HEADERS, REQUEST_ID, json_answer, json_body, ref
from api.rest.route_table import Refused, declare
from engine.records.replies import Monitors, monitor_view
from engine.rules.errors import (
    DestinationForbidden,
    DestinationUnresolvable,
    FeatureNotEntitled,
    InvalidRequest,
    MalformedJson,
    MonitorLimitReached,
    MonitorNotFound,
    PayloadTooLarge,
    UnsupportedMediaType,
)

ENTITLED = Refused(FeatureNotEntitled, "the plan lacks monitors, or a paid option of the capture")
UNKNOWN = Refused(MonitorNotFound, "unknown monitor, or another workspace's")
REFUSED = (MalformedJson, PayloadTooLarge, UnsupportedMediaType,
           Refused(InvalidRequest, "a bad field, a format a comparison cannot read, an interval off the plan's"),
           Refused(DestinationForbidden, "webhookUrl: not https, or a forbidden address"), DestinationUnresolvable)
MONITOR_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "mon_…"}
MONITOR = json_answer(ref("Monitor"), "the monitor")
ONE: dict[str, Any] = {"params": {"id": "monitor_id"}, "refusals": (ENTITLED, UNKNOWN)}  # a route of one monitor


@declare(blueprint, "POST", "/api/monitors", access="key", budget="plain", operation_id="createMonitor",
         summary="Capture a page on a schedule", refusals=(
             ENTITLED, Refused(MonitorLimitReached, "as many monitors as the plan allows"), *REFUSED),
         operation={"description": "Its first run is placed in its first interval so that monitors created "
                                   "together are spread over it (the runs are not built yet: issue 57).",
                    "requestBody": json_body("MonitorCreate"),
                    "responses": {"201": json_answer(ref("Monitor"), "the monitor", {
                        "location": {"schema": {"type": "string"}}})}})
async def create_monitor() -> Response:
    monitor = await services().monitors.create(principal(), await read_body())
    return json_response(monitor_view(monitor), 201, {"location": f"{base_url()}/api/monitors/{monitor.id}"})


@declare(blueprint, "GET", "/api/monitors", access="key", budget="plain", operation_id="listMonitors",
         summary="The workspace's monitors", refusals=(ENTITLED,),
         operation={"responses": {"200": json_answer(ref("Monitors"), "monitors")}})
async def list_monitors() -> Response:
    return json_response(Monitors(monitors=[monitor_view(m) for m in services().monitors.list_monitors(principal())]))


@declare(blueprint, "GET", "/api/monitors/{id}", access="key", budget="plain", operation_id="getMonitor",
         summary="A monitor", **ONE, operation={"parameters": [MONITOR_ID], "responses": {"200": MONITOR}})
async def get_monitor(monitor_id: str) -> Response:
    return json_response(monitor_view(services().monitors.monitor(principal(), monitor_id)))


@declare(blueprint, "PATCH", "/api/monitors/{id}", access="key", budget="plain", operation_id="changeMonitor",
         summary="Change, pause or resume a monitor", params={"id": "monitor_id"},
         refusals=(ENTITLED, UNKNOWN, *REFUSED), operation={
             "description": "A new interval counts from now.", "parameters": [MONITOR_ID],
             "requestBody": json_body("MonitorChange"), "responses": {"200": MONITOR}})
async def change_monitor(monitor_id: str) -> Response:
    return json_response(monitor_view(await services().monitors.change(principal(), monitor_id, await read_body())))


@declare(blueprint, "DELETE", "/api/monitors/{id}", access="key", budget="plain", operation_id="deleteMonitor",
         summary="Delete a monitor", **ONE, operation={
             "parameters": [MONITOR_ID],
             "responses": {"204": {"description": "deleted", "headers": {**REQUEST_ID, **RATE_HEADERS}}}})
async def delete_monitor(monitor_id: str) -> Response:
    await services().monitors.delete(principal(), monitor_id)
    return Response("", status=204)
