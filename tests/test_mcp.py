"""`/mcp` (issue 38): the Model Context Protocol over streamable HTTP, driven by the protocol's own SDK client:
the tools listed, a capture returned as an image whose PNG decodes, jobs and usage, and every refusal the
API's own (no key, a plan without the feature, a forbidden destination) as the API answers it."""

from __future__ import annotations

import base64
import io
import sys
from typing import Any

import httpx
import httpx2
import mcp_types as types
import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from PIL import Image

from tests.conftest import ROOT, Service, Workspace
from tests.fixture_site import FixtureServer


async def _session(service: Service, key: str, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Each call's result, through one MCP client connected with `key`; "tools" lists the tools."""
    answers: list[Any] = []
    async with httpx2.AsyncClient(headers={"x-api-key": key}, timeout=90) as http, \
            Client(streamable_http_client(f"{service.url}/mcp", http_client=http)) as client:
        for name, arguments in calls:
            answers.append(await client.list_tools() if name == "tools" else await client.call_tool(name, arguments))
    return answers


def _calls(service: Service, key: str, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    return trio.run(_session, service, key, list(calls))


def test_an_agent_lists_the_tools_and_captures_an_image(pro: Workspace, site: FixtureServer) -> None:
    listed, captured, described, usage = _calls(
        pro.service, pro.key, ("tools", {}),
        ("capture", {"url": f"{site.base}/simple?mcp=1", "viewport": {"width": 640, "height": 480}}),
        ("capture", {"url": f"{site.base}/simple?mcp=2", "responseType": "json"}),
        ("get_usage", {}))
    assert sorted(tool.name for tool in listed.tools) == ["capture", "create_job", "get_job", "get_usage"]
    assert "url" in next(t for t in listed.tools if t.name == "capture").input_schema["properties"]

    assert not captured.is_error
    image = captured.content[0]
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/png"
    with Image.open(io.BytesIO(base64.b64decode(image.data))) as decoded:
        assert decoded.size == (640, 480)
    assert not described.is_error
    assert described.structured_content["contentType"] == "image/png"
    assert usage.structured_content["quota"]["used"] == 2  # the same quota as the API


def test_jobs_run_through_the_tools(pro: Workspace, site: FixtureServer) -> None:
    [created] = _calls(pro.service, pro.key, ("create_job", {"url": f"{site.base}/simple?mcp=job"}))
    assert not created.is_error
    job_id = created.structured_content["id"]
    job = pro.finished_job(job_id)
    assert job["status"] == "SUCCEEDED"
    [read] = _calls(pro.service, pro.key, ("get_job", {"id": job_id}))
    assert read.structured_content["status"] == "SUCCEEDED"
    assert read.structured_content["resultUrl"].split("?")[0] == job["resultUrl"].split("?")[0]


def test_refusals_are_the_apis_own(free: Workspace, site: FixtureServer) -> None:
    service = free.service
    entitled, forbidden, missing = _calls(
        service, free.key, ("capture", {"url": f"{site.base}/simple?mcp=pdf", "format": "pdf"}),
        ("capture", {"url": "http://127.0.0.1:1/"}), ("get_job", {"id": "job_0000000000000000000000"}))
    on_the_api = free.capture(url=f"{site.base}/simple?mcp=pdf", format="pdf")
    assert on_the_api.status_code == 403
    assert entitled.is_error
    assert entitled.structured_content["code"] == on_the_api.json()["code"] == "feature_not_entitled"
    assert entitled.structured_content["feature"] == on_the_api.json()["feature"] == "pdfOutput"
    assert forbidden.is_error
    assert forbidden.structured_content["code"] == "destination_forbidden"
    assert missing.is_error
    assert missing.structured_content["status"] == 404

    unknown = httpx.post(f"{service.url}/mcp", headers={"x-api-key": "cap_unknown"},
                         json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert unknown.status_code == 401
    assert unknown.json()["code"] == "unauthenticated"
    assert free.quota()["used"] == 0  # refusals cost nothing


def test_run_py_mcp_serves_the_tools_on_stdio(pro: Workspace, site: FixtureServer) -> None:
    """`run.py mcp`, as a desktop agent starts it: the same tools, sent to the service over HTTP."""
    command = StdioServerParameters(command=sys.executable,
                                    args=[str(ROOT / "run.py"), "mcp", "--url", pro.service.url],
                                    env={**pro.service.env, "CAPTURE_API_KEY": pro.key}, cwd=str(ROOT))

    async def run() -> list[Any]:
        async with Client(command) as client:
            return [await client.list_tools(),
                    await client.call_tool("capture", {"url": f"{site.base}/simple?mcp=stdio", "format": "jpeg"}),
                    await client.call_tool("get_usage", {})]
    listed, captured, usage = trio.run(run)
    assert len(listed.tools) == 4
    image = captured.content[0]
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/jpeg"
    assert base64.b64decode(image.data).startswith(b"\xff\xd8\xff")
    assert usage.structured_content["quota"]["used"] == 1
