"""Webhook messages: Standard Webhooks signing, the retry schedule, and the state of each message.

A message is one event (`job.succeeded`, …) for one destination. It lives in
the event log: `webhook.scheduled` (committed in the same transaction as the
job event it announces), then one `webhook.attempted` per try beside its
verdict, `webhook.delivered`, `webhook.failed` (with the time of the next try)
or `webhook.abandoned`. `Message.apply` moves a message by one of them, so the
pending set after a restart is whatever the log says, and at most the one
attempt in flight when the process died is sent again (same `webhook-id`, so
a receiver can tell).

Signing (https://www.standardwebhooks.com): `webhook-signature` is
`v1,<base64 HMAC-SHA256(secret, "{id}.{timestamp}.{body}")>`, one per secret
in force, space-separated, so a receiver holding either the old or the new
secret verifies a call made during a rotation.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field

from engine.rules.request import Model

SECRET_PREFIX = "whsec_"
SECRET_BYTES = 24  # 192 bits, as Svix issues them
ROTATION_OVERLAP_S = 24 * 3600  # an old secret keeps signing beside the new one this long
JOB_EVENTS = ("job.succeeded", "job.failed", "job.cancelled", "job.expired")
MONITOR_EVENTS = ("monitor.changed", "monitor.failed")  # a run that changed; the third failed run in a row
EVENT_TYPES = JOB_EVENTS + MONITOR_EVENTS
TEST_EVENT = "webhook.test"  # what POST /api/webhooks/{id}/test sends, whatever the endpoint's filter
MAX_ENDPOINTS = 20  # per workspace
EventType = Literal["job.succeeded", "job.failed", "job.cancelled", "job.expired", "monitor.changed", "monitor.failed"]
assert EventType.__args__ == EVENT_TYPES  # type: ignore[attr-defined]
ANSWER_KEPT = 1024  # bytes of a receiver's answer kept with the attempt
RECENT_ATTEMPTS = 50
# The latest attempts of the workspace's messages, newest first.
RECENT_ATTEMPTS_SQL = (
    "SELECT ts, capture_id AS job, outcome, code, duration_ms, json_extract_string(data, '$.message') AS message, "
    "json_extract_string(data, '$.event') AS event, json_extract(data, '$.status')::INTEGER AS status, "
    "json_extract_string(data, '$.endpoint') AS endpoint, json_extract_string(data, '$.answer') AS answer "
    "FROM events WHERE workspace_id = ? AND type = 'webhook.attempted' AND ts >= ? ORDER BY seq DESC LIMIT ?"
)
# Each endpoint's attempts over the last day: how many, how many delivered.
SUCCESS_SQL = (
    "SELECT json_extract_string(data, '$.endpoint') AS endpoint, count(*) AS tried, "
    "count(*) FILTER (WHERE outcome = 'delivered') AS delivered FROM events "
    "WHERE workspace_id = ? AND type = 'webhook.attempted' AND ts >= ? GROUP BY 1"
)
# State of a message.
PENDING, DELIVERED, ABANDONED = "pending", "delivered", "abandoned"


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def secret_bytes(secret: str) -> bytes:
    return base64.b64decode(secret.removeprefix(SECRET_PREFIX))


def signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(secret_bytes(secret), signed, hashlib.sha256).digest()).decode()


def signed_headers(secrets_in_force: list[str], message_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The three Standard Webhooks headers, signed with every secret in force."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": " ".join(signature(s, message_id, timestamp, body) for s in secrets_in_force),
        "content-type": "application/json",
    }


# The messages settled at the end of the log (common table expressions ending in `done`): delivered or
# abandoned after their last resend (a resend makes one pending again, whatever became of it).
SETTLED_MESSAGES = """
marked AS (
    SELECT seq, type, json_extract_string(data, '$.message') AS message FROM events
    WHERE type IN ('webhook.delivered', 'webhook.abandoned', 'webhook.resent')),
resent AS (SELECT message, max(seq) AS last FROM marked WHERE type = 'webhook.resent' GROUP BY message),
done AS (
    SELECT DISTINCT m.message FROM marked m LEFT JOIN resent r USING (message)
    WHERE m.type <> 'webhook.resent' AND m.seq > coalesce(r.last, 0) AND m.message IS NOT NULL)"""

# The message events a start replays: those of every message still pending. Replaying the settled ones only
# to drop them took 2 s on a year's log (issue 39).
PENDING_MESSAGE_EVENTS = f"""
WITH {SETTLED_MESSAGES}
SELECT ts, type, workspace_id, data FROM events
WHERE type IN ('webhook.scheduled', 'webhook.failed', 'webhook.delivered', 'webhook.abandoned', 'webhook.resent')
  AND json_extract_string(data, '$.message') NOT IN (SELECT message FROM done)
ORDER BY seq
"""


def retry_delay(schedule: tuple[float, ...], failures: int, jitter: float, rng: random.Random) -> float | None:
    """Seconds until the next try after `failures` failed ones, or None when the schedule is spent.

    Jittered by ±`jitter` of the delay, so receivers that came back are not hit by every sender at once.
    """
    if failures > len(schedule):
        return None
    delay = schedule[failures - 1]
    return max(0.0, delay * (1 + rng.uniform(-jitter, jitter)))


def failure_code(status: int | None, error: str | None) -> str:
    """The analytics code of a failed attempt: http_503, redirect, timeout, forbidden_destination, tls, …"""
    if status is not None:
        return "redirect" if 300 <= status < 400 else f"http_{status}"
    return error or "connection"


class EndpointCreate(Model):
    """POST /api/webhooks."""

    url: str = Field(max_length=2048, description="https; the same destination rules as a capture's url")
    events: list[EventType] | None = Field(default=None, min_length=1,
                                           description="the events to send; omitted: all of them")
    description: str | None = Field(default=None, max_length=500)


class EndpointChange(Model):
    """PATCH /api/webhooks/{id}: what is sent changes, the rest stays."""

    url: str | None = Field(default=None, max_length=2048)
    events: list[EventType] | None = Field(default=None, min_length=1)
    description: str | None = Field(default=None, max_length=500)
    enabled: bool | None = Field(default=None, description="false: no calls until it is true again (true also "
                                                           "enables an endpoint the service disabled)")


class SigningSecrets:
    """The secrets that sign calls, newest last; an older one signs too till ROTATION_OVERLAP_S after the next."""

    def __init__(self) -> None:
        self.secrets: list[tuple[str, float]] = []  # (secret, unix time it was made)

    def add(self, secret: str, at: float) -> None:
        self.secrets.append((secret, at))

    def in_force(self, now: float) -> list[str]:
        newest = [self.secrets[-1][0]] if self.secrets else []
        overlapping = [secret for (secret, _), (_, successor_at) in zip(self.secrets, self.secrets[1:], strict=False)
                       if now < successor_at + ROTATION_OVERLAP_S]
        return newest + overlapping[::-1]


@dataclass
class Endpoint:
    """A workspace's webhook endpoint: the projection of its webhook.endpoint_* events."""

    id: str
    workspace_id: str
    url: str
    events: tuple[str, ...]
    description: str | None
    created_at: dt.datetime
    secrets: SigningSecrets = field(default_factory=SigningSecrets)
    enabled: bool = True
    disabled_reason: str | None = None
    failing_since: float | None = None  # unix time of the first failed attempt since the last success

    def wants(self, event_type: str) -> bool:
        return self.enabled and event_type in self.events

    def apply(self, kind: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        at = ts.replace(tzinfo=dt.UTC).timestamp()
        if kind == "webhook.endpoint_updated":
            self.events = tuple(data.get("events", self.events))
            self.description = data.get("description", self.description)
            if data.get("enabled") is True:
                self.enabled, self.disabled_reason, self.failing_since = True, None, None
            elif data.get("enabled") is False:
                self.enabled, self.disabled_reason = False, "disabled by a member of the workspace"
        elif kind == "webhook.endpoint_disabled":
            self.enabled, self.disabled_reason = False, data["reason"]
        elif kind == "webhook.attempted":
            self.failing_since = None if data.get("status") and 200 <= data["status"] < 300 else (
                self.failing_since or at)


@dataclass
class Message:
    """One event on its way to one destination: the projection of its webhook.* events."""

    id: str
    workspace_id: str
    event_type: str
    job_id: str  # the job's id, or the monitor's (monitor.*); "" for a test event
    created_at: dt.datetime
    payload: dict[str, Any]  # the event's data, as it was when the event happened
    sealed_url: str  # a job's own webhookUrl, sealed to the job (a URL may carry a receiver's token); or ""
    endpoint: str | None = None  # or the workspace endpoint it goes to
    retained_until: str | None = None  # job.succeeded: how long a fresh resultUrl may live
    result: dict[str, Any] | None = None  # job.succeeded: contentType and bytes, shown beside the resultUrl
    base_url: str = ""  # where the job was submitted: the base of its statusUrl and resultUrl
    state: str = PENDING
    failures: int = 0
    due: float = 0.0  # unix time of the next try

    @classmethod
    def scheduled(cls, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> Message:
        return cls(id=data["message"], workspace_id=workspace_id, event_type=data["event"],
                   job_id=data.get("job", ""), created_at=ts, payload=data["payload"],
                   sealed_url=data.get("sealedUrl", ""), endpoint=data.get("endpoint"),
                   retained_until=data.get("retainedUntil"), result=data.get("result"),
                   base_url=data.get("baseUrl", ""),
                   due=ts.replace(tzinfo=dt.UTC).timestamp())

    def apply(self, kind: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        if kind == "webhook.resent":  # asked for again from the dashboard, whatever became of it
            self.state, self.failures, self.due = PENDING, 0, ts.replace(tzinfo=dt.UTC).timestamp()
        if self.state != PENDING:
            return
        if kind == "webhook.failed":
            self.failures += 1
            self.due = float(data["retryAt"])
        elif kind == "webhook.delivered":
            self.state = DELIVERED
        elif kind == "webhook.abandoned":
            self.state = ABANDONED

    def body(self, result_url: str | None, result_expires_at: str | None) -> dict[str, Any]:
        """The Standard Webhooks body: type, timestamp, data (the job as GET shows it, with a fresh resultUrl)."""
        data = dict(self.payload)
        if result_url is not None:
            data.update(resultUrl=result_url, resultExpiresAt=result_expires_at, **(self.result or {}))
        stamp = self.created_at.replace(tzinfo=None, microsecond=(self.created_at.microsecond // 1000) * 1000)
        return {"type": self.event_type, "timestamp": stamp.isoformat(timespec="milliseconds") + "Z", "data": data}
