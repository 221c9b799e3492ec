"""The API's JSON answers as pydantic models: the routes serialise through them, the OpenAPI document is
generated from them, so a field added to an answer is described the moment it is sent.

Named as the document names them (`Problem`, `Job`), so modules that hold the engine's own `Problem`
or `Job` import this one as `replies`. Absent means omitted: `wire()` leaves out every field that is
None, and the document lists such fields as optional rather than nullable (`api.rest.openapi.Omitted`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.records import webhooks
from engine.records.analytics import GROUPS, OUTCOMES
from engine.records.capture_replies import (
    STATES,
    CaptureReport,
    Job,
    JobError,
    Quality,
    QualityItem,
    RemovedElement,
    Reply,
    StoredObject,
    Timestamp,
    job_view,
    one_of,
)
from engine.records.monitor_replies import Monitor, MonitorRun, MonitorRuns, Monitors, MonitorWebhookEvent
from engine.records.webhooks import EVENT_TYPES, JOB_EVENTS, TEST_EVENT
from engine.rules import errors
from engine.rules.period import rfc3339

__all__ = [  # the job and capture answers are served from here with the rest
    "STATES", "CaptureReport", "Job", "JobError", "Quality", "QualityItem", "RemovedElement", "Reply", "StoredObject",
    "Timestamp", "job_view",
]

# Every code the engine's errors declare (read at import, so nothing defined later can slip in or out).
ERROR_CODES = sorted({e.code for e in errors.concrete_errors(errors.Problem)
                      if e.__module__.startswith(errors.__name__)})
PHASES = errors.RenderTimeout.PHASES  # a render_timeout's phases


class FieldError(Reply):
    field: str = Field(description="the field as the client wrote it: viewport.width, captures[2].url")
    code: str
    message: str


class Problem(Reply):
    """RFC 9457 problem document: the one error envelope of the API."""

    type: str
    title: str
    status: int
    code: str = Field(json_schema_extra=one_of(ERROR_CODES))
    detail: str
    request_id: str
    errors: list[FieldError] | None = None
    feature: str | None = Field(default=None, description="feature_not_entitled: the plan feature")
    limit: int | None = Field(default=None, description="monitor_limit_reached: the plan's number of monitors")
    quota_resets_at: Timestamp | None = None
    target_status: int | None = Field(default=None, description="target_status_rejected: the page's status")
    warnings: list[QualityItem] | None = Field(default=None, description="quality_failed: the warnings failOn "
                                               "lists that the capture raised")
    phase: str | None = Field(default=None, json_schema_extra=one_of(PHASES),
                              description="render_timeout: the step the deadline passed in")
    pending: list[str] | None = Field(default=None, description="render_timeout: up to 10 requests of the page "
                                      "still open then, their URLs without query (an https request past the "
                                      "main document: its origin, all the egress guard sees)")


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
    """One group: `day`, `format`, `outcome` or `warning` names it, as groupBy asked."""

    day: str | None = None
    format: str | None = None
    outcome: str | None = None
    warning: str | None = Field(default=None, description="groupBy=warning: a quality warning code, or `none`; a "
                                "capture that raised two is counted under each")
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
    group_by: str = Field(json_schema_extra=one_of(GROUPS))
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

    type: str = Field(json_schema_extra=one_of(JOB_EVENTS))
    timestamp: Timestamp = Field(description="when the event happened; the same in every retry")
    data: Job = Field(description="the job as GET shows it then; job.succeeded: with a resultUrl fresh at each try")


class WebhookTestData(Reply):
    endpoint: str = Field(description="the endpoint it was sent to")
    description: str = Field(description="a test event: nothing happened")


class WebhookTestEvent(Reply):
    """What POST /api/webhooks/{id}/test sends the endpoint, signed as every call is."""

    type: str = Field(json_schema_extra=one_of([TEST_EVENT]))
    timestamp: Timestamp
    data: WebhookTestData


REPLIES: tuple[type[Reply], ...] = (Problem, Usage, Analytics, JobAccepted, BatchAccepted, Job, CaptureReport,
                                    WebhookEndpoint,
                                    WebhookEndpoints, TestEventSent, Regions, Health, Readiness, Monitor, Monitors,
                                    MonitorRun, MonitorRuns)
# what the service sends, not answers
CALLS: tuple[type[Reply], ...] = (WebhookEvent, MonitorWebhookEvent, WebhookTestEvent)
