"""The webhook actor in process, with a real event log and real receivers on loopback: who is told of
which job event, timeouts, endpoints disabled by days of failures, and a rebuild that keeps what it knew."""

from __future__ import annotations

import base64
import datetime as dt
import ipaddress
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio

from actors.accounts import Principal
from actors.jobs import JobSecrets
from actors.storage import EventLog, running_event_log
from actors.webhooks import WebhookEndpoints, Webhooks
from engine.network.destinations import EgressPolicy, HostsFileResolver
from engine.operations.settings import EgressAllowance, Settings
from engine.records.accounts import ApiKey, Workspace
from engine.records.jobs import Job
from engine.records.sealing import Keyring
from engine.records.signing import ResultSigner
from engine.rules.errors import CapacityExhausted
from engine.rules.plans import Plan
from engine.rules.request import Body
from tests.conftest import until
from tests.webhook_receiver import Receiver

WS = "ws_actor"
PRINCIPAL = Principal(ApiKey("key_actor", WS, None, "cap_actor", "hash"), Workspace(WS, "actor", "pro", None),
                      Plan("pro", 100, 1000, frozenset({"durableWebhooks"})))
T0 = dt.datetime(2026, 11, 23, 12, 0, 0)


def secrets() -> JobSecrets:
    return JobSecrets(Keyring({"k1": bytes(32)}, "k1"), ResultSigner(b"s" * 32), b"f" * 32)


@asynccontextmanager
async def actor(tmp_path: Path, receiver: Receiver, **settings: Any
                ) -> AsyncIterator[tuple[Webhooks, WebhookEndpoints, EventLog]]:
    hosts = tmp_path / "hosts"
    hosts.write_text("127.0.0.1 hook.test\n")
    policy = EgressPolicy(HostsFileResolver(hosts), [EgressAllowance(ipaddress.ip_network("127.0.0.1/32"),
                                                                      receiver.port)], allowlist_only=True)
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
        webhooks, endpoints = await started(Settings(**settings), event_log, policy, nursery)
        yield webhooks, endpoints, event_log


async def started(settings: Settings, event_log: EventLog, policy: EgressPolicy,
                  nursery: trio.Nursery) -> tuple[Webhooks, WebhookEndpoints]:
    """The endpoints actor and the delivery actor given it, both running, as run.py starts them."""
    sealing = secrets()
    endpoints = WebhookEndpoints(event_log, sealing, policy)
    await nursery.start(endpoints.run)
    webhooks = Webhooks(settings, event_log, sealing, policy, endpoints)
    await nursery.start(webhooks.run)
    return webhooks, endpoints


def job(webhooks: Webhooks, url: str | None) -> Job:
    sealed = None
    if url is not None:
        sealed = base64.b64encode(webhooks.secrets.keyring.seal(url.encode(), "job_a", WS)).decode()
    found = Job.created("job_a", WS, "key_actor", "req_a", "png", T0,
                        {"keyId": "k1", "sealed": "", "retainS": 60, "url": "http://fixture.test/"})
    found.webhook, found.base_url = sealed, "http://capture.test"
    return found


async def test_job_events_are_announced_to_its_url_and_to_the_endpoints_that_take_them(tmp_path: Path) -> None:
    receiver = Receiver().start()
    try:
        async with actor(tmp_path, receiver) as (webhooks, endpoints, _):
            failed_only, _ = await endpoints.create_endpoint(PRINCIPAL, Body.of({
                "url": f"http://hook.test:{receiver.port}/failed", "events": ["job.failed"]}))
            everything, _ = await endpoints.create_endpoint(PRINCIPAL, Body.of({
                "url": f"http://hook.test:{receiver.port}/all"}))
            own = job(webhooks, f"http://hook.test:{receiver.port}/own")

            def told(kind: str, data: dict[str, Any] | None = None, of: Job = own) -> list[str]:
                events = webhooks.announce(of, kind, T0, data or {})
                return sorted(e.data.get("endpoint") or "own" for e in events if e.data is not None)
            assert told("job.started") == []
            assert told("job.requeued") == []
            assert told("job.failed", {"code": "render_failed", "message": "x"}) == sorted(
                [failed_only.id, everything.id, "own"])
            for kind in ("job.cancelled", "job.expired"):
                assert told(kind) == sorted([everything.id, "own"]), kind
            assert told("job.cancelled", of=job(webhooks, None)) == [everything.id]
            succeeded = webhooks.announce(own, "job.succeeded", T0, {
                "contentType": "image/png", "bytes": 5, "retainedUntil": (T0 + dt.timedelta(hours=1)).isoformat()})
            assert succeeded[0].data is not None
            assert "payload" not in succeeded[0].data  # kept for retries sealed: it holds the job's whole URL
            opened = webhooks.message_data(WS, succeeded[0].data)
            assert (opened["payload"]["status"], opened["payload"]["url"], opened["result"]) == (
                "SUCCEEDED", "http://fixture.test/", {"contentType": "image/png", "bytes": 5})
            assert own.status == "QUEUED"  # announcing applies to a copy: the job moves only by its commit
    finally:
        receiver.stop()


async def test_a_receiver_that_echoes_the_call_leaves_no_token_of_the_jobs_url_in_the_log(tmp_path: Path) -> None:
    token = f"tok{os.urandom(8).hex()}"
    receiver = Receiver().start()
    receiver.echo.add("/echo")
    try:
        async with actor(tmp_path, receiver) as (webhooks, _, event_log):
            own = job(webhooks, f"http://hook.test:{receiver.port}/echo")
            own.url = f"http://fixture.test/p?token={token}"
            events = webhooks.announce(own, "job.cancelled", T0, {})
            await event_log.append(*events)
            webhooks.announced(events)
            await until(lambda: not webhooks.messages)  # delivered
            [call] = receiver.to("/echo")
            assert token in call.body.decode()  # the receiver got the whole URL
            rows = await event_log.query("SELECT type, data FROM events WHERE type LIKE 'webhook.%' ORDER BY seq")
            assert [r["type"] for r in rows][-2:] == ["webhook.attempted", "webhook.delivered"]
            assert not [r for r in rows if token in r["data"]]
            assert "http://fixture.test/p?…" in orjson.loads(rows[-2]["data"])["answer"]
    finally:
        receiver.stop()


async def test_a_receiver_that_never_answers_is_a_timeout_and_days_of_failures_disable_the_endpoint(
        tmp_path: Path) -> None:
    silent = trio.socket.socket()
    await silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # accepts into the backlog, never answers
    port = silent.getsockname()[1]
    try:
        hosts = tmp_path / "hosts"
        hosts.write_text("127.0.0.1 hook.test\n")
        policy = EgressPolicy(HostsFileResolver(hosts), [EgressAllowance(ipaddress.ip_network("127.0.0.1/32"),
                                                                          port)], allowlist_only=True)
        async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
            webhooks, endpoints = await started(Settings(webhook_timeout_s=0.3, webhook_retry_s=(0.1, 0.1),
                                                         webhook_disable_after_s=0), event_log, policy, nursery)
            endpoint, _ = await endpoints.create_endpoint(PRINCIPAL, Body.of({
                "url": f"http://hook.test:{port}/silent"}))
            await webhooks.send_test(PRINCIPAL, endpoint.id)
            await until(lambda: not endpoint.enabled)
            rows = await event_log.query("SELECT type, code FROM events WHERE type IN ('webhook.attempted', "
                                         "'webhook.endpoint_disabled', 'webhook.failed') ORDER BY seq")
            assert [(r["type"], r["code"]) for r in rows] == [
                ("webhook.attempted", "timeout"), ("webhook.failed", None), ("webhook.endpoint_disabled", None)]
            assert "no successful call" in str(endpoint.disabled_reason)
            await until(lambda: not webhooks.messages)  # the next try finds it disabled and gives it up
            nursery.cancel_scope.cancel()
    finally:
        silent.close()


async def test_a_rebuilt_actor_knows_its_endpoints_secrets_and_pending_messages(tmp_path: Path) -> None:
    receiver = Receiver()
    port = receiver.port
    receiver.server_close()  # down: the message stays pending
    async with actor(tmp_path, receiver, webhook_retry_s=(60.0,)) as (webhooks, endpoints, _):
        endpoint, secret = await endpoints.create_endpoint(PRINCIPAL, Body.of({
            "url": f"http://hook.test:{port}/later", "description": "kept"}))
        _, rotated = await endpoints.rotate_endpoint_secret(PRINCIPAL, endpoint.id)
        signing = await endpoints.signing_secrets(WS)
        message = await webhooks.send_test(PRINCIPAL, endpoint.id)
        await until(lambda: message.failures > 0)
    async with actor(tmp_path, receiver) as (again, again_endpoints, _):
        found = again_endpoints.endpoint(PRINCIPAL, endpoint.id)
        assert (found.url, found.description, found.events) == (endpoint.url, "kept", endpoint.events)
        assert found.secrets.in_force(T0.timestamp() + 10**9) == [rotated]
        assert set(found.secrets.in_force(dt.datetime.now(dt.UTC).timestamp())) == {secret, rotated}
        assert await again_endpoints.signing_secrets(WS) == signing
        assert list(again.messages) == [message.id]
        assert again.messages[message.id].failures == 1


async def test_a_restarted_actor_sends_what_its_crash_cut_off(tmp_path: Path) -> None:
    silent = trio.socket.socket()
    await silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    receiver = Receiver().start()
    hosts = tmp_path / "hosts"
    hosts.write_text("127.0.0.1 hook.test\n")
    policy = EgressPolicy(HostsFileResolver(hosts), [
        EgressAllowance(ipaddress.ip_network("127.0.0.1/32"), port)
        for port in (silent.getsockname()[1], receiver.port)], allowlist_only=True)
    try:
        async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
            sealing = secrets()
            endpoints = WebhookEndpoints(event_log, sealing, policy)
            await nursery.start(endpoints.run)
            webhooks = Webhooks(Settings(webhook_timeout_s=30), event_log, sealing, policy, endpoints)
            crash = trio.CancelScope()

            async def first_life() -> None:
                with crash:
                    await webhooks.run()
            nursery.start_soon(first_life)
            await until(lambda: webhooks._built)
            endpoint, _ = await endpoints.create_endpoint(PRINCIPAL, Body.of({
                "url": f"http://hook.test:{silent.getsockname()[1]}/silent"}))
            message = await webhooks.send_test(PRINCIPAL, endpoint.id)
            await until(lambda: message.id in webhooks._sending)
            crash.cancel()  # as the supervisor sees an actor die mid-attempt
            await until(lambda: not webhooks._sending)
            await endpoints.change_endpoint(PRINCIPAL, endpoint.id, Body.of({
                "url": f"http://hook.test:{receiver.port}/back"}))
            await nursery.start(webhooks.run)  # the supervisor's restart
            await until(lambda: len(receiver.to("/back")) == 1)
            assert receiver.to("/back")[0].headers["webhook-id"] == message.id
            await until(lambda: not webhooks._sending)  # its attempt committed: none meets a closed event log
            nursery.cancel_scope.cancel()
    finally:
        silent.close()
        receiver.stop()


async def test_past_its_pending_share_a_workspace_gets_no_more_test_events_but_job_events_still_wait(
        tmp_path: Path) -> None:
    receiver = Receiver()
    port = receiver.port
    receiver.server_close()  # down: every message stays pending
    async with actor(tmp_path, receiver, webhook_retry_s=(60.0,), webhook_workspace_pending=2) as (
            webhooks, endpoints, event_log):
        endpoint, _ = await endpoints.create_endpoint(PRINCIPAL, Body.of({"url": f"http://hook.test:{port}/down"}))
        for _ in range(2):
            await webhooks.send_test(PRINCIPAL, endpoint.id)
        with pytest.raises(CapacityExhausted, match="2 webhook messages waiting") as refused:
            await webhooks.send_test(PRINCIPAL, endpoint.id)
        assert (refused.value.status, refused.value.headers()["retry-after"]) == (503, "60")
        own = job(webhooks, f"http://hook.test:{port}/own")
        events = webhooks.announce(own, "job.failed", T0, {"code": "render_failed", "message": "x"})
        await event_log.append(*events)
        webhooks.announced(events)  # durable: beyond the share, never refused or dropped
        assert sorted(m.endpoint or "own" for m in webhooks.messages.values()) == sorted(
            [endpoint.id, endpoint.id, endpoint.id, "own"])
        await until(lambda: all(m.failures for m in webhooks.messages.values()))  # no commit cut off at the end
