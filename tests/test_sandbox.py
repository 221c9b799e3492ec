"""Chromium's sandbox is on: renderers in namespaces of their own, and never as root."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from engine.chromium import RENDERER_NICE_STEP, descendants
from tests.conftest import ROOT, Service, Workspace
from tests.fixture_site import FixtureServer

CHROMIUM_USER = "capture-chromium"


@dataclass
class Process:
    cmdline: bytes
    status: dict[str, str]
    namespaces: dict[str, str]  # "user", "pid" → the namespace's identity
    nice: int
    started: int  # clock ticks after boot


def _process(pid: int) -> Process:
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return Process(Path(f"/proc/{pid}/cmdline").read_bytes(),
                   {name: value.strip() for name, _, value in (line.partition(":") for line in lines)},
                   {ns: os.readlink(f"/proc/{pid}/ns/{ns}") for ns in ("user", "pid")},
                   nice=int(stat[16]), started=int(stat[19]))


def _browser_processes(service: Service) -> dict[int, Process]:
    """Every process below the service (chromedriver, Chromium and its helpers), read at once."""
    found = {}
    for pid in descendants(service.process.pid):
        try:
            found[pid] = _process(pid)
        except OSError:
            continue  # ended meanwhile
    return found


def _during_a_capture(ws: Workspace, site: FixtureServer) -> dict[int, Process]:
    """The service's processes while a capture's page is open in a renderer."""
    hangs = site.count("/hang")
    answers: list[httpx.Response] = []
    worker = threading.Thread(target=lambda: answers.append(
        ws.capture(url=f"{site.base}/never-loads", timeoutMs=3000)))
    worker.start()
    try:
        site.wait_for_request("/hang", more_than=hangs)
        return _browser_processes(ws.service)
    finally:
        worker.join(60)
        assert answers, "the capture never answered"
        assert answers[0].status_code == 504, answers[0].text


def test_renderers_run_sandboxed_and_never_as_root(service: Service, pro: Workspace, site: FixtureServer) -> None:
    processes = _during_a_capture(pro, site)
    renderers = {pid: p for pid, p in processes.items() if b"--type=renderer" in p.cmdline}
    assert renderers, "no renderer process found during a capture"
    own = _process(os.getpid()).namespaces
    for pid, renderer in renderers.items():
        assert renderer.namespaces["user"] != own["user"], f"renderer {pid} shares our user namespace"
        assert renderer.namespaces["pid"] != own["pid"], f"renderer {pid} shares our PID namespace"
        assert renderer.status["Seccomp"] == "2", f"renderer {pid} has no seccomp filter"
    assert not any(b"--no-sandbox" in p.cmdline for p in processes.values())
    expected = pwd.getpwnam(CHROMIUM_USER).pw_uid if os.geteuid() == 0 else os.geteuid()
    for pid, process in processes.items():  # chromedriver, the browser and every helper alike
        real, effective, saved, _ = process.status["Uid"].split()
        assert {int(real), int(effective), int(saved)} == {expected}, f"process {pid} runs as uid {real}"


def test_renderers_run_below_the_browser(service: Service, pro: Workspace, site: FixtureServer) -> None:
    """What Chromium does itself only as root: unprivileged, its renderers would compete with the browser."""
    processes = _during_a_capture(pro, site)
    browser = next(p for p in processes.values()
                   if b"--type=" not in p.cmdline and not p.cmdline.split(b"\0")[0].endswith(b"chromedriver"))
    renderers = [p for p in processes.values() if b"--type=renderer" in p.cmdline]
    newest = max(renderers, key=lambda p: p.started)  # the capture's page (those before it came with the browser)
    assert newest.nice == browser.nice + RENDERER_NICE_STEP
    helpers = [p for p in processes.values() if b"--type=gpu-process" in p.cmdline
               or b"network.mojom.NetworkService" in p.cmdline]
    assert helpers
    assert all(p.nice == browser.nice for p in helpers)


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root service drops Chromium to another user")
def test_a_root_service_without_its_chromium_user_refuses_to_start(tmp_path: Path) -> None:
    env = {**os.environ, "CAPTURE_DATA_DIR": str(tmp_path / "data"), "CAPTURE_LISTEN": "127.0.0.1:0",
           "CAPTURE_METRICS_LISTEN": "", "CAPTURE_CHROMIUM_USER": "no-such-capture-user"}
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "serve"], env=env, capture_output=True,
                          timeout=60, check=False)
    assert done.returncode == 1
    assert b"'no-such-capture-user', which does not exist" in done.stderr
    assert b"capture service ready" not in done.stdout
