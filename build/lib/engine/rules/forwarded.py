"""The client's address behind trusted reverse proxies (the `trusted_proxies` setting).

Behind a proxy every request comes from the proxy's address, so a budget per client address would be one
budget for everybody. A proxy appends the address it saw to X-Forwarded-For; what is left of that a client
may have written itself. So the walk starts at the peer and moves left through the header only while the
address in hand is a trusted proxy: the first one that is not is the client. From any other peer the header
is ignored, and a client cannot pick its own address by sending one.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_address(peer: str, forwarded_for: str | None, trusted: Iterable[Network]) -> str:
    """The client's address: `peer`, or past trusted proxies, the rightmost untrusted X-Forwarded-For entry.

    A header entry that is no address ends the walk at the proxy that passed it on.
    """
    trusted = tuple(trusted)
    hops = [hop.strip() for hop in (forwarded_for or "").split(",") if hop.strip()]
    address = peer
    while _is_trusted(address, trusted) and hops:
        hop = hops.pop()
        if _parsed(hop) is None:
            break
        address = hop
    return address


def _is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    parsed = _parsed(address)
    return parsed is not None and any(parsed.version == net.version and parsed in net for net in trusted)


def _parsed(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        parsed = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return parsed.ipv4_mapped
    return parsed
