"""Starting and stopping one Chromium through Selenium and Debian's chromedriver.

Blocking calls only: the pool runs these in threads. Selenium is always given
the driver and browser paths, so Selenium Manager never reaches the network.
"""

from __future__ import annotations

import ctypes
import functools
import json
import logging
import os
import signal
import socket
import tempfile
import urllib.request
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from selenium.webdriver.chrome.options import Options as ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver as Chrome  # loaded now, not lazily in the launch thread

from engine.settings import Settings

log = logging.getLogger("capture.chromium")
PROXY_BYPASS_LIST = "<-loopback>"  # Chromium bypasses loopback implicitly; this takes that away

BASE_FLAGS = (
    "--headless=new",
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--disable-quic",
    "--disable-features=DnsOverHttps,Translate,MediaRouter,OptimizationHints",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--hide-scrollbars",
    "--mute-audio",
    "--disable-dev-shm-usage",
    "--block-new-web-contents",
)


def egress_flags(proxy_server: str) -> tuple[str, ...]:
    """Every request through the egress guard, loopback included; Chromium itself resolves no name.

    The host resolver rule is the second wall: should anything ever skip the
    proxy, it finds no address to go to. 127.0.0.1 is excluded so that the
    guard itself can be reached.
    """
    return (f"--proxy-server={proxy_server}", f"--proxy-bypass-list={PROXY_BYPASS_LIST}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")


def running_as_root() -> bool:
    return os.geteuid() == 0


_PR_CAPBSET_DROP = 24  # <linux/prctl.h>
_CAP_SYS_NICE = 23  # <linux/capability.h>


def _browser_below_us() -> None:
    """Keep Chromium from raising its threads above the service's priority.

    Run as root, Chromium moves its compositor, IO and GPU threads to nice -8,
    and under load they then starve the service's one event-loop thread (HTTP,
    CDP, the event log). Without root it cannot, which is how it runs under
    systemd with an ordinary user. Taking CAP_SYS_NICE out of this thread's
    bounding set makes a root run the same: the driver is started from this
    thread and passes the smaller set on to the browser. The service's own
    threads keep theirs.
    """
    if not running_as_root():
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_CAPBSET_DROP, _CAP_SYS_NICE, 0, 0, 0) != 0:
        log.warning("cannot drop CAP_SYS_NICE for Chromium (errno %d): it may run above the service",
                    ctypes.get_errno())


def _nice_at_least(value: int) -> None:
    os.nice(value - os.nice(0))


@dataclass
class Chromium:
    driver: Chrome
    cdp_url: str
    driver_pid: int
    user_data_dir: tempfile.TemporaryDirectory[str]

    @property
    def pids(self) -> list[int]:
        """chromedriver and every process below it (Chromium and its helpers)."""
        return [self.driver_pid, *descendants(self.driver_pid)]


def resident_bytes(chromium: Chromium) -> int:
    """Summed resident memory of chromedriver and the browser's processes (reads /proc: call it in a thread)."""
    total = 0
    page = os.sysconf("SC_PAGE_SIZE")
    for pid in chromium.pids:
        try:
            total += int(_proc_read(f"/proc/{pid}/statm").split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    return total


def _proc_read(path: str) -> bytes:
    """A small /proc file's bytes with two system calls: read after every capture, Path.read_text cost 4x."""
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 4096)
    finally:
        os.close(fd)


def launch(chromium_path: Path, chromedriver_path: Path, extra_flags: tuple[str, ...] = (), nice: int = 0) -> Chromium:
    """A running Chromium with its DevTools address; the driver and the browser run at `nice`, never above us."""
    user_data = tempfile.TemporaryDirectory(prefix="capture-chromium-")
    options = ChromeOptions()
    options.binary_location = str(chromium_path)
    for flag in BASE_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={user_data.name}")
    for flag in extra_flags:
        options.add_argument(flag)
    if running_as_root():
        options.add_argument("--no-sandbox")
    _browser_below_us()  # before the driver starts: it and the browser inherit this thread's bounding set
    # Set in the forked child only: it and everything it starts inherit the value, we keep ours.
    popen = {"preexec_fn": functools.partial(_nice_at_least, nice)} if nice > os.nice(0) else {}
    driver = Chrome(service=Service(str(chromedriver_path), popen_kw=popen), options=options)
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as answer:
        cdp_url = json.load(answer)["webSocketDebuggerUrl"]
    return Chromium(driver, cdp_url, driver.service.process.pid, user_data)


class HeadStart:
    """The pool's first browsers, launched before the event loop and the rest of the service exist.

    Chromium needs about a second of CPU to start, and the service about as much
    to import the rest of itself. Started first, the browsers boot on the core
    that Python's one thread leaves idle, and the service is ready that much
    sooner. The egress guard's browser-wide listener is bound before they
    start: they are behind the guard from their first request, which waits in
    the listener's backlog until the guard serves it.
    """

    def __init__(self, settings: Settings) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))  # the guard adopts it
        proxy = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self._executor = ThreadPoolExecutor(settings.pool_size, thread_name_prefix="chromium-head-start")
        self._launches: deque[Future[Chromium]] = deque(
            self._executor.submit(launch, settings.chromium_path, settings.chromedriver_path, egress_flags(proxy),
                                  settings.chromium_nice)
            for _ in range(settings.pool_size))

    def take(self) -> Future[Chromium] | None:
        """A launch for a pool slot to adopt (thread-safe), or None once all are taken."""
        try:
            return self._launches.popleft()
        except IndexError:
            return None

    def close(self) -> None:
        """Stop the browsers no slot adopted: the service stopped before its pool started."""
        while (started := self.take()) is not None:
            try:
                browser = started.result()
            except Exception:
                continue  # nothing left running: Selenium stops its driver when a launch fails
            stop(browser)
        self._executor.shutdown()
        self.listener.close()  # a no-op once the guard has served and closed it


def stop(chromium: Chromium, force: bool = False) -> None:
    """Quit through the driver, then kill whatever is left of the process tree.

    `force` kills the browser before the quit: a browser that stopped answering
    would otherwise hold the driver's quit until its own timeout.
    """
    leftovers = chromium.pids
    if force:
        _kill_browser_processes(leftovers)
    try:
        chromium.driver.quit()
    except Exception:
        pass
    _kill_browser_processes(leftovers)
    chromium.user_data_dir.cleanup()


def _kill_browser_processes(pids: list[int]) -> None:
    for pid in pids:
        if _is_browser_process(pid):  # never a recycled pid that now belongs to someone else
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _is_browser_process(pid: int) -> bool:
    try:
        comm = Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return False
    return comm.startswith(("chrom", "headless_shell"))


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = _proc_read(f"/proc/{name}/stat")
        except OSError:
            continue  # it ended meanwhile
        parent = int(stat.rsplit(b")", 1)[1].split(None, 2)[1])  # after the command, which may hold ") "
        children.setdefault(parent, []).append(int(name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
