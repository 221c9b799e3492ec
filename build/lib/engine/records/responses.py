"""The API's JSON answers as pydantic models: the routes serialise through them, the OpenAPI document is
generated from them, so a field added to an answer is described the moment it is sent.

Named as the document names them (`Problem`, `Job`), so modules that hold the engine's own `Problem`
or `Job` import this one as `responses`. Absent means omitted: `wire()` leaves out every field that is
None, and the document lists such fields as optional rather than nullable (`api.openapi.Omitted`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, JsonValue, WithJsonSchema
from pydantic.alias_generators import to_camel
from pydantic.config import JsonDict

from engine.browser.overlays import KINDS, MAX_REPORTED
from engine.operations.settings import Settings
from engine.records import jobs, webhooks
from engine.records.analytics import GROUPS, OUTCOMES
from engine.records.jobs import CANCELLED, EXPIRED, FAILED, QUEUED, RUNNING, SUCCEEDED, status_url
from engine.records.webhooks import EVENT_TYPES, TEST_EVENT
from engine.rules import errors
from engine.rules.period import rfc3339

Timestamp = Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})]  # engine.rules.period.rfc3339
STATES = (QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, EXPIRED)
# Every code the engine's errors declare (read at import, so nothing defined later can slip in or out).
ERROR_CODES = sorted({e.code for e in errors.concrete_errors(errors.Problem)
                      if e.__module__.startswith(errors.__name__)})


def _one_of(values: Iterable[str]) -> JsonDict:
    """A string field's enum, from the constants the engine keeps."""
    return {"enum": list[JsonValue](values)}


class Reply(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, frozen=True)

    def as_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)

    def wire(self) -> bytes:
        return orjson.dumps(self.as_json())


class FieldError(Reply):
    field: str = Field(description="the field as the client wrote it: viewport.width, captures[2].url")
    code: str
    message: str


class Problem(Reply):
    """RFC 9457 problem document: the one error envelope of the API."""

    type: str
    title: str
    status: int
    code: str = Field(json_schema_extra=_one_of(ERROR_CODES))
    detail: str
    request_id: str
    errors: list[FieldError] | None = None
    feature: str | None = Field(default=None, description="feature_not_entitled: the plan feature")
    quota_resets_at: Timestamp | None = None
    target_status: int | None = Field(default=None, description="target_status_rejected: the page's status")


class Period(Reply):
    start: Timestamp
    end: Timestamp


class Quota(Reply):
    limit: int
    used: int
    reserved: int = Field(description="units held by captures in flight")
    remaining: int = Field(description="limit - used - reserved")


class Usage(Reply):
    period: Period
    plan: str
    quota: Quota


Counts = dict[str, int]


class AnalyticsRow(Reply):
    """One group: `day`, `format` or `outcome` names it, as groupBy asked."""

    day: str | None = None
    format: str | None = None
    outcome: str | None = None
    captures: int
    outcomes: Counts = Field(description=f"attempts by outcome: {', '.join(OUTCOMES)}")
    failures_by_stage: Counts
    failures_by_code: Counts
    webhook_attempts: int = Field(description="webhook calls tried (stage delivery); none costs quota")
    webhook_delivered: int = Field(description="... answered 2xx")
    webhook_failures_by_code: Counts = Field(description="... failed, by code: http_503, redirect, timeout, tls, "
                                                        "connection, forbidden_destination")
    cache_hits: int = Field(description="successful captures with cache answered from a kept result (no quota)")
    cache_misses: int = Field(description="successful captures with cache that were rendered (and kept)")


class Analytics(Reply):
    since: Timestamp = Field(alias="from")
    until: Timestamp = Field(alias="to")
    group_by: str = Field(json_schema_extra=_one_of(GROUPS))
    rows: list[AnalyticsRow]


class JobAccepted(Reply):
    id: str
    status: Literal["QUEUED"]
    status_url: str
    created_at: Timestamp


class BatchJob(Reply):
    id: str
    status: Literal["QUEUED"]
    status_url: str


class BatchAccepted(Reply):
    batch_id: str
    jobs: list[BatchJob] = Field(description="in request order")


class JobError(Reply):
    code: str
    message: str


class RemovedElement(Reply):
    kind: str = Field(json_schema_extra=_one_of(KINDS))
    layer: str = Field(description="rules: the consent platform's own dismissal; list: EasyList's cosmetic rules; "
                                   "model: the overlay classifier; network: a listed ad or tracker host refused")
    what: str = Field(description="the consent platform, the element (tag#id.class) or the host")
    score: float | None = Field(default=None, description="model: its probability for the kind")


class StoredObject(Reply):
    destination: str = Field(description="the [storage.<name>] the job named")
    bucket: str
    key: str = Field(description="the object's key: the destination's prefix and the job's path")


class Job(Reply):
    """A job as GET and DELETE answer it; absent fields are omitted."""

    id: str
    status: str = Field(json_schema_extra=_one_of(STATES))
    status_url: str
    url: str | None = None
    format: str
    created_at: Timestamp
    started_at: Timestamp | None = None
    finished_at: Timestamp | None = None
    attempts: int = Field(description="renderer starts so far, at most 3")
    cancel_requested: bool
    result_url: str | None = Field(default=None, description=(
        "SUCCEEDED only: a signed download URL, no API key needed, valid until resultExpiresAt "
        f"(default {Settings.result_url_ttl_s} s, never past retention)"))
    result_expires_at: Timestamp | None = None
    content_type: str | None = None
    bytes: int | None = None
    removed_elements: list[RemovedElement] | None = Field(default=None, description=(
        f"removeElements, SUCCEEDED only: what was removed, the first {MAX_REPORTED}"))
    final_url: str | None = Field(default=None, description="responseType json, SUCCEEDED only (as the rest "
                                  "below): where the main document ended, redirects followed")
    target_status: int | None = Field(default=None, description="the main document's HTTP status")
    title: str | None = None
    description: str | None = None
    open_graph: dict[str, str] | None = Field(default=None, description="og: tags by name without the prefix")
    timings: dict[str, int] | None = Field(default=None, description="loadMs, settleMs, renderMs of the render")
    stored: StoredObject | None = Field(default=None, description="store, SUCCEEDED only: where the result "
                                        "was uploaded")
    error: JobError | None = None


def job_view(job: jobs.Job, base_url: str) -> Job:
    """The job as GET shows it, but for its result URL (fresh at each read: `actors.jobs.Jobs.view`)."""
    return Job(
        id=job.id, status=job.status, status_url=status_url(base_url, job.id), url=job.url, format=job.format,
        created_at=rfc3339(job.created_at), started_at=rfc3339(job.started_at) if job.started_at else None,
        finished_at=rfc3339(job.finished_at) if job.finished_at else None, attempts=job.attempts,
        cancel_requested=job.cancel_requested,
        removed_elements=([RemovedElement.model_validate(r) for r in job.removed_elements]
                          if job.removed_elements is not None else None),
        error=JobError(code=job.error_code, message=job.error_message or "") if job.error_code else None,
        stored=StoredObject.model_validate(job.stored) if job.stored is not None else None, **_facts(job))


def _facts(job: jobs.Job) -> dict[str, Any]:
    """A succeeded json job's page metadata, as the synchronous json answer gives it."""
    if job.facts is None or job.status != SUCCEEDED:
        return {}
    return {"final_url": job.facts["finalUrl"], "target_status": job.target_status, "title": job.facts["title"],
            "description": job.facts["description"], "open_graph": job.facts["openGraph"],
            "timings": job.facts["timings"]}


class CaptureReport(Reply):
    """POST /api/screenshot with responseType json: the page's metadata and the result behind a signed URL."""

    url: str | None = Field(default=None, description="as requested; omitted for an html capture")
    final_url: str | None = Field(default=None, description="where the main document ended, redirects followed")
    status: int = Field(description="the main document's HTTP status")
    title: str | None = None
    description: str | None = Field(default=None, description="<meta name=description>")
    open_graph: dict[str, str] = Field(description="the page's og: tags by name without the prefix (og:image → "
                                                   "image), the first of each, at most 50")
    timings: dict[str, int] = Field(description="loadMs (navigation to waitUntil), settleMs (waits, scroll, "
                                                "scripts), renderMs, totalMs (the request, queueing included); a "
                                                "cached answer keeps its render's steps")
    content_type: str
    bytes: int
    result_url: str = Field(description="a signed download URL, no API key needed, valid for result_url_ttl_s "
                                        "(default 900 s) or as long as the cache keeps it")


class WebhookEndpoint(Reply):
    id: str
    url: str
    events: list[str] = Field(description=f"the events sent to it: some of {', '.join(EVENT_TYPES)}")
    description: str | None = None
    enabled: bool
    disabled_reason: str | None = Field(default=None, description="why it was disabled: a 410, or days of failures")
    created_at: Timestamp
    secret: str | None = Field(default=None, description="whsec_…: only in the answers of POST /api/webhooks and "
                                                         "rotate-secret; shown once")


class WebhookEndpoints(Reply):
    webhooks: list[WebhookEndpoint] = Field(description="oldest first")


class TestEventSent(Reply):
    id: str = Field(description="the message's webhook-id")
    type: str = Field(description=TEST_EVENT)


def endpoint_view(endpoint: webhooks.Endpoint, secret: str | None = None) -> WebhookEndpoint:
    return WebhookEndpoint(id=endpoint.id, url=endpoint.url, events=list(endpoint.events),
                           description=endpoint.description, enabled=endpoint.enabled,
                           disabled_reason=endpoint.disabled_reason, created_at=rfc3339(endpoint.created_at),
                           secret=secret)


class Regions(Reply):
    regions: list[str] = Field(description="the upstream proxy regions the operator configured, for proxy.region")


class Health(Reply):
    status: Literal["ok"] = "ok"


class Readiness(Reply):
    status: Literal["ready", "unready"]
    checks: dict[str, str] = Field(description="browserSessions, eventLog, disk: `ok`, or why not")
    failing: list[str] | None = Field(default=None, description="unready: the checks that failed")


class WebhookEvent(Reply):
    """The body of a webhook call (Standard Webhooks), signed in its webhook-* headers."""

    type: str = Field(json_schema_extra=_one_of(EVENT_TYPES))
    timestamp: Timestamp = Field(description="when the event happened; the same in every retry")
    data: Job = Field(description="the job as GET shows it then; job.succeeded: with a resultUrl fresh at each try")


REPLIES: tuple[type[Reply], ...] = (Problem, Usage, Analytics, JobAccepted, BatchAccepted, Job, CaptureReport,
                                    WebhookEndpoint,
                                    WebhookEndpoints, TestEventSent, Regions, Health, Readiness)
CALLS: tuple[type[Reply], ...] = (WebhookEvent,)  # what the service sends, not answers
