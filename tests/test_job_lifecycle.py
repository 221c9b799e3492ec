"""Durable jobs on services of their own: cancellation, retention, a kill -9, key rotation."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from engine.browser.chromium import descendants
from tests.conftest import (
    Service,
    Workspace,
    browser_mains,
    kill_hard,
    running_service,
    start_service,
    stop_service,
)
from tests.fixture_site import FixtureServer

RETENTION_S = 3
HISTORY_S = 8


@pytest.fixture(scope="module")
def solo(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Iterator[Service]:
    """One browser, so a second job waits; results kept seconds, jobs remembered seconds, swept twice a second."""
    with running_service(tmp_path_factory.mktemp("jobs-solo") / "data", site, CAPTURE_POOL_SIZE="1",
                         CAPTURE_RESULT_RETENTION_S=str(RETENTION_S), CAPTURE_RETENTION_SWEEP_S="0.5",
                         CAPTURE_JOB_HISTORY_S=str(HISTORY_S)) as service:
        yield service


def accepted_id(answer: httpx.Response) -> str:
    assert answer.status_code == 202, answer.text
    job_id: str = answer.json()["id"]
    return job_id


def wait_for(condition: Any, what: str, wait_s: float = 30) -> None:
    deadline = time.monotonic() + wait_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def page_targets(service: Service) -> list[str]:
    """URLs of the page targets open in the service's Chromium, from its DevTools endpoint."""
    urls = []
    for pid in descendants(service.process.pid):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        profiles = [a.split("=", 1)[1] for a in args if a.startswith("--user-data-dir=")]
        if not profiles or any(a.startswith("--type=") for a in args):
            continue  # not a browser main process
        port = int((Path(profiles[0]) / "DevToolsActivePort").read_text().split()[0])
        targets = httpx.get(f"http://127.0.0.1:{port}/json/list").json()
        urls += [t["url"] for t in targets if t["type"] == "page"]
    return urls


def test_cancelling_queued_running_and_finished_jobs(solo: Service, site: FixtureServer) -> None:
    ws = solo.workspace("business")
    slow = accepted_id(ws.submit(url=f"{site.base}/slow-load?s=30&t=cancel", timeoutMs=60000))
    wait_for(lambda: ws.job(slow)["status"] == "RUNNING", "the slow job to start")
    wait_for(lambda: any(path.startswith("/slow-image?s=30") for path, _ in site.requests), "the slow image")
    queued = accepted_id(ws.submit(url=f"{site.base}/simple?t=cancel-queued"))
    assert ws.job(queued)["status"] == "QUEUED"  # one browser, and it is busy

    for _ in range(2):  # at once, and again: the same answer
        answer = solo.client.delete(f"/api/jobs/{queued}", headers=ws.headers)
        assert answer.status_code == 202, answer.text
        assert answer.json()["status"] == "CANCELLED"

    assert any("slow-load?s=30&t=cancel" in url for url in page_targets(solo))
    started = time.monotonic()
    answer = solo.client.delete(f"/api/jobs/{slow}", headers=ws.headers)
    assert answer.status_code == 202, answer.text
    assert answer.json()["cancelRequested"] is True
    job = ws.finished_job(slow, wait_s=30)
    took = time.monotonic() - started
    assert job["status"] == "CANCELLED"
    assert job["cancelRequested"] is True
    print(f"running job cancelled {took:.2f} s after DELETE")
    assert not [url for url in page_targets(solo) if "slow-load" in url]  # its target is closed

    done = ws.finished_job(accepted_id(ws.submit(url=f"{site.base}/simple?t=cancel-done")))
    assert done["status"] == "SUCCEEDED"  # the browser is fine after the cancellation
    finished = solo.client.delete(f"/api/jobs/{done['id']}", headers=ws.headers)
    assert finished.status_code == 409
    assert finished.json()["code"] == "job_already_finished"
    assert ws.quota(at_least_used=1)["used"] == 1  # the cancelled ones cost nothing
    outcomes = ws.get("/api/analytics", groupBy="outcome").json()["rows"]
    assert {row["outcome"]: row["captures"] for row in outcomes} == {"cancelled": 2, "succeeded": 1}


def _hangs(site: FixtureServer) -> int:
    return site.count("/hang")


def test_a_job_whose_browser_dies_is_retried_at_most_three_times(solo: Service, site: FixtureServer) -> None:
    ws = solo.workspace("business")
    before = _hangs(site)
    retried = accepted_id(ws.submit(url=f"{site.base}/never-loads?t=retry", timeoutMs=60000))
    for attempt in (1, 2, 3):
        wait_for(lambda n=attempt: _hangs(site) >= before + n, f"attempt {attempt} on its page")
        job = ws.job(retried)
        assert (job["status"], job["attempts"]) == ("RUNNING", attempt)
        mains = browser_mains(solo)
        assert len(mains) == 1
        os.kill(mains[0], signal.SIGKILL)  # as an OOM killer might
    job = ws.finished_job(retried)
    assert job["status"] == "FAILED"
    assert job["attempts"] == 3
    assert job["error"]["code"] == "render_failed"
    requeued = solo.events(f"type = 'job.requeued' AND capture_id = '{retried}'")
    assert [e["data"]["reason"] for e in requeued] == ["renderer_died", "renderer_died"]
    after = ws.finished_job(accepted_id(ws.submit(url=f"{site.base}/simple?t=after-retries")))
    assert after["status"] == "SUCCEEDED"  # on a fresh browser
    assert ws.quota(at_least_used=1)["used"] == 1  # the failed job cost nothing


def test_results_past_retention_are_deleted_and_their_jobs_expire(solo: Service, site: FixtureServer) -> None:
    ws = solo.workspace("business")
    short = ws.finished_job(accepted_id(ws.submit(url=f"{site.base}/simple?t=retention")))
    kept = ws.finished_job(accepted_id(ws.submit(url=f"{site.base}/simple?t=retained", retain=True)))
    assert short["status"] == kept["status"] == "SUCCEEDED"
    assert httpx.get(short["resultUrl"]).status_code == 200
    assert (solo.data_dir / "results" / short["id"]).exists()

    wait_for(lambda: ws.job(short["id"])["status"] == "EXPIRED", "the sweeper", wait_s=RETENTION_S + 10)
    expired = ws.job(short["id"])
    assert "resultUrl" not in expired
    assert not (solo.data_dir / "results" / short["id"]).exists()
    gone = httpx.get(short["resultUrl"])
    assert gone.status_code == 410
    assert gone.json()["code"] == "result_url_expired"
    sweeps = solo.events(f"type = 'job.expired' AND capture_id = '{short['id']}'")
    assert len(sweeps) == 1
    assert sweeps[0]["data"]["sweep"] == "retention"

    still = ws.job(kept["id"])  # retain: kept for the long period
    assert still["status"] == "SUCCEEDED"
    assert httpx.get(still["resultUrl"]).status_code == 200
    problem = ws.service.client.post("/api/jobs", json={"url": f"{site.base}/simple", "retain": True},
                                     headers=solo.workspace("free").headers)
    assert problem.status_code == 403
    assert problem.json()["feature"] == "retainedDownloads"

    wait_for(lambda: ws.get(f"/api/jobs/{short['id']}").status_code == 404, "the job to be forgotten",
             wait_s=HISTORY_S + 10)
    assert ws.job(kept["id"])["status"] == "SUCCEEDED"  # a kept result keeps its job
    assert solo.events(f"type = 'job.created' AND capture_id = '{short['id']}'")  # the log still has it


def _statuses(ws: Workspace, ids: list[str]) -> list[str]:
    return [ws.job(job_id)["status"] for job_id in ids]


SMALL = {"viewport": {"width": 320, "height": 200}}  # what is under test is the queue, not the picture: cheap renders


def test_a_killed_service_loses_no_accepted_job(tmp_path: Path, site: FixtureServer) -> None:
    """Issue 4: 40 jobs accepted, kill -9 while two run (held at a gate, so the kill finds them mid-render and
    two more already done); after a restart every job succeeds, none is lost, the two interrupted show
    attempts 2, and each success is billed once. The gate opens before the restart, so the rest are quick."""
    data = tmp_path / "data"
    gate = site.gate()
    first = start_service(data, site)
    try:
        ws = first.workspace("business")
        ids = []
        for batch in range(2):
            urls = [f"{site.base}/simple?crash={n}" if n < 2 else f"{site.base}/after-dom?gate={gate.name}&crash={n}"
                    for n in range(batch * 20, batch * 20 + 20)]
            answer = first.client.post("/api/jobs/batch", headers=ws.headers,
                                       json={"captures": [{"url": url, **SMALL} for url in urls]})
            assert answer.status_code == 202, answer.text
            ids += [job["id"] for job in answer.json()["jobs"]]
        wait_for(lambda: len(first.events("type = 'job.succeeded'")) >= 2
                 and site.count(f"/gate?name={gate.name}") >= 2, "two jobs done and two held at the gate")
        assert _statuses(ws, ids).count("RUNNING") == 2
    finally:
        kill_hard(first)
        gate.open()

    with running_service(data, site) as second:
        ws = Workspace(ws.id, ws.key, ws.key_id, second)
        jobs = [ws.finished_job(job_id, wait_s=120) for job_id in ids]
        assert [job["status"] for job in jobs] == ["SUCCEEDED"] * 40  # none lost
        interrupted = {e["capture_id"] for e in second.events("type = 'job.requeued'")
                       if e["data"]["reason"] == "restart"}
        assert len(interrupted) == 2, "the two jobs at the gate were running at the kill"
        assert all(job["attempts"] == (2 if job["id"] in interrupted else 1) for job in jobs), jobs
        assert ws.quota()["used"] == 40  # each success billed exactly once
        billed = second.sql("SELECT count(*) AS n, count(DISTINCT capture_id) AS d FROM events "
                            "WHERE type = 'capture.succeeded'")[0]
        assert billed == {"n": 40, "d": 40}


def _key_ids(service: Service, ids: list[str]) -> list[str]:
    created = {e["capture_id"]: e["data"]["keyId"] for e in service.events("type = 'job.created'")}
    return [created[job_id] for job_id in ids]


def test_rotated_payload_keys_keep_queued_jobs_readable(tmp_path: Path, site: FixtureServer) -> None:
    data = tmp_path / "data"
    first = start_service(data, site, CAPTURE_POOL_SIZE="1")
    ws = first.workspace("business")
    secret = {"headers": {"x-rotation": "rotation-header-value"}}
    # the first one takes 3 s, so it is surely running when the service stops
    ids = [accepted_id(ws.submit(url=f"{site.base}/slow-load?s={3 if n == 0 else 0.5}&rotate={n}", **secret))
           for n in range(4)]
    wait_for(lambda: ws.job(ids[0])["status"] == "RUNNING", "the first job to start")
    old_key = _key_ids(first, ids)
    urls = [f"{site.base}/slow-load?s={3 if n == 0 else 0.5}&rotate={n}" for n in range(4)]
    created = first.events("type = 'job.created'")
    assert [e["data"]["url"] for e in created] == [f"{site.base}/slow-load"] * 4  # the query stays sealed
    assert [ws.job(job_id)["url"] for job_id in ids] == urls
    assert stop_service(first) == 0  # an orderly stop: the running job goes back to the queue

    waiting = first.cli("sql", "SELECT count(*) AS n FROM events WHERE type = 'job.succeeded'")[0]["n"]
    assert waiting < 4
    rotated = first.cli("payload-key", "rotate")[0]
    assert rotated["id"] not in old_key
    assert (data / "secrets" / "payload-keys" / f"{rotated['id']}.key").stat().st_mode & 0o777 == 0o600

    with running_service(data, site, CAPTURE_POOL_SIZE="1") as second:
        ws = Workspace(ws.id, ws.key, ws.key_id, second)
        jobs = [ws.finished_job(job_id) for job_id in ids]
        assert [job["status"] for job in jobs] == ["SUCCEEDED"] * 4  # sealed with the old key, opened
        assert [job["url"] for job in jobs] == urls  # the whole URL, opened again after the restart
        assert jobs[0]["attempts"] == 1  # the stop gave its attempt back
        assert [e["data"]["reason"] for e in second.events(f"type = 'job.requeued' AND capture_id = '{ids[0]}'")] \
            == ["shutdown"]
        newer = accepted_id(ws.submit(url=f"{site.base}/simple?rotate=new", **secret))
        live = second.cli("payload-key", "rotate")[0]  # through the running service
        newest = accepted_id(ws.submit(url=f"{site.base}/simple?rotate=newest", **secret))
        assert _key_ids(second, [*ids, newer, newest]) == [*old_key, rotated["id"], live["id"]]
        assert ws.finished_job(newest)["status"] == "SUCCEEDED"
    sent = [h for path, h in site.requests if "rotate=" in path]
    assert all(any(v == "rotation-header-value" for v in h.values()) for h in sent)
