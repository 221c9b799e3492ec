"""Monitors' change verdict on real saved pages nobody here wrote (issue 57, first look): the suite's 21 pages
of Mozilla's readability test set and Zyte's article benchmark (tests/real_pages, tests/news_corpus), served
whole from loopback.

    .venv/bin/python -m benchmarks.monitor_pages

Per page, a monitor (png, the default comparison) and three runs through the service (`POST …/run`): a
baseline, the same page again (nothing changed: a `changed: true` here is a false alarm, from animation,
rotation, clocks or noise the tolerance lets through), and the page with its style sheets, images and fonts
failing (the page server answers 404 to everything but the document). Whether the failing run changed what a
person sees is not known beforehand (many pages draw the same without them), so its figures are how many said
changed, and of the pages whose pixels differ at all, how many, and by how much the others differ. Nothing leaves
loopback.
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path
from typing import Any

import httpx

from benchmarks.monitors import MONITOR_PLAN
from benchmarks.real_pages import PageServer, load_gzipped
from benchmarks.service import RunningService, start

ROOT = Path(__file__).resolve().parent.parent
ENDED = ("SUCCEEDED", "FAILED", "SKIPPED")


def main() -> None:
    pages = (load_gzipped(ROOT / "tests" / "real_pages", "readability")
             + load_gzipped(ROOT / "tests" / "news_corpus", "zyte"))
    server = PageServer(pages)
    server.served = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory(prefix="capture-bench-") as where:
        plans = Path(where) / "plans.toml"
        plans.write_text(MONITOR_PLAN)
        service = start(server.server_address[1], 2, extra_env={"CAPTURE_PLANS_FILE": str(plans)})
        try:
            _measure(service, server, [page.name for page in pages])
        finally:
            service.stop()
            server.shutdown()


def _measure(service: RunningService, server: PageServer, names: list[str]) -> None:
    workspace = service.cli("workspace", "create", "--name", "pages", "--plan", "monitored")
    key = str(service.cli("key", "create", "--workspace", str(workspace["id"]))["key"])
    with httpx.Client(base_url=service.url, headers={"x-api-key": key}, timeout=120) as client:
        monitors = [client.post("/api/monitors", json={"capture": {"url": f"{server.base}/p/{n}/"},
                                                       "every": "1h"}).json()["id"] for n in range(len(names))]
        unchanged = [_second(client, monitor) for monitor in monitors]
        server.served = False  # style sheets, images and fonts now fail
        failing = [_run(client, monitor, 3) for monitor in monitors]
    alarms = [(name, run) for name, run in zip(names, unchanged, strict=True) if run.get("changed")]
    said = sum(bool(run.get("changed")) for run in failing)
    print(f"{len(names)} real pages, three runs each")
    print(f"  unchanged: {len(alarms)} false alarms of {len(names)}; pixelsChanged max "
          f"{max(run.get('pixelsChanged', 0) for run in unchanged):.3f} %")
    for name, run in alarms:
        print(f"    {name}: {run.get('pixelsChanged')} % of the pixels, text {run.get('text')}")
    differ = [run for run in failing if run.get("pixelsChanged")]
    print(f"  assets failing: {said} of {len(names)} said changed; {len(differ)} differ in any pixel, "
          f"{sum(bool(run.get('changed')) for run in differ)} of them said changed")
    for name, run in zip(names, failing, strict=True):
        if not run.get("changed"):
            print(f"    not changed: {name}: {run.get('pixelsChanged')} %, text {run.get('text')}, "
                  f"{run.get('status')} {run.get('error', '')}")


def _second(client: httpx.Client, monitor: str) -> dict[str, Any]:
    _run(client, monitor, 1)
    return _run(client, monitor, 2)


def _run(client: httpx.Client, monitor: str, ended: int) -> dict[str, Any]:
    """Runs queued until `ended` of them have ended; the newest. Bounded: 120 asks 0.25 s apart a run."""
    for _ in range(120 * ended):
        runs = client.get(f"/api/monitors/{monitor}/runs").json()["runs"]
        done = [run for run in runs if run["status"] in ENDED]
        if len(done) >= ended:
            return dict(done[0])
        if not any(run["status"] == "QUEUED" for run in runs) and len(runs) < ended:
            client.post(f"/api/monitors/{monitor}/run")
        threading.Event().wait(0.25)
    raise RuntimeError(f"{monitor}: fewer than {ended} runs ended")


if __name__ == "__main__":
    main()
