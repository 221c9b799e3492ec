"""A real Selenium Grid on loopback for the tests of `grid_url`: Selenium's standalone server jar (fetched by
`./bootstrap.sh test` into vendor/selenium-server) on Debian's Java, as a hub and nodes that run the system
`chromium` and `chromedriver`. As root the nodes run as the unprivileged Chromium user, so the browsers'
sandbox stays on.

With a `NodeHost`, the nodes run on another host for real: a network namespace of their own, joined to this
one by a veth pair whose two addresses the test gives it (in 198.18.0.0/15, the range set aside for
benchmarking networks, which no real network uses). The node sees only its own loopback and the pair; the
hub listens on this side's address of the pair, and so do the service's egress lanes (`egress_listen`)."""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from engine.browser.chromium import is_headless_shell
from engine.operations.settings import FULL_CHROMIUM

ROOT = Path(__file__).resolve().parent.parent
JAR = ROOT / "vendor" / "selenium-server" / "selenium-server-4.48.0.jar"
START_S = 90
NODE_CONFIG = """\
[node]
detect-drivers = false
max-sessions = {sessions}
session-timeout = 300
[[node.driver-configuration]]
display-name = "chromium"
stereotype = '{{"browserName": "{browser}", "goog:chromeOptions": {{"binary": "{binary}"}}}}'
webdriver-executable = "/usr/bin/chromedriver"
max-sessions = {sessions}
"""


def missing() -> str | None:
    """Why a Grid cannot run here, or None."""
    if shutil.which("java") is None:
        return "Java is missing: apt-get install openjdk-17-jre-headless (./bootstrap.sh test does)"
    if not JAR.exists():
        return f"{JAR} is missing: ./bootstrap.sh test fetches it"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class NodeHost:
    """A network namespace joined to this one by a veth pair: another host, as far as the network goes. Root only
    (`missing_namespaces` says why not). Made by `create`, gone with everything in it after `delete`."""

    def __init__(self) -> None:
        tag = f"{os.getpid() % 10000}{secrets.token_hex(2)}"
        self.name = f"capture-node-{tag}"
        self.here, self.there = f"cn{tag}h", f"cn{tag}n"  # interface names: at most 15 characters
        net = 18 + os.getpid() % 2, os.getpid() // 2 % 64 * 4  # a /30 of 198.18.0.0/15, by pid
        self.address = f"198.{net[0]}.{secrets.randbelow(256)}.{net[1] + 1}"  # this side: the hub, the lanes
        self.node_address = self.address.rsplit(".", 1)[0] + f".{net[1] + 2}"

    def create(self) -> NodeHost:
        try:
            for command in (["netns", "add", self.name],
                            ["link", "add", self.here, "type", "veth", "peer", "name", self.there, "netns", self.name],
                            ["addr", "add", f"{self.address}/30", "dev", self.here],
                            ["link", "set", self.here, "up"],
                            ["-n", self.name, "addr", "add", f"{self.node_address}/30", "dev", self.there],
                            ["-n", self.name, "link", "set", self.there, "up"],
                            ["-n", self.name, "link", "set", "lo", "up"]):
                subprocess.run(["ip", *command], check=True, capture_output=True, timeout=10)
        except BaseException:
            self.delete()
            raise
        return self

    def inside(self, account: pwd.struct_passwd | None) -> list[str]:
        """The prefix that runs a command in the namespace, as `account` with no other group when given."""
        user = ["-S", str(account.pw_uid), "-G", str(account.pw_gid)] if account is not None else []
        return ["nsenter", f"--net=/run/netns/{self.name}", *user, "--"]

    def delete(self) -> None:
        """The namespace, and with it its end of the pair and so the pair (ours goes when its peer does)."""
        subprocess.run(["ip", "netns", "delete", self.name], capture_output=True, timeout=10)
        subprocess.run(["ip", "link", "delete", self.here], capture_output=True, timeout=10)


def missing_namespaces() -> str | None:
    """Why a NodeHost cannot be made here, or None."""
    if os.geteuid() != 0:
        return "a network namespace for a node needs root"
    if shutil.which("ip") is None or shutil.which("nsenter") is None:
        return "ip (iproute2) and nsenter (util-linux) are missing"
    return None


class Grid:
    """A hub and `nodes` nodes with `sessions` Chromium slots each; `url` is the hub's address. With `host`,
    the nodes run in that NodeHost, and the hub listens on this side of its pair."""

    def __init__(self, nodes: int = 2, sessions: int = 2, user: str = "capture-chromium",
                 host: NodeHost | None = None, binary: Path = FULL_CHROMIUM) -> None:
        # under /tmp itself: the nodes' user must reach their config and logs (pytest's tmp is root's alone)
        self.workdir = Path(tempfile.mkdtemp(prefix="capture-grid-"))
        self.host = host
        self.address = host.address if host is not None else "127.0.0.1"
        self.port, self.publish, self.subscribe = free_port(), free_port(), free_port()
        self.url = f"http://{self.address}:{self.port}"
        self.node_count, self.sessions = nodes, sessions
        self.binary = binary  # the nodes' Chromium: the full browser, or the headless shell (grid_chromium_path)
        self.account = pwd.getpwnam(user) if os.geteuid() == 0 else None
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def start(self) -> Grid:
        """Start the hub and the nodes; return once every node is up (or stop them all and raise). A port
        taken between `free_port` and the JVM's bind (by anything else on the host) is tried again."""
        for attempt in range(3):
            try:
                self._start()
                return self
            except AssertionError as exc:
                self._stop_processes()
                if "already in use" not in str(exc) or attempt == 2:
                    shutil.rmtree(self.workdir, ignore_errors=True)
                    raise
                self.processes.clear()
                self.port, self.publish, self.subscribe = free_port(), free_port(), free_port()
                self.url = f"http://{self.address}:{self.port}"
            except BaseException:
                self.stop()
                raise
        raise AssertionError("unreachable")

    def _start(self) -> None:
        os.chmod(self.workdir, 0o755)
        config = self.workdir / "node.toml"
        browser = "chrome-headless-shell" if is_headless_shell(self.binary) else "chrome"
        config.write_text(NODE_CONFIG.format(sessions=self.sessions, browser=browser, binary=self.binary))
        os.chmod(config, 0o644)
        bus = ["--publish-events", f"tcp://{self.address}:{self.publish}",
               "--subscribe-events", f"tcp://{self.address}:{self.subscribe}"]
        self._java("hub", "hub", "--host", self.address, "--port", str(self.port), *bus)  # se:cdp: grid_cdp_url
        node_address = self.host.node_address if self.host is not None else "127.0.0.1"
        for n in range(self.node_count):
            self._java(f"node{n}", "node", "--host", node_address, "--port", str(free_port()), *bus,
                       "--config", str(config), inside=self.host)
        self.wait_for_nodes(self.node_count)

    def _java(self, name: str, *args: str, inside: NodeHost | None = None) -> None:
        popen: dict[str, object] = {}
        prefix: list[str] = []
        if inside is not None:  # nsenter enters the namespace as root, then becomes the account
            prefix = inside.inside(self.account)
        elif self.account is not None:
            popen = {"user": self.account.pw_uid, "group": self.account.pw_gid, "extra_groups": []}
        env = {"PATH": os.environ["PATH"], "HOME": str(self.workdir), "LANG": "C.UTF-8"}
        with (self.workdir / f"{name}.log").open("wb") as log:
            self.processes[name] = subprocess.Popen(  # type: ignore[call-overload]
                [*prefix, "java", "-Xmx256m", "-jar", str(JAR), *args], stdout=log, stderr=subprocess.STDOUT,
                env=env, cwd=self.workdir, start_new_session=True, **popen)

    def status(self) -> dict[str, Any]:
        return dict(httpx.get(self.url + "/status", timeout=10).json()["value"])

    def nodes_up(self) -> list[dict[str, Any]]:
        try:
            nodes = self.status().get("nodes", [])
        except (httpx.HTTPError, ValueError):
            return []
        return [n for n in nodes if isinstance(n, dict) and n.get("availability") == "UP"]

    def wait_for_nodes(self, count: int) -> None:
        deadline = time.monotonic() + START_S
        while len(self.nodes_up()) < count:
            for name, process in self.processes.items():
                if process.poll() is not None:
                    raise AssertionError(f"grid {name} exited:\n{(self.workdir / f'{name}.log').read_text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"the grid has {len(self.nodes_up())} of {count} nodes up")
            time.sleep(0.25)

    def sessions_running(self) -> int:
        return sum(1 for node in self.nodes_up() for slot in node.get("slots", []) if slot.get("session"))

    def session_ids(self) -> set[str]:
        """The sessions the nodes hold, less slots still being filled (the Grid shows those as "reserved")."""
        ids = {str(slot["session"]["sessionId"]) for node in self.nodes_up() for slot in node.get("slots", [])
               if slot.get("session")}
        return ids - {"reserved"}

    def node_with_a_session(self) -> str:
        """The name of a node (node0, node1, …) that holds a session now."""
        ports = {str(node.get("uri", "")).rsplit(":", 1)[-1] for node in self.nodes_up()
                 if any(slot.get("session") for slot in node.get("slots", []))}
        for name, process in self.processes.items():
            args = " ".join(str(arg) for arg in process.args)  # type: ignore[union-attr]
            if name.startswith("node") and any(f"--port {port} " in args for port in ports):
                return name
        raise AssertionError(f"no node holds a session: {self.status()}")

    def kill(self, name: str) -> None:
        """SIGKILL one process (and its browsers: its process group), as a node dying would."""
        process = self.processes[name]
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(10)

    def stop(self) -> None:
        self._stop_processes()
        shutil.rmtree(self.workdir, ignore_errors=True)

    def _stop_processes(self) -> None:
        for name in reversed(list(self.processes)):
            process = self.processes[name]
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for name, process in self.processes.items():
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill(name)
