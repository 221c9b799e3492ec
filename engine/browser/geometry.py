"""The page's geometry: the screen a capture emulates, its scale, the part of the page it captures and the pixel
caps, read before the page settles (emulation, scrolling) and after (screenshots, videos, mockups)."""

from __future__ import annotations

import math
from typing import Any

from engine.browser.page import Page
from engine.browser.page.steps import check_selector, evaluate, js_literal
from engine.rules.devices import DEVICES
from engine.rules.errors import SelectorNotFound
from engine.rules.request import CaptureRequest, Video, Viewport

MAX_IMAGE_PX = 16384  # device pixels on either side of a screenshot
MAX_DEVICE_PIXELS = 75_000_000  # and in all: the largest viewport (3840 x 2160 at scale 3) fits


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


async def clip(page: Page, r: CaptureRequest) -> dict[str, float] | None:
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
