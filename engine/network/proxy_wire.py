"""The egress guard's side of the HTTP proxy protocol: a request's head, a tunnel's two streams spliced, and
the guard's own short answers to the browser (plain http's relay is `engine.network.forwarding`).

Errors: what the browser sent that is no proxy request raises `BadRequest`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import trio

MAX_HEAD = 64 * 1024
CHUNK = 64 * 1024
HOP_BY_HOP = frozenset({b"connection", b"keep-alive", b"proxy-connection", b"proxy-authorization",
                        b"proxy-authenticate", b"te", b"trailer", b"upgrade"})


class BadRequest(Exception):
    """What the browser sent is not a proxy request the guard serves."""


@dataclass(frozen=True)
class Head:
    method: str
    target: str
    version: str
    headers: list[tuple[bytes, bytes]]
    rest: bytes  # bytes the client sent after the head


def split_authority(authority: str) -> tuple[str, int]:
    """host and port of a CONNECT target (`host:443`, `[::1]:443`)."""
    host, colon, port = authority.rpartition(":")
    if not colon or not port.isdigit() or not host:
        raise BadRequest(f"CONNECT needs host:port, not {authority!r}")
    return host.strip("[]"), int(port)


async def splice(a: trio.abc.Stream, b: trio.abc.Stream, seen: Callable[[bool], None] | None = None) -> None:
    """Copy both ways until both directions have ended; `seen(towards_b)` after each chunk copied."""
    async with trio.open_nursery() as nursery:
        nursery.start_soon(pump, a, b, None if seen is None else partial(seen, True))
        nursery.start_soon(pump, b, a, None if seen is None else partial(seen, False))


async def pump(source: trio.abc.Stream, sink: trio.abc.Stream, seen: Callable[[], None] | None = None) -> None:
    try:
        while chunk := await source.receive_some(CHUNK):
            await sink.send_all(chunk)
            if seen is not None:
                seen()
        if isinstance(sink, trio.abc.HalfCloseableStream):  # a TLS stream to an https upstream is not
            await sink.send_eof()
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
        pass


async def try_send(stream: trio.SocketStream, data: bytes) -> None:
    try:
        await stream.send_all(data)
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
        pass


def refusal_response(detail: str) -> bytes:
    return response(403, "Forbidden", f"refused by the capture service's egress guard: {detail}",
                     b"x-capture-egress: refused\r\n")


def response(status: int, reason: str, text: str, extra: bytes = b"") -> bytes:
    body = text.encode() + b"\n"
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n").encode() + extra + b"\r\n" + body
