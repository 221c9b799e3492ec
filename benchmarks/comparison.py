"""Monitors' comparison (issue 57): what comparing two captures costs, against the bars of 30 ms p50 for two
1280 × 800 captures and 300 ms for two 1280 × 10,000 ones.

    .venv/bin/python -m benchmarks.comparison [--reps 20]

Two real captures through the service, the bench site's text page (1280 × 800) and its 10,000 px page
(`fullPage`), each compared with itself changed: one block recoloured and a strip of new rows at the end (the
page grew). Per pair, p50 of `--reps` in-process runs of `compare_pixels` (decode both PNGs, compare, group),
and as the baseline of the same run, of decoding both PNGs alone; then the diff picture and the text
comparison of the page's text against itself with one line edited. Loopback only.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections.abc import Callable

import httpx
import pyvips  # type: ignore[import-untyped]
import trio

from benchmarks.service import start
from benchmarks.site import TEXT, Site, run_served
from engine.browser.comparison import compare_pixels, compare_text, diff_picture
from engine.browser.thumbnails import libvips

BARS_MS = {"1280x800": 30.0, "1280x10000": 300.0}


def changed(png: bytes) -> bytes:
    """The capture with a 300 × 120 block recoloured near its middle and 40 rows added at its end."""
    image = pyvips.Image.new_from_buffer(png, "")[0:3].copy_memory()
    image = image.draw_rect([0, 120, 0], image.width // 3, image.height // 2, 300, 120, fill=True)
    return bytes(image.embed(0, 0, image.width, image.height + 40, extend="white").write_to_buffer(".png"))


def p50_ms(run: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def decode(*pngs: bytes) -> None:
    for png in pngs:
        pyvips.Image.new_from_buffer(png, "").copy_memory()


def report(name: str, before: bytes, reps: int) -> None:
    after = changed(before)
    change = compare_pixels(before, after)
    cost = p50_ms(lambda: compare_pixels(before, after), reps)
    base = p50_ms(lambda: decode(before, after), reps)
    picture = p50_ms(lambda: diff_picture(after, change.regions), max(3, reps // 4))
    print(f"  {name:<11} compare {cost:6.1f} ms p50 (bar {BARS_MS[name]:.0f} ms; {cost / base:.2f}x decoding "
          f"both, {base:.1f} ms)  diff picture {picture:6.1f} ms  {change.percent:.2f} % changed, "
          f"{len(change.regions)} regions", flush=True)


async def main(args: argparse.Namespace, site: Site) -> None:
    service = await trio.to_thread.run_sync(start, site.server_address[1], 1)
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key}, timeout=120) as c:
            pngs = {}
            for name, body in (("1280x800", {"url": f"{site.base}/text"}),
                               ("1280x10000", {"url": f"{site.base}/tall", "fullPage": True})):
                answer = await c.post("/api/screenshot", json={**body, "viewport": {"width": 1280, "height": 800}})
                answer.raise_for_status()
                pngs[name] = answer.content
    finally:
        await trio.to_thread.run_sync(service.stop)
    libvips()  # as the service loads libvips: no operation cache
    print(f"comparison, {args.reps} runs each:")
    for name, png in pngs.items():
        report(name, png, args.reps)
    text = re.sub(r"<[^>]+>", "\n", TEXT.decode(errors="replace"))  # the page's text, a line per element
    edited = text.replace("\n\n", " (edited)\n\n", 3)
    print(f"  text        compare {p50_ms(lambda: compare_text(text, edited), args.reps):6.2f} ms p50 "
          f"({len(text.splitlines())} lines)")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.comparison", description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=20, help="runs per pair (default 20)")
    return parser.parse_args()


if __name__ == "__main__":
    run_served(main, parse())
