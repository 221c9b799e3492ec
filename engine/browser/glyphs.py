"""Which characters of a capture are drawn as boxes: fontconfig's coverage names the suspects, the renderer says.

Chromium on Linux falls back through fontconfig for a character its CSS fonts lack; a character no installed
font covers is drawn as a box (`.notdef`) unless a web font of the page has it. The page-side inspection
(engine/browser/quality.js) hands over the distinct characters drawn in the captured area and keeps each one's
first text node; those no installed font covers are the suspects, and for each the renderer is asked which
fonts drew its node (CSS.getPlatformFontsForNode) and, where a web font drew some of it, whether the character
came out as that font's box (engine/browser/glyphs.js). On a Selenium Grid the fonts are the node's: the same
Debian packages are assumed there (deploy/grid).
"""

from __future__ import annotations

import bisect
import functools
import logging
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import orjson
import trio

from engine.browser.cdp import CdpError
from engine.browser.page import Page, page_script

log = logging.getLogger("capture.glyphs")
# Drawn as nothing. Private-use characters (Co) are not among them: outside a loaded web font (an icon font
# that failed: Font Awesome's U+F0xx) Chromium draws them as boxes, whatever the installed fonts have.
IGNORED_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Cs"})
MOST_NAMED = 10  # missing characters named in a warning's detail
MOST_ASKED = 24  # suspect characters the renderer is asked about per capture; the rest are predicted
ASK_BUDGET_S = 1.0  # the renderer's answers are awaited this long, then the prediction stands
SCRIPT_PATH = Path(__file__).with_name("glyphs.js")


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
        installed font will draw: none covers them, or they are private-use characters, which Chromium never
        takes from a fallback font (an installed font draws them only when the page names it)."""
        return [c for c in chars if (category := unicodedata.category(c)) not in IGNORED_CATEGORIES
                and not 0xFE00 <= ord(c) <= 0xFE0F and not 0xE0100 <= ord(c) <= 0xE01EF
                and (category == "Co" or not self.covers(ord(c)))]


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


async def missing_drawn(page: Page, chars: str, web_chars: str) -> list[str]:
    """The characters of the captured area drawn as boxes. `chars` were set in no loaded web font, `web_chars`
    in one (quality.js). The suspects are those no installed font will draw (Coverage.missing); for each of the
    first MOST_ASKED the renderer's answer stands: its text node drawn by installed fonts only (none of which has
    it) is a box, and one a web font drew, or a private-use character, is a box when the canvas shows the font's
    box (CDP lists a box under the node's first font, so the fonts alone cannot tell: a loaded icon font that
    lacks the code point looks like one that has it). The rest, and all when the renderer cannot answer within
    ASK_BUDGET_S, are predicted: a box unless set in a loaded web font."""
    suspects = installed().missing(chars + web_chars)
    if not suspects:
        return []
    bare = set(chars)
    asked, predicted = suspects[:MOST_ASKED], [c for c in suspects[MOST_ASKED:] if c in bare]
    with trio.move_on_after(ASK_BUDGET_S):
        try:
            boxes = await _ask(page, asked)
        except (CdpError, KeyError, TypeError) as exc:  # a page that breaks the inspection is not judged by it
            log.info("the renderer did not say how the suspect characters were drawn (%s): predicted", exc)
        else:
            return [c for c, box in zip(asked, boxes, strict=True) if (c in bare if box is None else box)] + predicted
    return [c for c in suspects if c in bare]


async def _ask(page: Page, asked: list[str]) -> list[bool | None]:
    """Per character of `asked`: drawn as a box (True), drawn (False), or no answer (None: its node is gone)."""
    def call(nodes: bool) -> tuple[str, dict[str, Any]]:
        arguments = f"{orjson.dumps(asked).decode()}, {str(nodes).lower()}"
        return "Runtime.evaluate", {"expression": f"({page_script(SCRIPT_PATH)})({arguments})",
                                    "returnByValue": not nodes, "objectGroup": "capture-glyphs"}

    # the fonts are the CSS agent's; a node is named to it once the document is (DOM.requestNode answers 0 before)
    await page.send_many([("DOM.enable", None), ("CSS.enable", None), ("DOM.getDocument", {"depth": 0})])
    try:
        on_canvas, listed = [_answered(answer) for answer in await page.send_many([call(False), call(True)])]
        boxes = on_canvas["result"]["value"]
        items = (await page.send("Runtime.getProperties", {"objectId": listed["result"]["objectId"],
                                                           "ownProperties": True}))["result"]
        objects = {int(item["name"]): item["value"]["objectId"] for item in items
                   if item["name"].isdigit() and item.get("value", {}).get("objectId")}
        held = sorted(objects)
        nodes = await page.send_many([("DOM.requestNode", {"objectId": objects[i]}) for i in held])
        fonts = await page.send_many([("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
                                      for node in nodes if not isinstance(node, CdpError)])
        drawn_by = dict(zip([i for i, node in zip(held, nodes, strict=True) if not isinstance(node, CdpError)],
                            fonts, strict=True))
    finally:
        with trio.CancelScope(shield=True), trio.move_on_after(ASK_BUDGET_S):
            await page.send_many([("Runtime.releaseObjectGroup", {"objectGroup": "capture-glyphs"}),
                                  ("CSS.disable", None), ("DOM.disable", None)])
    answers: list[bool | None] = []
    for i in range(len(asked)):
        used = drawn_by.get(i)
        if used is None or isinstance(used, CdpError):
            answers.append(None)
        elif not any(font.get("isCustomFont") for font in used["fonts"]) and unicodedata.category(asked[i]) != "Co":
            answers.append(True)  # installed fonts only, and none of them has it
        else:  # a web font drew some of it, or a private-use character: an installed font named by the page may
            answers.append(boxes[i])  # have it
    return answers


def _answered(answer: dict[str, Any] | CdpError) -> dict[str, Any]:
    if isinstance(answer, CdpError):
        raise answer
    return answer


def missing_detail(missing: list[str]) -> str | None:
    """The warning's detail for the characters drawn as boxes, or None."""
    if not missing:
        return None
    named = ", ".join(f"U+{ord(c):04X}" for c in missing[:MOST_NAMED])
    more = f" and {len(missing) - MOST_NAMED} more" if len(missing) > MOST_NAMED else ""
    return f"{len(missing)} character(s) have no font and show as boxes: {named}{more}"
