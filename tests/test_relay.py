"""Plain http's relay through an egress lane (engine.network.forwarding): every framing a site may answer with
reaches the browser whole and readable by another parser (h11 here), each connection carries the next request
where HTTP lets it, and what is no HTTP, or breaks off, ends the browser's connection instead of reaching it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import h11
import pytest
import trio

from engine.network.destinations import EgressPolicy
from engine.network.proxy_wire import MAX_HEAD
from engine.operations.settings import EgressAllowance
from tests.lane_client import Browser, RebindingResolver, on_a_lane

ANSWERS = {  # by path; /echo answers with the request's body
    "/length": b"HTTP/1.1 200 OK\r\ncontent-length: 6\r\nx-site: kept\r\n\r\nlength",
    "/chunked": b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nchu\r\n4\r\nnked\r\n0\r\n\r\n",
    "/until-closed": b"HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nuntil the site closes",
    "/head": b"HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n",  # (HEAD's: a length, no body)
    "/no-content": b"HTTP/1.1 204 No Content\r\n\r\n",
    "/lf-only": b"HTTP/1.1 200 OK\ncontent-length: 7\nx-site: sloppy\n\nlf only",
    "/not-modified": b"HTTP/1.1 304 Not Modified\r\ncontent-length: 50\r\n\r\n",
    "/early-hints": (b"HTTP/1.1 103 Early Hints\r\nlink: </style.css>; rel=preload\r\n\r\n"
                                   b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhints"),
    "/garbage": b"this is not HTTP at all\r\n\r\n",
    "/huge-head": b"HTTP/1.1 200 OK\r\nx-big: " + b"a" * (MAX_HEAD + 10) + b"\r\n\r\n",
    "/broken-off": b"HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nonly ten b",
    "/two-lengths": b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\ncontent-length: 6\r\n\r\nabcdef",
    "/length-and-chunked": (b"HTTP/1.1 200 OK\r\ncontent-length: 3\r\ntransfer-encoding: chunked\r\n\r\n"
                            b"2\r\nab\r\n0\r\n\r\n"),
    "/gzip-coded": b"HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\nnot chunked",
}
CLOSES = {"/until-closed", "/broken-off", "/garbage", "/huge-head", "/two-lengths", "/length-and-chunked",
          "/gzip-coded"}


class Site:
    """Answers each request with the raw bytes its path names (ANSWERS; /echo: its body) on kept connections,
    reading the requests with h11; counts connections and keeps what each request's body was."""

    def __init__(self) -> None:
        self.connections = 0
        self.bodies: list[bytes] = []
        self.port = 0

    async def serve(self, *, task_status: trio.TaskStatus[None]) -> None:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        self.port = listeners[0].socket.getsockname()[1]
        task_status.started()
        await trio.serve_listeners(self._handle, listeners)

    async def _handle(self, stream: trio.SocketStream) -> None:
        self.connections += 1
        pending = b""
        async with stream:
            while True:
                conn = h11.Connection(h11.SERVER)
                if pending:
                    conn.receive_data(pending)
                request, body = None, b""
                while not isinstance(event := conn.next_event(), h11.EndOfMessage):
                    if isinstance(event, h11.ConnectionClosed):
                        return
                    if event is h11.NEED_DATA:
                        if not (data := await stream.receive_some(65536)):
                            return
                        conn.receive_data(data)
                    elif isinstance(event, h11.Request):
                        request = event
                    elif isinstance(event, h11.Data):
                        body += event.data
                assert request is not None
                pending = bytes(conn.trailing_data[0])
                self.bodies.append(body)
                path = request.target.decode()
                await stream.send_all(ANSWERS[path] if path != "/echo" else
                                      b"HTTP/1.1 201 Created\r\ncontent-length: %d\r\n\r\n%b" % (len(body), body))
                if path in CLOSES:
                    return


async def _relayed(tmp_path: Path, test: Callable[[Browser, Site], Awaitable[None]]) -> Site:
    site = Site()
    async with trio.open_nursery() as nursery:
        await nursery.start(site.serve)
        policy = EgressPolicy(RebindingResolver("127.0.0.1", "127.0.0.1"),
                              [EgressAllowance.parse(f"127.0.0.1:{site.port}")], allowlist_only=True)
        async with on_a_lane(tmp_path, policy) as (_, browser):
            await test(browser, site)
        nursery.cancel_scope.cancel()
    return site


def _url(site: Site, path: str) -> str:
    return f"http://page.test:{site.port}{path}"


async def test_each_framing_reaches_the_browser_whole_and_the_connections_carry_the_next(tmp_path: Path) -> None:
    """Length, chunked, a head whose lines end in LF alone, bodiless answers (204, 304) and a 103 before the
    answer, one after the other on one browser connection and one site connection; then a HEAD's answer and one
    that ends when the site closes (relayed chunked, so the browser's connection still carries the next request),
    each site connection then closed."""
    async def test(browser: Browser, site: Site) -> None:
        assert await browser.get(_url(site, "/length"), "page.test") == (200, b"length")
        assert (b"x-site", b"kept") in browser.answers[0].headers.raw_items()
        assert await browser.get(_url(site, "/chunked"), "page.test") == (200, b"chunked")
        assert await browser.get(_url(site, "/no-content"), "page.test") == (204, b"")
        assert await browser.get(_url(site, "/lf-only"), "page.test") == (200, b"lf only")
        assert await browser.get(_url(site, "/not-modified"), "page.test") == (304, b"")
        assert await browser.get(_url(site, "/early-hints"), "page.test") == (200, b"hints")
        assert [answer.status_code for answer in browser.answers] == [103, 200]
        assert site.connections == 1
        assert await browser.ask("HEAD", _url(site, "/head"), [("host", "page.test")]) == (200, b"")
        assert (b"content-length", b"1000") in browser.answers[0].headers.raw_items()
        assert await browser.get(_url(site, "/until-closed"), "page.test") == (200, b"until the site closes")
        assert browser.kept_open
        assert await browser.get(_url(site, "/length"), "page.test") == (200, b"length")
        assert site.connections == 3  # the HEAD's connection and the one the site closed were not kept
    await _relayed(tmp_path, test)


async def test_request_bodies_reach_the_site_as_sent(tmp_path: Path) -> None:
    """A body of a length and a chunked one (in pieces): the site reads both whole."""
    async def test(browser: Browser, site: Site) -> None:
        sent = b"x" * 200_000
        assert await browser.ask("POST", _url(site, "/echo"), [("host", "page.test"), ("content-length", "200000")],
                                 (sent[:70_000], sent[70_000:])) == (201, sent)
        assert await browser.ask("PUT", _url(site, "/echo"), [("host", "page.test"),
                                                               ("transfer-encoding", "chunked")],
                                 (b"in ", b"three ", b"pieces")) == (201, b"in three pieces")
        assert site.bodies == [sent, b"in three pieces"]
    await _relayed(tmp_path, test)


@pytest.mark.parametrize("path", ["/garbage", "/huge-head", "/two-lengths", "/length-and-chunked", "/gzip-coded",
                                  "/broken-off"])
async def test_an_answer_that_is_no_http_or_breaks_off_ends_the_browsers_connection(tmp_path: Path,
                                                                                      path: str) -> None:
    """Nothing the relay cannot frame reaches the browser as an answer: its connection ends (a network error)
    before any of it, and an answer cut short ends it mid-body (h11 then reads a body that never ended)."""
    async def test(browser: Browser, site: Site) -> None:
        with pytest.raises((h11.RemoteProtocolError, trio.BrokenResourceError)):  # (h11's word for a closed one)
            await browser.get(_url(site, path), "page.test")
        assert [answer.status_code for answer in browser.answers] == ([200] if path == "/broken-off" else [])
    await _relayed(tmp_path, test)
