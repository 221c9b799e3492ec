"""Which Chromium or chromedriver processes a test started: what keeps `-m "not chromium"` honest.

A thread samples the test process's tree while the test runs. Processes that were already there when it began
(the session's service, a module's, the Grid's nodes) are left out with everything below them: their pools may
relaunch a browser at any time, whichever test runs then.
"""

from __future__ import annotations

import os
import threading
from collections import Counter

BROWSER_NAMES = ("chromedriver", "chrome", "chromium")
SAMPLE_S = 0.05  # a browser launch lives far longer (chromedriver alone takes ~0.1 s to answer)


def binary_of(pid: int) -> str:
    """The file name of what `pid` runs (chromium, chromium-headless-shell, chromedriver), "" once it is gone."""
    try:
        return os.path.basename(os.readlink(f"/proc/{pid}/exe"))
    except OSError:
        return ""


def comm_of(pid: int) -> str:
    """The process's command name (/proc/<pid>/comm), "" once it is gone."""
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip()
    except OSError:
        return ""


def proc_stat(pid: int) -> list[str]:
    """/proc/<pid>/stat's fields after the command's name (state, parent, ...; field n of proc(5) at n - 3),
    or [] once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return []


class ChromiumWatch:
    """Started before a test's set-up, stopped after its teardown: `stop()` names the browsers it started."""

    def __init__(self, root: int | None = None) -> None:
        self.root = root if root is not None else os.getpid()
        self.parents: dict[int, int] = {}  # each process's parent, read once: a scan reads only the new ones
        self.before = set(self._tree())
        self.seen: dict[int, str] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="chromium-watch", daemon=True)
        self._thread.start()

    def _tree(self) -> dict[int, int]:
        """Every live process below the root, each with its parent."""
        live = [int(name) for name in os.listdir("/proc") if name.isdigit()]
        self.parents = {pid: self.parents[pid] for pid in live if pid in self.parents}  # a pid may be used again
        children: dict[int, list[int]] = {}
        for pid in live:
            if pid not in self.parents:
                try:
                    with open(f"/proc/{pid}/stat", "rb") as stat:
                        self.parents[pid] = int(stat.read().rsplit(b")", 1)[1].split(None, 2)[1])
                except (OSError, ValueError, IndexError):
                    continue  # it ended meanwhile
            children.setdefault(self.parents[pid], []).append(pid)
        below, todo = {}, [self.root]
        while todo:
            parent = todo.pop()
            for child in children.get(parent, []):
                below[child] = parent
                todo.append(child)
        return below

    def _watch(self) -> None:
        while True:
            self._sample()
            if self._stop.wait(SAMPLE_S):
                self._sample()
                return

    def _sample(self) -> None:
        tree = self._tree()
        for pid, parent in tree.items():
            if pid in self.before or pid in self.seen:
                continue
            ancestor = parent
            while ancestor in tree and ancestor not in self.before:
                ancestor = tree[ancestor]
            if ancestor in self.before:
                continue  # below a process the test found running
            if (name := comm_of(pid)).startswith(BROWSER_NAMES):  # read again each time: an exec changes it
                self.seen[pid] = name

    def stop(self) -> list[str]:
        """The browser processes the test started, however briefly they lived: each name with how many."""
        self._stop.set()
        self._thread.join(5)
        return [f"{name} ×{n}" for name, n in sorted(Counter(self.seen.values()).items())]
