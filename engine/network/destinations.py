"""Destination policy: which addresses a capture may reach.

Classification always works on resolved addresses, never on the URL's
string: which addresses are refused is `engine.network.addresses`.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

from engine.network.addresses import interface_addresses, ip_literal, refusal_reason, without_scope
from engine.network.lookups import SYSTEM_HOSTS, Address, DnsResolver, Resolver, system_nameservers
from engine.network.lookups import HostsFileResolver as HostsFileResolver  # where the tests and tools found it
from engine.network.turns import LookupTurns, Tenant
from engine.operations.settings import EgressAllowance, Settings
from engine.rules.errors import DestinationForbidden, DestinationUnresolvable, FieldError

METADATA_NAMES = frozenset({"metadata.google.internal", "metadata", "metadata.goog"})
NOT_ALLOW_LISTED = "not on the egress allow list"
ALLOWED_SCHEMES = frozenset({"http", "https"})
HOST_ADDRESS = "host's own address"
GRID = "the Selenium Grid's hub or a node"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


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
    # DNS's own limits (RFC 1035 2.3.4): labels of 1 to 63 octets, at most 253 in all as written
    if len(encoded) > 253 or not all(0 < len(label) <= 63 for label in encoded.split(".")):
        raise Refused(host[:300], "not a valid host name (a label over 63 characters or empty, or over 253 in all)",
                      unresolvable=True)
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
        self.turns = turns or LookupTurns(per_capture=4, per_account=8)
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
        if reason is None and without_scope(address) in self.host_addresses:
            reason = HOST_ADDRESS
        if self.allowlist_only:
            return reason or NOT_ALLOW_LISTED
        return reason

    def _grid(self, address: Address, port: int | None) -> bool:
        bare = without_scope(address)
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
        elif (known := self.resolver.known(name)) is not None:
            addresses = known  # no lookup, so no turn to wait for (a page's every request is vetted)
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
                        turns=LookupTurns(settings.resolver_capture_lookups, settings.resolver_account_lookups,
                                          settings.resolver_lookups),
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
