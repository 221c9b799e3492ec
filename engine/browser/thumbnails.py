"""Thumbnails (`resize`): the screenshot, taken as PNG, resized and encoded in the requested format with libvips.

Chosen over Pillow by benchmarks/resize.py on a 1280 x 10,064 capture (figures in benchmarks/README): pyvips
made the three fits in 45-75 ms against Pillow's 146-232 ms, at the same sizes: libvips decodes, shrinks and
encodes in one streamed pass over the PNG, where Pillow holds and walks the whole 13-megapixel image. The
`pyvips-binary` wheel carries libvips, so no system package is needed. libvips' operation cache is off: a
service's thumbnails are never the same twice, and the cache would hold their buffers. libvips is loaded at
the first thumbnail (11 MB a service that makes none need not hold).

Bounds (issue 52): every output is planned from the input's size before libvips runs. `inside` never enlarges
(a thumbnail is at most the capture), `contain` fits the whole image in the box, and `cover` crops the input
to the box's shape first and scales that crop to the box, so no fit makes more than the box's pixels (3840 x
3840 at most) and no intermediate image is larger than the box or the input: libvips' own `cover` scaled a
3840 x 2 strip to 81 GB before cropping it. The encoding stops at `stop_at` (a `time.monotonic()` instant,
the capture's deadline): libvips is asked to kill the image from its progress callback.
"""

from __future__ import annotations

import functools
import time
from typing import Any

import trio


class Stopped(Exception):
    """libvips was stopped at the deadline."""


WHITE, CLEAR = [255, 255, 255, 255], [0, 0, 0, 0]
THUMBNAILERS = trio.CapacityLimiter(2)  # thumbnails at once, the service's together: libvips uses a core or more each


async def resized(png: bytes, fit: str, width: int | None, height: int | None, fmt: str, quality: int) -> bytes:
    """`thumbnail` in a thread of its own limiter, stopped at the caller's deadline (then Cancelled is raised)."""
    remaining = trio.current_effective_deadline() - trio.current_time()
    stop_at = time.monotonic() + remaining if remaining != float("inf") else float("inf")
    try:
        return await trio.to_thread.run_sync(thumbnail, png, fit, width, height, fmt, quality, stop_at,
                                             limiter=THUMBNAILERS)
    except Stopped:
        # the deadline, read on another clock, is here or a hair away: its scope raises Cancelled (a 504)
        await trio.sleep_forever()


def planned(size: tuple[int, int], fit: str, width: int | None, height: int | None) -> tuple[int, int]:
    """The output's size for an input of `size`: never more pixels than the box, and `inside` never enlarges."""
    in_w, in_h = size
    if fit in ("cover", "contain") and width and height:
        return width, height
    scale = min(width / in_w if width else 1.0, height / in_h if height else 1.0, 1.0)
    return max(1, round(in_w * scale)), max(1, round(in_h * scale))


def thumbnail(png: bytes, fit: str, width: int | None, height: int | None, fmt: str, quality: int,
              stop_at: float = float("inf")) -> bytes:
    """`png` resized as `fit` says, encoded as `fmt` (png, jpeg or webp; `quality` for the lossy two); raises
    Stopped once `time.monotonic()` passes `stop_at`."""
    pyvips = libvips()
    source = pyvips.Image.new_from_buffer(png, "", access="sequential")
    out_w, out_h = planned((source.width, source.height), fit, width, height)
    if fit == "cover" and width and height:
        # the centred part of the input with the box's shape, then that part scaled to the box
        crop_w = min(source.width, max(1, round(source.height * width / height)))
        crop_h = min(source.height, max(1, round(source.width * height / width)))
        image = source.crop((source.width - crop_w) // 2, (source.height - crop_h) // 2, crop_w, crop_h)
        image = image.thumbnail_image(out_w, height=out_h, size="force")
    elif fit == "contain" and width and height:
        image = pyvips.Image.thumbnail_buffer(png, width, height=height, size="both")
        if not image.hasalpha():
            image = image.bandjoin(255)
        image = image.gravity("centre", width, height, extend="background",
                              background=WHITE if fmt == "jpeg" else CLEAR)
    else:
        image = pyvips.Image.thumbnail_buffer(png, out_w, height=out_h, size="down")
    if fmt == "jpeg" and image.hasalpha():
        image = image.flatten(background=WHITE[:3])
    _stopping(image, stop_at)
    try:
        if fmt == "jpeg":
            data: bytes = image.write_to_buffer(".jpg", Q=quality)
        elif fmt == "webp":
            data = image.write_to_buffer(".webp", Q=quality)
        else:
            data = image.write_to_buffer(".png", compression=6)
    except pyvips.Error as exc:
        if time.monotonic() >= stop_at:
            raise Stopped(f"the thumbnail was stopped at the deadline: {exc}") from exc
        raise
    return data


def _stopping(image: Any, stop_at: float) -> None:
    """Kill `image`'s computation from libvips' progress callback once `stop_at` has passed."""
    if stop_at == float("inf"):
        return
    image.set_progress(True)

    def evaluating(image: Any, _progress: Any) -> None:
        if time.monotonic() >= stop_at:
            image.set_kill(True)
    image.signal_connect("eval", evaluating)


@functools.cache
def libvips() -> Any:
    """pyvips, loaded at its first use, its operation cache off (engine.browser.comparison uses it too)."""
    import pyvips  # type: ignore[import-untyped]

    pyvips.cache_set_max(0)
    return pyvips
