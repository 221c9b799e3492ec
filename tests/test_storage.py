"""Bucket storage (issue 25): a job with `store` uploads its result to the operator's S3-compatible bucket, here
moto's S3 server on loopback; an upload that keeps failing ends the job FAILED storage_failed, at no quota."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import httpx
import pytest

from engine.operations.settings import load_settings
from engine.operations.storage import StorageError, Uploader
from tests.conftest import Service, running_service
from tests.fixture_site import FixtureServer
from tests.grid import free_port

BUCKET = "captures"
CLOSED_PORT = free_port()  # nothing listens there: the `closed` destination's endpoint cannot be reached
CREDENTIALS = {"aws_access_key_id": "test-key-id", "aws_secret_access_key": "test-secret"}


@pytest.fixture(scope="module")
def s3(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """moto's S3 server on a loopback port of its own, with the bucket the tests store to."""
    port = free_port()
    log = tmp_path_factory.mktemp("moto") / "moto.log"
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
                                  stdout=out, stderr=subprocess.STDOUT)
    endpoint = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(endpoint, timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "moto did not start"
                time.sleep(0.1)
        _client(endpoint).create_bucket(Bucket=BUCKET)
        yield endpoint
    finally:
        server.terminate()
        server.wait(10)


def _client(endpoint: str) -> Any:
    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", **CREDENTIALS)


OTHER_TENANT = "ws_0000000000000000000000"  # a workspace no test makes: its destination is closed to the others


@pytest.fixture(scope="module")
def storing(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer, s3: str) -> Iterator[Service]:
    config = tmp_path_factory.mktemp("storage-config") / "capture.toml"
    config.write_text(f'[storage.archive]\nendpoint = "{s3}"\nbucket = "{BUCKET}"\nprefix = "shots/"\n\n'
                      f'[storage.nowhere]\nendpoint = "{s3}"\nbucket = "no-such-bucket"\n\n'
                      f'[storage.closed]\nendpoint = "http://127.0.0.1:{CLOSED_PORT}"\nbucket = "b"\n\n'
                      f'[storage.theirs]\nendpoint = "{s3}"\nbucket = "{BUCKET}"\nsingle_tenant = "{OTHER_TENANT}"\n')
    with running_service(tmp_path_factory.mktemp("storage") / "data", site, CAPTURE_CONFIG=str(config),
                         CAPTURE_STORAGE_ARCHIVE_ACCESS_KEY_ID=CREDENTIALS["aws_access_key_id"],
                         CAPTURE_STORAGE_ARCHIVE_SECRET_ACCESS_KEY=CREDENTIALS["aws_secret_access_key"],
                         CAPTURE_STORAGE_NOWHERE_ACCESS_KEY_ID="x",
                         CAPTURE_STORAGE_NOWHERE_SECRET_ACCESS_KEY="y", CAPTURE_STORAGE_CLOSED_ACCESS_KEY_ID="x",
                         CAPTURE_STORAGE_CLOSED_SECRET_ACCESS_KEY="y") as service:
        yield service


def test_a_stored_jobs_object_is_in_the_bucket_with_its_type_and_bytes(storing: Service, s3: str,
                                                                       site: FixtureServer) -> None:
    ws = storing.workspace("pro")
    for fmt, path, key, content_type in (("png", "home/front.png", f"shots/{ws.id}/home/front.png", "image/png"),
                                         ("pdf", "reports/", None, "application/pdf")):
        accepted = ws.submit(url=f"{site.base}/simple?store={fmt}", format=fmt,
                             store={"destination": "archive", "path": path})
        assert accepted.status_code == 202, accepted.text
        job = ws.finished_job(accepted.json()["id"])
        assert job["status"] == "SUCCEEDED", job
        expected_key = key or f"shots/{ws.id}/reports/{job['id']}.pdf"
        assert job["stored"] == {"destination": "archive", "bucket": BUCKET, "key": expected_key}
        stored = _client(s3).get_object(Bucket=BUCKET, Key=expected_key)
        assert stored["ContentType"] == content_type
        body = stored["Body"].read()
        assert len(body) == job["bytes"]
        kept = storing.client.get(job["resultUrl"].removeprefix(storing.url))  # the local result stays too
        assert kept.content == body
    assert ws.quota(at_least_used=2)["used"] == 2


def test_an_upload_that_keeps_failing_fails_the_job_at_no_quota(storing: Service, site: FixtureServer) -> None:
    """… and the tenant is told the destination and the bucket's stable error code, never the endpoint (issue 33:
    `error.message` named the endpoint's URL in the job view and its webhook)."""
    ws = storing.workspace("pro")
    ids = [ws.submit(url=f"{site.base}/simple?store={name}", store={"destination": name, "path": "x.png"}).json()["id"]
           for name in ("nowhere", "closed")]
    nowhere, closed = [ws.finished_job(job_id, wait_s=90) for job_id in ids]
    for job in (nowhere, closed):
        assert job["status"] == "FAILED", job
        assert job["error"]["code"] == "storage_failed"
    assert "NoSuchBucket" in nowhere["error"]["message"]
    assert "closed" in closed["error"]["message"]
    assert ws.quota()["used"] == 0
    failed = storing.events(f"type = 'capture.failed' AND capture_id = '{nowhere['id']}'")
    assert [(e["outcome"], e["stage"], e["code"]) for e in failed] == [("delivery_failed", "delivery",
                                                                        "storage_failed")]
    assert "upload 3 of 3 to nowhere failed" in storing.log_text()
    assert not (storing.data_dir / "results" / nowhere["id"]).exists()  # kept while it was tried, not after
    endpoint = f"127.0.0.1:{CLOSED_PORT}"
    assert endpoint not in str(closed)
    assert storing.events(f"data LIKE '%{endpoint}%'") == []  # job.failed, capture.failed: what webhooks send
    assert endpoint in storing.log_text()  # the operator's log has it


def test_each_workspace_stores_under_its_own_part_of_the_bucket(storing: Service, s3: str,
                                                                site: FixtureServer) -> None:
    """Two workspaces storing to the same path make two objects; a path cannot climb out of its workspace's part;
    HTML is an attachment (issue 33: `../` reached any key of the bucket, another tenant's included)."""
    a, b = storing.workspace("pro"), storing.workspace("pro")
    jobs = {}
    for ws, colour in ((a, "255,0,0"), (b, "0,0,255")):
        accepted = ws.submit(url=f"{site.base}/solid?rgb={colour}", store={"destination": "archive",
                                                                           "path": "shared/front.png"})
        assert accepted.status_code == 202, accepted.text
        jobs[ws.id] = ws.finished_job(accepted.json()["id"])
    bucket = _client(s3)
    for ws in (a, b):
        job = jobs[ws.id]
        assert job["stored"]["key"] == f"shots/{ws.id}/shared/front.png", job
        kept = storing.client.get(job["resultUrl"].removeprefix(storing.url)).content
        assert bucket.get_object(Bucket=BUCKET, Key=job["stored"]["key"])["Body"].read() == kept
    for path in ("../x.png", f"../{b.id}/shared/front.png", "a/../../x", "/abs.png", "a//b.png", "./a.png"):
        refused = a.submit(url=f"{site.base}/simple", store={"destination": "archive", "path": path})
        assert (refused.status_code, refused.json()["errors"][0]["field"]) == (422, "store.path"), path
    page = a.finished_job(a.submit(url=f"{site.base}/simple", format="html",
                                   store={"destination": "archive", "path": "page.html"}).json()["id"])
    stored = bucket.get_object(Bucket=BUCKET, Key=page["stored"]["key"])
    assert stored["ContentDisposition"] == 'attachment; filename="page.html"'


def test_store_is_checked_before_a_job_is_queued(storing: Service, site: FixtureServer) -> None:
    pro, free = storing.workspace("pro"), storing.workspace("free")
    unknown = pro.submit(url=f"{site.base}/simple", store={"destination": "elsewhere", "path": "a.png"})
    assert unknown.status_code == 422
    assert unknown.json()["errors"][0]["field"] == "store.destination"
    # another workspace's single-tenant destination is as unknown as that (issue 52 item 15)
    theirs = pro.submit(url=f"{site.base}/simple", store={"destination": "theirs", "path": "a.png"})
    assert theirs.status_code == 422, theirs.text
    assert theirs.json()["errors"][0]["field"] == "store.destination"
    assert "theirs" not in theirs.json()["errors"][0]["message"]
    sync = pro.capture(url=f"{site.base}/simple", store={"destination": "archive", "path": "a.png"})
    assert (sync.status_code, sync.json()["errors"][0]["field"]) == (422, "store")
    unpaid = free.submit(url=f"{site.base}/simple", store={"destination": "archive", "path": "a.png"})
    assert (unpaid.status_code, unpaid.json()["code"]) == (403, "feature_not_entitled")


def test_storage_settings_take_credentials_from_the_environment(tmp_path: Path) -> None:
    config = tmp_path / "capture.toml"
    config.write_text('[storage.eu-archive]\nendpoint = "https://s3.example"\nbucket = "b"\nregion = "eu-west-1"\n')
    settings = load_settings(config, {"CAPTURE_STORAGE_EU_ARCHIVE_ACCESS_KEY_ID": "id",
                                      "CAPTURE_STORAGE_EU_ARCHIVE_SECRET_ACCESS_KEY": "secret"})
    (destination,) = settings.storage
    assert (destination.name, destination.region, destination.access_key_id) == ("eu-archive", "eu-west-1", "id")
    assert "secret" not in repr(destination)
    assert destination.key("ws_a", "x/y.png") == "ws_a/x/y.png"
    config.write_text('[storage.own]\nendpoint = "https://s3.example"\nbucket = "b"\nprefix = "p/"\n'
                      'single_tenant = "ws_a"\n')
    (own,) = load_settings(config, {}).storage
    assert own.key("ws_a", "x/y.png") == "p/x/y.png"  # the operator's one-tenant bucket: no workspace part
    assert (own.serves("ws_a"), own.serves("ws_b"), destination.serves("ws_b")) == (True, False, True)
    with pytest.raises(StorageError, match="no longer configured"):  # checked again at the upload, before boto3
        Uploader((own,)).put("own", "ws_b", "x.png", b"", "image/png")
    config.write_text('[storage.own]\nendpoint = "https://s3.example"\nbucket = "b"\nsingle_tenant = true\n')
    with pytest.raises(ValueError, match="single_tenant names the one workspace"):
        load_settings(config, {})
    config.write_text('[storage.bad]\nendpoint = "s3.example"\nbucket = "b"\n')
    with pytest.raises(ValueError, match="endpoint is an http"):
        load_settings(config, {})
    from_env = load_settings(None, {"CAPTURE_STORAGE": '{"x": {"endpoint": "http://s3.test", "bucket": "b"}}'})
    assert [(d.name, d.endpoint, d.bucket) for d in from_env.storage] == [("x", "http://s3.test", "b")]
