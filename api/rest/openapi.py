"""The OpenAPI 3.1 document: the schemas from the same pydantic models the server validates with, the paths
from the routes each handler declares (api/rest/route_table.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema
from pydantic_core import core_schema

from api.rest.openapi_parts import REF, UNREADABLE
from api.rest.route_table import ROUTES
from engine.records.jobs import MAX_BATCH
from engine.records.replies import CALLS, REPLIES
from engine.records.webhooks import EVENT_TYPES, MONITOR_EVENTS, TEST_EVENT, EndpointChange, EndpointCreate
from engine.rules.devices import DEVICES
from engine.rules.monitors import MonitorChange, MonitorCreate
from engine.rules.request import HEADER_NAME, LOCALE_TAG, CaptureRequest


class Omitted(GenerateJsonSchema):
    """An answer leaves out a field that is None (`Reply.wire`): optional, never null."""

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        if schema.get("default") is None:  # omitted, so no default either
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False  # "Statusurl" says less than the name beside it


CROSS_FIELD_RULES = """Rules across fields, refused with 422 invalid_request:
exactly one of `url` and `html`; `quality` only with format jpeg or webp; `omitBackground` only with png or
webp; `pdf` only with format pdf; `video` only with formats webm, mp4 and gif; `resize` and `mockup` only with
png, jpeg or webp; `resize`'s cover and contain need width and height; not both `device` and `viewport`; not
both `fullPage` and `selector`; `cookies` only with `url`. `headers` may not set hop-by-hop headers, Host,
Cookie or Proxy-*; `timezone` is an IANA zone name; `failOnStatus` strings are ranges like "500-599". A `url`
must pass the destination rules (422 destination_forbidden, destination_unresolvable, cookie_domain_mismatch);
so must every request the page makes, and a main document sent to a forbidden address (a redirect, a refresh)
fails the capture with 422 destination_forbidden. Paid options need the plan's feature (403
feature_not_entitled)."""


def _capture_request(generated: dict[str, Any]) -> dict[str, Any]:
    """The pydantic schema plus what its validators check, as far as JSON Schema can say it and generators read it."""
    properties = dict(generated["properties"])
    properties["device"] = {
        "anyOf": [{"type": "string", "enum": sorted(DEVICES)}, {"type": "null"}], "default": None,
    }
    properties["locale"] = {**properties["locale"], "pattern": LOCALE_TAG.pattern}
    properties["headers"] = {**properties["headers"],
                             "propertyNames": {"pattern": HEADER_NAME.pattern}}
    properties["failOnStatus"] = {**properties["failOnStatus"], "items": {"anyOf": [
        {"type": "integer", "minimum": 100, "maximum": 599}, {"type": "string"}]}}
    # "Exactly one of url and html" stays in the description with the other rules across fields: said as
    # a oneOf, generators (openapi-python-client) made two models of one field each and dropped the rest.
    return {**generated, "properties": properties, "description": CROSS_FIELD_RULES}


def _components() -> dict[str, Any]:
    _, schema = models_json_schema([(CaptureRequest, "validation"), (EndpointCreate, "validation"),
                                    (EndpointChange, "validation"), (MonitorCreate, "validation"),
                                    (MonitorChange, "validation")], ref_template=REF)
    schemas: dict[str, Any] = dict(schema.get("$defs", {}))
    _, replies = models_json_schema([(reply, "serialization") for reply in REPLIES + CALLS], ref_template=REF,
                                    schema_generator=Omitted)
    schemas.update(replies["$defs"])
    schemas["CaptureRequest"] = _capture_request(schema["$defs"]["CaptureRequest"])
    schemas.update(_job_schemas())
    return schemas


def _job_schemas() -> dict[str, Any]:
    return {
        "BatchRequest": {
            "type": "object", "required": ["captures"], "additionalProperties": False,
            "properties": {"captures": {"type": "array", "minItems": 1, "maxItems": MAX_BATCH,
                                        "items": {"$ref": REF.format(model="CaptureRequest")}}},
        },
    }


@cache
def openapi_document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Capture API", "version": "1",
                 "description": "Render web pages to PNG, JPEG, WebP, PDF or HTML, directly or as "
                                "durable jobs with signed, expiring result URLs."},
        "servers": [{"url": "/"}],
        "security": [{"apiKey": []}, {"bearer": []}],
        "paths": _paths(),
        "webhooks": {event: {"post": {
            "summary": f"{event}: to one endpoint, asked for by POST /api/webhooks/{{id}}/test" if event == TEST_EVENT
            else f"{event}: to a monitor's webhookUrl and to the endpoints that take it" if event in MONITOR_EVENTS
            else f"{event}: to a job's webhookUrl and to the endpoints that take it",
            "description": "Signed by the Standard Webhooks scheme, with the workspace's signing secret (a job's "
                           "webhookUrl) or the endpoint's own: "
                           "webhook-id (the same in every retry), webhook-timestamp (this try), webhook-signature "
                           "(v1,<base64 HMAC-SHA256 of id.timestamp.body>, one per secret in force, "
                           "space-separated). A 2xx answer delivers it; anything else, a redirect or no answer "
                           "within the timeout is retried; 410 gives it up.",
            "parameters": [{"name": name, "in": "header", "required": True, "schema": {"type": "string"}}
                           for name in ("webhook-id", "webhook-timestamp", "webhook-signature")],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": REF.format(model="MonitorWebhookEvent" if event in MONITOR_EVENTS
                                              else "WebhookTestEvent" if event == TEST_EVENT else "WebhookEvent")}}}},
            "responses": {"2XX": {"description": "delivered"}, "410": {"description": "never again"}},
        }} for event in (*EVENT_TYPES, TEST_EVENT)},
        "components": {
            "schemas": _components(),
            "securitySchemes": {
                "apiKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
                "bearer": {"type": "http", "scheme": "bearer"},
            },
        },
    }


def _paths() -> dict[str, Any]:
    """Each declared route of the API's document, as declared; any of them may meet a request HTTP cannot read."""
    paths: dict[str, Any] = {}
    for route in ROUTES:
        if route.documented:
            operation = route.document()
            operation["responses"].setdefault("400", UNREADABLE)
            paths.setdefault(route.path, {})[route.method.lower()] = operation
    return paths
