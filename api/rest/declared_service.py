"""The other routes' declarations: webhook endpoints, usage and analytics, regions, health, this document, and
what the dashboard's forms spend of the API's budgets."""

from __future__ import annotations

from typing import Any

from api.rest.answers import RATE_HEADERS, REQUEST_ID, WEBHOOK_ID, json_answer, json_body, ref, unmetered
from api.rest.declaring import Route
from engine.records.analytics import GROUPS
from engine.records.webhooks import ROTATION_OVERLAP_S, TEST_EVENT

ENTITLED: dict[str, str | dict[str, Any]] = {"403": "feature_not_entitled: the plan lacks durableWebhooks"}
UNKNOWN: dict[str, str | dict[str, Any]] = {"404": "not_found: unknown endpoint, or another workspace's"}
REFUSED: dict[str, str | dict[str, Any]] = {
    "400": "malformed_json", "413": "payload_too_large", "415": "unsupported_media_type",
    "422": "invalid_request, destination_forbidden (not https, or a forbidden address), destination_unresolvable"}
ENDPOINT = json_answer(ref("WebhookEndpoint"), "the endpoint")
LOCATION = {"location": {"schema": {"type": "string"}}}


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

WEBHOOK_ROUTES = (
    Route("POST", "/api/webhooks", "api.create_webhook", "key", "plain", "/api/webhooks",
          "Add a webhook endpoint", "createWebhook", errors={**ENTITLED, **REFUSED}, operation={
              "description": "Answers its signing secret (whsec_…) this once.",
              "requestBody": json_body("EndpointCreate"),
              "responses": {"201": json_answer(ref("WebhookEndpoint"), "the endpoint, with its secret", LOCATION)}}),
    Route("GET", "/api/webhooks", "api.list_webhooks", "key", "plain", "/api/webhooks",
          "The workspace's webhook endpoints", "listWebhooks", errors=ENTITLED,
          operation={"responses": {"200": json_answer(ref("WebhookEndpoints"), "endpoints")}}),
    Route("GET", "/api/webhooks/<webhook_id>", "api.get_webhook", "key", "plain", "/api/webhooks/{id}",
          "A webhook endpoint", "getWebhook", errors={**ENTITLED, **UNKNOWN},
          operation={"parameters": [WEBHOOK_ID], "responses": {"200": ENDPOINT}}),
    Route("PATCH", "/api/webhooks/<webhook_id>", "api.change_webhook", "key", "plain", "/api/webhooks/{id}",
          "Change a webhook endpoint", "changeWebhook", errors={**ENTITLED, **UNKNOWN, **REFUSED}, operation={
              "description": "Pending messages go to the new URL. {\"enabled\": true} enables an endpoint that was "
                             "disabled (a 410 answer, or days without a successful call).",
              "parameters": [WEBHOOK_ID], "requestBody": json_body("EndpointChange"),
              "responses": {"200": ENDPOINT}}),
    Route("DELETE", "/api/webhooks/<webhook_id>", "api.delete_webhook", "key", "plain", "/api/webhooks/{id}",
          "Delete a webhook endpoint", "deleteWebhook", errors={**ENTITLED, **UNKNOWN}, operation={
              "description": "Messages still pending for it are given up.", "parameters": [WEBHOOK_ID],
              "responses": {"204": {"description": "deleted", "headers": {**REQUEST_ID, **RATE_HEADERS}}}}),
    Route("POST", "/api/webhooks/<webhook_id>/rotate-secret", "api.rotate_webhook_secret", "key", "plain",
          "/api/webhooks/{id}/rotate-secret", "A new signing secret", "rotateWebhookSecret",
          errors={**ENTITLED, **UNKNOWN}, operation={
              "parameters": [WEBHOOK_ID],
              "description": f"Answered this once; the old secret keeps signing beside it for "
                             f"{ROTATION_OVERLAP_S // 3600} h (several space-separated signatures).",
              "responses": {"200": json_answer(ref("WebhookEndpoint"), "the endpoint, with its new secret")}}),
    Route("POST", "/api/webhooks/<webhook_id>/test", "api.test_webhook", "key", "plain", "/api/webhooks/{id}/test",
          "Send a test event", "testWebhook", errors={**ENTITLED, **UNKNOWN}, operation={
              "parameters": [WEBHOOK_ID],
              "description": f"A {TEST_EVENT} message, whatever the endpoint's events filter says.",
              "responses": {"202": json_answer(ref("TestEventSent"), "scheduled")}}),
)

SERVICE_ROUTES = (
    *WEBHOOK_ROUTES,
    Route("GET", "/api/usage", "api.usage", "key", "plain", "/api/usage", "Quota used this month", "usage",
          operation={"responses": {"200": json_answer(ref("Usage"), "usage")}}),
    Route("GET", "/api/analytics", "api.analytics", "key", "plain", "/api/analytics",
          "Capture attempts by day, format or outcome", "analytics",
          errors={"422": "invalid_request: a bad parameter"},
          operation={"parameters": ANALYTICS_PARAMETERS,
                     "responses": {"200": json_answer(ref("Analytics"), "counts")}}),
    Route("GET", "/api/regions", "api.regions", "key", "plain", "/api/regions",
          "The upstream proxy regions for proxy.region", "regions",
          operation={"responses": {"200": json_answer(ref("Regions"), "regions")}}),
    Route("GET", "/healthz", "api.healthz", "public", None, "/healthz",
          "Alive: the process and its event loop answer", "healthz",
          operation={"responses": {"200": unmetered(ref("Health"), "alive")}}),
    Route("GET", "/readyz", "api.readyz", "public", None, "/readyz",
          "Ready: a browser session up, the event log committing, room on the data disk", "readyz",
          operation={"responses": {"200": unmetered(ref("Readiness"), "ready"),
                                   "503": unmetered(ref("Readiness"), "unready: `failing` names the checks")}}),
    Route("GET", "/api/openapi.json", "api.openapi", "public", None, "/api/openapi.json", "This document", "openapi",
          operation={"responses": {"200": {"description": "OpenAPI 3.1", "headers": REQUEST_ID,
                                           "content": {"application/json": {"schema": {"type": "object"}}}}}}),
    # The dashboard's forms that spend the API's budgets, as their API twins do (not in the API's document).
    Route("POST", "/dashboard/w/<workspace_id>/playground", "dashboard.playground", "session", "capture"),
    Route("POST", "/dashboard/w/<workspace_id>/webhooks/endpoints/<endpoint_id>/<action>", "dashboard.endpoint_action",
          "session", "plain"),  # spent by `test` only, as POST /api/webhooks/{id}/test
    Route("POST", "/dashboard/w/<workspace_id>/webhooks/messages/<message_id>/resend", "dashboard.resend",
          "session", "plain"),
)
