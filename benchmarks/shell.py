"""Chromium's headless shell against the full browser (issue 37): the same service, only `chromium_path` differs.

    .venv/bin/python -m benchmarks.shell [--runs 2] [--quick]

Two services (`run.py serve`, pool 2 each) and the bench site on loopback: `shell` on the default binary (Debian's
chromium-headless-shell), `baseline` with `CAPTURE_CHROMIUM_PATH=/usr/bin/chromium` (the full browser in its
headless mode). Per page at c=1 and c=4 their series alternate (the order reverses every other time); CPU is the
service's whole tree from /proc. `×` is the shell's over the full browser's. Each run also compares one PNG of
each page from both, byte for byte. Bounded in count.
"""

from __future__ import annotations

import itertools

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, PAGES, SETTLE_S, counts, paired_main, series, warm
from benchmarks.service import RunningService, start
from benchmarks.site import Site
from benchmarks.stats import Figures, table
from engine.operations.settings import FULL_CHROMIUM, HEADLESS_SHELL


def capture(client: httpx.AsyncClient, url: str, full_page: bool):  # type: ignore[no-untyped-def]
    async def one() -> bytes:
        answer = await client.post("/api/screenshot", json={"url": url, "fullPage": full_page})
        if answer.status_code != 200 or not answer.content.startswith(b"\x89PNG"):
            raise RuntimeError(f"{answer.status_code} {answer.text[:200]}")
        return answer.content
    return one


async def run(site: Site, runs: int, quick: bool) -> None:
    if not HEADLESS_SHELL.exists():
        raise SystemExit(f"{HEADLESS_SHELL} is missing: apt-get install chromium-headless-shell")
    services: dict[str, RunningService] = {}
    try:
        services["shell"] = start(site.server_address[1], 2)
        services["baseline"] = start(site.server_address[1], 2, extra_env={"CAPTURE_CHROMIUM_PATH": str(FULL_CHROMIUM)})
        clients = {name: httpx.AsyncClient(base_url=s.url, headers={"x-api-key": s.key}, timeout=CAPTURE_TIMEOUT_S)
                   for name, s in services.items()}
        flips = itertools.cycle((False, True))
        for number in range(1, runs + 1):
            rows: list[Figures] = []
            same: list[str] = []
            for page, (path, full_page) in PAGES.items():
                ones = {name: capture(client, f"{site.base}{path}", full_page) for name, client in clients.items()}
                pngs = {name: await one() for name, one in ones.items()}
                same.append(f"{page} {'identical' if len(set(pngs.values())) == 1 else 'DIFFERENT'}")
                for concurrency in (1, 4):
                    for name in list(ones)[::-1 if next(flips) else 1]:
                        await warm(ones[name], 1)
                        await trio.sleep(SETTLE_S)
                        rows.append(await series(name, page, concurrency, counts(page, concurrency, quick),
                                                 ones[name], meter=services[name].cpu_seconds))
            print(f"run {number} (baseline = the full browser; × = the headless shell over it); PNGs: "
                  f"{', '.join(same)}")
            print(table(rows), flush=True)
        for client in clients.values():
            await client.aclose()
    finally:
        for service in services.values():
            service.stop()


def main() -> None:
    paired_main(__doc__ or "", run)


if __name__ == "__main__":
    main()
