"""PNG encoding (issue 37): `optimizeFor: speed` against `size` on the three bench pages, in time and bytes.

    .venv/bin/python -m benchmarks.encoding [--runs 2] [--quick]

One service (`run.py serve`, pool 2). Per page, json captures one at a time in alternating series (speed,
size, size, speed): p50 of the render step (`timings.renderMs`: the screenshot and its encoding), of the
whole answer, and the file's bytes. The default of `optimizeFor` (engine.browser.outputs.OPTIMIZE_FOR) is
chosen from these figures. Bounded in count; loopback only.
"""

from __future__ import annotations

import statistics
from typing import Any

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, SETTLE_S, paired_main
from benchmarks.service import start
from benchmarks.site import Site

PAGES: dict[str, dict[str, Any]] = {"text": {}, "heavy": {}, "tall": {"fullPage": True}}


async def series(client: httpx.AsyncClient, url: str, options: dict[str, Any], count: int) -> list[dict[str, int]]:
    found = []
    for n in range(count):
        answer = await client.post("/api/screenshot", json={"url": f"{url}&n={n}", "responseType": "json",
                                                            **options})
        answer.raise_for_status()
        report = answer.json()
        found.append({"render": report["timings"]["renderMs"], "total": report["timings"]["totalMs"],
                      "bytes": report["bytes"]})
    return found


async def run(site: Site, runs: int, quick: bool) -> None:
    service = start(site.server_address[1], 2)
    count = 4 if quick else 12
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                     timeout=CAPTURE_TIMEOUT_S) as client:
            for number in range(1, runs + 1):
                print(f"run {number}: p50 of {count * 2} captures each, speed / size")
                for page, options in PAGES.items():
                    rows: dict[str, list[dict[str, int]]] = {"speed": [], "size": []}
                    for which in ("speed", "size", "size", "speed"):
                        await trio.sleep(SETTLE_S)
                        rows[which] += await series(client, f"{site.base}/{page}?enc={number}-{which}",
                                                    {**options, "optimizeFor": which}, count)
                    p50 = {which: {k: statistics.median(r[k] for r in found) for k in ("render", "total", "bytes")}
                           for which, found in rows.items()}
                    speed, size = p50["speed"], p50["size"]
                    print(f"  {page:<6} render {speed['render']:.0f} / {size['render']:.0f} ms "
                          f"({speed['render'] / max(1, size['render']):.2f}x), total {speed['total']:.0f} / "
                          f"{size['total']:.0f} ms, file {speed['bytes'] / 1024:.0f} / {size['bytes'] / 1024:.0f} KiB "
                          f"({speed['bytes'] / size['bytes']:.2f}x)", flush=True)
    finally:
        service.stop()


def main() -> None:
    paired_main(__doc__ or "", run)


if __name__ == "__main__":
    main()
