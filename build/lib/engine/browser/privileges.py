"""Chromium as a user of its own, from root or from a service that may switch to that user and no other.

Chromium renders hostile pages. Its sandbox confines renderers; should a page ever escape it, the browser
must still not be the user that owns the data directory and its secrets. As root (the quick start, CI) the
service starts chromedriver and Chromium as `chromium_user`. Under systemd the service runs as `capture`
with only CAP_SETUID and CAP_SETGID (the unit's AmbientCapabilities) for the same switch.

Those two capabilities would let the service become any user. `confine` (run once, before any browser
starts) loads a seccomp filter, through libseccomp, after which this process and every child can change
its ids only to the browser's: setreuid and setregid to (uid, uid) and (gid, gid), setgroups to no group,
and setuid, setresuid, setfsuid and their gid twins never. That is exactly what subprocess does for
`user=`, `group=` and `extra_groups=[]`. Chromium's sandbox works under the inherited filter: its
renderers build their namespaces without those calls. Before exec, the child also drops the ambient
capabilities, so the browser starts with none.

The service cannot signal, renice or delete what the browser user owns, so `run_as` does those as that
user: a short command, started as the browser is.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

CAP_SETGID, CAP_SETUID = 6, 7
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
_libc = ctypes.CDLL(None, use_errno=True)


class ConfinementFailed(Exception):
    """The service may switch users but could not be confined to the browser's: it must not run."""


def can_switch_users() -> bool:
    """Root, or CAP_SETUID and CAP_SETGID in the effective set (the systemd unit's ambient capabilities)."""
    if os.geteuid() == 0:
        return True
    status = Path("/proc/self/status").read_text()
    effective = int(next(line.split()[1] for line in status.splitlines() if line.startswith("CapEff:")), 16)
    return bool(effective >> CAP_SETUID & 1 and effective >> CAP_SETGID & 1)


def drop_capabilities() -> None:
    """In a child about to exec (after its switch to the browser user): no ambient capability goes along, so
    the program starts with none."""
    if _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_CAP_AMBIENT_CLEAR_ALL)")


def confine(uid: int, gid: int) -> None:
    """From now on this process and its children switch ids only to (uid, gid), with no other group."""
    try:
        import pyseccomp as seccomp  # type: ignore[import-untyped]

        refuse = seccomp.ERRNO(errno.EPERM)
        rules = seccomp.SyscallFilter(seccomp.ALLOW)
        rules.set_attr(seccomp.Attr.CTL_TSYNC, 1)  # every thread of the process, not only this one
        for call in ("setuid", "setresuid", "setfsuid", "setgid", "setresgid", "setfsgid"):
            rules.add_rule(refuse, call)
        for call, value in (("setreuid", uid), ("setregid", gid)):
            for argument in (0, 1):
                rules.add_rule(refuse, call, seccomp.Arg(argument, seccomp.NE, value))
        rules.add_rule(refuse, "setgroups", seccomp.Arg(0, seccomp.NE, 0))
        rules.load()
    except Exception as error:  # no libseccomp, a kernel without seccomp: never run unconfined
        raise ConfinementFailed(f"cannot confine the service's user switching to the browser user: {error}") \
            from error


def confined() -> bool:
    """Whether this process runs under a seccomp filter (ours, once `confine` ran)."""
    status = Path("/proc/self/status").read_text()
    return any(line.split()[1:] == ["2"] for line in status.splitlines() if line.startswith("Seccomp:"))


def run_as(uid: int, gid: int, *command: str, first: Callable[[], None] | None = None) -> None:
    """`command` as the browser user, `first` called in its process before the exec, once it is that user (to
    signal, renice or delete what it owns); with an environment of PATH alone (never the service's settings or
    keys). Its failure is ignored."""

    def child() -> None:
        drop_capabilities()
        if first is not None:
            first()

    subprocess.run(command, user=uid, group=gid, extra_groups=[], preexec_fn=child, check=False,
                   env={"PATH": os.defpath}, timeout=30, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def kill_as(uid: int, gid: int, pids: list[int]) -> None:
    """SIGKILL to `pids`, sent as the browser user (from the child itself: no kill command needed)."""
    run_as(uid, gid, "true", first=functools.partial(_kill, pids))


def renice_as(uid: int, gid: int, pid: int, nice: int) -> None:
    """The nice value of the browser user's process `pid` raised to `nice`, as that user."""
    run_as(uid, gid, "true", first=functools.partial(os.setpriority, os.PRIO_PROCESS, pid, nice))


def _kill(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
