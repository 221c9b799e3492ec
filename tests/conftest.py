"""Shared fixtures: a loopback fixture site and one running service for the session.

The service runs as a real `run.py serve` process on 127.0.0.1:0 with its
own data directory. It may reach only the fixture site (allow-list-only
egress, names from a hosts file, Chromium resolving nothing), so no test can
make it send a packet anywhere but loopback.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import httpx
import orjson
import pytest
import trio

from engine.browser.chromium import descendants
from engine.operations.settings import HEADLESS_SHELL
from tests import pages  # noqa: F401 - registers the fixture routes
from tests.chromium_watch import ChromiumWatch, comm_of, proc_stat
from tests.fixture_site import FixtureServer
from tests.grid import Grid, NodeHost, missing_namespaces
from tests.grid import missing as grid_missing
from tests.webhook_receiver import Receiver

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
READY = re.compile(r"capture service ready on (http://\S+)")
METRICS = re.compile(r"metrics on (http://\S+)/metrics")
START_S = 60


# A test that uses one of these renders with a real Chromium (through a service, or a page it serves).
RENDERING_FIXTURES = frozenset({"service", "site"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every rendering test `chromium`, so that `-m "not chromium"` selects only those that never start one;
    and run the tests on a Selenium Grid last: once started, its JVMs and remote browsers stay up for the
    session, and their load must not fall on the timing-sensitive tests of the local pool."""
    for item in items:
        if RENDERING_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.chromium)
    items[:] = sorted(items, key=_on_a_grid)  # stable: the order within each part stays


WATCH = pytest.StashKey[ChromiumWatch]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Watch every test not marked `chromium` from before its fixtures start: one that launches a browser
    anyway fails at its teardown, so `-m "not chromium"` keeps meaning it."""
    if item.get_closest_marker("chromium") is None:
        item.stash[WATCH] = ChromiumWatch()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """Checked after the fixtures' teardown, so a browser a fixture launched is seen too."""
    watch = item.stash.get(WATCH, None)
    try:
        yield
    finally:
        started = watch.stop() if watch is not None else []
    if started:
        pytest.fail(f"{item.nodeid} started {', '.join(started)} but is not marked chromium: mark it "
                    "(@pytest.mark.chromium), so that -m 'not chromium' leaves it out", pytrace=False)


def _on_a_grid(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    return bool({"grid", "grid_service", "remote_grid", "remote_grid_service"} & set(
        getattr(item, "fixturenames", ()))) or (callspec is not None and callspec.params.get("service") in {
            "grid", "remote"})


@pytest.fixture(scope="session")
def site() -> Iterator[FixtureServer]:
    server = FixtureServer()
    server.start()
    yield server
    server.stop()


def run_cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[bytes]:
    """`run.py ARGS` with `env`, its output captured."""
    return subprocess.run([sys.executable, str(ROOT / "run.py"), *args], env=env, capture_output=True, timeout=60,
                          check=False)


@dataclass
class Service:
    url: str
    data_dir: Path
    env: dict[str, str]
    process: subprocess.Popen[bytes]
    log: Path
    metrics_url: str | None
    client: httpx.Client = field(init=False)
    grid: Grid | None = None  # the Selenium Grid whose nodes render for it (grid_url), if any

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.url, timeout=90)

    def cli(self, *args: str) -> list[dict[str, Any]]:
        """Run an operator command against this service's data directory; its JSON lines."""
        done = run_cli(self.env, *args)
        if done.returncode != 0:
            raise AssertionError(f"run.py {' '.join(args)} failed: {done.stderr.decode()}")
        return [orjson.loads(line) for line in done.stdout.splitlines()]

    def workspace(self, plan: str = "pro", quota: int | None = None) -> Workspace:
        """A new workspace and key, made by the operator commands of `run.py workspace create` and `key create`
        through the control socket, without a CLI start-up each (the CLI's own tests use `cli`)."""
        [ws] = self.control("workspace.create", {"name": "test", "plan": plan, "quota": quota})
        [key] = self.control("key.create", {"workspace": ws["id"], "name": None})
        return Workspace(ws["id"], key["key"], key["id"], self)

    @property
    def browser_roots(self) -> list[int]:
        """The processes its browsers descend from: the service itself, or the Grid's nodes."""
        if self.grid is not None:
            return [p.pid for name, p in self.grid.processes.items() if name.startswith("node")]
        return [self.process.pid]

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def holding(self, secret: str, *, results: bool = True) -> list[Path]:
        """Every file of the service holding `secret` in clear: its data directory and its own log.

        `results=False` leaves out the result files, which hold whatever the captured page showed.
        """
        files = [p for p in self.data_dir.rglob("*") if p.is_file() and (results or p.parent.name != "results")]
        return [p for p in [*files, self.log] if secret.encode() in p.read_bytes()]

    def sql(self, query: str) -> list[dict[str, Any]]:
        """Rows of a read-only query, through the running service's control socket (no CLI start-up)."""
        return self.control("sql", {"query": query})

    def control(self, command: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        """The answers of an operator command (engine.records.operator) from the running service's control socket."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(60)
            sock.connect(str(self.data_dir / "control.sock"))
            sock.sendall(orjson.dumps({"command": command, "args": args}) + b"\n")
            rows = []
            with sock.makefile("rb") as answers:
                for line in answers:
                    answer = orjson.loads(line)
                    if answer.get("done"):
                        return rows
                    if "error" in answer and len(answer) == 1:
                        raise AssertionError(f"{command} failed: {answer['error']}")
                    rows.append(answer)
        raise AssertionError("the control socket closed before the answer was complete")

    def events(self, where: str) -> list[dict[str, Any]]:
        """Event log rows matching `where`, in order, with `data` decoded."""
        rows = self.sql(f"SELECT * FROM events WHERE {where} ORDER BY seq")
        for row in rows:
            row["data"] = orjson.loads(row["data"]) if row["data"] else None
        return rows


@dataclass
class Workspace:
    id: str
    key: str
    key_id: str
    service: Service

    @property
    def headers(self) -> dict[str, str]:
        return {"x-api-key": self.key}

    def capture(self, **fields: Any) -> httpx.Response:
        return self.service.client.post("/api/screenshot", json=fields, headers=self.headers)

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self.service.client.get(path, params=params, headers=self.headers)

    def submit(self, http_headers: dict[str, str] | None = None, **fields: Any) -> httpx.Response:
        """POST /api/jobs with the capture `fields` (and extra HTTP headers, such as an Idempotency-Key)."""
        return self.service.client.post("/api/jobs", json=fields, headers={**self.headers, **(http_headers or {})})

    def job(self, job_id: str) -> dict[str, Any]:
        """GET /api/jobs/{id}; a poller that ran into the key's rate limit waits as told."""
        answer = self.get(f"/api/jobs/{job_id}")
        for _ in range(10):
            if answer.status_code != 429:
                break
            time.sleep(float(answer.headers["retry-after"]))
            answer = self.get(f"/api/jobs/{job_id}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def finished_job(self, job_id: str, wait_s: float = 60) -> dict[str, Any]:
        """The job once it reached a terminal state."""
        job, held = asked_until(lambda: self.job(job_id),
                                lambda job: job["status"] in {"SUCCEEDED", "FAILED", "CANCELLED", "EXPIRED"}, wait_s)
        if not held:
            raise AssertionError(f"job still {job['status']} after {wait_s} s: {job}")
        return job

    def monitor_runs(self, monitor_id: str, ended: int, wait_s: float = 60) -> list[dict[str, Any]]:
        """A monitor's runs (GET …/runs, newest first) once `ended` of them have ended (SUCCEEDED, FAILED or
        SKIPPED): the state a test waits for, asked for until it holds, as finished_job asks for a job's."""
        def runs() -> list[dict[str, Any]]:
            answer = self.get(f"/api/monitors/{monitor_id}/runs?limit=100")
            assert answer.status_code == 200, answer.text
            found: list[dict[str, Any]] = answer.json()["runs"]
            return found
        found, held = asked_until(
            runs, lambda found: sum(run["status"] in {"SUCCEEDED", "FAILED", "SKIPPED"} for run in found) >= ended,
            wait_s)
        if not held:
            raise AssertionError(f"fewer than {ended} runs ended after {wait_s} s: {found}")
        return found

    def settled(self, captures: int, wait_s: float = 10) -> list[dict[str, Any]]:
        """This workspace's capture outcomes (capture.succeeded and capture.failed events), once at least
        `captures` of them are committed: an answer's event, and with it its quota, is committed after its last
        byte was sent, so a test waits for it here instead of sleeping."""
        events, _ = asked_until(lambda: self.service.events(
            f"workspace_id = '{self.id}' AND type IN ('capture.succeeded', 'capture.failed')"),
            lambda events: len(events) >= captures, wait_s, poll_s=0.05)
        return events

    def quota(self, at_least_used: int = 0, wait_s: float = 10) -> dict[str, int]:
        """The usage quota, once `used` reached `at_least_used` (a commit follows the last byte sent)."""
        quota, _ = asked_until(lambda: cast(dict[str, int], self.get("/api/usage").json()["quota"]),
                               lambda quota: quota["used"] >= at_least_used, wait_s, poll_s=0.05)
        return quota


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    """A webhook receiver on loopback for one test module (tests.webhook_receiver)."""
    running = Receiver().start()
    yield running
    running.stop()


def asked_until(ask: Callable[[], T], holds: Callable[[T], bool], wait_s: float,
                poll_s: float = 0.1) -> tuple[T, bool]:
    """`ask()` again every `poll_s` until `holds` its answer or `wait_s` passed: the last answer, and whether it
    held. For a state the service reaches on its own in another process (a job ended, a run ended, a commit
    landed), which it has no way to announce to a test; never to let time pass."""
    deadline = time.monotonic() + wait_s
    while not holds(answer := ask()):
        if time.monotonic() > deadline:
            return answer, False
        time.sleep(poll_s)
    return answer, True


async def until(condition: Callable[[], bool], wait_s: float = 20, poll_s: float = 0.01) -> None:
    """Return once `condition()` holds; fail after `wait_s`."""
    with trio.fail_after(wait_s):
        while True:
            if condition():
                return
            await trio.sleep(poll_s)


def browser_mains(service: Service) -> list[int]:
    """Chromium main processes: children of the chromedriver processes the service started."""
    mains = []
    for pid in [p for root in service.browser_roots for p in descendants(root)]:
        if comm_of(pid).startswith("chrom") and (stat := proc_stat(pid)) and comm_of(int(stat[1])) == "chromedriver":
            mains.append(pid)
    return mains


def start_service(data_dir: Path, site: FixtureServer, *, prefix: tuple[str, ...] = (), **extra_env: str) -> Service:
    """`run.py serve` on `data_dir`, started through `prefix` (a command that execs it, as setpriv does)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    hosts = data_dir.parent / f"{data_dir.name}-hosts"
    # internal.test: a name for a refused address, to show it is never told to the client
    # the ad and tracker names of tests.pages.AD_HOSTS: loopback, so nothing could leave if one were let through
    hosts.write_text("127.0.0.1 fixture.test consent.test securepubads.g.doubleclick.net sb.scorecardresearch.com\n"
                     "127.0.0.2 internal.test\n")
    env = {
        **os.environ,
        "CAPTURE_DATA_DIR": str(data_dir),
        "CAPTURE_LISTEN": "127.0.0.1:0",
        "CAPTURE_EGRESS_ALLOW": f"127.0.0.1:{site.server_address[1]}",
        "CAPTURE_EGRESS_ALLOWLIST_ONLY": "1",
        "CAPTURE_RESOLVER_HOSTS_FILE": str(hosts),
        "CAPTURE_DEFAULT_WORKSPACE": "",
        "CAPTURE_POOL_SIZE": "2",
        "CAPTURE_METRICS_LISTEN": "127.0.0.1:0",
        # every dashboard test signs in from 127.0.0.1; test_login_budget runs the default budget
        "CAPTURE_LOGIN_ATTEMPTS_PER_MIN": "100000",
        "CAPTURE_LOGIN_ATTEMPTS_TOTAL_PER_MIN": "100000",
        **extra_env,
    }
    log = data_dir.parent / f"{data_dir.name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen([*prefix, sys.executable, str(ROOT / "run.py"), "serve"], env=env,
                                   stdout=out, stderr=subprocess.STDOUT, cwd=data_dir.parent)
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        match = READY.search(text)
        if match:
            metrics = METRICS.search(text)
            return Service(match[1], data_dir, env, process, log, metrics[1] if metrics else None)
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    raise AssertionError(f"service did not start:\n{log.read_text(errors='replace')}")


def stop_service(service: Service, timeout: float = 15) -> int:
    service.client.close()
    if service.process.poll() is None:
        service.process.send_signal(signal.SIGTERM)
    try:
        return service.process.wait(timeout)
    except subprocess.TimeoutExpired:
        service.process.kill()
        service.process.wait(5)
        raise


def kill_hard(service: Service) -> None:
    """kill -9 the service, then its children (chromedriver, Chromium) as systemd would with the unit's cgroup."""
    children = descendants(service.process.pid)
    service.process.send_signal(signal.SIGKILL)
    service.process.wait(10)
    service.client.close()
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@contextmanager
def running_service(data_dir: Path, site: FixtureServer, **extra_env: str) -> Iterator[Service]:
    """A service of a test's own, stopped when the block ends."""
    service = start_service(data_dir, site, **extra_env)
    try:
        yield service
    finally:
        stop_service(service)


@pytest.fixture(scope="session")
def service(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Iterator[Service]:
    running = start_service(tmp_path_factory.mktemp("service") / "data", site)
    yield running
    stop_service(running)


def sessions_up(service: Service) -> None:
    """Until /readyz says a browser session is up: a Grid's first sessions come from a JVM node on two busy
    cores, and a test's first capture waited its 10 s for a renderer and got 503 (CI, once) before they did."""
    deadline = time.monotonic() + START_S
    while service.client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, service.client.get("/readyz").text
        time.sleep(0.2)


@pytest.fixture(scope="session")
def grid() -> Iterator[Grid]:
    """A Selenium Grid on loopback: a hub and two nodes (tests/grid.py)."""
    if (why := grid_missing()) is not None:
        pytest.fail(f"the Grid tests need Java and Selenium's server: {why}")
    running = Grid().start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def grid_service(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer, grid: Grid) -> Iterator[Service]:
    """A service whose browsers are remote sessions on `grid` (grid_url)."""
    running = start_service(tmp_path_factory.mktemp("grid-service") / "data", site, CAPTURE_GRID_URL=grid.url)
    running.grid = grid
    sessions_up(running)
    yield running
    stop_service(running)


@pytest.fixture(scope="session")
def remote_grid() -> Iterator[Grid]:
    """A Grid whose one node runs on another host: a network namespace joined to ours by a veth pair
    (tests/grid.py's NodeHost), reached through the pair's addresses only. Its node runs Chromium's headless
    shell (the one-host Grid the full browser), so both binaries render on a Grid in the suite."""
    if (why := grid_missing() or missing_namespaces()) is not None:
        pytest.fail(f"the remote Grid tests need Java, Selenium's server and root: {why}")
    host = NodeHost().create()
    try:
        running = Grid(nodes=1, host=host, binary=HEADLESS_SHELL).start()
        yield running
        running.stop()
    finally:
        host.delete()


@pytest.fixture(scope="session")
def remote_grid_service(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer,
                        remote_grid: Grid) -> Iterator[Service]:
    """A service whose browsers are remote sessions on `remote_grid`'s node, in its own network namespace: the
    lanes listen on this side of the pair (egress_listen) and serve the node's address only (grid_nodes)."""
    assert remote_grid.host is not None
    running = start_service(tmp_path_factory.mktemp("remote-grid-service") / "data", site,
                            CAPTURE_GRID_URL=remote_grid.url, CAPTURE_EGRESS_LISTEN=remote_grid.host.address,
                            CAPTURE_GRID_NODES=f"{remote_grid.host.node_address}/32",
                            CAPTURE_GRID_CHROMIUM_PATH=str(remote_grid.binary))
    running.grid = remote_grid
    sessions_up(running)
    yield running
    stop_service(running)


@pytest.fixture
def pro(service: Service) -> Workspace:
    return service.workspace("pro")


@pytest.fixture
def free(service: Service) -> Workspace:
    return service.workspace("free")
