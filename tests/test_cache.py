"""Issue 25 on the synchronous capture: JSON answers with the page's metadata and a signed resultUrl, and the
cache (x-cache HIT costs no quota, never crosses workspaces, survives a restart, evicts least recently used)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image

from actors.capture import cache_key
from engine.rules.request import Cache, parse_capture
from tests.conftest import Service, Workspace, running_service
from tests.fixture_site import FixtureServer
from tests.pages import OPEN_GRAPH


def _download(service: Service, result_url: str) -> httpx.Response:
    """A signed result URL, fetched without an API key."""
    return service.client.get(result_url.removeprefix(service.url))


def test_a_json_answer_carries_the_pages_metadata_and_a_signed_result(pro: Workspace, service: Service,
                                                                      site: FixtureServer) -> None:
    url = f"{site.base}/moved?to=/og"
    answer = pro.capture(url=url, responseType="json", viewport={"width": 640, "height": 400})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert "x-cache" not in answer.headers  # no cache asked for
    report: dict[str, Any] = answer.json()
    assert report["url"] == url
    assert report["finalUrl"] == f"{site.base}/og"
    assert report["status"] == 200
    assert report["title"] == "Fixture & page"
    assert report["description"] == "A page that describes itself"
    assert report["openGraph"] == OPEN_GRAPH
    assert set(report["timings"]) == {"loadMs", "settleMs", "renderMs", "checkMs", "totalMs"}
    assert report["timings"]["totalMs"] >= report["timings"]["renderMs"] >= 0
    assert report["contentType"] == "image/png"

    result = _download(service, report["resultUrl"])
    assert result.status_code == 200, result.text
    assert result.headers["content-type"] == "image/png"
    assert len(result.content) == report["bytes"]
    assert Image.open(io.BytesIO(result.content)).size == (640, 400)
    altered = _download(service, report["resultUrl"].replace("sig=", "sig=x"))
    assert altered.status_code in (403, 404)
    assert altered.json()["code"] in ("invalid_signature", "not_found")
    tampered = report["resultUrl"].rsplit(".", 1)[0] + ".AAAA"
    assert _download(service, tampered).json()["code"] == "invalid_signature"


def test_the_same_request_is_answered_from_the_cache_once_and_for_free(service: Service,
                                                                       site: FixtureServer) -> None:
    ws, other = service.workspace("pro"), service.workspace("pro")
    body = {"url": f"{site.base}/simple?cached", "cache": {"ttlS": 600}, "format": "jpeg"}
    first = ws.capture(**body)
    assert first.status_code == 200, first.text
    assert first.headers["x-cache"] == "MISS"
    assert ws.quota(at_least_used=1)["used"] == 1
    second = ws.capture(**body)
    assert second.status_code == 200, second.text
    assert second.headers["x-cache"] == "HIT"
    assert second.content == first.content
    assert second.headers["content-type"] == "image/jpeg"
    assert site.count("/simple?cached") == 1  # rendered once
    assert len(ws.settled(2)) == 2  # the hit's event is committed after its bytes were sent
    assert ws.quota()["used"] == 1

    assert other.capture(**body).headers["x-cache"] == "MISS"  # never shared between workspaces
    assert ws.capture(**{**body, "quality": 50}).headers["x-cache"] == "MISS"  # another request
    json_hit = ws.capture(**body, responseType="json")  # the same capture, answered another way
    assert json_hit.headers["x-cache"] == "HIT"
    assert json_hit.json()["bytes"] == len(first.content)
    assert _download(service, json_hit.json()["resultUrl"]).content == first.content
    assert ws.capture(**{**body, "cache": {"ttlS": 0}}).headers["x-cache"] == "MISS"  # nothing that old
    assert site.count("/simple?cached") == 4
    assert ws.quota(at_least_used=3)["used"] == 3

    rows = ws.get("/api/analytics", groupBy="day").json()["rows"]
    assert (rows[-1]["cacheHits"], rows[-1]["cacheMisses"]) == (2, 3)
    assert rows[-1]["outcomes"]["succeeded"] == 5


def test_a_cache_key_names_the_result_across_urls(pro: Workspace, site: FixtureServer) -> None:
    first = pro.capture(url=f"{site.base}/simple?keyed=1", cache={"ttlS": 60, "key": "front-page"})
    assert first.headers["x-cache"] == "MISS"
    again = pro.capture(url=f"{site.base}/simple?keyed=2", cache={"ttlS": 60, "key": "front-page"})
    assert again.headers["x-cache"] == "HIT"
    assert again.content == first.content
    as_pdf = pro.capture(url=f"{site.base}/simple?keyed=2", cache={"ttlS": 60, "key": "front-page"}, format="pdf")
    assert as_pdf.headers["x-cache"] == "MISS"  # the format is part of every key
    assert as_pdf.headers["content-type"] == "application/pdf"


def test_the_cache_survives_a_restart_and_evicts_the_least_recently_used(
        tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """A budget that holds two small PNGs, not three: the third result evicts the least recently used."""
    data: Path = tmp_path_factory.mktemp("cache") / "data"
    small = {"viewport": {"width": 320, "height": 200}, "cache": {"ttlS": 3600}}

    def shot(ws: Workspace, name: str) -> str:
        answer = ws.capture(url=f"{site.base}/simple?lru={name}", **small)
        assert answer.status_code == 200, answer.text
        return str(answer.headers["x-cache"])

    with running_service(data, site) as service:
        ws = service.workspace("pro")
        assert [shot(ws, "a"), shot(ws, "b"), shot(ws, "a")] == ["MISS", "MISS", "HIT"]
        sizes = [row["bytes"] for row in service.events("type = 'result.shelved'")]
    budget = sum(sizes) + max(sizes) // 2  # a, b and half of another
    # one tenant: its share is the whole budget (the shares between tenants: tests/test_tenants.py)
    with running_service(data, site, CAPTURE_CACHE_MAX_BYTES=str(budget), CAPTURE_CACHE_ACCOUNT_SHARE="1") as service:
        ws = Workspace(ws.id, ws.key, ws.key_id, service)  # the same workspace and key, from the data kept
        assert shot(ws, "a") == "HIT"  # kept across the restart; a is now more recent than b
        assert shot(ws, "c") == "MISS"  # evicts b
        assert [shot(ws, "a"), shot(ws, "b")] == ["HIT", "MISS"]
        gone = service.events("type = 'result.unshelved'")
        assert [row["data"]["reason"] for row in gone][:1] == ["evicted"]
        assert sorted(p.name for p in (data / "shelf").iterdir()) == sorted(
            row["capture_id"] for row in service.events("type = 'result.shelved'")
            if row["capture_id"] not in {g["capture_id"] for g in gone})


def test_jobs_answer_json_and_share_the_cache(service: Service, site: FixtureServer) -> None:
    ws = service.workspace("pro")
    job = ws.finished_job(ws.submit(url=f"{site.base}/og?job", responseType="json").json()["id"])
    assert job["status"] == "SUCCEEDED", job
    assert (job["title"], job["openGraph"], job["targetStatus"]) == ("Fixture & page", OPEN_GRAPH, 200)
    assert job["finalUrl"] == f"{site.base}/og?job"
    assert set(job["timings"]) == {"loadMs", "settleMs", "renderMs", "checkMs"}
    assert _download(service, job["resultUrl"]).headers["content-type"] == "image/png"

    body = {"url": f"{site.base}/simple?job-cache", "cache": {"ttlS": 600}}
    rendered = ws.finished_job(ws.submit(**body).json()["id"])  # a miss: rendered, kept
    assert rendered["status"] == "SUCCEEDED", rendered
    assert ws.quota(at_least_used=2)["used"] == 2
    answered = ws.capture(**body)
    assert answered.headers["x-cache"] == "HIT"
    from_cache = ws.finished_job(ws.submit(**body).json()["id"])  # a hit: nothing rendered, no quota
    assert from_cache["status"] == "SUCCEEDED", from_cache
    assert _download(service, from_cache["resultUrl"]).content == answered.content
    assert site.count("/simple?job-cache") == 1
    assert len(ws.settled(4)) == 4
    assert ws.quota()["used"] == 2
    outcomes = [e["data"]["cache"] for e in service.events(
        f"type = 'capture.succeeded' AND workspace_id = '{ws.id}' AND json_extract_string(data, '$.cache') "
        "IS NOT NULL")]
    assert outcomes == ["miss", "hit", "hit"]


def test_cache_keys_are_keyed_by_the_services_secret_the_workspace_and_the_request() -> None:
    """The events table keeps keys: without the service's secret, a key must not confirm a guessed request
    (a cookie's value, say); the key changes with the secret, the workspace and what is asked."""
    with_cookie = parse_capture({"url": "https://example.com/", "cookies": [{"name": "sid", "value": "1234"}],
                                 "cache": {"ttlS": 60}})
    one, other = b"1" * 32, b"2" * 32
    key = cache_key(one, "ws_a", with_cookie)
    assert key is not None
    assert len(key) == 64
    assert cache_key(one, "ws_a", with_cookie) == key
    assert cache_key(other, "ws_a", with_cookie) != key
    assert cache_key(one, "ws_b", with_cookie) != key
    guessed = with_cookie.model_copy(update={"cookies": [with_cookie.cookies[0].model_copy(update={"value": "1235"})]})
    assert cache_key(one, "ws_a", guessed) != key
    as_json = with_cookie.model_copy(update={"response_type": "json", "cache": Cache.model_validate({"ttlS": 5})})
    assert cache_key(one, "ws_a", as_json) == key  # how to answer is not what to capture
    assert cache_key(one, "ws_a", with_cookie.model_copy(update={"cache": None})) is None
