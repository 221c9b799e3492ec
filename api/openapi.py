"""The OpenAPI 3.1 document, built from the same pydantic models the server validates with."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema
from pydantic_core import core_schema

from engine.records.idempotency import REMEMBER_S
from engine.records.jobs import MAX_BATCH, MAX_IDEMPOTENCY_KEY
from engine.records.responses import CALLS, REPLIES
from engine.records.webhooks import EVENT_TYPES, ROTATION_OVERLAP_S, TEST_EVENT, EndpointChange, EndpointCreate
from engine.rules.devices import DEVICES
from engine.rules.request import HEADER_NAME, LOCALE_TAG, CaptureRequest

REF = "#/components/schemas/{model}"


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
RATE_HEADERS = {
    name: {"description": text, "schema": {"type": "integer"}}
    for name, text in (
        ("ratelimit-limit", "requests per minute allowed for this key"),
        ("ratelimit-remaining", "requests left in the current window"),
        ("ratelimit-reset", "seconds until the window is full again"),
    )
}
REQUEST_ID = {
    "x-request-id": {"description": "id of this request (req_…)", "schema": {"type": "string"}},
}
RETRY_AFTER = {"retry-after": {"description": "seconds to wait", "schema": {"type": "integer"}}}


def _problem(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "description": description,
        "headers": {**REQUEST_ID, **(headers or {})},
        "content": {"application/problem+json": {"schema": {"$ref": REF.format(model="Problem")}}},
    }


# Not a promise but the shape of a broken promise: an unhandled fault is a problem document too.
INTERNAL_ERROR = {"500": _problem("internal_error: a fault of the service itself, logged")}
COMMON_ERRORS = {
    "401": _problem("missing, unknown or revoked API key (unauthenticated)",
                    {"www-authenticate": {"schema": {"type": "string"}}}),
    "429": _problem("rate_limited (the key's or the workspace's requests per minute; status reads of jobs: the "
                    "workspace's read budget, ten times as large; the detail names it) or quota_exceeded (monthly)",
                    {**RETRY_AFTER, **RATE_HEADERS}),
    **INTERNAL_ERROR,
}
CROSS_FIELD_RULES = """Rules across fields, refused with 422 invalid_request:
exactly one of `url` and `html`; `quality` only with format jpeg or webp; `omitBackground` only with
png or webp; `pdf` only with format pdf; `video` only with format webm; `mockup` only with png, jpeg
or webp; not both `device` and `viewport`; not both `fullPage` and `selector`; `cookies` only with
`url`. `headers` may not set hop-by-hop headers, Host, Cookie or Proxy-*; `timezone` is an IANA
zone name; `failOnStatus` strings are ranges like "500-599". A `url` must pass the destination
rules (422 destination_forbidden, destination_unresolvable, cookie_domain_mismatch); so must every
request the page makes, and a main document sent to a forbidden address (a redirect, a refresh)
fails the capture with 422 destination_forbidden. Paid options need the plan's feature (403
feature_not_entitled)."""


def _authenticated(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """A problem answered after the key was admitted, so it carries the rate headers."""
    return _problem(description, {**RATE_HEADERS, **(headers or {})})


def _capture_request(generated: dict[str, Any]) -> dict[str, Any]:
    """The pydantic schema plus what its validators check, as far as JSON Schema can say it."""
    properties = dict(generated["properties"])
    properties["device"] = {
        "anyOf": [{"type": "string", "enum": sorted(DEVICES)}, {"type": "null"}], "default": None,
    }
    properties["locale"] = {**properties["locale"], "pattern": LOCALE_TAG.pattern}
    properties["headers"] = {**properties["headers"],
                             "propertyNames": {"pattern": HEADER_NAME.pattern}}
    properties["failOnStatus"] = {**properties["failOnStatus"], "items": {"anyOf": [
        {"type": "integer", "minimum": 100, "maximum": 599}, {"type": "string"}]}}
    exactly_one_source = [{"required": [name], "properties": {name: {"type": "string"}}}
                          for name in ("url", "html")]
    return {**generated, "properties": properties, "oneOf": exactly_one_source,
            "description": CROSS_FIELD_RULES}


def _unmetered(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """A JSON answer of a route that needs no key, so takes nothing from a rate budget."""
    return {"description": description, "headers": {**REQUEST_ID}, "content": {"application/json": {"schema": schema}}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "headers": {**REQUEST_ID, **RATE_HEADERS},
            "content": {"application/json": {"schema": schema}}}


def _components() -> dict[str, Any]:
    _, schema = models_json_schema([(CaptureRequest, "validation"), (EndpointCreate, "validation"),
                                    (EndpointChange, "validation")], ref_template=REF)
    schemas: dict[str, Any] = dict(schema.get("$defs", {}))
    _, replies = models_json_schema([(reply, "serialization") for reply in REPLIES + CALLS], ref_template=REF,
                                    schema_generator=Omitted)
    schemas.update(replies["$defs"])
    schemas["CaptureRequest"] = _capture_request(schema["$defs"]["CaptureRequest"])
    schemas.update(_job_schemas())
    return schemas


IDEMPOTENCY_KEY = {
    "name": "idempotency-key", "in": "header", "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY, "pattern": "^[ -~]+$"},
    "description": f"1-{MAX_IDEMPOTENCY_KEY} printable ASCII characters, remembered {REMEMBER_S // 3600} h per "
                   "workspace. The same key with the "
                   "same body answers the first response again (idempotent-replayed: true); with another body "
                   "422 idempotency_key_reused; while the first is still being accepted 409 idempotency_conflict.",
}
REPLAYED = {"idempotent-replayed": {"description": "true when this is the stored answer to an earlier request "
                                                   "with the same Idempotency-Key", "schema": {"type": "string"}}}
JOB_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "job_…"}


def _job_schemas() -> dict[str, Any]:
    return {
        "BatchRequest": {
            "type": "object", "required": ["captures"], "additionalProperties": False,
            "properties": {"captures": {"type": "array", "minItems": 1, "maxItems": MAX_BATCH,
                                        "items": {"$ref": REF.format(model="CaptureRequest")}}},
        },
    }


def _job_paths() -> dict[str, Any]:
    accepted_errors = {
        "400": _authenticated("malformed_json or invalid_idempotency_key"),
        **COMMON_ERRORS,
        "403": _authenticated("feature_not_entitled: a paid option the plan lacks"),
        "409": _authenticated("idempotency_conflict: the first request with this key is still being accepted"),
        "413": _authenticated("payload_too_large"),
        "415": _authenticated("unsupported_media_type"),
        "422": _authenticated("invalid_request, destination_forbidden, destination_unresolvable, "
                              "cookie_domain_mismatch, idempotency_key_reused, batch_too_large"),
        "503": _authenticated("capacity_exhausted: the job queue is full", RETRY_AFTER),
    }
    job_body = {"$ref": REF.format(model="Job")}
    binary = {"schema": {"type": "string", "format": "binary"}}
    return {
        "/api/jobs": {"post": {
            "summary": "Queue one capture as a durable job", "operationId": "createJob",
            "description": "Answered 202 only once the job is on disk. Cookies, headers and JavaScript are "
                           "sealed (AES-256-GCM) before they are queued.",
            "parameters": [IDEMPOTENCY_KEY],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": REF.format(model="CaptureRequest")}}}},
            "responses": {
                "202": {"description": "queued", "headers": {
                    **REQUEST_ID, **RATE_HEADERS, **REPLAYED,
                    "location": {"description": "the statusUrl", "schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": REF.format(model="JobAccepted")}}}},
                **accepted_errors,
            },
        }},
        "/api/jobs/batch": {"post": {
            "summary": f"Queue up to {MAX_BATCH} captures", "operationId": "createBatch",
            "description": "Every capture is checked first; if any fails, nothing is queued and errors[] names "
                           "each failing item (captures[2].url). Quota is reserved for all of them.",
            "parameters": [IDEMPOTENCY_KEY],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": REF.format(model="BatchRequest")}}}},
            "responses": {
                "202": {"description": "queued, in request order",
                        "headers": {**REQUEST_ID, **RATE_HEADERS, **REPLAYED},
                        "content": {"application/json": {
                            "schema": {"$ref": REF.format(model="BatchAccepted")}}}},
                **accepted_errors,
            },
        }},
        "/api/jobs/{id}": {
            "get": {
                "summary": "A job's state", "operationId": "getJob", "parameters": [JOB_ID],
                "responses": {"200": _json(job_body, "the job; absent fields omitted"), **COMMON_ERRORS,
                              "404": _authenticated("not_found: unknown, or another workspace's")},
            },
            "delete": {
                "summary": "Cancel a job", "operationId": "cancelJob", "parameters": [JOB_ID],
                "description": "QUEUED: CANCELLED at once. RUNNING: cancelRequested, then CANCELLED (or "
                               "SUCCEEDED if it finished first). Cancelled jobs cost no quota.",
                "responses": {"202": _json(job_body, "the job after the request"), **COMMON_ERRORS,
                              "404": _authenticated("not_found: unknown, or another workspace's"),
                              "409": _authenticated("job_already_finished: SUCCEEDED, FAILED or EXPIRED")},
            },
        },
        "/api/results/{id}": {"get": {
            "summary": "Download a job's result through its signed URL", "operationId": "getResult",
            "security": [],
            "parameters": [JOB_ID,
                           {"name": "expires", "in": "query", "schema": {"type": "string"},
                            "description": "unix time, from the resultUrl"},
                           {"name": "sig", "in": "query", "schema": {"type": "string"},
                            "description": "signature, from the resultUrl"}],
            "responses": {
                "200": {"description": "the capture", "headers": {**REQUEST_ID, **RATE_HEADERS, "content-disposition": {
                    "schema": {"type": "string"}}},
                        "content": {t: binary for t in ("image/png", "image/jpeg", "image/webp",
                                                        "application/pdf", "text/html", "video/webm")}},
                "403": _problem("invalid_signature: the URL was altered"),
                "404": _problem("not_found: unknown job, or a URL signed for another workspace"),
                "410": _problem("result_url_expired: the URL or the result's retention ended"),
                "429": _problem("rate_limited: the workspace's status reads and downloads (ten times its plan's "
                                "requests per minute) are spent", {**RETRY_AFTER, **RATE_HEADERS}),
                **INTERNAL_ERROR,
            },
        }},
    }


def _webhook_paths() -> dict[str, Any]:
    entitled = {"403": _authenticated("feature_not_entitled: the plan lacks durableWebhooks")}
    unknown = {"404": _authenticated("not_found: unknown endpoint, or another workspace's")}
    refused = {"400": _authenticated("malformed_json"), "413": _authenticated("payload_too_large"),
               "415": _authenticated("unsupported_media_type"),
               "422": _authenticated("invalid_request, destination_forbidden (not https, or a forbidden address), "
                                     "destination_unresolvable")}
    endpoint = _json({"$ref": REF.format(model="WebhookEndpoint")}, "the endpoint")
    webhook_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "whe_…"}

    def body(model: str) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": {"$ref": REF.format(model=model)}}}}

    return {
        "/api/webhooks": {
            "post": {"summary": "Add a webhook endpoint", "operationId": "createWebhook",
                     "description": "Answers its signing secret (whsec_…) this once.",
                     "requestBody": body("EndpointCreate"),
                     "responses": {"201": {**_json({"$ref": REF.format(model="WebhookEndpoint")},
                                                   "the endpoint, with its secret"),
                                           "headers": {**REQUEST_ID, **RATE_HEADERS, "location": {
                                               "schema": {"type": "string"}}}},
                                   **COMMON_ERRORS, **entitled, **refused}},
            "get": {"summary": "The workspace's webhook endpoints", "operationId": "listWebhooks",
                    "responses": {"200": _json({"$ref": REF.format(model="WebhookEndpoints")}, "endpoints"),
                                  **COMMON_ERRORS, **entitled}},
        },
        "/api/webhooks/{id}": {
            "get": {"summary": "A webhook endpoint", "operationId": "getWebhook", "parameters": [webhook_id],
                    "responses": {"200": endpoint, **COMMON_ERRORS, **entitled, **unknown}},
            "patch": {"summary": "Change a webhook endpoint", "operationId": "changeWebhook",
                      "description": "Pending messages go to the new URL. {\"enabled\": true} enables an endpoint "
                                     "that was disabled (a 410 answer, or days without a successful call).",
                      "parameters": [webhook_id], "requestBody": body("EndpointChange"),
                      "responses": {"200": endpoint, **COMMON_ERRORS, **entitled, **unknown, **refused}},
            "delete": {"summary": "Delete a webhook endpoint", "operationId": "deleteWebhook",
                       "description": "Messages still pending for it are given up.", "parameters": [webhook_id],
                       "responses": {"204": {"description": "deleted", "headers": {**REQUEST_ID, **RATE_HEADERS}},
                                     **COMMON_ERRORS, **entitled, **unknown}},
        },
        "/api/webhooks/{id}/rotate-secret": {"post": {
            "summary": "A new signing secret", "operationId": "rotateWebhookSecret", "parameters": [webhook_id],
            "description": f"Answered this once; the old secret keeps signing beside it for "
                           f"{ROTATION_OVERLAP_S // 3600} h (several space-separated signatures).",
            "responses": {"200": _json({"$ref": REF.format(model="WebhookEndpoint")}, "the endpoint, with its new "
                                       "secret"), **COMMON_ERRORS, **entitled, **unknown}}},
        "/api/webhooks/{id}/test": {"post": {
            "summary": "Send a test event", "operationId": "testWebhook", "parameters": [webhook_id],
            "description": f"A {TEST_EVENT} message, whatever the endpoint's events filter says.",
            "responses": {"202": _json({"$ref": REF.format(model="TestEventSent")}, "scheduled"),
                          **COMMON_ERRORS, **entitled, **unknown}}},
    }


def _screenshot() -> dict[str, Any]:
    binary = {"schema": {"type": "string", "format": "binary"}}
    capture_headers = {
        name: {"description": text, "schema": {"type": "string"}}
        for name, text in (
            ("x-capture-id", "id of this capture"),
            ("x-target-status", "HTTP status of the page's main document"),
            ("x-quota-limit", "monthly captures allowed"),
            ("x-quota-remaining", "monthly captures left after this one"),
            ("x-removed-elements", "with removeElements: the elements removed per kind, "
                                   "e.g. `cookieBanners=1, popups=0, ads=2`"),
            ("x-blocked-hosts", "with removeElements.ads: how many listed ad and tracker hosts the page "
                                "was kept from reaching"),
            ("x-cache", "with cache: HIT (answered from a kept result, no quota used) or MISS (rendered)"),
        )
    }
    return {
        "summary": "Capture one page and return the file (or, with responseType json, its metadata)",
        "operationId": "screenshot",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": {"$ref": REF.format(model="CaptureRequest")}}}},
        "responses": {
            "200": {"description": "the capture",
                    "headers": {**REQUEST_ID, **RATE_HEADERS, **capture_headers},
                    "content": {**{t: binary for t in ("image/png", "image/jpeg", "image/webp",
                                                       "application/pdf", "text/html", "video/webm")},
                                "application/json": {"schema": {"$ref": REF.format(model="CaptureReport")}}}},
            "400": _authenticated("malformed_json, or bad_request: HTTP that could not be read"),
            **COMMON_ERRORS,
            "403": _authenticated("feature_not_entitled: a paid option the plan lacks"),
            "413": _authenticated("payload_too_large"),
            "415": _authenticated("unsupported_media_type"),
            "422": _authenticated(
                "invalid_request, destination_forbidden, destination_unresolvable, "
                "cookie_domain_mismatch, selector_not_found, target_status_rejected, result_too_large, "
                "javascript_error (the client's script threw or rejected: its message), unknown_region"),
            "502": _authenticated("render_failed, or proxy_unavailable: the region's upstream proxy could not "
                                  "be reached or refused"),
            "503": _authenticated("capacity_exhausted", RETRY_AFTER),
            "504": _authenticated("render_timeout"),
        },
    }


def _render_link() -> dict[str, Any]:
    """GET /api/render/…: the screenshot's answers, authorised by the link's signature instead of a key."""
    operation = _screenshot()
    del operation["requestBody"]
    path = {"in": "path", "required": True, "schema": {"type": "string"}}
    operation.update({
        "summary": "A capture named by a signed URL (an <img src>, an og:image): no API key",
        "operationId": "renderLink", "security": [],
        "description": "The capture request as query parameters: nested options dotted (viewport.width=800), "
                       "a list as the name repeated (hideSelectors=.a&hideSelectors=.b), a list of objects by "
                       "index (cookies.0.name=…), booleans true/false; the extension is the format. `signature` "
                       "is the hex HMAC-SHA256 of the canonical query (every parameter, expires included, sorted "
                       "by name then value, RFC 3986 encoded) with the key's signing secret (shown once at the "
                       "key's creation, rotatable). Cached for 4 h unless cache.ttlS says otherwise; answers "
                       "carry Cache-Control and an ETag (If-None-Match: 304).",
        "parameters": [
            {"name": "keyId", **path, "description": "key_… (never the key itself)"},
            {"name": "signature", **path, "description": "hex HMAC-SHA256 of the canonical query"},
            {"name": "format", "in": "path", "required": True, "description": "the capture's format",
             "schema": {"type": "string", "enum": ["png", "jpg", "jpeg", "webp", "pdf", "html", "webm"]}},
            {"name": "url", "in": "query", "schema": {"type": "string"}},
            {"name": "expires", "in": "query", "schema": {"type": "integer"},
             "description": "unix seconds: the link ends then (410)"},
        ],
    })
    operation["responses"]["401"] = _problem("unauthenticated: the link's key is unknown or revoked")
    operation["responses"]["403"] = _problem("invalid_signature: the query is not the one signed; or "
                                             "feature_not_entitled: a paid option the plan lacks")
    operation["responses"]["410"] = _problem("result_url_expired: past the link's expires")
    operation["responses"]["304"] = {"description": "If-None-Match named this capture's ETag"}
    operation["responses"]["404"] = _problem("not_found: the extension is not a format")
    for status in ("413", "415"):  # a GET has no body
        del operation["responses"][status]
    return operation


def _examples(date: str, time: str) -> dict[str, Any]:
    return {"date": {"value": date}, "time": {"value": time}}


@cache
def openapi_document() -> dict[str, Any]:
    document = _document()
    for operations in document["paths"].values():
        for operation in operations.values():
            operation["responses"].setdefault("400", UNREADABLE)
    return document


# Any operation: a request HTTP itself cannot read (a malformed header, a Content-Length that is no number)
# is refused by the HTTP layer before the service sees it.
UNREADABLE = {"description": "bad_request: the request's HTTP could not be read (a malformed header or framing); "
                             "answered before the service, possibly with an empty body"}


def _document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Capture API", "version": "1",
                 "description": "Render web pages to PNG, JPEG, WebP, PDF or HTML, directly or as "
                                "durable jobs with signed, expiring result URLs."},
        "servers": [{"url": "/"}],
        "security": [{"apiKey": []}, {"bearer": []}],
        "paths": {
            "/api/screenshot": {"post": _screenshot()},
            "/api/render/{keyId}/{signature}.{format}": {"get": _render_link()},
            **_job_paths(),
            **_webhook_paths(),
            "/api/usage": {"get": {
                "summary": "Quota used this month", "operationId": "usage",
                "responses": {"200": _json({"$ref": REF.format(model="Usage")}, "usage"),
                              **COMMON_ERRORS},
            }},
            "/api/analytics": {"get": {
                "summary": "Capture attempts by day, format or outcome", "operationId": "analytics",
                "parameters": [
                    {"name": "from", "in": "query", "schema": {"type": "string"},
                     "examples": _examples("2026-11-01", "2026-11-01T08:00:00Z"),
                     "description": "date or RFC 3339 time; absent or empty: 30 days before `to`"},
                    {"name": "to", "in": "query", "schema": {"type": "string"},
                     "examples": _examples("2026-11-21", "2026-11-21T17:00:00Z"),
                     "description": "date (whole day included) or RFC 3339 time, at most 366 days "
                                    "after `from`; absent or empty: now"},
                    {"name": "groupBy", "in": "query", "schema": {
                        "type": "string", "enum": ["day", "format", "outcome"], "default": "day"}},
                ],
                "responses": {"200": _json({"$ref": REF.format(model="Analytics")}, "counts"),
                              **COMMON_ERRORS,
                              "422": _authenticated("invalid_request: a bad parameter")},
            }},
            "/api/regions": {"get": {
                "summary": "The upstream proxy regions for proxy.region", "operationId": "regions",
                "responses": {"200": _json({"$ref": REF.format(model="Regions")}, "regions"), **COMMON_ERRORS},
            }},
            "/healthz": {"get": {
                "summary": "Alive: the process and its event loop answer", "operationId": "healthz",
                "security": [], "responses": {"200": _unmetered({"$ref": REF.format(model="Health")}, "alive"),
                                              **INTERNAL_ERROR}}},
            "/readyz": {"get": {
                "summary": "Ready: a browser session up, the event log committing, room on the data disk",
                "operationId": "readyz", "security": [], "responses": {
                    "200": _unmetered({"$ref": REF.format(model="Readiness")}, "ready"),
                    "503": _unmetered({"$ref": REF.format(model="Readiness")},
                                      "unready: `failing` names the checks"), **INTERNAL_ERROR}}},
            "/api/openapi.json": {"get": {
                "summary": "This document", "operationId": "openapi", "security": [],
                "responses": {
                    "200": {"description": "OpenAPI 3.1", "headers": REQUEST_ID,
                            "content": {"application/json": {"schema": {"type": "object"}}}},
                    **INTERNAL_ERROR,
                },
            }},
        },
        "webhooks": {event: {"post": {
            "summary": f"{event}: to a job's webhookUrl and to the endpoints that take it"
            if event != TEST_EVENT else f"{event}: to one endpoint, asked for by POST /api/webhooks/{{id}}/test",
            "description": "Signed by the Standard Webhooks scheme, with the workspace's signing secret (a job's "
                           "webhookUrl) or the endpoint's own: "
                           "webhook-id (the same in every retry), webhook-timestamp (this try), webhook-signature "
                           "(v1,<base64 HMAC-SHA256 of id.timestamp.body>, one per secret in force, "
                           "space-separated). A 2xx answer delivers it; anything else, a redirect or no answer "
                           "within the timeout is retried; 410 gives it up.",
            "parameters": [{"name": name, "in": "header", "required": True, "schema": {"type": "string"}}
                           for name in ("webhook-id", "webhook-timestamp", "webhook-signature")],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": REF.format(model="WebhookEvent")}}}},
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
