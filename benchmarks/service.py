"""The service under test: a real `run.py serve` on 127.0.0.1:0, egress allowed to the fixture site only."""

from __future__ import annotations

import functools
import math
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import psutil
import trio

from engine.browser.chromium import descendants

ROOT = Path(__file__).resolve().parent.parent
READY = re.compile(r"capture service ready on (http://\S+)")
START_S = 60
SERVICE_NICE = -5
# Limits out of the way: the benchmark measures the service, not its rate limiter.
PLANS = """
[plans.free]
monthly_captures = 100
requests_per_minute = 10
features = []

[plans.bench]
monthly_captures = 100000000
requests_per_minute = 100000000
features = ["pdfOutput", "htmlOutput", "webmOutput", "durableWebhooks", "retainedDownloads", "aiElementRemoval",
            "scrolling", "deviceMockups", "customJavaScript", "regionalProxies"]
"""


@dataclass
class RunningService:
    url: str
    process: subprocess.Popen[bytes]
    env: dict[str, str]
    workdir: tempfile.TemporaryDirectory[str]
    ready_s: float  # from the process start to its "ready" line
    key: str = ""

    def cli(self, *args: str) -> dict[str, object]:
        done = subprocess.run([sys.executable, str(ROOT / "run.py"), *args], env=self.env, capture_output=True,
                              timeout=60, check=True)
        answer: dict[str, object] = orjson.loads(done.stdout.splitlines()[0])
        return answer

    def sql(self, query: str) -> list[dict[str, Any]]:
        """Every row of a read-only query, through the control socket (`cli("sql", …)` answers the first)."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(60)
            sock.connect(str(Path(self.env["CAPTURE_DATA_DIR"]) / "control.sock"))
            sock.sendall(orjson.dumps({"command": "sql", "args": {"query": query}}) + b"\n")
            rows: list[dict[str, Any]] = []
            with sock.makefile("rb") as answers:
                for line in answers:
                    answer = orjson.loads(line)
                    if answer.get("done"):
                        return rows
                    rows.append(answer)
        raise RuntimeError("the control socket closed before the answer was complete")

    def rss(self) -> tuple[int, int]:
        """Resident bytes of the service process and of everything below it (chromedriver, Chromium)."""
        below = sum(_rss(pid) for pid in descendants(self.process.pid))
        return _rss(self.process.pid), below

    def cpu_seconds(self) -> tuple[float, float, float]:
        """CPU-seconds so far of the service's whole tree (Chromium's included), of its own process, and of that
        process's event loop thread (its main thread, where run.py runs trio; /proc/PID/task/PID/stat)."""
        return cpu_seconds(self.process.pid), *own_and_main_thread_cpu(self.process.pid)

    def browser_pids(self) -> list[int]:
        return [pid for pid in descendants(self.process.pid) if _comm(pid).startswith(("chrom", "headless"))]

    def stop(self, timeout: float = 30) -> Leftovers:
        """SIGTERM, wait; then the Chromium or chromedriver processes of the tree that are still there.

        A running one is an orphan. A zombie is dead already and only waits for its new parent
        (PID 1, once its own parent is gone) to reap it; it is counted apart.
        """
        watched = descendants(self.process.pid)
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        time.sleep(0.5)
        left = [pid for pid in watched if _comm(pid).startswith(("chrom", "headless"))]
        found = Leftovers(orphans=[pid for pid in left if _state(pid) not in ("Z", "")],
                          zombies=[pid for pid in left if _state(pid) == "Z"])
        for pid in found.orphans:  # ours, by PID: never leave them running
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.workdir.cleanup()
        return found


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and everything below it, from /proc (psutil).

    A process that ended is counted by the parent that reaped it (its children_* times), so the
    renderers a browser went through count as long as the browser lives.
    """
    total = 0.0
    try:
        root = psutil.Process(pid)
        for process in [root, *root.children(recursive=True)]:
            try:
                times = process.cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
            except psutil.NoSuchProcess:
                pass
    except psutil.NoSuchProcess:
        pass
    return total


def own_and_main_thread_cpu(pid: int) -> tuple[float, float]:
    """CPU-seconds so far of a process itself (every thread it ran, ended ones too) and of its main thread."""
    process = psutil.Process(pid)
    own = process.cpu_times()
    main = next((t.user_time + t.system_time for t in process.threads() if t.id == pid), math.nan)
    return own.user + own.system, main


@dataclass
class Leftovers:
    orphans: list[int]
    zombies: list[int]


def start(site_port: int, pool_size: int, *, also_allow: tuple[int, ...] = (),
          extra_env: dict[str, str] | None = None) -> RunningService:
    """`also_allow`: more loopback ports the service may reach (a webhook receiver); `extra_env`: more
    settings (CAPTURE_GRID_URL)."""
    workdir = tempfile.TemporaryDirectory(prefix="capture-bench-")
    data = Path(workdir.name) / "data"
    data.mkdir()
    (Path(workdir.name) / "plans.toml").write_text(PLANS)
    (Path(workdir.name) / "hosts").write_text("127.0.0.1 fixture.test\n")
    env = {
        **os.environ,
        "CAPTURE_DATA_DIR": str(data),
        "CAPTURE_LISTEN": "127.0.0.1:0",
        "CAPTURE_METRICS_LISTEN": "127.0.0.1:0",
        "CAPTURE_EGRESS_ALLOW": ",".join(f"127.0.0.1:{port}" for port in (site_port, *also_allow)),
        "CAPTURE_EGRESS_ALLOWLIST_ONLY": "1",
        "CAPTURE_RESOLVER_HOSTS_FILE": str(Path(workdir.name) / "hosts"),
        "CAPTURE_PLANS_FILE": str(Path(workdir.name) / "plans.toml"),
        "CAPTURE_DEFAULT_WORKSPACE": "",
        "CAPTURE_POOL_SIZE": str(pool_size),
        "CAPTURE_LOG_LEVEL": "warning",
        "CAPTURE_LEASE_TIMEOUT_S": "120",  # the baseline queues without limit; so does the service here
        **(extra_env or {}),
    }
    log = Path(workdir.name) / "service.log"
    started = time.monotonic()
    with log.open("wb") as out:
        # As the README's systemd unit runs it: Nice=-5, Chromium at 0 (root only: a lower nice needs privileges).
        nicer = functools.partial(os.nice, SERVICE_NICE) if os.geteuid() == 0 else None
        process = subprocess.Popen([sys.executable, str(ROOT / "run.py"), "serve"], env=env, stdout=out,
                                   stderr=subprocess.STDOUT, cwd=workdir.name, preexec_fn=nicer)
    deadline = started + START_S
    while time.monotonic() < deadline:
        match = READY.search(log.read_text(errors="replace"))
        if match:
            service = RunningService(match[1], process, env, workdir, time.monotonic() - started)
            workspace = service.cli("workspace", "create", "--name", "bench", "--plan", "bench")
            service.key = str(service.cli("key", "create", "--workspace", str(workspace["id"]))["key"])
            return service
        if process.poll() is not None:
            break
        time.sleep(0.01)
    process.kill()
    raise RuntimeError(f"the service did not start:\n{log.read_text(errors='replace')}")


def _rss(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _state(pid: int) -> str:
    """The one-letter state from /proc/<pid>/stat (R, S, Z, ...); empty once the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


class Peak:
    """The largest RSS seen of the service and of its Chromium tree, sampled every 0.2 s."""

    def __init__(self, service: RunningService) -> None:
        self.service = service
        self.service_bytes = 0
        self.browser_bytes = 0

    async def sample(self) -> None:
        while True:
            own, below = await trio.to_thread.run_sync(self.service.rss)
            self.service_bytes = max(self.service_bytes, own)
            self.browser_bytes = max(self.browser_bytes, below)
            await trio.sleep(0.2)
