"""A durable job: its states and the events that move it (the queue it waits in: engine/records/fair_queue.py).

Job state is a projection of append-only `job.*` events. `Job.apply` is the
only way a job changes, the same when the jobs actor records an event live
and when it rebuilds the projection from the event log on start:

    job.created           QUEUED   (sealed payload, key id, retention, idempotency key)
    job.started           RUNNING  attempts + 1
    job.requeued          QUEUED   renderer or process died; an orderly shutdown gives the attempt back
    job.cancel_requested           cancelRequested: true
    job.succeeded         SUCCEEDED  content type, bytes, result kept until `retainedUntil`; the page's facts
                                     (responseType json); `cache`: hit or miss
    job.failed            FAILED     code, message
    job.cancelled         CANCELLED
    job.expired           EXPIRED    the sweeper deleted the result

    QUEUED ──► RUNNING ──► SUCCEEDED ──► EXPIRED
       │          ├──────► FAILED
       └──────────┴──────► CANCELLED
    RUNNING ──► QUEUED  (at most MAX_ATTEMPTS starts)
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import orjson

from engine.rules.errors import BatchTooLarge, FieldError, InvalidIdempotencyKey, InvalidRequest

QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, EXPIRED = (
    "QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED", "EXPIRED")
TERMINAL = frozenset({SUCCEEDED, FAILED, CANCELLED, EXPIRED})
MAX_ATTEMPTS = 3
MAX_BATCH = 20
MAX_IDEMPOTENCY_KEY = 255


@dataclass(eq=False)  # a job is itself, not its field values
class Job:
    id: str
    workspace_id: str
    key_id: str | None
    request_id: str | None
    format: str
    url: str | None
    created_at: dt.datetime
    retain_s: int
    # The payload sealed to the job, base64 as its job.created event keeps it: decoded only when the job runs
    # (a start rebuilds ~100,000 jobs of a busy month, nearly all of them finished); dropped once finished.
    sealed: str | None
    batch_id: str | None = None
    idempotency_key: str | None = None
    fingerprint: str | None = None
    index: int = 0
    webhook: str | None = None  # the job's webhookUrl, sealed to it (base64); kept after the job ends
    base_url: str = ""  # where it was submitted: the base of its statusUrl and resultUrl in webhook calls
    status: str = QUEUED
    attempts: int = 0
    cancel_requested: bool = False
    started_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None
    content_type: str | None = None
    bytes: int | None = None
    retained_until: dt.datetime | None = None
    expired_at: dt.datetime | None = None
    error_code: str | None = None
    error_message: str | None = None
    removed_elements: list[dict[str, Any]] | None = None  # removeElements: what went (kind, layer, what, score)
    facts: dict[str, Any] | None = None  # responseType json: engine.browser.facts.PageFacts.as_json
    stored: dict[str, str] | None = None  # store: the destination, bucket and key the result was uploaded to
    target_status: int | None = None
    warnings: list[dict[str, str]] | None = None  # the quality verdict (QualityWarning.wire); None before it was kept

    @property
    def finished(self) -> bool:
        return self.status in TERMINAL

    @classmethod
    def created(cls, job_id: str, workspace_id: str, key_id: str | None, request_id: str | None,
                fmt: str, ts: dt.datetime, data: dict[str, Any]) -> Job:
        return cls(
            id=job_id, workspace_id=workspace_id, key_id=key_id, request_id=request_id, format=fmt,
            url=data.get("url"), created_at=ts, retain_s=int(data["retainS"]),
            sealed=data["sealed"],
            batch_id=data.get("batchId"), idempotency_key=data.get("idempotencyKey"),
            fingerprint=data.get("fingerprint"), index=int(data.get("index", 0)),
            webhook=data.get("sealedWebhook"), base_url=data.get("baseUrl", ""),
        )

    def apply(self, kind: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the job by one event (never by anything else); a finished job moves only to EXPIRED."""
        if self.finished and not (kind == "job.expired" and self.status == SUCCEEDED):
            return  # e.g. a requeue recorded by a worker stopped just after the success was committed
        if kind == "job.started":
            self.status = RUNNING
            self.attempts += 1
            self.started_at = ts
        elif kind == "job.requeued":
            self.status = QUEUED
            if data.get("reason") == "shutdown":
                self.attempts -= 1  # stopped in order by the operator: the attempt did not count
        elif kind == "job.cancel_requested":
            self.cancel_requested = True
        elif kind == "job.succeeded":
            self._finish(SUCCEEDED, ts)
            self.content_type = data["contentType"]
            self.bytes = int(data["bytes"])
            self.retained_until = dt.datetime.fromisoformat(data["retainedUntil"])
            self.removed_elements = data.get("removedElements")
            self.facts = data.get("facts")
            self.stored = data.get("stored")
            self.target_status = data.get("targetStatus")
            self.warnings = data.get("warnings")
        elif kind == "job.failed":
            self._finish(FAILED, ts)
            self.error_code = data["code"]
            self.error_message = data["message"]
        elif kind == "job.cancelled":
            self._finish(CANCELLED, ts)
        elif kind == "job.expired":
            self.status = EXPIRED
            self.expired_at = ts

    def _finish(self, status: str, ts: dt.datetime) -> None:
        self.status = status
        self.finished_at = ts
        self.sealed = None


@dataclass(frozen=True)
class Accepted:
    """The answer to an accepted request: its jobs in request order, the batch id of a batch."""

    jobs: tuple[Job, ...]
    batch_id: str | None
    replayed: bool = False


def forgettable(jobs: Iterable[Job], now: dt.datetime, history_s: int) -> list[Job]:
    """Jobs that are over and whose history ended: failed, cancelled or expired `history_s` ago."""
    cutoff = now - dt.timedelta(seconds=history_s)
    over = []
    for job in jobs:
        ended = job.expired_at if job.status == EXPIRED else job.finished_at
        if job.status in {FAILED, CANCELLED, EXPIRED} and ended is not None and ended < cutoff:
            over.append(job)
    return over


# The jobs a start replays (common table expressions `jobs` and `kept`): every job `forgettable` would not
# drop at the cutoff ($1), that is all but the jobs whose first end was a failure or a cancellation before
# it, or a success that then expired before it. The archive step keeps the same jobs' events live.
KEPT_JOBS = """
jobs AS (
    SELECT capture_id,
           arg_min(type, seq) FILTER (WHERE type IN ('job.succeeded', 'job.failed', 'job.cancelled')) AS first_end,
           arg_min(ts, seq) FILTER (WHERE type IN ('job.succeeded', 'job.failed', 'job.cancelled')) AS ended,
           min(ts) FILTER (WHERE type = 'job.expired') AS expired,  -- only ever after the success
           min(ts) FILTER (WHERE type = 'job.created') AS created
    FROM events WHERE type LIKE 'job.%' GROUP BY capture_id),
kept AS (
    SELECT capture_id, first_end, created FROM jobs
    WHERE NOT coalesce((first_end IN ('job.failed', 'job.cancelled') AND ended < $1)
                       OR (first_end = 'job.succeeded' AND expired < $1), false))"""

_KEPT_EVENTS = """
WITH {kept}
SELECT ts, type, workspace_id, key_id, capture_id, request_id, format, data FROM events
WHERE type LIKE 'job.%' AND capture_id IN (SELECT capture_id FROM kept {which}) ORDER BY seq
"""
# The job events a start replays: DuckDB finds the kept jobs in the log, so a year of jobs is not replayed
# to forget most of them.
REPLAYED_JOB_EVENTS = _KEPT_EVENTS.format(kept=KEPT_JOBS, which="")
# A start replays them in two parts ($2: REMEMBER_S ago). First, before it serves, the jobs it cannot run
# without: each one not finished (the queue, the quota's holds) and each one young enough for a retried
# request to name it by its idempotency key. Then, once it serves, the finished rest, which only reads ask
# for (at 10 M events, a month's 94,000 jobs, nearly all of them over).
_AT_START = "first_end IS NULL OR coalesce(created >= $2, false)"
FIRST_JOB_EVENTS = _KEPT_EVENTS.format(kept=KEPT_JOBS, which=f"WHERE {_AT_START}")
LATER_JOB_EVENTS = _KEPT_EVENTS.format(kept=KEPT_JOBS, which=f"WHERE NOT ({_AT_START})")


def clear_url(url: str) -> str:
    """What of a job's URL the event log keeps in clear: scheme, host, port and path.

    Userinfo and the query string often carry credentials (signed links, tokens);
    they live only in the sealed payload.
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = f":{parts.port}" if parts.port is not None else ""
    except ValueError:
        port = ""
    return urlunsplit((parts.scheme, host + port, parts.path, "", ""))


def workspace_share(limit: int, share: float) -> int:
    """How much of a queue of `limit` one workspace may hold: at least one."""
    return max(1, int(limit * share))


def status_url(base_url: str, job_id: str) -> str:
    return f"{base_url.rstrip('/')}/api/jobs/{job_id}"


def checked_idempotency_key(value: str | None) -> str | None:
    """The Idempotency-Key header if it is 1-255 printable ASCII characters; None if absent."""
    if value is None:
        return None
    if not value or len(value) > MAX_IDEMPOTENCY_KEY or not all(" " <= c <= "~" for c in value):
        raise InvalidIdempotencyKey("Idempotency-Key must be 1-255 printable ASCII characters")
    return value


def parse_batch(data: Any) -> list[Any]:
    """The captures of a batch body `{"captures": [...]}`: 1 to MAX_BATCH, each checked later."""
    if not isinstance(data, dict):
        raise InvalidRequest("the body must be a JSON object",
                             errors=(FieldError("body", "type", "expected an object"),))
    unknown = sorted(set(data) - {"captures"})
    if unknown:
        raise InvalidRequest(f"unknown fields: {', '.join(unknown)}",
                             errors=tuple(FieldError(name, "unknown_field", "unknown field") for name in unknown))
    captures = data.get("captures")
    if not isinstance(captures, list) or not captures:
        raise InvalidRequest("captures: a list of 1 to 20 capture requests",
                             errors=(FieldError("captures", "invalid", "a list of 1 to 20 capture requests"),))
    if len(captures) > MAX_BATCH:
        raise BatchTooLarge(f"{len(captures)} captures in one batch; at most {MAX_BATCH}",
                            errors=(FieldError("captures", "batch_too_large", f"at most {MAX_BATCH} items"),))
    return captures


def fingerprint(secret: bytes, route: str, body: Any) -> str:
    """A keyed digest of a request (route and canonical JSON): equal for equal requests.

    Keyed, so the event log holds nothing that a guess at a cookie could be checked against.
    """
    canonical = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    return hmac.new(secret, route.encode() + b"\0" + canonical, hashlib.sha256).hexdigest()
