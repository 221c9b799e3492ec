"""A workspace's webhook endpoints and signing secrets: what the API and the dashboard manage.

Two kinds of destination: a job's own `webhookUrl` (signed with the
workspace's signing secrets, the first made on the first ask) and the
workspace's endpoints (each with its own secret and event filter). The
delivery actor (`actors.webhooks.delivery`) asks this one where a message goes and what
signs it, and tells it of the attempts it commits (`committed`): they disable
an endpoint that fails for `webhook_disable_after_s`.

Everything here changes by committing an event first and applying it after
(`_commit`, `apply`), the same way it is rebuilt on start from the
`webhook.secret_created`, `webhook.endpoint_*` and `webhook.attempted` events.
Changes take one lock, so the endpoint limit and a workspace's first secret
hold under concurrent requests.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from typing import Any

import orjson
import trio

from actors.accounts import Principal
from actors.jobs import JobSecrets
from actors.storage import STUCK_S, EventLog
from engine.network.destinations import EgressPolicy, check_webhook_url
from engine.network.turns import Tenant
from engine.records.at_rest import open_text
from engine.records.keys import new_id
from engine.records.schema import Event
from engine.records.webhooks import (
    EVENT_TYPES,
    MAX_ENDPOINTS,
    Endpoint,
    EndpointChange,
    EndpointCreate,
    SigningSecrets,
    new_secret,
)
from engine.rules.errors import FeatureNotEntitled, InvalidRequest, WebhookNotFound
from engine.rules.period import utcnow
from engine.rules.request import Body, parse_model

log = logging.getLogger("capture.webhooks")
FEATURE = "durableWebhooks"
# The events this projection moves by (the rest of webhook.* are the messages', actors.webhooks.delivery).
ENDPOINT_EVENTS = ("webhook.secret_created", "webhook.endpoint_created", "webhook.endpoint_deleted",
                   "webhook.endpoint_updated", "webhook.endpoint_disabled", "webhook.attempted")
# What a start replays; attempts at a job's own webhookUrl name no endpoint: not ours.
ENDPOINT_REPLAY = (
    f"SELECT ts, type, workspace_id, data FROM events WHERE type IN ({', '.join(repr(t) for t in ENDPOINT_EVENTS)}) "
    "AND (type <> 'webhook.attempted' OR json_extract_string(data, '$.endpoint') IS NOT NULL) ORDER BY seq")


def open_sealed(secrets: JobSecrets, sealed: str, bound_to: str, workspace_id: str) -> str:
    """A sealed secret or URL; "" (and a warning) if its key is gone."""
    opened = open_text(secrets.keyring, sealed, bound_to, workspace_id)
    if opened is None:
        log.warning("webhook secret or URL of %s in %s cannot be opened: its key is gone", bound_to, workspace_id)
    return opened or ""


class WebhookEndpoints:
    def __init__(self, event_log: EventLog, secrets: JobSecrets, policy: EgressPolicy) -> None:
        self.event_log = event_log
        self.secrets = secrets  # shared with the jobs actor: seals URLs and secrets to the workspace
        self.policy = policy
        self._endpoints: dict[str, Endpoint] = {}
        self._of_workspace: dict[str, dict[str, Endpoint]] = {}
        self._signing: dict[str, SigningSecrets] = {}  # each workspace's, for jobs' own webhookUrl
        self._lock = trio.Lock()  # endpoint and secret changes, one at a time (limits, first secrets)
        self._built = False

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Rebuild from the event log (once: a restart keeps what is in memory), then serve until cancelled."""
        if not self._built:
            rows = await self.event_log.query(ENDPOINT_REPLAY)
            for row in rows:
                self.apply(row["type"], row["workspace_id"], row["ts"], orjson.loads(row["data"] or "{}"))
            self._built = True
            log.info("webhooks: %d endpoints", len(self._endpoints))
        task_status.started()
        await trio.sleep_forever()

    async def _commit(self, *events: Event) -> None:
        """Events on disk, then applied. Shielded: past STUCK_S, TooSlowError and nothing applied."""
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(*events)
        self.committed(list(events))

    def committed(self, events: list[Event]) -> None:
        """These events are on disk (the delivery actor's attempts among them): the endpoints move by them."""
        for event in events:
            assert event.workspace_id is not None
            self.apply(event.type, event.workspace_id, event.ts, event.data or {})

    def apply(self, kind: str, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        """Move the projection by one event, live or rebuilding; a message's own events leave it as it is."""
        if kind == "webhook.secret_created":
            self._learn_secret(workspace_id, ts, data)
        elif kind == "webhook.endpoint_created":
            self._learn_endpoint(workspace_id, ts, data)
        elif kind == "webhook.endpoint_deleted":
            self._endpoints.pop(data["endpoint"], None)
            self._of_workspace.get(workspace_id, {}).pop(data["endpoint"], None)
        elif kind != "webhook.scheduled" and (endpoint := self._endpoints.get(data.get("endpoint", ""))) is not None:
            endpoint.apply(kind, ts, data)
            if "sealedUrl" in data:
                endpoint.url = open_sealed(self.secrets, data["sealedUrl"], endpoint.id, workspace_id)

    def _learn_secret(self, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        at = ts.replace(tzinfo=dt.UTC).timestamp()
        secret = open_sealed(self.secrets, data["sealed"], data["secretId"], workspace_id)
        if not secret:
            return
        if "endpoint" in data:
            if (endpoint := self._endpoints.get(data["endpoint"])) is not None:
                endpoint.secrets.add(secret, at)
        else:
            self._signing.setdefault(workspace_id, SigningSecrets()).add(secret, at)

    def _learn_endpoint(self, workspace_id: str, ts: dt.datetime, data: dict[str, Any]) -> None:
        url = open_sealed(self.secrets, data["sealedUrl"], data["endpoint"], workspace_id)
        endpoint = Endpoint(data["endpoint"], workspace_id, url, tuple(data["events"]), data.get("description"), ts)
        self._endpoints[endpoint.id] = endpoint
        self._of_workspace.setdefault(workspace_id, {})[endpoint.id] = endpoint

    # ------------------------------------------------------------ for the delivery actor

    def find(self, endpoint_id: str) -> Endpoint | None:
        """The endpoint of any workspace, or None if it was deleted (or never was)."""
        return self._endpoints.get(endpoint_id)

    def listening(self, workspace_id: str, event_type: str) -> list[Endpoint]:
        """The workspace's enabled endpoints whose filter takes this event, oldest first."""
        return [e for e in self._of_workspace.get(workspace_id, {}).values() if e.wants(event_type)]

    # ------------------------------------------------------------ signing secrets of a workspace

    async def signing_secrets(self, workspace_id: str) -> list[str]:
        """The workspace's signing secrets in force, newest first; the first is made on the first ask."""
        async with self._lock:
            if workspace_id not in self._signing:
                await self._new_secret(workspace_id, None)
        return self._signing[workspace_id].in_force(time.time())

    async def rotate_signing_secret(self, workspace_id: str) -> str:
        """A new signing secret; the old one keeps signing beside it for ROTATION_OVERLAP_S."""
        async with self._lock:
            return await self._new_secret(workspace_id, None)

    async def _new_secret(self, workspace_id: str, endpoint: str | None) -> str:
        secret, secret_id = new_secret(), new_id("wss")
        data = {"secretId": secret_id, "sealed": self.secrets.seal(secret.encode(), secret_id, workspace_id),
                "keyId": self.secrets.keyring.current, "endpoint": endpoint}
        await self._commit(Event("webhook.secret_created", workspace_id=workspace_id, ts=utcnow(),
                                 data={k: v for k, v in data.items() if v is not None}))
        return secret

    # ------------------------------------------------------------ endpoints, from the API and the dashboard

    def endpoint(self, principal: Principal, endpoint_id: str) -> Endpoint:
        _entitled(principal)
        found = self._of_workspace.get(principal.workspace.id, {}).get(endpoint_id)
        if found is None:
            raise WebhookNotFound(endpoint_id)
        return found

    def list_endpoints(self, principal: Principal) -> list[Endpoint]:
        """Oldest first; FeatureNotEntitled if the plan has no durable webhooks."""
        _entitled(principal)
        return sorted(self._of_workspace.get(principal.workspace.id, {}).values(), key=lambda e: e.created_at)

    async def create_endpoint(self, principal: Principal, body: Body) -> tuple[Endpoint, str]:
        """A new endpoint and its secret (shown once)."""
        _entitled(principal)
        asked = parse_model(EndpointCreate, body.json())
        await check_webhook_url(asked.url, self.policy, field="url", tenant=Tenant(principal.workspace.id))
        workspace_id = principal.workspace.id
        async with self._lock:
            if len(self._of_workspace.get(workspace_id, {})) >= MAX_ENDPOINTS:
                raise InvalidRequest(f"a workspace has at most {MAX_ENDPOINTS} webhook endpoints; delete one first")
            endpoint_id, secret_id, secret = new_id("whe"), new_id("wss"), new_secret()
            data = {"endpoint": endpoint_id,
                    "sealedUrl": self.secrets.seal(asked.url.encode(), endpoint_id, workspace_id),
                    "events": list(asked.events or EVENT_TYPES), "description": asked.description,
                    "keyId": self.secrets.keyring.current}
            ts = utcnow()
            await self._commit(
                Event("webhook.endpoint_created", workspace_id=workspace_id, ts=ts, data=data),
                Event("webhook.secret_created", workspace_id=workspace_id, ts=ts, data={
                    "secretId": secret_id, "sealed": self.secrets.seal(secret.encode(), secret_id, workspace_id),
                    "keyId": self.secrets.keyring.current, "endpoint": endpoint_id}))
        return self._endpoints[endpoint_id], secret

    async def change_endpoint(self, principal: Principal, endpoint_id: str, body: Body) -> Endpoint:
        endpoint = self.endpoint(principal, endpoint_id)
        asked = parse_model(EndpointChange, body.json())
        if asked.url is not None:
            await check_webhook_url(asked.url, self.policy, field="url", tenant=Tenant(principal.workspace.id))
        data: dict[str, Any] = {"endpoint": endpoint.id, "events": asked.events, "description": asked.description,
                                "enabled": asked.enabled,
                                "sealedUrl": self.secrets.seal(asked.url.encode(), endpoint.id, endpoint.workspace_id)
                                if asked.url is not None else None}
        async with self._lock:
            self.endpoint(principal, endpoint_id)  # still there
            await self._commit(Event("webhook.endpoint_updated", workspace_id=endpoint.workspace_id, ts=utcnow(),
                                     data={k: v for k, v in data.items() if v is not None}))
        return endpoint

    async def delete_endpoint(self, principal: Principal, endpoint_id: str) -> None:
        """Gone, with every message still pending for it (given up when its turn comes)."""
        async with self._lock:
            endpoint = self.endpoint(principal, endpoint_id)
            await self._commit(Event("webhook.endpoint_deleted", workspace_id=endpoint.workspace_id, ts=utcnow(),
                                     data={"endpoint": endpoint.id}))

    async def rotate_endpoint_secret(self, principal: Principal, endpoint_id: str) -> tuple[Endpoint, str]:
        async with self._lock:
            endpoint = self.endpoint(principal, endpoint_id)
            return endpoint, await self._new_secret(endpoint.workspace_id, endpoint.id)


def _entitled(principal: Principal) -> None:
    if not principal.plan.allows(FEATURE):
        raise FeatureNotEntitled(FEATURE, "webhooks")
