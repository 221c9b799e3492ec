"""What options cost: `scroll` on the tall page, `mockup` and `removeElements` (all three kinds) on the text
page (issues 20 and 21); `resize`, `block` (images by type; the tracker and ad lists) and `format: markdown`
(against `html`) on the three pages (issue 40).

    .venv/bin/python -m benchmarks.options [--captures N] [--runs N] [--only NAME …]

Through the service (`run.py serve`, pool 2, the benchmark's plan, which has every feature),
sync captures at concurrency 1, each option paired with the same capture without it, in alternating
series (plain, option, option, plain): p50 of each and their ratio. `scroll` waits by design (steps
of a viewport 100 ms apart, then up to 0.5 s for a quiet network): its overhead is mostly that wait.
Bounded in count; loopback only.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, SETTLE_S, Capture, series, warm
from benchmarks.service import start
from benchmarks.site import Site

# The option's capture, and the plain capture it is measured against.
PAIRS: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "scroll": ("/tall", {"fullPage": True}, {"fullPage": True, "scroll": {"enabled": True}}),
    "mockup": ("/text", {"device": "iphone-15"}, {"mockup": {"device": "iphone-15"}}),  # the same screen, framed
    "removeElements": ("/text", {}, {"removeElements": {"cookieBanners": True, "ads": True, "popups": True}}),
    # issue 40: thumbnails and blocking on the three pages
    "resize text": ("/text", {}, {"resize": {"width": 400, "fit": "inside"}}),
    "resize heavy": ("/heavy", {}, {"resize": {"width": 400, "fit": "inside"}}),
    "resize tall": ("/tall", {"fullPage": True}, {"fullPage": True, "resize": {"width": 400, "fit": "inside"}}),
    "block images heavy": ("/heavy", {}, {"block": {"resourceTypes": ["image"]}}),
    "block lists text": ("/text", {}, {"block": {"trackers": True, "ads": True}}),
    "block lists heavy": ("/heavy", {}, {"block": {"trackers": True, "ads": True}}),
    "block lists tall": ("/tall", {"fullPage": True}, {"fullPage": True, "block": {"trackers": True, "ads": True}}),
    # markdown against the page's HTML, the serialisation it starts from
    "markdown text": ("/text", {"format": "html"}, {"format": "markdown"}),
    "markdown heavy": ("/heavy", {"format": "html"}, {"format": "markdown"}),
    "markdown tall": ("/tall", {"format": "html"}, {"format": "markdown"}),
}


async def main(captures: int, runs: int) -> None:
    site = Site()
    site.start()
    service = start(site.server_address[1], 2)
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                     timeout=CAPTURE_TIMEOUT_S) as client:
            def capture(body: dict[str, Any]) -> Capture:
                async def one() -> None:
                    answer = await client.post("/api/screenshot", json=body)
                    if answer.status_code != 200:
                        raise RuntimeError(f"{answer.status_code} {answer.text[:200]}")
                return one
            for run in range(1, runs + 1):
                for name, (path, plain, option) in PAIRS.items():
                    url = {"url": f"{site.base}{path}"}
                    runners = {"plain": capture({**url, **plain}), name: capture({**url, **option})}
                    for one in runners.values():
                        await warm(one, 1)
                    p50s: dict[str, list[float]] = {"plain": [], name: []}
                    for which in ("plain", name, name, "plain"):
                        await trio.sleep(SETTLE_S)
                        found = await series(which, path.strip("/"), 1, captures, runners[which])
                        p50s[which].append(found.p50_ms)
                    plain_ms, option_ms = statistics.mean(p50s["plain"]), statistics.mean(p50s[name])
                    print(f"run {run}: {name} on {path}: p50 {option_ms:.0f} ms against {plain_ms:.0f} ms plain "
                          f"(series {', '.join(f'{p:.0f}' for p in p50s[name])} / "
                          f"{', '.join(f'{p:.0f}' for p in p50s['plain'])}): {option_ms / plain_ms:.2f}x, "
                          f"+{option_ms - plain_ms:.0f} ms", flush=True)
    finally:
        service.stop()
        site.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--captures", type=int, default=8, help="captures per series")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--only", choices=sorted(PAIRS), nargs="*", help="these options only")
    options = parser.parse_args()
    if options.only:
        PAIRS = {name: PAIRS[name] for name in options.only}
    trio.run(main, options.captures, options.runs)
