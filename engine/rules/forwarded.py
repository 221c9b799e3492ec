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


def client_address(peer: str, forwarded_for: str | Iterable[str] | None, trusted: Iterable[Network]) -> str:
    """The client's address: `peer`, or past trusted proxies, the rightmost untrusted X-Forwarded-For entry.

    `forwarded_for` is the header's value, or all its lines in the order received: a proxy may append a line of
    its own rather than extend the first, and the walk reads them joined (RFC 9110's field lines), so a client
    cannot hide the proxy's entry behind a first line it wrote itself. Entries may carry a port (`ip:port`,
    `[v6]:port`); the address found is written plainly, so one client is one key however it is spelt. A header
    entry that is no address ends the walk at the proxy that passed it on.
    """
    trusted = tuple(trusted)
    lines = [forwarded_for] if isinstance(forwarded_for, str) else list(forwarded_for or ())
    hops = [hop.strip() for hop in ",".join(lines).split(",") if hop.strip()]
    address = peer
    while _is_trusted(address, trusted) and hops:
        parsed = _parsed(hops.pop())
        if parsed is None:
            break
        address = str(parsed)
    return address


def _is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    parsed = _parsed(address)
    return parsed is not None and any(parsed.version == net.version and parsed in net for net in trusted)


def _parsed(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a proxy writes it: `a.b.c.d`, `a.b.c.d:port`, `v6`, `[v6]` or `[v6]:port`."""
    if address.startswith("["):
        address = address[1:].split("]", 1)[0]
    elif address.count(":") == 1:  # one colon: an IPv4 address and its port (an IPv6 address has at least two)
        address = address.split(":", 1)[0]
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return parsed.ipv4_mapped
    return parsed
