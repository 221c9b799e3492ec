"""What a video costs (issue 22): a 5 s 1280×800 WebM of the text page, and of the tall page scrolled through.

    .venv/bin/python -m benchmarks.video [--runs N]

Through the service (`run.py serve`, pool 2), one sync capture at a time: its wall time against the
video's duration (the aim: at most 1.3×), the CPU seconds the service and its Chromium tree spent on it
(what a plan would price), and the file's size. A plain PNG of the same page is measured the same way
as the baseline. Bounded in count; loopback only.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, SETTLE_S
from benchmarks.service import cpu_seconds, start
from benchmarks.site import Site

DURATION_MS = 5000
CASES: dict[str, dict[str, Any]] = {
    "text png": {"path": "/text"},
    "text webm": {"path": "/text", "format": "webm"},
    "tall webm + scroll": {"path": "/tall", "format": "webm", "scroll": {"enabled": True}},
}


async def main(runs: int) -> None:
    site = Site()
    site.start()
    service = start(site.server_address[1], 2)
    try:
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                     timeout=CAPTURE_TIMEOUT_S) as client:
            for name, case in CASES.items():
                body = {"url": f"{site.base}{case['path']}", "viewport": {"width": 1280, "height": 800},
                        **{k: v for k, v in case.items() if k != "path"}}
                if body.get("format") == "webm":
                    body["video"] = {"durationMs": DURATION_MS, "fps": 25}
                walls, cpus, sizes = [], [], []
                for _ in range(runs + 1):  # the first warms the page up and is not counted
                    await trio.sleep(SETTLE_S)
                    cpu, started = cpu_seconds(service.process.pid), time.monotonic()
                    answer = await client.post("/api/screenshot", json=body)
                    if answer.status_code != 200:
                        raise RuntimeError(f"{answer.status_code} {answer.text[:200]}")
                    walls.append(time.monotonic() - started)
                    cpus.append(cpu_seconds(service.process.pid) - cpu)
                    sizes.append(len(answer.content))
                wall, cpu = statistics.median(walls[1:]), statistics.median(cpus[1:])
                ratio = f", {wall / (DURATION_MS / 1000):.2f}x the duration" if body.get("format") == "webm" else ""
                print(f"{name:20} wall {wall:5.2f} s{ratio}; CPU {cpu:5.2f} s (service + Chromium); "
                      f"{statistics.median(sizes[1:]) / 1e6:.2f} MB", flush=True)
    finally:
        service.stop()
        site.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="measured captures per case")
    trio.run(main, parser.parse_args().runs)
