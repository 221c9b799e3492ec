"""Acceptance 1 of the dashboard, in a real Chromium driven by Selenium, the way a person clicks through it.

Signup → personal free workspace → team → invitation link → a second user signs
up and joins as member → the owner makes them admin → the admin generates a key
in the team → the key captures through POST /api/screenshot → the capture shows
in the team's usage chart, and in neither personal workspace.

Every page on the way is saved at 1280 px and at 375 px under
test-artifacts/walkthrough/ (or $CAPTURE_TEST_ARTIFACTS), and checked on the
way: no horizontal scrolling at 375 px, every form control labelled and
reachable with the Tab key, and nothing loaded from another origin.
"""

from __future__ import annotations

import base64
import datetime as dt
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from engine.browser.chromium import Chromium, launch, stop
from engine.operations.settings import Settings
from tests.conftest import ROOT, Service, Workspace
from tests.dashboard_client import PASSWORD
from tests.fixture_site import FixtureServer

ARTIFACTS = Path(os.environ.get("CAPTURE_TEST_ARTIFACTS", ROOT / "test-artifacts")) / "walkthrough"
WIDTHS = (1280, 375)
MAX_TABS = 80  # no page of the dashboard has more stops than this

# Every control a person can reach: each must be labelled, each must be reached by Tab.
CONTROLS_JS = """
const visible = e => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
return [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
  .filter(visible).map(e => {
    const id = e.id && document.querySelector(`label[for="${CSS.escape(e.id)}"]`);
    const name = (e.getAttribute('aria-label') || (id && id.textContent) || e.textContent || '').trim();
    return {tag: e.tagName.toLowerCase(), key: e.outerHTML.slice(0, 160), name: name};
  });
"""
ACTIVE_JS = "const e = document.activeElement; return e === document.body ? null : e.outerHTML.slice(0, 160);"
RESOURCES_JS = "return performance.getEntriesByType('resource').map(e => e.name);"
OVERFLOW_JS = "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"
HEIGHT_JS = "return Math.min(document.documentElement.scrollHeight, 6000);"


class Walk:
    """One Chromium, one person at a time at the keyboard, every page photographed and checked."""

    def __init__(self, driver: WebDriver, service: Service, directory: Path = ARTIFACTS) -> None:
        self.driver = driver
        self.service = service
        self.directory = directory
        self.shots: list[Path] = []
        self.problems: list[str] = []

    def open(self, path: str) -> None:
        self.driver.get(self.service.url + path)

    @property
    def path(self) -> str:
        return str(self.driver.current_url).removeprefix(self.service.url)

    def find(self, css: str) -> Any:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def submit_and_wait(self, button: Any) -> None:
        """Press a submit button and wait until the next page has replaced this one."""
        self.replaced(self.find("html"), button.click)

    def replaced(self, old: Any, act: Callable[[], None]) -> None:
        """Do `act`, then wait until `old` (this page's root element) belongs to a page that is gone."""
        act()
        try:
            WebDriverWait(self.driver, 60).until(lambda d: _stale(old))
        except TimeoutException:
            raise AssertionError(f"no new page after {self.path}") from None

    def type_into(self, css: str, text: str) -> None:
        field = self.find(css)
        field.clear()
        field.send_keys(text)

    def page(self, name: str) -> None:
        """Photograph the current page at both widths and check it the way a person would use it."""
        for width in WIDTHS:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
            overflow = self.driver.execute_script(OVERFLOW_JS)
            if overflow > 0:
                self.problems.append(f"{name} at {width} px scrolls sideways by {overflow} px")
            height = self.driver.execute_script(HEIGHT_JS)
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
            target = self.directory / f"{len(self.shots) // len(WIDTHS) + 1:02d}-{name}-{width}.png"
            target.write_bytes(base64.b64decode(shot["data"]))
            self.shots.append(target)
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self._check_labels_and_tabs(name)
        foreign = [url for url in self.driver.execute_script(RESOURCES_JS) if not url.startswith(self.service.url)]
        if foreign:
            self.problems.append(f"{name} loaded {foreign}")

    def _check_labels_and_tabs(self, name: str) -> None:
        controls = self.driver.execute_script(CONTROLS_JS)
        for control in controls:
            if not control["name"]:
                self.problems.append(f"{name}: unlabelled {control['key']}")
        wanted = {c["key"] for c in controls}
        reached: set[str] = set()
        self.driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
        for _ in range(MAX_TABS):
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
            active = self.driver.execute_script(ACTIVE_JS)
            if active is None or active in reached:
                break
            reached.add(active)
        missed = wanted - reached
        if missed:
            self.problems.append(f"{name}: Tab never reaches {sorted(missed)}")


def _stale(element: Any) -> bool:
    try:
        element.is_enabled()
    except Exception:  # StaleElementReferenceException: the page was replaced
        return True
    return False


@pytest.fixture(scope="module")
def chromium() -> Iterator[Chromium]:
    settings = Settings()
    # the test's browser talks only to the service on loopback and resolves no name at all
    browser = launch(settings, ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--window-size=1280,800"))
    try:
        yield browser
    finally:
        stop(browser)


def workspace_links(walk: Walk) -> dict[str, str]:
    """Workspace name → id, from the dashboard's list."""
    walk.open("/dashboard")
    links = walk.driver.find_elements(By.CSS_SELECTOR, "ul.cards a[href^='/dashboard/w/']")
    return {link.text: link.get_attribute("href").rsplit("/", 1)[1] for link in links}


def chart(walk: Walk, workspace: str) -> dict[str, int]:
    """Today's bar in the workspace's usage chart, as drawn: outcome → count."""
    walk.open(f"/dashboard/w/{workspace}")
    today = dt.datetime.now(dt.UTC).date().isoformat()
    bar = walk.find(f"#usage-chart g[data-day='{today}']")
    return {rect.get_attribute("data-outcome"): int(rect.get_attribute("data-count"))
            for rect in bar.find_elements(By.CSS_SELECTOR, "rect[data-outcome]")}


def sign_up(walk: Walk, email: str, shot: str) -> None:
    """Fill the sign-up form from the keyboard alone: Tab to each field, Enter to send."""
    walk.page(shot)
    walk.driver.execute_script("document.activeElement && document.activeElement.blur()")
    stops = 0
    while walk.driver.switch_to.active_element.get_attribute("id") != "email":
        walk.driver.switch_to.active_element.send_keys(Keys.TAB)
        stops += 1
        assert stops < 20, "Tab never reaches the email field"
    walk.driver.switch_to.active_element.send_keys(email, Keys.TAB)
    assert walk.driver.switch_to.active_element.get_attribute("id") == "password"
    walk.replaced(walk.find("html"), lambda: walk.driver.switch_to.active_element.send_keys(PASSWORD, Keys.ENTER))


def log_in(walk: Walk, email: str) -> None:
    walk.open("/login")
    walk.type_into("#email", email)
    walk.type_into("#password", PASSWORD)
    walk.submit_and_wait(walk.find("form[action='/login'] button"))
    assert walk.path == "/dashboard"


def log_out(walk: Walk) -> None:
    walk.submit_and_wait(walk.find("form[action='/logout'] button"))
    assert walk.path == "/login"


def test_signup_team_invite_admin_key_capture_and_the_team_chart(
        service: Service, site: FixtureServer, chromium: Chromium) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob("*.png"):
        old.unlink()
    walk = Walk(chromium.driver, service)
    walk.driver.delete_all_cookies()
    owner, second = (f"{who}-{secrets.token_hex(3)}@example.com" for who in ("owner", "second"))

    # 1. the owner signs up and finds a personal workspace on the free plan
    walk.open("/signup")
    sign_up(walk, owner, "signup")
    assert walk.path == "/dashboard"
    walk.page("dashboard")
    ((personal_name, owners_personal),) = workspace_links(walk).items()
    assert "free plan" in walk.find("ul.cards").text
    walk.open(f"/dashboard/w/{owners_personal}")
    assert "personal" in walk.find("main p").text
    assert "free plan" in walk.find("main p").text
    walk.page("personal-workspace")

    # 2. a team workspace
    walk.open("/dashboard")
    walk.type_into("#team-name", "Walkthrough team")
    walk.submit_and_wait(walk.find("form[action='/dashboard/teams'] button"))
    team = walk.path.rsplit("/", 1)[1]
    assert walk.find("h1").text == "Walkthrough team"
    walk.page("team-workspace")

    # 3. an invitation link for a member
    Select(walk.find("#invite-role")).select_by_value("member")
    walk.submit_and_wait(walk.find(f"form[action='/dashboard/w/{team}/invites'] button"))
    link = walk.find("#invite-link").text
    assert link.startswith(f"{service.url}/invite/")
    walk.page("invitation-link")
    log_out(walk)
    walk.page("login")

    # 4. the second person opens it, signs up from there and joins as member
    walk.driver.get(link)
    walk.page("invitation-signed-out")
    walk.driver.find_element(By.LINK_TEXT, "Create an account").click()
    WebDriverWait(walk.driver, 30).until(lambda d: walk.path.startswith("/signup"))
    sign_up(walk, second, "signup-from-invitation")
    assert walk.driver.current_url == link
    walk.page("invitation-signed-in")
    walk.submit_and_wait(walk.find("form[action^='/invite/'] button"))
    assert walk.path == f"/dashboard/w/{team}"
    assert "you are member" in walk.find("main p").text
    walk.page("team-as-member")
    log_out(walk)

    # 5. the owner makes them admin
    log_in(walk, owner)
    walk.open(f"/dashboard/w/{team}")
    promote = [b for b in walk.driver.find_elements(By.CSS_SELECTOR, "ul.members button") if b.text == "Make admin"]
    assert len(promote) == 1
    walk.submit_and_wait(promote[0])
    rows = {li.find_element(By.CSS_SELECTOR, ".member").text: li.find_element(By.CSS_SELECTOR, ".tag").text
            for li in walk.driver.find_elements(By.CSS_SELECTOR, "ul.members li")}
    assert rows == {owner: "owner", second: "admin"}
    walk.page("team-as-owner")
    log_out(walk)

    # 6. the admin generates a key in the team workspace
    log_in(walk, second)
    walk.find("nav a[href='/dashboard/keys']").click()
    Select(walk.find("#workspace-pick")).select_by_value(team)
    walk.submit_and_wait(walk.find("form[action='/dashboard/keys'][method='get'] button"))
    walk.type_into("#key-name", "walkthrough")
    walk.submit_and_wait(walk.find("form[action='/dashboard/keys'][method='post'] button"))
    key = walk.find("#new-key").text
    assert key.startswith("cap_")
    walk.page("key-generated")
    walk.open(f"/dashboard/keys?workspace={team}")
    assert key not in walk.driver.page_source
    walk.page("keys")

    # 7. the key captures; the capture is the team's, and neither personal workspace's
    captured = service.client.post("/api/screenshot", json={"url": f"{site.base}/simple?walkthrough=1"},
                                   headers={"x-api-key": key})
    assert captured.status_code == 200, captured.text
    assert captured.content.startswith(b"\x89PNG")
    team_key = Workspace(team, key, "", service)
    team_key.quota(at_least_used=1)
    assert chart(walk, team) == {"succeeded": 1}
    assert walk.find("#quota-used").text == "1"
    walk.page("team-usage")
    seconds_personal = next(ws for name, ws in workspace_links(walk).items() if ws != team)
    assert chart(walk, seconds_personal) == {}
    assert walk.find("#usage-chart").get_attribute("data-total") == "0"
    walk.page("personal-usage-of-the-admin")

    # the other pages: a job, the playground with its result, a refused URL
    job = team_key.submit(url=f"{site.base}/simple?walkthrough=job").json()["id"]
    assert team_key.finished_job(job)["status"] == "SUCCEEDED"
    walk.open(f"/dashboard/w/{team}/jobs")
    assert walk.find(f"tr[data-job='{job}']").get_attribute("data-status") == "SUCCEEDED"
    walk.page("jobs")
    walk.find(f"nav.tabs a[href='/dashboard/w/{team}/playground']").click()
    walk.type_into("#pg-url", f"{site.base}/simple?walkthrough=playground")
    walk.submit_and_wait(walk.find("#playground button"))
    assert walk.find("#result-image").get_attribute("naturalWidth") == "1280"
    walk.page("playground-result")
    walk.open(f"/dashboard/w/{owners_personal}")
    assert "not found" in walk.find("h1").text.lower()
    walk.page("someone-elses-workspace")
    log_out(walk)

    log_in(walk, owner)
    assert chart(walk, owners_personal) == {}
    assert chart(walk, team) == {"succeeded": 3}  # the key's capture, the job and the playground
    assert personal_name in workspace_links(walk)

    assert not walk.problems, "\n".join(walk.problems)
    for shot in walk.shots:  # real pictures of pages, not blank ones
        assert shot.stat().st_size > 5_000, shot


def test_the_monitors_pages_show_the_last_capture_the_history_and_each_change(
        service: Service, site: FixtureServer, chromium: Chromium) -> None:
    """Issue 57: a member's view of a workspace's monitors: the list with the last capture's thumbnail and the
    last change's time; a monitor's page with its history as a strip of thumbnails and each change's diff picture.
    Photographed under test-artifacts/walkthrough/monitors/ and checked as every page is."""
    directory = ARTIFACTS / "monitors"
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.png"):
        old.unlink()
    walk = Walk(chromium.driver, service, directory)
    walk.driver.delete_all_cookies()
    walk.open("/signup")
    sign_up(walk, f"monitors-{secrets.token_hex(3)}@example.com", "signup")
    [(_, workspace)] = workspace_links(walk).items()
    service.cli("workspace", "set-plan", workspace, "business")
    [key] = service.control("key.create", {"workspace": workspace, "name": "monitors"})
    ws = Workspace(workspace, key["key"], key["id"], service)
    name = f"walk-{workspace}"
    made = ws.service.client.post("/api/monitors", headers=ws.headers, json={
        "name": "Pricing page", "capture": {"url": f"{site.base}/changing?name={name}"}, "every": "1h"})
    assert made.status_code == 201, made.text
    monitor = made.json()["id"]
    runs = ws.monitor_runs(monitor, ended=1)
    assert httpx.get(f"{site.base}/changing/set", params={"name": name, "block": "#d02060",
                                                        "para": "Prices change on Monday."}).status_code == 200
    assert ws.service.client.post(f"/api/monitors/{monitor}/run", headers=ws.headers).status_code == 202
    changed = ws.monitor_runs(monitor, ended=2)[0]
    assert changed["changed"] is True, changed

    walk.open(f"/dashboard/w/{workspace}/monitors")
    row = walk.find(f"tr[data-monitor='{monitor}']")
    assert "Pricing page" in row.text
    thumb = row.find_element(By.CSS_SELECTOR, "img.thumb")
    assert thumb.get_attribute("src").endswith(f"/runs/{changed['id']}/thumb.png")
    assert int(thumb.get_attribute("naturalWidth")) == 320  # a thumbnail, drawn
    assert row.find_element(By.CSS_SELECTOR, ".last-change").text != "—"
    walk.page("monitors")

    walk.find(f"tr[data-monitor='{monitor}'] td[data-label='Monitor'] a").click()
    WebDriverWait(walk.driver, 30).until(lambda d: walk.path == f"/dashboard/w/{workspace}/monitors/{monitor}")
    strip = walk.driver.find_elements(By.CSS_SELECTOR, "#strip li")
    assert [li.get_attribute("data-run") for li in strip] == [changed["id"], runs[-1]["id"]]  # newest first
    assert [li.get_attribute("data-changed") for li in strip] == ["true", "false"]
    assert all(int(img.get_attribute("naturalWidth")) == 320
               for img in walk.driver.find_elements(By.CSS_SELECTOR, "#strip img"))
    [change] = walk.driver.find_elements(By.CSS_SELECTOR, "#changes li")
    assert change.get_attribute("data-run") == changed["id"]
    diff = change.find_element(By.CSS_SELECTOR, "img.diff")
    assert int(diff.get_attribute("naturalWidth")) == 320
    assert "+ Prices change on Monday." in change.text
    walk.page("monitor")
    full = httpx.get(change.find_element(By.CSS_SELECTOR, "a").get_attribute("href"), timeout=30)
    assert (full.status_code, full.headers["content-type"]) == (200, "image/png")  # the diff, signed
    assert not walk.problems, "\n".join(walk.problems)

