"""`run.py mcp`: the capture tools over stdio, for desktop agent clients that start their MCP servers as
commands. It is a client of a running service: each tool is the same API request `/mcp` makes in-process,
sent over HTTP to `--url` with the key from CAPTURE_API_KEY (never an argument: arguments are visible to
every user of the host). The service decides everything (quota, rates, entitlements, destinations)."""

from __future__ import annotations

from typing import Any

import httpx
from mcp.server.context import ServerRequestContext
from mcp.server.stdio import stdio_server

from api.mcp.tools import Answer, tool_server

TIMEOUT_S = 180.0  # a capture may take its own timeoutMs, and may wait for a free browser first


async def serve_stdio(url: str, key: str) -> None:
    """Answer MCP messages on stdin and stdout until stdin closes."""
    async with httpx.AsyncClient(base_url=url.rstrip("/"), headers={"x-api-key": key}, timeout=TIMEOUT_S) as http:

        async def over_http(ctx: ServerRequestContext[Any], method: str, path: str,
                            body: dict[str, Any] | None) -> Answer:
            answer = await http.request(method, path, json=body)
            return answer.status_code, dict(answer.headers), answer.content

        server = tool_server(over_http)
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
