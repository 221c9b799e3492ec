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

from engine.settings import load_settings
from tests.conftest import Service, running_service
from tests.fixture_site import FixtureServer
from tests.grid import free_port

BUCKET = "captures"
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


@pytest.fixture(scope="module")
def storing(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer, s3: str) -> Iterator[Service]:
    config = tmp_path_factory.mktemp("storage-config") / "capture.toml"
    config.write_text(f'[storage.archive]\nendpoint = "{s3}"\nbucket = "{BUCKET}"\nprefix = "shots/"\n\n'
                      f'[storage.nowhere]\nendpoint = "{s3}"\nbucket = "no-such-bucket"\n')
    with running_service(tmp_path_factory.mktemp("storage") / "data", site, CAPTURE_CONFIG=str(config),
                         CAPTURE_STORAGE_ARCHIVE_ACCESS_KEY_ID=CREDENTIALS["aws_access_key_id"],
                         CAPTURE_STORAGE_ARCHIVE_SECRET_ACCESS_KEY=CREDENTIALS["aws_secret_access_key"],
                         CAPTURE_STORAGE_NOWHERE_ACCESS_KEY_ID="x",
                         CAPTURE_STORAGE_NOWHERE_SECRET_ACCESS_KEY="y") as service:
        yield service


def test_a_stored_jobs_object_is_in_the_bucket_with_its_type_and_bytes(storing: Service, s3: str,
                                                                       site: FixtureServer) -> None:
    ws = storing.workspace("pro")
    for fmt, path, key, content_type in (("png", "home/front.png", "shots/home/front.png", "image/png"),
                                         ("pdf", "reports/", None, "application/pdf")):
        accepted = ws.submit(url=f"{site.base}/simple?store={fmt}", format=fmt,
                             store={"destination": "archive", "path": path})
        assert accepted.status_code == 202, accepted.text
        job = ws.finished_job(accepted.json()["id"])
        assert job["status"] == "SUCCEEDED", job
        expected_key = key or f"shots/reports/{job['id']}.pdf"
        assert job["stored"] == {"destination": "archive", "bucket": BUCKET, "key": expected_key}
        stored = _client(s3).get_object(Bucket=BUCKET, Key=expected_key)
        assert stored["ContentType"] == content_type
        body = stored["Body"].read()
        assert len(body) == job["bytes"]
        kept = storing.client.get(job["resultUrl"].removeprefix(storing.url))  # the local result stays too
        assert kept.content == body
    assert ws.quota(at_least_used=2)["used"] == 2


def test_an_upload_that_keeps_failing_fails_the_job_at_no_quota(storing: Service, site: FixtureServer) -> None:
    ws = storing.workspace("pro")
    job = ws.finished_job(ws.submit(url=f"{site.base}/simple?store=nowhere",
                                    store={"destination": "nowhere", "path": "x.png"}).json()["id"], wait_s=90)
    assert job["status"] == "FAILED", job
    assert job["error"]["code"] == "storage_failed"
    assert "NoSuchBucket" in job["error"]["message"]
    assert ws.quota()["used"] == 0
    failed = storing.events(f"type = 'capture.failed' AND capture_id = '{job['id']}'")
    assert [(e["outcome"], e["stage"], e["code"]) for e in failed] == [("delivery_failed", "delivery",
                                                                        "storage_failed")]
    assert "upload 3 of 3 to nowhere failed" in storing.log_text()
    assert not (storing.data_dir / "results" / job["id"]).exists()  # kept while it was tried, not after


def test_store_is_checked_before_a_job_is_queued(storing: Service, site: FixtureServer) -> None:
    pro, free = storing.workspace("pro"), storing.workspace("free")
    unknown = pro.submit(url=f"{site.base}/simple", store={"destination": "elsewhere", "path": "a.png"})
    assert unknown.status_code == 422
    assert unknown.json()["errors"][0]["field"] == "store.destination"
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
    config.write_text('[storage.bad]\nendpoint = "s3.example"\nbucket = "b"\n')
    with pytest.raises(ValueError, match="endpoint is an http"):
        load_settings(config, {})
    from_env = load_settings(None, {"CAPTURE_STORAGE": '{"x": {"endpoint": "http://s3.test", "bucket": "b"}}'})
    assert [(d.name, d.endpoint, d.bucket) for d in from_env.storage] == [("x", "http://s3.test", "b")]
