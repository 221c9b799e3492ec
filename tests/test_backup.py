"""Backup and restore (issue 23): a backup taken while 100 jobs are queued restores into a second data
directory whose service finishes all 100, with the same keys."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.conftest import Workspace, run_cli, running_service
from tests.fixture_site import FixtureServer

JOBS = 100


def submit(ws: Workspace, site: FixtureServer) -> list[str]:
    """JOBS small jobs, in batches of 20; their ids."""
    ids: list[str] = []
    for first in range(0, JOBS, 20):
        captures = [{"url": f"{site.base}/simple?n={n}", "viewport": {"width": 320, "height": 200}, "format": "jpeg"}
                    for n in range(first, first + 20)]
        answer = ws.service.client.post("/api/jobs/batch", json={"captures": captures}, headers=ws.headers)
        assert answer.status_code == 202, answer.text
        ids += [job["id"] for job in answer.json()["jobs"]]
    return ids


def test_a_backup_taken_with_100_jobs_queued_restores_and_finishes_them(
        tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    root = tmp_path_factory.mktemp("backup")
    copy = root / "copy"
    with running_service(root / "data", site, CAPTURE_POOL_SIZE="1") as first:
        ws = first.workspace("pro")
        # the only browser busy on a job that waits for an element that never comes: the 100 stay queued
        blocker = ws.service.client.post("/api/jobs", headers=ws.headers, json={
            "url": f"{site.base}/simple", "waitForSelector": "#never-there", "timeoutMs": 60000})
        assert blocker.status_code == 202, blocker.text
        ids = submit(ws, site)
        [answer] = first.cli("backup", str(copy))
        assert answer["backup"] == str(copy)
        assert answer["databaseBytes"] > 0
        queued = first.sql("SELECT count(*) AS n FROM events WHERE type = 'job.succeeded'")[0]["n"]
        assert queued == 0  # nothing had finished when the backup was taken
    assert {p.name for p in copy.iterdir()} >= {"capture.duckdb", "secrets"}
    assert not (copy / "capture.duckdb.wal").exists()

    with running_service(copy, site, CAPTURE_POOL_SIZE="3") as restored:  # a job waits on I/O as much as it renders
        moved = Workspace(ws.id, ws.key, ws.key_id, restored)  # the same key works on the copy
        cancel = moved.service.client.delete(f"/api/jobs/{blocker.json()['id']}", headers=moved.headers)
        assert cancel.status_code in (200, 202)  # cancelled, or being stopped
        deadline = time.monotonic() + 120
        while True:
            done = {row["capture_id"] for row in restored.sql(
                "SELECT capture_id FROM events WHERE type = 'job.succeeded'")}
            if done >= set(ids) or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert done == set(ids)
        assert moved.get(f"/api/jobs/{ids[-1]}").json()["status"] == "SUCCEEDED"


def test_a_backup_refuses_a_directory_that_is_not_empty(tmp_path: Path) -> None:
    data, taken = tmp_path / "data", tmp_path / "taken"
    data.mkdir()
    (data / "capture.duckdb").write_bytes(b"")
    taken.mkdir()
    (taken / "something").write_text("x")
    done = run_cli({"CAPTURE_DATA_DIR": str(data), "PATH": "/usr/bin:/bin"}, "backup", str(taken))
    assert done.returncode == 1
    assert done.stderr.decode().strip() == f"error: {taken} exists and is not an empty directory"
