"""Login and sign-up cannot starve the host: attempt budgets and a bounded hashing queue before any argon2id."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import trio

import actors.accounts.people as people_module
from actors.accounts import People, client_key
from engine.records.users import UserError
from engine.rules.ratelimit import TokenBuckets
from tests.conftest import Service, running_service
from tests.dashboard_client import PASSWORD, Browser
from tests.fixture_site import FixtureServer

PER_CLIENT = 20  # the defaults, which the shared test service raises


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("logins") / "data", site,
                         CAPTURE_LOGIN_ATTEMPTS_PER_MIN=str(PER_CLIENT),
                         CAPTURE_LOGIN_ATTEMPTS_TOTAL_PER_MIN="120",
                         CAPTURE_TRUSTED_PROXIES="127.0.0.0/8") as service:  # a proxy's address, when it names one
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


def test_behind_a_proxy_the_lockout_and_the_budget_are_the_clients_own(guarded: Service) -> None:
    """Issue 52 items 5 and 6: the client is the one the trusted proxy names, from every line of its header."""
    owner = Browser(guarded)
    owner.http.headers["x-forwarded-for"] = "198.51.100.2"  # the owner, behind the proxy
    email = owner.signup()
    owner.post("/logout")
    stranger = Browser(guarded)
    stranger.http.headers["x-forwarded-for"] = "198.51.100.1"
    stranger.get("/login")
    wrong = [stranger.post("/login", email=email, password="wrong password!").status_code for _ in range(11)]
    assert wrong == [401] * 10 + [429]
    # the owner, elsewhere behind the same proxy, signs in with the right password
    owner.get("/login")
    assert owner.post("/login", email=email, password=PASSWORD).status_code == 303
    # the stranger writes a first line of its own; the proxy's line, appended, still names it
    forged = stranger.http.post("/login", data={"email": email, "password": PASSWORD, "csrf_token": stranger.csrf},
                                headers=[("x-forwarded-for", "203.0.113.9"), ("x-forwarded-for", "198.51.100.1")])
    assert forged.status_code == 429, forged.text
    for browser in (owner, stranger):
        browser.http.close()


def test_throttled_logins_cannot_flush_a_victims_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 52 item 12: attempts refused before hashing add nothing to the failure table."""
    monkeypatch.setattr(people_module, "MAX_TRACKED", 50)
    people = People(None, {}, b"k" * 32, None, attempts_per_client_min=1, attempts_per_min=1)  # type: ignore[arg-type]
    victim = ("victim@example.com", client_key("192.0.2.1"))
    people._failures[victim] = people_module._Failures(people_module.FREE_FAILURES, time.monotonic())

    async def flood() -> str:
        with pytest.raises(UserError):  # everyone's budget of one attempt, spent on a wrong password
            await people.login("someone@example.com", "wrong", "198.51.100.250")
        for n in range(500):  # then each refused by the spent budget, before any hashing
            with pytest.raises(people_module.LoginThrottled):
                await people.login(f"someone-{n}@example.com", "wrong", f"198.51.100.{n % 250}")
        with pytest.raises(people_module.LoginThrottled) as refused:
            await people.login("victim@example.com", "guess", "192.0.2.1")
        return str(refused.value)

    assert trio.run(flood).startswith("too many wrong passwords for this account")
    assert len(people._failures) == 2  # the victim's and the one admitted attempt's


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
