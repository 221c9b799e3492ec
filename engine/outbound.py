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
from dataclasses import dataclass
from urllib.parse import urlsplit

import h11
import trio

from engine.destinations import Address, EgressPolicy, Refused, split_target

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


async def send(policy: EgressPolicy, method: str, url: str, *, headers: dict[str, str] | None = None,
               body: bytes = b"", timeout_s: float = 10.0, ssl_context: ssl.SSLContext | None = None,
               https_only: bool = False, max_body: int = MAX_RESPONSE_BODY) -> OutboundResponse:
    """One request. Raises DestinationForbidden (bad URL), Refused (policy) or OutboundError.

    `https_only`: plain http only to addresses the operator's allow list names (development). An answer's
    body is read up to `max_body` bytes; the rest is never read (the connection is not reused).
    """
    scheme, host, port = split_target(url)
    addresses = await policy.vet(host, port)  # Refused propagates: the caller records why
    if https_only and scheme == "http" and not all(policy.allow_listed(a, port) for a in addresses):
        raise Refused(host, "plain http (use https)", addresses[0])
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        with trio.fail_after(timeout_s):
            stream: trio.abc.Stream = await _connect_first(addresses, port)
            if scheme == "https":
                stream = trio.SSLStream(stream, ssl_context or ssl.create_default_context(),
                                        server_hostname=host, https_compatible=True)
            async with stream:
                return await _exchange(stream, method, host, port, path, headers or {}, body,
                                       str(addresses[0]), max_body)
    except trio.TooSlowError:
        raise OutboundError(f"{url}: no answer within {timeout_s:g} s", kind="timeout") from None
    except h11.ProtocolError as exc:
        raise OutboundError(f"{url}: {exc}", kind="protocol") from exc
    except (OSError, trio.BrokenResourceError) as exc:
        tls = isinstance(exc, ssl.SSLError) or isinstance(exc.__cause__, ssl.SSLError)
        raise OutboundError(f"{url}: {exc.__cause__ or exc}", kind="tls" if tls else "connection") from exc


async def _connect_first(addresses: list[Address], port: int) -> trio.SocketStream:
    failure: OSError | None = None
    for address in addresses:
        try:
            return await connect_pinned(address, port)
        except OSError as exc:
            failure = exc
    raise failure or OSError("no address to connect to")


async def _exchange(stream: trio.abc.Stream, method: str, host: str, port: int, path: str,
                    headers: dict[str, str], body: bytes, address: str, max_body: int) -> OutboundResponse:
    conn = h11.Connection(h11.CLIENT)
    authority = f"[{host}]" if ":" in host else host
    default_port = port in (80, 443)
    request_headers = [("host", authority if default_port else f"{authority}:{port}"),
                       ("user-agent", USER_AGENT), ("content-length", str(len(body))),
                       ("connection", "close"), *headers.items()]
    await stream.send_all(conn.send(h11.Request(method=method, target=path, headers=request_headers)))
    if body:
        await stream.send_all(conn.send(h11.Data(data=body)))
    await stream.send_all(conn.send(h11.EndOfMessage()))
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
            chunks.append(bytes(event.data[:max_body - size]))
            size += len(event.data)
            if size >= max_body:  # enough: the rest is never read
                return OutboundResponse(status, response_headers, b"".join(chunks), address)
        elif isinstance(event, h11.EndOfMessage | h11.ConnectionClosed):
            return OutboundResponse(status, response_headers, b"".join(chunks), address)
