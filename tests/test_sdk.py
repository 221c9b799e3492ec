"""The Python SDK in sdk/python (issue 38), installed as its users install it, against the running service:
captures to bytes and files, jobs with waiting, batches, cancellation, usage, refusals as CaptureError, the
async client on trio, render links the service accepts, and webhook calls verified as the service signs them."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import orjson
import pytest
import trio
from capture_sdk import AsyncCapture, Capture, CaptureError, render_link, verify_webhook
from capture_sdk.client import JobNotFinished
from capture_sdk.links import canonical_query, flatten
from PIL import Image
from standardwebhooks import WebhookVerificationError

from engine.records import render_links, webhooks
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer


def test_captures_jobs_and_refusals(pro: Workspace, site: FixtureServer, tmp_path: Path) -> None:
    with Capture(pro.service.url, pro.key) as capture:
        png = capture.screenshot(url=f"{site.base}/simple?sdk=1", viewport={"width": 500, "height": 300})
        with Image.open(io.BytesIO(png)) as image:
            assert image.size == (500, 300)
        written = capture.screenshot_to_file(tmp_path / "page.pdf", url=f"{site.base}/simple?sdk=2")
        assert written.read_bytes().startswith(b"%PDF-")  # the format from the suffix
        assert capture.report(url=f"{site.base}/simple?sdk=3")["contentType"] == "image/png"

        job = capture.wait(capture.create_job(url=f"{site.base}/simple?sdk=4", format="webp")["id"])
        assert job["status"] == "SUCCEEDED"
        assert capture.download(job)[8:12] == b"WEBP"
        batch = capture.create_batch([{"url": f"{site.base}/simple?sdk=b{n}"} for n in range(3)])
        assert [capture.wait(j["id"])["status"] for j in batch["jobs"]] == ["SUCCEEDED"] * 3

        gate = site.gate()
        held = capture.create_job(url=f"{site.base}/after-dom?gate={gate.name}")
        site.wait_for_request(f"/gate?name={gate.name}", more_than=0)
        with pytest.raises(JobNotFinished):
            capture.wait(held["id"], timeout=0.3, interval=0.1)
        assert capture.cancel_job(held["id"])["cancelRequested"] is True
        gate.open()
        assert capture.wait(held["id"])["status"] == "CANCELLED"

        with pytest.raises(CaptureError) as refused:
            capture.screenshot(url="http://127.0.0.1:1/")
        assert refused.value.status == 422
        assert refused.value.code == "destination_forbidden"
        assert capture.usage()["quota"]["used"] == 7  # 3 captures, 4 jobs; the refusal and the cancel are free


MAGIC = {"png": lambda b: b.startswith(b"\x89PNG"), "jpeg": lambda b: b.startswith(b"\xff\xd8\xff"),
         "webp": lambda b: b[:4] == b"RIFF" and b[8:12] == b"WEBP", "pdf": lambda b: b.startswith(b"%PDF-"),
         "html": lambda b: b"<html" in b[:200].lower(), "markdown": lambda b: b.lstrip().startswith(b"#"),
         "webm": lambda b: b.startswith(b"\x1a\x45\xdf\xa3"), "mp4": lambda b: b[4:8] == b"ftyp",
         "gif": lambda b: b.startswith(b"GIF8")}


def test_a_file_gets_the_format_its_suffix_names_for_every_format_of_the_api(
        pro: Workspace, site: FixtureServer, tmp_path: Path) -> None:
    """Issue 57: the SDK's formats are API.md's `format` row, one list; `screenshot_to_file` asks for each by its
    suffixes (`page.md` had PNG bytes); a suffix of no format is refused before a request is sent."""
    from capture_sdk.client import FORMATS

    row = next(line for line in (Path(__file__).parent / "contract" / "API.md").read_text().splitlines()
               if line.startswith("| `format` |"))
    assert list(FORMATS) == re.findall(r"`([a-z0-9]+)`", row.split("|")[2])
    assert set(MAGIC) == set(FORMATS)
    with Capture(pro.service.url, pro.key) as capture:
        for fmt, suffixes in FORMATS.items():
            for suffix in suffixes:
                short = {"video": {"durationMs": 1000, "fps": 10}} if fmt in ("webm", "mp4", "gif") else {}
                written = capture.screenshot_to_file(tmp_path / f"page{suffix}", url=f"{site.base}/simple?sdk={fmt}",
                                                     **short)
                assert MAGIC[fmt](written.read_bytes()), (suffix, written.read_bytes()[:40])
        with pytest.raises(ValueError, match=r"\.txt names no capture format"):
            capture.screenshot_to_file(tmp_path / "page.txt", url=f"{site.base}/simple?sdk=txt")
    assert not (tmp_path / "page.txt").exists()
    assert site.count("/simple?sdk=txt") == 0


def test_the_async_client_runs_on_trio(pro: Workspace, site: FixtureServer) -> None:
    async def run() -> tuple[bytes, dict[str, object]]:
        async with AsyncCapture(pro.service.url, pro.key) as capture:
            png = await capture.screenshot(url=f"{site.base}/simple?sdk=async")
            job = await capture.wait((await capture.create_job(url=f"{site.base}/simple?sdk=ajob"))["id"])
            return png, job
    png, job = trio.run(run)
    assert png.startswith(b"\x89PNG")
    assert job["status"] == "SUCCEEDED"


def test_monitors_through_both_clients(service: Service, site: FixtureServer) -> None:
    """Issue 57: the SDK gains the monitors' routes, sync and async; a refusal is a CaptureError with its code."""
    ws = service.workspace("pro")
    capture_request = {"url": f"{site.base}/simple?sdk=monitor"}
    with Capture(service.url, ws.key) as capture:
        made = capture.create_monitor(capture_request, "1h", name="sdk")
        assert [m["id"] for m in capture.list_monitors()] == [made["id"]]
        changed = capture.change_monitor(made["id"], paused=True)
        assert (changed["paused"], changed["name"]) == (True, "sdk")
        assert capture.get_monitor(made["id"])["paused"] is True
        run = capture.run_monitor(made["id"])  # a paused monitor runs when asked
        assert (run["status"], run["id"] in [r["id"] for r in capture.list_monitor_runs(made["id"], limit=2)]) == (
            "QUEUED", True)
        assert run["id"] not in [r["id"] for r in capture.list_monitor_runs(made["id"], before=run["id"])]
        with pytest.raises(CaptureError) as refused:
            capture.create_monitor(capture_request, "1m")  # pro: every 15 min at most
        assert refused.value.code == "invalid_request"

    async def run() -> list[dict[str, object]]:
        async with AsyncCapture(service.url, ws.key) as capture:
            other = await capture.create_monitor(capture_request, "2h")
            assert (await capture.change_monitor(other["id"], every="3h"))["every"] == "3h"
            assert (await capture.get_monitor(other["id"]))["id"] == other["id"]
            queued = await capture.run_monitor(other["id"])
            assert queued["id"] in [r["id"] for r in await capture.list_monitor_runs(other["id"])]
            await capture.delete_monitor(made["id"])
            await capture.delete_monitor(other["id"])
            with pytest.raises(CaptureError) as gone:
                await capture.get_monitor(other["id"])
            assert gone.value.status == 404
            return await capture.list_monitors()
    assert trio.run(run) == []


def test_render_links_are_signed_as_the_service_reads_them(service: Service, site: FixtureServer) -> None:
    options = {"url": "https://a.test/?q=1 2", "viewport": {"width": 800, "mobile": True}, "hideSelectors": [".a"],
               "cookies": [{"name": "n", "value": "v"}], "format": "jpeg"}
    assert canonical_query(flatten(options)) == render_links.canonical_query(render_links.flatten(options))

    ws = service.workspace("pro")
    [key] = service.control("key.create", {"workspace": ws.id, "name": "sdk links"})
    link = render_link(service.url, key["id"], key["signingSecret"], format="jpg", url=f"{site.base}/simple?sdk=link",
                       viewport={"width": 320, "height": 240}, expires=int(time.time()) + 600)
    assert "/api/render/" in link
    assert link.split("?")[0].endswith(".jpg")
    answer = service.client.get(link)
    assert answer.status_code == 200, answer.text
    with Image.open(io.BytesIO(answer.content)) as image:
        assert (image.format, image.size) == ("JPEG", (320, 240))
    forged = render_link(service.url, key["id"], "rsk_not-the-secret", url=f"{site.base}/simple?sdk=link")
    assert service.client.get(forged).json()["code"] == "invalid_signature"


def test_webhook_calls_verify_as_the_service_signs_them() -> None:
    secret, rotated = webhooks.new_secret(), webhooks.new_secret()
    body = orjson.dumps({"type": "job.succeeded", "timestamp": "2026-11-26T00:00:00Z", "data": {"id": "job_x"}})
    headers = webhooks.signed_headers([rotated, secret], "msg_1", int(time.time()), body)
    assert verify_webhook(body, headers, secret)["data"] == {"id": "job_x"}  # either secret in force
    assert verify_webhook(body.decode(), headers, rotated)["type"] == "job.succeeded"
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body.replace(b"job_x", b"job_y"), headers, secret)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body, headers, webhooks.new_secret())


def test_the_key_goes_to_the_services_own_origin_only(pro: Workspace, site: FixtureServer) -> None:
    """Issue 52 item 13: a resultUrl naming another host (a bucket, a proxy's rewrite) gets no API key."""
    elsewhere = f"{site.base}/green.svg?sdk-result="

    async def fetch_async() -> bytes:
        async with AsyncCapture(pro.service.url, pro.key) as capture:
            return await capture.download({"resultUrl": elsewhere + "async"})

    with Capture(pro.service.url, pro.key) as capture:
        assert capture.download({"resultUrl": elsewhere + "sync"}).startswith(b"<svg")
        job = capture.wait(capture.create_job(url=f"{site.base}/simple?sdk=own")["id"])
        assert capture.download(job).startswith(b"\x89PNG")  # the service's own resultUrl still works
    assert trio.run(fetch_async).startswith(b"<svg")
    sent = {path: headers for path, headers in site.requests if path.startswith("/green.svg?sdk-result=")}
    assert set(sent) == {"/green.svg?sdk-result=sync", "/green.svg?sdk-result=async"}
    assert all("x-api-key" not in {name.lower() for name in headers} for headers in sent.values()), sent
