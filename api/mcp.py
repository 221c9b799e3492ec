"""`/mcp`: the Model Context Protocol (streamable HTTP) for agents, on the protocol's own SDK (`mcp`).

The SDK's session manager (stateless, JSON answers) runs in the service's own trio loop (through anyio), in
front of the app as ASGI middleware. A request without a valid API key is refused as the API refuses it
(401 problem document), before the protocol sees it. Each tool (api/mcp_tools.py) is the API route it names,
called in-process through the app with the caller's key: the same authentication, rate budget, quota,
entitlements, validation and destination rules, the same events and analytics, and the same problem document
on a refusal, which the tool returns as its error result (`isError`, the document as text and as structured
content). The SDK is loaded once the service serves, in a thread: a start does not wait for it.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

import orjson
import trio

from api.pipeline import Services, api_key, authenticate
from api.problems import PROBLEM_TYPE, problem_document
from engine.records.keys import new_id
from engine.rules.errors import Problem

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

    from api.mcp_tools import Answer

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[..., Awaitable[None]]
PATH = "/mcp"
# What of the MCP request its in-process API request carries: the key, the host, and what a trusted proxy said
# of the client (api/pipeline reads it only from the proxies trusted_proxies names).
PASSED_HEADERS = (b"x-api-key", b"authorization", b"host", b"forwarded", b"x-forwarded-for", b"x-forwarded-proto",
                  b"x-forwarded-host")


class McpEndpoint:
    """ASGI middleware: `/mcp` to the protocol's session manager once the key is known; the rest to the app."""

    def __init__(self, app: ASGIApp, services: Services) -> None:
        self.app = app
        self._keys = services.keys
        self._manager: StreamableHTTPSessionManager | None = None
        self._serving = trio.Event()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The tools, for as long as the HTTP server runs: loaded beside it (a `/mcp` request meanwhile waits)."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._serve_tools)
            try:
                yield
            finally:
                nursery.cancel_scope.cancel()

    async def _serve_tools(self) -> None:
        # In a thread: the SDK's import is about a second of Python the event loop need not wait through.
        tools = await trio.to_thread.run_sync(importlib.import_module, "api.mcp_tools")
        manager = tools.session_manager(self._in_process)
        async with manager.run():
            self._manager = manager
            self._serving.set()
            await trio.sleep_forever()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].rstrip("/") != PATH:
            await self.app(scope, receive, send)
            return
        headers = dict(reversed(scope["headers"]))  # the first of repeated headers, as Quart's `get` takes it
        try:
            authenticate(self._keys, api_key(lambda name: _text(headers.get(name.encode()))))
        except Problem as problem:
            await _answer(send, problem.status, PROBLEM_TYPE, problem_document(problem, new_id("req")).wire(),
                          problem.headers())
            return
        await self._serving.wait()
        assert self._manager is not None
        await self._manager.handle_request(scope, receive, send)

    async def _in_process(self, ctx: ServerRequestContext[Any], method: str, path: str,
                          body: dict[str, Any] | None) -> Answer:
        """The app's answer to one API request made in-process with the MCP request's key and address."""
        if ctx.request is None:
            raise ValueError("the capture tools answer over HTTP only")
        caller = ctx.request.scope
        payload = orjson.dumps(body) if body is not None else b""
        headers = [(name, value) for name, value in caller["headers"] if name in PASSED_HEADERS]
        if body is not None:
            headers += [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
        scope = {**caller, "method": method, "path": path, "raw_path": path.encode(), "query_string": b"",
                 "headers": headers}
        answered = trio.Event()
        sent: list[bool] = []
        start: dict[str, Any] = {}
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            if not sent:
                sent.append(True)
                return {"type": "http.request", "body": payload, "more_body": False}
            await answered.wait()  # no disconnect before the answer: the app would take it as a client gone
            return {"type": "http.disconnect"}

        async def respond(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    answered.set()

        await self.app(scope, receive, respond)
        answered.set()
        answer = {name.decode("latin-1"): value.decode("latin-1") for name, value in start.get("headers", [])}
        return start.get("status", 500), answer, b"".join(chunks)


async def _answer(send: Send, status: int, kind: str, body: bytes, extra: dict[str, str]) -> None:
    headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
               *((name.encode(), value.encode()) for name, value in extra.items())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _text(value: bytes | None) -> str | None:
    return value.decode("latin-1") if value is not None else None
