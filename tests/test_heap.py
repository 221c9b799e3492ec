"""The C heap's free pages go back to the system (engine.operations.heap), and the service does it while captures
run, never while it is quiet (actors.operations.heap); with the mmap threshold held, a screenshot's buffers go back
as soon as they are freed."""

from __future__ import annotations

import subprocess
import sys

import trio

from actors.operations import HeapKeeper
from tests.conftest import ROOT

# What both scripts below begin with: the project on the path, and the process's resident MB.
PRELUDE = """
import os, sys
sys.path.insert(0, sys.argv[1])
from engine.operations.heap import release_free_pages, steady_heap

def rss_mb():
    return int(open(f"/proc/{os.getpid()}/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
"""

# 100 MB in blocks below glibc's mmap threshold, each followed by a small block that stays: freeing the large
# ones leaves holes between live blocks, which glibc keeps (it gives back only a heap's top).
HOLES = PRELUDE + """
large, small = [], []
for _ in range(1000):
    block = bytearray(100_000)
    block[::4096] = b"\\1" * len(range(0, 100_000, 4096))  # every page touched: resident
    large.append(block)
    small.append(bytearray(600))
held = rss_mb()
del large
freed = rss_mb()
released = release_free_pages()
print(held, freed, rss_mb(), released)
"""

# Buffers of a screenshot's size, freed after glibc has seen a larger one freed: it raises its mmap threshold
# above that one, so these come from the heap and stay there, unless the threshold is held (steady_heap).
BUFFERS = PRELUDE + """
held_threshold = sys.argv[2] == "steady" and steady_heap()
first = bytearray(4_000_000)
del first
large, small = [], []
for _ in range(50):
    large.append(bytearray(2_000_000))  # zeroed: every page resident
    small.append(bytearray(600))
held = rss_mb()
del large
print(held_threshold, held, rss_mb())
"""


def _printed(script: str, *args: str) -> list[str]:
    """What `script` (PRELUDE first) prints, run in a process of its own: its heap is all its own."""
    done = subprocess.run([sys.executable, "-c", script, str(ROOT), *args], capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.split()


def test_free_holes_in_the_heap_go_back_to_the_system() -> None:
    held, freed, after, released = _printed(HOLES)
    assert released == "True"
    assert float(held) - float(freed) < 20, "glibc gave the holes back by itself: nothing to show here"
    assert float(freed) - float(after) > 80, (held, freed, after)


async def test_the_keeper_releases_after_captures_and_never_while_quiet() -> None:
    pages = [0]
    rounds = trio.lowlevel.ParkingLot()  # the keeper asks for the activity once a round: the test's gate

    def activity() -> int:
        rounds.unpark_all()
        return pages[0]

    async def next_round() -> None:
        with trio.fail_after(10):
            await rounds.park()

    keeper = HeapKeeper(activity, every_s=0.01)
    async with trio.open_nursery() as nursery:
        await nursery.start(keeper.run)
        for _ in range(3):  # quiet rounds
            await next_round()
        assert keeper.releases == 0
        for expected in (1, 2):
            pages[0] += 3
            await next_round()  # the round that sees the captures, and releases before the next one
            await next_round()
            assert keeper.releases == expected
            await next_round()  # quiet again: no release without captures
            await next_round()
            assert keeper.releases == expected
        nursery.cancel_scope.cancel()


def test_with_the_threshold_held_freed_buffers_leave_at_once() -> None:
    def run(mode: str) -> tuple[str, float, float]:
        held_threshold, held, after = _printed(BUFFERS, mode)
        return held_threshold, float(held), float(after)

    dynamic, steady = run("dynamic"), run("steady")
    assert (dynamic[0], steady[0]) == ("False", "True")
    assert dynamic[1] - dynamic[2] < 20, f"glibc gave them back by itself: {dynamic}"
    assert steady[1] - steady[2] > 80, steady
