"""Webhook deliveries measured (issue 19), against the bare cost of the same POSTs in the same run.

    .venv/bin/python -m benchmarks.webhooks [--messages N] [--rounds N] [--jobs N]

The receiver is `benchmarks.ceiling` (hypercorn on trio, a fixed 200 answer) in a process of its own.
Per round, alternating:

- **raw**: the signed bodies POSTed by `micro.Connection` over 64 keep-alive connections: the most this
  receiver takes from a lean client on this machine;
- **actor**: the same number of messages scheduled at once into the webhook actor (`actors/webhooks/delivery.py`,
  a real event log in a fresh DuckDB file), delivered under the egress policy with every attempt and
  verdict committed; timed from the schedule to the last `webhook.delivered` applied;

and the schedule-to-first-attempt latency of lone messages (one at a time, the actor idle), p50 and p95:
`announced` is what the jobs actor calls the moment the commit of `job.succeeded` returns.

Then the service (`run.py serve`, pool 2): durable jobs of the text page at concurrency 4
(`POST /api/jobs`, polling every 20 ms), `--jobs` per series, without a webhook and with a
`webhookUrl` on the receiver, alternating, three series each: jobs/s with webhooks on over off.
Every loop is bounded in count; nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import base64
import ipaddress
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import orjson
import trio
import trio.lowlevel

from actors.jobs import JobSecrets
from actors.storage import running_event_log
from actors.webhooks import WebhookEndpoints, Webhooks
from benchmarks import micro
from benchmarks.__main__ import CAPTURE_TIMEOUT_S, POLL_S, SETTLE_S, Capture, series, warm
from benchmarks.service import start
from benchmarks.site import Site
from engine.network.destinations import EgressPolicy
from engine.network.lookups import SYSTEM_HOSTS, HostsFileResolver
from engine.operations.settings import EgressAllowance, Settings
from engine.records.keys import new_id
from engine.records.schema import Event
from engine.records.sealing import Keyring
from engine.records.signing import ResultSigner
from engine.records.webhooks import new_secret, signed_headers
from engine.rules.period import utcnow

WORKSPACE = "ws_bench"
CONNECTIONS = 64
LONE = 50  # lone messages for the latency figure
PAYLOAD = {"id": "job_0", "status": "SUCCEEDED", "format": "png", "attempts": 1, "cancelRequested": False,
           "statusUrl": "http://127.0.0.1:8080/api/jobs/job_0", "createdAt": "2026-11-23T12:00:00Z"}


def _secrets() -> JobSecrets:
    return JobSecrets(Keyring({"k1": bytes(32)}, "k1"), ResultSigner(b"s" * 32), b"f" * 32)


async def raw(url: str, n: int) -> float:
    """POSTs per second of signed bodies over keep-alive connections, nothing else."""
    host_port = url.removeprefix("http://")
    host, port = host_port.rsplit(":", 1)
    body = orjson.dumps({"type": "job.succeeded", "timestamp": "2026-11-23T12:00:00.000Z", "data": PAYLOAD})
    secret = new_secret()
    left = n

    async def client() -> None:
        nonlocal left
        stream = await trio.open_tcp_stream(host, int(port))
        connection = micro.Connection(stream)
        while left > 0:
            left -= 1
            headers = signed_headers([secret], new_id("msg"), int(time.time()), body)
            head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
            request = (f"POST /hook HTTP/1.1\r\nhost: {host_port}\r\ncontent-length: {len(body)}\r\n{head}\r\n"
                       ).encode() + body
            status, _ = await connection.exchange(request)
            assert status == 200, status
        await stream.aclose()
    began = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _ in range(CONNECTIONS):
            nursery.start_soon(client)
    return n / (time.perf_counter() - began)


async def actor(url: str, n: int, lone: int) -> tuple[float, list[float]]:
    """Deliveries per second of `n` messages scheduled at once; then schedule-to-attempt latencies of lone ones."""
    port = int(url.rsplit(":", 1)[1])
    settings = Settings(webhook_concurrency=CONNECTIONS, webhook_account_concurrency=CONNECTIONS,
                        webhook_host_concurrency=CONNECTIONS)  # one workspace, one receiver: all its slots
    allow = [EgressAllowance(ipaddress.ip_network("127.0.0.1/32"), port)]
    policy = EgressPolicy(HostsFileResolver(SYSTEM_HOSTS), allow)  # the receiver is an address: nothing to look up
    secrets = _secrets()
    with tempfile.TemporaryDirectory() as workdir:
        async with running_event_log(Path(workdir) / "events.duckdb") as (event_log, nursery):
            endpoints = WebhookEndpoints(event_log, secrets, policy)
            await nursery.start(endpoints.run)
            webhooks = Webhooks(settings, event_log, secrets, policy, endpoints)
            await nursery.start(webhooks.run)
            await endpoints.signing_secrets(WORKSPACE)

            def scheduled() -> Event:
                job_id = new_id("job")
                sealed = base64.b64encode(secrets.keyring.seal(f"{url}/hook".encode(), job_id, WORKSPACE)).decode()
                return Event("webhook.scheduled", workspace_id=WORKSPACE, capture_id=job_id, ts=utcnow(), data={
                    "message": new_id("msg"), "event": "job.failed", "job": job_id, "payload": PAYLOAD,
                    "sealedUrl": sealed})
            events = [scheduled() for _ in range(n)]
            began = time.perf_counter()
            await event_log.append(*events)
            webhooks.announced(events)
            with trio.fail_after(300):
                while webhooks.messages:  # noqa: ASYNC110 - the actor has no "all delivered" event; poll
                    await trio.sleep(0.005)
            rate = n / (time.perf_counter() - began)
            latencies = []
            for _ in range(lone):
                event = scheduled()
                await event_log.append(event)
                began = time.perf_counter()
                webhooks.announced([event])
                with trio.fail_after(30):
                    while event.data and event.data["message"] not in webhooks._sending:
                        await trio.lowlevel.checkpoint()
                latencies.append(time.perf_counter() - began)
                with trio.fail_after(30):
                    while webhooks.messages:  # noqa: ASYNC110 - as above
                        await trio.sleep(0.001)
            rows = await event_log.query("SELECT outcome, count(*) AS n FROM events "
                                         "WHERE type = 'webhook.attempted' GROUP BY 1")
            assert {r["outcome"]: r["n"] for r in rows} == {"delivered": n + lone}, rows
            nursery.cancel_scope.cancel()
    return rate, latencies


async def with_and_without(receiver: str, n: int) -> tuple[list[float], list[float]]:
    """Jobs per second at concurrency 4 through the service: without a webhook, with one; alternating."""
    site = Site()
    site.start()
    service = start(site.server_address[1], 2, also_allow=(int(receiver.rsplit(":", 1)[1]),))
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                     timeout=CAPTURE_TIMEOUT_S) as client:
            def durable(hooked: bool) -> Capture:
                async def one() -> None:
                    body = {"url": f"{site.base}/text", **({"webhookUrl": f"{receiver}/hook"} if hooked else {})}
                    job = await client.post("/api/jobs", json=body)
                    if job.status_code != 202:
                        raise RuntimeError(f"{job.status_code} {job.text[:200]}")
                    while (state := (await client.get(f"/api/jobs/{job.json()['id']}")).json())["status"] != \
                            "SUCCEEDED":
                        if state["status"] in {"FAILED", "CANCELLED", "EXPIRED"}:
                            raise RuntimeError(f"job {state}")
                        await trio.sleep(POLL_S)
                return one
            await warm(durable(True), 2)
            off: list[float] = []
            on: list[float] = []
            for hooked in (False, True, True, False, False, True):  # ABBA then AB: drift weighs on both
                await trio.sleep(SETTLE_S)
                found = await series("hooked" if hooked else "plain", "text", 4, n, durable(hooked))
                (on if hooked else off).append(found.per_s)
                print(f"  jobs c=4 {'with' if hooked else 'without'} a webhook: {found.per_s:.2f}/s, "
                      f"p50 {found.p50_ms:.0f} ms, {found.failures} failures", flush=True)
        delivered = service.cli("sql", "SELECT count(*) AS n FROM events WHERE type = 'webhook.delivered'")
        print(f"  webhook calls delivered: {delivered['n']}")
    finally:
        service.stop()
        site.stop()
    return off, on


async def main(messages: int, rounds: int, jobs: int) -> None:
    async with micro.ceiling() as url:
        raws, actors, lones = [], [], []
        for _ in range(rounds):
            raws.append(await raw(url, messages))
            rate, latencies = await actor(url, messages, LONE)
            actors.append(rate)
            lones += latencies
        off, on = await with_and_without(url, jobs) if jobs else ([], [])
    raw_rate, actor_rate = statistics.median(raws), statistics.median(actors)
    lones.sort()
    print(f"webhook deliveries/s ({messages} messages, {CONNECTIONS} at once, median of {rounds}): actor "
          f"{actor_rate:,.0f}/s (rounds {', '.join(f'{r:,.0f}' for r in actors)}), raw keep-alive POSTs "
          f"{raw_rate:,.0f}/s, ratio {actor_rate / raw_rate:.2f}")
    print(f"schedule to first attempt, lone messages: p50 {lones[len(lones) // 2] * 1000:.1f} ms, "
          f"p95 {lones[int(len(lones) * 0.95)] * 1000:.1f} ms ({len(lones)} messages)")
    if off and on:
        print(f"jobs/s at c=4 with webhooks {statistics.mean(on):.2f} (series {', '.join(f'{r:.2f}' for r in on)}), "
              f"without {statistics.mean(off):.2f} ({', '.join(f'{r:.2f}' for r in off)}): "
              f"ratio {statistics.mean(on) / statistics.mean(off):.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=48, help="jobs per series through the service (0: none)")
    options = parser.parse_args()
    trio.run(main, options.messages, options.rounds, options.jobs)
