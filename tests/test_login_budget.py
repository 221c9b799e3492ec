"""Login and sign-up cannot starve the host: attempt budgets and a bounded hashing queue before any argon2id."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from actors.people import client_key
from engine.rules.ratelimit import TokenBuckets
from tests.conftest import Service, running_service
from tests.dashboard_client import PASSWORD, Browser
from tests.fixture_site import FixtureServer

PER_CLIENT = 20  # the defaults, which the shared test service raises


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("logins") / "data", site,
                         CAPTURE_LOGIN_ATTEMPTS_PER_MIN=str(PER_CLIENT),
                         CAPTURE_LOGIN_ATTEMPTS_TOTAL_PER_MIN="120") as service:
        yield service


def test_a_storm_of_logins_from_one_address_is_refused_before_hashing(guarded: Service, site: FixtureServer) -> None:
    elsewhere = Browser(guarded, source="127.0.0.4")
    email = elsewhere.signup()
    elsewhere.post("/logout")
    ws = guarded.workspace("pro")
    capture: list[httpx.Response] = []
    capturing = threading.Thread(target=lambda: capture.append(ws.capture(url=f"{site.base}/slow-load?s=1")))

    def storm(worker: int) -> list[httpx.Response]:
        browser = Browser(guarded)
        browser.get("/login")
        answers = [browser.post("/login", email=f"nobody-{worker}-{n}@example.com", password="wrong password!")
                   for n in range(10)]
        browser.http.close()
        return answers

    capturing.start()
    with ThreadPoolExecutor(20) as pool:
        answers = [a for batch in pool.map(storm, range(20)) for a in batch]
    capturing.join(90)
    statuses = Counter(a.status_code for a in answers)
    assert sum(statuses.values()) == 200
    assert set(statuses) <= {401, 429, 503}, statuses
    # past the budget (the bucket, and what refilled meanwhile) every attempt is refused before hashing
    assert statuses[401] + statuses[503] <= PER_CLIENT + 5, statuses
    assert statuses[429] >= 200 - PER_CLIENT - 5, statuses
    assert all(int(a.headers["retry-after"]) >= 1 for a in answers if a.status_code in (429, 503))
    assert [a.status_code for a in capture] == [200]  # the capture went on
    elsewhere.get("/login")  # another address still signs in
    assert elsewhere.post("/login", email=email, password=PASSWORD).status_code == 303
    elsewhere.http.close()


def test_ipv6_clients_share_the_budget_of_their_64() -> None:
    assert client_key("2001:db8:1:2::7") == client_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::7") != client_key("2001:db8:1:2::7")
    assert client_key("::ffff:192.0.2.9") == client_key("192.0.2.9") == "192.0.2.9"


def test_token_buckets_stay_bounded_whatever_the_keys() -> None:
    buckets = TokenBuckets(max_keys=100)
    for n in range(10_000):
        buckets.take(f"client-{n}", 1, float(n))
    assert len(buckets._buckets) == 100
    assert not buckets.take("client-9999", 1, 9999.0).allowed  # the recent ones are kept


def test_signup_draws_on_the_same_budget(guarded: Service, tmp_path: Path) -> None:
    browser = Browser(guarded, source="127.0.0.5")
    answers: list[httpx.Response] = []
    while len(answers) < 2 * PER_CLIENT and (not answers or answers[-1].status_code == 303):
        browser.http.cookies.clear()
        browser.get("/signup")
        answers.append(browser.post("/signup", email=f"new-{len(answers)}-{tmp_path.name}@example.com",
                                    password=PASSWORD))
    browser.http.close()
    assert answers[-1].status_code == 429
    assert int(answers[-1].headers["retry-after"]) >= 1
    assert PER_CLIENT <= len(answers) - 1 <= PER_CLIENT + 3  # the bucket, and what refilled during the sign-ups
