"""GET /healthz and GET /readyz (issue 23): no key, nothing sensitive, the failing check named."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.conftest import Service, browser_mains, running_service
from tests.fixture_site import FixtureServer


def test_alive_and_ready_without_a_key(service: Service) -> None:
    alive = service.client.get("/healthz")
    assert (alive.status_code, alive.json()) == (200, {"status": "ok"})
    ready = service.client.get("/readyz")
    assert ready.status_code == 200, ready.text
    assert ready.json() == {"status": "ready", "checks": {"browserSessions": "ok", "eventLog": "ok", "disk": "ok"}}
    assert str(service.data_dir) not in ready.text


def test_unready_names_the_failing_check(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """More free disk asked for than any disk has: 503, `disk` named, the other checks still ok."""
    data = tmp_path_factory.mktemp("unready") / "data"
    with running_service(data, site, CAPTURE_READY_MIN_FREE_DISK_MB=str(2**40)) as service:
        answer = service.client.get("/readyz")
        assert answer.status_code == 503, answer.text
        body = answer.json()
        assert (body["status"], body["failing"]) == ("unready", ["disk"])
        assert body["checks"]["browserSessions"] == body["checks"]["eventLog"] == "ok"
        assert "ready_min_free_disk_mb" in body["checks"]["disk"]
        assert service.client.get("/healthz").status_code == 200  # alive all the same


def test_unready_while_no_browser_is_up(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """Its one browser killed (as an OOM killer might): /readyz names browserSessions until the pool has
    relaunched it."""
    data = tmp_path_factory.mktemp("browserless") / "data"
    with running_service(data, site, CAPTURE_POOL_SIZE="1") as service:
        assert service.client.get("/readyz").status_code == 200
        for pid in browser_mains(service):  # a process of the service this test started
            os.kill(pid, signal.SIGKILL)
        deadline, seen = time.monotonic() + 10, None
        while seen is None and time.monotonic() < deadline:
            answer = service.client.get("/readyz")
            seen = answer.json() if answer.status_code == 503 else None
            time.sleep(0.01)
        assert seen is not None, "never unready"
        assert seen["failing"] == ["browserSessions"], seen
        deadline = time.monotonic() + 30
        while service.client.get("/readyz").status_code != 200:
            assert time.monotonic() < deadline, "the pool did not relaunch its browser"
            time.sleep(0.1)
