"""A Chrome DevTools Protocol client over one trio-websocket connection.

    CdpError            the browser answered a command with an error
    └── CdpClosed       the socket closed; every pending command fails with it

One reader task per connection matches replies to requests by id and hands
events to listeners registered per session. Listeners are plain callables run
on the reader task: they must not block, so nothing is ever dropped or waits
for a slow consumer. Writes go through one lock.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import orjson
import trio
from trio_websocket import ConnectionClosed, DisconnectionTimeout, WebSocketConnection, open_websocket_url

from engine.waiting import open_helper_nursery

MAX_MESSAGE = 512 * 1024 * 1024  # full-page screenshots arrive as one base64 message
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
        self._write_lock = trio.Lock()
        self.closed = trio.Event()

    async def send(self, method: str, params: dict[str, Any] | None = None,
                   session_id: str | None = None) -> dict[str, Any]:
        """Send a command and wait for its reply; CdpError if it failed, CdpClosed if the socket did."""
        if self.closed.is_set():
            raise CdpClosed(method, "connection closed")
        message: dict[str, Any] = {"id": next(self._ids), "method": method, "params": params or {}}
        if session_id is not None:
            message["sessionId"] = session_id
        reply = _Reply()
        self._pending[message["id"]] = (method, reply)
        try:
            async with self._write_lock:
                await self._ws.send_message(orjson.dumps(message).decode())
            await reply.done.wait()
        except ConnectionClosed as exc:
            raise CdpClosed(method, "connection closed") from exc
        finally:
            self._pending.pop(message["id"], None)
        if reply.error is not None:
            raise reply.error
        return reply.result

    def listen(self, session_id: str | None, listener: Listener) -> None:
        self._listeners.setdefault(session_id, []).append(listener)

    def forget(self, session_id: str | None) -> None:
        self._listeners.pop(session_id, None)

    async def _reader(self) -> None:
        try:
            while True:
                self._dispatch(orjson.loads(await self._ws.get_message()))
        except ConnectionClosed:
            pass
        finally:
            self._fail_pending()

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

    def _fail_pending(self) -> None:
        self.closed.set()
        for method, reply in list(self._pending.values()):
            reply.error = CdpClosed(method, "connection closed")
            reply.done.set()


@asynccontextmanager
async def open_cdp(url: str) -> AsyncIterator[CdpConnection]:
    """Connect to a browser's DevTools websocket; the reader runs until the block exits."""
    # A wedged browser never answers the close handshake: give it a moment, not a minute.
    try:
        async with open_websocket_url(url, max_message_size=MAX_MESSAGE, connect_timeout=CONNECT_S,
                                      disconnect_timeout=DISCONNECT_S) as ws:
            conn = CdpConnection(ws)
            async with open_helper_nursery() as nursery:
                nursery.start_soon(conn._reader)
                yield conn
    except DisconnectionTimeout:
        pass  # the browser never answered the close: it is wedged, and its owner kills it
