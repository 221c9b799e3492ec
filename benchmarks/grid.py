"""The Grid's overhead per capture (issue 24): the same pages at c=1 and c=4 through a service whose pool is on
a Selenium Grid (a hub and two nodes on this host, tests/grid.py) against the service's local pool, and (as
root) through a third whose two nodes are on another host: a network namespace joined by a veth pair
(tests/grid.py's NodeHost), the lanes on a non-loopback `egress_listen`.

    .venv/bin/python -m benchmarks.grid [--runs 2] [--quick]

Both services keep 2 sessions. Rows alternate local and Grid per page and concurrency, so drift on this
machine falls on both; `p50 ×` and `cap/s ×` are the Grid's over the local pool's of the same run. CPU
seconds per capture are measured for the renderers (Chromium, and the node's JVM), for the hub (which relays
the CDP traffic) and for the control plane (the service): what a node of a given size can render is the
README's estimate. Loopback only; bounded in count.
"""

from __future__ import annotations

import httpx
import trio

from benchmarks.__main__ import CAPTURE_TIMEOUT_S, SETTLE_S, counts, paired_main, series, warm
from benchmarks.service import RunningService, cpu_seconds, start
from benchmarks.site import Site
from benchmarks.stats import Figures, table
from engine.operations.settings import Settings
from tests.grid import Grid, NodeHost, missing_namespaces

PAGES = ("text", "heavy")


def capture(client: httpx.AsyncClient, body: dict[str, object]):  # type: ignore[no-untyped-def]
    async def one() -> None:
        answer = await client.post("/api/screenshot", json=body)
        if answer.status_code != 200:
            raise RuntimeError(f"{answer.status_code} {answer.text[:200]}")
    return one


def renderer_cpu(service: RunningService, grid: Grid | None) -> float:
    """CPU seconds of the browsers (and, on the Grid, the nodes that run them)."""
    if grid is None:
        tree, own, _ = service.cpu_seconds()
        return tree - own
    return sum(cpu_seconds(p.pid) for name, p in grid.processes.items() if name.startswith("node"))


def own_cpu(service: RunningService) -> float:
    return service.cpu_seconds()[1]


def hub_cpu(grid: Grid | None) -> float:
    """CPU seconds of the Grid's hub (which relays every CDP message between the service and the node)."""
    return cpu_seconds(grid.processes["hub"].pid) if grid is not None else 0.0


async def run(site: Site, runs: int, quick: bool) -> None:
    # The nodes run the local pool's binary (the headless shell where installed): like is compared with like.
    binary = Settings().chromium_path
    grid = Grid(binary=binary).start()
    local = start(site.server_address[1], 2)
    remote = start(site.server_address[1], 2, extra_env={"CAPTURE_GRID_URL": grid.url,
                                                         "CAPTURE_GRID_CHROMIUM_PATH": str(binary)})
    runners: list[tuple[str, RunningService, Grid | None]] = [("baseline", local, None), ("grid", remote, grid)]
    node_host = NodeHost().create() if missing_namespaces() is None else None
    try:
        if node_host is not None:
            far = Grid(host=node_host, binary=binary).start()
            try:
                runners.append(("two-host", start(site.server_address[1], 2, extra_env={
                    "CAPTURE_GRID_URL": far.url, "CAPTURE_GRID_CHROMIUM_PATH": str(binary),
                    "CAPTURE_EGRESS_LISTEN": node_host.address,
                    "CAPTURE_GRID_NODES": f"{node_host.node_address}/32"}), far))
            except BaseException:
                far.stop()
                raise
        for number in range(1, runs + 1):
            rows: list[Figures] = []
            cost: list[str] = []
            for page in PAGES:
                body: dict[str, object] = {"url": f"{site.base}/{page}", "viewport": {"width": 1280, "height": 800}}
                for concurrency in (1, 4):
                    n = counts(page, concurrency, quick)
                    for name, service, on_grid in runners:
                        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key},
                                                     timeout=CAPTURE_TIMEOUT_S) as client:
                            one = capture(client, body)
                            await warm(one, 2)
                            await trio.sleep(SETTLE_S)
                            render, control = renderer_cpu(service, on_grid), own_cpu(service)
                            hub = hub_cpu(on_grid)
                            rows.append(await series(name, page, concurrency, n, one))
                            render = (renderer_cpu(service, on_grid) - render) / n
                            control = (own_cpu(service) - control) / n
                            hub = (hub_cpu(on_grid) - hub) / n
                            cost.append(f"{name:<9}{page:<7}c={concurrency}: renderers {render * 1000:5.0f} ms CPU"
                                        f"/capture, service {control * 1000:4.0f} ms CPU/capture"
                                        + (f", hub {hub * 1000:4.0f} ms CPU/capture" if on_grid is not None else ""))
            print(f"run {number} (baseline = the local pool; × = a Grid's over the local pool's)")
            print(table(rows))
            print("\n".join(cost), flush=True)
    finally:
        for _, service, on_grid in runners[::-1]:
            service.stop()
            if on_grid is not None:
                on_grid.stop()
        if node_host is not None:
            node_host.delete()


def main() -> None:
    paired_main(__doc__ or "", run)


if __name__ == "__main__":
    main()
