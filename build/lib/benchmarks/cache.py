"""The cache (issue 25): a hit against a render of the same request, in the same run.

    .venv/bin/python -m benchmarks.cache [--runs 2] [--quick]

The service (`run.py serve`, pool 2) and the bench site on loopback. Per page and concurrency, alternating:
`baseline` renders each time (`cache` with `ttlS: 0`: the same code path, nothing kept or reused), `hit`
asks for a result kept by one miss before the series (`x-cache: HIT` checked on every answer). `p50 ×` is
the hit's over the render's. Bounded in count.
"""

from __future__ import annotations

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, SETTLE_S, counts, paired_main, series, warm
from benchmarks.service import start
from benchmarks.site import Site
from benchmarks.stats import Figures, table

PAGES = ("text", "heavy")


def capture(client: httpx.AsyncClient, body: dict[str, object], expected: str):  # type: ignore[no-untyped-def]
    async def one() -> None:
        answer = await client.post("/api/screenshot", json=body)
        if answer.status_code != 200 or answer.headers.get("x-cache") != expected:
            raise RuntimeError(f"{answer.status_code} x-cache {answer.headers.get('x-cache')} {answer.text[:200]}")
    return one


async def run(site: Site, runs: int, quick: bool) -> None:
    service = start(site.server_address[1], 2)
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                     timeout=CAPTURE_TIMEOUT_S) as client:
            for number in range(1, runs + 1):
                rows: list[Figures] = []
                for page in PAGES:
                    url = f"{site.base}/{page}?run={number}"
                    for concurrency in (1, 4):
                        n = counts(page, concurrency, quick)
                        render = capture(client, {"url": url, "cache": {"ttlS": 0}}, "MISS")
                        kept: dict[str, object] = {"url": url, "cache": {"ttlS": 3600}}
                        await warm(render, 2)
                        await capture(client, kept, "MISS" if concurrency == 1 else "HIT")()
                        hit = capture(client, kept, "HIT")
                        await trio.sleep(SETTLE_S)
                        rows.append(await series("baseline", page, concurrency, n, render))
                        await trio.sleep(SETTLE_S)
                        rows.append(await series("hit", page, concurrency, n, hit))
                print(f"run {number} (baseline = a render of the same request; × = hit over render)")
                print(table(rows), flush=True)
    finally:
        service.stop()


def main() -> None:
    paired_main(__doc__ or "", run)


if __name__ == "__main__":
    main()
