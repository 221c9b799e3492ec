"""Which characters the installed fonts can draw: what fontconfig reports of each font's character set, read once.

Chromium on Linux falls back through fontconfig for a character its CSS fonts lack; a character no installed
font covers is drawn as a box (`.notdef`). The page-side inspection (engine/browser/quality.js) hands over the
distinct characters drawn in the captured area outside the page's loaded web fonts; those no installed font
covers are the capture's missing glyphs. On a Selenium Grid the fonts are the node's: the same Debian
packages are assumed there (deploy/grid).
"""

from __future__ import annotations

import bisect
import functools
import logging
import subprocess
import unicodedata

import trio

log = logging.getLogger("capture.glyphs")
# Drawn as nothing. Private-use characters (Co) are not among them: outside a loaded web font (an icon font
# that failed: Font Awesome's U+F0xx) Chromium draws them as boxes too, unless an installed font has them.
IGNORED_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Cs"})
MOST_NAMED = 10  # missing characters named in a warning's detail


class Coverage:
    """Sorted, merged code point ranges [start, end] of every installed font."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        self.starts = [start for start, _ in merged]
        self.ends = [end for _, end in merged]

    def covers(self, code: int) -> bool:
        at = bisect.bisect_right(self.starts, code) - 1
        return at >= 0 and code <= self.ends[at]

    def missing(self, chars: str) -> list[str]:
        """The characters of `chars` that are drawn (not spaces, controls, joiners or selectors) and that no
        installed font covers."""
        return [c for c in chars if unicodedata.category(c) not in IGNORED_CATEGORIES
                and not 0xFE00 <= ord(c) <= 0xFE0F and not 0xE0100 <= ord(c) <= 0xE01EF
                and not self.covers(ord(c))]


def parse_charsets(listing: str) -> list[tuple[int, int]]:
    """`fc-list --format '%{charset}\\n'`: per font, space-separated hex code points and ranges (`20-7e`)."""
    ranges = []
    for line in listing.splitlines():
        for item in line.split():
            start, _, end = item.partition("-")
            try:
                ranges.append((int(start, 16), int(end or start, 16)))
            except ValueError:
                continue
    return ranges


@functools.cache
def installed() -> Coverage:
    """The installed fonts' coverage (fc-list, once per process; about 0.15 s: callers on the event loop use
    `loaded`). Without fontconfig's tools every character counts as covered: the check is left out rather than
    guessed."""
    try:
        done = subprocess.run(["fc-list", "--format", "%{charset}\n"], capture_output=True, text=True,
                              timeout=30, check=True)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("fc-list failed (%s): captures are not checked for missing glyphs", exc)
        return Coverage([(0, 0x10FFFF)])
    return Coverage(parse_charsets(done.stdout))


async def loaded() -> Coverage:
    """installed(), read in a worker thread the first time, so that fc-list never holds the event loop."""
    if installed.cache_info().currsize:
        return installed()
    return await trio.to_thread.run_sync(installed)


def missing_detail(chars: str) -> str | None:
    """The warning's detail for the characters of `chars` no installed font draws, or None."""
    missing = installed().missing(chars)
    if not missing:
        return None
    named = ", ".join(f"U+{ord(c):04X}" for c in missing[:MOST_NAMED])
    more = f" and {len(missing) - MOST_NAMED} more" if len(missing) > MOST_NAMED else ""
    return f"{len(missing)} character(s) have no font and show as boxes: {named}{more}"
