"""The data directory is the service user's alone, and the first API key never reaches a log."""

from __future__ import annotations

import os
import pty
import re
import select
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from engine.operations.data_dir import protect
from tests.conftest import READY, ROOT, running_service
from tests.fixture_site import FixtureServer

FIRST_KEY = re.compile(rb"cap_[A-Za-z0-9_-]{20,}")


def _loose(path: Path) -> list[str]:
    """Everything below `path` (itself included) that its group or others may use."""
    found = []
    for entry in [path, *path.rglob("*")]:
        mode = entry.lstat().st_mode
        if not stat.S_ISLNK(mode) and stat.S_IMODE(mode) & 0o077:
            found.append(f"{entry} {stat.S_IMODE(mode):04o}")
    return found


def test_protect_takes_group_and_other_access_from_older_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "secrets").mkdir(parents=True)
    data.chmod(0o755)
    (data / "secrets").chmod(0o755)
    (data / "secrets" / "old.key").write_bytes(b"k")
    (data / "secrets" / "old.key").chmod(0o644)
    (data / "capture.duckdb").write_bytes(b"")
    (data / "capture.duckdb").chmod(0o664)
    (tmp_path / "elsewhere").write_bytes(b"")
    (tmp_path / "elsewhere").chmod(0o644)
    (data / "link").symlink_to(tmp_path / "elsewhere")
    fixed = protect(data)
    assert len(fixed) == 4, fixed
    assert _loose(data) == []
    assert stat.S_IMODE((data / "capture.duckdb").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "elsewhere").stat().st_mode) == 0o644  # a link is never followed
    assert protect(data) == []


def test_a_started_service_keeps_its_data_private_and_its_first_key_out_of_the_log(
        tmp_path: Path, site: FixtureServer) -> None:
    data = tmp_path / "data"
    (data / "secrets").mkdir(parents=True)
    data.chmod(0o755)
    (data / "secrets" / "api-key-hmac.key").write_bytes(os.urandom(32))
    (data / "secrets" / "api-key-hmac.key").chmod(0o644)
    with running_service(data, site, CAPTURE_DEFAULT_WORKSPACE="local") as service:
        kept = data / "secrets" / "first-api-key"
        key = kept.read_text().strip()
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
        assert service.client.get("/api/usage", headers={"x-api-key": key}).status_code == 200
        answer = service.client.post("/api/jobs", headers={"x-api-key": key}, json={"url": f"{site.base}/simple"})
        assert answer.status_code == 202  # a result file, written with the service's umask
        deadline = time.monotonic() + 60
        while service.client.get(f"/api/jobs/{answer.json()['id']}",
                                 headers={"x-api-key": key}).json()["status"] != "SUCCEEDED":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        log = service.log_text()
        assert key not in log
        assert FIRST_KEY.search(log.encode()) is None
        assert f"it is in {kept}" in log
        assert "made private (was readable by others)" in log
        assert _loose(data) == []
        assert stat.S_IMODE((data / "capture.duckdb").stat().st_mode) == 0o600


@pytest.mark.chromium  # starts a service of its own, with its browsers
def test_on_a_terminal_the_first_key_is_shown_once(tmp_path: Path) -> None:
    env = {**os.environ, "CAPTURE_DATA_DIR": str(tmp_path / "data"), "CAPTURE_LISTEN": "127.0.0.1:0",
           "CAPTURE_METRICS_LISTEN": "", "CAPTURE_EGRESS_ALLOWLIST_ONLY": "1", "CAPTURE_POOL_SIZE": "1"}
    terminal, child_end = pty.openpty()
    with (tmp_path / "stderr").open("wb") as stderr:
        process = subprocess.Popen([sys.executable, str(ROOT / "run.py"), "serve"], env=env, stdout=child_end,
                                   stderr=stderr, cwd=tmp_path)
    os.close(child_end)
    shown = b""
    try:
        deadline = time.monotonic() + 60
        while READY.search(shown.decode(errors="replace")) is None or b"-o page.png" not in shown:
            assert time.monotonic() < deadline, shown
            if select.select([terminal], [], [], 0.5)[0]:
                shown += os.read(terminal, 65536)
        match = FIRST_KEY.search(shown)
        assert match is not None, shown
        url = READY.search(shown.decode())[1]  # type: ignore[index]
        assert httpx.get(f"{url}/api/usage", headers={"x-api-key": match[0].decode()}).status_code == 200
        assert not (tmp_path / "data" / "secrets" / "first-api-key").exists()
        assert match[0] not in (tmp_path / "stderr").read_bytes()
    finally:
        process.terminate()
        process.wait(30)
        os.close(terminal)

