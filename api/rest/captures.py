"""The capture routes, each declared on its handler: the synchronous capture, render links, jobs and their results.
Each handler reads HTTP, calls an actor, writes HTTP."""

from __future__ import annotations

import hashlib
import time
from typing import Any

from quart import Response, g, request

from actors.capture import Shelved
from api.pipeline import base_url, client, principal, services
from api.rest.capture_answers import capture_response
from api.rest.handling import blueprint, json_response, read_body
from api.rest.openapi_parts import (
    BINARY_CONTENT,
    IDEMPOTENCY_KEY,
    JOB_ID,
    RATE_HEADERS,
    REPLAYED,
    REQUEST_ID,
    json_answer,
    json_body,
    ref,
    string_headers,
)
from api.rest.route_table import Refused, declare
from engine.records import render_links
from engine.records.jobs import MAX_BATCH, status_url
from engine.records.replies import BatchAccepted, BatchJob, JobAccepted, Reply
from engine.rules.errors import (
    BadRequest,
    BatchTooLarge,
    CapacityExhausted,
    CookieDomainMismatch,
    DestinationForbidden,
    DestinationUnresolvable,
    FeatureNotEntitled,
    IdempotencyConflict,
    IdempotencyKeyReused,
    InvalidIdempotencyKey,
    InvalidRequest,
    InvalidSignature,
    JavascriptError,
    JobAlreadyFinished,
    JobNotFound,
    MalformedJson,
    NotFound,
    PayloadTooLarge,
    ProxyUnavailable,
    QualityFailed,
    QuotaExceeded,
    RateLimited,
    RenderFailed,
    RenderTimeout,
    ResultTooLarge,
    ResultUrlExpired,
    SelectorNotFound,
    TargetStatusRejected,
    Unauthenticated,
    UnknownRegion,
    UnsupportedMediaType,
)
from engine.rules.period import rfc3339
from engine.rules.request import Body

FORMATS = "png, jpg, jpeg, webp, pdf, html, markdown, md, webm, mp4, gif"
CAPTURE_HEADERS = string_headers(
    ("x-capture-id", "id of this capture"),
    ("x-target-status", "HTTP status of the page's main document"),
    ("x-quota-limit", "monthly captures allowed"),
    ("x-quota-remaining", "monthly captures left after this one"),
    ("x-removed-elements", "with removeElements: the elements removed per kind, "
                           "e.g. `cookieBanners=1, popups=0, ads=2`"),
    ("x-blocked-hosts", "with removeElements.ads: how many listed ad and tracker hosts the page "
                        "was kept from reaching"),
    ("x-blocked-requests", "with block: how many of the page's requests were refused before a connection "
                           "was made"),
    ("x-cache", "with cache: HIT (answered from a kept result, no quota used) or MISS (rendered)"),
    ("x-fullpage-method", "with fullPage: `native`, one capture of the whole page (up to the 16,384 px cap), or "
                          "`tiled`, viewport tiles joined"),
    ("x-capture-warnings", "the quality warnings the capture raised, comma-separated (missing_glyphs, blank, "
                           "images_incomplete, stylesheets_failed, fonts_pending, challenge, overlay_remaining, "
                           "partial); absent when "
                           "none. `failOn` turns listed ones into 422 quality_failed"),
)
CAPTURED: dict[str, Any] = {"description": "the capture's bytes, typed by the format (application/octet-stream "
                                           "stands for any of them); with responseType json, its report",
                            "headers": {**REQUEST_ID, **RATE_HEADERS, **CAPTURE_HEADERS},
            "content": {**BINARY_CONTENT, "application/json": {"schema": ref("CaptureReport")}}}
# A link's answer shows no budget and no quota (its holder is not the key's owner); it may be kept by caches.
LINKED = {**CAPTURED, "headers": {
    **{name: header for name, header in CAPTURED["headers"].items() if not name.startswith(("ratelimit", "x-quota"))},
    **string_headers(("etag", "the capture's bytes, for If-None-Match"),
                     ("cache-control", "public while the result is kept and the link has not expired, else no-store"))}}
BODY_REFUSALS = (PayloadTooLarge, UnsupportedMediaType)
PAID = Refused(FeatureNotEntitled, "a paid option the plan lacks")
RENDER_REFUSALS = (
    PAID, InvalidRequest, DestinationForbidden, DestinationUnresolvable, CookieDomainMismatch, SelectorNotFound,
    TargetStatusRejected, ResultTooLarge, UnknownRegion,
    Refused(JavascriptError, "the client's script threw or rejected: its message"),
    Refused(QualityFailed, "a quality warning failOn lists"), RenderFailed,
    Refused(ProxyUnavailable, "the region's upstream proxy could not be reached or refused"), RenderTimeout,
)
UNREAD = (MalformedJson, Refused(BadRequest, "HTTP that could not be read"))
ACCEPTANCE_REFUSALS = (
    MalformedJson, InvalidIdempotencyKey, PAID,
    Refused(IdempotencyConflict, "the first request with this key is still being accepted"), *BODY_REFUSALS,
    InvalidRequest, DestinationForbidden, DestinationUnresolvable, CookieDomainMismatch, IdempotencyKeyReused,
    BatchTooLarge, Refused(CapacityExhausted, "the job queue is full"),
)
UNKNOWN_JOB = Refused(JobNotFound, "unknown, or another workspace's")
PATH = {"in": "path", "required": True, "schema": {"type": "string"}}
RENDER_LINK = (
    "The capture request as query parameters: nested options dotted (viewport.width=800), a list as the name "
    "repeated (hideSelectors=.a&hideSelectors=.b), a list of objects by index (cookies.0.name=…), booleans "
    "true/false; the extension is the format. `signature` is the hex HMAC-SHA256 of the canonical query (every "
    "parameter, expires included, sorted by name then value, RFC 3986 encoded) with the key's signing secret "
    "(shown once at the key's creation, rotatable). Cached for 4 h unless cache.ttlS says otherwise; answers "
    "carry Cache-Control and an ETag (If-None-Match: 304).")
JOB = ref("Job")



@declare(blueprint, "POST", "/api/screenshot", access="key", budget="capture", operation_id="screenshot",
         summary="Capture one page and return the file (or, with responseType json, its metadata)",
         refusals=(*UNREAD, *BODY_REFUSALS, *RENDER_REFUSALS, CapacityExhausted),
         operation={"requestBody": json_body("CaptureRequest"), "responses": {"200": CAPTURED}})
async def screenshot() -> Response:
    delivery = await services().intake.capture(principal(), await read_body(), g.request_id, client=client())
    return capture_response(delivery)


@declare(blueprint, "GET", "/api/render/{keyId}/{signature}.{format}", access="render_link", budget="link",
         params={"keyId": "key_id", "format": f"any({FORMATS}):extension"}, operation_id="renderLink", sandboxed=True,
         summary="A capture named by a signed URL (an <img src>, an og:image): no API key",
         # the screenshot's refusals but a body's, without its rate headers: a link's answers show no budget
         refusals=(*UNREAD, *RENDER_REFUSALS, CapacityExhausted,
                   Refused(Unauthenticated, "the link's key is unknown or revoked"),
                   Refused(RateLimited, "this render link key's requests per minute"),
                   Refused(QuotaExceeded, "monthly"), Refused(InvalidSignature, "the query is not the one signed"),
                   Refused(ResultUrlExpired, "past the link's expires"),
                   Refused(NotFound, "the extension is not a format")),
         operation={"description": RENDER_LINK, "parameters": [
             {"name": "keyId", **PATH, "description": "key_… (never the key itself)"},
             {"name": "signature", **PATH, "description": "hex HMAC-SHA256 of the canonical query"},
             {"name": "format", "in": "path", "required": True, "description": "the capture's format",
              "schema": {"type": "string", "enum": FORMATS.split(", ")}},
             {"name": "url", "in": "query", "schema": {"type": "string"}},
             {"name": "format", "in": "query", "required": True, "schema": {"type": "string"},
              "description": "the extension's format (jpg as jpeg), signed with the rest of the query"},
             {"name": "expires", "in": "query", "schema": {"type": "integer"},
              "description": "unix seconds: the link ends then (410)"},
         ], "responses": {"200": LINKED, "304": {"description": "If-None-Match named this capture's ETag"}}})
async def render_link(key_id: str, signature: str, extension: str) -> Response:
    """A capture named by a signed URL (engine.records.render_links): no API key, the key's signing secret signs it;
    the pipeline checked the signature and took the link's budget."""
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
    if extension == "html":
        response.headers["content-disposition"] = f'attachment; filename="{delivery.capture_id}.html"'
    if response.headers["etag"] in request.headers.get("if-none-match", ""):  # the client has these bytes
        await found.intake.delivered(delivery)  # a 304 has no body to wait for: this is the answer
        headers = {name: value for name, value in response.headers.items() if name.lower() != "content-length"}
        return Response(b"", status=304, headers=headers)
    return response


@declare(blueprint, "POST", "/api/jobs", access="key", budget="capture", operation_id="createJob",
         summary="Queue one capture as a durable job", refusals=ACCEPTANCE_REFUSALS, operation={
             "description": "Answered 202 only once the job is on disk. Cookies, headers and JavaScript are "
                            "sealed (AES-256-GCM) before they are queued.",
             "parameters": [IDEMPOTENCY_KEY], "requestBody": json_body("CaptureRequest"),
             "responses": {"202": json_answer(ref("JobAccepted"), "queued", {
                 **REPLAYED, "location": {"description": "the statusUrl", "schema": {"type": "string"}}})}})
async def create_job() -> Response:
    accepted = await services().jobs.submit(principal(), await read_body(), request_id=g.request_id, route="jobs",
                                            idempotency_key=request.headers.get("idempotency-key"), batch=False,
                                            base_url=base_url())
    job = accepted.jobs[0]
    body = JobAccepted(id=job.id, status="QUEUED", status_url=status_url(base_url(), job.id),
                       created_at=rfc3339(job.created_at))
    return _accepted(body, accepted.replayed, body.status_url)


@declare(blueprint, "POST", "/api/jobs/batch", access="key", budget="capture", operation_id="createBatch",
         summary=f"Queue up to {MAX_BATCH} captures", refusals=ACCEPTANCE_REFUSALS, operation={
             "description": "Every capture is checked first; if any fails, nothing is queued and errors[] names "
                            "each failing item (captures[2].url). Quota is reserved for all of them.",
             "parameters": [IDEMPOTENCY_KEY], "requestBody": json_body("BatchRequest"),
             "responses": {"202": json_answer(ref("BatchAccepted"), "queued, in request order", REPLAYED)}})
async def create_batch() -> Response:
    accepted = await services().jobs.submit(principal(), await read_body(), request_id=g.request_id,
                                            route="jobs/batch", idempotency_key=request.headers.get("idempotency-key"),
                                            batch=True, base_url=base_url())
    assert accepted.batch_id is not None
    body = BatchAccepted(batch_id=accepted.batch_id, jobs=[
        BatchJob(id=job.id, status="QUEUED", status_url=status_url(base_url(), job.id)) for job in accepted.jobs])
    return _accepted(body, accepted.replayed)


def _accepted(body: Reply, replayed: bool, location: str | None = None) -> Response:
    headers = {"location": location} if location else {}
    if replayed:
        headers["idempotent-replayed"] = "true"
    return json_response(body, 202, headers)


@declare(blueprint, "GET", "/api/jobs/{id}", access="key", budget="read", params={"id": "job:job_id"},
         operation_id="getJob", summary="A job's state", refusals=(UNKNOWN_JOB,), operation={
             "parameters": [JOB_ID], "responses": {"200": json_answer(JOB, "the job; absent fields omitted")}})
async def get_job(job_id: str) -> Response:
    jobs = services().jobs
    return json_response(jobs.view(await jobs.find(principal().workspace.id, job_id), base_url()))


@declare(blueprint, "DELETE", "/api/jobs/{id}", access="key", budget="plain", params={"id": "job:job_id"},
         operation_id="cancelJob", summary="Cancel a job",
         refusals=(UNKNOWN_JOB, Refused(JobAlreadyFinished, "SUCCEEDED, FAILED or EXPIRED")), operation={
             "parameters": [JOB_ID],
             "description": "QUEUED: CANCELLED at once. RUNNING: cancelRequested, then CANCELLED (or "
                            "SUCCEEDED if it finished first). Cancelled jobs cost no quota.",
             "responses": {"202": json_answer(JOB, "the job after the request")}})
async def cancel_job(job_id: str) -> Response:
    jobs = services().jobs
    job = await jobs.cancel(principal().workspace.id, job_id)
    return json_response(jobs.view(job, base_url()), 202)


@declare(blueprint, "GET", "/api/results/{id}", access="signed_result", budget="download",
         params={"id": "result:result_id"}, operation_id="getResult", sandboxed=True,
         summary="Download a result through its signed URL: a job's, a capture's, a monitor run's or its diff",
         refusals=(Refused(InvalidSignature, "the URL was altered"),
                   Refused(JobNotFound, "unknown job, or a URL signed for another workspace"),
                   Refused(ResultUrlExpired, "the URL or the result's retention ended"),
                   Refused(RateLimited, "the workspace's status reads and downloads (ten times its plan's requests "
                                        "per minute) are spent", RATE_HEADERS)),
         operation={"parameters": [
             JOB_ID,
             {"name": "expires", "in": "query", "schema": {"type": "string"},
              "description": "unix time, from the resultUrl"},
             {"name": "sig", "in": "query", "schema": {"type": "string"},
              "description": "signature, from the resultUrl"},
         ], "responses": {"200": {
             "description": "the capture's bytes, typed by the format (application/octet-stream stands for any)",
             "headers": {**REQUEST_ID, **RATE_HEADERS, "content-disposition": {"schema": {"type": "string"}}},
             "content": BINARY_CONTENT}}})
async def result(result_id: str) -> Response:
    """A job's result, or a synchronous capture's kept on the shelf, behind its signed URL; no API key (the
    pipeline checked the signature and took the download from the workspace's read budget)."""
    found, kept = services(), g.result
    if isinstance(kept, Shelved):
        fmt, content_type, body = kept.format, kept.content_type, await found.shelf.read(kept)
        if body is None:
            raise ResultUrlExpired(f"the result of {result_id} is no longer kept")
    elif isinstance(kept, tuple):
        fmt, content_type, body = await found.monitor_runs.result(*kept)
    else:
        fmt, content_type, body = kept.format, kept.content_type or "", await found.jobs.result(kept)
    extension = fmt if fmt != "jpeg" else "jpg"
    disposition = "attachment" if fmt == "html" else "inline"  # a page's HTML is saved, never shown here
    return Response(body, status=200, content_type=content_type, headers={
        "content-length": str(len(body)),
        "content-disposition": f'{disposition}; filename="{result_id}.{extension}"',
        "cache-control": "private, no-store",
        "x-capture-id": result_id,
    })
