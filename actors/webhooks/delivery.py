"""The webhook delivery actor: signed calls for finished jobs and monitors' changes, retried until delivered or
given up, never lost.

Messages are scheduled by the jobs actor in the same commit as the job event
they announce (`announce`, then `announced` once it is on disk), so a message
exists exactly when its event does; where each goes and what signs it is the
endpoints actor's (`actors.webhooks.endpoints`), told of every attempt committed here.
Everything here changes by committing an event first and applying it after
(`_commit`, `_apply`), the same way it is rebuilt on start; at most the one
attempt in flight at a crash is sent again.
Due messages take delivery slots in turn across owning accounts (`engine.records.webhook_turns`): at most
`webhook_concurrency` calls in all, `webhook_account_concurrency` of one account's workspaces together, and
`webhook_host_concurrency` of one workspace to one resolved address, so a slow receiver holds neither
captures nor other workspaces' calls. Each runs in its own task; the call itself, and the verdict it
leads to, are `actors.webhooks.calls`' (the egress policy, address bounds, kept-alive connections).
A workspace has at most `webhook_workspace_pending` messages
waiting before its test events and resends are refused (CapacityExhausted); job events always wait
their turn, never refused and never dropped.
"""

from __future__ import annotations

import copy
import datetime as dt
import heapq
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import orjson
import trio

from actors.accounts import Principal
from actors.jobs import JobSecrets
from actors.storage import STUCK_S, EventLog
from actors.webhooks.calls import Courier, Outcome, about, verdict
from actors.webhooks.endpoints import WebhookEndpoints, open_sealed
from engine.network.destinations import EgressPolicy
from engine.operations.settings import Settings
from engine.records import replies
from engine.records.at_rest import opened_message_data, sealed_message_data
from engine.records.jobs import SUCCEEDED, Job
from engine.records.keys import new_id
from engine.records.schema import Event
from engine.records.webhook_turns import FairTurns
from engine.records.webhooks import DELIVERED, JOB_EVENTS, PENDING, PENDING_MESSAGE_EVENTS, TEST_EVENT, Message
from engine.rules.errors import CapacityExhausted, WebhookNotFound
from engine.rules.period import utcnow

log = logging.getLogger("capture.webhooks")
PENDING_RETRY_AFTER_S = 60  # a refused test event or resend: when to ask again


class Webhooks:
    def __init__(self, settings: Settings, event_log: EventLog, secrets: JobSecrets, policy: EgressPolicy,
                 endpoints: WebhookEndpoints, rng: random.Random | None = None,
                 account_of: Callable[[str], str] = str) -> None:
        """`account_of(workspace id)`: the owning account whose slots its messages take (memberships know)."""
        self.settings = settings
        self.event_log = event_log
        self.secrets = secrets  # shared with the jobs actor: opens job payloads and sealed URLs
        self.endpoints = endpoints  # where a message goes and what signs it; told of every attempt
        self.rng = rng or random.Random()
        self.messages: dict[str, Message] = {}  # pending ones only (all of them while rebuilding)
        self._due: list[tuple[float, str]] = []  # (unix time, message id), a heap; stale entries skipped
        self._sending: set[str] = set()  # messages waiting for their turn or being delivered
        self._pending: Counter[str] = Counter()  # pending messages by workspace
        self._changed = trio.Event()
        self._account_of = account_of
        self._turns = FairTurns(settings.webhook_concurrency, settings.webhook_account_concurrency)
        self._turn_of: dict[str, str] = {}  # message id -> the account it took its turn as (owners may change)
        self._courier = Courier(settings, policy, secrets, self._woken)
        self._built = False

    # ------------------------------------------------------------ life

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        if not self._built:  # once: a restart by the supervisor keeps what is in memory
            await self._rebuild()
            self._built = True
        # Every pending message due again, also those whose attempt a crash of this actor cut off.
        self._due = [(m.due, m.id) for m in self.messages.values()]
        heapq.heapify(self._due)
        self._sending.clear()
        self._turns = FairTurns(self.settings.webhook_concurrency, self.settings.webhook_account_concurrency)
        self._turn_of.clear()
        self._courier.reset()
        try:
            await self._serve(task_status)
        finally:
            with trio.move_on_after(STUCK_S, shield=True):  # closing sockets forcefully does not wait; bounded anyway
                await self._courier.aclose()

    async def _serve(self, task_status: trio.TaskStatus[None]) -> None:
        async with trio.open_nursery() as nursery:
            task_status.started()
            while True:
                now = time.time()
                while self._due and self._due[0][0] <= now:
                    _, message_id = heapq.heappop(self._due)
                    message = self.messages.get(message_id)
                    if message is not None and message.due <= now and message_id not in self._sending:
                        self._sending.add(message_id)
                        self._queue(message.workspace_id, message_id)
                self._start_turns(nursery)
                wait = self._due[0][0] - now if self._due else float("inf")
                with trio.move_on_after(wait):
                    await self._changed.wait()
                self._changed = trio.Event()

    def _start_turns(self, nursery: trio.Nursery) -> None:
        """A delivery task for each message whose turn it is, while slots are free."""
        while (turn := self._turns.next_nowait()) is not None:
            _, message_id = turn
            message = self.messages.get(message_id)
            if message is None:  # settled while it waited (given up with its deleted endpoint, say)
                self._sending.discard(message_id)
                self._free(message_id)
                continue
            nursery.start_soon(self._deliver, message)

    async def _rebuild(self) -> None:
        rows = await self.event_log.query(PENDING_MESSAGE_EVENTS)
        for row in rows:
            self._apply(row["type"], row["workspace_id"], row["ts"], orjson.loads(row["data"] or "{}"))
        self.messages = {m.id: m for m in self.messages.values() if m.state == PENDING}
        self._pending = Counter(m.workspace_id for m in self.messages.values())
        log.info("webhooks: %d messages pending", len(self.messages))

    async def _commit(self, *events: Event) -> None:
        """Events on disk, then applied. Shielded: past STUCK_S, TooSlowError and nothing applied."""
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(*events)
        self.endpoints.committed(list(events))  # an attempt moves its endpoint, and may disable it
        for event in events:
            assert event.workspace_id is not None
            self._apply(event.type, event.workspace_id, event.ts, event.data or {})

    def _apply(self, kind: str, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the messages by one event, live or rebuilding; an endpoint's own events leave them as they are."""
        if kind == "webhook.scheduled":
            new = Message.scheduled(workspace_id, ts, self.message_data(workspace_id, data))
            self.messages[new.id] = new
            if self._built:
                self._pending[workspace_id] += 1
                heapq.heappush(self._due, (new.due, new.id))
                self._changed.set()
        elif (message := self.messages.get(data.get("message", ""))) is not None:
            message.apply(kind, ts, data)
            if self._built and message.state != PENDING:
                del self.messages[message.id]
                self._pending[workspace_id] -= 1
            elif self._built and kind in ("webhook.failed", "webhook.resent"):
                heapq.heappush(self._due, (message.due, message.id))
                self._changed.set()

    # ------------------------------------------------------------ scheduling, from the jobs actor

    def announce(self, job: Job, kind: str, ts: dt.datetime, data: dict[str, Any]) -> list[Event]:
        """The webhook.scheduled events for a job event about to be committed (none if nobody listens).

        No await: the caller commits them in the transaction of the job event itself.
        """
        if kind not in JOB_EVENTS:
            return []
        endpoints = self.endpoints.listening(job.workspace_id, kind)
        if job.webhook is None and not endpoints:
            return []
        after = copy.copy(job)
        after.apply(kind, ts, data)
        common = {
            "event": kind, "job": job.id, "payload": replies.job_view(after, job.base_url).as_json(),
            "result": {"contentType": after.content_type, "bytes": after.bytes} if after.status == SUCCEEDED
            else None,
            "baseUrl": job.base_url,
            "retainedUntil": after.retained_until.isoformat() if after.retained_until else None,
        }
        destinations = [{"endpoint": e.id} for e in endpoints]
        if job.webhook is not None:
            destinations.append({"sealedUrl": job.webhook})
        # kept for retries with the payload sealed: the job's whole URL, error message, final URL
        # (engine.records.at_rest)
        return [Event("webhook.scheduled", workspace_id=job.workspace_id, capture_id=job.id, ts=ts,
                      data=sealed_message_data(self.secrets.keyring, job.workspace_id, {
                          k: v for k, v in {"message": new_id("msg"), **common, **destination}.items()
                          if v is not None}))
                for destination in destinations]

    def announce_monitor(self, workspace_id: str, monitor_id: str, webhook_url: str | None, kind: str,
                         ts: dt.datetime, payload: dict[str, Any], base_url: str) -> list[Event]:
        """The webhook.scheduled events of a monitor's event (monitor.changed, monitor.failed) about to be
        committed: to the monitor's webhookUrl (sealed to the monitor, as a job's is to the job) and each of the
        workspace's endpoints that listens. No await: the caller commits them with its run's event."""
        destinations: list[dict[str, Any]] = [
            {"endpoint": e.id} for e in self.endpoints.listening(workspace_id, kind)]
        if webhook_url is not None:
            destinations.append({"sealedUrl": self.secrets.seal(webhook_url.encode(), monitor_id, workspace_id)})
        return [Event("webhook.scheduled", workspace_id=workspace_id, capture_id=monitor_id, ts=ts,
                      data=sealed_message_data(self.secrets.keyring, workspace_id, {
                          "message": new_id("msg"), "event": kind, "job": monitor_id, "payload": payload,
                          "baseUrl": base_url, **destination}))
                for destination in destinations]

    def message_data(self, workspace_id: str, data: dict[str, Any]) -> dict[str, Any]:
        """A webhook.scheduled event's data with its payload open ({} and a warning if its key is gone)."""
        opened = opened_message_data(self.secrets.keyring, workspace_id, data)
        if opened is None:
            log.warning("webhook message %s in %s cannot be opened: its key is gone", data["message"], workspace_id)
        return opened if opened is not None else {**data, "payload": {}}

    def announced(self, events: list[Event]) -> None:
        """The events `announce` made are on disk: their messages are due now."""
        for event in events:
            assert event.workspace_id is not None
            self._apply(event.type, event.workspace_id, event.ts, event.data or {})

    async def send_test(self, principal: Principal, endpoint_id: str) -> Message:
        """A webhook.test message to the endpoint, whatever its filter says."""
        endpoint = self.endpoints.endpoint(principal, endpoint_id)
        self._room_for_one_more(endpoint.workspace_id)
        message_id = new_id("msg")
        await self._commit(Event("webhook.scheduled", workspace_id=endpoint.workspace_id, ts=utcnow(), data={
            "message": message_id, "event": TEST_EVENT, "endpoint": endpoint.id,
            "payload": {"endpoint": endpoint.id, "description": "a test event: nothing happened"}}))
        return self.messages[message_id]

    async def resend(self, workspace_id: str, message_id: str) -> None:
        """Send a message again, from its first try (the same webhook-id), however it ended."""
        message = self.messages.get(message_id)
        if message is None:
            rows = await self.event_log.query(
                "SELECT ts, data FROM events WHERE type = 'webhook.scheduled' AND workspace_id = ? "
                "AND json_extract_string(data, '$.message') = ?", [workspace_id, message_id])
            if not rows:
                raise WebhookNotFound(message_id)
            message = Message.scheduled(workspace_id, rows[0]["ts"], self.message_data(workspace_id,
                                                                                  orjson.loads(rows[0]["data"])))
            message.state = DELIVERED  # whatever it was: not pending, so not in the heap
        if message.workspace_id != workspace_id:
            raise WebhookNotFound(message_id)
        settled = message.id not in self.messages  # sent again, it is one more pending message
        if settled:
            self._room_for_one_more(workspace_id)
        self.messages.setdefault(message.id, message)
        await self._commit(about(message, "webhook.resent", utcnow(), {"message": message.id}))
        if settled:
            self._pending[workspace_id] += 1

    def _room_for_one_more(self, workspace_id: str) -> None:
        """CapacityExhausted if the workspace has webhook_workspace_pending messages waiting already."""
        waiting, cap = self._pending[workspace_id], self.settings.webhook_workspace_pending
        if waiting >= cap:
            raise CapacityExhausted(f"this workspace has {waiting} webhook messages waiting to be delivered; "
                                    f"its share is {cap}", retry_after=PENDING_RETRY_AFTER_S)

    # ------------------------------------------------------------ delivery

    async def _deliver(self, message: Message) -> None:
        """One attempt in the slot its turn gave it (or parked, its address full); the slot goes to the next turn."""
        parked = False
        try:
            try:
                url, signing = await self._target(message)
            except _GiveUp as reason:
                await self._commit(about(message, "webhook.abandoned", utcnow(),
                                         {"message": message.id, "reason": str(reason)}))
                return
            outcome = await self._courier.call(message, url, signing)
            parked = outcome is None
            if outcome is not None:
                await self._settle(message, outcome)
        finally:
            if not parked:
                self._sending.discard(message.id)
            self._free(message.id)
            self._changed.set()

    async def _target(self, message: Message) -> tuple[str, list[str]]:
        """Where the message goes and the secrets that sign it; _GiveUp if it can go nowhere any more."""
        if message.endpoint is None:
            return (open_sealed(self.secrets, message.sealed_url, message.job_id, message.workspace_id),
                    await self.endpoints.signing_secrets(message.workspace_id))
        endpoint = self.endpoints.find(message.endpoint)
        if endpoint is None:
            raise _GiveUp("the endpoint was deleted")
        if not endpoint.enabled:
            raise _GiveUp(f"the endpoint is disabled: {endpoint.disabled_reason}")
        return endpoint.url, endpoint.secrets.in_force(time.time())

    def _woken(self, workspace_id: str, message_id: str) -> None:
        """A parked message's address has room again: its turn comes first."""
        self._queue(workspace_id, message_id, first=True)

    def _queue(self, workspace_id: str, message_id: str, *, first: bool = False) -> None:
        """The message waits for a slot as its workspace's owning account."""
        account = self._turn_of[message_id] = self._account_of(workspace_id)
        self._turns.add(account, message_id, first=first)

    def _free(self, message_id: str) -> None:
        """The slot a message took goes back to the account it was taken as."""
        self._turns.done(self._turn_of.pop(message_id))

    async def _settle(self, message: Message, outcome: Outcome) -> None:
        kind, events = verdict(message, outcome, self.settings, self.rng, self.endpoints.find(message.endpoint or ""))
        await self._commit(*events)
        if kind != "webhook.failed":
            log.log(logging.INFO if kind == "webhook.delivered" else logging.WARNING, "webhook %s (%s of %s): %s",
                    message.id, message.event_type, message.job_id or message.endpoint, kind)


class _GiveUp(Exception):
    """A message that can go nowhere any more; the message says why."""
