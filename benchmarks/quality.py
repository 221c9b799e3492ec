"""Quality verdicts (issue 36): what the checks cost, how well they hold on the labelled set, how close to its
budget a timed-out capture answers.

    .venv/bin/python -m benchmarks.quality [--runs 2] [--quick]

Per run, on `run.py serve` (pool 2) and loopback fixture sites:
- the checks' own time (`timings.checkMs` of json answers: the page-side inspection and the screenshot's
  pixels) and the whole answer's, p50 and p90, on the bench pages text, heavy and tall (fullPage), one capture
  at a time;
- what the wait for images and web fonts costs the text page (nothing loading): two services side by side,
  with and without it (asset_wait_ms 0), captures alternating;
- the labelled set of tests/quality/labelled.py: per warning code, the share of its pages that raise it
  (recall), and the warnings raised on the clean pages (the bar: none);
- a page holding a long poll with waitUntil networkidle and timeoutMs 2000: how long after the budget the
  504 arrives (the bar: 250 ms), and whether it names the long poll.
Bounded in count; loopback only.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter, defaultdict

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, paired_main
from benchmarks.service import start
from benchmarks.site import Site
from tests.fixture_site import FixtureServer
from tests.quality.labelled import HELD, PAGES

BENCH_PAGES = {"text": {}, "heavy": {}, "tall": {"fullPage": True}}
TIMEOUT_MS = 2000


def _p(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(share * len(values)))]


async def check_cost(client: httpx.AsyncClient, site: Site, run: int, count: int) -> None:
    for page, options in BENCH_PAGES.items():
        checks, totals = [], []
        for n in range(count + 2):
            answer = await client.post("/api/screenshot", json={
                "url": f"{site.base}/{page}?quality={run}-{n}", "responseType": "json", **options})
            answer.raise_for_status()
            if n >= 2:  # two to warm up
                timings = answer.json()["timings"]
                checks.append(timings["checkMs"])
                totals.append(timings["totalMs"])
        check, total = statistics.median(checks), statistics.median(totals)
        print(f"  {page:<6} checkMs p50 {check:.0f} p90 {_p(checks, 0.9):.0f}; totalMs p50 {total:.0f}: the checks "
              f"are {check / total:.1%} of it", flush=True)


async def asset_wait_cost(site: Site, count: int) -> None:
    """What awaiting images and web fonts costs a page with none loading (issue 53: at most 20 ms at p50): the
    text page on two services side by side, one with the wait (the default asset_wait_ms) and one without (0),
    captures alternating between them."""
    services = [start(site.server_address[1], 1), start(site.server_address[1], 1,
                                                        extra_env={"CAPTURE_ASSET_WAIT_MS": "0"})]
    totals: list[list[float]] = [[], []]
    settles: list[list[float]] = [[], []]
    try:
        clients = [httpx.AsyncClient(base_url=s.url, headers={"x-api-key": s.key}, timeout=CAPTURE_TIMEOUT_S)
                   for s in services]
        for n in range(count + 2):
            for which, client in enumerate(clients):
                answer = await client.post("/api/screenshot", json={"url": f"{site.base}/text?assets={n}",
                                                                    "responseType": "json"})
                answer.raise_for_status()
                if n >= 2:
                    timings = answer.json()["timings"]
                    totals[which].append(timings["totalMs"])
                    settles[which].append(timings["settleMs"])
        for client in clients:
            await client.aclose()
    finally:
        for service in services:
            service.stop()
    waited, bare = (statistics.median(t) for t in totals)
    print(f"  asset wait on the text page: totalMs p50 {waited:.0f} with, {bare:.0f} without "
          f"({waited - bare:+.1f} ms); settleMs p50 {statistics.median(settles[0]):.1f} with, "
          f"{statistics.median(settles[1]):.1f} without", flush=True)


async def labelled_set(client: httpx.AsyncClient, fixtures: FixtureServer) -> None:
    raised: dict[str, Counter[str]] = defaultdict(Counter)  # label -> codes raised on its pages
    limit = trio.CapacityLimiter(3)

    async def one(index: int) -> None:
        labelled = PAGES[index]
        async with limit:
            answer = await client.post("/api/screenshot", json={"url": f"{fixtures.base}/quality/{labelled.name}",
                                                                **labelled.options})
        answer.raise_for_status()
        codes = answer.headers.get("x-capture-warnings", "")
        raised[labelled.code or "clean"].update(codes.split(",") if codes else ["(none)"])
    async with trio.open_nursery() as nursery:
        for index in range(len(PAGES)):
            nursery.start_soon(one, index)
    labels = Counter(p.code or "clean" for p in PAGES)
    for label in sorted(labels):
        if label == "clean":
            noisy = {code: n for code, n in raised[label].items() if code != "(none)"}
            print(f"  clean pages: {labels[label]}, warnings raised on them: {noisy or 'none'}")
        else:
            print(f"  {label:<18} recall {raised[label][label] / labels[label]:.0%} ({raised[label][label]}/"
                  f"{labels[label]})")


async def long_poll(client: httpx.AsyncClient, fixtures: FixtureServer, count: int) -> None:
    over, named = [], 0
    for n in range(count):
        began = time.monotonic()
        answer = await client.post("/api/screenshot", json={"url": f"{fixtures.base}/quality/long-poll?n={n}",
                                                            "waitUntil": "networkidle", "timeoutMs": TIMEOUT_MS})
        over.append((time.monotonic() - began) * 1000 - TIMEOUT_MS)
        named += answer.status_code == 504 and f"{fixtures.base}{HELD}" in answer.json().get("pending", [])
    print(f"  long poll, timeoutMs {TIMEOUT_MS}: the 504 came {statistics.median(over):.0f} ms (p50), "
          f"{max(over):.0f} ms (max) after the budget; the long poll named in {named}/{count}")


async def run(site: Site, runs: int, quick: bool) -> None:
    fixtures = FixtureServer()
    fixtures.start()
    service = start(site.server_address[1], 2, also_allow=(fixtures.server_address[1],))
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                     timeout=CAPTURE_TIMEOUT_S) as client:
            for number in range(1, runs + 1):
                print(f"run {number}")
                await check_cost(client, site, number, 8 if quick else 30)
                await asset_wait_cost(site, 10 if quick else 40)
                await labelled_set(client, fixtures)
                await long_poll(client, fixtures, 3 if quick else 10)
    finally:
        service.stop()
        fixtures.stop()


def main() -> None:
    paired_main(__doc__ or "", run)


if __name__ == "__main__":
    main()
