"""The webhook endpoint routes, each declared on its handler: a workspace's endpoints, their signing secrets and a
test event (durableWebhooks)."""

from __future__ import annotations

from typing import Any

from quart import Response

from api.pipeline import base_url, principal, services
from api.rest.handling import blueprint, json_response, read_body
from api.rest.openapi_parts import RATE_HEADERS, REQUEST_ID, WEBHOOK_ID, json_answer, json_body, ref
from api.rest.route_table import Refused, declare
from engine.records.replies import TestEventSent, WebhookEndpoints, endpoint_view
from engine.records.webhooks import ROTATION_OVERLAP_S, TEST_EVENT
from engine.rules.errors import (
    DestinationForbidden,
    DestinationUnresolvable,
    FeatureNotEntitled,
    InvalidRequest,
    MalformedJson,
    PayloadTooLarge,
    UnsupportedMediaType,
    WebhookNotFound,
)

ENTITLED = Refused(FeatureNotEntitled, "the plan lacks durableWebhooks")
UNKNOWN = Refused(WebhookNotFound, "unknown endpoint, or another workspace's")
REFUSED = (MalformedJson, PayloadTooLarge, UnsupportedMediaType, InvalidRequest,
           Refused(DestinationForbidden, "not https, or a forbidden address"), DestinationUnresolvable)
ENDPOINT = json_answer(ref("WebhookEndpoint"), "the endpoint")
LOCATION = {"location": {"schema": {"type": "string"}}}
ONE: dict[str, Any] = {"params": {"id": "webhook_id"}, "refusals": (ENTITLED, UNKNOWN)}  # a route of one endpoint


@declare(blueprint, "POST", "/api/webhooks", access="key", budget="plain", operation_id="createWebhook",
         summary="Add a webhook endpoint", refusals=(ENTITLED, *REFUSED), operation={
             "description": "Answers its signing secret (whsec_…) this once.",
             "requestBody": json_body("EndpointCreate"),
             "responses": {"201": json_answer(ref("WebhookEndpoint"), "the endpoint, with its secret", LOCATION)}})
async def create_webhook() -> Response:
    endpoint, secret = await services().webhook_endpoints.create_endpoint(principal(), await read_body())
    return json_response(endpoint_view(endpoint, secret), 201,
                         {"location": f"{base_url()}/api/webhooks/{endpoint.id}"})


@declare(blueprint, "GET", "/api/webhooks", access="key", budget="plain", operation_id="listWebhooks",
         summary="The workspace's webhook endpoints", refusals=(ENTITLED,),
         operation={"responses": {"200": json_answer(ref("WebhookEndpoints"), "endpoints")}})
async def list_webhooks() -> Response:
    listed = services().webhook_endpoints.list_endpoints(principal())
    return json_response(WebhookEndpoints(webhooks=[endpoint_view(endpoint) for endpoint in listed]))


@declare(blueprint, "GET", "/api/webhooks/{id}", access="key", budget="plain", operation_id="getWebhook",
         summary="A webhook endpoint", **ONE, operation={"parameters": [WEBHOOK_ID], "responses": {"200": ENDPOINT}})
async def get_webhook(webhook_id: str) -> Response:
    return json_response(endpoint_view(services().webhook_endpoints.endpoint(principal(), webhook_id)))


@declare(blueprint, "PATCH", "/api/webhooks/{id}", access="key", budget="plain", operation_id="changeWebhook",
         summary="Change a webhook endpoint", params={"id": "webhook_id"}, refusals=(ENTITLED, UNKNOWN, *REFUSED),
         operation={
             "description": "Pending messages go to the new URL. {\"enabled\": true} enables an endpoint that was "
                            "disabled (a 410 answer, or days without a successful call).",
             "parameters": [WEBHOOK_ID], "requestBody": json_body("EndpointChange"),
             "responses": {"200": ENDPOINT}})
async def change_webhook(webhook_id: str) -> Response:
    endpoint = await services().webhook_endpoints.change_endpoint(principal(), webhook_id, await read_body())
    return json_response(endpoint_view(endpoint))


@declare(blueprint, "DELETE", "/api/webhooks/{id}", access="key", budget="plain", operation_id="deleteWebhook",
         summary="Delete a webhook endpoint", **ONE, operation={
             "description": "Messages still pending for it are given up.", "parameters": [WEBHOOK_ID],
             "responses": {"204": {"description": "deleted", "headers": {**REQUEST_ID, **RATE_HEADERS}}}})
async def delete_webhook(webhook_id: str) -> Response:
    await services().webhook_endpoints.delete_endpoint(principal(), webhook_id)
    return Response("", status=204)


@declare(blueprint, "POST", "/api/webhooks/{id}/rotate-secret", access="key", budget="plain",
         operation_id="rotateWebhookSecret", summary="A new signing secret", **ONE, operation={
             "parameters": [WEBHOOK_ID],
             "description": f"Answered this once; the old secret keeps signing beside it for "
                            f"{ROTATION_OVERLAP_S // 3600} h (several space-separated signatures).",
             "responses": {"200": json_answer(ref("WebhookEndpoint"), "the endpoint, with its new secret")}})
async def rotate_webhook_secret(webhook_id: str) -> Response:
    endpoint, secret = await services().webhook_endpoints.rotate_endpoint_secret(principal(), webhook_id)
    return json_response(endpoint_view(endpoint, secret))


@declare(blueprint, "POST", "/api/webhooks/{id}/test", access="key", budget="plain", operation_id="testWebhook",
         summary="Send a test event", **ONE, operation={
             "parameters": [WEBHOOK_ID],
             "description": f"A {TEST_EVENT} message, whatever the endpoint's events filter says.",
             "responses": {"202": json_answer(ref("TestEventSent"), "scheduled")}})
async def test_webhook(webhook_id: str) -> Response:
    message = await services().webhooks.send_test(principal(), webhook_id)
    return json_response(TestEventSent(id=message.id, type=message.event_type), 202)
