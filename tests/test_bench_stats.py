"""The benchmark's own arithmetic and fixture pages (no timing is judged here)."""

from __future__ import annotations

import http.client
import math
import os
import struct
import threading
import time
import zlib

import pytest

from benchmarks.ceiling import BODY
from benchmarks.micro import ceiling, hammer, request
from benchmarks.profile import tally
from benchmarks.service import own_and_main_thread_cpu
from benchmarks.site import HEAVY, IMAGES, PICTURES, TALL, TALL_PX, TEXT, Site, heavy_bytes
from benchmarks.soak import MIX, slope_per_1000
from benchmarks.stats import Figures, loop_ceiling, percentile, ratio, table


def test_percentiles_are_nearest_rank() -> None:
    values = [float(n) for n in range(1, 101)]
    assert [percentile(values, p) for p in (50, 95, 99, 100)] == [50.0, 95.0, 99.0, 100.0]
    assert percentile([3.0], 99) == 3.0
    assert math.isnan(percentile([], 50))


def test_the_table_gives_each_series_its_ratios_to_the_baselines() -> None:
    base = Figures.of("baseline", "text", 1, [0.1, 0.2, 0.3], 0, 0.6, (0.9, math.nan))
    generic = Figures.of("generic", "text", 1, [0.2, 0.4, 0.6], 0, 1.2, (1.8, math.nan))
    sync = Figures.of("sync", "text", 1, [0.15, 0.25, 0.35], 0, 0.75, (0.6, 0.06, 0.015))
    assert base.per_s == 5.0
    assert (base.cpu_ms, sync.cpu_ms, sync.own_cpu_ms, sync.loop_cpu_ms) == (300, 200, 20, 5)  # per capture
    assert ratio(sync.p50_ms, base.p50_ms) == 1.25
    printed = table([base, generic, sync]).splitlines()
    # its CPU, own and its loop's; p50 ×, captures/s ×, CPU × to the baseline, then the same to the generic driver
    assert printed[3].split()[-9:] == ["200", "20", "5", "1.25", "0.80", "0.67", "0.62", "1.60", "0.33"]
    assert printed[2].split()[-4:] == ["600", "2.00", "0.50", "2.00"]  # generic: to the baseline only
    # the baseline: no process of its own, no ratio to itself, its ratios to the generic driver
    assert printed[1].split()[-5:] == ["300", "300", "0.50", "2.00", "0.50"]


def test_the_ceiling_is_what_one_event_loop_thread_can_drive() -> None:
    """Issue 56: the service's own CPU split into its loop's thread and the rest, at the highest concurrency, and
    the captures a second one loop thread can drive at that price."""
    rows = [Figures.of("sync", "text", c, [0.1] * 10, 0, 1.0, (2.0, 0.3, loop)) for c, loop in ((1, 0.05), (4, 0.1))]
    said = loop_ceiling([*rows, Figures.of("bare", "text", 4, [0.1] * 10, 0, 1.0, (2.0, math.nan, math.nan))])
    assert said.splitlines()[1].split() == ["text", "c=4:", "own", "CPU", "30", "ms", "per", "capture,", "of", "it",
                                            "the", "event", "loop's", "thread", "10", "ms", "and", "the", "rest",
                                            "20", "ms:", "a", "ceiling", "of", "100", "captures/s", "per", "process"]


def test_the_main_threads_cpu_is_told_apart_from_the_workers() -> None:
    """The split reads each thread's own times: a worker thread's CPU is the process's, not its main thread's."""
    def spin() -> None:
        end = time.thread_time() + 0.3
        while time.thread_time() < end:
            pass
    own, main = own_and_main_thread_cpu(os.getpid())
    worker = threading.Thread(target=spin)
    worker.start()
    worker.join()
    own_after, main_after = own_and_main_thread_cpu(os.getpid())
    assert own_after - own >= 0.25
    assert main_after - main < (own_after - own) / 2


def test_the_soak_reads_memory_growth_per_thousand_captures_and_mixes_one_hostile_page_in_twenty() -> None:
    assert slope_per_1000([(1000, 10.0), (2000, 11.0), (3000, 12.0)]) == pytest.approx(1.0)
    assert slope_per_1000([(1000, 10.0), (2000, 12.0), (3000, 10.0)]) == pytest.approx(0.0)  # a bump is no growth
    assert math.isnan(slope_per_1000([(1000, 10.0)]))
    assert MIX.count("hostile") / len(MIX) == 0.05


def test_the_fixture_pages_are_what_the_issue_names() -> None:
    assert 1_500 < len(TEXT) < 3_000
    assert 0.9 * 2**20 < heavy_bytes() < 1.2 * 2**20
    assert HEAVY.count(b"<img") == IMAGES == len(PICTURES)
    assert f"min-height:{TALL_PX}px".encode() in TALL
    png = PICTURES["/img/0.png"]
    width, height = struct.unpack(">II", png[16:24])
    length = struct.unpack(">I", png[33:37])[0]
    assert len(zlib.decompress(png[41:41 + length])) == (width * 3 + 1) * height
    assert len(png) > width * height * 3  # random pixels: nothing to compress


async def test_the_raw_client_reads_every_answer_of_the_ceiling_server_whole() -> None:
    """Keep-alive answers split across reads, bodies by content-length, statuses checked."""
    bodies: list[bytes] = []
    async with ceiling() as url:
        per_s = await hammer(url, 40, lambda n: request("GET", f"{url}/x{n}"), 200, bodies.append, clients=4)
        assert per_s > 0
        assert bodies == [BODY] * 40
        with pytest.raises(ExceptionGroup) as refused:  # any other status stops the measure
            await hammer(url, 4, lambda n: request("GET", f"{url}/x"), 404, clients=1)
        assert "200 instead of 404" in str(refused.value.exceptions[0])


def test_a_held_page_answers_only_once_the_site_stops() -> None:
    """The accept figures' `hold` page keeps a browser busy without rendering; it must not hang the stop."""
    site = Site()
    site.start()
    answers: list[bytes] = []

    def read() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", site.server_address[1], timeout=30)
        try:
            connection.request("GET", "/hold")
            answers.append(connection.getresponse().read())
        finally:
            connection.close()
    reader = threading.Thread(target=read)
    reader.start()
    reader.join(0.5)
    assert reader.is_alive()  # still held
    assert answers == []
    site.stop()
    reader.join(10)
    assert answers == [TEXT]


def test_the_profile_splits_the_loops_samples_from_the_workers_and_drops_the_loops_waits() -> None:
    """benchmarks.profile (issue 56): py-spy's collapsed stacks, root first, with a thread frame in front."""
    raw = "\n".join([
        "thread (0x1);<module> (run.py:1);run (trio/_run.py:9);send_all (trio/_socket.py:5) 30",
        "thread (0x1);<module> (run.py:1);run (trio/_run.py:9);EpollIOManager.get_events (trio/_io_epoll.py:3) 500",
        "thread (0x2);Thread._bootstrap (threading.py:995);Thread.run (threading.py:975);"
        "blank_share (engine/browser/quality.py:170);ImageFile.load (PIL/ImageFile.py:20) 12",
        "thread (0x2);Thread._bootstrap (threading.py:995);Thread.run (threading.py:975);"
        "blank_share (engine/browser/quality.py:172);ImageFile.load (PIL/ImageFile.py:21) 8",
    ])
    counters, samples = tally(raw)
    assert samples == {"loop": 30, "workers": 20}  # the loop's wait in epoll is idle, not work
    assert counters["loop"]["self send_all (_socket.py)"] == 30
    assert counters["workers"]["blank_share (quality.py)"] == 20  # two lines of one function: one row
    assert counters["workers"]["self ImageFile.load (ImageFile.py)"] == 20
