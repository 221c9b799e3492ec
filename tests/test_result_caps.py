"""No capture can cost unbounded memory: pixel caps, a result size cap, PDFs read as a stream."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import Image

from engine.browser.geometry import MAX_DEVICE_PIXELS, MAX_IMAGE_PX, within_pixel_caps
from tests.conftest import Service, Workspace, running_service
from tests.fixture_site import FixtureServer

SMALL_CAP = 4_000_000


def _rss_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS"))


@contextmanager
def peak_rss(service: Service) -> Iterator[list[int]]:
    """The service's resident memory, sampled every 20 ms while the block runs: [peak in MB]."""
    peak = [_rss_mb(service.process.pid)]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.02):
            peak[0] = max(peak[0], _rss_mb(service.process.pid))
    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        yield peak
    finally:
        done.set()
        sampler.join()


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


def test_pixel_caps_hold_for_any_size_and_scale() -> None:
    for width, height, scale in [(1e6, 1e6, 1), (3840, 40000, 3), (320, 1e6, 2), (1280, 800, 1)]:
        clip = within_pixel_caps(width, height, scale)
        assert clip["width"] * scale <= MAX_IMAGE_PX
        assert clip["height"] * scale <= MAX_IMAGE_PX
        assert clip["width"] * clip["height"] * scale * scale <= MAX_DEVICE_PIXELS * 1.0001
    assert within_pixel_caps(1280, 800, 1) == {"width": 1280, "height": 800}  # ordinary captures untouched


def test_huge_boxes_and_wide_scaled_pages_are_clamped(service: Service, pro: Workspace, site: FixtureServer) -> None:
    before = _rss_mb(service.process.pid)
    with peak_rss(service) as peak:
        element = pro.capture(url=f"{site.base}/huge-element", selector="#huge")
        wide = pro.capture(url=f"{site.base}/tall?h=40000", fullPage=True,
                           viewport={"width": 3840, "height": 2160, "deviceScaleFactor": 3})
    assert element.status_code == 200, element.text
    width, height = _size(element.content)
    assert width == MAX_IMAGE_PX  # a million CSS pixels claimed, 16,384 device pixels taken
    assert width * height <= MAX_DEVICE_PIXELS
    assert wide.status_code == 200, wide.text
    width, height = _size(wide.content)
    assert width == 3840 * 3
    assert width * height <= MAX_DEVICE_PIXELS
    assert peak[0] < before + 300, (before, peak[0])


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("capped") / "data", site,
                         CAPTURE_MAX_RESULT_BYTES=str(SMALL_CAP)) as service:
        yield service


@pytest.mark.parametrize(("height", "fields", "why"), [
    (2600, {"format": "png"}, "larger than"),  # ~10 MB: stopped by the DevTools message limit, session replaced
    (2600, {"format": "pdf", "pdf": {"printBackground": True}}, "larger than"),  # stopped while streaming
    (1150, {"format": "png"}, "bytes, more than"),  # ~4.4 MB: under the message limit, over the cap
])
def test_results_over_the_size_cap_are_refused_and_cost_nothing(capped: Service, site: FixtureServer, height: int,
                                                                fields: dict[str, object], why: str) -> None:
    ws = capped.workspace("business")
    before = _rss_mb(capped.process.pid)
    with peak_rss(capped) as peak:
        answer = ws.capture(url=f"{site.base}/noise?w=1280&h={height}", fullPage=True, **fields)
    assert answer.status_code == 422, answer.text[:300]
    assert answer.json()["code"] == "result_too_large"
    assert why in answer.json()["detail"]
    assert peak[0] < before + 300
    assert ws.quota()["used"] == 0
    assert ws.capture(url=f"{site.base}/simple").status_code == 200  # the pool goes on
    assert ws.quota(at_least_used=1)["used"] == 1
