"""Device mockups on the real service (issue 20): documented sizes, the plain capture inside, transparent corners.

Every framed image is kept in test-artifacts/mockups/ for a person to look at.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.browser.mockups import FRAMES, output_size, screen_origin
from engine.rules.devices import DEVICES
from tests.conftest import Workspace
from tests.fixture_site import FixtureServer

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "mockups"
BROWSER_VIEWPORT = {"width": 1024, "height": 640}


def image(answer: object) -> Image.Image:
    assert getattr(answer, "status_code", None) == 200, getattr(answer, "text", answer)
    return Image.open(io.BytesIO(answer.content))  # type: ignore[attr-defined]


@pytest.mark.parametrize("device", list(FRAMES))
def test_a_mockup_frames_the_plain_capture_at_its_documented_size(pro: Workspace, site: FixtureServer,
                                                                  device: str) -> None:
    url = f"{site.base}/tall?h=3000&mockup={device}"
    own = {"viewport": BROWSER_VIEWPORT} if device == "browser" else {"device": device}
    plain = image(pro.capture(url=url, **own)).convert("RGB")
    extra = {"viewport": BROWSER_VIEWPORT} if device == "browser" else {}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        framed = image(pro.capture(url=url, mockup={"device": device, "theme": theme}, **extra))
        framed.save(ARTIFACTS / f"{device}-{theme}.png")
        scale = 1.0 if device == "browser" else DEVICES[device].scale
        assert framed.size == output_size(device, plain.size, scale)
        assert framed.mode == "RGBA"
        assert framed.getpixel((0, 0))[3] == 0  # transparent around the frame
        left, top = screen_origin(device, scale)
        screen = framed.convert("RGB").crop((left, top, left + plain.width, top + plain.height))
        middle = (plain.width // 4, plain.height // 4, plain.width * 3 // 4, plain.height * 3 // 4)
        assert ImageChops.difference(screen.crop(middle), plain.crop(middle)).getbbox() is None, device
        difference = ImageStat.Stat(ImageChops.difference(screen, plain)).mean  # corners and cut-outs aside
        assert max(difference) < 8, (device, difference)


def test_a_browser_mockup_shows_the_host_and_jpeg_has_no_transparency(pro: Workspace, site: FixtureServer) -> None:
    with_host = image(pro.capture(url=f"{site.base}/simple", mockup={"device": "browser"}, format="jpeg"))
    assert with_host.mode == "RGB"
    assert with_host.getpixel((0, 0)) == pytest.approx((255, 255, 255), abs=15)  # white, give or take a block
    bar = with_host.crop((200, 10, with_host.width - 200, 34)).convert("L")
    assert ImageStat.Stat(bar).extrema[0][0] < 100  # dark text on the light address field


def test_mockups_refuse_what_they_cannot_frame(pro: Workspace, free: Workspace, site: FixtureServer) -> None:
    url = f"{site.base}/simple"
    for fields, field in [({"mockup": {"device": "nokia-3310"}}, "mockup.device"),
                          ({"mockup": {"device": "iphone-15"}, "fullPage": True}, "fullPage"),
                          ({"mockup": {"device": "iphone-15"}, "device": "pixel-8"}, "device"),
                          ({"mockup": {"device": "pixel-8"}, "viewport": {"width": 500}}, "viewport"),
                          ({"mockup": {"device": "browser"}, "format": "pdf"}, "mockup")]:
        answer = pro.capture(url=url, **fields)
        assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request"), fields
        assert field in [e["field"] for e in answer.json()["errors"]], answer.json()
    refused = free.capture(url=url, mockup={"device": "iphone-15"})
    assert (refused.status_code, refused.json()["feature"]) == (403, "deviceMockups")
