"""Plain-http requests through an egress lane, relayed with keep-alive on both sides.

The browser's connection to its lane and the lane's connections to sites are read and written with h11,
which frames every message (Content-Length, chunked, or until the site closes), so a connection carries the
next request once an answer has ended, as the browser's own connections would. Before, each request went on a
new connection with `Connection: close`: for a page of 40 images, 40 connections from the browser to its lane
and 40 to the site where a browser opens six, each paying a handshake (a round trip to the site), in bursts
that overflowed a small listen backlog (benchmarks/README.md, "Explained and gone").

Nothing here decides where a request may go: the guard vets the host of every request, and a connection kept
to a site is reused only for an address that vetting has just returned again (one `KeepAlive` per lane,
never shared between captures).

Errors: what the browser sends that is no HTTP request raises `BadRequest`; a connection kept to a site that
turns out closed before answering raises `Stale` (nothing was relayed: the request can go on a fresh one).
"""

from __future__ import annotations

import h11
import trio

from engine.network.outbound import Stale
from engine.network.proxy_wire import CHUNK, HOP_BY_HOP, MAX_HEAD, BadRequest, Head

Event = h11.Request | h11.InformationalResponse | h11.Response | h11.Data | h11.EndOfMessage | h11.ConnectionClosed


class Downstream:
    """The browser's connection to its lane, read as a server reads one: request after request."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)
        self._unsent: list[bytes] = []

    async def next_request(self) -> Head | None:
        """The next request's head (`rest`: the bytes after it, a tunnel's first), or None once the browser
        closed the connection or the last answer ended it."""
        if self.reusable:
            self.conn.start_next_cycle()
        elif self.conn.their_state is not h11.IDLE:
            return None  # MUST_CLOSE, CLOSED: this connection carries no further request
        try:
            event = await self.next_event()
            if isinstance(event, h11.ConnectionClosed):
                return None
            if not isinstance(event, h11.Request):
                raise BadRequest(f"expected a request, got {type(event).__name__}")
            return Head(event.method.decode("ascii"), event.target.decode("ascii"),
                        f"HTTP/{event.http_version.decode('ascii')}", event.headers.raw_items(),
                        bytes(self.conn.trailing_data[0]))
        except (h11.RemoteProtocolError, UnicodeDecodeError) as exc:
            raise BadRequest(f"not an HTTP request: {exc}") from None

    async def next_event(self) -> Event:
        while (event := self.conn.next_event()) is h11.NEED_DATA:
            self.conn.receive_data(bytes(await self.stream.receive_some(CHUNK)))
        if event is h11.PAUSED:  # after a CONNECT or an ended request: the relay never reads one then
            raise BadRequest("a request before the last one was answered")
        return event  # type: ignore[return-value]

    def queue(self, event: h11.InformationalResponse | h11.Response | h11.Data | h11.EndOfMessage) -> None:
        """Frame `event` for the browser; it leaves with the next `flush` (a head and its body in one write)."""
        if data := self.conn.send(event):
            self._unsent.append(data)

    async def flush(self) -> None:
        if self._unsent:
            data = b"".join(self._unsent)
            self._unsent.clear()
            await self.stream.send_all(data)

    @property
    def reusable(self) -> bool:
        """The answer has ended and neither side asked to close: the connection can carry the next request."""
        return self.conn.our_state is h11.DONE and self.conn.their_state is h11.DONE


def has_body(head: Head) -> bool:
    """Whether the request sends a body (which is never sent on a kept connection: it could not be retried)."""
    return any(name.lower() == b"transfer-encoding" or (name.lower() == b"content-length" and value.strip() != b"0")
               for name, value in head.headers)


async def exchange(downstream: Downstream, head: Head, authority: str, path: str, upstream: trio.abc.Stream,
                   conn: h11.Connection, *, reused: bool) -> bool:
    """Send the browser's request to the site as `path`, its body read from the browser, and relay the answer
    back; True if the site's connection can carry another request. Stale: `reused` and closed unanswered.

    The Host header is the vetted URL's `authority`, whatever the browser sent (RFC 9112 section 3.2.2: a
    proxy replaces it with the absolute target's)."""
    headers = [(b"Host", authority.encode("ascii"))]  # names as the browser spelled them, this one as Chromium does
    headers += [(name, value) for name, value in head.headers if name.lower() not in HOP_BY_HOP | {b"host"}]
    outgoing = [conn.send(h11.Request(method=head.method, target=path, headers=headers))]
    try:
        while downstream.conn.their_state is h11.SEND_BODY:  # (a retried request's ended the first time)
            if isinstance(event := await downstream.next_event(), h11.Data):
                outgoing.append(conn.send(event))
                await upstream.send_all(b"".join(outgoing))
                outgoing.clear()
        outgoing.append(conn.send(h11.EndOfMessage()))
        await upstream.send_all(b"".join(outgoing))  # a request without a body: its head, in one write
    except (trio.BrokenResourceError, OSError):
        if reused:  # only requests without a body go on a kept connection: nothing of the browser's is lost
            raise Stale("the kept connection was closed") from None
        raise
    answered = False
    while True:
        answer = conn.next_event()
        if answer is h11.NEED_DATA:
            await downstream.flush()  # what the site sent so far goes on before waiting for more
            data = bytes(await upstream.receive_some(CHUNK))
            if not data and reused and not answered:
                raise Stale("the kept connection was closed")
            conn.receive_data(data)
        elif isinstance(answer, h11.InformationalResponse):
            downstream.queue(h11.InformationalResponse(status_code=answer.status_code, headers=_kept(answer),
                                                       reason=answer.reason))
        elif isinstance(answer, h11.Response):
            answered = True
            downstream.queue(h11.Response(status_code=answer.status_code, headers=_kept(answer),
                                          reason=answer.reason))
        elif isinstance(answer, h11.Data):
            downstream.queue(answer)
        elif isinstance(answer, h11.EndOfMessage):
            downstream.queue(h11.EndOfMessage())  # (the site's trailers are not relayed)
            await downstream.flush()
            return conn.our_state is h11.DONE and conn.their_state is h11.DONE
        else:  # closed mid-answer: the browser sees its connection end, the network error it is
            await downstream.flush()
            raise trio.BrokenResourceError(f"the site closed the connection mid-answer ({type(answer).__name__})")


def _kept(answer: h11.InformationalResponse | h11.Response) -> list[tuple[bytes, bytes]]:
    """The answer's end-to-end headers as the site spelled them; h11 adds the browser side's connection header."""
    return [(name, value) for name, value in answer.headers.raw_items() if name.lower() not in HOP_BY_HOP]
