"""The dashboard's usage chart, failures, jobs page and playground, against a real service and Chromium."""

from __future__ import annotations

import html
import re
import struct
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests import egress_site  # noqa: F401 - registers /egress/redirect
from tests.conftest import Service, Workspace
from tests.dashboard_client import Browser
from tests.fixture_site import FixtureServer
from tests.quality import labelled  # noqa: F401 - registers the quality fixtures

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def browsers(service: Service) -> Iterator[Callable[[], Browser]]:
    opened: list[Browser] = []

    def open_browser() -> Browser:
        opened.append(Browser(service))
        return opened[-1]
    yield open_browser
    for browser in opened:
        browser.http.close()


def segments(page: str, day: str) -> dict[str, int]:
    """The chart's segments for one day: outcome → count, as drawn."""
    found = re.search(rf'<g class="day" data-day="{day}" data-total="(\d+)">(.*?)</g>', page, re.S)
    assert found is not None, f"no bar for {day}"
    drawn = {o: int(n) for o, n in re.findall(r'data-outcome="(\w+)" data-count="(\d+)"', found[2])}
    assert sum(drawn.values()) == int(found[1])
    return drawn


def chart_total(page: str) -> int:
    found = re.search(r'<svg id="usage-chart"[^>]*data-total="(\d+)"', page)
    assert found is not None
    return int(found[1])


def png_size(body: bytes) -> tuple[int, int]:
    assert body.startswith(PNG)
    width, height = struct.unpack(">II", body[16:24])
    return width, height


def test_the_chart_shows_each_outcome_and_why_captures_failed(service: Service, site: FixtureServer,
                                                              browsers: Callable[[], Browser]) -> None:
    browser = browsers()
    browser.signup()
    (workspace,) = browser.workspaces()
    empty = browser.get(f"/dashboard/w/{workspace}").text
    assert chart_total(empty) == 0
    assert "No failed attempts" in empty

    key = browser.new_key(workspace)
    api = {"x-api-key": key}
    for n in range(2):
        ok = service.client.post("/api/screenshot", json={"url": f"{site.base}/simple?chart={n}"}, headers=api)
        assert ok.status_code == 200, ok.text
    refused = service.client.post("/api/screenshot", json={"url": f"{site.base}/simple", "format": "bmp"},
                                  headers=api)
    assert refused.status_code == 422
    paid = service.client.post("/api/screenshot", json={"url": f"{site.base}/simple", "format": "pdf"}, headers=api)
    assert paid.status_code == 403
    slow = service.client.post("/api/screenshot", json={"url": f"{site.base}/never-loads", "timeoutMs": 1000},
                               headers=api)
    assert slow.status_code == 504, slow.text
    codes = [answer.json()["code"] for answer in (refused, paid, slow)]
    assert codes == ["invalid_request", "feature_not_entitled", "render_timeout"]
    Workspace(workspace, key, "", service).quota(at_least_used=2)  # a success commits after its last byte

    page = browser.get(f"/dashboard/w/{workspace}").text
    today = event_day(service, workspace)
    assert segments(page, today) == {"succeeded": 2, "validation_failed": 2, "render_failed": 1}
    assert chart_total(page) == 5
    assert f"{today}: 2 succeeded, 2 validation failed, 1 render failed" in page  # the bar's title
    stages = dict(re.findall(r'<strong data-stage="(\w+)">(\d+)</strong>', page))
    assert stages == {"validation": "1", "entitlement": "1", "render": "1"}
    recent = re.search(r'<table id="recent-failures"[^>]*>(.*?)</table>', page, re.S)
    assert recent is not None
    assert re.findall(r"<code>(\w+)</code>", recent[1]) == list(reversed(codes))  # newest first
    assert "/never-loads" not in recent[1]  # hosts, never whole URLs
    assert re.search(r'<strong id="quota-used">2</strong>', page)


def test_the_jobs_page_lists_jobs_and_downloads_while_the_link_is_valid(
        service: Service, site: FixtureServer, browsers: Callable[[], Browser]) -> None:
    browser, stranger = browsers(), browsers()
    browser.signup()
    stranger.signup()
    (workspace,) = browser.workspaces()
    service.cli("workspace", "set-plan", workspace, "pro")  # room in the rate budget for polling
    api = Workspace(workspace, browser.new_key(workspace), "", service)
    done = api.submit(url=f"{site.base}/quality/glyphs-vithkuqi?job=page").json()["id"]
    failed = api.submit(url=f"{site.base}/status?code=500", failOnStatus=[500]).json()["id"]
    assert api.finished_job(done)["status"] == "SUCCEEDED"
    assert api.finished_job(failed)["status"] == "FAILED"

    page = browser.get(f"/dashboard/w/{workspace}/jobs").text
    rows = dict(re.findall(r'<tr data-job="(job_\w+)" data-status="(\w+)">', page))
    assert rows == {done: "SUCCEEDED", failed: "FAILED"}
    assert page.index(failed) < page.index(done)  # newest first
    assert "target_status_rejected" in page
    assert re.search(rf'data-job="{done}".*?<span class="tag warning" title="[^"]*U\+1057[^"]*">missing_glyphs</span>',
                     page, re.S)  # the capture's quality verdict beside it
    link = re.search(rf'data-job="{done}".*?<a href="([^"]+)" class="download">', page, re.S)
    assert link is not None
    with httpx.Client() as anyone:  # a signed link: no session, no key
        downloaded = anyone.get(html.unescape(link[1]))
    assert downloaded.status_code == 200
    assert png_size(downloaded.content) == (1280, 800)

    running = api.submit(url=f"{site.base}/never-loads?job=cancel", timeoutMs=60000).json()["id"]
    for _ in range(600):  # bounded: at most about a minute
        if api.job(running)["status"] == "RUNNING":
            break
        time.sleep(0.1)
    listed = browser.get(f"/dashboard/w/{workspace}/jobs").text
    assert f'action="/dashboard/w/{workspace}/jobs/{running}/cancel"' in listed
    assert browser.post(f"/dashboard/w/{workspace}/jobs/{running}/cancel").status_code == 303
    assert api.finished_job(running)["status"] == "CANCELLED"
    assert f'data-job="{running}" data-status="CANCELLED"' in browser.get(f"/dashboard/w/{workspace}/jobs").text

    assert stranger.get(f"/dashboard/w/{workspace}/jobs").status_code == 404
    stranger.get("/dashboard")
    assert stranger.post(f"/dashboard/w/{workspace}/jobs/{done}/cancel").status_code == 404
    (theirs,) = stranger.workspaces()
    assert stranger.post(f"/dashboard/w/{theirs}/jobs/{done}/cancel").status_code == 404  # not in their workspace
    assert done not in stranger.get(f"/dashboard/w/{theirs}/jobs").text


def test_the_playground_runs_a_capture_and_shows_it(service: Service, site: FixtureServer,
                                                    browsers: Callable[[], Browser]) -> None:
    browser = browsers()
    browser.signup()
    (workspace,) = browser.workspaces()
    path = f"/dashboard/w/{workspace}/playground"
    form = browser.get(path)
    assert form.status_code == 200
    assert 'pdf (paid plans)' in form.text  # a free workspace

    answer = browser.post(path, url=f"{site.base}/quality/glyphs-vithkuqi?t=playground", format="png", width="640",
                          height="480")
    assert answer.status_code == 200, answer.text
    image = re.search(r'<img id="result-image" class="result" src="([^"]+)"', answer.text)
    assert image is not None
    assert "base64" not in answer.text  # the page links to the result, it never carries it
    signed = html.unescape(image[1])
    assert "/api/results/job_" in signed
    assert png_size(browser.http.get(signed).content) == (640, 480)  # a signed URL: no key, no session needed
    assert f"{site.base}/quality/glyphs-vithkuqi?t=playground" in answer.text  # the form keeps what was asked
    warnings = re.search(r'<ul id="result-warnings".*?</ul>', answer.text, re.S)
    assert warnings is not None
    assert "missing_glyphs" in warnings[0]

    bad = browser.post(path, url="ftp://fixture.test/", format="png", width="640", height="480")
    assert bad.status_code == 422
    assert '<code id="problem-code">destination_forbidden</code>' in bad.text
    narrow = browser.post(path, url=f"{site.base}/simple", format="png", width="10", height="480")
    assert narrow.status_code == 422
    assert "<code>viewport.width</code>" in narrow.text
    paid = browser.post(path, url=f"{site.base}/simple", format="pdf", width="1280", height="800")
    assert paid.status_code == 403
    assert '<code id="problem-code">feature_not_entitled</code>' in paid.text

    odd = browser.post(path, url=f"{site.base}/simple", format="png", width="²", height="9" * 5000)
    assert odd.status_code == 422  # not digits the way int() reads them: the API names the fields
    assert "<code>viewport.width</code>" in odd.text
    assert "<code>viewport.height</code>" in odd.text

    page = browser.get(f"/dashboard/w/{workspace}").text
    assert re.search(r'<strong id="quota-used">1</strong>', page)  # only the capture that succeeded
    assert segments(page, event_day(service, workspace)) == {"succeeded": 1, "validation_failed": 4}
    captured = service.events(f"workspace_id = '{workspace}' AND type LIKE 'capture.%'")
    user = browser_user(service, workspace)
    assert {event["key_id"] for event in captured} == {f"playground:{workspace}:{user}"}

    # a job that fails while rendering (its page redirects somewhere refused) is shown like a refusal
    away = browser.post(path, url=f"{site.base}/egress/redirect?code=302&to=http%3A%2F%2Finternal.test%3A8080%2F",
                        format="png", width="640", height="480")
    assert away.status_code == 422, away.text
    assert '<code id="problem-code">destination_forbidden</code>' in away.text


def test_the_playground_has_the_plans_rate_limit_per_workspace_and_per_person_when_free(
        service: Service, site: FixtureServer, browsers: Callable[[], Browser]) -> None:
    browser = browsers()
    browser.signup()
    (personal,) = browser.workspaces()
    browser.get("/dashboard")
    team = browser.post("/dashboard/teams", name="Rate team").headers["location"].rsplit("/", 1)[1]
    browser.get(f"/dashboard/w/{personal}/playground")
    cheap = {"url": f"{site.base}/simple", "format": "png", "width": "10", "height": "480"}  # refused, but counted
    answers = [browser.post(f"/dashboard/w/{personal}/playground", **cheap) for _ in range(11)]
    assert [a.status_code for a in answers] == [422] * 10 + [429]  # the free plan: 10 requests a minute
    assert int(answers[-1].headers["retry-after"]) >= 1
    assert answers[-1].headers["ratelimit-remaining"] == "0"
    assert '<code id="problem-code">rate_limited</code>' in answers[-1].text
    # the same person's other free workspace draws on the same budget (issue 52: a free plan per person) ...
    assert browser.post(f"/dashboard/w/{team}/playground", **cheap).status_code == 429
    # ... and a paid one has its own
    service.control("workspace.set-plan", {"workspace": team, "plan": "pro", "quota": None})
    other = browser.post(f"/dashboard/w/{team}/playground", **cheap)
    assert other.status_code == 422, other.text


def event_day(service: Service, workspace: str) -> str:
    """The UTC day of the workspace's latest capture event: the chart's bar for it (a run may cross midnight)."""
    (row,) = service.sql(f"SELECT strftime(max(ts), '%Y-%m-%d') AS day FROM events WHERE workspace_id = '{workspace}' "
                         "AND type LIKE 'capture.%'")
    return str(row["day"])


def browser_user(service: Service, workspace: str) -> str:
    (row,) = service.sql(f"SELECT user_id FROM memberships WHERE workspace_id = '{workspace}'")
    return str(row["user_id"])


def test_a_stranger_gets_no_playground(service: Service, site: FixtureServer,
                                                               browsers: Callable[[], Browser]) -> None:
    owner, stranger = browsers(), browsers()
    owner.signup()
    stranger.signup()
    (workspace,) = owner.workspaces()
    assert stranger.get(f"/dashboard/w/{workspace}/playground").status_code == 404
    stranger.get("/dashboard")
    refused = stranger.post(f"/dashboard/w/{workspace}/playground", url=f"{site.base}/simple", format="png",
                            width="1280", height="800")
    assert refused.status_code == 404
    assert service.events(f"workspace_id = '{workspace}' AND type LIKE 'capture.%'") == []
