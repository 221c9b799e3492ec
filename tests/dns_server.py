"""A loopback DNS server for the resolver's tests: a few fixed names, and a zone that never answers.

It runs in a thread of its own (the tests talk to the service with a blocking client, which would stall a
trio task), on 127.0.0.1:0 over UDP, and counts the questions it was asked so a test can wait for a load to
have started. Names under `slow.test` are never answered, the way a server that drops queries behaves;
`NAMES` answer with their A record (of the TTL named) and an empty AAAA answer; every other name is NXDOMAIN.
"""

from __future__ import annotations

import socket
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import dns.exception
import dns.message
import dns.rcode
import dns.rdatatype
import dns.rrset

SLOW_ZONE = "slow.test."
# private.test: a private address, only ever classified (the service refuses it), never connected to;
# fleeting.test: answered with TTL 0, so a resolver asks for it every time (its answer is not to be kept)
NAMES = {"private.test.": ("10.1.2.3", 60), "plain.test.": ("127.0.0.1", 60), "fleeting.test.": ("127.0.0.1", 0)}


class DnsServer:
    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.1)  # how soon the thread notices `stop`
        self.asked: Counter[str] = Counter()  # "slow", "known", "unknown": questions received
        self._counted = threading.Condition()  # notified on each question, for `wait_for`
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="test-dns", daemon=True)

    @property
    def address(self) -> str:
        """`ip:port`, as the `resolver_nameservers` setting takes it."""
        host, port = self.sock.getsockname()
        return f"{host}:{port}"

    def wait_for(self, kind: str, at_least: int, wait_s: float = 20) -> None:
        """Until `at_least` questions of `kind` came in; AssertionError after `wait_s`."""
        with self._counted:
            if not self._counted.wait_for(lambda: self.asked[kind] >= at_least, wait_s):
                raise AssertionError(f"{self.asked[kind]} {kind} questions after {wait_s} s, not {at_least}")

    def _count(self, kind: str) -> None:
        with self._counted:
            self.asked[kind] += 1
            self._counted.notify_all()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                data, peer = self.sock.recvfrom(4096)
            except TimeoutError:
                continue
            try:
                answer = self._answer(dns.message.from_wire(data))
            except dns.exception.DNSException:
                continue  # not a query: dropped, as a real server would
            if answer is not None:
                self.sock.sendto(answer.to_wire(), peer)

    def _answer(self, query: dns.message.Message) -> dns.message.Message | None:
        question = query.question[0]
        name = question.name.to_text().lower()
        if name.endswith("." + SLOW_ZONE) or name == SLOW_ZONE:
            self._count("slow")
            return None
        response = dns.message.make_response(query)
        if name in NAMES:
            self._count("known")
            if question.rdtype == dns.rdatatype.A:
                address, ttl = NAMES[name]
                response.answer.append(dns.rrset.from_text(name, ttl, "IN", "A", address))
        else:
            self._count("unknown")
            response.set_rcode(dns.rcode.NXDOMAIN)
        return response

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.sock.close()


@contextmanager
def running_dns_server() -> Iterator[DnsServer]:
    server = DnsServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
