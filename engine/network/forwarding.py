"""Plain-http requests through an egress lane, relayed with keep-alive on both sides.

Both directions are parsed by llhttp, Node's HTTP parser, through httptools: the browser's requests on its
connection to the lane, the sites' answers on the lane's connections to them. llhttp frames every message
(Content-Length, chunked, or until the site closes; no body for a 1xx, a 204 or a 304) and refuses what two
readers could frame differently (a length beside chunked, two lengths), so a connection carries the next
request once an answer has ended, as the browser's own connections would. A HEAD's answer, which llhttp cannot
tell from another, ends at its head here, and its site connection is not kept. The answer goes to the browser
with the framing it came with (a close-delimited one chunked, so the browser's connection stays open); heads
are written as bytes. With h11 in their place a relayed request cost 420–485 µs of the loop's time, now
260–320 (benchmarks/README, issue 56).

Nothing here decides where a request may go: the guard vets the host of every request, and a connection kept
to a site is reused only for an address that vetting has just returned again (one `KeepAlive` per lane,
never shared between captures).

Errors: what the browser sends that is no HTTP request raises `BadRequest`; an answer that is not HTTP, or
that breaks off, raises `trio.BrokenResourceError` (the browser sees its connection end: the network error it
is); a connection kept to a site that turns out closed before answering raises `Stale` (nothing was relayed:
the request can go on a fresh one).
"""

from __future__ import annotations

import dataclasses
import enum
from collections import deque
from typing import Any

import httptools
import trio

from engine.network.outbound import Stale
from engine.network.proxy_wire import CHUNK, HOP_BY_HOP, MAX_HEAD, BadRequest, Head

NO_BODY = frozenset({204, 304})
FRAMING = HOP_BY_HOP | {b"transfer-encoding"}  # written by the relay itself, for the side it writes to


class Mark(enum.Enum):
    END = "a message's body ended"
    CLOSED = "the stream ended"


@dataclasses.dataclass(frozen=True)
class Answer:
    """A site's answer head: its status, reason and headers as the site spelled them."""

    status: int
    reason: bytes
    headers: list[tuple[bytes, bytes]]


Event = Head | Answer | bytes | Mark


class _Messages:
    """One direction's messages as llhttp reads them: a head, its body's bytes, then Mark.END, message after
    message. The callbacks' names are httptools'; what they raise stops the parser, which raises `ValueError`."""

    def __init__(self, parser: type[httptools.HttpRequestParser | httptools.HttpResponseParser]) -> None:
        self.parser: Any = parser(self)
        self.events: deque[Event] = deque()
        self.keep_alive = True  # what the last ended message allows (its version, its Connection header)
        self._url, self._reason, self._head_bytes = b"", b"", 0
        self._headers: list[tuple[bytes, bytes]] = []

    def feed(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade as upgrade:
            heads = [event for event in self.events if isinstance(event, Head)]
            if not heads or heads[-1].method != "CONNECT":  # (a browser tunnels its WebSockets with CONNECT)
                raise ValueError("an upgrade the relay does not carry") from None
            while not isinstance(self.events[-1], Head):
                self.events.pop()  # (llhttp ends a CONNECT's message: the tunnel is no body)
            self.events[-1] = dataclasses.replace(heads[-1], rest=data[upgrade.args[0]:])  # the tunnel's first bytes
        except httptools.HttpParserError as exc:
            raise ValueError(str(exc.__context__ or exc) or type(exc).__name__) from None

    def on_message_begin(self) -> None:
        self._url, self._reason, self._headers, self._head_bytes = b"", b"", [], 0

    def on_url(self, url: bytes) -> None:
        self._url += url
        self._count(len(url))

    def on_status(self, reason: bytes) -> None:
        self._reason += reason
        self._count(len(reason))

    def on_header(self, name: bytes, value: bytes) -> None:
        self._headers.append((name, value))
        self._count(len(name) + len(value) + 4)

    def _count(self, size: int) -> None:
        self._head_bytes += size
        if self._head_bytes > MAX_HEAD:
            raise ValueError(f"a head over {MAX_HEAD} bytes")

    def on_headers_complete(self) -> None:
        parser = self.parser
        if isinstance(parser, httptools.HttpRequestParser):
            self.events.append(Head(parser.get_method().decode("ascii"), self._url.decode("ascii"),
                                    f"HTTP/{parser.get_http_version()}", self._headers, b""))
        else:
            self.events.append(Answer(parser.get_status_code(), self._reason, self._headers))

    def on_body(self, body: bytes) -> None:
        self.events.append(body)

    def on_message_complete(self) -> None:
        self.keep_alive = self.parser.should_keep_alive()
        self.events.append(Mark.END)


class _Side:
    """A stream and the messages read from it."""

    def __init__(self, stream: trio.abc.Stream, parser: type[httptools.HttpRequestParser | httptools.HttpResponseParser]
                 ) -> None:
        self.stream = stream
        self.messages = _Messages(parser)
        self.received = False  # a byte came (since `start_next_cycle`)
        self._ended = False

    @property
    def buffered(self) -> bool:
        return bool(self.messages.events)

    async def next_event(self) -> Event:
        """The next event; Mark.CLOSED once the stream ended and none is left. ValueError: not HTTP."""
        while not self.messages.events:
            if self._ended:
                return Mark.CLOSED
            data = bytes(await self.stream.receive_some(CHUNK))
            self.received |= bool(data)
            self._ended = not data
            if data:
                self.messages.feed(data)
        return self.messages.events.popleft()


class Downstream(_Side):
    """The browser's connection to its lane, read as a server reads one: request after request; the answers
    are queued and leave with `flush` (a head and its body in one write)."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        super().__init__(stream, httptools.HttpRequestParser)
        self._unsent: list[bytes] = []
        self._unsent_bytes = 0
        self.request_ended = True  # the current request's body was read to its end
        self.reusable = False  # the last answer ended and neither side asked to close

    async def next_request(self) -> Head | None:
        """The next request's head (`rest`: a tunnel's first bytes), or None once the browser closed the
        connection."""
        event = await self._request_event()
        if event is Mark.CLOSED:
            return None
        if not isinstance(event, Head):
            raise BadRequest(f"a request's body past its end ({event!r:.40})")
        self.request_ended = self.reusable = False
        return event

    async def body_chunk(self) -> bytes | None:
        """The current request's next bytes; None at its end, and from then on (a retried request's)."""
        while not self.request_ended:
            event = await self._request_event()
            if isinstance(event, bytes):
                return event
            if event is not Mark.END:
                raise trio.BrokenResourceError("the browser closed its connection mid-request")
            self.request_ended = True
        return None

    async def _request_event(self) -> Event:
        try:
            return await self.next_event()
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadRequest(f"not an HTTP request: {exc}") from None

    async def queue(self, data: bytes) -> None:
        """`data` for the browser: it leaves with the next `flush`, or now if a chunk's worth is waiting."""
        self._unsent.append(data)
        self._unsent_bytes += len(data)
        if self._unsent_bytes >= CHUNK:
            await self.flush()

    async def end_answer(self, chunked: bool, *, keep: bool = True) -> None:
        """The answer's end sent (a chunked one's last chunk); the connection carries the next request if `keep`
        and the browser did not ask to close."""
        if chunked:
            self._unsent.append(b"0\r\n\r\n")
        await self.flush()
        self.reusable = keep and self.messages.keep_alive

    async def flush(self) -> None:
        if self._unsent:
            data = b"".join(self._unsent)
            self._unsent.clear()
            self._unsent_bytes = 0
            await self.stream.send_all(data)


class Upstream(_Side):
    """A connection from the lane to a site, and its answers; kept between requests (`KeepAlive`)."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        super().__init__(stream, httptools.HttpResponseParser)
        # A head's lines ended by LF alone, which RFC 9112 (2.2) lets a recipient take and browsers and h11 do:
        # heads are written anew with CRLF, so no reader after this one sees them otherwise. A bare CR, a
        # folded header line and chunked framing's lines stay as strict as llhttp makes them.
        self.messages.parser.set_dangerous_leniencies(lenient_optional_cr_before_lf=True)

    def start_next_cycle(self) -> None:
        """Kept for the next request: whether that one's answer began is asked anew."""
        self.received = False


def has_body(head: Head) -> bool:
    """Whether the request sends a body (which is never sent on a kept connection: it could not be retried)."""
    return any(name.lower() == b"transfer-encoding" or (name.lower() == b"content-length" and value.strip() != b"0")
               for name, value in head.headers)


def _chunked(headers: list[tuple[bytes, bytes]]) -> bool:
    """Whether the body is chunked (llhttp read it so); another transfer coding is none the relay carries."""
    codings = b",".join(value for name, value in headers if name.lower() == b"transfer-encoding")
    if not codings:
        return False
    if codings.rsplit(b",", 1)[-1].strip().lower() != b"chunked":
        raise trio.BrokenResourceError(f"a transfer coding the relay does not carry: {codings[:40]!r}")
    return True


def _head(first: bytes, headers: list[tuple[bytes, bytes]], *extra: bytes) -> bytes:
    """A message head: its first line, the end-to-end `headers` as their sender spelled them, then `extra`."""
    lines = [first]
    lines += [name + b": " + value + b"\r\n" for name, value in headers if name.lower() not in FRAMING]
    return b"".join(lines) + b"".join(extra) + b"\r\n"


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%b\r\n" % (len(data), data)


async def exchange(downstream: Downstream, head: Head, authority: str, path: str, upstream: Upstream, *,
                   reused: bool) -> bool:
    """Send the browser's request to the site as `path`, its body read from the browser, and relay the answer
    back; True if the site's connection can carry another request. Stale: `reused` and closed unanswered.

    The Host header is the vetted URL's `authority`, whatever the browser sent (RFC 9112 section 3.2.2: a
    proxy replaces it with the absolute target's)."""
    try:
        await _send_request(downstream, head, authority, path, upstream)
    except (trio.BrokenResourceError, OSError):
        if reused:  # only requests without a body go on a kept connection: nothing of the browser's is lost
            raise Stale("the kept connection was closed") from None
        raise
    return await _relay_answer(downstream, head, upstream, reused=reused)


async def _send_request(downstream: Downstream, head: Head, authority: str, path: str, upstream: Upstream) -> None:
    chunked = _chunked(head.headers)
    outgoing = [_head(f"{head.method} {path} HTTP/1.1\r\nHost: {authority}\r\n".encode("ascii"),
                      [(name, value) for name, value in head.headers if name.lower() != b"host"],
                      *([b"Transfer-Encoding: chunked\r\n"] if chunked else []),
                      # llhttp can't frame a HEAD's answer (a length, no body): the site closes after it
                      *([b"Connection: close\r\n"] if head.method == "HEAD" else []))]
    while (data := await downstream.body_chunk()) is not None:
        outgoing.append(_chunk(data) if chunked else data)
        await upstream.stream.send_all(b"".join(outgoing))
        outgoing.clear()
    if chunked:
        outgoing.append(b"0\r\n\r\n")
    await upstream.stream.send_all(b"".join(outgoing))  # a request without a body: its head, in one write


async def _relay_answer(downstream: Downstream, head: Head, upstream: Upstream, *, reused: bool) -> bool:
    """The site's answer to `head`, relayed to the browser; True if the site's connection may carry another."""
    chunked = until_closed = informational = False
    while True:
        if not upstream.buffered:
            await downstream.flush()  # what the site sent so far goes on before waiting for more
        try:
            event = await upstream.next_event()
        except (trio.BrokenResourceError, OSError, ValueError) as exc:
            if reused and not upstream.received:
                raise Stale("the kept connection was closed") from None
            raise trio.BrokenResourceError(f"the site's answer broke off or is not HTTP: {exc!r}") from None
        if event is Mark.CLOSED:
            if reused and not upstream.received:
                raise Stale("the kept connection was closed")
            if not until_closed:  # the browser sees its connection end, the network error it is
                raise trio.BrokenResourceError("the site closed the connection mid-answer")
            await downstream.end_answer(chunked, keep=chunked)  # its end is the answer's end
            return False
        if isinstance(event, Answer):
            if event.status == 101:
                raise trio.BrokenResourceError("the site switched protocols, which the relay does not carry")
            informational = event.status < 200
            chunked, until_closed = _framing(event, head)
            await downstream.queue(_answer_head(event, chunked, closing=(until_closed and not chunked)
                                                or not downstream.messages.keep_alive))
            if head.method == "HEAD" and not informational:  # its site's connection goes (asked to close)
                await downstream.end_answer(False)
                return False
        elif isinstance(event, bytes):
            await downstream.queue(_chunk(event) if chunked else event)
        elif informational:  # a 1xx ended: the answer follows
            informational = False
        else:
            await downstream.end_answer(chunked)  # (the site's trailers are not relayed)
            return upstream.messages.keep_alive and not upstream.buffered


def _framing(answer: Answer, head: Head) -> tuple[bool, bool]:
    """(chunked towards the browser, the body ends when the site closes) for `answer` to `head`."""
    if answer.status < 200 or answer.status in NO_BODY or head.method == "HEAD":
        return False, False
    if _chunked(answer.headers):
        return True, False
    if any(name.lower() == b"content-length" for name, _ in answer.headers):
        return False, False
    return head.version == "HTTP/1.1", True  # close-delimited: chunked to a browser that reads it


def _answer_head(answer: Answer, chunked: bool, *, closing: bool) -> bytes:
    return _head(b"HTTP/1.1 %d %b\r\n" % (answer.status, answer.reason), answer.headers,
                 *([b"transfer-encoding: chunked\r\n"] if chunked else []),
                 *([b"connection: close\r\n"] if closing else []))
