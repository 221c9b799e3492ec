"""Starting and stopping one Chromium through Selenium and Debian's chromedriver.

Blocking calls only: the pool runs these in threads. Selenium is always given
the driver and browser paths, so Selenium Manager never reaches the network.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import pwd
import secrets
import signal
import socket
import tempfile
import urllib.request
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from selenium.webdriver.chrome.options import Options as ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver as Chrome  # loaded now, not lazily in the launch thread
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.command import Command
from selenium.webdriver.remote.webdriver import WebDriver as Remote

from engine.browser.privileges import can_switch_users, drop_capabilities, kill_as, renice_as, run_as
from engine.operations.settings import Settings, url_host

log = logging.getLogger("capture.chromium")
GRID_TIMEOUT_S = 60  # a Grid's answer to one WebDriver command (a new session waits in its queue)
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


def egress_flags(proxy_server: str, guard_host: str = "127.0.0.1") -> tuple[str, ...]:
    """Every request through the egress guard, loopback included; Chromium itself resolves no name.

    The host resolver rule is the second wall: should anything ever skip the
    proxy, it finds no address to go to. The guard's own address is excluded
    so that it can be reached.
    """
    return (f"--proxy-server={proxy_server}", f"--proxy-bypass-list={PROXY_BYPASS_LIST}",
            f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {guard_host}")


def running_as_root() -> bool:
    return os.geteuid() == 0


class BrowserUserMissing(Exception):
    """The service may switch users (root, or the unit's capabilities) and Chromium's user does not exist."""


@dataclass(frozen=True)
class BrowserAccount:
    """The unprivileged user chromedriver and Chromium run as when the service may switch users: as root, or
    under the systemd unit with CAP_SETUID and CAP_SETGID (engine.browser.privileges).

    Chromium's sandbox needs an unprivileged user: as root it refuses to start
    without --no-sandbox, and then a renderer exploit owns the host. Apart from
    the service's own user, a browser that escaped its sandbox still cannot read
    the data directory's secrets.
    """

    name: str
    uid: int
    gid: int

    @classmethod
    def for_service(cls, name: str) -> BrowserAccount | None:
        """The account to drop to, or None when the service cannot switch users (Chromium runs as the service)."""
        if not can_switch_users():
            return None
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            raise BrowserUserMissing(
                f"the service may switch users, and Chromium must run as the unprivileged user {name!r}, which "
                f"does not exist: create it (./bootstrap.sh does: useradd --system --user-group --no-create-home "
                f"--shell /usr/sbin/nologin {name}), set chromium_user, or run the service unprivileged") from None
        if entry.pw_uid == 0:
            raise BrowserUserMissing(f"chromium_user {name!r} is root; Chromium needs an unprivileged user")
        return cls(name, entry.pw_uid, entry.pw_gid)


# What the driver and the browser see of our environment: never the CAPTURE_* settings (payload keys among them).
_PASSED_ENVIRONMENT = ("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "HOME")


def _browser_environment(home: str | None) -> dict[str, str]:
    env = {name: os.environ[name] for name in _PASSED_ENVIRONMENT if name in os.environ}
    if home is not None:
        env["HOME"] = home  # the account has no home of its own; Chromium keeps its few files beside the profile
    return env


def _nice_at_least(value: int) -> None:
    os.nice(value - os.nice(0))


def _in_child(first: Any, nice: int) -> None:
    if first is not None:
        first()
    _nice_at_least(nice)


class OwnProfile:
    """A profile directory the browser user makes itself, when the service is not root and so cannot hand
    it one (no CAP_CHOWN): a new name in the temporary directory, made by `make` in the forked child after
    its switch to the account (mkdir never follows a name planted there before), removed as the account."""

    def __init__(self, account: BrowserAccount) -> None:
        self.account = account
        self.name = str(Path(tempfile.gettempdir()) / f"capture-chromium-{secrets.token_hex(8)}")

    def make(self) -> None:
        drop_capabilities()
        os.mkdir(self.name, 0o700)

    def cleanup(self) -> None:
        run_as(self.account.uid, self.account.gid, "rm", "-rf", "--", self.name)


# What Chromium gives a renderer it has put in the background (base::Process's kBackgroundPriority).
# It does that only where it could raise the renderer back, that is as root: run as another user its
# renderers stayed at the browser's value and took 60-70 % more CPU per capture (measured beside a
# root run, 175 against 290 ms on the text page), work a renderer that is about to be closed does with
# whatever it is given. A headless page counts as hidden, so as root the renderer did its capture there.
RENDERER_NICE_STEP = 5


def _renderers_below_browser(chromium: Chromium, nice: int) -> None:
    """Start every later renderer at `nice`: each is forked by the zygote and inherits its value.

    The other zygote (`--no-zygote-sandbox`) starts the GPU and utility
    processes, which stay where the browser is. Raising a nice value is
    allowed for our own user's processes, and as root for any.
    """
    for pid in chromium.pids[1:]:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()  # Chromium may have rewritten it as one string
            if b"--type=zygote" in command and b"--no-zygote-sandbox" not in command:
                if isinstance(chromium.user_data_dir, OwnProfile):  # another user's process: as that user
                    account = chromium.user_data_dir.account
                    renice_as(account.uid, account.gid, pid, nice)
                else:
                    os.setpriority(os.PRIO_PROCESS, pid, nice)
        except (ProcessLookupError, FileNotFoundError):
            continue
        except OSError as error:
            log.warning("cannot lower the priority of Chromium's renderers (%s): they compete with the browser", error)


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
    options = ChromeOptions()
    options.binary_location = str(settings.chromium_path)
    for flag in (*BASE_FLAGS, f"--user-data-dir={user_data.name}", *extra_flags):
        options.add_argument(flag)
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
        popen["preexec_fn"] = functools.partial(_in_child, made, settings.chromium_nice)
    env = _browser_environment(user_data.name if account is not None else None)
    try:
        driver = Chrome(service=Service(str(settings.chromedriver_path), env=env, popen_kw=popen), options=options)
    except BaseException:
        user_data.cleanup()
        raise
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as answer:
        cdp_url = json.load(answer)["webSocketDebuggerUrl"]
    chromium = Chromium(driver, cdp_url, driver.service.process.pid, user_data)
    _renderers_below_browser(chromium, min(max(settings.chromium_nice, os.nice(0)) + RENDERER_NICE_STEP, 19))
    return chromium


def launch_remote(settings: Settings, extra_flags: tuple[str, ...] = ()) -> Chromium:
    """A session on the Selenium Grid at `grid_url` with the same flags, its DevTools reached through the
    Grid's own CDP endpoint (`se:cdp`). The node's chromedriver makes the profile and removes it."""
    options = ChromeOptions()
    options.binary_location = str(settings.chromium_path)  # the node's stereotype names the same binary
    for flag in (*BASE_FLAGS, *extra_flags):
        options.add_argument(flag)
    if settings.unsafe_disable_chromium_sandbox:
        options.add_argument("--no-sandbox")
    config = ClientConfig(settings.grid_url, timeout=GRID_TIMEOUT_S)
    driver = Remote(command_executor=settings.grid_url, options=options, client_config=config)
    cdp_url = driver.capabilities.get("se:cdp")
    if not cdp_url:
        driver.quit()
        raise GridWithoutCdp(f"the Grid at {settings.grid_url} gave a session without se:cdp (Selenium Grid 4 "
                             "with a Chromium node is needed)")
    return Chromium(driver, grid_cdp_url(settings.grid_url, cdp_url), None, None)


def grid_cdp_url(grid_url: str, se_cdp: str) -> str:
    """The session's se:cdp path at grid_url's address. A Grid reports its endpoint under the address it
    thinks it has (by default an interface address and port 4444, whatever it listens on), which the
    control host may not reach, or must not: only grid_url is the operator's word."""
    grid, cdp = urlsplit(grid_url), urlsplit(se_cdp)
    return urlunsplit(("wss" if grid.scheme == "https" else "ws", grid.netloc, cdp.path, cdp.query, ""))


class GridWithoutCdp(Exception):
    """The Grid's session has no CDP endpoint: the pool cannot drive it."""


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
    account = chromium.user_data_dir.account if isinstance(chromium.user_data_dir, OwnProfile) else None
    if force:
        _kill_browser_processes(leftovers, account)
    try:
        chromium.driver.quit()
    except Exception:
        pass
    _kill_browser_processes(leftovers, account)
    if chromium.user_data_dir is not None:
        chromium.user_data_dir.cleanup()


def _kill_browser_processes(pids: list[int], account: BrowserAccount | None = None) -> None:
    """SIGKILL to those still browser processes; as `account` when they are its (the service cannot signal
    another user's processes unless it is root)."""
    alive = [pid for pid in pids if _is_browser_process(pid)]  # never a recycled pid that is someone else's now
    if account is not None and alive:
        kill_as(account.uid, account.gid, alive)
        return
    for pid in alive:
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
