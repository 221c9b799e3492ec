"""The Grid with its node on another host (issue 37): a network namespace of its own, joined to ours by a veth
pair whose addresses the test makes (tests/grid.py's NodeHost). The lanes listen on this side's address
(`egress_listen`), serve only the node's (`grid_nodes`), and the node reaches nothing else of this host.
The egress vectors run through it too (tests/test_egress.py's `remote` pool)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest
from PIL import Image

from engine.browser.chromium import descendants
from tests.chromium_watch import binary_of
from tests.conftest import Service
from tests.fixture_site import FixtureServer
from tests.grid import Grid

pytestmark = pytest.mark.chromium

# Connects to each (address, port) given and prints what came of it: "closed" (accepted, then closed unread
# within a second), "answered <first line>", or the error's name.
PROBE = """
import socket, sys
for target in sys.argv[1:]:
    address, port = target.rsplit(":", 1)
    try:
        with socket.create_connection((address, int(port)), timeout=3) as s:
            s.settimeout(2)
            s.sendall(b"GET http://example.invalid/ HTTP/1.1\\r\\nhost: example.invalid\\r\\n\\r\\n")
            first = s.recv(200).split(b"\\r\\n")[0].decode(errors="replace")
            print(target, "answered " + first if first else "closed")
    except OSError as error:
        print(target, type(error).__name__)
"""


def _probe(targets: list[str], prefix: list[str] | None = None) -> dict[str, str]:
    """PROBE's findings; with `prefix`, run through it by Debian's own Python (the browser user may read it)."""
    python = "/usr/bin/python3" if prefix else sys.executable
    done = subprocess.run([*(prefix or []), python, "-c", PROBE, *targets], capture_output=True,
                          timeout=60, check=True, text=True)
    return dict(line.split(" ", 1) for line in done.stdout.splitlines())


def _browser_namespace(pid: int) -> str | None:
    """The network namespace of a Chromium process; None for another process, or one that ended meanwhile."""
    try:
        if not Path(f"/proc/{pid}/comm").read_text().startswith("chrom"):
            return None
        return os.readlink(f"/proc/{pid}/ns/net")
    except FileNotFoundError:
        return None


def _listening(pid: int, address: str) -> list[int]:
    return sorted(c.laddr.port for c in psutil.Process(pid).net_connections("tcp")
                  if c.status == psutil.CONN_LISTEN and c.laddr.ip == address)


def test_a_node_on_another_host_renders_through_its_lanes_and_reaches_nothing_else(
        remote_grid_service: Service, remote_grid: Grid, site: FixtureServer) -> None:
    host = remote_grid.host
    assert host is not None
    answer = remote_grid_service.workspace("pro").capture(url=f"{site.base}/box")
    assert answer.status_code == 200, answer.text
    image = Image.open(io.BytesIO(answer.content)).convert("RGB")
    assert image.getpixel((200, 360)) == (255, 0, 0)  # the fixture's red box: the page came through the lane

    # The browsers ran on the node's side: in another network namespace than this one.
    ours = os.readlink("/proc/self/ns/net")
    namespaces = {pid: _browser_namespace(pid) for pid in descendants(remote_grid.processes["node0"].pid)}
    browsers = {namespace for namespace in namespaces.values() if namespace is not None}
    assert browsers, "no Chromium below the node"
    assert ours not in browsers
    # This node's stereotype names Chromium's headless shell (grid_chromium_path): its browsers are the shell.
    binaries = {binary_of(pid) for pid, namespace in namespaces.items() if namespace is not None}
    assert "chromium-headless-shell" in binaries, binaries
    assert "chromium" not in binaries, binaries

    # The service's lanes listen on this side of the pair (the browser-wide one, and the warm spares' once a
    # session is idle): from the node's address they answer (403 from the browser-wide lane, which refuses all
    # that is not a capture's; 407 from a capture's lane, which wants its credentials), from any other address
    # (this host's own, not in grid_nodes) they close the connection unread. Nothing else of this host answers
    # the node: the API and the fixture site listen on this host's loopback, which the node's own is not.
    lanes = [f"{host.address}:{port}" for port in _listening(remote_grid_service.process.pid, host.address)]
    assert lanes
    service_port = urlsplit(remote_grid_service.url).port
    others = [f"{host.address}:{service_port}", f"127.0.0.1:{service_port}",
              f"{host.address}:{site.server_address[1]}", f"127.0.0.1:{site.server_address[1]}"]
    from_node = _probe(lanes + others, host.inside(remote_grid.account))
    # (a capture's lane may have closed between the listing and the probe: refused then)
    assert {from_node[lane] for lane in lanes} <= {"answered HTTP/1.1 403 Forbidden", "ConnectionRefusedError",
                                                   "answered HTTP/1.1 407 Proxy Authentication Required"}
    browser_wide = [lane for lane in lanes if from_node[lane] == "answered HTTP/1.1 403 Forbidden"]
    assert len(browser_wide) == 1, from_node
    assert {target: from_node[target] for target in others} == dict.fromkeys(others, "ConnectionRefusedError")
    # closed unread: with what we sent still unread, the close comes as a reset
    assert _probe(browser_wide)[browser_wide[0]] in {"closed", "ConnectionResetError"}
