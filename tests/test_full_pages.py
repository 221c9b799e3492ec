"""Full pages that are right by default (issue 36): the five fixtures of tests/quality/full_pages.py captured
with `fullPage` and no other option, checked in the capture's pixels."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer
from tests.quality import full_pages  # noqa: F401 - registers the fixture routes
from tests.quality.full_pages import BAND_PX, FOOTER, HEADER, HERO, TALL_BANDS, band_colour

pytestmark = pytest.mark.chromium
VIEWPORT = {"width": 400, "height": 600}


def _capture(pro: Workspace, site: FixtureServer, name: str, **fields: Any) -> tuple[Image.Image, dict[str, str]]:
    answer = pro.capture(url=f"{site.base}/full/{name}", fullPage=True, **{"viewport": VIEWPORT, **fields})
    assert answer.status_code == 200, answer.text
    return Image.open(BytesIO(answer.content)).convert("RGB"), dict(answer.headers)


def _runs(image: Image.Image, colour: tuple[int, int, int], x: int = 5) -> list[tuple[int, int]]:
    """The vertical runs (top, height) of `colour` in column x."""
    runs: list[tuple[int, int]] = []
    for y in range(image.height):
        if all(abs(a - b) <= 6 for a, b in zip(image.getpixel((x, y)), colour, strict=True)):
            if runs and runs[-1][0] + runs[-1][1] == y:
                runs[-1] = (runs[-1][0], runs[-1][1] + 1)
            else:
                runs.append((y, 1))
    return runs


def test_a_hero_of_100vh_keeps_the_viewport_height(pro: Workspace, site: FixtureServer) -> None:
    image, headers = _capture(pro, site, "hero")
    [(top, height)] = _runs(image, HERO)
    assert top == 0
    assert abs(height - VIEWPORT["height"]) <= 1, height
    assert image.height > 2 * VIEWPORT["height"]
    assert headers["x-fullpage-method"] == "native"


def test_a_sticky_header_and_a_fixed_footer_show_once(pro: Workspace, site: FixtureServer) -> None:
    image, _ = _capture(pro, site, "sticky-header")
    assert _runs(image, HEADER) == [(0, 60)]
    image, _ = _capture(pro, site, "fixed-footer")
    [(top, height)] = _runs(image, FOOTER)
    assert (top + height, height) == (image.height, 50)  # once, at the page's end


def test_no_band_repeats_up_to_the_cap(pro: Workspace, site: FixtureServer) -> None:
    image, headers = _capture(pro, site, "bands", viewport={"width": 320, "height": 600})
    assert image.height == 16384
    wrong = [index for index in range(image.height // BAND_PX)
             if any(abs(a - b) > 6 for a, b in zip(image.getpixel((5, index * BAND_PX + BAND_PX // 2)),
                                                   band_colour(index), strict=True))]
    assert wrong == [], wrong
    assert "partial" in headers["x-capture-warnings"]
    assert TALL_BANDS * BAND_PX > image.height


def test_an_infinite_scroll_stops_at_the_cap_and_says_so(pro: Workspace, site: FixtureServer) -> None:
    image, headers = _capture(pro, site, "infinite", scroll={"enabled": True, "delayMs": 0})
    assert image.height == 16384
    assert headers["x-capture-warnings"] == "partial"
