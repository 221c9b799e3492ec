"""What following the Network domain costs a capture (issue 56): bare Chromium with and without `Network.enable`.

    .venv/bin/python -m benchmarks.network_domain [--captures 40] [--rounds 4] [--pages heavy text]

The service enabled CDP's Network domain on every page (engine.browser.page.state followed its events: requests in
flight, the main document's status, failed images and style sheets); since issue 56 only a capture with `headers`
does. Chromium then sends about eight events per request of the page, each built in its browser process and
parsed on the service's loop. This measures that price
apart from everything else the service does: the `bare` pool of `python -m benchmarks` (two browsers, this
process as the driver, c=4), the same captures with `Page` alone and with `Page` and `Network` enabled, the two
alternating (the order reverses every other round). Per capture: captures/s, the CPU of the browsers' trees, and
the CPU of this process's loop thread (the driver: trio-websocket, wsproto, orjson — what the service's loop pays
per event too). `×` is with Network over without. Bounded in count; the fixture site on loopback only.
"""

from __future__ import annotations

import argparse
import time

import trio

from benchmarks.baseline import BaselinePool, baseline_pool, capture
from benchmarks.site import Site, run_served

WORKERS = 4
KINDS = {"page": ("Page",), "page+network": ("Page", "Network")}


async def one_series(pool: BaselinePool, url: str, captures: int, domains: tuple[str, ...]) -> tuple[float, ...]:
    """captures/s, the trees' CPU ms and the loop's CPU ms per capture, over `captures` at c=WORKERS."""
    tree, loop, started = pool.cpu_seconds()[0], time.thread_time(), time.monotonic()
    left = iter(range(captures))

    async def worker() -> None:
        for _ in left:
            async with pool.browser() as conn:
                await capture(conn, url, False, domains)
    async with trio.open_nursery() as nursery:
        for _ in range(WORKERS):
            nursery.start_soon(worker)
    wall = time.monotonic() - started
    return (captures / wall, (pool.cpu_seconds()[0] - tree) / captures * 1e3,
            (time.thread_time() - loop) / captures * 1e3)


async def run(args: argparse.Namespace, site: Site) -> None:
    async with baseline_pool(2, "bare") as pool:
        for page in args.pages:
            url = f"{site.base}/{page}"
            for _ in range(4):  # warm
                await pool.capture(url, False)
            found: dict[str, list[tuple[float, ...]]] = {kind: [] for kind in KINDS}
            for round_ in range(args.rounds):
                for kind in (list(KINDS) if round_ % 2 == 0 else list(reversed(KINDS))):
                    figures = await one_series(pool, url, args.captures, KINDS[kind])
                    found[kind].append(figures)
                    print(f"  {page:<6} {kind:<13} {figures[0]:6.2f} captures/s  tree {figures[1]:6.1f} ms  "
                          f"loop {figures[2]:5.1f} ms per capture", flush=True)
            mean = {kind: [sum(column) / len(column) for column in zip(*rows, strict=True)]
                    for kind, rows in found.items()}
            without, with_ = mean["page"], mean["page+network"]
            print(f"{page}: with Network {with_[0] / without[0]:.2f}x the captures/s, trees "
                  f"{with_[1] - without[1]:+.1f} ms ({with_[1] / without[1]:.2f}x), loop {with_[2] - without[2]:+.1f} "
                  f"ms ({with_[2] / without[2]:.2f}x) per capture", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.network_domain", description=__doc__.split("\n\n")[0])
    parser.add_argument("--captures", type=int, default=40, help="captures per series (default 40)")
    parser.add_argument("--rounds", type=int, default=4, help="series of each kind per page (default 4)")
    parser.add_argument("--pages", nargs="+", default=["heavy", "text"], choices=["heavy", "text"])
    run_served(run, parser.parse_args())


if __name__ == "__main__":
    main()
