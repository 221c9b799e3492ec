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
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

import trio

from engine.errors import DestinationForbidden, DestinationUnresolvable, FieldError
from engine.settings import EgressAllowance

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

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


def refusal_reason(address: Address) -> str | None:
    """Why `address` may not be reached, or None when it may."""
    if isinstance(address, ipaddress.IPv6Address) and address.scope_id:
        address = ipaddress.IPv6Address(address.compressed.split("%")[0])
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


def permitted(address: Address, port: int | None, allow: Iterable[EgressAllowance]) -> bool:
    return any(a.permits(address, port) for a in allow) or refusal_reason(address) is None


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
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise _forbidden(field, f"{url!r} has no host")
    return scheme, host, port or (443 if scheme == "https" else 80)


def _forbidden(field: str, detail: str) -> DestinationForbidden:
    return DestinationForbidden(detail, errors=(FieldError(field, DestinationForbidden.code, detail),))




class Resolver(Protocol):
    async def resolve(self, host: str, port: int) -> list[Address]:
        """The addresses `host` resolves to; OSError (or gaierror) when it does not."""


class SystemResolver:
    async def resolve(self, host: str, port: int) -> list[Address]:
        infos = await trio.socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]


class HostsFileResolver:
    """Names from a hosts-format file only: no DNS query ever leaves the process."""

    def __init__(self, path: Path) -> None:
        self.names: dict[str, list[Address]] = {}
        for line in path.read_text().splitlines():
            fields = line.split("#", 1)[0].split()
            for name in fields[1:]:
                self.names.setdefault(name.lower(), []).append(ipaddress.ip_address(fields[0]))

    async def resolve(self, host: str, port: int) -> list[Address]:
        literal = ip_literal(host)
        if literal is not None:
            return [literal]
        if host.lower() not in self.names:
            raise socket.gaierror(socket.EAI_NONAME, f"{host} is not in the hosts file")
        return self.names[host.lower()]


def ip_literal(host: str) -> Address | None:
    """The address a host string spells, in any form inet_aton accepts (127.1, 0x7f000001)."""
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


async def check_destination(
    url: str, allow: Iterable[EgressAllowance], resolver: Resolver, *, field: str = "url",
    allowlist_only: bool = False,
) -> list[Address]:
    """Resolve the URL's host and return its addresses if every one is permitted.

    Raises DestinationForbidden or DestinationUnresolvable.
    """
    _, host, port = split_target(url, field)
    if host.lower() in METADATA_NAMES or host.lower().endswith(".internal"):
        raise _forbidden(field, f"{host} is a cloud metadata name")
    try:
        addresses = await resolver.resolve(host, port)
    except (OSError, UnicodeError) as exc:
        detail = f"{host} does not resolve"
        raise DestinationUnresolvable(
            detail, errors=(FieldError(field, DestinationUnresolvable.code, detail),)
        ) from exc
    allow = list(allow)
    for address in addresses:
        if allowlist_only and not any(a.permits(address, port) for a in allow):
            raise _forbidden(field, f"{host} ({address}) is not on the egress allow list")
        if not permitted(address, port, allow):
            raise _forbidden(field, f"{host} resolves to a {refusal_reason(address)} address ({address})")
    return addresses
