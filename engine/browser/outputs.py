"""What a settled page becomes: a screenshot (clipped to the page and the pixel caps of engine.browser.geometry),
a PDF read from Chromium's stream, the serialised HTML, its main content as Markdown (engine.browser.markdown),
or a recording (engine.browser.video: WebM, MP4, GIF).

A mockup's frame around the screenshot is engine.browser.mockups'; the steps before, from a fresh page to the
page as the client wants it, are engine.browser.emulation's, navigation's and settling's.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import pybase64
import trio

from engine.browser import geometry, masking, video
from engine.browser.cdp import CdpError
from engine.browser.markdown import ABSOLUTE_DOM, extract
from engine.browser.page import Page
from engine.browser.page.steps import evaluate
from engine.rules.errors import FieldError, InvalidRequest, ResultTooLarge
from engine.rules.print_templates import BLANK, inert
from engine.rules.request import IMAGE_FORMATS, VIDEO_FORMATS, CaptureRequest, PdfOptions

# A full page shows a fixed element of the viewport's lower half (a footer, a cookie bar, a chat button) once, where
# a reader scrolled to the end sees it, instead of over the content one viewport down; those of the upper half
# (headers, full-screen layers) stay at the top, where the capture starts.
FIXED_TO_THE_END = """(() => {
  const shift = Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)
    - innerHeight - scrollY;
  if (shift <= 0 || !document.body) return 0;
  let moved = 0;
  for (const el of document.body.getElementsByTagName('*')) {
    if (el.offsetParent !== null) continue;  // fixed elements have none (nor hidden ones, nor the body's children)
    const s = getComputedStyle(el);
    if (s.position !== 'fixed' || s.display === 'none') continue;
    const r = el.getBoundingClientRect();
    if (r.height === 0 || r.top < innerHeight / 2) continue;
    const own = s.transform === 'none' ? '' : s.transform;
    el.style.setProperty('transform', `translateY(${shift}px) ${own}`, 'important');
    moved += 1;
  }
  return moved;
})()"""
# How a full page is captured: in one piece (Chromium lays out and rasters the whole clip), which holds within
# geometry's pixel cap (16,384 px: no repeated bands below it, tests/test_full_pages.py); joined tiles would be
# needed only past it, and the cap is not raised.
FULLPAGE_METHOD = "native"


def fullpage_method(r: CaptureRequest) -> str | None:
    """How the request's screenshot was made, for x-fullpage-method: with fullPage only."""
    return FULLPAGE_METHOD if r.full_page and r.format in IMAGE_FORMATS else None
# A png's encoding when the request does not say (`optimizeFor`): Chromium's fast encoder. Measured on the bench
# pages (benchmarks/encoding.py, 2026-11-26): the render step 0.77x (text), 0.69x (heavy), 0.59x (10,000 px)
# of the default encoder's time, the file 1.42x, 1.02x, 1.41x its size; the CPU is what a capture service lacks.
OPTIMIZE_FOR = "speed"
# base64 longer than this is decoded in a worker thread, off the event loop: pybase64 (SIMD) decodes 1 MiB of it
# in 0.4 ms, the standard library in 2.3 (issue 56)
DECODED_ALONGSIDE = 1024 * 1024
PDF_CHUNK = 1024 * 1024  # a PDF is read from Chromium's stream this much at a time
CONTENT_TYPES = {
    "png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp",
    "pdf": "application/pdf", "html": "text/html; charset=utf-8", "markdown": "text/markdown; charset=utf-8",
    "webm": "video/webm", "mp4": "video/mp4", "gif": "image/gif",
}
PAPER_INCHES = {
    "A3": (11.69, 16.54), "A4": (8.27, 11.69), "A5": (5.83, 8.27),
    "Letter": (8.5, 11.0), "Legal": (8.5, 14.0), "Tabloid": (11.0, 17.0),
}


async def render(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    """The file of the request's format, made from the page as it is now."""
    if r.format in VIDEO_FORMATS:
        return await video.record(page, r, max_bytes)
    if r.format == "pdf":
        return await _pdf(page, r, max_bytes)
    if r.format == "html":
        html = await evaluate(page, """(document.doctype ?
            new XMLSerializer().serializeToString(document.doctype) + '\\n' : '')
            + document.documentElement.outerHTML""")
        return str(html).encode()
    if r.format == "markdown":
        title, dom = await evaluate(page, f"{ABSOLUTE_DOM}({'true' if r.url is None else 'false'})")
        url = page.state.document_url if r.url is not None else None  # an `html` capture's links: as written
        return (await extract(dom, url or None, title)).encode()
    return await _screenshot(page, r)


async def _screenshot(page: Page, r: CaptureRequest) -> bytes:
    later = r.mockup is not None or r.resize is not None  # framed or resized, then encoded: a png to decode
    params: dict[str, Any] = {"format": "png" if later else r.format, "fromSurface": True}
    if r.format in {"jpeg", "webp"} and not later:
        params["quality"] = r.quality or 80
    if params["format"] == "png":
        params["optimizeForSpeed"] = later or (r.optimize_for or OPTIMIZE_FOR) == "speed"
    clip = await geometry.clip(page, r)
    if clip is not None:
        params["clip"] = clip
        params["captureBeyondViewport"] = True
    if r.mask is not None:
        await masking.paint(page, r.mask)
    if r.full_page and not r.selector:
        await evaluate(page, FIXED_TO_THE_END)
    return await screenshot(page, params)


async def screenshot(page: Page, params: dict[str, Any]) -> bytes:
    """Page.captureScreenshot's image (a capture's, a mockup's frame), its base64 decoded; a large one in a
    worker thread, where the loop's other captures do not wait for it (issue 56)."""
    data = (await page.send("Page.captureScreenshot", params))["data"]
    if len(data) <= DECODED_ALONGSIDE:
        return pybase64.b64decode(data)
    return await trio.to_thread.run_sync(pybase64.b64decode, data)


async def _pdf(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    options = r.pdf or PdfOptions()
    width, height = PAPER_INCHES[options.paper_format]
    margins = options.margin_mm
    params: dict[str, Any] = {
        "landscape": options.landscape, "printBackground": options.print_background,
        "scale": options.scale, "paperWidth": width, "paperHeight": height,
        "marginTop": margins.top / 25.4, "marginRight": margins.right / 25.4,
        "marginBottom": margins.bottom / 25.4, "marginLeft": margins.left / 25.4,
    }
    if options.page_ranges:
        params["pageRanges"] = options.page_ranges.replace(" ", "")
    if options.header_template is not None or options.footer_template is not None:
        params["displayHeaderFooter"] = True
        params["headerTemplate"] = inert(options.header_template) if options.header_template else BLANK
        params["footerTemplate"] = inert(options.footer_template) if options.footer_template else BLANK
    if options.outline:
        params["generateDocumentOutline"] = True
    # Chromium tags a PDF unless told not to; the outline is built from the tagged structure
    params["generateTaggedPDF"] = options.tagged or options.outline
    params["transferMode"] = "ReturnAsStream"  # read in chunks, stopped at max_bytes: never one huge message
    try:
        result = await page.send("Page.printToPDF", params)
    except CdpError as exc:
        if "range" in exc.message.lower():
            raise InvalidRequest(f"pdf.pageRanges: {exc.message}", errors=(
                FieldError("pdf.pageRanges", "invalid", exc.message),)) from exc
        raise
    return await _read_stream(page, result["stream"], max_bytes)


async def _read_stream(page: Page, handle: str, max_bytes: int) -> bytes:
    """The bytes of a Chromium IO stream; ResultTooLarge as soon as they pass `max_bytes`."""
    chunks: list[bytes] = []
    size = 0
    try:
        while True:
            chunk = await page.send("IO.read", {"handle": handle, "size": PDF_CHUNK})
            data = pybase64.b64decode(chunk["data"]) if chunk.get("base64Encoded") else chunk["data"].encode()
            size += len(data)
            if size > max_bytes:
                raise ResultTooLarge(f"the pdf is larger than {max_bytes} bytes (max_result_bytes)")
            chunks.append(data)
            if chunk.get("eof"):
                return b"".join(chunks)
    finally:
        with trio.move_on_after(1, shield=True), suppress(CdpError):  # a closed page has no streams left
            await page.send("IO.close", {"handle": handle})
