"""Clients people already use (issue 38): the Python client `openapi-python-client` generates from the served
OpenAPI document, calling every route of the document against the running service."""

from __future__ import annotations

import importlib
import io
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qs, urlsplit

import orjson
import pytest

from engine.records import render_links
from tests.conftest import Service
from tests.fixture_site import FixtureServer

BIN = Path(sys.executable).parent
TYPES = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp", "pdf": "application/pdf",
         "html": "text/html", "webm": "video/webm"}
MAGIC = {"png": b"\x89PNG", "jpeg": b"\xff\xd8\xff", "pdf": b"%PDF-", "webm": b"\x1a\x45\xdf\xa3"}


@pytest.fixture(scope="module")
def generated(service: Service, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The client generated from the document the service serves, as a user would make it."""
    where = tmp_path_factory.mktemp("generated")
    (where / "openapi.json").write_bytes(service.client.get("/api/openapi.json").content)
    done = subprocess.run([str(BIN / "openapi-python-client"), "generate", "--path", "openapi.json",
                           "--meta", "none", "--output-path", "capture_client"],
                          cwd=where, env={**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}"},
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr  # nothing skipped
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("capture_client")
    finally:
        sys.path.remove(str(where))
        for name in [name for name in sys.modules if name.startswith("capture_client")]:
            del sys.modules[name]


def _op(name: str) -> Any:
    return importlib.import_module(f"capture_client.api.default.{name}")


def _model(name: str) -> Any:
    return getattr(importlib.import_module("capture_client.models"), name)


@pytest.fixture
def connect(generated: ModuleType, service: Service) -> Iterator[Any]:
    """Clients of the generated package for this service, with a key or without; closed after the test."""
    opened: list[Any] = []

    def connect(key: str | None) -> Any:
        timeout = generated.client.httpx.Timeout(90)
        client = (generated.Client(base_url=service.url, timeout=timeout) if key is None else
                  generated.AuthenticatedClient(base_url=service.url, token=key, prefix="",
                                                auth_header_name="x-api-key", timeout=timeout))
        opened.append(client.__enter__())
        return client
    yield connect
    for client in opened:
        client.__exit__(None, None, None)


def test_the_generated_client_captures_every_format_as_bytes(connect: Any, service: Service,
                                                             site: FixtureServer) -> None:
    client = connect(service.workspace("pro").key)
    request, formats = _model("CaptureRequest"), _model("CaptureRequestFormat")
    for name in ("png", "jpeg", "webp", "pdf", "html", "webm"):
        extra: dict[str, Any] = {"video": _model("Video")(duration_ms=1000, fps=10)} if name == "webm" else {}
        answer = _op("screenshot").sync_detailed(
            client=client, body=request(url=f"{site.base}/simple?client={name}", format_=formats(name), **extra))
        assert answer.status_code == 200, answer.content[:300]
        body = answer.parsed.payload.read()
        assert isinstance(body, bytes)
        if name == "webp":
            assert body[:4] == b"RIFF"
            assert body[8:12] == b"WEBP"
        elif name == "html":
            assert b"<html" in body.lower()
        else:
            assert body.startswith(MAGIC[name]), (name, body[:16])
        assert answer.headers["content-type"].split(";")[0] == TYPES[name]

    reported = _op("screenshot").sync_detailed(client=client, body=request(
        url=f"{site.base}/simple?client=json", response_type=_model("CaptureRequestResponsetype")("json")))
    assert reported.status_code == 200
    report = _model("CaptureReport").from_dict(orjson.loads(reported.parsed.payload.read()))
    assert report.content_type == "image/png"
    assert report.bytes_ > 0
    assert report.status == 200
    assert report.result_url.startswith(service.url)

    refused = _op("screenshot").sync_detailed(client=client, body=request(url="http://127.0.0.1:1/"))
    assert refused.status_code == 422
    assert refused.parsed.code.value == "destination_forbidden"  # the problem document, as a model


def test_the_generated_client_runs_jobs_batches_and_downloads(connect: Any, service: Service,
                                                              site: FixtureServer) -> None:
    client = connect(service.workspace("pro").key)
    request = _model("CaptureRequest")
    accepted = _op("create_job").sync_detailed(client=client, body=request(url=f"{site.base}/simple?client=job"))
    assert accepted.status_code == 202, accepted.content
    job = _wait(client, accepted.parsed.id)
    assert job.status.value == "SUCCEEDED"
    link = urlsplit(job.result_url)
    query = {name: values[0] for name, values in parse_qs(link.query).items()}
    download = _op("get_result").sync_detailed(job.id, client=client, expires=query["expires"], sig=query["sig"])
    assert download.status_code == 200
    assert download.parsed.payload.read().startswith(MAGIC["png"])

    batch = _op("create_batch").sync_detailed(client=client, body=_model("BatchRequest")(captures=[
        request(url=f"{site.base}/simple?client=batch{n}") for n in range(2)]))
    assert batch.status_code == 202, batch.content
    assert len(batch.parsed.jobs) == 2
    for item in batch.parsed.jobs:
        assert _wait(client, item.id).status.value == "SUCCEEDED"

    gate = site.gate()  # the job's page waits there: it is running when cancelled
    held = _op("create_job").sync_detailed(client=client, body=request(url=f"{site.base}/after-dom?gate={gate.name}"))
    site.wait_for_request(f"/gate?name={gate.name}", more_than=0)
    cancelled = _op("cancel_job").sync_detailed(held.parsed.id, client=client)
    gate.open()
    assert cancelled.status_code == 202, cancelled.content
    assert cancelled.parsed.id == held.parsed.id
    assert cancelled.parsed.cancel_requested
    assert _wait(client, held.parsed.id).status.value == "CANCELLED"

    usage = _op("usage").sync_detailed(client=client)
    assert usage.status_code == 200
    assert usage.parsed.quota.used >= 3
    analytics = _op("analytics").sync_detailed(client=client)
    assert analytics.status_code == 200
    assert sum(row.captures for row in analytics.parsed.rows) >= 3
    assert _op("regions").sync_detailed(client=client).status_code == 200
    assert _op("healthz").sync_detailed(client=client).status_code == 200
    assert _op("readyz").sync_detailed(client=client).status_code == 200


def _wait(client: Any, job_id: str, wait_s: float = 60) -> Any:
    deadline = time.monotonic() + wait_s
    while True:
        answer = _op("get_job").sync_detailed(job_id, client=client)
        assert answer.status_code == 200, answer.content
        if answer.parsed.status.value in ("SUCCEEDED", "FAILED", "CANCELLED") or time.monotonic() > deadline:
            return answer.parsed
        time.sleep(0.2)


def test_the_generated_client_manages_webhooks_and_follows_render_links(connect: Any, service: Service,
                                                                        site: FixtureServer) -> None:
    ws = service.workspace("pro")
    client = connect(ws.key)
    created = _op("create_webhook").sync_detailed(client=client, body=_model("EndpointCreate")(
        url=f"{site.base}/hook-a"))
    assert created.status_code == 201, created.content
    endpoint = created.parsed
    assert endpoint.secret.startswith("whsec_")
    listed = _op("list_webhooks").sync_detailed(client=client)
    assert [e.id for e in listed.parsed.webhooks] == [endpoint.id]
    assert _op("get_webhook").sync_detailed(endpoint.id, client=client).parsed.url.endswith("/hook-a")
    changed = _op("change_webhook").sync_detailed(endpoint.id, client=client, body=_model("EndpointChange")(
        url=f"{site.base}/hook-b"))
    assert changed.status_code == 200
    assert changed.parsed.url.endswith("/hook-b")
    tested = _op("test_webhook").sync_detailed(endpoint.id, client=client)
    assert tested.status_code == 202, tested.content
    assert tested.parsed.type_ == "webhook.test"
    rotated = _op("rotate_webhook_secret").sync_detailed(endpoint.id, client=client)
    assert rotated.status_code == 200
    assert rotated.parsed.secret != endpoint.secret
    assert _op("delete_webhook").sync_detailed(endpoint.id, client=client).status_code == 204
    assert _op("list_webhooks").sync_detailed(client=client).parsed.webhooks == []

    [key] = service.control("key.create", {"workspace": ws.id, "name": "links"})
    page = f"{site.base}/simple?client=link"
    signature = render_links.sign(key["signingSecret"], [("url", page), ("format", "png")])
    linked = _op("render_link").sync_detailed(key["id"], signature, _model("RenderLinkFormat")("png"),
                                              client=connect(None),
                                              url_query=page, format_query="png")  # signed with the url
    assert linked.status_code == 200, linked.content
    assert linked.parsed.payload.read().startswith(MAGIC["png"])
    document = _op("openapi").sync_detailed(client=client)
    assert document.status_code == 200
    assert io.BytesIO(document.content).read(1) == b"{"


def test_the_generated_client_manages_monitors_and_reads_their_runs(connect: Any, service: Service,
                                                                   site: FixtureServer) -> None:
    """Issue 57: the monitors' routes through the generated client, a run's result downloaded by its URL."""
    ws = service.workspace("business")
    client = connect(ws.key)
    created = _op("create_monitor").sync_detailed(client=client, body=_model("MonitorCreate").from_dict({
        "name": "client", "capture": {"url": f"{site.base}/simple?client=monitor"}, "every": "1h"}))
    assert created.status_code == 201, created.content
    monitor = created.parsed
    assert [m.id for m in _op("list_monitors").sync_detailed(client=client).parsed.monitors] == [monitor.id]
    changed = _op("change_monitor").sync_detailed(monitor.id, client=client, body=_model("MonitorChange").from_dict(
        {"paused": True}))
    assert (changed.status_code, changed.parsed.paused) == (200, True)
    run = _op("run_monitor").sync_detailed(monitor.id, client=client)
    assert (run.status_code, run.parsed.status) == (202, "QUEUED"), run.content
    ws.monitor_runs(monitor.id, ended=len(ws.get(f"/api/monitors/{monitor.id}/runs").json()["runs"]))  # all ended
    runs = _op("list_monitor_runs").sync_detailed(monitor.id, client=client, limit=5).parsed.runs
    done = [r for r in runs if r.id == run.parsed.id and r.status == "SUCCEEDED"]
    assert done, runs
    query = {k: v[0] for k, v in parse_qs(urlsplit(done[0].result_url).query).items()}
    download = _op("get_result").sync_detailed(run.parsed.id, client=connect(None), expires=query["expires"],
                                               sig=query["sig"])
    assert download.status_code == 200
    assert _op("get_monitor").sync_detailed(monitor.id, client=client).parsed.last_run.id in {r.id for r in runs}
    assert _op("delete_monitor").sync_detailed(monitor.id, client=client).status_code == 204


TYPESCRIPT = Path(__file__).resolve().parent / "typescript"  # package.json pins the tools; bootstrap runs npm ci
NODE_BIN = TYPESCRIPT / "node_modules" / ".bin"


def _typescript_project(where: Path, document: bytes, sources: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """openapi-typescript's types of `document`, then one tsc --strict over `sources` beside them (it emits
    what it can even where another file has errors)."""
    (where / "package.json").write_bytes((TYPESCRIPT / "package.json").read_bytes())
    config = orjson.loads((TYPESCRIPT / "tsconfig.json").read_bytes())
    (where / "tsconfig.json").write_bytes(orjson.dumps({**config, "files": [*sources, "schema.d.ts"]}))
    for name, text in sources.items():
        (where / name).write_text(text)
    (where / "node_modules").symlink_to(TYPESCRIPT / "node_modules")
    (where / "openapi.json").write_bytes(document)
    subprocess.run([str(NODE_BIN / "openapi-typescript"), "openapi.json", "--default-non-nullable", "false",
                    "-o", "schema.d.ts"], cwd=where, check=True, capture_output=True, timeout=120)
    return subprocess.run([str(NODE_BIN / "tsc"), "-p", "."], cwd=where, capture_output=True, text=True, timeout=180)


def test_the_typescript_types_check_and_their_client_runs(service: Service, site: FixtureServer,
                                                          tmp_path: Path) -> None:
    assert (NODE_BIN / "tsc").exists(), "./bootstrap.sh test installs tests/typescript with npm ci"
    document = service.client.get("/api/openapi.json").content
    source = (TYPESCRIPT / "client.ts").read_text()
    checked = _typescript_project(tmp_path, document, {"client.ts": source,
                                                       "typo.ts": source.replace("quota.used", "quota.usd")})
    errors = [line for line in checked.stdout.splitlines() if ": error TS" in line]
    assert errors, checked.stdout  # the types are real: a field the document lacks does not compile
    assert all(line.startswith("typo.ts(") for line in errors), checked.stdout  # and the client does
    assert any("usd" in line for line in errors)

    ws = service.workspace("pro")
    ran = subprocess.run(["node", "out/client.js", service.url, ws.key, f"{site.base}/simple?client=typescript"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    got = orjson.loads(ran.stdout)
    assert got["riff"] == "RIFF"
    assert got["contentType"] == "image/webp"
    assert got["reportType"] == "image/png"
    assert got["jobStatus"] == "SUCCEEDED"
    assert got["resultUrl"].startswith(service.url)
    assert got["used"] == 3
    assert got["refusedStatus"] == 422
    assert got["refusedCode"] == "destination_forbidden"
