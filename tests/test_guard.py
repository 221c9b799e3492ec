"""The egress guard and the outbound client in process, with a resolver that rebinds.

The resolver answers 127.0.0.1 (the fixture site, allowed on its port) the
first time and 127.0.0.2 (where a secret server listens on the same port)
every time after. A guard that looked the name up again to connect, or
connected by name, would reach the secret; one that connects to the address
it checked cannot. Only loopback addresses are used.
"""

from __future__ import annotations

import ipaddress
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import trio

from actors.egress import EgressGuard
from actors.storage import running_event_log
from engine.network.destinations import EgressPolicy, Refused
from engine.network.outbound import KeepAlive, send
from engine.operations.settings import EgressAllowance
from tests.egress_site import SecretServer
from tests.fixture_site import FixtureServer
from tests.lane_client import RebindingResolver, on_a_lane
from tests.webhook_receiver import Receiver


@pytest.fixture
def rebinding_secret(site: FixtureServer) -> AsyncIterator[SecretServer]:
    server = SecretServer(port=site.server_address[1], hosts=("127.0.0.2",))
    server.start()
    yield server
    server.stop()


def _policy(site: FixtureServer, resolver: RebindingResolver) -> EgressPolicy:
    allow = [EgressAllowance.parse(f"127.0.0.1:{site.server_address[1]}")]
    return EgressPolicy(resolver, allow, allowlist_only=True)


async def _proxy_request(port: int, request: bytes) -> bytes:
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    async with stream:
        await stream.send_all(request)
        answer = b""
        with trio.fail_after(10):
            while chunk := await stream.receive_some(65536):
                answer += chunk
        return answer


async def test_the_guard_connects_to_the_address_it_checked(
    tmp_path: Path, site: FixtureServer, rebinding_secret: SecretServer,
) -> None:
    resolver = RebindingResolver("127.0.0.1", "127.0.0.2")
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
        guard = EgressGuard(_policy(site, resolver), event_log)
        await nursery.start(guard.run)
        port = site.server_address[1]
        async with guard.lane("cap_rebind", "ws_test") as lane:
            first = await _proxy_request(lane.port, (
                f"GET http://rebind.test:{port}/marker?rebind=1 HTTP/1.1\r\n"
                f"Host: rebind.test:{port}\r\nConnection: close\r\n\r\n").encode())  # read to the end
            assert first.startswith(b"HTTP/1.0 200") or first.startswith(b"HTTP/1.1 200"), first[:200]
            assert b"allowed marker" in first
            assert resolver.asked == 1  # one lookup, and the connection went to its answer
            assert any("rebind=1" in path for path, _ in site.requests)

            second = await _proxy_request(lane.port, (
                f"CONNECT rebind.test:{port} HTTP/1.1\r\nHost: rebind.test:{port}\r\n\r\n").encode())
            assert second.startswith(b"HTTP/1.1 403"), second[:200]
            assert resolver.asked == 2
            assert [(r.host, r.address, r.reason) for r in lane.refusals.values()] == [
                ("rebind.test", "127.0.0.2", "loopback")]
        assert rebinding_secret.connections == 0
        assert guard.connections == 1
        rows = await event_log.db.call(lambda conn: conn.execute(
            "select capture_id, data->>'address' from events where type = 'egress.refused'").fetchall())
        assert rows == [("cap_rebind", "127.0.0.2")]


async def test_a_lane_carries_request_after_request_on_one_connection_each_way(tmp_path: Path) -> None:
    """Plain http through a lane: the browser's connection and the one to the site carry one request after
    another; every request is vetted again, and the kept connection serves only the address just judged."""
    site = Receiver().start()  # HTTP/1.1, keeps connections open, counts them
    secret = Receiver(site.port, host="127.0.0.2").start()
    resolver = RebindingResolver("127.0.0.1", "127.0.0.1")
    policy = EgressPolicy(resolver, [EgressAllowance.parse(f"127.0.0.1:{site.port}")], allowlist_only=True)
    try:
        async with on_a_lane(tmp_path, policy) as (guard, browser):
            for n in range(3):
                answer = await browser.get(f"http://page.test:{site.port}/page?n={n}", "elsewhere.test")
                assert answer == (200, b"answered 200")
            assert (len(site.calls), site.connections, guard.connections, resolver.asked) == (3, 1, 1, 3)
            # the Host the site saw is the vetted URL's, not the one the browser claimed
            assert {call.headers["host"] for call in site.calls} == {f"page.test:{site.port}"}
            resolver.answers[1] = ipaddress.ip_address("127.0.0.2")  # the name moves to the secret
            status, body = await browser.get(f"http://page.test:{site.port}/page?n=3", "page.test")
            assert (status, b"loopback" in body) == (403, True), body
        assert (len(site.calls), secret.connections, guard.connections) == (3, 0, 1)  # the lane has ended
    finally:
        site.stop()
        secret.stop()


async def test_a_connection_the_site_closed_unannounced_is_replaced_for_the_next_request(tmp_path: Path) -> None:
    site = Receiver().start()
    policy = EgressPolicy(RebindingResolver("127.0.0.1", "127.0.0.1"),
                          [EgressAllowance.parse(f"127.0.0.1:{site.port}")], allowlist_only=True)
    try:
        async with on_a_lane(tmp_path, policy) as (guard, browser):
            assert (await browser.get(f"http://page.test:{site.port}/page", "page.test"))[0] == 200
            site.close_after_answer = True  # its next answer closes the connection the lane keeps
            for _ in range(2):
                assert (await browser.get(f"http://page.test:{site.port}/page", "page.test"))[0] == 200
        assert (len(site.calls), site.connections, guard.connections) == (3, 2, 2)
    finally:
        site.stop()


async def test_the_outbound_client_connects_to_the_address_it_checked(
    site: FixtureServer, rebinding_secret: SecretServer,
) -> None:
    resolver = RebindingResolver("127.0.0.1", "127.0.0.2")
    policy = _policy(site, resolver)
    url = f"http://rebind.test:{site.server_address[1]}/marker?outbound=1"
    answer = await send(policy, "GET", url)
    assert (answer.status, answer.address, resolver.asked) == (200, "127.0.0.1", 1)
    assert b"allowed marker" in answer.body
    with pytest.raises(Refused) as refused:
        await send(policy, "POST", url, body=b"{}")
    assert (refused.value.reason, str(refused.value.address)) == ("loopback", "127.0.0.2")
    assert rebinding_secret.connections == 0


async def test_a_kept_connection_is_reused_only_for_the_address_just_checked() -> None:
    receiver = Receiver().start()  # HTTP/1.1, keeps connections open
    secret = Receiver(receiver.port, host="127.0.0.2").start()
    resolver = RebindingResolver("127.0.0.1", "127.0.0.1")
    policy = EgressPolicy(resolver, [EgressAllowance.parse(f"127.0.0.1:{receiver.port}")], allowlist_only=True)
    kept = KeepAlive()
    url = f"http://hook.test:{receiver.port}/hook"
    try:
        for _ in range(3):
            answer = await send(policy, "POST", url, body=b"{}", keep_alive=kept)
            assert answer.status == 200
        assert (len(receiver.to("/hook")), receiver.connections) == (3, 1)  # one connection, three requests
        resolver.answers[1] = ipaddress.ip_address("127.0.0.2")  # the name moves: the kept one must not serve it
        with pytest.raises(Refused):
            await send(policy, "POST", url, body=b"{}", keep_alive=kept)
        assert (len(receiver.to("/hook")), secret.connections) == (3, 0)
    finally:
        await kept.aclose()
        receiver.stop()
        secret.stop()


async def test_a_kept_connection_the_receiver_closed_is_replaced_by_a_fresh_one() -> None:
    receiver = Receiver().start()
    policy = EgressPolicy(RebindingResolver("127.0.0.1", "127.0.0.1"),
                          [EgressAllowance.parse(f"127.0.0.1:{receiver.port}")], allowlist_only=True)
    kept = KeepAlive()
    url = f"http://hook.test:{receiver.port}/hook"
    try:
        await send(policy, "POST", url, body=b"{}", keep_alive=kept)
        receiver.close_after_answer = True  # the next answer closes its connection, unannounced
        for _ in range(2):
            assert (await send(policy, "POST", url, body=b"{}", keep_alive=kept)).status == 200
        assert (len(receiver.to("/hook")), receiver.connections) == (3, 2)
    finally:
        await kept.aclose()
        receiver.stop()


async def test_kept_connections_are_bounded_in_time_and_number() -> None:
    receiver = Receiver().start()
    policy = EgressPolicy(RebindingResolver("127.0.0.1", "127.0.0.1"),
                          [EgressAllowance.parse(f"127.0.0.1:{receiver.port}")], allowlist_only=True)
    url = f"http://hook.test:{receiver.port}/hook"
    brief, none = KeepAlive(idle_s=0.05), KeepAlive(total=0)
    try:
        await send(policy, "POST", url, body=b"{}", keep_alive=brief)
        await trio.sleep(0.1)  # longer than it may wait
        await send(policy, "POST", url, body=b"{}", keep_alive=brief)
        assert receiver.connections == 2
        for _ in range(2):
            await send(policy, "POST", url, body=b"{}", keep_alive=none)
        assert receiver.connections == 4
    finally:
        await brief.aclose()
        receiver.stop()


async def test_the_outbound_client_refuses_what_captures_may_not_reach(site: FixtureServer) -> None:
    secret = SecretServer()
    secret.start()
    try:
        policy = EgressPolicy(RebindingResolver("127.0.0.1", "127.0.0.1"))  # no allow list at all
        for url in (f"http://127.0.0.1:{secret.port}/", f"http://localhost:{secret.port}/",
                    f"http://[::1]:{secret.port}/", f"http://0x7f000002:{secret.port}/",
                    f"http://hook.test:{secret.port}/"):
            with pytest.raises(Refused):
                await send(policy, "POST", url, body=b"{}")
        assert secret.connections == 0
    finally:
        secret.stop()
