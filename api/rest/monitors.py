"""The monitor routes, each declared on its handler: a workspace's monitors (plan feature `monitors`) and their
runs, whose results and diff pictures are downloaded through signed URLs (`/api/results/run_…`)."""

from __future__ import annotations

from typing import Any

from quart import Response, request

from api.pipeline import base_url, principal, services
from api.rest.handling import blueprint, json_response, read_body
from api.rest.openapi_parts import RATE_HEADERS, REQUEST_ID, json_answer, json_body, ref
from api.rest.route_table import Refused, declare
from engine.records import monitor_replies as replies
from engine.records.monitor_replies import MonitorRuns, Monitors, monitor_view
from engine.records.monitor_runs import MonitorRun
from engine.records.monitors import Monitor
from engine.rules.errors import (
    CookieDomainMismatch,
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
           Refused(DestinationForbidden, "capture.url: a forbidden address; webhookUrl: not https, or a forbidden "
                                         "address"), DestinationUnresolvable, CookieDomainMismatch)
MONITOR_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "mon_…"}
MONITOR = json_answer(ref("Monitor"), "the monitor")
ONE: dict[str, Any] = {"params": {"id": "monitor_id"}, "refusals": (ENTITLED, UNKNOWN)}  # a route of one monitor


@declare(blueprint, "POST", "/api/monitors", access="key", budget="plain", operation_id="createMonitor",
         summary="Capture a page on a schedule", refusals=(
             ENTITLED, Refused(MonitorLimitReached, "as many monitors as the plan allows"), *REFUSED),
         operation={"description": "Its first run is placed in its first interval so that monitors created "
                                   "together are spread over it: a workspace's first monitor runs at once.",
                    "requestBody": json_body("MonitorCreate"),
                    "responses": {"201": json_answer(ref("Monitor"), "the monitor", {
                        "location": {"schema": {"type": "string"}}})}})
async def create_monitor() -> Response:
    monitor = await services().monitors.create(principal(), await read_body(), base_url())
    return json_response(_view(monitor), 201, {"location": f"{base_url()}/api/monitors/{monitor.id}"})


@declare(blueprint, "GET", "/api/monitors", access="key", budget="plain", operation_id="listMonitors",
         summary="The workspace's monitors", refusals=(ENTITLED,),
         operation={"responses": {"200": json_answer(ref("Monitors"), "monitors")}})
async def list_monitors() -> Response:
    return json_response(Monitors(monitors=[_view(m) for m in services().monitors.list_monitors(principal())]))


@declare(blueprint, "GET", "/api/monitors/{id}", access="key", budget="plain", operation_id="getMonitor",
         summary="A monitor", **ONE, operation={"parameters": [MONITOR_ID], "responses": {"200": MONITOR}})
async def get_monitor(monitor_id: str) -> Response:
    return json_response(_view(services().monitors.monitor(principal(), monitor_id)))


@declare(blueprint, "PATCH", "/api/monitors/{id}", access="key", budget="plain", operation_id="changeMonitor",
         summary="Change, pause or resume a monitor", params={"id": "monitor_id"},
         refusals=(ENTITLED, UNKNOWN, *REFUSED), operation={
             "description": "A new interval counts from now.", "parameters": [MONITOR_ID],
             "requestBody": json_body("MonitorChange"), "responses": {"200": MONITOR}})
async def change_monitor(monitor_id: str) -> Response:
    return json_response(_view(await services().monitors.change(principal(), monitor_id, await read_body())))


@declare(blueprint, "DELETE", "/api/monitors/{id}", access="key", budget="plain", operation_id="deleteMonitor",
         summary="Delete a monitor", **ONE, operation={
             "parameters": [MONITOR_ID],
             "responses": {"204": {"description": "deleted", "headers": {**REQUEST_ID, **RATE_HEADERS}}}})
async def delete_monitor(monitor_id: str) -> Response:
    await services().monitor_runs.delete(principal(), monitor_id)
    return Response("", status=204)


@declare(blueprint, "POST", "/api/monitors/{id}/run", access="key", budget="plain", operation_id="runMonitor",
         summary="Queue a run of a monitor now", **ONE, operation={
             "description": "Its schedule stays as it is; a paused monitor runs too; a run of it still "
                            "QUEUED is answered instead of a second one. The run waits for "
                            "synchronous captures and jobs.", "parameters": [MONITOR_ID],
             "responses": {"202": json_answer(ref("MonitorRun"), "the run, QUEUED")}})
async def run_monitor(monitor_id: str) -> Response:
    return json_response(_run_view(await services().monitor_runs.run_now(principal(), monitor_id)), 202)


@declare(blueprint, "GET", "/api/monitors/{id}/runs", access="key", budget="plain", operation_id="listMonitorRuns",
         summary="A monitor's runs, newest first", params={"id": "monitor_id"},
         refusals=(ENTITLED, UNKNOWN, Refused(InvalidRequest, "limit outside 1–100, or before names no run of it")),
         operation={"parameters": [
             MONITOR_ID,
             {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100,
                                                         "default": 20}},
             {"name": "before", "in": "query", "schema": {"type": "string"},
              "description": "run_…: the runs older than it (the last id of the previous page)"}],
             "responses": {"200": json_answer(ref("MonitorRuns"), "runs")}})
async def list_monitor_runs(monitor_id: str) -> Response:
    runs = services().monitors.history(principal(), monitor_id, request.args.get("limit", "20"),
                                       request.args.get("before"))
    return json_response(MonitorRuns(runs=[_run_view(run) for run in runs]))


def _view(monitor: Monitor) -> replies.Monitor:
    last = monitor.last_run
    return monitor_view(monitor, _run_view(last) if last is not None else None)


def _run_view(run: MonitorRun) -> replies.MonitorRun:
    found = services()
    return found.monitors.run_view(run, base_url(), found.settings.result_url_ttl_s)
