"""The resolver on its own (engine/network/lookups.py), against the loopback DNS server: deadlines, A and AAAA
together, the hosts file first, the negative cache, and the turns one capture and one workspace may take."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path

import pytest
import trio
import trio.testing

from engine.network.destinations import EgressPolicy, Refused
from engine.network.lookups import DnsResolver, HostsFileResolver, LookupFailed, NegativeCache
from engine.network.turns import LookupTurns, Tenant
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
        assert resolver.negative.left_s("nothing.test") > 25  # DNS's own answer: remembered 30 s
        with pytest.raises(LookupFailed):
            await resolver.resolve("nothing.test", 80)
        assert dns_server.asked["unknown"] == asked + 2


async def test_an_answer_is_kept_for_its_ttl_and_no_longer(dns_server: DnsServer,
                                                           mock_clock: trio.testing.MockClock) -> None:
    """Every request of a page is vetted: a name's addresses are remembered for as long as DNS said (60 s for
    plain.test), not asked again for each request; a name answered with TTL 0 is asked every time."""
    resolver = _resolver(dns_server)
    asked = dns_server.asked["known"]

    async def questions_after(name: str) -> int:
        with trio.fail_after(10):  # (virtual time: each jump below would be past a deadline set before it)
            assert await resolver.resolve(name, 80) == [ipaddress.ip_address("127.0.0.1")]
        return dns_server.asked["known"] - asked

    assert [await questions_after("plain.test") for _ in range(3)] == [2, 2, 2]  # once: A and AAAA
    mock_clock.jump(59)
    assert await questions_after("plain.test") == 2
    mock_clock.jump(1)
    assert await questions_after("plain.test") == 4  # its TTL over: asked again
    assert [await questions_after("fleeting.test") for _ in range(2)] == [6, 8]


async def test_a_lookup_ends_at_its_deadline(dns_server: DnsServer, autojump_clock: trio.testing.MockClock) -> None:
    resolver = _resolver(dns_server, timeout_s=3)
    started = trio.current_time()
    with trio.fail_after(60), pytest.raises(LookupFailed):
        await resolver.resolve("never.slow.test", 80)
    assert trio.current_time() - started == pytest.approx(3)
    assert resolver.negative.holds("never.slow.test")
    # a lookup that failed is the network's moment, not the name's: asked again after 2 s (it was 30 s for every
    # tenant, issue 52 item 9), where a name DNS says does not exist stays remembered
    await trio.sleep(2.1)
    assert not resolver.negative.holds("never.slow.test")


async def test_the_negative_cache_is_bounded_and_forgets(autojump_clock: trio.testing.MockClock) -> None:
    cache = NegativeCache(size=2, ttl_s=30)
    for name in ("a.test", "b.test", "c.test"):
        cache.add(name)
    assert len(cache) == 2
    assert not cache.holds("a.test")
    assert cache.holds("c.test")
    await trio.sleep(30)
    assert not cache.holds("c.test")


async def test_a_capture_and_an_account_take_only_their_turns(autojump_clock: trio.testing.MockClock) -> None:
    turns = LookupTurns(per_capture=2, per_account=3)
    turns.count_by({"ws_a": "usr_1", "ws_a2": "usr_1", "ws_b": "usr_2"}.__getitem__)
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
                nursery.start_soon(lookup, Tenant("ws_a2", "cap_2"))  # the same owner's other workspace
            nursery.start_soon(lookup, Tenant("ws_b", "cap_3"))
            await trio.testing.wait_all_tasks_blocked()
            assert turns.captures.in_flight("cap_1") == 2
            assert turns.accounts.in_flight("usr_1") == 3  # cap_2 got what was left of its account's
            assert turns.accounts.in_flight("usr_2") == 1  # another account never waits behind usr_1
            release.set()
    assert turns.captures.in_flight("cap_1") == 0
    assert len(turns.captures) == len(turns.accounts) == 0  # idle keys are dropped
    assert turns.everyone.in_flight == 0


async def test_past_the_services_bound_the_accounts_take_turns(autojump_clock: trio.testing.MockClock) -> None:
    """Issue 52 item 9: six workspaces held 48 lookups; now the service holds at most `in_all`, and a crowd of
    one account's lookups does not go before another account's one."""
    turns = LookupTurns(per_capture=8, per_account=12, in_all=4)
    turns.count_by(lambda workspace_id: "usr_other" if workspace_id == "ws_other" else "usr_crowd")
    let_go: dict[str, trio.Event] = {}
    order: list[str] = []
    peak = 0

    async def lookup(name: str, tenant: Tenant) -> None:
        nonlocal peak
        let_go[name] = trio.Event()
        async with turns.hold(tenant):
            order.append(name)
            peak = max(peak, turns.everyone.in_flight)
            await let_go[name].wait()

    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            for n in range(12):  # one account's crowd, over six workspaces and captures
                nursery.start_soon(lookup, f"crowd-{n}", Tenant(f"ws_{n % 6}", f"cap_{n}"))
                await trio.testing.wait_all_tasks_blocked()
            nursery.start_soon(lookup, "other", Tenant("ws_other", "cap_other"))
            await trio.testing.wait_all_tasks_blocked()
            assert order == [f"crowd-{n}" for n in range(4)]  # the service's bound
            let_go["crowd-0"].set()
            await trio.testing.wait_all_tasks_blocked()
            let_go["crowd-1"].set()
            await trio.testing.wait_all_tasks_blocked()
            # the other account's one lookup went in at the first or second place freed, not after the crowd
            assert "other" in order[4:6], order
            for event in let_go.values():
                event.set()
    assert peak == 4
    assert turns.everyone.in_flight == 0


async def test_a_caller_that_gives_up_frees_its_turn_at_once(
        dns_server: DnsServer, autojump_clock: trio.testing.MockClock) -> None:
    resolver = _resolver(dns_server, timeout_s=30)
    policy = EgressPolicy(resolver, turns=LookupTurns(per_capture=1, per_account=1))
    tenant = Tenant("ws_a", "cap_1")
    started = trio.current_time()
    with trio.move_on_after(1) as gave_up:
        await policy.vet("first.slow.test", 443, tenant)
    assert gave_up.cancelled_caught
    assert trio.current_time() - started == pytest.approx(1)  # not when the lookup would have ended (30 s)
    assert policy.turns.accounts.in_flight("ws_a") == 0
    assert policy.turns.everyone.in_flight == 0
    # The next lookup has the turn (a name the negative cache holds: answered without waiting on the network, so
    # virtual time stays put, but a lookup all the same, which takes its turn).
    resolver.negative.add("gone.test")
    with trio.fail_after(5), pytest.raises(Refused, match="does not resolve"):
        await policy.vet("gone.test", 443, tenant)
    assert trio.current_time() - started == pytest.approx(1)


async def test_a_name_the_resolver_knows_waits_for_no_turn(
        dns_server: DnsServer, tmp_path: Path, autojump_clock: trio.testing.MockClock) -> None:
    """Every request of a page is vetted: one to a name the hosts file or a kept answer gives is no lookup, and
    does not queue behind the capture's lookups in flight."""
    hosts = tmp_path / "hosts"
    hosts.write_text("93.184.216.34 listed.test\n")  # only classified: nothing connects to it
    resolver = _resolver(dns_server, timeout_s=30, hosts=HostsFileResolver(hosts))
    policy = EgressPolicy(resolver, turns=LookupTurns(per_capture=1, per_account=1))
    tenant = Tenant("ws_a", "cap_1")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(policy.vet, "held.slow.test", 443, tenant)  # never answered: holds the turn 30 s
        await trio.testing.wait_all_tasks_blocked()
        assert policy.turns.captures.in_flight("cap_1") == 1
        started = trio.current_time()
        assert await policy.vet("listed.test", 443, tenant) == [ipaddress.ip_address("93.184.216.34")]
        resolver.answers.put("kept.test", [ipaddress.ip_address("93.184.216.35")], 60)
        assert await policy.vet("kept.test", 443, tenant) == [ipaddress.ip_address("93.184.216.35")]
        assert trio.current_time() == started  # not after the held lookup's 30 s
        nursery.cancel_scope.cancel()


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
