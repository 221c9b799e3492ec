"""The pool on a Selenium Grid (issue 24): remote sessions on a real hub with two nodes (tests/grid.py), CDP
through the Grid's own endpoint, every request still through this host's egress guard. The egress vectors
run through the Grid too: tests/test_egress.py is parametrised over both pools."""

from __future__ import annotations

import base64
import io
import ipaddress
import socket
import tempfile
import time
from pathlib import Path
from typing import Any, cast

import pytest
import trio
from PIL import Image

from actors.browser import session as sessions
from actors.egress import EgressGuard
from actors.storage import running_event_log
from benchmarks.site import IMAGES, Site
from engine.browser import emulation
from engine.browser.cdp import message_limit, open_cdp
from engine.browser.chromium import PROXY_BYPASS_LIST, descendants, egress_flags, launch, stop
from engine.browser.navigation import navigate
from engine.browser.page import open_page
from engine.network.destinations import EgressAllowance, EgressPolicy
from engine.operations import metrics
from engine.operations.settings import Settings
from engine.rules.request import CaptureRequest
from tests.conftest import Service, Workspace, running_service
from tests.egress_site import NoNames
from tests.fixture_site import FixtureServer
from tests.grid import Grid, free_port


@pytest.fixture
def on_grid(grid_service: Service) -> Workspace:
    return grid_service.workspace("pro")


class _StalledNode:
    """A remote browser's CDP connection whose node answers only from its `answers_from`-th question on (a node busy
    for a while), or never (a dead one): the questions before wait unanswered until given up on."""

    def __init__(self, answers_from: int | None) -> None:
        self.closed = trio.Event()
        self.asked = 0
        self.answers_from = answers_from

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.asked += 1
        if self.answers_from is None or self.asked < self.answers_from:
            await trio.sleep_forever()
        return {"product": "HeadlessChrome/156.0.0.0"}


@pytest.mark.parametrize(("answers_from", "asked", "retired"), [(2, 2, False), (None, 2, True)])
async def test_a_heartbeat_retires_a_node_only_after_two_questions_in_a_row_go_unanswered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answers_from: int | None, asked: int, retired: bool) -> None:
    monkeypatch.setattr(sessions, "HEALTH_CHECK_S", 0.2)
    node = _StalledNode(answers_from)
    session = sessions.Session(1, cast(Any, None), cast(Any, node), "ua")
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, _):
        await session.check_health(event_log, questions=sessions.HEARTBEAT_MISSES)
        assert node.asked == asked
        assert session.retired.is_set() is retired
        logged = await event_log.query("SELECT data FROM events WHERE type = 'browser.retired'")
        assert len(logged) == retired


def test_captures_and_jobs_render_on_the_grids_nodes(on_grid: Workspace, grid_service: Service, grid: Grid,
                                                     site: FixtureServer) -> None:
    answer = on_grid.capture(url=f"{site.base}/simple", viewport={"width": 640, "height": 400})
    assert answer.status_code == 200, answer.text
    assert Image.open(io.BytesIO(answer.content)).size == (640, 400)
    job = on_grid.finished_job(on_grid.submit(url=f"{site.base}/simple?job").json()["id"], wait_s=60)
    assert job["status"] == "SUCCEEDED", job
    # the browsers are the nodes' children, none the service's
    ours = [pid for pid in descendants(grid_service.process.pid) if _comm(pid).startswith("chrom")]
    assert ours == []
    assert grid.sessions_running() == 2  # pool_size remote sessions kept
    assert grid_service.client.get("/readyz").status_code == 200


def _comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip()
    except OSError:
        return ""


async def test_a_lane_serves_only_addresses_in_grid_nodes() -> None:
    """A connection from outside grid_nodes is closed before a byte is read; one from inside is answered."""
    with tempfile.TemporaryDirectory() as tmp:
        async with running_event_log(Path(tmp) / "events.duckdb") as (event_log, nursery):
            for peers, answered in (((ipaddress.ip_network("10.0.0.0/8"),), False),
                                    ((ipaddress.ip_network("127.0.0.0/8"),), True)):
                guard = EgressGuard(EgressPolicy(NoNames(), (), allowlist_only=True), event_log,
                                    peers=peers)
                await nursery.start(guard.run)
                refused = _not_a_node()
                async with guard.lane("cap_test", "ws_test") as lane:
                    reply = await trio.to_thread.run_sync(_ask, lane.port)
                assert (reply != b"") is answered, reply
                moved = _not_a_node() - refused
                assert moved == (0 if answered else 1)


def _not_a_node() -> float:
    return metrics.REGISTRY.get_sample_value("capture_egress_refusals_total", {"rule": "not a grid node"}) or 0.0


def _ask(port: int, credentials: tuple[str, str] | None = None) -> bytes:
    auth = b""
    if credentials is not None:
        auth = b"proxy-authorization: Basic " + base64.b64encode(":".join(credentials).encode()) + b"\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET http://fixture.test/ HTTP/1.1\r\nhost: fixture.test\r\n" + auth + b"\r\n")
        try:
            return sock.recv(400)
        except ConnectionResetError:
            return b""


def test_an_unreachable_grid_makes_the_service_unready_and_captures_503(
        tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """Nothing listens at grid_url: the service still starts and answers, /readyz names browserSessions, and a
    capture is refused with 503 capacity_exhausted and Retry-After after lease_timeout_s, never hanging."""
    data = tmp_path_factory.mktemp("no-grid") / "data"
    with running_service(data, site, CAPTURE_GRID_URL=f"http://127.0.0.1:{free_port()}",
                         CAPTURE_LEASE_TIMEOUT_S="2") as service:
        ready = service.client.get("/readyz")
        assert ready.status_code == 503, ready.text
        assert ready.json()["failing"] == ["browserSessions"]
        ws = service.workspace("pro")
        answer = ws.capture(url=f"{site.base}/simple")
        assert answer.status_code == 503, answer.text
        assert answer.json()["code"] == "capacity_exhausted"
        assert int(answer.headers["retry-after"]) >= 1
        assert "chromium slot 0 failed" in service.log_text()  # and it keeps trying


@pytest.mark.parametrize(("grid_url", "expected"), [
    ("http://127.0.0.1:4545", "ws://127.0.0.1:4545/session/abc/se/cdp"),
    ("https://grid.example:443/", "wss://grid.example:443/session/abc/se/cdp"),
])
def test_the_cdp_endpoint_is_reached_at_grid_urls_address(grid_url: str, expected: str) -> None:
    """A Grid names its se:cdp endpoint under an address of its own choosing (here 192.0.2.2:4444 though
    it listened on loopback): only the path is taken."""
    from engine.browser.grid import grid_cdp_url

    assert grid_cdp_url(grid_url, "ws://192.0.2.2:4444/session/abc/se/cdp") == expected


async def test_a_lane_with_credentials_answers_only_its_own() -> None:
    """Each lane of a Grid's guard has a random user and password: without them, or with another lane's, a
    request gets 407 and goes nowhere; with them it is judged as usual (here refused: no name resolves)."""
    with tempfile.TemporaryDirectory() as tmp:
        async with running_event_log(Path(tmp) / "events.duckdb") as (event_log, nursery):
            guard = EgressGuard(EgressPolicy(NoNames(), (), allowlist_only=True), event_log, credentials=True)
            await nursery.start(guard.run)
            async with guard.lane("cap_a", "ws_test") as lane, guard.lane("cap_b", "ws_test") as other:
                assert lane.credentials is not None
                assert other.credentials is not None
                assert lane.credentials != other.credentials
                for given, status in ((None, b"407"), (other.credentials, b"407"), (("lane", "guess"), b"407"),
                                      (lane.credentials, b"403")):
                    reply = await trio.to_thread.run_sync(_ask, lane.port, given)
                    assert reply.split(b" ")[1] == status, (given, reply)
                    if status == b"407":
                        assert b'proxy-authenticate: Basic realm="capture-lane"' in reply


def test_a_node_killed_mid_capture_gives_one_retried_job_that_succeeds_on_the_other(
        tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """A Grid of its own (the shared one must keep its nodes): the service's one session is on some node;
    that node dies (SIGKILL, its browsers with it) while a job renders there. The job is queued again once
    and succeeds on the other node, which the pool's new session lands on."""
    grid = Grid().start()
    try:
        data = tmp_path_factory.mktemp("node-killed") / "data"
        with running_service(data, site, CAPTURE_GRID_URL=grid.url, CAPTURE_POOL_SIZE="1") as service:
            ws = service.workspace("pro")
            deadline = time.monotonic() + 60
            while grid.sessions_running() < 1:
                assert time.monotonic() < deadline, "the pool's session never came"
                time.sleep(0.2)
            slow_images = site.count("/slow-image?s=3.0")
            job_id = ws.submit(url=f"{site.base}/slow-load?s=3&node-killed").json()["id"]
            site.wait_for_request("/slow-load?s=3&node-killed", 0, wait_s=60)
            site.wait_for_request("/slow-image?s=3.0", slow_images, wait_s=30)  # into its page load, 3 s from its end
            assert ws.job(job_id)["status"] == "RUNNING"
            grid.kill(grid.node_with_a_session())
            job = ws.finished_job(job_id, wait_s=90)
            assert job["status"] == "SUCCEEDED", job
            assert job["attempts"] == 2
            requeued = service.events(f"type = 'job.requeued' AND capture_id = '{job_id}'")
            assert [e["data"]["reason"] for e in requeued] == ["renderer_died"]
    finally:
        grid.stop()


def test_a_remote_session_is_recycled_when_its_page_reports_a_heap_above_the_limit(
        tmp_path_factory: pytest.TempPathFactory, grid: Grid, site: FixtureServer) -> None:
    """/proc does not reach a node's browsers: the limit applies to the JS heap the capture's page reports over
    CDP. A page keeping 2 MiB stays under 24 MB and keeps the session; one keeping 48 MiB recycles it."""
    others = grid.session_ids()  # the shared grid_service's, if it runs
    data = tmp_path_factory.mktemp("remote-memory") / "data"
    with running_service(data, site, CAPTURE_GRID_URL=grid.url, CAPTURE_POOL_SIZE="1",
                         CAPTURE_SESSION_MEMORY_MB="24") as service:
        ws = service.workspace("pro")
        deadline = time.monotonic() + 60
        while not grid.session_ids() - others:
            assert time.monotonic() < deadline, "the pool's session never came"
            time.sleep(0.2)
        (first,) = grid.session_ids() - others
        assert ws.capture(url=f"{site.base}/heap?mb=2").status_code == 200
        assert grid.session_ids() - others == {first}
        assert "recycling it" not in service.log_text()

        assert ws.capture(url=f"{site.base}/heap?mb=48").status_code == 200
        while grid.session_ids() - others in (set(), {first}):
            assert time.monotonic() < deadline + 60, "the session was not recycled"
            time.sleep(0.2)
        assert "uses more than 24 MB (its page's JavaScript heap); recycling it" in service.log_text()
        assert ws.capture(url=f"{site.base}/simple").status_code == 200  # on the replacement


@pytest.mark.chromium
async def test_a_lanes_challenge_is_answered_once_and_no_later_request_waits_on_the_service(tmp_path: Path) -> None:
    """A Grid's page pauses its requests (Fetch) only until the lane's challenge is answered: Chromium keeps
    the credentials for that proxy and sends them with every later request, so none waits on a CDP round
    trip through the Grid. A local browser behind a lane with credentials, the 40-image page: every image
    arrives, and only the requests before the first answer were paused."""
    site = Site()
    site.start()
    policy = EgressPolicy(NoNames(), [EgressAllowance(ipaddress.ip_network("127.0.0.1/32"), site.server_address[1])],
                          allowlist_only=True)
    settings = Settings()
    try:
        async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
            guard = EgressGuard(policy, event_log, credentials=True)
            await nursery.start(guard.run)
            browser = await trio.to_thread.run_sync(launch, settings, egress_flags(guard.proxy_server, guard.host))
            try:
                async with (open_cdp(browser.cdp_url, message_limit(settings.max_result_bytes)) as conn,
                            guard.lane("cap_lane", "ws_lane") as lane,
                            open_page(conn, lane.proxy_server, PROXY_BYPASS_LIST, lane.credentials) as page):
                    paused: list[str] = []
                    let_through = page._fulfil

                    async def counted(params: dict[str, Any]) -> None:
                        paused.append(params["request"]["url"])
                        await let_through(params)
                    page._fulfil = counted  # type: ignore[method-assign]  # a spy: the real method still runs
                    request = CaptureRequest.model_validate({"url": f"{site.base}/heavy"})
                    await emulation.prepare(page, request, "test")
                    with trio.fail_after(30):
                        assert await navigate(page, request) == 200
                        loaded = await page.send("Runtime.evaluate", {"returnByValue": True, "awaitPromise": True,
                            "expression": "Promise.all([...document.images].map(i => i.decode().then(() => 1, "
                                          "() => 0))).then(all => all.filter(Boolean).length)"})
            finally:
                await trio.to_thread.run_sync(stop, browser)
            nursery.cancel_scope.cancel()
    finally:
        await trio.to_thread.run_sync(site.stop)  # waits for the server's loop: not on the trio loop
    assert loaded["result"]["value"] == IMAGES  # every later request carried the credentials unasked
    assert page.proxy_answered
    assert 1 <= len(paused) < 5, paused  # the document (and any sent before the answer), not the 40 images
