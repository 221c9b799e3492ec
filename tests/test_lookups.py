"""The resolver on its own (engine/network/lookups.py), against the loopback DNS server: deadlines, A and AAAA
together, the hosts file first, the negative cache, and the turns one capture and one workspace may take."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path

import pytest
import trio
import trio.testing

from engine.network.destinations import EgressPolicy
from engine.network.lookups import DnsResolver, HostsFileResolver, LookupFailed, LookupTurns, NegativeCache, Tenant
from engine.operations.settings import SettingsError, load_settings
from tests.dns_server import DnsServer, running_dns_server


@pytest.fixture(scope="module")
def dns_server() -> Iterator[DnsServer]:
    with running_dns_server() as server:
        yield server


def _resolver(server: DnsServer, timeout_s: float = 5, hosts: HostsFileResolver | None = None) -> DnsResolver:
    ip, port = server.address.split(":")
    return DnsResolver([(ip, int(port))], hosts=hosts, timeout_s=timeout_s)


async def test_a_name_is_asked_for_both_families_and_the_hosts_file_comes_first(
        dns_server: DnsServer, tmp_path: Path) -> None:
    hosts = tmp_path / "hosts"
    hosts.write_text("127.0.0.9 plain.test\n")
    with trio.fail_after(10):
        asked = dns_server.asked["known"]
        assert await _resolver(dns_server).resolve("private.test", 80) == [ipaddress.ip_address("10.1.2.3")]
        assert dns_server.asked["known"] == asked + 2  # A and AAAA
        listed = await _resolver(dns_server, hosts=HostsFileResolver(hosts)).resolve("plain.test", 80)
        assert listed == [ipaddress.ip_address("127.0.0.9")]
        assert dns_server.asked["known"] == asked + 2  # never asked of DNS


async def test_a_name_that_does_not_resolve_is_remembered_and_not_asked_again(dns_server: DnsServer) -> None:
    resolver = _resolver(dns_server)
    with trio.fail_after(10):
        asked = dns_server.asked["unknown"]
        with pytest.raises(LookupFailed):
            await resolver.resolve("nothing.test", 80)
        assert dns_server.asked["unknown"] == asked + 2
        with pytest.raises(LookupFailed):
            await resolver.resolve("nothing.test", 80)
        assert dns_server.asked["unknown"] == asked + 2


async def test_a_lookup_ends_at_its_deadline(dns_server: DnsServer, autojump_clock: trio.testing.MockClock) -> None:
    resolver = _resolver(dns_server, timeout_s=3)
    started = trio.current_time()
    with trio.fail_after(60), pytest.raises(LookupFailed):
        await resolver.resolve("never.slow.test", 80)
    assert trio.current_time() - started == pytest.approx(3)
    assert resolver.negative.holds("never.slow.test")


async def test_the_negative_cache_is_bounded_and_forgets(autojump_clock: trio.testing.MockClock) -> None:
    cache = NegativeCache(size=2, ttl_s=30)
    for name in ("a.test", "b.test", "c.test"):
        cache.add(name)
    assert len(cache) == 2
    assert not cache.holds("a.test")
    assert cache.holds("c.test")
    await trio.sleep(30)
    assert not cache.holds("c.test")


async def test_a_capture_and_a_workspace_take_only_their_turns(autojump_clock: trio.testing.MockClock) -> None:
    turns = LookupTurns(per_capture=2, per_workspace=3)
    release = trio.Event()

    async def lookup(tenant: Tenant) -> None:
        async with turns.hold(tenant):
            await release.wait()

    # virtual time: a turn never given back fails the test at once instead of hanging it
    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            for _ in range(5):
                nursery.start_soon(lookup, Tenant("ws_a", "cap_1"))
            for _ in range(5):
                nursery.start_soon(lookup, Tenant("ws_a", "cap_2"))
            nursery.start_soon(lookup, Tenant("ws_b", "cap_3"))
            await trio.testing.wait_all_tasks_blocked()
            assert turns.captures.in_flight("cap_1") == 2
            assert turns.workspaces.in_flight("ws_a") == 3  # cap_2 got what was left of its workspace's
            assert turns.workspaces.in_flight("ws_b") == 1  # another workspace never waits behind ws_a
            release.set()
    assert turns.captures.in_flight("cap_1") == 0
    assert len(turns.captures) == len(turns.workspaces) == 0  # idle keys are dropped


async def test_a_caller_that_gives_up_frees_its_turn_at_once(
        dns_server: DnsServer, tmp_path: Path, autojump_clock: trio.testing.MockClock) -> None:
    hosts = tmp_path / "hosts"
    hosts.write_text("93.184.216.34 listed.test\n")  # only classified: nothing connects to it
    resolver = _resolver(dns_server, timeout_s=30, hosts=HostsFileResolver(hosts))
    policy = EgressPolicy(resolver, turns=LookupTurns(per_capture=1, per_workspace=1))
    tenant = Tenant("ws_a", "cap_1")
    started = trio.current_time()
    with trio.move_on_after(1) as gave_up:
        await policy.vet("first.slow.test", 443, tenant)
    assert gave_up.cancelled_caught
    assert trio.current_time() - started == pytest.approx(1)  # not when the lookup would have ended (30 s)
    assert policy.turns.workspaces.in_flight("ws_a") == 0
    # The next lookup has the turn (a hosts-file name: no answer to wait for, so virtual time stays put).
    with trio.fail_after(5):
        assert await policy.vet("listed.test", 443, tenant) == [ipaddress.ip_address("93.184.216.34")]


def test_nameservers_are_addresses_with_an_optional_port() -> None:
    settings = load_settings(None, {"CAPTURE_RESOLVER_NAMESERVERS": "127.0.0.1:5353, [::1]:53,10.0.0.53"})
    assert settings.resolver_nameservers == (("127.0.0.1", 5353), ("::1", 53), ("10.0.0.53", 53))
    with pytest.raises(SettingsError, match="resolver_nameservers"):
        load_settings(None, {"CAPTURE_RESOLVER_NAMESERVERS": "dns.example:53"})
    with pytest.raises(SettingsError, match="resolver_capture_lookups"):
        load_settings(None, {"CAPTURE_RESOLVER_CAPTURE_LOOKUPS": "0"})


async def test_a_silent_nameserver_leaves_time_to_ask_the_next(dns_server: DnsServer) -> None:
    silent = trio.socket.socket(type=trio.socket.SOCK_DGRAM)  # bound, never read: queries vanish
    await silent.bind(("127.0.0.1", 0))
    ip, port = dns_server.address.split(":")
    resolver = DnsResolver([silent.getsockname(), (ip, int(port))], hosts=None, timeout_s=2)
    with silent, trio.fail_after(10):
        assert await resolver.resolve("private.test", 80) == [ipaddress.ip_address("10.1.2.3")]
