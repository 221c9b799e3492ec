"""The service's own outbound HTTP requests (webhooks), under the capture egress policy.

The host is vetted by the same `EgressPolicy` as every page request, resolved
once, and the connection goes to exactly the address that was judged; TLS
still verifies the certificate against the host name. Redirects are never
followed: a 3xx is returned as it is.
"""

from __future__ import annotations

import ipaddress
import socket
import ssl
from contextlib import suppress
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar
from urllib.parse import urlsplit

import h11
import trio

from engine.network.destinations import EgressPolicy, Refused, split_target
from engine.network.lookups import Address

MAX_RESPONSE_BODY = 1024 * 1024
USER_AGENT = "capture-service"


@dataclass(frozen=True)
class OutboundResponse:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    address: str  # the address connected to: the one the policy judged


class OutboundError(Exception):
    """The request could not be sent or its response could not be read; `kind` says how, for analytics."""

    def __init__(self, message: str, *, kind: str = "connection") -> None:
        super().__init__(message)
        self.kind = kind  # timeout, tls, connection, protocol


class Stale(Exception):
    """A kept connection the other side closed before answering: the request goes on a fresh one (the egress
    guard's relay raises it too, engine.network.forwarding)."""


async def connect_pinned(address: Address, port: int) -> trio.SocketStream:
    """A TCP connection to exactly this address: no name, so no second lookup."""
    family = socket.AF_INET6 if isinstance(address, ipaddress.IPv6Address) else socket.AF_INET
    sock = trio.socket.socket(family, socket.SOCK_STREAM)
    try:
        await sock.connect((str(address), port))
    except BaseException:
        sock.close()
        raise
    return trio.SocketStream(sock)


class Cycling(Protocol):
    def start_next_cycle(self) -> None:
        """Ready for the next request on the same connection."""


C = TypeVar("C", bound=Cycling)


class KeepAlive(Generic[C]):
    """Idle connections kept for the next request, by scheme, host, port and the address connected to.

    A connection is taken only for an address the policy has just judged again (`send` vets every
    request), so reuse never skips the check; the TLS name is part of the key. Kept at most `idle_s`
    seconds, at most `per_key` per key. Each egress lane keeps its capture's plain-http connections in one of
    its own, keyed by the region they go through in place of the scheme (`actors.egress.lane`).
    """

    def __init__(self, per_key: int = 8, idle_s: float = 30.0, total: int = 256) -> None:
        self.per_key = per_key
        self.idle_s = idle_s
        self.total = total  # idle connections kept in all; past it a connection is closed instead
        self._idle: dict[tuple[str, str, int, str], list[tuple[trio.abc.Stream, C, float]]] = {}
        self._pruned = 0.0
        self.closed = False

    async def take(self, key: tuple[str, str, int, str]) -> tuple[trio.abc.Stream, C] | None:
        kept = self._idle.get(key, [])
        while kept:
            stream, conn, since = kept.pop()
            if trio.current_time() - since < self.idle_s:
                return stream, conn
            await trio.aclose_forcefully(stream)
        self._idle.pop(key, None)
        return None

    async def put_back(self, key: tuple[str, str, int, str], stream: trio.abc.Stream, conn: C, *,
                       reusable: bool) -> None:
        """Keep `stream` for the next request to `key`, or close it: not `reusable`, past the bounds, or once
        `aclose` ran (a lane's connections are put back by tasks its end is cancelling)."""
        if not reusable or self.closed or len(self._idle.get(key, ())) >= self.per_key or \
                sum(map(len, self._idle.values())) >= self.total:
            await trio.aclose_forcefully(stream)
            return
        conn.start_next_cycle()
        now = trio.current_time()
        # kept before the first checkpoint: cancelled below, nothing is lost
        self._idle.setdefault(key, []).append((stream, conn, now))
        if now - self._pruned > 1.0:  # at most once a second: close what waited too long, for every key
            self._pruned = now
            await self._prune(now)

    async def _prune(self, now: float) -> None:
        for key, kept in list(self._idle.items()):
            while kept and now - kept[0][2] >= self.idle_s:
                await trio.aclose_forcefully(kept.pop(0)[0])
            if not kept:
                del self._idle[key]

    async def aclose(self) -> None:
        self.closed = True
        for kept in self._idle.values():
            for stream, _, _ in kept:
                await trio.aclose_forcefully(stream)
        self._idle.clear()


async def send(policy: EgressPolicy, method: str, url: str, *, headers: dict[str, str] | None = None,
               body: bytes = b"", timeout_s: float = 10.0, ssl_context: ssl.SSLContext | None = None,
               https_only: bool = False, max_body: int = MAX_RESPONSE_BODY,
               keep_alive: KeepAlive[h11.Connection] | None = None,
               vetted: list[Address] | None = None) -> OutboundResponse:
    """One request. Raises DestinationForbidden (bad URL), Refused (policy) or OutboundError.

    `https_only`: plain http only to addresses the operator's allow list names (development). An answer's
    body is read up to `max_body` bytes; the rest is never read (the connection is not reused). With
    `keep_alive`, a connection to the judged address is reused, and kept for the next request.
    `vetted`: the addresses `policy.vet` just returned for this URL's host (a caller that bounds its calls
    by address vets first); they are connected to without a second lookup.
    """
    scheme, host, port = split_target(url)
    parts = urlsplit(url)
    request = _Request(method, host, port, (parts.path or "/") + (f"?{parts.query}" if parts.query else ""),
                       headers or {}, body, max_body, keep_alive is not None)
    try:
        with trio.fail_after(timeout_s):  # the name's lookup included: a slow resolver is a slow receiver
            addresses = vetted if vetted is not None else await policy.vet(host, port)  # Refused: the caller's
            if https_only and scheme == "http" and not policy.plain_http_allowed(addresses, port):
                raise Refused(host, "plain http (use https)", addresses[0])
            if keep_alive is not None:
                for address in addresses:
                    key = (scheme, host, port, str(address))
                    while (kept := await keep_alive.take(key)) is not None:
                        with suppress(Stale):
                            return await _over(kept[0], kept[1], request, str(address), keep_alive, key,
                                               reused=True)
            connected = await _connect_first(addresses, port)
            peer = str(connected.socket.getpeername()[0])
            stream: trio.abc.Stream = connected
            if scheme == "https":
                stream = trio.SSLStream(connected, ssl_context or ssl.create_default_context(),
                                        server_hostname=host, https_compatible=True)
            return await _over(stream, h11.Connection(h11.CLIENT), request, peer, keep_alive,
                               (scheme, host, port, peer), reused=False)
    except trio.TooSlowError:
        raise OutboundError(f"{url}: no answer within {timeout_s:g} s", kind="timeout") from None
    except (h11.ProtocolError, Stale) as exc:
        raise OutboundError(f"{url}: {exc}", kind="protocol") from exc
    except (OSError, trio.BrokenResourceError) as exc:
        tls = isinstance(exc, ssl.SSLError) or isinstance(exc.__cause__, ssl.SSLError)
        raise OutboundError(f"{url}: {exc.__cause__ or exc}", kind="tls" if tls else "connection") from exc


@dataclass(frozen=True)
class _Request:
    method: str
    host: str
    port: int
    path: str
    headers: dict[str, str]
    body: bytes
    max_body: int
    keep_alive: bool


async def _over(stream: trio.abc.Stream, conn: h11.Connection, request: _Request, address: str,
                keep_alive: KeepAlive[h11.Connection] | None, key: tuple[str, str, int, str], *,
                reused: bool) -> OutboundResponse:
    """The request over this connection, which is kept afterwards if both sides allow it, else closed."""
    try:
        response, reusable = await _exchange(stream, conn, request, address, reused=reused)
    except BaseException:
        await trio.aclose_forcefully(stream)
        raise
    if keep_alive is not None:
        await keep_alive.put_back(key, stream, conn, reusable=reusable)
    else:
        await trio.aclose_forcefully(stream)
    return response


async def _connect_first(addresses: list[Address], port: int) -> trio.SocketStream:
    failure: OSError | None = None
    for address in addresses:
        try:
            return await connect_pinned(address, port)
        except OSError as exc:
            failure = exc
    raise failure or OSError("no address to connect to")


async def _exchange(stream: trio.abc.Stream, conn: h11.Connection, request: _Request, address: str, *,
                    reused: bool) -> tuple[OutboundResponse, bool]:
    """(the response, whether the connection may carry another request); Stale if a reused one was closed."""
    authority = f"[{request.host}]" if ":" in request.host else request.host
    default_port = request.port in (80, 443)
    request_headers = [("host", authority if default_port else f"{authority}:{request.port}"),
                       ("user-agent", USER_AGENT), ("content-length", str(len(request.body))),
                       *([] if request.keep_alive else [("connection", "close")]), *request.headers.items()]
    try:
        head = conn.send(h11.Request(method=request.method, target=request.path, headers=request_headers))
        body = conn.send(h11.Data(data=request.body)) if request.body else b""
        await stream.send_all(head + body + conn.send(h11.EndOfMessage()))  # one write: one segment, if it fits
        first = bytes(await stream.receive_some(65536))
    except (trio.BrokenResourceError, OSError):
        if reused:
            raise Stale("the kept connection was closed") from None
        raise
    if not first and reused:
        raise Stale("the kept connection was closed")
    conn.receive_data(first)
    status, response_headers, chunks, size = 0, [], [], 0
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            conn.receive_data(bytes(await stream.receive_some(65536)))
            continue
        if isinstance(event, h11.Response):
            status = event.status_code
            response_headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in event.headers]
        elif isinstance(event, h11.Data):
            chunks.append(bytes(event.data[:request.max_body - size]))
            size += len(event.data)
            if size >= request.max_body:  # enough: the rest is never read, so the connection goes
                return OutboundResponse(status, response_headers, b"".join(chunks), address), False
        elif isinstance(event, h11.EndOfMessage | h11.ConnectionClosed):
            reusable = conn.our_state is h11.DONE and conn.their_state is h11.DONE
            return OutboundResponse(status, response_headers, b"".join(chunks), address), reusable
