"""What the service does to a launched Chromium's processes on this host: their priority (the browser's at
`chromium_nice`, its renderers below it) and the kill of whatever is left when it stops."""

from __future__ import annotations

import logging
import os
import signal
from pathlib import Path
from typing import Any

from engine.browser.browser_user import BrowserAccount
from engine.browser.privileges import kill_as, renice_as

log = logging.getLogger("capture.chromium")


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
    try:
        comm = Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return False
    return comm.startswith(("chrom", "headless_shell"))
