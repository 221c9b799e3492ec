"""Chromium's sandbox is on: renderers in namespaces of their own, and never as root."""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from engine.browser.chromium import descendants
from engine.browser.privileges import kill_as
from engine.browser.processes import RENDERER_NICE_STEP
from tests.chromium_watch import binary_of, proc_stat
from tests.conftest import ROOT, Service, Workspace, start_service, stop_service
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
    stat = proc_stat(pid)
    if not stat:
        raise ProcessLookupError(pid)  # ended meanwhile, as the reads before would have said
    return Process(Path(f"/proc/{pid}/cmdline").read_bytes(),
                   {name: value.strip() for name, _, value in (line.partition(":") for line in lines)},
                   {ns: os.readlink(f"/proc/{pid}/ns/{ns}") for ns in ("user", "pid")},
                   nice=int(stat[16]), started=int(stat[19]))


def _running(pid: int) -> bool:
    """Alive: neither gone nor a zombie (init reaps those of a service that stopped, in its own time)."""
    return proc_stat(pid)[:1] not in ([], ["Z"])


def _browser_processes(service: Service) -> dict[int, Process]:
    """Every process below the service (chromedriver, Chromium and its helpers), read at once; not the markdown
    extractors (the service's own Python, tested in test_walls), which a `format: markdown` capture leaves."""
    found = {}
    for pid in descendants(service.process.pid):
        try:
            process = _process(pid)
        except OSError:
            continue  # ended meanwhile
        if b"engine.browser.markdown" not in process.cmdline:
            found[pid] = process
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
    # bootstrap installs Debian's chromium-headless-shell, and the default chromium_path takes it (issue 37): the
    # browser and its helpers are the shell, sandboxed all the same.
    binaries = {binary_of(pid) for pid in processes} - {""}
    assert "chromium-headless-shell" in binaries, binaries
    assert "chromium" not in binaries, binaries


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


@pytest.mark.skipif(os.geteuid() != 0, reason="setpriv hands a service the unit's capabilities only from root")
def test_an_unprivileged_service_runs_chromium_as_a_user_of_its_own(tmp_path_factory: pytest.TempPathFactory,
                                                                      site: FixtureServer) -> None:
    """As the systemd unit runs it (issue 33): the service as an unprivileged user with only CAP_SETUID and
    CAP_SETGID (AmbientCapabilities; here through setpriv). chromedriver and Chromium run as chromium_user,
    never as the user that owns the data directory's secrets, with no capability, sandboxed, renderers below
    the browser; the service itself may switch to that user only (seccomp); stopping it removes the browser's
    processes and its profile, which the service could neither signal nor delete itself."""
    owner = pwd.getpwnam("nobody")
    base = Path(tempfile.mkdtemp(prefix="capture-unprivileged-"))  # pytest's own temporary dirs are root's only
    base.chmod(0o755)
    (base / "data").mkdir()
    os.chown(base / "data", owner.pw_uid, owner.pw_gid)
    # DAC_READ_SEARCH only so that the service can read this checkout wherever it lies (CI's may be root's
    # alone); the unit grants SETUID and SETGID alone. The browser starts with the ambient set cleared.
    caps = "-all,+setuid,+setgid,+dac_read_search"
    prefix = ("setpriv", f"--reuid={owner.pw_uid}", f"--regid={owner.pw_gid}", "--clear-groups",
              f"--inh-caps={caps}", f"--ambient-caps={caps}", f"--bounding-set={caps}", "--no-new-privs")
    service = start_service(base / "data", site, prefix=prefix)
    processes: dict[int, Process] = {}
    profiles: set[str] = set()
    try:
        status = _process(service.process.pid).status
        assert status["Uid"].split()[0] == str(owner.pw_uid)
        assert status["Seccomp"] == "2"  # confined: it may switch to the browser's user only
        assert Path(base / "data" / "secrets").stat().st_uid == owner.pw_uid
        assert (Path(base / "data" / "secrets").stat().st_mode & 0o077) == 0
        ws = service.workspace("pro")
        processes = _during_a_capture(ws, site)
        browser_uid, host = pwd.getpwnam(CHROMIUM_USER).pw_uid, _process(os.getpid()).namespaces["user"]
        for pid, process in processes.items():
            assert {int(n) for n in process.status["Uid"].split()[:3]} == {browser_uid}, (pid, process.status["Uid"])
            if process.namespaces["user"] == host:  # (a sandboxed zygote holds capabilities in its own namespace)
                assert int(process.status["CapEff"], 16) == int(process.status["CapPrm"], 16) == 0, pid
                assert int(process.status["CapAmb"], 16) == 0, pid
        renderers = [p for p in processes.values() if b"--type=renderer" in p.cmdline]
        assert renderers
        assert all(p.namespaces["user"] != host and p.status["Seccomp"] == "2" for p in renderers)
        browser = next(p for p in processes.values()
                       if b"--type=" not in p.cmdline and not p.cmdline.split(b"\0")[0].endswith(b"chromedriver"))
        assert max(renderers, key=lambda p: p.started).nice == browser.nice + RENDERER_NICE_STEP
        answer = ws.capture(url=f"{site.base}/simple")
        assert answer.status_code == 200, answer.text
        profiles = {arg.split(b"=", 1)[1].decode() for p in processes.values() for arg in p.cmdline.split(b"\0")
                    if arg.startswith(b"--user-data-dir=")}
        assert profiles
        assert all(Path(profile).stat().st_uid == browser_uid for profile in profiles)
    finally:
        stop_service(service)
        shutil.rmtree(base, ignore_errors=True)
    assert not [pid for pid in processes if _running(pid)]
    assert not [profile for profile in profiles if Path(profile).exists()]


@pytest.mark.skipif(os.geteuid() != 0, reason="only a process that may switch users has anything to confine")
def test_a_confined_process_switches_to_the_browsers_user_and_no_other() -> None:
    """engine.browser.privileges.confine, in a process of its own (a filter cannot be unloaded): setuid, setresuid and
    their gid twins are refused whatever they ask, setreuid and setregid only go to the browser's ids,
    setgroups only to none; what subprocess does to start the browser still works."""
    script = """
import os, sys
from engine.browser.privileges import confine
uid, gid = int(sys.argv[1]), int(sys.argv[2])
confine(uid, gid)
for name, call in [("setuid", lambda: os.setuid(0)), ("setresuid", lambda: os.setresuid(0, 0, 0)),
                   ("setgid", lambda: os.setgid(0)), ("setreuid-other", lambda: os.setreuid(1234, 1234)),
                   ("setregid-other", lambda: os.setregid(1234, 1234)), ("setgroups-some", lambda: os.setgroups([0])),
                   ("setgroups-none", lambda: os.setgroups([])), ("setregid-browser", lambda: os.setregid(gid, gid)),
                   ("setreuid-browser", lambda: os.setreuid(uid, uid))]:
    try:
        call()
        print(name, "allowed")
    except PermissionError:
        print(name, "refused")
"""
    account = pwd.getpwnam(CHROMIUM_USER)
    done = subprocess.run([sys.executable, "-c", script, str(account.pw_uid), str(account.pw_gid)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    assert dict(line.split() for line in done.stdout.splitlines()) == {
        "setuid": "refused", "setresuid": "refused", "setgid": "refused", "setreuid-other": "refused",
        "setregid-other": "refused", "setgroups-some": "refused", "setgroups-none": "allowed",
        "setregid-browser": "allowed", "setreuid-browser": "allowed"}


@pytest.mark.skipif(os.geteuid() != 0, reason="starts a process as the browser's user")
def test_what_the_service_cannot_signal_is_killed_as_the_browsers_user() -> None:
    account = pwd.getpwnam(CHROMIUM_USER)
    sleeper = subprocess.Popen(["sleep", "60"], user=account.pw_uid, group=account.pw_gid, extra_groups=[])
    try:
        kill_as(account.pw_uid, account.pw_gid, [sleeper.pid])
        assert sleeper.wait(10) == -signal.SIGKILL
    finally:
        sleeper.kill()
