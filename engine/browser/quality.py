"""Whether a capture is good (API.md, Quality): the page's own signs read just before the render, the pixels read
after it, turned into warnings.

    inspect(page, r)                 one evaluation in the page (engine/browser/quality.js): images not loaded,
                                     fonts loading, the characters drawn, challenge markers, layers over the
                                     viewport; the removal's overlay finder and model when there are; the pixel
                                     caps against the page's size
    verdict(signs, r, pixels)        the warnings: missing_glyphs (engine.browser.glyphs), blank, images_incomplete,
                                     fonts_pending, challenge (engine.browser.challenges), overlay_remaining, partial
    pixels(page, r, image, signs)    the share of the screenshot's pixels that differ from its dominant colour
                                     (blank_share), read from a reduced screenshot when the image is large; not
                                     read at all when the page drew something and the PNG is too large to be of
                                     one colour (drawn_and_not_one_colour)

Each check reads what the page or the browser knows (the fonts that drew the text, `img.complete`, `document.fonts`,
the model's verdicts) rather than guessing from pixels, except `blank`, which is about the pixels.
"""

from __future__ import annotations

import base64
import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson
import trio
from PIL import Image

from engine.browser import challenges, geometry, glyphs
from engine.browser.cdp import CdpError
from engine.browser.geometry import scale_of, within_pixel_caps
from engine.browser.overlays import OverlayModel, candidates, finder_expression
from engine.browser.page import Page, page_script
from engine.rules.quality import QualityWarning
from engine.rules.request import IMAGE_FORMATS, CaptureRequest

SCRIPT_PATH = Path(__file__).with_name("quality.js")
BLANK_SHARE = 0.01  # fewer pixels than this differ from the dominant colour: blank
SAMPLED_PIXELS = 250_000  # the blank check reads at most about this many pixels, evenly spread
DECODED_PIXELS = 4_000_000  # ... from the screenshot itself up to this size (16 MB decoded), else from a reduced copy
# A PNG of one colour from Chromium takes 0.018 bytes a pixel (optimizeForSpeed) or 0.005; one a few times
# larger holds more than one colour (a short line of text: 0.019; the benchmark's text page: 0.12)
ONE_COLOUR_BYTES_PER_PIXEL = 1 / 16
COVERING = 0.5  # an overlay the model recognises that covers this share of the viewport remains over the capture
MOST_NAMED = 5  # images, fonts named in a detail
MOST_FAILED_SENT = 200  # failed image URLs handed to quality.js


@dataclass(frozen=True)
class Signs:
    """What the page said of itself just before the render."""

    found: dict[str, Any]  # quality.js's answer
    overlay: str | None  # what still covers most of the viewport
    cut: str | None  # where the pixel caps cut a full page
    stylesheets: tuple[str, ...] = ()  # style sheets whose load failed
    missing_glyphs: tuple[str, ...] = ()  # characters drawn as boxes (engine.browser.glyphs)


async def inspect(page: Page, r: CaptureRequest) -> Signs:
    """The page's signs. Read in the page's own world: a world of the service's own costs a context per capture
    (5 ms of the check's 31 at p50 on the benchmark's text page), and a page that tampers with what the script
    uses only spoils its own verdict; the overlay finder, which leaves its findings in a global, runs in one."""
    await glyphs.loaded()  # the fonts' coverage the verdict reads, off the event loop the first time
    await page.type_failures()
    full_page = r.full_page and not r.selector
    area = "page" if full_page else (r.selector or "viewport")
    failed_images = list(page.state.failed["Image"])[:MOST_FAILED_SENT]
    markers = orjson.dumps(challenges.markers()).decode()
    script = (f"({page_script(SCRIPT_PATH)})({orjson.dumps(area).decode()}, {markers}, "
              f"{orjson.dumps(failed_images).decode()})")
    commands: list[tuple[str, dict[str, Any] | None]] = [_evaluation(None, script)]
    if full_page:
        commands.append(("Page.getLayoutMetrics", None))
    answers = await page.send_many(commands)  # one round trip
    found = _value(answers[0]) or {}
    overlay = None
    if found.get("covered") and r.format in {*IMAGE_FORMATS, "pdf"}:  # positioned layers over most of it
        world = (await page.send("Page.createIsolatedWorld", {
            "frameId": page.state.main_frame, "worldName": "capture-quality"}))["executionContextId"]
        overlay = _covering(_value(await page.send(*_evaluation(world, finder_expression()))) or {})
    cut = _cut(answers[1], r) if full_page and isinstance(answers[1], dict) else None
    if full_page and page.state.grew is not None and isinstance(answers[1], dict):
        before, after = page.state.grew
        kept = within_pixel_caps(answers[1]["cssLayoutViewport"]["clientWidth"],
                                 answers[1]["cssContentSize"]["height"], scale_of(r))["height"]
        grown = (f"the page grew from {before} to {after} px when its end was reached (an endless feed): "
                 f"captured to {round(kept)} px")
        cut = f"{cut}; {grown}" if cut else grown
    missing = await glyphs.missing_drawn(page, str(found.get("chars", "")), str(found.get("webChars", "")))
    return Signs(found, overlay, cut, tuple(_bare(url) for url in page.state.failed["Stylesheet"]), tuple(missing))


def verdict(signs: Signs, r: CaptureRequest, blank_pixels: float | None,
            cut_short: str | None = None) -> tuple[QualityWarning, ...]:
    """The warnings, in API.md's order; `blank_pixels`: the image's blank_share, None when not an image or when
    the page drew something and its PNG is too large to be of one colour (drawn_and_not_one_colour);
    `cut_short`: the phase bestAttempt stopped at the deadline."""
    found, warnings = signs.found, []
    missing = glyphs.missing_detail(list(signs.missing_glyphs))
    if missing:
        warnings.append(QualityWarning("missing_glyphs", missing))
    # API.md: nothing drawn and (almost) one colour, or every pixel one colour; a few lines of text are never
    # blank (a short page of plain text is under 1 % of its pixels: it was called blank on real pages)
    empty = not found.get("textLength") and not found.get("media")
    if blank_pixels == 0:
        warnings.append(QualityWarning("blank", "every pixel of the captured area has one colour"))
    elif empty and (blank_pixels is None or blank_pixels < BLANK_SHARE):
        warnings.append(QualityWarning("blank", "the page draws no text, image, video, canvas or SVG in the "
                                                "captured area" + ("" if blank_pixels is None else
                                                f"; {blank_pixels:.2%} of its pixels differ from the dominant colour")))
    pending, broken = found.get("images", []), int(found.get("broken", 0))
    if pending or broken:
        named = ", ".join([*found.get("brokenImages", []), *pending][:MOST_NAMED])
        warnings.append(QualityWarning("images_incomplete", f"{broken} image(s) in the captured area failed to load "
                                                            f"and {len(pending)} were still loading: {named}"))
    if signs.stylesheets:
        warnings.append(QualityWarning("stylesheets_failed", f"{len(signs.stylesheets)} style sheet(s) failed to "
                                                             f"load: {', '.join(signs.stylesheets[:MOST_NAMED])}"))
    if found.get("fontsStatus") == "loading":
        families = ", ".join(found.get("fontsLoading", [])[:MOST_NAMED]) or "a web font"
        warnings.append(QualityWarning("fonts_pending", f"still loading: {families}"))
    challenge = challenges.challenge_detail(found.get("challenge", {}), str(found.get("title", "")))
    if challenge:
        warnings.append(QualityWarning("challenge", challenge))
    if signs.overlay:
        warnings.append(QualityWarning("overlay_remaining", signs.overlay))
    elif (layer := found.get("layer")) and r.format in {*IMAGE_FORMATS, "pdf"}:
        warnings.append(QualityWarning("overlay_remaining", f"a fixed layer ({layer.get('describe')}) covers "
                                                            f"{float(layer.get('share', 0)):.0%} of the viewport"))
    if signs.cut or cut_short:
        where = [signs.cut] if signs.cut else []
        if cut_short:
            where.append(f"the deadline passed during {cut_short}: this is the page as it was then (bestAttempt)")
        warnings.append(QualityWarning("partial", "; ".join(where)))
    return tuple(warnings)


async def pixels(page: Page, r: CaptureRequest, body: bytes, signs: Signs) -> float | None:
    """blank_share of the screenshot, decoded in a worker thread; None when what the page drew settles it
    without the pixels (drawn_and_not_one_colour). A screenshot over DECODED_PIXELS (a tall or scaled full page:
    up to 75 million pixels, 300 MB decoded) is judged from a copy Chromium renders at a reduced scale instead,
    so that the service never holds the decoded image."""
    image = Image.open(io.BytesIO(body))  # the header only
    width, height = image.size
    if drawn_and_not_one_colour(signs.found, image.format, len(body), width * height):
        return None
    if width * height > DECODED_PIXELS:
        area = await geometry.clip(page, r) or _viewport(await page.send("Page.getLayoutMetrics"))
        reduced = await page.send("Page.captureScreenshot", {  # its side: the image's, times this scale
            "format": "png", "fromSurface": True, "captureBeyondViewport": True,
            "clip": {**area, "scale": math.sqrt(SAMPLED_PIXELS / (width * height))}})
        body = base64.b64decode(reduced["data"])
    return await trio.to_thread.run_sync(blank_share, body)


def drawn_and_not_one_colour(found: dict[str, Any], image_format: str | None, size: int, area: int) -> bool:
    """Whether the blank verdict is settled without decoding a pixel: the page drew text or media in the area,
    so only an image of one colour would be blank (API.md), and the PNG is too large to be one (its deflated
    rows compress to almost nothing). Decoding was a third of the service's own CPU per text capture
    (issue 56); a page that draws little (a line of text) still has its pixels read."""
    drawn = bool(found.get("textLength") or found.get("media"))
    return drawn and image_format == "PNG" and size > area * ONE_COLOUR_BYTES_PER_PIXEL + 4096


def _bare(url: str) -> str:
    """A URL as a detail names it: no query, fragment or credentials (they may carry secrets)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}{parts.path}"[:200] if parts.netloc else url[:200]


def _viewport(metrics: dict[str, Any]) -> dict[str, float]:
    """The visible viewport as a clip, in the page's coordinates."""
    seen = metrics["cssVisualViewport"]
    return {"x": seen["pageX"], "y": seen["pageY"], "width": seen["clientWidth"], "height": seen["clientHeight"]}


def blank_share(body: bytes) -> float:
    """The share of the image's pixels (an even sample of at most SAMPLED_PIXELS) whose colour differs from the
    most common one by more than an eye sees: each channel compared to 1/64 of its range in a PNG (text blended
    onto its own colour comes out a step off), to 1/32 in a lossy format (its encoder's noise)."""
    image = Image.open(io.BytesIO(body))
    mask = 0xFC if image.format == "PNG" else 0xF8
    step = max(1, math.ceil(math.sqrt(image.width * image.height / SAMPLED_PIXELS)))
    sample = image if image.mode in ("RGB", "RGBA") else image.convert("RGBA")
    if step > 1:
        sample = sample.resize((max(1, sample.width // step), max(1, sample.height // step)), Image.Resampling.NEAREST)
    sample = sample.point(lambda v: v & mask)
    colours = sample.getcolors(sample.width * sample.height) or []
    top = max(count for count, _ in colours) if colours else 0
    return 1 - top / max(1, sample.width * sample.height)


def _covering(found: dict[str, Any]) -> str | None:
    """The largest overlay the removal's model recognises that covers most of the viewport, described."""
    model, covering = OverlayModel.shipped(), []
    for candidate in candidates(found):
        coverage = candidate.features[0]  # FEATURES[0]: its share of the viewport
        if coverage < COVERING:
            continue
        judged = model.judge(candidate)  # the removal's judgment: a kind, and something that says its purpose
        if (judged.kind != "none" and candidate.purposeful) or candidate.bare_backdrop:
            covering.append((coverage, judged.kind if judged.kind != "none" else "backdrop", candidate.describe))
    if not covering:
        return None
    coverage, kind, describe = max(covering)
    return f"{describe or 'an element'} ({kind}) covers {coverage:.0%} of the viewport"


def _cut(metrics: dict[str, Any], r: CaptureRequest) -> str | None:
    """Where the pixel caps cut a full page (engine.browser.geometry.clip cuts it the same way), or None."""
    width, height = metrics["cssLayoutViewport"]["clientWidth"], metrics["cssContentSize"]["height"]
    kept = within_pixel_caps(width, height, scale_of(r))["height"]
    if kept >= height - 0.5:
        return None
    return f"the page is {height:,.0f} px tall; the capture stops at {kept:,.0f} px (the pixel cap)"


def _evaluation(world: int | None, expression: str) -> tuple[str, dict[str, Any]]:
    """Runtime.evaluate in `world` (None: the page's main world)."""
    params: dict[str, Any] = {"expression": expression, "returnByValue": True, "awaitPromise": True}
    if world is not None:
        params["contextId"] = world
    return "Runtime.evaluate", params


def _value(result: dict[str, Any] | CdpError) -> Any:
    """An evaluation's value; None when it failed (a page that breaks the inspection is not judged by it)."""
    if isinstance(result, CdpError) or "exceptionDetails" in result:
        return None
    return result.get("result", {}).get("value")
