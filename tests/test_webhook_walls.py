"""Walls between tenants in webhook delivery: one workspace's silent receivers never hold another's calls.

The attack of issue 33: a workspace points its 20 endpoints at 10 names of a few silent hosts (loopback
listeners that accept and never answer, so each call holds its slot until the webhook timeout) and asks
for 80 test events at once. Another workspace's test event must still arrive within 2 s.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from engine.operations.settings import Settings
from tests.conftest import Service, Workspace, running_service
from tests.dashboard_client import Browser, one_owners
from tests.fixture_site import FixtureServer
from tests.webhook_receiver import Receiver, SilentHosts

SILENT_ADDRESSES = ["127.0.0.4", "127.0.0.5", "127.0.0.6"]  # loopback, none of them the service's own
ACCOUNT_ADDRESSES = ["127.0.0.7", "127.0.0.8", "127.0.0.9"]  # silent too, for the one-person test alone
NAMES = [f"silent-{n}.test" for n in range(10)]
ENDPOINTS = 20
TESTS_EACH = 4  # 80 test events in all
ARRIVAL_S = 2.0  # the acceptance bound


def address_of(name: str) -> str:
    """Six names for the first address, two for each other: bounds by name would let 12 of the first 16 calls
    reach the first address."""
    n = NAMES.index(name)
    return SILENT_ADDRESSES[0] if n < 6 else SILENT_ADDRESSES[1 + (n - 6) // 2]


@pytest.fixture(scope="module")
def silent() -> Iterator[SilentHosts]:
    running = SilentHosts(SILENT_ADDRESSES).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def silent_elsewhere() -> Iterator[SilentHosts]:
    running = SilentHosts(ACCOUNT_ADDRESSES).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def walled(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer, receiver: Receiver,
           silent: SilentHosts, silent_elsewhere: SilentHosts) -> Iterator[Service]:
    """A service that may call the receiver and the silent hosts; a failed call is tried again only much later."""
    allowed = [f"127.0.0.1:{site.server_address[1]}", f"127.0.0.1:{receiver.port}",
               *(f"{address}:{silent.port(address)}" for address in SILENT_ADDRESSES),
               *(f"{address}:{silent_elsewhere.port(address)}" for address in ACCOUNT_ADDRESSES)]
    with running_service(tmp_path_factory.mktemp("walls") / "data", site, CAPTURE_EGRESS_ALLOW=",".join(allowed),
                         CAPTURE_WEBHOOK_RETRY_S="600", CAPTURE_POOL_SIZE="1") as s:
        hosts = s.data_dir.parent / f"{s.data_dir.name}-hosts"
        hosts.write_text(hosts.read_text() + "".join(f"{address_of(name)} {name}\n" for name in NAMES))
        yield s


def test_silent_hosts_of_one_workspace_do_not_delay_another_workspaces_test_event(
        walled: Service, receiver: Receiver, silent: SilentHosts) -> None:
    attacker, victim = walled.workspace("pro"), walled.workspace("pro")
    client = walled.client
    mine = client.post("/api/webhooks", headers=victim.headers,
                       json={"url": f"http://127.0.0.1:{receiver.port}/hook/victim"})
    assert mine.status_code == 201, mine.text
    endpoints = []
    for n in range(ENDPOINTS):
        name = NAMES[n % len(NAMES)]
        created = client.post("/api/webhooks", headers=attacker.headers, json={
            "url": f"http://{name}:{silent.port(address_of(name))}/hook/{n}"})
        assert created.status_code == 201, created.text
        endpoints.append(created.json()["id"])
    for _ in range(TESTS_EACH):
        for endpoint in endpoints:
            sent = client.post(f"/api/webhooks/{endpoint}/test", headers=attacker.headers)
            assert sent.status_code == 202, sent.text
    defaults = Settings()
    deadline = time.monotonic() + 10
    while silent.total_open() < defaults.webhook_account_concurrency:  # the attacker holds all it may hold
        assert time.monotonic() < deadline, f"only {silent.total_open()} calls reached the silent hosts"
        time.sleep(0.02)

    asked = time.monotonic()
    sent = client.post(f"/api/webhooks/{mine.json()['id']}/test", headers=victim.headers)
    assert sent.status_code == 202, sent.text
    call = receiver.wait_for("/hook/victim", 1, wait_s=ARRIVAL_S)[0]
    assert time.monotonic() - asked < ARRIVAL_S
    assert call.headers["webhook-id"] == sent.json()["id"]
    # One address takes at most webhook_host_concurrency calls of a workspace, however many names point at it,
    # and the workspace at most webhook_account_concurrency in all.
    assert max(silent.most_open.values()) <= defaults.webhook_host_concurrency, silent.most_open
    assert silent.most_open_total <= defaults.webhook_account_concurrency


def test_one_persons_workspaces_together_hold_one_accounts_slots(walled: Service,
                                                                 silent_elsewhere: SilentHosts) -> None:
    """Issue 52 item 8: four paid workspaces of one customer could hold all 64 slots (16 each); together they
    hold one account's share."""
    silent = silent_elsewhere
    for ws in one_owners(walled, 4):
        for n, address in enumerate(ACCOUNT_ADDRESSES):  # 8 calls each per workspace at most: 24 a workspace
            created = walled.client.post("/api/webhooks", headers=ws.headers, json={
                "url": f"http://{address}:{silent.port(address)}/hook/{ws.id}-{n}"})
            assert created.status_code == 201, created.text
            for _ in range(8):
                sent = walled.client.post(f"/api/webhooks/{created.json()['id']}/test", headers=ws.headers)
                assert sent.status_code == 202, sent.text
    defaults = Settings()
    deadline = time.monotonic() + 10
    while silent.total_open() < defaults.webhook_account_concurrency and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)  # what more would be let through, if anything were, has had time to connect
    assert silent.total_open() == defaults.webhook_account_concurrency, silent.total_open()
    assert silent.most_open_total == defaults.webhook_account_concurrency


def test_the_dashboards_test_and_resend_spend_the_workspaces_api_rate_budget(
        walled: Service, receiver: Receiver) -> None:
    browser = Browser(walled)
    try:
        browser.signup()
        workspace = browser.workspaces()[0]
        walled.control("workspace.set-plan", {"workspace": workspace, "plan": "pro", "quota": None})
        team = Workspace(workspace, browser.new_key(workspace), "", walled)
        endpoint = walled.client.post("/api/webhooks", headers=team.headers, json={
            "url": f"http://127.0.0.1:{receiver.port}/hook/dashboard"}).json()
        pages = f"/dashboard/w/{workspace}/webhooks"
        browser.get(pages)
        assert browser.post(f"{pages}/endpoints/{endpoint['id']}/test").status_code == 303
        message = receiver.wait_for("/hook/dashboard", 1)[0].headers["webhook-id"]
        for _ in range(1000):  # bounded: a pro budget is 120 requests a minute
            if team.get("/api/webhooks").status_code == 429:
                break
        else:
            pytest.fail("the workspace's API budget never ran out")
        for path in (f"{pages}/endpoints/{endpoint['id']}/test", f"{pages}/messages/{message}/resend"):
            refused = browser.post(path)
            assert refused.status_code == 429, path
            assert 'id="problem-code">rate_limited' in refused.text
            assert int(refused.headers["retry-after"]) >= 1
        assert len(receiver.to("/hook/dashboard")) == 1  # nothing more was sent
    finally:
        browser.http.close()
