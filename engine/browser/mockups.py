"""Device mockups: a capture framed in a device, drawn by the service itself.

The screenshot is taken at the device's viewport and scale (its `engine.rules.devices` preset; `browser` keeps
the request's own), as PNG. Then the same page leaves the captured site for about:blank (so none of the
site's scripts or content policy stays), and Chromium draws the frame from `frame_html`, in device pixels
at scale 1, with the screenshot placed 1:1 as a data: image: no resource is fetched from anywhere, and
the screen area is the plain capture, pixel for pixel. The area around the frame is transparent in png
and webp (white in jpeg).

Output size: the screenshot's size plus the frame's, `output_size`.
"""

from __future__ import annotations

import base64
import html
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from engine.browser import geometry, outputs
from engine.browser.page import Page
from engine.browser.page.steps import evaluate, wait_for_lifecycle
from engine.rules.request import CaptureRequest

Theme = Literal["light", "dark"]
Px = Callable[[float], int]  # CSS px of the device to pixels of the image


@dataclass(frozen=True)
class Frame:
    """A frame in CSS px of the device, scaled by the capture's device scale factor when drawn."""

    kind: Literal["phone", "tablet", "laptop", "browser"]
    bezel: int  # around the screen
    radius: int  # the body's corners
    screen_radius: int
    top: int = 0  # more above the screen: a laptop's lid, a browser's toolbar
    bottom: int = 0  # more below: a laptop's chin
    base: int = 0  # a laptop's base, below the lid, this tall and `base_overhang` wider on each side
    base_overhang: int = 0


FRAMES: dict[str, Frame] = {
    "iphone-15": Frame("phone", bezel=16, radius=64, screen_radius=48),
    "pixel-8": Frame("phone", bezel=16, radius=48, screen_radius=36),
    "ipad-air": Frame("tablet", bezel=28, radius=40, screen_radius=18),
    "macbook": Frame("laptop", bezel=16, radius=18, screen_radius=0, top=8, bottom=12, base=18,
                     base_overhang=90),
    "browser": Frame("browser", bezel=1, radius=10, screen_radius=0, top=44),
}
COLOURS = {  # body, screen border, details (camera, toolbar), text
    "light": ("#d8dadf", "#0b0b0c", "#eceef1", "#202124"),
    "dark": ("#2b2c30", "#000000", "#35363a", "#e8eaed"),
}


async def framed(page: Page, r: CaptureRequest, screenshot: bytes) -> bytes:
    """The PNG screenshot in its device's frame , drawn on this page once it left the site."""
    assert r.mockup is not None
    host = (urlsplit(page.state.document_url).hostname or "") if r.url is not None else ""
    loader = (await page.send("Page.navigate", {"url": "about:blank"})).get("loaderId")
    if loader:
        await wait_for_lifecycle(page, loader, "load")
    screen, scale = png_size(screenshot), geometry.scale_of(r)
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
    if r.resize is not None:  # resized and encoded after: a png, quickly
        params.update(format="png", optimizeForSpeed=True)
    elif r.format in {"jpeg", "webp"}:
        params["quality"] = r.quality or 80
    return await outputs.screenshot(page, params)


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR."""
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def output_size(name: str, screen: tuple[int, int], scale: float) -> tuple[int, int]:
    """The framed image's size in pixels for a screenshot of `screen` pixels taken at `scale`."""
    frame = FRAMES[name]
    px = _px(scale)
    width = screen[0] + 2 * px(frame.bezel)
    height = screen[1] + 2 * px(frame.bezel) + px(frame.top) + px(frame.bottom)
    if frame.base:
        width += 2 * px(frame.base_overhang)
        height += px(frame.base)
    return width, height


def screen_origin(name: str, scale: float) -> tuple[int, int]:
    """Where the screenshot's top left corner lies in the framed image."""
    frame, px = FRAMES[name], _px(scale)
    return (px(frame.base_overhang) if frame.base else 0) + px(frame.bezel), px(frame.bezel) + px(frame.top)


def _px(scale: float) -> Px:
    return lambda css: round(css * scale)


def frame_html(name: str, theme: Theme, png_base64: str, screen: tuple[int, int], scale: float,
               host: str) -> str:
    """The page that draws the frame around the screenshot, in device pixels."""
    frame = FRAMES[name]
    px = _px(scale)
    body, border, detail, text = COLOURS[theme]
    width, height = output_size(name, screen, scale)
    overhang = px(frame.base_overhang) if frame.base else 0
    lid_width = width - 2 * overhang
    lid_height = height - (px(frame.base) if frame.base else 0)
    left, top = screen_origin(name, scale)
    parts = [
        f"<div style='position:absolute;left:{overhang}px;top:0;width:{lid_width}px;height:{lid_height}px;"
        f"box-sizing:border-box;border-radius:{px(frame.radius)}px;background:{body};"
        f"border:{max(1, px(2))}px solid {border}'></div>",
        f"<img src='data:image/png;base64,{png_base64}' style='position:absolute;left:{left}px;top:{top}px;"
        f"width:{screen[0]}px;height:{screen[1]}px;border-radius:{px(frame.screen_radius)}px'>",
    ]
    if name == "iphone-15":  # the Dynamic Island
        island = (px(124), px(36))
        parts.append(_box((width - island[0]) // 2, top + px(11), *island, island[1] // 2, "#000"))
    elif name == "pixel-8":  # the punch-hole camera
        parts.append(_box((width - px(22)) // 2, top + px(12), px(22), px(22), px(11), "#000"))
    elif frame.kind == "tablet" or frame.kind == "laptop":  # the camera in the bezel
        parts.append(_box((width - px(8)) // 2, (top - px(8)) // 2, px(8), px(8), px(4), border))
    if frame.base:
        parts.append(_box(0, lid_height, width, px(frame.base), px(frame.base) // 2, body))
        parts.append(_box((width - px(160)) // 2, lid_height, px(160), px(8), px(6), border))
    if frame.kind == "browser":
        parts.append(_toolbar(width, px, detail, text, host, frame))
    return ("<!doctype html><html><head><meta charset=utf-8></head>"
            "<body style='margin:0;background:transparent;overflow:hidden'>" + "".join(parts) + "</body></html>")


def _box(left: int, top: int, width: int, height: int, radius: int, colour: str) -> str:
    return (f"<div style='position:absolute;left:{left}px;top:{top}px;width:{width}px;height:{height}px;"
            f"border-radius:{radius}px;background:{colour}'></div>")


def _toolbar(width: int, px: Px, detail: str, text: str, host: str, frame: Frame) -> str:
    """Three window buttons and an address field with the page's host."""
    bar = px(frame.top)
    dots = "".join(_box(px(14 + 20 * i), (bar - px(12)) // 2, px(12), px(12), px(6), colour)
                   for i, colour in enumerate(("#ff5f57", "#febc2e", "#28c840")))
    field = (f"<div style='position:absolute;left:{px(90)}px;top:{px(8)}px;width:{width - px(180)}px;"
             f"height:{bar - px(14)}px;border-radius:{px(8)}px;background:{detail};color:{text};"
             f"font:{px(14)}px/{bar - px(14)}px sans-serif;text-align:center;white-space:nowrap;overflow:hidden'>"
             f"{html.escape(host)}</div>")
    return dots + field
