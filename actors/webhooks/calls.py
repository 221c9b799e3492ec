"""One webhook call: the receiver's address judged and bounded, the signed POST, and the verdict it leads to.

The delivery actor (`actors.webhooks.delivery`) hands a message here in the slot its
turn gave it. Each attempt goes out through `engine.network.outbound` under the
capture egress policy: the host is resolved and judged at that moment, on the
workspace's own lookup turns, the connection goes to the judged address, TLS is
verified against the name, redirects are never followed (a 3xx is a failure),
and a 410 gives the message up (and disables an endpoint, as do
`webhook_disable_after_s` without a success). Calls of one workspace to one
resolved address are bounded (`webhook_host_concurrency`): a call whose address
is full is parked, and woken into its workspace's turns when a call there ends.
Connections are kept alive per host and address (`KeepAlive`).
"""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import h11
import orjson
import trio

from actors.jobs import JobSecrets
from engine.network.destinations import EgressPolicy, Refused, split_target
from engine.network.outbound import KeepAlive, OutboundError, send
from engine.network.turns import Tenant
from engine.operations.settings import Settings
from engine.records.schema import Event
from engine.records.signing import result_url_expires
from engine.records.webhook_turns import AddressBounds
from engine.records.webhooks import (
    ANSWER_KEPT,
    MONITOR_EVENTS,
    Endpoint,
    Message,
    failure_code,
    retry_delay,
    signed_headers,
)
from engine.rules.errors import CaptureError
from engine.rules.period import rfc3339, utcnow
from engine.rules.redaction import redact

GONE = 410  # the receiver says the endpoint is gone: stop trying
ANSWER_READ = 64 * 1024  # of a receiver's answer at most this much is read, then the connection is dropped


@dataclass(frozen=True)
class Outcome:
    """How one call went: the receiver's status and answer, or the error that stopped it before one."""

    status: int | None
    error: str | None
    answer: bytes
    latency_ms: int


class Courier:
    def __init__(self, settings: Settings, policy: EgressPolicy, secrets: JobSecrets,
                 wake: Callable[[str, str], None]) -> None:
        """`wake(workspace_id, message_id)`: a parked message's address has room again; its turn comes first."""
        self.settings = settings
        self.policy = policy
        self.secrets = secrets  # signs the result URLs a job.succeeded message carries
        self._wake = wake
        self._addresses = AddressBounds(settings.webhook_host_concurrency)
        self._keep_alive: KeepAlive[h11.Connection] = KeepAlive(per_key=settings.webhook_host_concurrency)

    def reset(self) -> None:
        """No call in flight and none parked: the delivery actor (re)starts with every pending message due."""
        self._addresses = AddressBounds(self.settings.webhook_host_concurrency)

    async def aclose(self) -> None:
        """Close the kept-alive connections (forcefully: it does not wait on a receiver)."""
        await self._keep_alive.aclose()

    async def call(self, message: Message, url: str, signing: list[str]) -> Outcome | None:
        """Call the receiver; None (nothing sent) if its address has no room: parked, woken later."""
        started = trio.current_time()
        status: int | None = None
        error: str | None = None
        answer = b""
        body = orjson.dumps(self._fresh_run_urls(message, message.body(*self._result_url(message))))
        try:
            if not url:
                raise OutboundError("the destination cannot be opened", kind="unsealable")
            _, host, port = split_target(url)
            # judged once, within the webhook's own time, on its workspace's lookup turns: bounded by, and
            # connected to (a name that does not resolve in time is the receiver's timeout)
            with trio.move_on_after(self.settings.webhook_timeout_s) as looked_up:
                addresses = await self.policy.vet(host, port, Tenant(message.workspace_id))
            if looked_up.cancelled_caught:
                raise OutboundError(f"{host}: no address within {self.settings.webhook_timeout_s:g} s",
                                    kind="timeout")
            address = str(addresses[0])
            if not self._addresses.take_nowait(message.workspace_id, address):
                self._addresses.park(message.workspace_id, address, message.id)
                return None
            try:
                response = await send(self.policy, "POST", url, body=body,
                                      headers=signed_headers(signing, message.id, int(time.time()), body),
                                      timeout_s=self.settings.webhook_timeout_s, https_only=True,
                                      max_body=ANSWER_READ, keep_alive=self._keep_alive, vetted=addresses)
            finally:
                if (woken := self._addresses.give_back(message.workspace_id, address)) is not None:
                    self._wake(message.workspace_id, woken)
            status, answer = response.status, response.body
        except Refused:
            error = "forbidden_destination"
        except CaptureError as exc:  # the URL itself is no longer acceptable
            error = "forbidden_destination" if exc.code == "destination_forbidden" else "unresolvable"
        except OutboundError as exc:
            error = exc.kind
        return Outcome(status, error, answer, int((trio.current_time() - started) * 1000))

    def _fresh_run_urls(self, message: Message, body: dict[str, Any]) -> dict[str, Any]:
        """A monitor event's run with its resultUrl and diffUrl signed anew at each try, as a job's resultUrl is
        (a retry hours later would carry URLs long expired)."""
        run = body["data"].get("run") if message.event_type in MONITOR_EVENTS else None
        if not isinstance(run, dict) or not message.base_url:
            return body
        expires = int(time.time()) + self.settings.result_url_ttl_s
        fresh = dict(run)
        for field, name in (("resultUrl", run["id"]), ("diffUrl", f"{run['id']}-diff")):
            if field in run:
                fresh[field] = self.secrets.signer.url(message.base_url, name, message.workspace_id, expires)
        return {**body, "data": {**body["data"], "run": fresh}}

    def _result_url(self, message: Message) -> tuple[str | None, str | None]:
        """A fresh signed result URL for a job.succeeded message, never past the result's retention."""
        if message.event_type != "job.succeeded" or message.retained_until is None:
            return None, None
        now = int(time.time())
        kept = int(dt.datetime.fromisoformat(message.retained_until).replace(tzinfo=dt.UTC).timestamp())
        expires = result_url_expires(now, self.settings.result_url_ttl_s, kept)
        if expires <= now:
            return None, None
        url = self.secrets.signer.url(message.base_url, message.job_id, message.workspace_id, expires)
        return url, rfc3339(dt.datetime.fromtimestamp(expires, dt.UTC))


def verdict(message: Message, outcome: Outcome, settings: Settings, rng: random.Random,
            endpoint: Endpoint | None) -> tuple[str, list[Event]]:
    """What an attempt leads to (delivered, failed and retried, or abandoned) and the events that say so:
    the attempt, the verdict, and the disabling of its `endpoint` when the attempt is why."""
    status = outcome.status
    delivered = status is not None and 200 <= status < 300
    code = None if delivered else failure_code(status, outcome.error)
    attempt = {"message": message.id, "event": message.event_type, "attempt": message.failures + 1,
               "endpoint": message.endpoint, "status": status,
               # a receiver may echo the call, the job's whole URL with it: kept as a log line is
               # (redacted before it is cut, so no URL cut short keeps half of its userinfo)
               "answer": redact(outcome.answer.decode("utf-8", "replace")).encode()[:ANSWER_KEPT].decode(
                   "utf-8", "replace")}
    ts = utcnow()
    events = [about(message, "webhook.attempted", ts, {k: v for k, v in attempt.items() if v is not None},
                    outcome="delivered" if delivered else "delivery_failed", stage="delivery", code=code,
                    duration_ms=outcome.latency_ms)]
    said: dict[str, Any] = {"message": message.id}
    if delivered:
        kind = "webhook.delivered"
    elif status == GONE:
        kind, said["reason"] = "webhook.abandoned", "the receiver answered 410 Gone"
    elif (delay := retry_delay(settings.webhook_retry_s, message.failures + 1,
                               settings.webhook_retry_jitter, rng)) is None:
        kind, said["reason"] = "webhook.abandoned", f"{message.failures + 1} attempts failed"
    else:
        kind, said["retryAt"] = "webhook.failed", time.time() + delay
    events.append(about(message, kind, ts, said))
    if (reason := _disables(endpoint, status, delivered, settings)) is not None:
        events.append(about(message, "webhook.endpoint_disabled", ts, {"endpoint": message.endpoint,
                                                                       "reason": reason}))
    return kind, events


def _disables(endpoint: Endpoint | None, status: int | None, delivered: bool, settings: Settings) -> str | None:
    """Why this attempt disables its endpoint: a 410, or no success for webhook_disable_after_s."""
    if endpoint is None or delivered or not endpoint.enabled:
        return None
    if status == GONE:
        return "the receiver answered 410 Gone"
    since = endpoint.failing_since or time.time()
    if time.time() - since >= settings.webhook_disable_after_s:
        return f"no successful call for {settings.webhook_disable_after_s // 3600} h"
    return None


def about(message: Message, kind: str, ts: dt.datetime, data: dict[str, Any], **columns: Any) -> Event:
    """An event of this message, filed under its workspace and job."""
    return Event(kind, workspace_id=message.workspace_id, capture_id=message.job_id or None, ts=ts, data=data,
                 **columns)
