"""Addresses no capture may reach, whatever name led to them: the refused ranges, the cloud metadata
addresses, IPv4 embedded in IPv6 forms, and this host's own interfaces.

The refused ranges are an explicit table (IANA special-purpose registries
plus metadata hosts), because `ipaddress.is_global` is wrong for NAT64,
IPv4-compatible, 6to4, site-local and multicast forms. Addresses that embed
an IPv4 address are unwrapped and checked again.
"""

from __future__ import annotations

import ipaddress
import socket

import psutil

from engine.network.lookups import Address

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


def without_scope(address: Address) -> Address:
    if isinstance(address, ipaddress.IPv6Address) and address.scope_id:
        return ipaddress.IPv6Address(address.compressed.split("%")[0])
    return address


def refusal_reason(address: Address) -> str | None:
    """Why `address` may not be reached, or None when it may (this host's own addresses aside)."""
    address = without_scope(address)
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


def interface_addresses() -> frozenset[Address]:
    """Every address on this host's interfaces, whatever `listen` is: services that trust the host itself
    (an admin port on the public address, a database on a private one) must not be reachable from a page."""
    found = set()
    for entries in psutil.net_if_addrs().values():
        for entry in entries:
            if entry.family in (socket.AF_INET, socket.AF_INET6):
                found.add(ipaddress.ip_address(entry.address.split("%")[0]))
    return frozenset(found)


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
