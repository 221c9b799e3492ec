"""What the service does to a launched Chromium's processes on this host: their priority (the browser's at
`chromium_nice`, its renderers below it), the kill of whatever is left when it stops, and the reaping of what
a browser leaves behind (the service is their subreaper: its crash handlers, a killed browser's zygotes)."""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

from engine.browser.browser_user import BrowserAccount
from engine.browser.privileges import kill_as, renice_as

log = logging.getLogger("capture.chromium")
PR_SET_CHILD_SUBREAPER = 36  # <linux/prctl.h>
REAP_WITHIN_S = 2.0


def _nice_at_least(value: int) -> None:
    os.nice(value - os.nice(0))


def in_child(first: Any, nice: int) -> None:
    """chromedriver's preexec_fn, in the forked child: `first` (the profile made as the account), then `nice`."""
    if first is not None:
        first()
    _nice_at_least(nice)


# What Chromium gives a renderer it has put in the background (base::Process's kBackgroundPriority).
# It does that only where it could raise the renderer back, that is as root: run as another user its
# renderers stayed at the browser's value and took 60-70 % more CPU per capture (measured beside a
# root run, 175 against 290 ms on the text page), work a renderer that is about to be closed does with
# whatever it is given. A headless page counts as hidden, so as root the renderer did its capture there.
RENDERER_NICE_STEP = 5


def renderers_below_browser(pids: list[int], account: BrowserAccount | None, nice: int) -> None:
    """Start every later renderer at `nice`: each is forked by the zygote and inherits its value.

    The other zygote (`--no-zygote-sandbox`) starts the GPU and utility
    processes, which stay where the browser is. Raising a nice value is
    allowed for our own user's processes, and as root for any.
    """
    for pid in pids[1:]:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()  # Chromium may have rewritten it as one string
            if b"--type=zygote" in command and b"--no-zygote-sandbox" not in command:
                if account is not None:  # another user's process: as that user
                    renice_as(account.uid, account.gid, pid, nice)
                else:
                    os.setpriority(os.PRIO_PROCESS, pid, nice)
        except (ProcessLookupError, FileNotFoundError):
            continue
        except OSError as error:
            log.warning("cannot lower the priority of Chromium's renderers (%s): they compete with the browser", error)


def kill_browser_processes(pids: list[int], account: BrowserAccount | None = None) -> None:
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
    return _comm(pid).startswith(("chrom", "headless_shell"))


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def adopt_orphans() -> None:
    """Make the service the reaper of its descendants whose parent dies (prctl PR_SET_CHILD_SUBREAPER).

    A Chromium killed before its zygotes leaves them to the nearest reaper: PID 1 without this, which in a
    container is often a process that never reaps (they stayed zombies there, four per stop).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        log.warning("cannot adopt Chromium's orphans (%s): PID 1 reaps them, or not",
                    os.strerror(ctypes.get_errno()))


def reap(pids: list[int], within_s: float = REAP_WITHIN_S) -> list[int]:
    """Wait (a blocking call) until each of `pids`, killed, is gone: those handed to the service are reaped
    here, by PID, never another child's; the others are their own parent's to reap. Returns those left."""
    deadline = time.monotonic() + within_s
    left = list(pids)
    while left:
        left = [pid for pid in left if not _reaped(pid)]
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    return left


def adopted() -> list[int]:
    """The browser processes handed to the service (Chromium's crash handlers, double-forked; a killed
    browser's helpers), not chromedriver, which Selenium waits for."""
    me = str(os.getpid())
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                parent = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()[1]
            except (OSError, IndexError):
                continue
            if parent == me and _is_browser_process(int(name)) and _comm(int(name)) != "chromedriver":
                found.append(int(name))
    return found


def reap_adopted_at_stop(account: BrowserAccount | None) -> None:
    """With no browser left: wait a moment for the adopted ones to end, kill those that do not, reap all."""
    left = reap(adopted())
    kill_browser_processes(left, account)
    reap(left)


def _reaped(pid: int) -> bool:
    """Gone, or now (our orphan, dead); False while it runs or waits for a parent of its own."""
    try:
        state, parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
    except (OSError, ValueError):
        return True
    if state != "Z" and not _is_browser_process(pid):
        return True  # not a browser's (a recycled pid): nothing to wait for
    if int(parent) != os.getpid():
        return False
    try:
        return os.waitpid(pid, os.WNOHANG)[0] == pid
    except ChildProcessError:
        return True
