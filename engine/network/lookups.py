"""Name lookups for the egress policy: on trio, cancellable, under a deadline, a few at a time per tenant.

Lookups used to be getaddrinfo in trio's shared thread pool (40 threads, which result files and video encoding
use too), one thread per lookup until the lookup ended, whatever its caller did: two captures naming 120 hosts whose
server never answers took every thread, and another workspace's capture waited 17.9 s instead of 0.8 s.
Here a lookup is a UDP exchange on the event loop (dnspython's resolver, trio backend): it holds no
thread, ends at its deadline, and ends at once when its caller is cancelled (the capture's lane closed).

A name is answered from the hosts file first (/etc/hosts, or resolver_hosts_file); then from what DNS answered
for it within its records' TTL (at most 5 minutes); then A and AAAA are asked of the nameservers together. A
name that did not resolve is remembered in a bounded negative cache: 30 s when DNS said so (NXDOMAIN, no
address), 2 s when the lookup failed (no answer in time, SERVFAIL).
Whose lookup goes when is engine.network.turns' (per capture, per owning account, for the whole service).

Errors: every failure is `LookupFailed`, an OSError as getaddrinfo's gaierror was; the policy refuses the
name as unresolvable.
"""

from __future__ import annotations

import ipaddress
import socket
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Generic, Protocol, TypeVar

import dns.asyncresolver
import dns.exception
import dns.name
import dns.nameserver
import dns.resolver
import trio

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
SYSTEM_HOSTS = Path("/etc/hosts")
NEGATIVE_TTL_S = 30.0  # a name that does not exist (NXDOMAIN) or has no address (NODATA) is not asked again for this
FAILED_TTL_S = 2.0  # ... a name whose lookup failed (no answer in time, SERVFAIL, a refused port): only this long
NEGATIVE_SIZE = 4096  # names remembered at most; the least recently failed go first
OTHER_FAMILY_GRACE_S = 0.25  # once A (or AAAA) answered, how long the other may still take
ANSWER_SIZE = 4096  # names whose addresses are remembered at most (for their records' TTL)
MAX_ANSWER_TTL_S = 300.0  # ... and for no longer than this, whatever the TTL
V = TypeVar("V")


class LookupFailed(OSError):
    """The name has no address: no such name, no record, or no answer before the deadline."""


class Resolver(Protocol):
    def known(self, host: str) -> list[Address] | None:
        """The addresses `host` has without asking anyone (a hosts file, an answer within its TTL), or None."""

    async def resolve(self, host: str, port: int) -> list[Address]:
        """The addresses `host` resolves to; OSError (LookupFailed, gaierror) when it does not."""


class HostsFileResolver:
    """Names from a hosts-format file only: no DNS query ever leaves the process.

    The file is read again whenever it changes, the way a name's record changes in DNS, so a test can
    move a name to another address between two lookups (rebinding). A missing file holds no names.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.names: dict[str, list[Address]] = {}
        self._read_at: int | None = None
        self._read()

    def _read(self) -> None:
        try:
            changed = self.path.stat().st_mtime_ns
        except FileNotFoundError:
            self.names, self._read_at = {}, None
            return
        if changed == self._read_at:
            return
        names: dict[str, list[Address]] = {}
        for line in self.path.read_text().splitlines():
            fields = line.split("#", 1)[0].split()
            for name in fields[1:]:
                try:
                    names.setdefault(name.lower(), []).append(ipaddress.ip_address(fields[0].split("%")[0]))
                except ValueError:
                    break  # not an address: the line is no entry
        self.names, self._read_at = names, changed

    def lookup(self, host: str) -> list[Address] | None:
        """The file's addresses for `host`, or None when it does not name it (a stat, rarely a read)."""
        self._read()
        return self.names.get(host.lower())

    def known(self, host: str) -> list[Address] | None:
        return self.lookup(host)

    async def resolve(self, host: str, port: int) -> list[Address]:
        found = self.lookup(host)
        if found is None:
            raise socket.gaierror(socket.EAI_NONAME, f"{host} is not in the hosts file")
        return found


class NameCache(Generic[V]):
    """Names remembered with a value each, each for its own time, at most `size` of them (the least recently
    added go first)."""

    def __init__(self, size: int, ttl_s: float) -> None:
        self.size = size
        self.ttl_s = ttl_s
        self._kept: OrderedDict[str, tuple[float, V]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, name: str) -> V | None:
        kept = self._kept.get(name)
        if kept is None:
            return None
        if kept[0] <= trio.current_time():
            del self._kept[name]
            return None
        return kept[1]

    def left_s(self, name: str) -> float:
        """How much longer `name` is remembered (0: not at all)."""
        return max(0.0, self._kept[name][0] - trio.current_time()) if self.get(name) is not None else 0.0

    def put(self, name: str, value: V, ttl_s: float | None = None) -> None:
        """Remember `value` for `name` for `ttl_s` (the cache's own by default)."""
        self._kept[name] = (trio.current_time() + (self.ttl_s if ttl_s is None else ttl_s), value)
        self._kept.move_to_end(name)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


class NegativeCache(NameCache[bool]):
    """Names that did not resolve, each remembered `ttl_s` seconds, at most `size` of them."""

    def __init__(self, size: int = NEGATIVE_SIZE, ttl_s: float = NEGATIVE_TTL_S) -> None:
        super().__init__(size, ttl_s)

    def holds(self, name: str) -> bool:
        return self.get(name) is not None

    def add(self, name: str, ttl_s: float | None = None) -> None:
        self.put(name, True, ttl_s)


class DnsResolver:
    """The service's resolver: the hosts file, then DNS on trio under a deadline; the addresses a name resolved
    to remembered for their records' TTL (`answers`), and names that did not resolve for a while (`negative`).

    Every request of a page is vetted, so without `answers` each one to a named host was a DNS exchange on the
    loop: 0.8-0.9 ms of its CPU and a round trip to the nameserver (benchmarks/README, issue 56). What is
    remembered is what DNS answered, for no longer than it said; the policy judges the addresses anew at every
    request, and a name answered with TTL 0 is asked again every time."""

    def __init__(self, nameservers: Sequence[tuple[str, int]], *, hosts: HostsFileResolver | None,
                 timeout_s: float, negative: NegativeCache | None = None) -> None:
        self.hosts = hosts
        self.timeout_s = timeout_s
        self.negative = negative or NegativeCache()
        self.answers: NameCache[list[Address]] = NameCache(ANSWER_SIZE, MAX_ANSWER_TTL_S)
        self._dns = dns.asyncresolver.Resolver(configure=False)
        self._dns.nameservers = [dns.nameserver.Do53Nameserver(ip, port) for ip, port in nameservers]
        # Each server gets its share of the deadline, so a dead first one leaves time to ask the next.
        self._dns.timeout = timeout_s / max(1, len(nameservers))

    def known(self, host: str) -> list[Address] | None:
        if self.hosts is not None and (listed := self.hosts.lookup(host)) is not None:
            return listed
        return self.answers.get(host)

    async def resolve(self, host: str, port: int) -> list[Address]:
        if (known := self.known(host)) is not None:
            return known
        if self.negative.holds(host):
            raise LookupFailed(f"{host} did not resolve a moment ago")
        addresses, settled, ttl_s = await self._ask(host)
        if addresses and ttl_s > 0:
            self.answers.put(host, addresses, min(ttl_s, MAX_ANSWER_TTL_S))
        if not addresses:
            # What DNS said (no such name, no address) holds for everyone a while; a lookup that failed (no
            # answer in time, SERVFAIL) is the network's moment, not the name's: kept only briefly, so one
            # tenant's bad minute does not refuse the name to every tenant for half a minute (issue 52).
            self.negative.add(host, None if settled else FAILED_TTL_S)
            raise LookupFailed(f"{host} does not resolve" if settled else f"{host} could not be looked up")
        return addresses

    async def _ask(self, host: str) -> tuple[list[Address], bool, float]:
        """A and AAAA together, both ended by the deadline; once one family answered the other gets a grace.
        The addresses, whether DNS settled the question (an answer, NXDOMAIN or NODATA for both), and how long
        the addresses may be kept (the least TTL of the records that gave them, CNAMEs included)."""
        found: dict[str, tuple[list[Address], float]] = {}
        settled: set[str] = set()
        try:
            name = dns.name.from_text(host)  # absolute: no search domains
        except dns.exception.DNSException:  # past DNS's limits (canonical_host refuses those first)
            return [], True, 0.0
        with trio.move_on_after(self.timeout_s) as deadline:
            async with trio.open_nursery() as nursery:
                for rdtype in ("A", "AAAA"):
                    nursery.start_soon(self._ask_one, name, rdtype, found, settled, deadline)
        answered = [found[rdtype] for rdtype in ("A", "AAAA") if rdtype in found]
        return ([address for addresses, _ in answered for address in addresses], settled == {"A", "AAAA"},
                min((ttl_s for _, ttl_s in answered), default=0.0))

    async def _ask_one(self, name: dns.name.Name, rdtype: str, found: dict[str, tuple[list[Address], float]],
                       settled: set[str], deadline: trio.CancelScope) -> None:
        try:
            answer = await self._dns.resolve(name, rdtype, search=False, lifetime=self.timeout_s)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            settled.add(rdtype)  # no such name, no record of this family: DNS's own answer
            return
        except (dns.exception.DNSException, OSError):
            return  # no answer in time, SERVFAIL from every server, a refused port
        settled.add(rdtype)
        addresses = [ipaddress.ip_address(str(record.address).split("%")[0]) for record in answer]
        found[rdtype] = (addresses, answer.chaining_result.minimum_ttl)
        if addresses:
            deadline.deadline = min(deadline.deadline, trio.current_time() + OTHER_FAMILY_GRACE_S)


def system_nameservers(resolv_conf: Path = Path("/etc/resolv.conf")) -> list[tuple[str, int]]:
    """The nameservers resolv.conf names, or the local one glibc falls back to when it names none."""
    try:
        servers = dns.resolver.Resolver(filename=str(resolv_conf)).nameservers
    except (dns.resolver.NoResolverConfiguration, OSError):
        servers = []
    found = [(str(server), 53) for server in servers]
    return found or [("127.0.0.1", 53)]
