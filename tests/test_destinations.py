"""Destination classification as pure unit tests: a fake resolver, nothing is sent anywhere.

Every URL goes through `check_destination`, the function intake uses, and the
verdict is judged on the address the host spells or resolves to, never on
how the URL looks.
"""

from __future__ import annotations

import ipaddress
import socket

import pytest

from engine.network.addresses import REFUSED_RANGES, embedded_ipv4, refusal_reason
from engine.network.destinations import (
    Address,
    EgressPolicy,
    Refused,
    canonical_host,
    check_destination,
    egress_policy,
    grid_hub,
)
from engine.operations.settings import EgressAllowance, Settings
from engine.rules.errors import DestinationForbidden, DestinationUnresolvable


class FakeResolver:
    """Answers from a table and remembers what it was asked; never touches a socket."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        self.table = {name: [ipaddress.ip_address(a) for a in addresses] for name, addresses in table.items()}
        self.asked: list[str] = []

    def known(self, host: str) -> None:
        return None  # every name is asked (and counted)

    async def resolve(self, host: str, port: int) -> list[Address]:
        self.asked.append(host)
        if host not in self.table:
            raise socket.gaierror(socket.EAI_NONAME, host)
        return self.table[host]


NAMES = {
    "example.com": ["93.184.216.34"],
    "dual.example": ["93.184.216.34", "2606:2800:220:1::1"],
    "intranet.example": ["10.0.0.5"],
    "rebind.example": ["93.184.216.34", "127.0.0.1"],  # one bad address is enough
    "v6-private.example": ["fd00::1"],
    "metadata.example": ["169.254.169.254"],
    "xn--bcher-kva.example": ["93.184.216.35"],  # bücher.example, as the resolver must be asked
    "localhost.example.com": ["93.184.216.36"],  # a public name that only looks local
    "nat64.example": ["64:ff9b::a9fe:a9fe"],
}

ALLOWED = "allowed"
UNRESOLVABLE = "unresolvable"
CASES: list[tuple[str, str]] = [
    # public addresses and names that resolve to them
    ("http://93.184.216.34/", ALLOWED),
    ("https://93.184.216.34:8443/path?q=1", ALLOWED),
    ("http://[2606:4700::1111]/", ALLOWED),
    ("http://example.com/", ALLOWED),
    ("https://EXAMPLE.com./", ALLOWED),
    ("http://dual.example/", ALLOWED),
    ("http://bücher.example/", ALLOWED),
    ("http://localhost.example.com/", ALLOWED),
    ("http://172.32.0.1/", ALLOWED),
    ("http://100.128.0.1/", ALLOWED),
    ("http://8.8.8.8:8080/", ALLOWED),
    ("http://user:secret@example.com/", ALLOWED),
    # loopback, in every spelling
    ("http://127.0.0.1/", "loopback"),
    ("http://127.0.0.1:8080/", "loopback"),
    ("http://127.1/", "loopback"),
    ("http://2130706433/", "loopback"),
    ("http://0x7f000001/", "loopback"),
    ("http://0177.0.0.1/", "loopback"),
    ("http://0x7f.0.0.1/", "loopback"),
    ("http://0x7f.1/", "loopback"),
    ("http://127.0.0.1./", "loopback"),
    ("http://127.0.0.2/", "loopback"),
    ("http://127.255.255.254/", "loopback"),
    ("http://１２７．０．０．１/", "loopback"),
    ("http://user@127.0.0.1/", "loopback"),
    ("http://example.com@127.0.0.1/", "loopback"),
    ("http://user:pw@localhost:8080/", "loopback"),
    ("http://localhost/", "loopback"),
    ("http://LOCALHOST./", "loopback"),
    ("http://foo.localhost/", "loopback"),
    ("http://a.b.localhost:3000/", "loopback"),
    ("http://[::1]/", "loopback"),
    ("http://[0:0:0:0:0:0:0:1]/", "loopback"),
    ("http://[::ffff:127.0.0.1]/", "ipv4-mapped"),
    ("http://[::ffff:7f00:1]/", "ipv4-mapped"),
    ("http://[::127.0.0.1]/", "ipv4-compatible"),
    ("http://[64:ff9b::7f00:1]/", "nat64"),
    ("http://[2002:7f00:1::]/", "6to4"),
    ("http://rebind.example/", "loopback"),
    # cloud metadata, by address and by name
    ("http://169.254.169.254/latest/meta-data/", "metadata"),
    ("http://2852039166/", "metadata"),
    ("http://0xa9fea9fe/", "metadata"),
    ("http://169.254.170.2/v2/credentials", "metadata"),
    ("http://[fd00:ec2::254]/", "metadata"),
    ("http://100.100.100.200/", "metadata"),
    ("http://168.63.129.16/", "metadata"),
    ("http://metadata.google.internal/", "cloud metadata name"),
    ("http://METADATA.google.internal./", "cloud metadata name"),
    ("http://anything.internal/", "cloud metadata name"),
    ("http://metadata.example/", "metadata"),
    ("http://[::ffff:169.254.169.254]/", "ipv4-mapped"),
    ("http://[64:ff9b::a9fe:a9fe]/", "nat64"),
    ("http://[2002:a9fe:a9fe::]/", "6to4"),
    ("http://nat64.example/", "nat64"),
    # private, shared, link-local and the rest of the IPv4 table
    ("http://10.0.0.1/", "private"),
    ("http://10.255.255.255/", "private"),
    ("http://intranet.example/", "private"),
    ("http://172.16.0.1/", "private"),
    ("http://172.31.255.255/", "private"),
    ("http://192.168.1.1/", "private"),
    ("http://192.168.0.1:8443/", "private"),
    ("http://100.64.0.1/", "shared"),
    ("http://100.127.255.255/", "shared"),
    ("http://169.254.1.1/", "link-local"),
    ("http://192.0.0.8/", "reserved"),
    ("http://192.0.2.1/", "documentation"),
    ("http://192.88.99.1/", "reserved"),
    ("http://198.18.0.1/", "benchmarking"),
    ("http://198.19.255.255/", "benchmarking"),
    ("http://198.51.100.7/", "documentation"),
    ("http://203.0.113.9/", "documentation"),
    ("http://224.0.0.1/", "multicast"),
    ("http://239.255.255.250/", "multicast"),
    ("http://240.0.0.1/", "reserved"),
    ("http://255.255.255.255/", "reserved"),
    ("http://0.0.0.0/", "unspecified"),
    ("http://0.1.2.3/", "unspecified"),
    ("http://0/", "unspecified"),
    # the IPv6 table
    ("http://[::]/", "unspecified"),
    ("http://[fc00::1]/", "unique-local"),
    ("http://[fd12:3456::1]/", "unique-local"),
    ("http://v6-private.example/", "unique-local"),
    ("http://[fe80::1]/", "link-local"),
    ("http://[fe80::1%25eth0]/", "link-local"),
    ("http://[fec0::1]/", "site-local"),
    ("http://[ff02::1]/", "multicast"),
    ("http://[2001:db8::1]/", "documentation"),
    ("http://[3fff::1]/", "documentation"),
    ("http://[5f00::1]/", "reserved"),
    ("http://[100::1]/", "discard"),
    ("http://[2001::1]/", "reserved"),
    ("http://[64:ff9b:1::a00:1]/", "nat64"),
    # names that do not resolve
    ("http://nx.example/", UNRESOLVABLE),
    ("http://пример.испытание/", UNRESOLVABLE),
    ("http://-.example/", UNRESOLVABLE),
    (f"http://{'a' * 64}.example/", UNRESOLVABLE),  # DNS's limits (issue 52 item 11: they were 500s)
    ("http://a..example/", UNRESOLVABLE),
    (f"http://{'a.' * 127}example/", UNRESOLVABLE),
    # schemes and shapes that are never captured
    ("file:///etc/passwd", "scheme"),
    ("chrome://settings/", "scheme"),
    ("view-source:http://example.com/", "scheme"),
    ("javascript:alert(1)", "scheme"),
    ("data:text/html,<h1>hi</h1>", "scheme"),
    ("ftp://example.com/", "scheme"),
    ("gopher://example.com/", "scheme"),
    ("http:///no-host", "no host"),
    ("http://127.0.0.1\\@example.com/", "backslash"),
    ("http://example.com:99999/", "not a valid URL"),
]


def test_there_are_at_least_eighty_cases() -> None:
    assert len(CASES) >= 80
    assert len({url for url, _ in CASES}) == len(CASES)


@pytest.mark.parametrize(("url", "expected"), CASES)
async def test_classification(url: str, expected: str) -> None:
    policy = EgressPolicy(FakeResolver(NAMES))
    if expected == ALLOWED:
        assert await check_destination(url, policy)
    elif expected == UNRESOLVABLE:
        with pytest.raises(DestinationUnresolvable):
            await check_destination(url, policy)
    else:
        with pytest.raises(DestinationForbidden) as refused:
            await check_destination(url, policy)
        assert expected in refused.value.detail


async def test_names_are_asked_of_the_resolver_in_idna_form_and_literals_never() -> None:
    resolver = FakeResolver(NAMES)
    policy = EgressPolicy(resolver)
    await check_destination("http://bücher.example/", policy)
    for literal in ("http://127.1/", "http://[::1]/", "http://localhost/", "http://x.localhost/"):
        with pytest.raises(DestinationForbidden):
            await check_destination(literal, policy)
    assert resolver.asked == ["xn--bcher-kva.example"]


async def test_the_verdict_follows_the_resolved_address_not_the_name() -> None:
    for answer, verdict in (("127.0.0.1", "loopback"), ("10.1.2.3", "private"), ("93.184.216.34", None)):
        policy = EgressPolicy(FakeResolver({"innocent.example": [answer]}))
        if verdict is None:
            assert await policy.vet("innocent.example", 443) == [ipaddress.ip_address(answer)]
        else:
            with pytest.raises(Refused) as refused:
                await policy.vet("innocent.example", 443)
            assert (refused.value.reason, str(refused.value.address)) == (verdict, answer)


async def test_the_allow_list_is_exact_about_ports_and_allowlist_only_refuses_the_rest() -> None:
    allow = [EgressAllowance.parse("127.0.0.1:8000"), EgressAllowance.parse("10.9.0.0/16")]
    policy = EgressPolicy(FakeResolver(NAMES), allow)
    assert await policy.vet("127.0.0.1", 8000)
    assert await policy.vet("10.9.8.7", 1234)
    for host, port in (("127.0.0.1", 8001), ("127.0.0.2", 8000), ("localhost", 8001), ("10.8.0.1", 80)):
        with pytest.raises(Refused):
            await policy.vet(host, port)
    assert await policy.vet("93.184.216.34", 80)  # public stays allowed
    strict = EgressPolicy(FakeResolver(NAMES), allow, allowlist_only=True)
    with pytest.raises(Refused, match="not on the egress allow list"):
        await strict.vet("93.184.216.34", 80)
    assert await strict.vet("127.0.0.1", 8000)


async def test_the_grids_hub_and_nodes_are_refused_whatever_the_allow_list_ranges_say() -> None:
    """A page that reached the hub's WebDriver port could drive every browser of the Grid (issue 33): the hub's
    address and port, and the node ranges on any port the allow list does not name exactly, are refused."""
    allow = tuple(EgressAllowance.parse(a) for a in "127.0.0.0/8,10.9.0.0/16,10.9.0.5:8080".split(","))
    nodes = (ipaddress.ip_network("10.9.0.0/24"), ipaddress.ip_network("93.184.216.0/24"))  # nothing is sent
    policy = egress_policy(Settings(grid_url="http://127.0.0.1:4444", grid_nodes=nodes, egress_allow=allow))
    for host, port, reason in (("127.0.0.1", 4444, "loopback"), ("10.9.0.7", 5555, "private"),
                               ("10.9.0.5", 5555, "private"), ("93.184.216.7", 443, "Selenium Grid")):
        with pytest.raises(Refused, match=reason):  # the rule an address breaks anyway, else the Grid's
            await policy.vet(host, port)
    assert await policy.vet("127.0.0.1", 8080)  # another port of the hub's host: the allow list's range
    assert await policy.vet("10.9.0.5", 8080)  # named exactly: a site on a node's host (the tests' fixture site)
    assert await policy.vet("10.9.1.7", 5555)  # in the allow list's range, outside the nodes'
    public_hub = egress_policy(Settings(grid_url="http://93.184.217.9:4444"))
    with pytest.raises(Refused, match="Selenium Grid"):
        await public_hub.vet("93.184.217.9", 4444)
    assert await public_hub.vet("93.184.217.9", 443)
    assert grid_hub("http://localhost:4444") >= {(ipaddress.ip_address("127.0.0.1"), 4444)}
    local = egress_policy(Settings(grid_nodes=nodes, egress_allow=allow))
    assert await local.vet("10.9.0.7", 5555)  # without a Grid, grid_nodes means nothing
    assert await local.vet("93.184.216.7", 443)


def test_every_range_of_the_table_is_refused_at_both_ends() -> None:
    for network, why in REFUSED_RANGES:
        for address in (network.network_address, network.broadcast_address):
            assert refusal_reason(address) is not None, (network, why)


def test_embedded_ipv4_forms_are_unwrapped() -> None:
    v6 = ipaddress.IPv6Address
    assert embedded_ipv4(v6("::ffff:10.0.0.1")) == ipaddress.IPv4Address("10.0.0.1")
    assert embedded_ipv4(v6("64:ff9b::a9fe:a9fe")) == ipaddress.IPv4Address("169.254.169.254")
    assert embedded_ipv4(v6("2002:a9fe:a9fe::")) == ipaddress.IPv4Address("169.254.169.254")
    assert embedded_ipv4(v6("::127.0.0.1")) == ipaddress.IPv4Address("127.0.0.1")
    assert embedded_ipv4(v6("2606:4700::1111")) is None


def test_canonical_host() -> None:
    assert canonical_host("Example.COM.") == "example.com"
    assert canonical_host("[::1]") == "::1"
    assert canonical_host("bücher.example") == "xn--bcher-kva.example"
    assert canonical_host("１２７．０．０．１") == "127.0.0.1"
    assert canonical_host(f"{'a' * 63}.example") == f"{'a' * 63}.example"
    for bad in ("", "a b.example", "ex%61mple.com", "ex\x00ample.com", "[::1 x]", "evil:80", f"{'a' * 64}.example",
                "a..example", f"{'ab.' * 85}example"):
        with pytest.raises(Refused):
            canonical_host(bad)
