"""Monitors' comparison of two captures of a page: the pixels over their common area, a change of size counted as
changed rows and columns, the changed pixels grouped into at most MAX_REGIONS boxes, a diff picture (the new
capture with the boxes outlined), and the visible text line by line.

Pixels are compared with libvips (the thumbnails' library, engine.browser.thumbnails): a pixel changed when one
of its channels moved by more than TOLERANCE of 255, below which anti-aliasing and encoders' noise stay. The
changed pixels are grouped on a grid of CELL-pixel cells; cells within JOIN cells of each other are one region (a
paragraph's changed letters are one change), each region then cut to its changed pixels. Past MAX_REGIONS, the
nearest regions are merged. The text is compared with the standard library's difflib, each side's first
MAX_LINES lines. Both are pure functions of their inputs, for a worker thread: costs in benchmarks/README.
"""

from __future__ import annotations

import difflib
from array import array
from dataclasses import dataclass
from typing import Any

import orjson

from engine.browser.thumbnails import libvips

TOLERANCE = 24  # of 255, in any channel: a pixel that moved less is the same pixel
CELL = 8  # changed pixels grouped on cells of this many pixels square
JOIN = 3  # cells this close (in cells) join one region
MAX_REGIONS = 20
MAX_LABELS = 400  # regions found before they are merged down to MAX_REGIONS: past it, the grid joins wider
MAX_LINES = 5000  # of each text, compared
SAMPLE_LINES = 10
OUTLINE = (255, 0, 64)  # the diff picture's box colour, 3 px wide


# The page's visible text (layout's line breaks kept), each element an ignored selector matches taken out
# (its first occurrence in the text). A selector the page cannot parse matches nothing.
VISIBLE_TEXT = """((selectors) => {
  let text = document.body ? document.body.innerText : '';
  for (const selector of selectors) {
    let found = [];
    try { found = document.querySelectorAll(selector); } catch (e) { continue; }
    for (const el of found) { const own = el.innerText || ''; if (own.trim()) text = text.replace(own, ''); }
  }
  return text.slice(0, %d);
})(%s)"""
MAX_TEXT = 2_000_000  # characters of a page's text read


def visible_text(ignored: tuple[str, ...]) -> str:
    """The script that reads a page's visible text without that of the `ignored` selectors' elements."""
    return VISIBLE_TEXT % (MAX_TEXT, orjson.dumps(list(ignored)).decode())


@dataclass(frozen=True)
class Region:
    x: int
    y: int
    width: int
    height: int

    def union(self, other: Region) -> Region:
        x, y = min(self.x, other.x), min(self.y, other.y)
        right = max(self.x + self.width, other.x + other.width)
        bottom = max(self.y + self.height, other.y + other.height)
        return Region(x, y, right - x, bottom - y)

    @property
    def area(self) -> int:
        return self.width * self.height


@dataclass(frozen=True)
class PixelChange:
    percent: float  # of the larger capture's pixels
    regions: tuple[Region, ...]  # at most MAX_REGIONS, in capture pixels, top to bottom


@dataclass(frozen=True)
class TextChange:
    added: int
    removed: int
    sample: tuple[str, ...]  # up to SAMPLE_LINES changed lines, "+ " added, "- " removed

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)


def compare_pixels(before: bytes, after: bytes) -> PixelChange:
    """Where and how much `after` (an image file) differs from `before`."""
    pyvips = libvips()
    old, new = _rgb(pyvips.Image.new_from_buffer(before, "")), _rgb(pyvips.Image.new_from_buffer(after, ""))
    width, height = min(old.width, new.width), min(old.height, new.height)
    wide, tall = max(old.width, new.width), max(old.height, new.height)
    changed = ((old.crop(0, 0, width, height) - new.crop(0, 0, width, height)).abs() > TOLERANCE).bandor()
    changed = changed.copy_memory()  # read five times below: made once
    count = changed.avg() / 255 * width * height + (wide * tall - width * height)
    regions = _regions(pyvips, changed)
    if tall > height:  # what one capture has below the other's end
        regions.append(Region(0, height, wide, tall - height))
    if wide > width:
        regions.append(Region(width, 0, wide - width, height))
    return PixelChange(round(100 * count / (wide * tall), 3), tuple(_merged(regions)))


def diff_picture(after: bytes, regions: tuple[Region, ...]) -> bytes:
    """`after` as a PNG with each region outlined."""
    pyvips = libvips()
    image = _rgb(pyvips.Image.new_from_buffer(after, "")).copy_memory()
    for r in regions:
        for inset in range(3):
            w, h = r.width + 4 - 2 * inset, r.height + 4 - 2 * inset
            if w > 0 and h > 0:
                image = image.draw_rect(list(OUTLINE), r.x - 2 + inset, r.y - 2 + inset, w, h)
    return bytes(image.write_to_buffer(".png", compression=1))


def compare_text(before: str, after: str) -> TextChange:
    """The lines added and removed between two visible texts (blank lines and indentation aside)."""
    old, new = _lines(before), _lines(after)
    added = removed = 0
    sample: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("delete", "replace"):
            removed += i2 - i1
            sample += [f"- {line}" for line in old[i1:i2]]
        if tag in ("insert", "replace"):
            added += j2 - j1
            sample += [f"+ {line}" for line in new[j1:j2]]
    return TextChange(added, removed, tuple(line[:300] for line in sample[:SAMPLE_LINES]))


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()][:MAX_LINES]


def _rgb(image: Any) -> Any:
    if image.interpretation not in ("srgb", "rgb"):
        image = image.colourspace("srgb")
    if image.bands == 4:
        image = image.flatten(background=[255, 255, 255])
    if image.bands == 1:
        image = image.bandjoin([image, image])
    return image.cast("uchar")


def _regions(pyvips: Any, changed: Any) -> list[Region]:
    """The changed pixels' regions: cells joined, labelled, each cut to its changed pixels."""
    cells = changed.shrink(CELL, CELL, ceil=True) > 0
    join = JOIN
    while True:
        size = 2 * join + 1
        joined = cells.morph(pyvips.Image.new_from_list([[255] * size] * size), "dilate") if join else cells
        labels = joined.labelregions().copy_memory()
        found = int(labels.max()) + 1
        if found <= MAX_LABELS or join > 64:
            break
        join *= 2
    xy = pyvips.Image.xyz(cells.width, cells.height).cast("int")
    least = _rows(xy.hist_find_indexed(labels, combine="min"))  # per label: x, y
    most = _rows(xy.bandjoin(joined.cast("int")).hist_find_indexed(labels, combine="max"))  # x, y, marked
    regions = []
    for label in range(found):
        if not most[label][2]:  # the unchanged cells between regions are labelled too
            continue
        left, top = least[label][0] * CELL, least[label][1] * CELL
        right = min(changed.width, (most[label][0] + 1) * CELL)
        bottom = min(changed.height, (most[label][1] + 1) * CELL)
        (x0, x1), (y0, y1) = (_span(sums) for sums in changed.crop(left, top, right - left, bottom - top).project())
        if x1 > x0 and y1 > y0:
            regions.append(Region(left + x0, top + y0, x1 - x0, y1 - y0))
    return regions


def _span(sums: Any) -> tuple[int, int]:
    """The first and past the last non-zero of a projection (libvips' find_trim took 3x as long)."""
    values = array("d")
    values.frombytes(sums.cast("double").write_to_memory())
    marked = [i for i, value in enumerate(values) if value]
    return (marked[0], marked[-1] + 1) if marked else (0, 0)


def _rows(histogram: Any) -> list[list[int]]:
    """A 1-row image's pixels, one per label, each its bands' values."""
    values = array("i")
    values.frombytes(histogram.cast("int").write_to_memory())
    bands = histogram.bands
    return [values[i:i + bands].tolist() for i in range(0, len(values), bands)]


def _merged(regions: list[Region]) -> list[Region]:
    """At most MAX_REGIONS: the pair whose union adds the least area merged first, top to bottom."""
    regions = sorted(regions, key=lambda r: (r.y, r.x))
    while len(regions) > MAX_REGIONS:
        best = min(range(len(regions) - 1), key=lambda i: regions[i].union(regions[i + 1]).area
                   - regions[i].area - regions[i + 1].area)
        regions[best:best + 2] = [regions[best].union(regions[best + 1])]
    return regions
