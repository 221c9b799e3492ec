"""One workspace's name lookups cannot starve another's: the service resolves on trio, each lookup under a
deadline, a few at a time per capture and per workspace, so names whose server never answers cost their
own capture time and nobody else's."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import pytest

from tests.conftest import Service, Workspace, running_service
from tests.dns_server import DnsServer, running_dns_server
from tests.fixture_site import FixtureServer

SLOW_NAMES = 120  # per capture, as in the report


@pytest.fixture(scope="module")
def dns_server() -> Iterator[DnsServer]:
    with running_dns_server() as server:
        yield server


@pytest.fixture(scope="module")
def resolving(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer,
              dns_server: DnsServer) -> Iterator[Service]:
    """A service that asks `dns_server` for every name its hosts file does not hold; three browsers, so that
    the other workspace's capture finds one free while the two slow captures render."""
    with running_service(tmp_path_factory.mktemp("lookups") / "data", site,
                         CAPTURE_RESOLVER_NAMESERVERS=dns_server.address, CAPTURE_POOL_SIZE="3") as service:
        yield service


def _timed(ws: Workspace, url: str) -> tuple[int, str, float]:
    started = time.monotonic()
    answer = ws.capture(url=url)
    return answer.status_code, answer.text if answer.status_code != 200 else "", time.monotonic() - started


def _median_capture(ws: Workspace, url: str) -> float:
    """The median time of three captures: one alone varies by half and more on this shared 2-core machine
    (0.13 to 0.73 s for the same page, loaded or not), while starved lookups slow every one of them."""
    times = []
    for _ in range(3):
        status, text, took = _timed(ws, url)
        assert status == 200, text
        times.append(took)
    return statistics.median(times)


def test_names_that_never_answer_do_not_slow_another_workspace(resolving: Service, site: FixtureServer,
                                                               dns_server: DnsServer) -> None:
    greedy, other = resolving.workspace("free"), resolving.workspace("free")
    # resolved by dns_server, to the fixture site, with TTL 0: every capture's lookup goes to the nameserver
    plain = f"http://fleeting.test:{site.server_address[1]}/simple"
    status, text, _ = _timed(other, plain)  # the first capture of a browser is slower: not the idle time
    assert status == 200, text
    idle_s = _median_capture(other, plain)

    for n in range(2):
        images = "".join(f"<img src='http://c{n}-{i}.slow.test/i.png'>" for i in range(SLOW_NAMES))
        answer = greedy.submit(html=f"<p>slow {n}</p>{images}", timeoutMs=20000)
        assert answer.status_code == 202, answer.text
    # The greedy captures' lookups are under way: 4 in flight per capture (resolver_capture_lookups), A and AAAA.
    dns_server.wait_for("slow", 16)
    # The scenario: the other workspace comes once the load is steady (its "3 s later": the first
    # lookups have met their deadline and the next ones asked in their place), gated on those questions.
    dns_server.wait_for("slow", 32)

    loaded_s = _median_capture(other, plain)
    assert loaded_s < 2 * idle_s, f"{loaded_s:.2f} s under the other workspace's load, {idle_s:.2f} s idle"

    status, text, refused_s = _timed(other, "http://private.test/")
    assert status == 422, text
    assert '"destination_forbidden"' in text
    assert refused_s < 2, f"refused after {refused_s:.2f} s"


@pytest.mark.parametrize("host", ["a" * 64 + ".test", "a..test", "ab." * 85 + "test"])
def test_a_host_name_past_dns_limits_is_unresolvable_not_a_fault(resolving: Service, host: str) -> None:
    """Issue 52 item 11: a label over 63 characters, an empty label or a name over 253 was a 500."""
    ws = resolving.workspace("pro")
    answer = ws.capture(url=f"http://{host}/")
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "destination_unresolvable"
    job = ws.submit(url=f"http://{host}/page")
    assert job.status_code == 422, job.text
