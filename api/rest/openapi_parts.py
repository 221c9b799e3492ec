"""The OpenAPI pieces routes are described with: headers, problem answers, parameters, JSON and binary answers.

The routes' declarations (api/rest/route_table.py) and the document (api/rest/openapi.py) are built from these.
"""

from __future__ import annotations

from typing import Any

from engine.records.idempotency import REMEMBER_S
from engine.records.jobs import MAX_IDEMPOTENCY_KEY

REF = "#/components/schemas/{model}"
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
BINARY_TYPES = ("image/png", "image/jpeg", "image/webp", "application/pdf", "text/html", "text/markdown", "video/webm",
                "video/mp4", "image/gif")
BINARY = {"schema": {"type": "string", "format": "binary"}}
# A capture's bytes, application/octet-stream first: a generator that takes one media type per answer
# (openapi-python-client takes the first it knows, and would read text/html as text) then gives bytes for every
# format; the real types follow for the others. The answer's Content-Type says which it is.
BINARY_CONTENT = {"application/octet-stream": BINARY, **{t: BINARY for t in BINARY_TYPES}}


def ref(model: str) -> dict[str, str]:
    return {"$ref": REF.format(model=model)}


def problem(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """A problem document answered before any rate budget was taken (no rate headers)."""
    return {
        "description": description,
        "headers": {**REQUEST_ID, **(headers or {})},
        "content": {"application/problem+json": {"schema": ref("Problem")}},
    }


def authenticated(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """A problem answered after the key was admitted, so it carries the rate headers."""
    return problem(description, {**RATE_HEADERS, **(headers or {})})


# Not a promise but the shape of a broken promise: an unhandled fault is a problem document too.
INTERNAL_ERROR = {"500": problem("internal_error: a fault of the service itself, logged")}
RATE_LIMITED = authenticated("rate_limited (the key's or the workspace's requests per minute; status reads of jobs: "
                             "the workspace's read budget, ten times as large; the detail names it) or "
                             "quota_exceeded (monthly)", RETRY_AFTER)
COMMON_ERRORS = {
    "401": problem("missing, unknown or revoked API key (unauthenticated)",
                   {"www-authenticate": {"schema": {"type": "string"}}}),
    "429": RATE_LIMITED,
    **INTERNAL_ERROR,
}
# Any operation: a request HTTP itself cannot read (a malformed header, a Content-Length that is no number)
# is refused by the HTTP layer before the service sees it.
UNREADABLE = {"description": "bad_request: the request's HTTP could not be read (a malformed header or framing); "
                             "answered before the service, possibly with an empty body"}


def json_answer(schema: dict[str, Any], description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """A JSON answer of a route that takes a key, so carries the rate headers."""
    return {"description": description, "headers": {**REQUEST_ID, **RATE_HEADERS, **(headers or {})},
            "content": {"application/json": {"schema": schema}}}


def unmetered(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """A JSON answer of a route that needs no key, so takes nothing from a rate budget."""
    return {"description": description, "headers": {**REQUEST_ID}, "content": {"application/json": {"schema": schema}}}


def json_body(model: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": ref(model)}}}


def string_headers(*pairs: tuple[str, str]) -> dict[str, Any]:
    return {name: {"description": text, "schema": {"type": "string"}} for name, text in pairs}


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
WEBHOOK_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "whe_…"}
