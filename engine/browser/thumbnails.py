"""Thumbnails (`resize`): the screenshot, taken as PNG, resized and encoded in the requested format with libvips.

Chosen over Pillow by benchmarks/resize.py on a 1280 x 10,064 capture (figures in benchmarks/README): pyvips
made the three fits in 45-75 ms against Pillow's 146-232 ms, at the same sizes: libvips decodes, shrinks and
encodes in one streamed pass over the PNG, where Pillow holds and walks the whole 13-megapixel image. The
`pyvips-binary` wheel carries libvips, so no system package is needed. libvips' operation cache is off: a
service's thumbnails are never the same twice, and the cache would hold their buffers. libvips is loaded at
the first thumbnail (11 MB a service that makes none need not hold).
"""

from __future__ import annotations

import functools
from typing import Any

UNBOUNDED = 10_000_000  # a side `inside` leaves free
WHITE, CLEAR = [255, 255, 255, 255], [0, 0, 0, 0]


def thumbnail(png: bytes, fit: str, width: int | None, height: int | None, fmt: str, quality: int) -> bytes:
    """`png` resized as `fit` says, encoded as `fmt` (png, jpeg or webp; `quality` for the lossy two)."""
    pyvips = _pyvips()
    if fit == "cover" and width and height:
        image = pyvips.Image.thumbnail_buffer(png, width, height=height, crop="centre")
    else:
        image = pyvips.Image.thumbnail_buffer(png, width or UNBOUNDED, height=height or UNBOUNDED)
        if fit == "contain" and width and height:
            if not image.hasalpha():
                image = image.bandjoin(255)
            image = image.gravity("centre", width, height, extend="background",
                                  background=WHITE if fmt == "jpeg" else CLEAR)
    if fmt == "jpeg":
        if image.hasalpha():
            image = image.flatten(background=WHITE[:3])
        data: bytes = image.write_to_buffer(".jpg", Q=quality)
    elif fmt == "webp":
        data = image.write_to_buffer(".webp", Q=quality)
    else:
        data = image.write_to_buffer(".png", compression=6)
    return data


@functools.cache
def _pyvips() -> Any:
    import pyvips  # type: ignore[import-untyped]

    pyvips.cache_set_max(0)
    return pyvips
