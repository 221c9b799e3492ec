"""The C heap's free pages go back to the system (engine.operations.heap), and the service does it while captures
run, never while it is quiet (actors.heap)."""

from __future__ import annotations

import subprocess
import sys

import trio

from actors.heap import HeapKeeper
from engine.operations.heap import release_free_pages
from tests.conftest import ROOT

# 100 MB in blocks below glibc's mmap threshold, each followed by a small block that stays: freeing the large
# ones leaves holes between live blocks, which glibc keeps (it gives back only a heap's top).
HOLES = """
import os, sys
sys.path.insert(0, sys.argv[1])
from engine.operations.heap import release_free_pages

def rss_mb():
    return int(open(f"/proc/{os.getpid()}/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

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


def test_free_holes_in_the_heap_go_back_to_the_system() -> None:
    done = subprocess.run([sys.executable, "-c", HOLES, str(ROOT)], capture_output=True, text=True, timeout=60,
                          check=True)
    held, freed, after, released = done.stdout.split()
    assert released == "True"
    assert float(held) - float(freed) < 20, "glibc gave the holes back by itself: nothing to show here"
    assert float(freed) - float(after) > 80, done.stdout


async def test_the_keeper_releases_after_captures_and_never_while_quiet() -> None:
    pages = [0]
    done, released = trio.open_memory_channel[None](10)

    def release() -> bool:  # in the keeper's thread, as release_free_pages runs
        released_now = release_free_pages()
        trio.from_thread.run_sync(done.send_nowait, None)
        return released_now

    keeper = HeapKeeper(lambda: pages[0], every_s=0.02, release=release)
    async with trio.open_nursery() as nursery:
        await nursery.start(keeper.run)
        await trio.sleep(0.2)  # ten rounds, quiet
        assert keeper.releases == 0
        for round_ in (1, 2):
            pages[0] += 3
            with trio.fail_after(10):
                await released.receive()
            await trio.sleep(0.2)  # quiet again: no release without captures
            assert keeper.releases == round_
        nursery.cancel_scope.cancel()
