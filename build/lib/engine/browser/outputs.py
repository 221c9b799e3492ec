"""What a settled page becomes: a screenshot (clipped to the page and the pixel caps), a mockup's frame around
it, a PDF read from Chromium's stream, the serialised HTML, or a WebM recording (engine.browser.video).

The steps before, from a fresh page to the page as the client wants it, are engine.browser.recipes'.
"""

from __future__ import annotations

import base64
import math
from contextlib import suppress
from typing import Any
from urllib.parse import urlsplit

import trio

from engine.browser.cdp import CdpError
from engine.browser.mockups import frame_html, output_size, png_size
from engine.browser.page import Page, check_selector, evaluate, js_literal, next_frames, wait_for_lifecycle
from engine.browser.video import JPEG_QUALITY, Recording
from engine.rules.devices import DEVICES
from engine.rules.errors import FieldError, InvalidRequest, ResultTooLarge, SelectorNotFound
from engine.rules.request import CaptureRequest, PdfOptions, Video, Viewport

MAX_IMAGE_PX = 16384  # device pixels on either side of a screenshot
MAX_DEVICE_PIXELS = 75_000_000  # and in all: the largest viewport (3840 x 2160 at scale 3) fits
PDF_CHUNK = 1024 * 1024  # a PDF is read from Chromium's stream this much at a time
CONTENT_TYPES = {
    "png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp",
    "pdf": "application/pdf", "html": "text/html; charset=utf-8", "webm": "video/webm",
}
PAPER_INCHES = {
    "A3": (11.69, 16.54), "A4": (8.27, 11.69), "A5": (5.83, 8.27),
    "Letter": (8.5, 11.0), "Legal": (8.5, 14.0), "Tabloid": (11.0, 17.0),
}


async def render(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    """The file of the request's format, made from the page as it is now."""
    if r.format == "webm":
        return await record(page, r, max_bytes)
    if r.format == "pdf":
        return await _pdf(page, r, max_bytes)
    if r.format == "html":
        html = await evaluate(page, """(document.doctype ?
            new XMLSerializer().serializeToString(document.doctype) + '\\n' : '')
            + document.documentElement.outerHTML""")
        return str(html).encode()
    return await _screenshot(page, r)


async def record(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    """The page for `video.durationMs` as a WebM at the viewport's CSS size (engine.browser.video); with `scroll`, from
    the top to the bottom of the page, smoothly, within the recording."""
    video = r.video or Video()
    metrics = screen(r)
    width, height = int(metrics["width"]), int(metrics["height"])
    recording = Recording(page.send, width, height, video.fps, video.duration_ms / 1000, max_bytes)

    async def start_scrolling() -> None:
        # over the duration less three frames, so the last frames show the bottom
        await evaluate(page, f"""(() => {{
            const span = {max(1, video.duration_ms - 3000 // video.fps)}, start = performance.now();
            const bottom = () => Math.max(document.documentElement.scrollHeight,
                                          document.body ? document.body.scrollHeight : 0) - innerHeight;
            const step = (now) => {{ const p = Math.min(1, (now - start) / span);
                scrollTo(0, p * bottom()); if (p < 1) requestAnimationFrame(step); }};
            requestAnimationFrame(step); }})()""")

    await next_frames(page)  # a frame painted after settle(): else the first may still show removed overlays
    page.screencast = recording.on_frame
    await page.send("Page.startScreencast", {"format": "jpeg", "quality": JPEG_QUALITY, "maxWidth": width,
                                             "maxHeight": height, "everyNthFrame": 1})
    try:
        scrolling = r.scroll is not None and r.scroll.enabled
        return await recording.record(start_scrolling if scrolling else None)
    finally:
        page.screencast = None
        with trio.move_on_after(1, shield=True), suppress(CdpError):
            await page.send("Page.stopScreencast")


async def framed(page: Page, r: CaptureRequest, screenshot: bytes) -> bytes:
    """The PNG screenshot in its device's frame (engine.browser.mockups), drawn on this page once it left the site."""
    assert r.mockup is not None
    host = (urlsplit(page.state.document_url).hostname or "") if r.url is not None else ""
    loader = (await page.send("Page.navigate", {"url": "about:blank"})).get("loaderId")
    if loader:
        await wait_for_lifecycle(page, loader, "load")
    screen, scale = png_size(screenshot), scale_of(r)
    width, height = output_size(r.mockup.device, screen, scale)
    tree = await page.send("Page.getFrameTree")
    await page.send_many([
        ("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                "mobile": False}),
        ("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 255, "g": 255, "b": 255,
                                                                   "a": 1 if r.format == "jpeg" else 0}}),
        ("Page.setDocumentContent", {"frameId": tree["frameTree"]["frame"]["id"], "html": frame_html(
            r.mockup.device, r.mockup.theme, base64.b64encode(screenshot).decode(), screen, scale, host)}),
    ])
    await evaluate(page, "Promise.all([...document.images].map(image => image.decode()))", await_promise=True)
    params: dict[str, Any] = {"format": r.format, "fromSurface": True}
    if r.format in {"jpeg", "webp"}:
        params["quality"] = r.quality or 80
    return base64.b64decode((await page.send("Page.captureScreenshot", params))["data"])


async def _screenshot(page: Page, r: CaptureRequest) -> bytes:
    params: dict[str, Any] = {"format": "png" if r.mockup else r.format, "fromSurface": True}  # framed later
    if r.format in {"jpeg", "webp"} and not r.mockup:
        params["quality"] = r.quality or 80
    clip = await _clip(page, r)
    if clip is not None:
        params["clip"] = clip
        params["captureBeyondViewport"] = True
    result = await page.send("Page.captureScreenshot", params)
    return base64.b64decode(result["data"])


async def _clip(page: Page, r: CaptureRequest) -> dict[str, float] | None:
    """The part of the page to capture, inside the page and within the pixel caps; None: the viewport."""
    if not r.selector and not r.full_page:
        return None
    metrics = await page.send("Page.getLayoutMetrics")
    content = metrics["cssContentSize"]
    if r.selector:
        await check_selector(page, "selector", r.selector)
        box = await evaluate(page, f"""(() => {{
            const el = document.querySelector({js_literal(r.selector)}); if (!el) return null;
            const b = el.getBoundingClientRect();
            return {{x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height}};
            }})()""")
        if not box:
            raise SelectorNotFound("selector", r.selector)
        x, y = max(0.0, box["x"]), max(0.0, box["y"])  # an element's box is what it claims: only the page counts
        width = min(box["x"] + box["width"], content["width"]) - x
        height = min(box["y"] + box["height"], content["height"]) - y
        if width < 1 or height < 1:
            raise SelectorNotFound("selector", r.selector)
    else:
        x, y, width, height = 0.0, 0.0, metrics["cssLayoutViewport"]["clientWidth"], content["height"]
    return {"x": x, "y": y, **within_pixel_caps(width, height, scale_of(r)), "scale": 1}


def within_pixel_caps(width: float, height: float, scale: float) -> dict[str, float]:
    """A capture's CSS size, cut so that neither side passes MAX_IMAGE_PX device pixels and the
    whole stays under MAX_DEVICE_PIXELS: what Chromium holds and encodes is bounded."""
    device_width = min(width * scale, MAX_IMAGE_PX)
    device_height = min(height * scale, MAX_IMAGE_PX, math.floor(MAX_DEVICE_PIXELS / math.ceil(device_width)))
    return {"width": device_width / scale, "height": device_height / scale}


def video_pixel_frames(r: CaptureRequest) -> int:
    """The encoding work a video asks for: its frame's CSS pixels × frames per second × seconds."""
    video, metrics = r.video or Video(), screen(r)
    return int(metrics["width"]) * int(metrics["height"]) * video.fps * video.duration_ms // 1000


def screen(r: CaptureRequest) -> dict[str, Any]:
    """The screen to emulate: the device preset's, else the viewport's (defaults when neither)."""
    device = DEVICES.get(r.device_name or "")
    if device is not None:
        # Plain values, not a Viewport: that model validates client JSON and accepts
        # only its camelCase aliases, so building one from field names raised.
        return {"width": device.width, "height": device.height,
                "deviceScaleFactor": device.scale, "mobile": device.mobile}
    viewport = r.viewport or Viewport()
    return {"width": viewport.width, "height": viewport.height,
            "deviceScaleFactor": viewport.device_scale_factor, "mobile": viewport.mobile}


def scale_of(r: CaptureRequest) -> float:
    return (r.viewport.device_scale_factor if r.viewport else None) or _device_scale(r)


def _device_scale(r: CaptureRequest) -> float:
    device = DEVICES.get(r.device_name or "")
    return device.scale if device else 1.0


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
            data = base64.b64decode(chunk["data"]) if chunk.get("base64Encoded") else chunk["data"].encode()
            size += len(data)
            if size > max_bytes:
                raise ResultTooLarge(f"the pdf is larger than {max_bytes} bytes (max_result_bytes)")
            chunks.append(data)
            if chunk.get("eof"):
                return b"".join(chunks)
    finally:
        with trio.move_on_after(1, shield=True), suppress(CdpError):  # a closed page has no streams left
            await page.send("IO.close", {"handle": handle})
