"""The capture routes' declarations: the synchronous capture, render links, jobs and their results."""

from __future__ import annotations

from typing import Any

from api.rest.answers import (
    BINARY_CONTENT,
    IDEMPOTENCY_KEY,
    JOB_ID,
    RATE_HEADERS,
    REPLAYED,
    REQUEST_ID,
    RETRY_AFTER,
    authenticated,
    json_answer,
    json_body,
    problem,
    ref,
    string_headers,
)
from api.rest.declaring import Route
from engine.records.jobs import MAX_BATCH

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
RENDER_REFUSALS = {
    "403": "feature_not_entitled: a paid option the plan lacks",
    "422": "invalid_request, destination_forbidden, destination_unresolvable, cookie_domain_mismatch, "
           "selector_not_found, target_status_rejected, result_too_large, javascript_error (the client's script "
           "threw or rejected: its message), unknown_region",
    "502": "render_failed, or proxy_unavailable: the region's upstream proxy could not be reached or refused",
    "504": "render_timeout",
}
CAPACITY = "capacity_exhausted"
BODY_REFUSALS: dict[str, str | dict[str, Any]] = {"413": "payload_too_large", "415": "unsupported_media_type"}
ACCEPTANCE_REFUSALS: dict[str, str | dict[str, Any]] = {
    "400": "malformed_json or invalid_idempotency_key",
    "403": "feature_not_entitled: a paid option the plan lacks",
    "409": "idempotency_conflict: the first request with this key is still being accepted",
    **BODY_REFUSALS,
    "422": "invalid_request, destination_forbidden, destination_unresolvable, cookie_domain_mismatch, "
           "idempotency_key_reused, batch_too_large",
    "503": authenticated("capacity_exhausted: the job queue is full", RETRY_AFTER),
}
SCREENSHOT_400 = "malformed_json, or bad_request: HTTP that could not be read"
UNKNOWN_JOB = {"404": "not_found: unknown, or another workspace's"}
PATH = {"in": "path", "required": True, "schema": {"type": "string"}}
RENDER_LINK = (
    "The capture request as query parameters: nested options dotted (viewport.width=800), a list as the name "
    "repeated (hideSelectors=.a&hideSelectors=.b), a list of objects by index (cookies.0.name=…), booleans "
    "true/false; the extension is the format. `signature` is the hex HMAC-SHA256 of the canonical query (every "
    "parameter, expires included, sorted by name then value, RFC 3986 encoded) with the key's signing secret "
    "(shown once at the key's creation, rotatable). Cached for 4 h unless cache.ttlS says otherwise; answers "
    "carry Cache-Control and an ETag (If-None-Match: 304).")
JOB = ref("Job")

CAPTURE_ROUTES = (
    Route("POST", "/api/screenshot", "api.screenshot", "key", "capture", "/api/screenshot",
          "Capture one page and return the file (or, with responseType json, its metadata)", "screenshot",
          errors={"400": SCREENSHOT_400, **BODY_REFUSALS, **RENDER_REFUSALS,
                  "503": authenticated(CAPACITY, RETRY_AFTER)},
          operation={"requestBody": json_body("CaptureRequest"), "responses": {"200": CAPTURED}}),
    Route("GET", f"/api/render/<key_id>/<signature>.<any({FORMATS}):extension>", "api.render_link",
          "render_link", "link", "/api/render/{keyId}/{signature}.{format}",
          "A capture named by a signed URL (an <img src>, an og:image): no API key", "renderLink",
          # the screenshot's refusals, without its rate headers: a link's answers show no budget
          errors={"400": SCREENSHOT_400, "401": "unauthenticated: the link's key is unknown or revoked",
                  "429": problem("rate_limited (this render link key's requests per minute) or quota_exceeded "
                                 "(monthly)", RETRY_AFTER),
                  **RENDER_REFUSALS, "503": problem(CAPACITY, RETRY_AFTER),
                  "403": "invalid_signature: the query is not the one signed; or feature_not_entitled: a paid "
                         "option the plan lacks",
                  "410": "result_url_expired: past the link's expires",
                  "404": "not_found: the extension is not a format"},
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
          ], "responses": {"200": LINKED, "304": {"description": "If-None-Match named this capture's ETag"}}}),
    Route("POST", "/api/jobs", "api.create_job", "key", "capture", "/api/jobs",
          "Queue one capture as a durable job", "createJob", errors=ACCEPTANCE_REFUSALS, operation={
              "description": "Answered 202 only once the job is on disk. Cookies, headers and JavaScript are "
                             "sealed (AES-256-GCM) before they are queued.",
              "parameters": [IDEMPOTENCY_KEY], "requestBody": json_body("CaptureRequest"),
              "responses": {"202": json_answer(ref("JobAccepted"), "queued", {
                  **REPLAYED, "location": {"description": "the statusUrl", "schema": {"type": "string"}}})}}),
    Route("POST", "/api/jobs/batch", "api.create_batch", "key", "capture", "/api/jobs/batch",
          f"Queue up to {MAX_BATCH} captures", "createBatch", errors=ACCEPTANCE_REFUSALS, operation={
              "description": "Every capture is checked first; if any fails, nothing is queued and errors[] names "
                             "each failing item (captures[2].url). Quota is reserved for all of them.",
              "parameters": [IDEMPOTENCY_KEY], "requestBody": json_body("BatchRequest"),
              "responses": {"202": json_answer(ref("BatchAccepted"), "queued, in request order", REPLAYED)}}),
    Route("GET", "/api/jobs/<job:job_id>", "api.get_job", "key", "read", "/api/jobs/{id}",
          "A job's state", "getJob", errors=UNKNOWN_JOB, operation={
              "parameters": [JOB_ID], "responses": {"200": json_answer(JOB, "the job; absent fields omitted")}}),
    Route("DELETE", "/api/jobs/<job:job_id>", "api.cancel_job", "key", "plain", "/api/jobs/{id}",
          "Cancel a job", "cancelJob",
          errors={**UNKNOWN_JOB, "409": "job_already_finished: SUCCEEDED, FAILED or EXPIRED"}, operation={
              "parameters": [JOB_ID],
              "description": "QUEUED: CANCELLED at once. RUNNING: cancelRequested, then CANCELLED (or "
                             "SUCCEEDED if it finished first). Cancelled jobs cost no quota.",
              "responses": {"202": json_answer(JOB, "the job after the request")}}),
    Route("GET", "/api/results/<result:result_id>", "api.result", "signed_result", "download", "/api/results/{id}",
          "Download a job's result through its signed URL", "getResult",
          errors={"403": "invalid_signature: the URL was altered",
                  "404": "not_found: unknown job, or a URL signed for another workspace",
                  "410": "result_url_expired: the URL or the result's retention ended",
                  "429": problem("rate_limited: the workspace's status reads and downloads (ten times its plan's "
                                 "requests per minute) are spent", {**RETRY_AFTER, **RATE_HEADERS})},
          operation={"parameters": [
              JOB_ID,
              {"name": "expires", "in": "query", "schema": {"type": "string"},
               "description": "unix time, from the resultUrl"},
              {"name": "sig", "in": "query", "schema": {"type": "string"},
               "description": "signature, from the resultUrl"},
          ], "responses": {"200": {
              "description": "the capture's bytes, typed by the format (application/octet-stream stands for any)",
              "headers": {**REQUEST_ID, **RATE_HEADERS, "content-disposition": {"schema": {"type": "string"}}},
              "content": BINARY_CONTENT}}}),
)
