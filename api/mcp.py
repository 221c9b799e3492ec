"""`/mcp`: the Model Context Protocol (streamable HTTP) for agents, on the protocol's own SDK (`mcp`).

The SDK's session manager (stateless, JSON answers) runs in the service's own trio loop (through anyio), in
front of the app as ASGI middleware. A request without a valid API key is refused as the API refuses it
(401 problem document), before the protocol sees it. Each tool is the API route it names, called in-process
through the app with the caller's key: the same authentication, rate budget, quota, entitlements,
validation and destination rules, the same events and analytics, and the same problem document on a
refusal, which the tool returns as its error result (`isError`, the document as text and as structured
content).
"""

from __future__ import annotations

import base64
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote

import mcp_types as types
import orjson
import trio
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from api.pipeline import Services, api_key, authenticate
from api.problems import PROBLEM_TYPE, problem_document
from engine.records.keys import new_id
from engine.rules.errors import Problem
from engine.rules.request import CaptureRequest

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[..., Awaitable[None]]
PATH = "/mcp"
CAPTURE_SCHEMA = CaptureRequest.model_json_schema(mode="validation")  # refs under its own $defs: self-contained
JOB_ID_SCHEMA = {"type": "object", "required": ["id"], "additionalProperties": False,
                 "properties": {"id": {"type": "string", "description": "job_…, from create_job"}}}
TOOLS = [
    types.Tool(name="capture", title="Capture a web page", input_schema=CAPTURE_SCHEMA,
               description="Render a URL (or HTML) with Chromium and return the capture: an image for png, jpeg "
               "and webp, an embedded resource for pdf, html and webm, the capture's metadata as JSON with "
               "responseType json. The request is POST /api/screenshot's body; it spends one capture of the "
               "monthly quota when it succeeds.",
               annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=True)),
    types.Tool(name="create_job", title="Queue a capture as a durable job", input_schema=CAPTURE_SCHEMA,
               description="Queue the capture (POST /api/jobs); answers the job's id and status URL at once. "
               "Poll it with get_job.", annotations=types.ToolAnnotations(open_world_hint=True)),
    types.Tool(name="get_job", title="A job's status", input_schema=JOB_ID_SCHEMA,
               description="The job (GET /api/jobs/{id}): status, and once SUCCEEDED a signed, expiring resultUrl.",
               annotations=types.ToolAnnotations(read_only_hint=True)),
    types.Tool(name="get_usage", title="Quota used this month",
               input_schema={"type": "object", "properties": {}, "additionalProperties": False},
               description="The workspace's plan and monthly quota (GET /api/usage).",
               annotations=types.ToolAnnotations(read_only_hint=True)),
]
# What of the MCP request its in-process API request carries: the key, the host, and what a trusted proxy said
# of the client (api/pipeline reads it only from the proxies trusted_proxies names).
PASSED_HEADERS = (b"x-api-key", b"authorization", b"host", b"forwarded", b"x-forwarded-for", b"x-forwarded-proto",
                  b"x-forwarded-host")


Answer = tuple[int, dict[str, str], bytes]  # status, headers (lowercase names), body
# One API request of a tool: (the protocol's request context, method, path, JSON body or None) → the answer.
Caller = Callable[[ServerRequestContext[Any], str, str, dict[str, Any] | None], Awaitable[Answer]]


def tool_server(call: Caller) -> Server[Any]:
    """The protocol server with the capture tools, each the API route it names, sent through `call`."""

    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None,
                         ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = dict(params.arguments or {})
        if params.name == "capture":
            return _captured(*await call(ctx, "POST", "/api/screenshot", arguments))
        if params.name == "create_job":
            return _json_result(*await call(ctx, "POST", "/api/jobs", arguments))
        if params.name == "get_job":
            return _json_result(*await call(ctx, "GET", f"/api/jobs/{quote(str(arguments.get('id', '')), safe='')}",
                                            None))
        if params.name == "get_usage":
            return _json_result(*await call(ctx, "GET", "/api/usage", None))
        raise ValueError(f"no tool named {params.name!r}")

    return Server("capture", version="1", title="Web page capture",
                  instructions="Capture web pages as images, PDF, HTML or video with the tools; a refusal is an "
                  "error result carrying the API's problem document.",
                  on_list_tools=list_tools, on_call_tool=call_tool)


class McpEndpoint:
    """ASGI middleware: `/mcp` to the protocol's session manager once the key is known; the rest to the app."""

    def __init__(self, app: ASGIApp, services: Services) -> None:
        self.app = app
        self._keys = services.keys
        self._manager = StreamableHTTPSessionManager(app=tool_server(self._in_process), stateless=True,
                                                     json_response=True)

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The session manager's task group, for as long as the HTTP server runs."""
        async with self._manager.run():
            yield

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


def _captured(status: int, headers: dict[str, str], body: bytes) -> types.CallToolResult:
    """An image as image content, the JSON answer as JSON, other formats as an embedded resource."""
    kind = headers.get("content-type", "").split(";")[0]
    if status != 200 or kind == "application/json":
        return _json_result(status, headers, body)
    about = {name: value for name, value in headers.items() if name.startswith("x-") and name != "x-request-id"}
    content: list[Any] = [types.TextContent(text=orjson.dumps(about).decode())]
    uri = f"capture:///{headers.get('x-capture-id', 'capture')}"
    if kind.startswith("image/"):
        content.insert(0, types.ImageContent(data=base64.b64encode(body).decode(), mime_type=kind))
    elif kind.startswith("text/"):
        content.insert(0, types.EmbeddedResource(resource=types.TextResourceContents(
            uri=uri, mime_type=kind, text=body.decode("utf-8", errors="replace"))))
    else:
        content.insert(0, types.EmbeddedResource(resource=types.BlobResourceContents(
            uri=uri, mime_type=kind, blob=base64.b64encode(body).decode())))
    return types.CallToolResult(content=content)


def _json_result(status: int, headers: dict[str, str], body: bytes) -> types.CallToolResult:
    """A JSON answer as text and structured content; a refusal (its problem document) as an error result."""
    try:
        document = orjson.loads(body)
    except orjson.JSONDecodeError:
        document = {"status": status, "detail": body.decode("utf-8", errors="replace")}
    return types.CallToolResult(content=[types.TextContent(text=orjson.dumps(document).decode())],
                                structured_content=document if isinstance(document, dict) else None,
                                is_error=status >= 400)


async def _answer(send: Send, status: int, kind: str, body: bytes, extra: dict[str, str]) -> None:
    headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
               *((name.encode(), value.encode()) for name, value in extra.items())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _text(value: bytes | None) -> str | None:
    return value.decode("latin-1") if value is not None else None
