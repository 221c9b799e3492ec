"""The dashboard over HTTP: sign-up, sessions, CSRF, throttled logins, API keys shown once, isolation."""

from __future__ import annotations

import html
import re
import secrets
import threading
from collections.abc import Callable, Iterator

import pytest

from tests.conftest import Service, running_service
from tests.dashboard_client import PASSWORD, Browser, cookie_flags
from tests.fixture_site import FixtureServer


@pytest.fixture
def browsers(service: Service) -> Iterator[Callable[..., Browser]]:
    opened: list[Browser] = []

    def open_browser(on: Service | None = None, source: str | None = None) -> Browser:
        opened.append(Browser(on or service, source))
        return opened[-1]
    yield open_browser
    for browser in opened:
        browser.http.close()


def test_signup_gives_a_free_personal_workspace_and_an_argon2id_password(
        service: Service, browsers: Callable[..., Browser]) -> None:
    browser = browsers()
    browser.get("/signup")
    email = f"first-{secrets.token_hex(4)}@Example.com"
    answer = browser.post("/signup", email=email, password=PASSWORD)
    assert answer.status_code == 303
    flags = cookie_flags(answer, "capture_session")
    assert {"HttpOnly", "SameSite=Lax"} <= flags
    assert "Secure" not in flags  # plain HTTP here; behind TLS see the test below

    page = browser.get("/dashboard")
    assert page.status_code == 200
    assert "free plan" in page.text
    assert "owner" in page.text
    (workspace,) = browser.workspaces()
    overview = browser.get(f"/dashboard/w/{workspace}")
    assert '<span class="tag">personal</span>' in overview.text
    assert "of 100 captures used" in overview.text

    stored = service.sql(f"SELECT password_hash FROM users WHERE email = '{email.lower()}'")
    assert len(stored) == 1
    assert stored[0]["password_hash"].startswith("$argon2id$")
    assert service.holding(PASSWORD) == []
    again = browsers()
    again.get("/signup")
    assert again.post("/signup", email=email.upper(), password=PASSWORD).status_code == 422  # one account an email


def test_every_form_needs_its_csrf_token(service: Service, browsers: Callable[..., Browser]) -> None:
    anonymous = browsers()
    anonymous.get("/signup")
    assert anonymous.post("/signup", csrf=False, email="x@example.com", password=PASSWORD).status_code == 403
    assert anonymous.post("/login", csrf=False, email="x@example.com", password=PASSWORD).status_code == 403

    browser, other = browsers(), browsers()
    browser.signup()
    other.signup()
    (workspace,) = browser.workspaces()
    user_id = "usr_00"
    attempts = [("/dashboard/teams", {"name": "Sneaky"}), ("/dashboard/keys", {"workspace": workspace}),
                ("/dashboard/keys/key_00/revoke", {"workspace": workspace}), ("/logout", {}),
                (f"/dashboard/w/{workspace}/invites", {"role": "member"}), ("/invite/some-token", {}),
                (f"/dashboard/w/{workspace}/members/{user_id}/role", {"role": "admin"}),
                (f"/dashboard/w/{workspace}/members/{user_id}/remove", {}), (f"/dashboard/w/{workspace}/leave", {}),
                (f"/dashboard/w/{workspace}/transfer", {"member": user_id}), (f"/dashboard/w/{workspace}/delete", {})]
    for path, fields in attempts:
        assert browser.post(path, csrf=False, **fields).status_code == 403, path
        forged = browser.http.post(path, data={**fields, "csrf_token": other.csrf})  # another session's token
        assert forged.status_code == 403, path
        assert "forbidden" in forged.text
    assert browser.workspaces() == [workspace]  # nothing happened


def test_a_generated_key_is_shown_once_and_works(service: Service, site: FixtureServer,
                                                browsers: Callable[..., Browser]) -> None:
    browser = browsers()
    browser.signup()
    (workspace,) = browser.workspaces()
    key = browser.new_key(workspace, name="laptop")
    listing = browser.get("/dashboard/keys", workspace=workspace)
    assert key not in listing.text  # not on reload, not in the list
    assert key[:12] in listing.text
    assert "laptop" in listing.text
    assert "never" in listing.text

    captured = service.client.post("/api/screenshot", json={"url": f"{site.base}/simple?t=dashboard-key"},
                                   headers={"x-api-key": key})
    assert captured.status_code == 200, captured.text
    assert key not in browser.get("/dashboard/keys", workspace=workspace).text
    assert service.holding(key) == []
    for table in ("api_keys", "events", "users", "sessions", "workspaces"):
        assert key not in str(service.sql(f"SELECT * FROM {table}")), table

    key_id = re.search(r'action="/dashboard/keys/(key_[0-9a-f]+)/revoke"', listing.text)
    assert key_id is not None
    assert browser.post(f"/dashboard/keys/{key_id[1]}/revoke", workspace=workspace).status_code == 303
    refused = service.client.post("/api/screenshot", json={"url": f"{site.base}/simple"}, headers={"x-api-key": key})
    assert refused.status_code == 401


def test_ten_wrong_passwords_slow_that_account_down(service: Service, browsers: Callable[..., Browser]) -> None:
    browser = browsers()
    email = browser.signup()
    browser.post("/logout")
    other = browsers()
    other_email = other.signup()  # another account is not slowed
    visitor = browsers()
    visitor.get("/login")
    for _ in range(10):
        assert visitor.post("/login", email=email, password="wrong password!").status_code == 401
    throttled = visitor.post("/login", email=email, password=PASSWORD)  # even the right one, for now
    assert throttled.status_code == 429
    assert int(throttled.headers["retry-after"]) >= 1
    assert visitor.post("/login", email=f"  {email.upper()} ", password=PASSWORD).status_code == 429  # same account
    other.post("/logout")
    other.get("/login")
    assert other.post("/login", email=other_email, password=PASSWORD).status_code == 303
    owner = browsers(source="127.0.0.3")  # the owner, elsewhere: the stranger's misses do not lock them out
    owner.get("/login")
    assert owner.post("/login", email=email, password=PASSWORD).status_code == 303


def test_other_workspaces_cannot_be_reached_by_guessing(service: Service, browsers: Callable[..., Browser]) -> None:
    owner, stranger = browsers(), browsers()
    owner.signup()
    stranger.signup()
    (theirs,) = owner.workspaces()
    owner.get("/dashboard")
    assert owner.post("/dashboard/teams", name="Owners' team").status_code == 303
    key = owner.new_key(theirs)
    key_id = re.search(r'/dashboard/keys/(key_[0-9a-f]+)/revoke', owner.get("/dashboard/keys", workspace=theirs).text)
    assert key_id is not None
    (mine,) = stranger.workspaces()
    for workspace in [*owner.workspaces(), "ws_00000000000000000000"]:
        assert stranger.get(f"/dashboard/w/{workspace}").status_code == 404
        assert stranger.get("/dashboard/keys", workspace=workspace).status_code == 404
        assert stranger.post("/dashboard/keys", workspace=workspace, name="mine now").status_code == 404
    assert stranger.post(f"/dashboard/keys/{key_id[1]}/revoke", workspace=theirs).status_code == 404
    team = owner.workspaces()[-1]
    for path, fields in ((f"/dashboard/w/{team}/invites", {"role": "admin"}), (f"/dashboard/w/{team}/leave", {}),
                         (f"/dashboard/w/{team}/transfer", {"member": "usr_00"}), (f"/dashboard/w/{team}/delete", {}),
                         (f"/dashboard/w/{team}/members/usr_00/role", {"role": "admin"}),
                         (f"/dashboard/w/{team}/members/usr_00/remove", {})):
        assert stranger.post(path, **fields).status_code == 404, path
    assert stranger.post(f"/dashboard/keys/{key_id[1]}/revoke", workspace=mine).status_code == 404
    assert key_id[1] in owner.get("/dashboard/keys", workspace=theirs).text  # still live
    assert service.client.get("/api/usage", headers={"x-api-key": key}).status_code == 200
    logged_out = browsers()
    assert logged_out.get(f"/dashboard/w/{theirs}").headers["location"] == "/login"


@pytest.fixture(scope="module")
def behind_tls(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("tls") / "data", site, CAPTURE_PUBLIC_URL="https://capture.test",
                         CAPTURE_POOL_SIZE="1") as service:
        yield service


def test_behind_tls_the_session_cookie_is_secure(behind_tls: Service, browsers: Callable[..., Browser]) -> None:
    browser = browsers(behind_tls)
    form = browser.get("/signup")
    # __Host-: Secure, Path=/, no Domain, so no sibling subdomain can plant a CSRF cookie of its own
    flags = cookie_flags(form, "__Host-capture_csrf")
    assert {"HttpOnly", "SameSite=Strict", "Secure", "Path"} <= flags
    assert "Domain" not in flags
    # the proxy in front speaks TLS to the browser; this client speaks plain HTTP behind it, so it
    # hands back the Secure CSRF cookie itself
    signup = {"email": "tls@example.com", "password": PASSWORD, "csrf_token": browser.csrf}
    planted = browser.http.post("/signup", data=signup, headers={"cookie": f"capture_csrf={browser.csrf}"})
    assert planted.status_code == 403  # a cookie without the prefix is not this host's
    answer = browser.http.post("/signup", data=signup, headers={"cookie": f"__Host-capture_csrf={browser.csrf}"})
    assert answer.status_code == 303, answer.text
    session = cookie_flags(answer, "__Host-capture_session")
    assert {"HttpOnly", "SameSite=Lax", "Secure", "Path"} <= session
    assert "Domain" not in session
    token = next(c.split(";")[0].split("=", 1)[1] for c in answer.headers.get_list("set-cookie")
                 if c.startswith("__Host-capture_session="))
    browser.http.cookies.clear()
    assert browser.http.get("/dashboard", headers={"cookie": f"__Host-capture_session={token}"}).status_code == 200
    assert browser.http.get("/dashboard", headers={"cookie": f"capture_session={token}"}).status_code == 303


def test_wrong_passwords_sent_side_by_side_are_all_counted(service: Service,
                                                          browsers: Callable[..., Browser]) -> None:
    owner = browsers()
    email = owner.signup()
    attackers = [browsers() for _ in range(24)]
    for attacker in attackers:
        attacker.get("/login")
    answers: list[int] = []

    def attempt(attacker: Browser) -> None:
        answers.append(attacker.post("/login", email=email, password="wrong password!").status_code)
    threads = [threading.Thread(target=attempt, args=(a,)) for a in attackers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(set(answers)) == [401, 429]
    assert answers.count(401) <= 10  # no more wrong passwords were checked than the limit allows


def test_the_keys_page_signs_render_links_and_rotates_their_secret(service: Service, site: FixtureServer,
                                                                  browsers: Callable[..., Browser]) -> None:
    browser = browsers()
    browser.signup()
    (workspace,) = browser.workspaces()
    browser.get("/dashboard/keys", workspace=workspace)
    created = browser.post("/dashboard/keys", workspace=workspace, name="links")
    secret = re.search(r'<code id="new-signing-secret">(rsk_[^<]+)</code>', created.text)
    assert secret is not None
    key_id = re.search(r'action="/dashboard/keys/(key_[0-9a-f]+)/revoke"', created.text)
    assert key_id is not None

    built = browser.post("/dashboard/keys/render-link", workspace=workspace, key=key_id[1],
                         url=f"{site.base}/simple?dashboard-link", format="jpg")
    assert built.status_code == 200, built.text
    shown = re.search(r'<pre class="result" id="render-link">([^<]+)</pre>', built.text)
    assert shown is not None
    link = html.unescape(shown[1])
    assert link.startswith(f"{service.url}/api/render/{key_id[1]}/")
    assert ".jpg?" in link
    assert secret[1] not in built.text
    answer = service.client.get(link.removeprefix(service.url))
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/jpeg"
    assert browser.post("/dashboard/keys/render-link", workspace=workspace, key=key_id[1], url="ftp://x",
                        format="png").status_code == 422

    rotated = browser.post(f"/dashboard/keys/{key_id[1]}/rotate-signing-secret", workspace=workspace)
    fresh = re.search(r'<code id="signing-secret">(rsk_[^<]+)</code>', rotated.text)
    assert fresh is not None
    assert fresh[1] != secret[1]
    assert service.client.get(link.removeprefix(service.url)).status_code == 403  # signed with the old secret
