"""Regional upstream proxies on a service of their own (issue 20): an HTTP CONNECT and a SOCKS5 upstream on
loopback, each asked for the vetted literal address; forbidden destinations never reach them; a dead or
refusing upstream is 502 proxy_unavailable at no quota; credentials are written nowhere."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from PIL import Image

from tests.conftest import Service, Workspace, running_service
from tests.fixture_site import FixtureServer
from tests.upstream_proxies import UpstreamProxy

PASSWORD = "pw-7c1e55"  # a test proxy's


@pytest.fixture(scope="module")
def upstreams() -> Iterator[dict[str, UpstreamProxy]]:
    found = {"test-a": UpstreamProxy("http", ("alice", PASSWORD)).start(), "test-b": UpstreamProxy("socks5").start()}
    yield found
    for proxy in found.values():
        proxy.stop()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer,
            upstreams: dict[str, UpstreamProxy]) -> Iterator[Service]:
    dead = UpstreamProxy("http")
    dead.stop()  # its port, with nothing listening
    regions = (f"test-a=http://127.0.0.1:{upstreams['test-a'].port},test-b={upstreams['test-b'].url},"
               f"test-down=http://127.0.0.1:{dead.port}")
    with running_service(tmp_path_factory.mktemp("proxies") / "data", site, CAPTURE_PROXIES=regions,
                         CAPTURE_PROXY_TEST_A=f"alice:{PASSWORD}") as service:
        yield service


@pytest.fixture
def business(proxied: Service) -> Workspace:
    return proxied.workspace("business")


def test_captures_go_through_each_region_asking_for_the_vetted_address(
        business: Workspace, site: FixtureServer, upstreams: dict[str, UpstreamProxy]) -> None:
    port = site.server_address[1]
    for region, proxy in upstreams.items():
        asked = len(proxy.asked)
        answer = business.capture(url=f"http://fixture.test:{port}/simple?region={region}", proxy={"region": region})
        assert answer.status_code == 200, answer.text
        assert Image.open(io.BytesIO(answer.content)).size == (1280, 800)
        assert set(proxy.asked[asked:]) == {f"127.0.0.1:{port}"}, region  # the literal, never the name
        assert site.count(f"/simple?region={region}") == 1


def test_a_forbidden_destination_never_reaches_the_upstream(
        business: Workspace, site: FixtureServer, upstreams: dict[str, UpstreamProxy]) -> None:
    before = {region: len(proxy.asked) for region, proxy in upstreams.items()}
    for url in (f"http://internal.test:{site.server_address[1]}/", "http://127.0.0.1:1/"):
        answer = business.capture(url=url, proxy={"region": "test-a"})
        assert (answer.status_code, answer.json()["code"]) == (422, "destination_forbidden"), url
    port = site.server_address[1]
    script = (f"for (const url of ['http://127.0.0.2:{port}/', 'http://internal.test:{port}/', 'http://10.0.0.1/'])"
              " { try { await fetch(url); } catch (e) {} }")
    page = business.capture(url=f"{site.base}/simple?region=forbidden", proxy={"region": "test-b"},
                            javascript=script)
    assert page.status_code == 200, page.text  # the page tried private addresses itself: refused in the guard
    assert len(upstreams["test-a"].asked) == before["test-a"]
    assert set(upstreams["test-b"].asked[before["test-b"]:]) == {f"127.0.0.1:{port}"}  # the page's own, only


def test_a_dead_or_refusing_upstream_is_502_proxy_unavailable_at_no_quota(
        proxied: Service, business: Workspace, site: FixtureServer, upstreams: dict[str, UpstreamProxy]) -> None:
    """… and the tenant is told the region, never where its upstream is or what it said (issue 33: the answer
    named `http://127.0.0.1:9` and the upstream's own status text)."""
    used = business.quota()["used"]
    dead = business.capture(url=f"{site.base}/simple?region=down", proxy={"region": "test-down"})
    assert (dead.status_code, dead.json()["code"]) == (502, "proxy_unavailable"), dead.text
    answers = [dead]
    for region in ("test-a", "test-b"):  # an HTTP CONNECT upstream that answers 403 Forbidden, a SOCKS5 one
        upstreams[region].refuse = True
        try:
            answers.append(business.capture(url=f"{site.base}/simple?region=refused", proxy={"region": region}))
        finally:
            upstreams[region].refuse = False
        assert (answers[-1].status_code, answers[-1].json()["code"]) == (502, "proxy_unavailable"), answers[-1].text
        assert region in answers[-1].json()["detail"]
    assert business.quota()["used"] == used
    failed = proxied.events(f"type = 'capture.failed' AND workspace_id = '{business.id}'")
    assert [(e["stage"], e["code"]) for e in failed][-3:] == [("render", "proxy_unavailable")] * 3
    for seen in [answer.text for answer in answers] + [str(event) for event in failed[-3:]]:
        assert "Forbidden" not in seen
        assert not re.search(r"(http|socks5)://127\.0\.0\.1", seen), seen
        assert not any(f":{proxy.port}" in seen for proxy in upstreams.values()), seen
    assert "Forbidden" in proxied.log_text()  # the operator's log keeps what the upstream said


def test_regions_are_listed_unknown_ones_refused_and_the_plan_checked(
        proxied: Service, business: Workspace, site: FixtureServer) -> None:
    assert business.get("/api/regions").json() == {"regions": ["test-a", "test-b", "test-down"]}
    unknown = business.capture(url=f"{site.base}/simple", proxy={"region": "mars"})
    assert (unknown.status_code, unknown.json()["code"]) == (422, "unknown_region")
    assert unknown.json()["errors"][0]["field"] == "proxy.region"
    pro = proxied.workspace("pro")
    refused = pro.capture(url=f"{site.base}/simple", proxy={"region": "test-a"})
    assert (refused.status_code, refused.json()["feature"]) == (403, "regionalProxies")


def test_proxy_credentials_are_written_nowhere(proxied: Service, business: Workspace, site: FixtureServer) -> None:
    assert business.capture(url=f"{site.base}/simple?region=creds", proxy={"region": "test-a"}).status_code == 200
    assert proxied.holding(PASSWORD) == []  # its data directory and its log
