"""Thumbnails (issue 40): Pillow against pyvips on a 1280 × 10,000 capture, to choose the library `resize` uses.

    .venv/bin/python -m benchmarks.resize [--reps 5]

One capture of the bench site's 10,000 px page (`fullPage`, png) through the service; then, per library and
per fit, the whole of what `resize` adds after the screenshot: decode the PNG, resize, encode the requested
format. p50 of `--reps` in-process runs, and the result's bytes. Loopback only.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from typing import Any

import httpx
import trio
from PIL import Image, ImageOps

from benchmarks.service import start
from benchmarks.site import Site, run_served
from engine.browser.thumbnails import thumbnail

CASES = (("inside", 400, None, "jpeg"), ("cover", 400, 300, "webp"), ("contain", 400, 400, "png"))


def with_pillow(png: bytes, fit: str, width: int, height: int | None, fmt: str) -> bytes:
    """The same three fits with Pillow, as they were written before the measurement chose pyvips."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        if fit == "inside" or height is None:
            scale = width / image.width
            made = image.resize((width, round(image.height * scale)), Image.Resampling.LANCZOS, reducing_gap=3.0)
        elif fit == "cover":
            made = ImageOps.fit(image, (width, height), Image.Resampling.LANCZOS)
        else:
            made = ImageOps.pad(image.convert("RGBA"), (width, height), Image.Resampling.LANCZOS, color=(0, 0, 0, 0))
        out = io.BytesIO()
        if fmt == "jpeg":
            made.convert("RGB").save(out, "JPEG", quality=80)
        elif fmt == "webp":
            made.save(out, "WEBP", quality=80)
        else:
            made.save(out, "PNG", compress_level=6)
        return out.getvalue()


def with_pyvips(png: bytes, fit: str, width: int, height: int | None, fmt: str) -> bytes:
    """What the service does (engine/browser/thumbnails.py)."""
    return thumbnail(png, fit, width, height, fmt, 80)


def measure(make: Callable[..., bytes], png: bytes, reps: int) -> list[tuple[str, float, int]]:
    rows = []
    for fit, width, height, fmt in CASES:
        times, out = [], b""
        for _ in range(reps):
            began = time.perf_counter()
            out = make(png, fit, width, height, fmt)
            times.append(time.perf_counter() - began)
        rows.append((f"{fit} {width}x{height or ''} {fmt}", statistics.median(times) * 1000, len(out)))
    return rows


async def main(args: argparse.Namespace, site: Site) -> None:
    service = await trio.to_thread.run_sync(start, site.server_address[1], 1)
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key}, timeout=120) as c:
            answer = await c.post("/api/screenshot", json={"url": f"{site.base}/tall?resize", "fullPage": True})
            answer.raise_for_status()
    finally:
        await trio.to_thread.run_sync(service.stop)
    png = answer.content
    print(f"capture: {Image.open(io.BytesIO(png)).size}, {len(png) / 2**20:.1f} MiB png")
    found: dict[str, Any] = {"pillow": measure(with_pillow, png, args.reps), "pyvips": measure(with_pyvips, png,
                                                                                                args.reps)}
    for name, rows in found.items():
        for case, ms, size in rows:
            print(f"  {name:<7} {case:<22} {ms:7.1f} ms  {size / 1024:7.1f} KiB", flush=True)


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.resize", description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5, help="runs per library and fit (default 5)")
    return parser.parse_args()


if __name__ == "__main__":
    run_served(main, parse())
