"""Quota: reserved before rendering, consumed only by delivered captures; failures visible by stage."""

from __future__ import annotations

import socket
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.conftest import Service, Workspace
from tests.dashboard_client import one_owners
from tests.fixture_site import FixtureServer


def test_concurrent_requests_never_exceed_the_quota(service: Service, site: FixtureServer) -> None:
    ws = service.workspace("pro", quota=3)

    def capture(_: int) -> httpx.Response:
        with httpx.Client(base_url=service.url, timeout=90) as client:
            return client.post("/api/screenshot", json={"url": f"{site.base}/simple"}, headers=ws.headers)

    with ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(capture, range(10)))
    succeeded = [a for a in answers if a.status_code == 200]
    refused = [a for a in answers if a.status_code == 429]
    assert len(succeeded) == 3
    assert len(refused) == 7
    assert {a.json()["code"] for a in refused} == {"quota_exceeded"}
    assert refused[0].json()["quotaResetsAt"].endswith("-01T00:00:00Z")
    assert ws.quota(at_least_used=3) == {"limit": 3, "used": 3, "reserved": 0, "remaining": 0}


def test_usage_agrees_with_the_remaining_a_capture_just_told(service: Service, site: FixtureServer) -> None:
    """Read the instant each answer arrives, usage never shows more left than that answer said."""
    ws = service.workspace("pro", quota=3)

    def capture_then_usage(_: int) -> tuple[httpx.Response, dict[str, int]]:
        with httpx.Client(base_url=service.url, timeout=90) as client:
            answer = client.post("/api/screenshot", json={"url": f"{site.base}/simple"}, headers=ws.headers)
            quota: dict[str, int] = client.get("/api/usage", headers=ws.headers).json()["quota"]
            return answer, quota

    with ThreadPoolExecutor(10) as pool:
        seen = list(pool.map(capture_then_usage, range(10)))
    delivered = [(answer, quota) for answer, quota in seen if answer.status_code == 200]
    assert len(delivered) == 3
    for answer, quota in delivered:
        assert quota["remaining"] <= int(answer.headers["x-quota-remaining"]), (answer.headers, quota)
    for _, quota in seen:
        assert quota["limit"] == 3
        assert quota["remaining"] == 3 - quota["used"] - quota["reserved"]
    assert ws.quota(at_least_used=3) == {"limit": 3, "used": 3, "reserved": 0, "remaining": 0}


def _outcome_rows(ws: Workspace) -> dict[str, Any]:
    answer = ws.get("/api/analytics", groupBy="outcome")
    assert answer.status_code == 200, answer.text
    return {row["outcome"]: row for row in answer.json()["rows"]}


def _disconnect_during_render(service: Service, ws: Workspace, site: FixtureServer) -> None:
    """Send a capture of the never-loading page by hand and hang up once its renderer asks for the image."""
    hangs = site.count("/hang")
    body = f'{{"url": "{site.base}/never-loads", "timeoutMs": 20000}}'.encode()
    target = urlsplit(service.url)
    with socket.create_connection((target.hostname, target.port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/screenshot HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
            + f"x-api-key: {ws.key}\r\ncontent-length: {len(body)}\r\n\r\n".encode() + body)
        site.wait_for_request("/hang", more_than=hangs)


def test_failures_cost_nothing_and_show_in_analytics_with_their_stage(
    service: Service, site: FixtureServer,
) -> None:
    ws = service.workspace("pro")
    assert ws.capture(url=f"{site.base}/simple", colour="red").status_code == 422
    dropped = ws.capture(url=f"{site.base}/drop")
    assert dropped.status_code == 502, dropped.text
    assert dropped.json()["code"] == "render_failed"
    _disconnect_during_render(service, ws, site)

    deadline = time.monotonic() + 30
    rows = _outcome_rows(ws)
    while "delivery_failed" not in rows and time.monotonic() < deadline:
        time.sleep(0.2)
        rows = _outcome_rows(ws)
    assert set(rows) == {"validation_failed", "render_failed", "delivery_failed"}, rows
    assert rows["validation_failed"]["failuresByStage"] == {"validation": 1}
    assert rows["validation_failed"]["failuresByCode"] == {"invalid_request": 1}
    assert rows["render_failed"]["failuresByStage"] == {"render": 1}
    assert rows["delivery_failed"]["failuresByStage"] == {"delivery": 1}
    assert ws.get("/api/usage").json()["quota"]["used"] == 0

    assert ws.capture(url=f"{site.base}/simple").status_code == 200
    assert ws.quota(at_least_used=1)["used"] == 1
    by_day = ws.get("/api/analytics", groupBy="day").json()["rows"]
    assert sum(row["captures"] for row in by_day) == 4


def test_one_persons_free_workspaces_share_one_quota_and_one_request_budget(service: Service,
                                                                             site: FixtureServer) -> None:
    """Issue 52 item 8: a sign-up and twenty free teams were twenty-one free quotas and budgets."""
    personal, team, other = one_owners(service, 3, plan="free", quota=2)
    assert personal.capture(url=f"{site.base}/simple?pool=1").status_code == 200
    assert team.capture(url=f"{site.base}/simple?pool=2").status_code == 200
    refused = other.capture(url=f"{site.base}/simple?pool=3")
    assert refused.status_code == 429, refused.text
    assert refused.json()["code"] == "quota_exceeded"
    assert other.get("/api/usage").json()["quota"]["used"] == 2  # the account's units, where they were spent
    # the rest of the plan's 10 requests a minute, the three workspaces together (4 are spent)
    answers = [ws.get("/api/usage").status_code for _ in range(4) for ws in (personal, team, other)]
    assert answers.count(200) <= 10 - 4 + 1, answers  # + what refilled meanwhile
    assert answers[-1] == 429
    # moved to a paid plan, the same person's workspace counts on its own
    service.control("workspace.set-plan", {"workspace": other.id, "plan": "pro", "quota": 2})
    assert other.capture(url=f"{site.base}/simple?pool=paid").status_code == 200
