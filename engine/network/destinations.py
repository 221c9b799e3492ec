"""Destination policy: which addresses a capture may reach.

Classification always works on resolved addresses, never on the URL's
string. The refused ranges are an explicit table (IANA special-purpose
registries plus metadata hosts), because `ipaddress.is_global` is wrong for
NAT64, IPv4-compatible, 6to4, site-local and multicast forms. Addresses
that embed an IPv4 address are unwrapped and checked again.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

import psutil

from engine.network.lookups import SYSTEM_HOSTS, Address, DnsResolver, LookupTurns, Resolver, Tenant, system_nameservers
from engine.network.lookups import HostsFileResolver as HostsFileResolver  # where the tests and tools found it
from engine.operations.settings import EgressAllowance, Settings
from engine.rules.errors import DestinationForbidden, DestinationUnresolvable, FieldError

_REFUSED_V4 = [
    ("0.0.0.0/8", "unspecified"), ("10.0.0.0/8", "private"), ("100.64.0.0/10", "shared"),
    ("127.0.0.0/8", "loopback"), ("169.254.0.0/16", "link-local"), ("172.16.0.0/12", "private"),
    ("192.0.0.0/24", "reserved"), ("192.0.2.0/24", "documentation"), ("192.88.99.0/24", "reserved"),
    ("192.168.0.0/16", "private"), ("198.18.0.0/15", "benchmarking"),
    ("198.51.100.0/24", "documentation"), ("203.0.113.0/24", "documentation"),
    ("224.0.0.0/4", "multicast"), ("240.0.0.0/4", "reserved"),
]
_REFUSED_V6 = [
    ("::/128", "unspecified"), ("::1/128", "loopback"), ("::/96", "ipv4-compatible"),
    ("::ffff:0:0/96", "ipv4-mapped"), ("64:ff9b::/96", "nat64"), ("64:ff9b:1::/48", "nat64"),
    ("100::/64", "discard"), ("2001::/23", "reserved"), ("2001:db8::/32", "documentation"),
    ("2002::/16", "6to4"), ("3fff::/20", "documentation"), ("5f00::/16", "reserved"),
    ("fc00::/7", "unique-local"), ("fe80::/10", "link-local"), ("fec0::/10", "site-local"),
    ("ff00::/8", "multicast"),
]
REFUSED_RANGES = [(ipaddress.ip_network(net), why) for net, why in _REFUSED_V4 + _REFUSED_V6]
METADATA_ADDRESSES = frozenset(ipaddress.ip_address(a) for a in (
    "169.254.169.254", "169.254.170.2", "fd00:ec2::254", "100.100.100.200", "168.63.129.16",
))
METADATA_NAMES = frozenset({"metadata.google.internal", "metadata", "metadata.goog"})
NOT_ALLOW_LISTED = "not on the egress allow list"
ALLOWED_SCHEMES = frozenset({"http", "https"})


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 form carries (mapped, compatible, NAT64, 6to4, Teredo), if any."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    packed = int(address)
    if address in ipaddress.ip_network("::/96") or address in ipaddress.ip_network("64:ff9b::/96"):
        return ipaddress.IPv4Address(packed & 0xFFFFFFFF)
    if address in ipaddress.ip_network("64:ff9b:1::/48"):
        return ipaddress.IPv4Address(packed & 0xFFFFFFFF)
    return None


def _without_scope(address: Address) -> Address:
    if isinstance(address, ipaddress.IPv6Address) and address.scope_id:
        return ipaddress.IPv6Address(address.compressed.split("%")[0])
    return address


def refusal_reason(address: Address) -> str | None:
    """Why `address` may not be reached, or None when it may (this host's own addresses aside)."""
    address = _without_scope(address)
    if address in METADATA_ADDRESSES:
        return "metadata"
    for network, why in REFUSED_RANGES:
        if address.version == network.version and address in network:
            return why
    if isinstance(address, ipaddress.IPv6Address):
        inner = embedded_ipv4(address)
        if inner is not None:
            reason = refusal_reason(inner)
            return f"embedded {reason}" if reason else None
    return None


HOST_ADDRESS = "host's own address"
GRID = "the Selenium Grid's hub or a node"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def interface_addresses() -> frozenset[Address]:
    """Every address on this host's interfaces, whatever `listen` is: services that trust the host itself
    (an admin port on the public address, a database on a private one) must not be reachable from a page."""
    found = set()
    for entries in psutil.net_if_addrs().values():
        for entry in entries:
            if entry.family in (socket.AF_INET, socket.AF_INET6):
                found.add(ipaddress.ip_address(entry.address.split("%")[0]))
    return frozenset(found)


class Refused(Exception):
    """A destination the policy will not connect to, with the reason and the address judged."""

    def __init__(self, host: str, reason: str, address: Address | None = None,
                 *, unresolvable: bool = False) -> None:
        super().__init__(f"{host}: {reason}")
        self.host = host
        self.reason = reason
        self.address = address
        self.unresolvable = unresolvable

    def describe(self) -> str:
        """What the client is told: the rule, never the address a name resolved to.

        Telling it would map the internal DNS for anyone outside; the operator's
        `egress.refused` event and log line keep the address.
        """
        if self.unresolvable:
            return f"{self.host} does not resolve"
        return f"{self.host}: forbidden destination ({self.reason})"


LOCALHOST = (ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1"))
_HOST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-._")


def canonical_host(host: str) -> str:
    """The host as a resolver sees it: lower case, no trailing dot, IDNA-encoded names.

    Raises Refused (unresolvable) for a host no URL parser would produce.
    IDNA mapping happens before the literal check, so full-width digits and
    dots ("１２７．０．０．１") are judged as the address they spell.
    """
    host = host.strip().lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if ":" in host:  # only IPv6 literals have colons here; anything else is no host at all
        if ip_literal(host) is None:
            raise Refused(host, "not a valid host name", unresolvable=True)
        return host
    host = host.rstrip(".")
    try:
        encoded = host.encode("idna").decode("ascii") if not host.isascii() else host
    except UnicodeError:
        raise Refused(host, "not a valid host name", unresolvable=True) from None
    encoded = encoded.rstrip(".")
    if not encoded or not set(encoded) <= _HOST_CHARACTERS:
        raise Refused(host, "not a valid host name", unresolvable=True)
    return encoded


class EgressPolicy:
    """Which (host, port) a capture, its page or a webhook may connect to, and at which address.

    `vet` resolves once and returns the addresses it judged; callers connect to
    exactly those, never to a name, so a second lookup cannot rebind. A lookup made
    for a tenant takes one of its turns (`LookupTurns`) while it is in flight.
    """

    def __init__(self, resolver: Resolver, allow: Iterable[EgressAllowance] = (),
                 *, allowlist_only: bool = False, host_addresses: frozenset[Address] = frozenset(),
                 turns: LookupTurns | None = None, grid_hub: frozenset[tuple[Address, int]] = frozenset(),
                 grid_nodes: tuple[Network, ...] = ()) -> None:
        """`grid_hub` (address, port) and `grid_nodes` are the Selenium Grid's: a page that reached them could
        drive every browser of the Grid, so they are refused whatever the allow list's ranges say (a node's
        address only on a port the allow list names exactly, as a test site on a node's host)."""
        self.resolver = resolver
        self.grid_hub = grid_hub
        self.grid_nodes = grid_nodes
        self.turns = turns or LookupTurns(per_capture=4, per_workspace=8)
        self.allow = tuple(allow)
        self.allowlist_only = allowlist_only
        self.host_addresses = host_addresses  # the guard keeps it current (interface_addresses)

    def reason(self, address: Address, port: int | None) -> str | None:
        """Why this address and port are refused, or None when they are allowed."""
        if self._grid(address, port):  # refused even where the allow list's ranges or the public rules allow
            return refusal_reason(address) or GRID
        if self.allow_listed(address, port):
            return None
        reason = refusal_reason(address)
        if reason is None and _without_scope(address) in self.host_addresses:
            reason = HOST_ADDRESS
        if self.allowlist_only:
            return reason or NOT_ALLOW_LISTED
        return reason

    def _grid(self, address: Address, port: int | None) -> bool:
        bare = _without_scope(address)
        if any(bare == hub and port in (None, hub_port) for hub, hub_port in self.grid_hub):
            return True
        return any(bare in network for network in self.grid_nodes) and not any(
            a.port is not None and a.port == port and bare in a.network for a in self.allow)

    def allow_listed(self, address: Address, port: int | None) -> bool:
        """Named by the operator's allow list (development and tests), whatever the rules say."""
        return any(a.permits(address, port) for a in self.allow)

    def plain_http_allowed(self, addresses: list[Address], port: int) -> bool:
        """Plain http for a webhook: only to addresses the allow list names (development); else https."""
        return all(self.allow_listed(address, port) for address in addresses)

    async def vet(self, host: str, port: int, tenant: Tenant | None = None) -> list[Address]:
        """The addresses of host:port, all permitted; Refused otherwise. `tenant`: whose lookup it is."""
        name = canonical_host(host)
        if name in METADATA_NAMES or name.endswith(".internal"):
            raise Refused(name, "cloud metadata name")
        literal = ip_literal(name)
        if literal is not None:
            addresses = [literal]
        elif name == "localhost" or name.endswith(".localhost"):
            addresses = list(LOCALHOST)  # RFC 6761: never asked of a resolver
        else:
            try:
                async with self.turns.hold(tenant):
                    addresses = await self.resolver.resolve(name, port)
            except (OSError, UnicodeError):
                raise Refused(name, "does not resolve", unresolvable=True) from None
            if not addresses:
                raise Refused(name, "does not resolve", unresolvable=True)
        for address in addresses:
            reason = self.reason(address, port)
            if reason is not None:
                raise Refused(name, reason, address)
        return addresses


def split_target(url: str, field: str = "url") -> tuple[str, str, int]:
    """(scheme, host, port) of an absolute http(s) URL, or DestinationForbidden."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise _forbidden(field, f"{url!r} is not a valid URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ALLOWED_SCHEMES:
        raise _forbidden(field, f"scheme {scheme or '(none)'!r} is not allowed; use http or https")
    if "\\" in parts.netloc or any(c.isspace() or ord(c) < 32 for c in parts.netloc):
        # Browsers read a backslash as a path separator; Python reads it as part of the host.
        raise _forbidden(field, f"{url!r} has a backslash or a control character in its host")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise _forbidden(field, f"{url!r} has no host")
    return scheme, host, port or (443 if scheme == "https" else 80)


def _forbidden(field: str, detail: str) -> DestinationForbidden:
    return DestinationForbidden(detail, errors=(FieldError(field, DestinationForbidden.code, detail),))


def ip_literal(host: str) -> Address | None:
    """The address a host string spells, in any form inet_aton accepts (127.1, 0x7f000001, 0177.0.0.1)."""
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    if not host or not set(host.lower()) <= set("0123456789abcdefx."):
        return None  # inet_aton also accepts "1.2.3.4 junk"; a host never holds a space
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


async def check_destination(url: str, policy: EgressPolicy, *, field: str = "url",
                            tenant: Tenant | None = None) -> list[Address]:
    """Resolve the URL's host and return its addresses if every one is permitted.

    Raises DestinationForbidden or DestinationUnresolvable.
    """
    _, host, port = split_target(url, field)
    try:
        return await policy.vet(host, port, tenant)
    except Refused as refused:
        detail = refused.describe()
        if refused.unresolvable:
            raise DestinationUnresolvable(
                detail, errors=(FieldError(field, DestinationUnresolvable.code, detail),)) from None
        forbidden = _forbidden(field, detail)
        forbidden.address = str(refused.address) if refused.address is not None else None
        raise forbidden from None


async def check_webhook_url(url: str, policy: EgressPolicy, *, field: str = "webhookUrl",
                            tenant: Tenant | None = None) -> None:
    """A webhook destination: as `url`, and https, unless every address is on the operator's allow list."""
    scheme, _, port = split_target(url, field)
    addresses = await check_destination(url, policy, field=field, tenant=tenant)
    if scheme != "https" and not policy.plain_http_allowed(addresses, port):
        raise _forbidden(field, f"{url!r}: webhooks are sent over https only")


def egress_policy(settings: Settings) -> EgressPolicy:
    """The one policy of a service: captures, their pages and webhooks all go through it.

    With `resolver_hosts_file` and no `resolver_nameservers` (development, tests) names come from that file
    only and no DNS query leaves the process; otherwise the hosts file answers first, then DNS.
    """
    resolver: Resolver
    if settings.resolver_hosts_file and not settings.resolver_nameservers:
        resolver = HostsFileResolver(settings.resolver_hosts_file)
    else:
        resolver = DnsResolver(settings.resolver_nameservers or system_nameservers(),
                               hosts=HostsFileResolver(settings.resolver_hosts_file or SYSTEM_HOSTS),
                               timeout_s=settings.resolver_timeout_s)
    return EgressPolicy(resolver, settings.egress_allow, allowlist_only=settings.egress_allowlist_only,
                        host_addresses=interface_addresses(),
                        turns=LookupTurns(settings.resolver_capture_lookups, settings.resolver_workspace_lookups),
                        grid_hub=grid_hub(settings.grid_url),
                        grid_nodes=settings.grid_nodes if settings.grid_url else ())


def grid_hub(grid_url: str) -> frozenset[tuple[Address, int]]:
    """The addresses and port of the Grid's hub (resolved once, at start), or none without a Grid."""
    if not grid_url:
        return frozenset()
    parts = urlsplit(grid_url)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)
    literal = ip_literal(host)
    if literal is not None:
        return frozenset({(literal, port)})
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)  # once, at start, in a thread (run.py)
    except OSError:
        return frozenset()  # the pool will say the Grid is unreachable
    return frozenset((ipaddress.ip_address(str(info[4][0]).split("%")[0]), port) for info in infos)
