"""The capture tools of the Model Context Protocol on the protocol's own SDK (`mcp`): the server that lists
them and answers a call through the API route each names (`/mcp` in api/mcp/endpoint.py, stdio in api/mcp/stdio.py).

Imported once the service serves (api/mcp/endpoint.py): the SDK and its protocol models take about a second to load,
which a start should not wait for.
"""

from __future__ import annotations

import base64
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote, urlencode

import mcp_types as types
import orjson
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from engine.rules.monitors import MonitorCreate
from engine.rules.request import CaptureRequest

CAPTURE_SCHEMA = CaptureRequest.model_json_schema(mode="validation")  # refs under its own $defs: self-contained
# A monitor's body with its capture request's own schema in place, their definitions in one place at the root
MONITOR_SCHEMA = MonitorCreate.model_json_schema(mode="validation")
MONITOR_SCHEMA = {**MONITOR_SCHEMA, "$defs": {**CAPTURE_SCHEMA.get("$defs", {}), **MONITOR_SCHEMA.get("$defs", {})},
                  "properties": {**MONITOR_SCHEMA["properties"], "capture": {
                      name: value for name, value in CAPTURE_SCHEMA.items() if name != "$defs"}}}
JOB_ID_SCHEMA = {"type": "object", "required": ["id"], "additionalProperties": False,
                 "properties": {"id": {"type": "string", "description": "job_…, from create_job"}}}
RUNS_SCHEMA = {"type": "object", "required": ["id"], "additionalProperties": False, "properties": {
    "id": {"type": "string", "description": "mon_…, from create_monitor"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20},
    "before": {"type": "string", "description": "run_…: the runs older than it (the last of the previous page)"}}}
TOOLS = [
    types.Tool(name="capture", title="Capture a web page", input_schema=CAPTURE_SCHEMA,
               description="Render a URL (or HTML) with Chromium and return the capture: an image for png, jpeg, "
               "webp and gif, an embedded resource for pdf, html, markdown, webm and mp4, the capture's metadata "
               "as JSON with responseType json. The request is POST /api/screenshot's body; it spends one "
               "capture of the monthly quota when it succeeds.",
               annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=True)),
    types.Tool(name="create_job", title="Queue a capture as a durable job", input_schema=CAPTURE_SCHEMA,
               description="Queue the capture (POST /api/jobs); answers the job's id and status URL at once. "
               "Poll it with get_job.", annotations=types.ToolAnnotations(open_world_hint=True)),
    types.Tool(name="get_job", title="A job's status", input_schema=JOB_ID_SCHEMA,
               description="The job (GET /api/jobs/{id}): status, and once SUCCEEDED a signed, expiring resultUrl.",
               annotations=types.ToolAnnotations(read_only_hint=True)),
    types.Tool(name="create_monitor", title="Capture a page on a schedule", input_schema=MONITOR_SCHEMA,
               description="Create a monitor (POST /api/monitors): the capture request each run takes and how often "
               "(every: \"15m\", \"6h\", \"1d\"); answers the monitor with its id and next run.",
               annotations=types.ToolAnnotations(open_world_hint=True)),
    types.Tool(name="list_monitor_runs", title="A monitor's runs", input_schema=RUNS_SCHEMA,
               description="A monitor's runs, newest first (GET /api/monitors/{id}/runs): each its status, whether "
               "the page changed since the run before, where (regions, in capture pixels) and by how much "
               "(pixelsChanged, percent), the lines of text added and removed, and signed resultUrl and diffUrl.",
               annotations=types.ToolAnnotations(read_only_hint=True)),
    types.Tool(name="get_usage", title="Quota used this month",
               input_schema={"type": "object", "properties": {}, "additionalProperties": False},
               description="The workspace's plan and monthly quota (GET /api/usage).",
               annotations=types.ToolAnnotations(read_only_hint=True)),
]
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
        if params.name == "create_monitor":
            return _json_result(*await call(ctx, "POST", "/api/monitors", arguments))
        if params.name == "list_monitor_runs":
            query = urlencode([(name, arguments[name]) for name in ("limit", "before") if name in arguments])
            path = f"/api/monitors/{quote(str(arguments.get('id', '')), safe='')}/runs"
            return _json_result(*await call(ctx, "GET", f"{path}?{query}" if query else path, None))
        if params.name == "get_usage":
            return _json_result(*await call(ctx, "GET", "/api/usage", None))
        raise ValueError(f"no tool named {params.name!r}")

    return Server("capture", version="1", title="Web page capture",
                  instructions="Capture web pages as images, PDF, HTML or video with the tools; a refusal is an "
                  "error result carrying the API's problem document.",
                  on_list_tools=list_tools, on_call_tool=call_tool)


def session_manager(call: Caller) -> StreamableHTTPSessionManager:
    """The streamable-HTTP session manager of `/mcp`: stateless, JSON answers."""
    return StreamableHTTPSessionManager(app=tool_server(call), stateless=True, json_response=True)


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
