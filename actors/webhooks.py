"""The webhook delivery actor: signed calls for finished jobs, retried until delivered or given up, never lost.

Messages are scheduled by the jobs actor in the same commit as the job event
they announce (`announce`, then `announced` once it is on disk), so a message
exists exactly when its event does. Every attempt and its verdict are
committed before the message moves; on start the pending set is rebuilt from
the log (`engine.webhooks.Message`). Deliveries run in their own tasks under
a global and a per-host bound, so a slow receiver holds neither captures nor
other receivers.

Each attempt goes out through `engine.outbound` under the capture egress
policy: the host is resolved and judged at that moment, the connection goes to
the judged address, TLS is verified against the name, redirects are never
followed (a 3xx is a failure), and a 410 gives the message up.
"""

from __future__ import annotations

import base64
import copy
import datetime as dt
import heapq
import logging
import random
import time
from typing import Any

import orjson
import trio

from actors.database import STUCK_S
from actors.eventlog import Event, EventLog
from actors.job_book import JobSecrets
from engine import responses
from engine.destinations import EgressPolicy, Refused, split_target
from engine.errors import CaptureError
from engine.jobs import SUCCEEDED, Job
from engine.keys import new_id
from engine.outbound import OutboundError, send
from engine.period import rfc3339, utcnow
from engine.sealing import SealError
from engine.settings import Settings
from engine.webhooks import (
    ANSWER_KEPT,
    EVENT_TYPES,
    PENDING,
    ROTATION_OVERLAP_S,
    Message,
    failure_code,
    new_secret,
    retry_delay,
    signed_headers,
)

log = logging.getLogger("capture.webhooks")
GONE = 410  # the receiver says the endpoint is gone: stop trying
ANSWER_READ = 64 * 1024  # of a receiver's answer at most this much is read, then the connection is dropped


class SigningSecrets:
    """A workspace's signing secrets, newest last; an older one signs too till ROTATION_OVERLAP_S after the next."""

    def __init__(self) -> None:
        self.secrets: list[tuple[str, float]] = []  # (secret, unix time it was made)

    def add(self, secret: str, at: float) -> None:
        self.secrets.append((secret, at))

    def in_force(self, now: float) -> list[str]:
        newest = [self.secrets[-1][0]] if self.secrets else []
        overlapping = [secret for (secret, _), (_, successor_at) in zip(self.secrets, self.secrets[1:], strict=False)
                       if now < successor_at + ROTATION_OVERLAP_S]
        return newest + overlapping


class _HostBound:
    """The deliveries one host may receive at once, and how many deliveries use the bound."""

    def __init__(self, limit: int) -> None:
        self.semaphore = trio.Semaphore(limit)
        self.users = 0


class Webhooks:
    def __init__(self, settings: Settings, event_log: EventLog, secrets: JobSecrets, policy: EgressPolicy,
                 rng: random.Random | None = None) -> None:
        self.settings = settings
        self.event_log = event_log
        self.secrets = secrets  # shared with the jobs actor: opens job payloads, signs result URLs
        self.policy = policy
        self.rng = rng or random.Random()
        self.messages: dict[str, Message] = {}  # pending ones only
        self.signing: dict[str, SigningSecrets] = {}
        self._due: list[tuple[float, str]] = []  # (unix time, message id), a heap; stale entries skipped
        self._sending: set[str] = set()
        self._changed = trio.Event()
        self._lock = trio.Lock()  # one secret created per workspace, however many ask at once
        self._all = trio.Semaphore(settings.webhook_concurrency)
        self._per_host: dict[str, _HostBound] = {}
        self._built = False

    # ------------------------------------------------------------ life

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        if not self._built:  # once: a restart by the supervisor keeps what is in memory
            await self._rebuild()
            self._built = True
        async with trio.open_nursery() as nursery:
            task_status.started()
            while True:
                now = time.time()
                while self._due and self._due[0][0] <= now:
                    _, message_id = heapq.heappop(self._due)
                    message = self.messages.get(message_id)
                    if message is not None and message.due <= now and message_id not in self._sending:
                        self._sending.add(message_id)
                        nursery.start_soon(self._deliver, message)
                wait = self._due[0][0] - now if self._due else float("inf")
                with trio.move_on_after(wait):
                    await self._changed.wait()
                self._changed = trio.Event()

    async def _rebuild(self) -> None:
        rows = await self.event_log.query(
            "SELECT ts, type, workspace_id, data FROM events WHERE type LIKE 'webhook.%' ORDER BY seq")
        messages: dict[str, Message] = {}
        for row in rows:
            data = orjson.loads(row["data"] or "{}")
            if row["type"] == "webhook.secret_created":
                self._learn_secret(row["workspace_id"], row["ts"], data)
            elif row["type"] == "webhook.scheduled":
                messages[data["message"]] = Message.scheduled(row["workspace_id"], row["ts"], data)
            elif (message := messages.get(data.get("message", ""))) is not None:
                message.apply(row["type"], row["ts"], data)
        for message in messages.values():
            if message.state == PENDING:
                self._queue(message)
        log.info("webhooks: %d messages pending", len(self.messages))

    def _queue(self, message: Message) -> None:
        self.messages[message.id] = message
        heapq.heappush(self._due, (message.due, message.id))
        self._changed.set()

    # ------------------------------------------------------------ scheduling, from the jobs actor

    def announce(self, job: Job, kind: str, ts: dt.datetime, data: dict[str, Any]) -> list[Event]:
        """The webhook.scheduled events for a job event about to be committed (none if nobody listens).

        No await: the caller commits them in the transaction of the job event itself.
        """
        if kind not in EVENT_TYPES or job.webhook is None:
            return []
        after = copy.copy(job)
        after.apply(kind, ts, data)
        payload = responses.job_view(after, job.base_url).as_json()
        result = {"contentType": after.content_type, "bytes": after.bytes} if after.status == SUCCEEDED else None
        scheduled = {"message": new_id("msg"), "event": kind, "job": job.id, "payload": payload, "result": result,
                     "sealedUrl": job.webhook, "baseUrl": job.base_url,
                     "retainedUntil": after.retained_until.isoformat() if after.retained_until else None}
        return [Event("webhook.scheduled", workspace_id=job.workspace_id, capture_id=job.id, ts=ts,
                      data={k: v for k, v in scheduled.items() if v is not None})]

    def announced(self, events: list[Event]) -> None:
        """The events `announce` made are on disk: their messages are due now."""
        for event in events:
            assert event.workspace_id is not None
            assert event.data is not None
            self._queue(Message.scheduled(event.workspace_id, event.ts, event.data))

    # ------------------------------------------------------------ signing secrets

    def _learn_secret(self, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        try:
            secret = self.secrets.keyring.open(base64.b64decode(data["sealed"]), data["secretId"], workspace_id)
        except SealError:
            log.warning("webhook signing secret %s of %s cannot be opened: its key is gone", data["secretId"],
                        workspace_id)
            return
        self.signing.setdefault(workspace_id, SigningSecrets()).add(secret.decode(), ts.replace(
            tzinfo=dt.UTC).timestamp())

    async def signing_secrets(self, workspace_id: str) -> list[str]:
        """The workspace's signing secrets in force, newest first; the first is made on the first ask."""
        async with self._lock:
            if workspace_id not in self.signing:
                await self._new_secret(workspace_id)
        return self.signing[workspace_id].in_force(time.time())

    async def rotate_signing_secret(self, workspace_id: str) -> str:
        """A new signing secret; the old one keeps signing beside it for ROTATION_OVERLAP_S."""
        async with self._lock:
            return await self._new_secret(workspace_id)

    async def _new_secret(self, workspace_id: str) -> str:
        secret, secret_id, ts = new_secret(), new_id("wss"), utcnow()
        sealed = base64.b64encode(self.secrets.keyring.seal(secret.encode(), secret_id, workspace_id)).decode()
        data = {"secretId": secret_id, "sealed": sealed, "keyId": self.secrets.keyring.current}
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(Event("webhook.secret_created", workspace_id=workspace_id, data=data, ts=ts))
        self._learn_secret(workspace_id, ts, data)
        return secret

    # ------------------------------------------------------------ delivery

    async def _deliver(self, message: Message) -> None:
        url = self._destination(message)
        try:
            host = split_target(url)[1] if url else ""
        except CaptureError:
            host = ""
        bound = self._per_host.setdefault(host, _HostBound(self.settings.webhook_host_concurrency))
        bound.users += 1
        try:
            async with self._all, bound.semaphore:
                await self._attempt(message, url)
        finally:
            self._sending.discard(message.id)
            bound.users -= 1
            if not bound.users:
                del self._per_host[host]

    def _destination(self, message: Message) -> str:
        try:
            return self.secrets.keyring.open(base64.b64decode(message.sealed_url), message.job_id,
                                             message.workspace_id).decode()
        except SealError:
            return ""  # its key is gone: the attempt fails as unsendable and the schedule runs out

    async def _attempt(self, message: Message, url: str) -> None:
        body = orjson.dumps(message.body(*self._result_url(message)))
        signing = await self.signing_secrets(message.workspace_id)
        headers = signed_headers(signing, message.id, int(time.time()), body)
        started = trio.current_time()
        status: int | None = None
        error: str | None = None
        answer = b""
        try:
            if not url:
                raise OutboundError("the destination cannot be opened", kind="unsealable")
            response = await send(self.policy, "POST", url, headers=headers, body=body,
                                  timeout_s=self.settings.webhook_timeout_s, https_only=True,
                                  max_body=ANSWER_READ)
            status, answer = response.status, response.body
        except Refused:
            error = "forbidden_destination"
        except CaptureError as exc:  # the URL itself is no longer acceptable (a scheme, an allow list changed)
            error = "forbidden_destination" if exc.code == "destination_forbidden" else "unresolvable"
        except OutboundError as exc:
            error = exc.kind
        await self._settle(message, status, error, answer, int((trio.current_time() - started) * 1000))

    def _result_url(self, message: Message) -> tuple[str | None, str | None]:
        """A fresh signed result URL for a job.succeeded message, never past the result's retention."""
        if message.event_type != "job.succeeded" or message.retained_until is None:
            return None, None
        now = int(time.time())
        kept = int(dt.datetime.fromisoformat(message.retained_until).replace(tzinfo=dt.UTC).timestamp())
        expires = min(now + self.settings.result_url_ttl_s, kept)
        if expires <= now:
            return None, None
        url = self.secrets.signer.url(message.base_url, message.job_id, message.workspace_id, expires)
        return url, rfc3339(dt.datetime.fromtimestamp(expires, dt.UTC))

    async def _settle(self, message: Message, status: int | None, error: str | None, answer: bytes,
                      latency_ms: int) -> None:
        delivered = status is not None and 200 <= status < 300
        code = None if delivered else failure_code(status, error)
        attempt = {"message": message.id, "event": message.event_type, "attempt": message.failures + 1,
                   "status": status, "answer": answer[:ANSWER_KEPT].decode("utf-8", "replace")}
        events = [Event("webhook.attempted", workspace_id=message.workspace_id, capture_id=message.job_id,
                        outcome="delivered" if delivered else "delivery_failed", stage="delivery", code=code,
                        duration_ms=latency_ms, data=attempt)]
        verdict: dict[str, Any] = {"message": message.id}
        if delivered:
            kind = "webhook.delivered"
        elif status == GONE:
            kind, verdict["reason"] = "webhook.abandoned", "the receiver answered 410 Gone"
        elif (delay := retry_delay(self.settings.webhook_retry_s, message.failures + 1,
                                   self.settings.webhook_retry_jitter, self.rng)) is None:
            kind, verdict["reason"] = "webhook.abandoned", f"{message.failures + 1} attempts failed"
        else:
            kind, verdict["retryAt"] = "webhook.failed", time.time() + delay
        events.append(Event(kind, workspace_id=message.workspace_id, capture_id=message.job_id, data=verdict))
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(*events)
        message.apply(kind, events[-1].ts, verdict)
        if message.state == PENDING:
            self._queue(message)
        else:
            self.messages.pop(message.id, None)
            log.log(logging.INFO if delivered else logging.WARNING, "webhook %s (%s of %s): %s", message.id,
                    message.event_type, message.job_id, kind)
