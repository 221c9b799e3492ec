"""GET /metrics (issue 23) on its own address, read with prometheus_client's own parser: the counters move
with what the service did, the gauges describe its present, nothing names a workspace, key or URL."""

from __future__ import annotations

import random
import socket

import httpx
import orjson
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import Service, Workspace, running_service
from tests.fixture_site import FixtureServer

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(service: Service) -> tuple[Samples, str]:
    assert service.metrics_url is not None
    answer = httpx.get(service.metrics_url + "/metrics", timeout=30)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    samples: Samples = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples, answer.text


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum over every label set that has `labels` among its own."""
    return sum(v for (n, have), v in samples.items() if n == name and set(labels.items()) <= have)


def test_counters_move_after_a_capture(service: Service, pro: Workspace, site: FixtureServer) -> None:
    before, _ = scrape(service)
    answer = pro.capture(url=f"{site.base}/simple", format="png")
    assert answer.status_code == 200, answer.text
    after, text = scrape(service)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("capture_captures_total", format="png", outcome="succeeded") == 1
    assert moved("capture_capture_duration_seconds_count", format="png") == 1
    assert moved("capture_capture_duration_seconds_sum", format="png") > 0
    assert moved("capture_http_requests_total", route="/api/screenshot", method="POST", status="200") == 1
    assert moved("capture_eventlog_commit_seconds_count") >= 1
    assert moved("capture_eventlog_batch_events_sum") >= 1
    assert moved("capture_queue_wait_seconds_count", queue="sync") == 1
    sessions = value(after, "capture_browser_sessions", state="busy") + value(after, "capture_browser_sessions",
                                                                               state="idle")
    assert sessions == 2
    assert value(after, "capture_chromium_resident_bytes") > 50 * 2**20  # two browsers, measured from /proc
    assert ("capture_queue_depth", frozenset({("queue", "jobs")})) in after
    assert ("capture_jobs", frozenset({("state", "QUEUED")})) in after
    assert value(after, "process_resident_memory_bytes") > 0
    for secret in (pro.key, pro.id, pro.key_id, "fixture.test"):
        assert secret not in text


def test_failures_quota_and_egress_refusals_are_counted(service: Service, site: FixtureServer) -> None:
    spent = service.workspace("pro", quota=0)
    before, _ = scrape(service)
    refused = spent.capture(url=f"{site.base}/simple")
    assert refused.status_code == 429, refused.text
    other = service.workspace("pro")
    # the page's image on 127.0.0.2 (internal.test) is refused by the guard; the page itself renders
    page = other.capture(html='<img src="http://internal.test/x.png"><p>refused image</p>')
    assert page.status_code == 200, page.text
    after, _ = scrape(service)
    assert value(after, "capture_quota_refusals_total") - value(before, "capture_quota_refusals_total") == 1
    failures = "capture_capture_failures_total"
    assert total(after, failures, code="quota_exceeded") - total(before, failures, code="quota_exceeded") == 1
    refusals = "capture_egress_refusals_total"
    assert total(after, refusals) - total(before, refusals) >= 1


def test_metrics_only_on_their_own_address(service: Service) -> None:
    assert service.client.get("/metrics").status_code == 404
    assert service.metrics_url is not None
    assert service.metrics_url.startswith("http://127.0.0.1:")
    assert httpx.get(service.metrics_url + "/api/screenshot", timeout=10).status_code == 404



def test_a_taken_metrics_address_is_logged_and_the_api_still_serves(tmp_path_factory: pytest.TempPathFactory,
                                                                    site: FixtureServer) -> None:
    """A second service on the host (a test, a migration) must not fail for its metrics address alone."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        data = tmp_path_factory.mktemp("metrics-taken") / "data"
        # at log_level warning: the ready line (which running_service waits for) is shown all the same
        with running_service(data, site, CAPTURE_METRICS_LISTEN=f"127.0.0.1:{port}", CAPTURE_POOL_SIZE="1",
                             CAPTURE_LOG_LEVEL="warning") as other:
            assert other.metrics_url is None
            assert other.client.get("/healthz").status_code == 200
            errors = [r for r in map(orjson.loads, other.log_text().splitlines()) if r["level"] == "ERROR"]
            assert [r["message"] for r in errors] == [
                f"no metrics: cannot listen on 127.0.0.1:{port} (metrics_listen): Address already in use"]


def test_strangers_cannot_grow_the_metrics(service: Service) -> None:
    """1,000 unauthenticated requests with made-up methods and paths add at most a constant number of series
    (issue 33: the raw method was a label, and 3,000 unique methods added 26 MB to every scrape)."""
    before, _ = scrape(service)
    rng = random.Random(33)
    paths = ["/api/x{n}", "/x{n}", "/api/jobs/job_{n}", "/api/render/key_{n}/0{n}.png", "/dashboard/{n}"]
    with httpx.Client(base_url=service.url, timeout=30) as client:
        for n in range(1000):
            method = rng.choice(["GET", "POST", "DELETE", f"M{n}X", f"PROPFIND{n}", "BREW"])
            client.request(method, rng.choice(paths).format(n=n))
    after, _ = scrape(service)
    grown = {labels for name, labels in set(after) - set(before) if name == "capture_http_requests_total"}
    assert 0 < len(grown) <= 40, sorted(map(sorted, grown))[:10]
    assert all(dict(labels)["method"] in ("GET", "POST", "DELETE", "other") for labels in grown)
