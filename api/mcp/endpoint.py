"""`/mcp`: the Model Context Protocol (streamable HTTP) for agents, on the protocol's own SDK (`mcp`).

The SDK's session manager (stateless, JSON answers) runs in the service's own trio loop (through anyio), in
front of the app as ASGI middleware. A request without a valid API key is refused as the API refuses it
(401 problem document), before the protocol sees it. Each tool (api/mcp/tools.py) is the API route it names,
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
from urllib.parse import urlsplit

import orjson
import trio

from api.pipeline import Services, admit, api_key, authenticate, host_url, stamp
from api.problems import PROBLEM_TYPE, problem_document
from engine.network.addresses import ip_literal
from engine.records.keys import new_id
from engine.rules.errors import Forbidden, MethodNotAllowed, PayloadTooLarge, Problem, ResultTooLarge

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

    from api.mcp.tools import Answer

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
        self._keys, self._admission, self._settings = services.keys, services.admission, services.settings
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
        tools = await trio.to_thread.run_sync(importlib.import_module, "api.mcp.tools")
        manager = tools.session_manager(self._in_process)
        async with manager.run():
            self._manager = manager
            self._serving.set()
            await trio.sleep_forever()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].rstrip("/") != PATH:
            await self.app(scope, receive, send)
            return
        request_id = new_id("req")
        headers = dict(reversed(scope["headers"]))  # the first of repeated headers, as Quart's `get` takes it
        rate = None
        try:
            principal = authenticate(self._keys, api_key(lambda name: _text(headers.get(name.encode()))))
            check_origin(self._settings.public_url, scope["scheme"], _text(headers.get(b"host")) or "",
                         scope.get("server"), _text(headers.get(b"origin")))
            rate = await admit(self._admission, principal, request_id, "plain")  # every request, not only tools
            if scope["method"] == "GET":  # no server-sent stream to hold open (the transport allows a 405)
                raise MethodNotAllowed("/mcp answers POST; this service opens no server-sent event stream",
                                       ["POST"])
            body = await _body(receive, headers, self._settings.max_body_bytes)
        except Problem as problem:
            await _answer(send, problem.status, PROBLEM_TYPE, problem_document(problem, request_id).wire(),
                          {**problem.headers(), **stamp(request_id, rate)})
            return
        await self._serving.wait()
        assert self._manager is not None
        gone = scope["capture.client_gone"] = trio.Event()  # what _in_process's capture listens to
        given = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            await gone.wait()
            return {"type": "http.disconnect"}

        async def stamped(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *(
                    (name.encode(), value.encode()) for name, value in stamp(request_id, rate).items())]}
            await send(message)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(_watch_disconnect, receive, gone)
            await self._manager.handle_request(scope, replay, stamped)
            nursery.cancel_scope.cancel()

    async def _in_process(self, ctx: ServerRequestContext[Any], method: str, path: str,
                          body: dict[str, Any] | None) -> Answer:
        """The app's answer to one API request made in-process with the MCP request's key and address.

        If the MCP caller goes away meanwhile, the API request sees its client gone (the capture stops, and a
        result made is a failed delivery, never billed); an answer over mcp_inline_bytes is refused as
        result_too_large before it is held, not base64-encoded into a tool result (mcp_inline_bytes)."""
        if ctx.request is None:
            raise ValueError("the capture tools answer over HTTP only")
        caller = ctx.request.scope
        gone: trio.Event = caller.get("capture.client_gone", trio.Event())
        payload = orjson.dumps(body) if body is not None else b""
        headers = [(name, value) for name, value in caller["headers"] if name in PASSED_HEADERS]
        if body is not None:
            headers += [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
        path, _, query = path.partition("?")  # a tool's query (list_monitor_runs' limit and before)
        scope = {**caller, "method": method, "path": path, "raw_path": path.encode(), "query_string": query.encode(),
                 "headers": headers}
        answered = trio.Event()
        sent: list[bool] = []
        start: dict[str, Any] = {}
        chunks: list[bytes] = []
        held = 0

        async def receive() -> dict[str, Any]:
            if not sent:
                sent.append(True)
                return {"type": "http.request", "body": payload, "more_body": False}
            async with trio.open_nursery() as either:  # the answer, or the MCP caller gone
                either.start_soon(_set_after, answered, either.cancel_scope)
                either.start_soon(_set_after, gone, either.cancel_scope)
            return {"type": "http.disconnect"}

        async def respond(message: MutableMapping[str, Any]) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                if gone.is_set():
                    raise ClientGone("the MCP caller went away")  # not handed over: a failed delivery
                held += len(message.get("body", b""))
                if held > self._settings.mcp_inline_bytes:
                    raise ResultOverInline()
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    answered.set()

        try:
            await self.app(scope, receive, respond)
        except Exception:
            if held <= self._settings.mcp_inline_bytes:
                raise
            problem = ResultTooLarge(f"the result is over {self._settings.mcp_inline_bytes} bytes, more than a tool "
                                     f"result carries (mcp_inline_bytes); use create_job and its resultUrl")
            return problem.status, {"content-type": PROBLEM_TYPE}, problem_document(problem, new_id("req")).wire()
        answered.set()
        answer = {name.decode("latin-1"): value.decode("latin-1") for name, value in start.get("headers", [])}
        return start.get("status", 500), answer, b"".join(chunks)


class ClientGone(Exception):
    """The MCP caller went away before its answer."""


class ResultOverInline(Exception):
    """An answer larger than a tool result carries (mcp_inline_bytes)."""


def check_origin(public_url: str, scheme: str, host: str, server: Any, origin: str | None) -> None:
    """DNS rebinding and cross-site pages: a browser's Origin must be this service's own (`public_url`, else
    the Host it was asked at), and with `public_url` set the Host must be its host (or an address, which no
    rebinding can name); Forbidden otherwise."""
    own = public_url.rstrip("/") or host_url(scheme, host, server)
    if origin is not None and origin.rstrip("/").lower() != own.lower():
        raise Forbidden(f"/mcp does not answer pages of {origin[:200]}")
    if public_url and host:
        public = urlsplit(public_url)
        if host.startswith("["):  # [v6] or [v6]:port
            name = host[1:].split("]", 1)[0]
        else:
            name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
        if host.lower() not in {public.netloc.lower(), (public.hostname or "").lower()} and ip_literal(name) is None:
            raise Forbidden(f"/mcp answers at {public.netloc}, not {host[:200]}")


async def _set_after(event: trio.Event, scope: trio.CancelScope) -> None:
    await event.wait()
    scope.cancel()


async def _watch_disconnect(receive: Receive, gone: trio.Event) -> None:
    """Set `gone` once the MCP request's client disconnects (the body was read before: only that is left)."""
    while (await receive())["type"] != "http.disconnect":
        pass
    gone.set()


async def _body(receive: Receive, headers: dict[bytes, bytes], limit: int) -> bytes:
    """The whole request body, at most `limit` bytes (the API's max_body_bytes), or PayloadTooLarge."""
    declared = _text(headers.get(b"content-length"))
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise PayloadTooLarge(f"the body is {declared} bytes, more than {limit} (max_body_bytes)")
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise PayloadTooLarge(f"the body is over {limit} bytes (max_body_bytes)")
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def _answer(send: Send, status: int, kind: str, body: bytes, extra: dict[str, str]) -> None:
    headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
               *((name.encode(), value.encode()) for name, value in extra.items())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _text(value: bytes | None) -> str | None:
    return value.decode("latin-1") if value is not None else None
