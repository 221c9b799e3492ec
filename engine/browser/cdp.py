"""A Chrome DevTools Protocol client over one trio-websocket connection.

    CdpError            the browser answered a command with an error
    └── CdpClosed       the socket closed; every pending command fails with it
        └── CdpTooLarge a message was larger than the connection's limit, which closed it

One reader task per connection matches replies to requests by id and hands
events to listeners registered per session. Listeners are plain callables run
on the reader task: they must not block, so nothing is ever dropped or waits
for a slow consumer. Writes take no lock of their own (trio-websocket's keeps
each message whole): a command is a round trip of ~5 passes of trio's
scheduler, and a lock around the writes was one more, 230 -> 190 us of CPU per
round trip (benchmarks/README, issue 56). A `send_many`'s commands go in
order; another task's may come between them, each answered by its id.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import orjson
import trio
from trio_websocket import ConnectionClosed, DisconnectionTimeout, WebSocketConnection, open_websocket_url

from engine.browser.waiting import open_helper_nursery

MESSAGE_TOO_BIG = 1009  # the close code trio-websocket sends past max_message_size
# A screenshot arrives in few reads, not hundreds of 4 KiB ones (wsproto parses each); and under 128 KiB, where
# each read's buffer would be mapped and unmapped anew (1 MiB reads: 4 ms of system time a text capture, 16 a heavy
# one; 64 KiB: 2 and 9, benchmarks/README issue 56).
RECEIVE_BYTES = 64 * 1024
# A reply whose result leads with one long string (Page.captureScreenshot's base64, Page.printToPDF's) is cut out
# of the message past this size, not parsed: orjson's pass and copy of a 1.3 MB screenshot cost the loop 1.8 ms,
# the cut 0.7 (benchmarks/README, issue 56).
CUT_PAST = 256 * 1024
_DATA_REPLY = re.compile(r'\{"id":\d+,"result":\{"data":"')
CONNECT_S = 10.0
DISCONNECT_S = 1.0
Listener = Callable[[str, dict[str, Any]], None]


class CdpError(Exception):
    def __init__(self, method: str, message: str) -> None:
        super().__init__(f"{method}: {message}")
        self.method = method
        self.message = message


class CdpClosed(CdpError):
    pass


class CdpTooLarge(CdpClosed):
    pass


def message_limit(max_result_bytes: int) -> int:
    """A message limit that lets through a result of `max_result_bytes` (base64, in JSON) and no more."""
    return max_result_bytes * 4 // 3 + 1024 * 1024


def succeeded(answers: list[dict[str, Any] | CdpError]) -> list[dict[str, Any]]:
    """The replies of `send_many`, or the first error among them raised."""
    for answer in answers:
        if isinstance(answer, CdpError):
            raise answer
    return [answer for answer in answers if not isinstance(answer, CdpError)]


def parsed(message: str | bytes) -> dict[str, Any]:
    """A CDP message's JSON; the leading `data` string of a long reply taken by slicing (CUT_PAST), since
    Chromium writes its replies `{"id":…,"result":{…},"sessionId":…}` and base64 holds no quote or backslash."""
    if isinstance(message, str) and len(message) > CUT_PAST and (head := _DATA_REPLY.match(message)) is not None:
        end = message.find('"', head.end())
        data = message[head.end():end] if end > 0 else "\\"
        if "\\" not in data:  # no escape: the quote found ends the string
            answer: dict[str, Any] = orjson.loads(message[:head.end()] + message[end:])
            answer["result"]["data"] = data
            return answer
    whole: dict[str, Any] = orjson.loads(message)
    return whole


class _Reply:
    __slots__ = ("done", "error", "result")

    def __init__(self) -> None:
        self.done = trio.Event()
        self.result: dict[str, Any] = {}
        self.error: CdpError | None = None


class CdpConnection:
    def __init__(self, ws: WebSocketConnection) -> None:
        self._ws = ws
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[str, _Reply]] = {}
        self._listeners: dict[str | None, list[Listener]] = {}
        self.closed = trio.Event()

    async def send(self, method: str, params: dict[str, Any] | None = None,
                   session_id: str | None = None) -> dict[str, Any]:
        """Send a command and wait for its reply; CdpError if it failed, CdpClosed if the socket did."""
        answer = (await self.send_many([(method, params)], session_id))[0]
        if isinstance(answer, CdpError):
            raise answer
        return answer

    async def send_many(self, commands: Sequence[tuple[str, dict[str, Any] | None]],
                        session_id: str | None = None) -> list[dict[str, Any] | CdpError]:
        """Commands written back to back and their replies awaited after: one round trip for all.

        The browser runs a session's commands in the order sent. Each command's reply, or the
        CdpError it failed with, in that order; CdpClosed is raised if the socket closes.
        """
        if self.closed.is_set():
            raise CdpClosed(commands[0][0], "connection closed")
        sent: list[tuple[int, str, _Reply]] = []
        try:
            for method, params in commands:
                message: dict[str, Any] = {"id": next(self._ids), "method": method, "params": params or {}}
                if session_id is not None:
                    message["sessionId"] = session_id
                reply = _Reply()
                self._pending[message["id"]] = (method, reply)
                sent.append((message["id"], method, reply))
                await self._ws.send_message(orjson.dumps(message).decode())
            for _, _, reply in sent:
                await reply.done.wait()
        except ConnectionClosed as exc:
            raise CdpClosed(sent[-1][1] if sent else commands[0][0], "connection closed") from exc
        finally:
            for number, _, _ in sent:
                self._pending.pop(number, None)
        for _, _, reply in sent:
            if isinstance(reply.error, CdpClosed):
                raise reply.error
        return [reply.error or reply.result for _, _, reply in sent]

    def listen(self, session_id: str | None, listener: Listener) -> None:
        self._listeners.setdefault(session_id, []).append(listener)

    def forget(self, session_id: str | None) -> None:
        self._listeners.pop(session_id, None)

    async def _reader(self) -> None:
        too_large = False
        try:
            while True:
                self._dispatch(parsed(await self._ws.get_message()))
        except ConnectionClosed as exc:
            too_large = getattr(exc.reason, "code", None) == MESSAGE_TOO_BIG
        finally:
            self._fail_pending(too_large)

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            entry = self._pending.get(message["id"])
            if entry is None:
                return  # its caller was cancelled
            method, reply = entry
            if "error" in message:
                reply.error = CdpError(method, message["error"].get("message", "error"))
            else:
                reply.result = message.get("result", {})
            reply.done.set()
            return
        for listener in self._listeners.get(message.get("sessionId"), ()):
            listener(message["method"], message.get("params", {}))

    def _fail_pending(self, too_large: bool = False) -> None:
        self.closed.set()
        for method, reply in list(self._pending.values()):
            reply.error = (CdpTooLarge(method, "the answer was larger than the connection's limit") if too_large
                           else CdpClosed(method, "connection closed"))
            reply.done.set()


@asynccontextmanager
async def open_cdp(url: str, max_message: int) -> AsyncIterator[CdpConnection]:
    """Connect to a browser's DevTools websocket; the reader runs until the block exits.

    A message over `max_message` bytes closes the connection (no more is buffered) and
    fails what was pending with CdpTooLarge."""
    # A wedged browser never answers the close handshake: give it a moment, not a minute.
    try:
        async with open_websocket_url(url, max_message_size=max_message, receive_buffer_size=RECEIVE_BYTES,
                                      connect_timeout=CONNECT_S,
                                      disconnect_timeout=DISCONNECT_S) as ws:
            conn = CdpConnection(ws)
            async with open_helper_nursery() as nursery:
                nursery.start_soon(conn._reader)
                yield conn
    except DisconnectionTimeout:
        pass  # the browser never answered the close: it is wedged, and its owner kills it
