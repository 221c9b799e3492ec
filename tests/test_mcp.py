"""`/mcp` (issue 38): the Model Context Protocol over streamable HTTP, driven by the protocol's own SDK client:
the tools listed, a capture returned as an image whose PNG decodes, jobs and usage, and every refusal the
API's own (no key, a plan without the feature, a forbidden destination) as the API answers it."""

from __future__ import annotations

import base64
import io
import socket
import sys
from typing import Any
from urllib.parse import urlsplit

import httpx
import httpx2
import mcp_types as types
import orjson
import pytest
import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from PIL import Image

from api.mcp.endpoint import check_origin
from engine.rules.errors import Forbidden
from tests.conftest import ROOT, Service, Workspace, running_service
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
    assert sorted(tool.name for tool in listed.tools) == ["capture", "create_job", "create_monitor", "get_job",
                                                          "get_usage", "list_monitor_runs"]
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


def test_a_monitor_is_created_through_its_tool(service: Service, site: FixtureServer) -> None:
    """Issue 57: create_monitor is POST /api/monitors, its capture described by the capture's own schema."""
    ws, free = service.workspace("pro"), service.workspace("free")
    asked = {"capture": {"url": f"{site.base}/simple?mcp=monitor", "viewport": {"width": 800}}, "every": "1h"}
    [listed, created] = _calls(service, ws.key, ("tools", {}), ("create_monitor", asked))
    schema = next(t for t in listed.tools if t.name == "create_monitor").input_schema
    assert schema["properties"]["capture"]["properties"]["viewport"]["anyOf"][0]["$ref"] in {
        f"#/$defs/{name}" for name in schema["$defs"]}  # its references resolve in the tool's own schema
    assert not created.is_error
    assert created.structured_content["id"].startswith("mon_")
    monitor = created.structured_content["id"]
    assert ws.get(f"/api/monitors/{monitor}").json()["every"] == "1h"
    ws.monitor_runs(monitor, ended=1)  # the workspace's first monitor runs at once
    [history, page] = _calls(service, ws.key, ("list_monitor_runs", {"id": monitor}),
                             ("list_monitor_runs", {"id": monitor, "limit": 1, "before": "run_x"}))
    [run] = history.structured_content["runs"]
    assert (run["status"], run["changed"]) == ("SUCCEEDED", False)
    assert page.is_error, page.structured_content
    assert page.structured_content["errors"][0]["field"] == "before", page.structured_content
    [refused] = _calls(service, free.key, ("create_monitor", asked))
    assert refused.is_error
    assert refused.structured_content["code"] == "feature_not_entitled"


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
    assert len(listed.tools) == 6  # capture, create_job, get_job, create_monitor, list_monitor_runs, get_usage
    image = captured.content[0]
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/jpeg"
    assert base64.b64decode(image.data).startswith(b"\xff\xd8\xff")
    assert usage.structured_content["quota"]["used"] == 1


# ------------------------------------------------------------------ issue 52, items 4 and 14: /mcp's walls

RPC_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def _rpc(service: Service, key: str, method: str, params: dict[str, Any] | None = None,
         **headers: str) -> httpx.Response:
    """One JSON-RPC request to /mcp as a client without the SDK sends it (the transport is stateless)."""
    body = {"jsonrpc": "2.0", "id": 1, "method": method, **({"params": params} if params is not None else {})}
    return service.client.post("/mcp", json=body, headers={**RPC_HEADERS, "x-api-key": key, **headers})


def test_every_mcp_request_takes_from_the_keys_budget(service: Service) -> None:
    ws = service.workspace("free")  # 10 requests a minute
    answers = [_rpc(service, ws.key, method) for method in ["tools/list", "ping"] * 7]
    statuses = [answer.status_code for answer in answers]
    assert statuses[:10] == [200] * 10, statuses
    assert set(statuses[10:]) == {429}, statuses
    refused = answers[-1]
    assert refused.json()["code"] == "rate_limited"
    assert int(refused.headers["retry-after"]) >= 1
    assert "ratelimit-remaining" in answers[0].headers
    assert answers[0].headers["x-request-id"].startswith("req_")


def test_mcp_holds_no_stream_and_reads_no_body_past_the_apis_limit(service: Service) -> None:
    ws = service.workspace("pro")
    stream = service.client.get("/mcp", headers={"accept": "text/event-stream", "x-api-key": ws.key}, timeout=5)
    assert stream.status_code == 405, stream.text
    assert stream.json()["code"] == "method_not_allowed"
    assert "POST" in stream.headers["allow"]
    limit = int(service.env.get("CAPTURE_MAX_BODY_BYTES", 5 * 1024 * 1024))
    padded = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"pad": "x" * (limit + 1)}}
    too_large = service.client.post("/mcp", json=padded, headers={**RPC_HEADERS, "x-api-key": ws.key})
    assert too_large.status_code == 413, too_large.text
    assert too_large.json()["code"] == "payload_too_large"


def test_a_page_of_another_origin_cannot_call_mcp(service: Service) -> None:
    ws = service.workspace("pro")
    foreign = _rpc(service, ws.key, "tools/list", origin="http://rebound.test")
    assert foreign.status_code == 403, foreign.text
    assert foreign.json()["code"] == "forbidden"
    assert _rpc(service, ws.key, "tools/list", origin=service.url).status_code == 200


def test_an_mcp_capture_whose_caller_went_away_is_stopped_and_free(service: Service, site: FixtureServer) -> None:
    ws = service.workspace("pro")
    hangs = site.count("/hang")
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "capture", "arguments": {"url": f"{site.base}/never-loads", "timeoutMs": 30000}}}
    body = orjson.dumps(call)
    target = urlsplit(service.url)
    with socket.create_connection((target.hostname, target.port), timeout=10) as sock:
        sock.sendall(b"POST /mcp HTTP/1.1\r\nhost: " + target.netloc.encode() + b"\r\ncontent-type: application/json"
                     b"\r\naccept: application/json, text/event-stream\r\n"
                     + f"x-api-key: {ws.key}\r\ncontent-length: {len(body)}\r\n\r\n".encode() + body)
        site.wait_for_request("/hang", more_than=hangs)
    # well before the capture's own 30 s: stopped as a failed delivery, no quota
    [ended] = ws.settled(1, wait_s=15)
    assert (ended["type"], ended["outcome"], ended["stage"]) == ("capture.failed", "delivery_failed", "delivery")
    rows = {row["outcome"]: row for row in ws.get("/api/analytics", groupBy="outcome").json()["rows"]}
    assert set(rows) == {"delivery_failed"}, rows
    assert ws.get("/api/usage").json()["quota"]["used"] == 0


def test_an_answer_over_the_inline_limit_is_refused_unbilled_not_held(tmp_path_factory: pytest.TempPathFactory,
                                                                     site: FixtureServer) -> None:
    """Issue 52 item 14: a capture too large for a tool result is result_too_large and costs nothing (a 50 MB
    capture was held as a 70 MB base64 string); the same capture is made as a job."""
    with running_service(tmp_path_factory.mktemp("mcp-inline") / "data", site,
                         CAPTURE_MCP_INLINE_BYTES="20000") as service:
        ws = service.workspace("pro")
        page = {"url": f"{site.base}/simple?mcp=inline", "viewport": {"width": 1200, "height": 900}}
        [over, small] = _calls(service, ws.key, ("capture", page),
                               ("capture", {**page, "viewport": {"width": 320, "height": 200}, "format": "jpeg",
                                            "quality": 10}))
        assert over.is_error
        assert over.structured_content["code"] == "result_too_large"
        assert not small.is_error
        assert ws.quota(at_least_used=1)["used"] == 1  # the small one only
        rows = {row["outcome"]: row for row in ws.get("/api/analytics", groupBy="outcome").json()["rows"]}
        assert rows["delivery_failed"]["captures"] == 1, rows


@pytest.mark.parametrize(("public_url", "host", "origin", "allowed"), [
    ("", "127.0.0.1:8080", None, True),
    ("", "127.0.0.1:8080", "http://127.0.0.1:8080", True),
    ("", "127.0.0.1:8080", "http://rebound.test", False),
    ("https://capture.example.com", "capture.example.com", "https://capture.example.com", True),
    ("https://capture.example.com", "capture.example.com", None, True),
    ("https://capture.example.com", "rebound.test", None, False),  # a name pointed at this host: rebinding
    ("https://capture.example.com", "rebound.test:8080", None, False),
    ("https://capture.example.com", "10.0.0.5:8080", None, True),  # a proxy that does not keep the Host
    ("https://capture.example.com", "[fd00::5]:8080", None, True),
    ("https://capture.example.com", "capture.example.com", "https://evil.test", False),
])
def test_mcp_answers_its_own_host_and_origin_only(public_url: str, host: str, origin: str | None,
                                                  allowed: bool) -> None:
    if allowed:
        check_origin(public_url, "http", host, ("127.0.0.1", 8080), origin)
    else:
        with pytest.raises(Forbidden):
            check_origin(public_url, "http", host, ("127.0.0.1", 8080), origin)
