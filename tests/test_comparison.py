"""Monitors' comparison (engine.browser.comparison) on pictures drawn here with libvips: where a page changed,
how much, what was only noise, and what its text gained and lost."""

from __future__ import annotations

from typing import Any

import pyvips

from engine.browser.comparison import MAX_REGIONS, OUTLINE, Region, compare_pixels, compare_text, diff_picture

WHITE = [255, 255, 255]
BLOCKS = [(40, 40, 300, 200, [200, 0, 0]), (400, 100, 500, 80, [0, 0, 200]), (100, 500, 800, 30, [30, 30, 30])]


def drawn(width: int, height: int, blocks: list[tuple[int, int, int, int, list[int]]]) -> Any:
    image = (pyvips.Image.black(width, height, bands=3) + 255).cast("uchar").copy_memory()
    for x, y, w, h, colour in blocks:
        image = image.draw_rect(colour, x, y, w, h, fill=True)
    return image


def png(image: Any) -> bytes:
    return bytes(image.write_to_buffer(".png"))


def near(found: Region, expected: tuple[int, int, int, int], slack: int = 4) -> bool:
    return all(abs(a - b) <= slack for a, b in zip((found.x, found.y, found.width, found.height), expected,
                                                   strict=True))


def test_a_block_that_changed_colour_is_one_region_where_it_is() -> None:
    before = png(drawn(1280, 800, BLOCKS))
    after = png(drawn(1280, 800, [BLOCKS[0], (400, 100, 500, 80, [0, 180, 0]), BLOCKS[2]]))
    change = compare_pixels(before, after)
    assert len(change.regions) == 1
    assert near(change.regions[0], (400, 100, 500, 80)), change.regions
    assert abs(change.percent - 100 * 500 * 80 / (1280 * 800)) < 0.01
    assert compare_pixels(before, before) == compare_pixels(after, after)
    assert compare_pixels(before, before).regions == ()
    assert compare_pixels(before, before).percent == 0


def test_noise_below_the_tolerance_is_no_change() -> None:
    """Anti-aliasing and an encoder's noise: every pixel moved by up to 12 of 255 in each channel."""
    page = drawn(640, 400, BLOCKS[:1])
    noise = pyvips.Image.gaussnoise(640, 400, sigma=4).bandjoin([pyvips.Image.gaussnoise(640, 400, sigma=4)] * 2)
    clamp = lambda image, low, high: (image < low).ifthenelse(low, (image > high).ifthenelse(high, image))  # noqa: E731
    noisy = clamp(page + clamp(noise, -12, 12), 0, 255).cast("uchar")
    assert int((noisy - page).abs().max()) > 0  # the noise is there
    assert compare_pixels(png(page), png(noisy)).percent == 0


def test_a_longer_page_counts_its_new_rows_as_changed() -> None:
    before = png(drawn(1280, 1000, BLOCKS))
    after = png(drawn(1280, 1200, BLOCKS))
    change = compare_pixels(before, after)
    assert change.regions == (Region(0, 1000, 1280, 200),)
    assert abs(change.percent - 100 * 200 / 1200) < 0.01


def test_scattered_changes_come_in_at_most_twenty_regions_that_hold_every_changed_pixel() -> None:
    """Its worst input: a change every 48 px over a 1280 x 4000 page (2,241 of them), far enough apart that the
    grid does not join them at first."""
    dot = drawn(48, 48, [(20, 20, 6, 6, [0, 0, 0])])
    after = dot.replicate(1280 // 48 + 1, 4000 // 48 + 1).crop(0, 0, 1280, 4000)
    change = compare_pixels(png(drawn(1280, 4000, [])), png(after))
    assert 0 < len(change.regions) <= MAX_REGIONS
    dots = [(x, y) for y in range(20, 4000 - 6, 48) for x in range(20, 1280 - 6, 48)]
    assert len(dots) == 2241
    for x, y in dots:
        assert any(r.x <= x and r.y <= y and x + 6 <= r.x + r.width and y + 6 <= r.y + r.height
                   for r in change.regions), (x, y)


def test_the_diff_picture_outlines_each_region_on_the_new_capture() -> None:
    after = drawn(800, 600, [(100, 100, 200, 100, [0, 180, 0])])
    picture = pyvips.Image.new_from_buffer(diff_picture(png(after), (Region(100, 100, 200, 100),)), "")
    assert (picture.width, picture.height) == (800, 600)
    assert picture(99, 150)[:3] == list(OUTLINE)  # the box's left edge, just outside it
    assert picture(200, 150)[:3] == [0, 180, 0]  # its inside as it was
    assert picture(500, 400)[:3] == WHITE


def test_text_is_compared_line_by_line() -> None:
    before = "Prices\n\nBasic  9 EUR\nPro  29 EUR\nContact us"
    after = "Prices\nBasic  9 EUR\nPro  35 EUR\nTeams  99 EUR\nContact us\n"
    change = compare_text(before, after)
    assert (change.added, change.removed) == (2, 1)
    assert change.sample == ("- Pro  29 EUR", "+ Pro  35 EUR", "+ Teams  99 EUR")
    assert not compare_text(before, "  Prices\nBasic  9 EUR\n\nPro  29 EUR\nContact us").changed


def test_a_transparent_or_grey_capture_is_compared_as_what_it_shows() -> None:
    """An omitBackground capture (RGBA, transparent where the page was) is its picture over white; a grey one
    is three equal bands, with its transparency too."""
    page = drawn(320, 200, [(20, 20, 100, 60, [0, 0, 0])])
    grey = page.colourspace("b-w")
    clear = page.bandjoin((page[0] < 128).ifthenelse(255, 0))  # only the black block opaque
    assert compare_pixels(png(page), png(grey)).percent == 0
    assert compare_pixels(png(page), png(clear)).percent == 0
    assert compare_pixels(png(grey), png(clear.embed(0, 0, 320, 220))).regions == (Region(0, 200, 320, 20),)
    assert compare_pixels(png(page), png(grey.bandjoin(clear[3]))).percent == 0
