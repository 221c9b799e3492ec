"""Starting and stopping one Chromium through Selenium and Debian's chromedriver, or on a Selenium Grid.

The user it runs as is engine.browser.browser_user's, what is done to its
processes engine.browser.processes', the Grid's side engine.browser.grid's.

Blocking calls only: the pool runs these in threads. Selenium is always given
the driver and browser paths, so Selenium Manager never reaches the network.
"""

from __future__ import annotations

import functools
import json
import os
import socket
import tempfile
import urllib.request
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from selenium.webdriver.chrome.options import Options as ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver as Chrome  # loaded now, not lazily in the launch thread
from selenium.webdriver.remote.command import Command
from selenium.webdriver.remote.webdriver import WebDriver as Remote

from engine.browser.browser_user import BrowserAccount, OwnProfile, browser_environment, running_as_root
from engine.browser.grid import open_grid_session
from engine.browser.processes import (
    RENDERER_NICE_STEP,
    adopted,
    in_child,
    kill_browser_processes,
    reap,
    renderers_below_browser,
)
from engine.operations.settings import Settings, url_host

GRID_TIMEOUT_S = 60  # a Grid's answer to one WebDriver command (a new session waits in its queue)
PROXY_BYPASS_LIST = "<-loopback>"  # Chromium bypasses loopback implicitly; this takes that away

HEADLESS_FLAG = "--headless=new"
BASE_FLAGS = (
    HEADLESS_FLAG,
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
    # Each capture opens a browser context, and Chromium opens a window for its tab: with these features on,
    # every window loaded the omnibox popup's WebUI page in a renderer of its own (chrome://omnibox-popup,
    # seen in a trace), about 250 ms of CPU per text capture (490 against 220 back to back, 740 against 270
    # with a pause, when a warm spare's window had the time to load it); all three had to go. Chromium's own
    # spare renderer, made for a context the next capture never uses, cost about 30 ms more (issue 37).
    "--disable-features=DnsOverHttps,Translate,MediaRouter,OptimizationHints,"
    "WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--hide-scrollbars",
    "--mute-audio",
    "--disable-dev-shm-usage",
    "--block-new-web-contents",
    # The full browser isolates every site in its own renderer by default; Chromium's headless shell does not: a
    # cross-site frame would share the page's renderer (and the removal could not read it as a frame of its own).
    "--site-per-process",
)


def egress_flags(proxy_server: str, guard_host: str = "127.0.0.1") -> tuple[str, ...]:
    """Every request through the egress guard, loopback included; Chromium itself resolves no name.

    The host resolver rule is the second wall: should anything ever skip the
    proxy, it finds no address to go to. The guard's own address is excluded
    so that it can be reached.
    """
    return (f"--proxy-server={proxy_server}", f"--proxy-bypass-list={PROXY_BYPASS_LIST}",
            f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {guard_host}")


@dataclass
class Chromium:
    """A browser the pool drives: launched here (`driver_pid`, a profile directory), or a remote session on a
    Selenium Grid node (neither: its processes are on another host)."""

    driver: Chrome | Remote
    cdp_url: str
    driver_pid: int | None
    user_data_dir: tempfile.TemporaryDirectory[str] | OwnProfile | None

    @property
    def remote(self) -> bool:
        return self.driver_pid is None

    @property
    def pids(self) -> list[int]:
        """chromedriver and every process below it (Chromium and its helpers); none for a remote session."""
        if self.driver_pid is None:
            return []
        return [self.driver_pid, *descendants(self.driver_pid)]

    @property
    def signalled_as(self) -> BrowserAccount | None:
        """The browser user, when its processes are another user's that the service (not root) cannot signal or
        renice itself; None when it can."""
        return self.user_data_dir.account if isinstance(self.user_data_dir, OwnProfile) else None


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


def launch(settings: Settings, extra_flags: tuple[str, ...] = ()) -> Chromium:
    """A running Chromium with its DevTools address, sandboxed, at `chromium_nice`, never above us.

    As root, chromedriver and the browser run as `chromium_user` with its own
    group only; raises BrowserUserMissing when that user does not exist.
    With `grid_url` set, a remote session on the Grid instead (`launch_remote`).
    """
    if settings.grid_url:
        return launch_remote(settings, extra_flags)
    account = BrowserAccount.for_service(settings.chromium_user)
    user_data: tempfile.TemporaryDirectory[str] | OwnProfile
    if account is not None and not running_as_root():
        user_data = OwnProfile(account)  # made by the browser user itself: the service cannot chown
    else:
        user_data = tempfile.TemporaryDirectory(prefix="capture-chromium-")
    options = chrome_options(settings.chromium_path, (f"--user-data-dir={user_data.name}", *extra_flags))
    if settings.unsafe_disable_chromium_sandbox:
        options.add_argument("--no-sandbox")
    popen: dict[str, Any] = {"umask": 0o077}
    if account is not None:
        if isinstance(user_data, OwnProfile):
            popen["preexec_fn"] = user_data.make  # in the child, once it is the account
        else:
            os.chown(user_data.name, account.uid, account.gid)
        popen.update(user=account.uid, group=account.gid, extra_groups=[])
    if settings.chromium_nice > os.nice(0):
        # Set in the forked child only (after it dropped to the account): it and its children inherit it.
        made = popen.get("preexec_fn")
        popen["preexec_fn"] = functools.partial(in_child, made, settings.chromium_nice)
    env = browser_environment(user_data.name if account is not None else None)
    try:
        driver = Chrome(service=Service(str(settings.chromedriver_path), env=env, popen_kw=popen), options=options)
    except BaseException:
        user_data.cleanup()
        raise
    chromium = Chromium(driver, devtools_url(driver), driver.service.process.pid, user_data)
    renderer_nice = min(max(settings.chromium_nice, os.nice(0)) + RENDERER_NICE_STEP, 19)
    renderers_below_browser(chromium.pids, chromium.signalled_as, renderer_nice)
    return chromium


def chrome_options(binary: Path, flags: tuple[str, ...]) -> ChromeOptions:
    """BASE_FLAGS and `flags` for `binary`. Chromium's headless shell (issue 37) is headless by build, and
    chromedriver gives it its first page only when asked for it by name: without, it finds no page to drive."""
    options = ChromeOptions()
    options.binary_location = str(binary)
    shell = is_headless_shell(binary)
    for flag in (*BASE_FLAGS, *flags):
        if not (shell and flag == HEADLESS_FLAG):
            options.add_argument(flag)
    if shell:
        options.set_capability("browserName", "chrome-headless-shell")
    return options


def is_headless_shell(binary: Path) -> bool:
    """Debian's chromium-headless-shell, Google's chrome-headless-shell (a link to either counts by its target)."""
    return "headless-shell" in binary.name or "headless-shell" in binary.resolve().name


def devtools_url(driver: Chrome) -> str:
    """The browser's DevTools WebSocket address, from the debugging port chromedriver gave it (blocking)."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as answer:
        return str(json.load(answer)["webSocketDebuggerUrl"])


def launch_remote(settings: Settings, extra_flags: tuple[str, ...] = ()) -> Chromium:
    """A session on the Selenium Grid at `grid_url` with the same flags, its DevTools reached through the
    Grid's own CDP endpoint (`se:cdp`). The node's chromedriver makes the profile and removes it."""
    options = chrome_options(settings.grid_chromium_path, extra_flags)  # the node's stereotype names the binary
    if settings.unsafe_disable_chromium_sandbox:
        options.add_argument("--no-sandbox")
    driver, cdp_url = open_grid_session(settings.grid_url, options, GRID_TIMEOUT_S)
    return Chromium(driver, cdp_url, None, None)


def keep_alive(chromium: Chromium) -> None:
    """A cheap WebDriver command, so the Grid does not end a session that only speaks CDP as idle."""
    chromium.driver.execute(Command.GET_TITLE)


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
        host = guard_host(settings)
        self.listener = socket.create_server((host, 0), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
        proxy = f"http://{url_host(host)}:{self.listener.getsockname()[1]}"  # the guard adopts the listener
        self._executor = ThreadPoolExecutor(settings.pool_size, thread_name_prefix="chromium-head-start")
        self._launches: deque[Future[Chromium]] = deque(
            self._executor.submit(launch, settings, egress_flags(proxy, host)) for _ in range(settings.pool_size))

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


def guard_host(settings: Settings) -> str:
    """Where the egress guard listens: loopback for local browsers, `egress_listen` for a Grid's."""
    return settings.egress_listen if settings.grid_url else "127.0.0.1"


def stop(chromium: Chromium, force: bool = False) -> None:
    """Quit through the driver, then kill whatever is left of the process tree.

    `force` kills the browser before the quit: a browser that stopped answering
    would otherwise hold the driver's quit until its own timeout.
    """
    leftovers = chromium.pids
    account = chromium.signalled_as
    if force:
        kill_browser_processes(leftovers, account)
    try:
        chromium.driver.quit()
    except Exception:
        pass
    kill_browser_processes(leftovers, account)
    reap(leftovers)
    reap(adopted(), within_s=0)  # the dead among those handed to us: this browser's crash handlers, or earlier ones'
    if chromium.user_data_dir is not None:
        chromium.user_data_dir.cleanup()


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
