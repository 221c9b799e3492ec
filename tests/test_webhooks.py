"""Webhooks of jobs, against real receivers on loopback: signed, retried with one id, never redirected, never lost.

The service here allows the receiver's port (CAPTURE_EGRESS_ALLOW), which is
also what lets its plain http through; retries run on a compressed schedule.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from engine.records.replies import WebhookTestEvent
from engine.records.webhooks import new_secret
from tests.conftest import Service, Workspace, kill_hard, running_service, start_service
from tests.dashboard_client import Browser
from tests.fixture_site import FixtureServer
from tests.webhook_receiver import Receiver, verified

RETRIES = 3
SECRET = re.compile(r'<code class="signing-secret">([^<]+)</code>')


def allowing(site: FixtureServer, *receivers: int, retry_s: str = ",".join(["0.2"] * RETRIES)) -> dict[str, str]:
    return {"CAPTURE_EGRESS_ALLOW": ",".join(f"127.0.0.1:{port}" for port in (site.server_address[1], *receivers)),
            "CAPTURE_WEBHOOK_RETRY_S": retry_s}


@pytest.fixture(scope="module")
def hooked(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer, receiver: Receiver) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("webhooks") / "data", site, **allowing(site, receiver.port)) as s:
        yield s


@dataclass
class Team:
    """A signed-up user's workspace on the pro plan: an API key, and the dashboard for its signing secret."""

    ws: Workspace
    browser: Browser

    def signing_secrets(self) -> list[str]:
        page = self.browser.get(f"/dashboard/w/{self.ws.id}/webhooks")
        assert page.status_code == 200, page.text
        return SECRET.findall(page.text)


@pytest.fixture
def team(hooked: Service) -> Iterator[Team]:
    browser = Browser(hooked)
    browser.signup()
    workspace = browser.workspaces()[0]
    hooked.cli("workspace", "set-plan", workspace, "pro")
    yield Team(Workspace(workspace, browser.new_key(workspace), "", hooked), browser)
    browser.http.close()


def hook(receiver: Receiver) -> tuple[str, str]:
    path = f"/hook/{secrets.token_hex(4)}"
    return path, f"http://127.0.0.1:{receiver.port}{path}"


def test_a_succeeded_job_calls_its_webhook_signed_with_the_workspace_secret(
        team: Team, site: FixtureServer, receiver: Receiver) -> None:
    path, url = hook(receiver)
    accepted = team.ws.submit(url=f"{site.base}/simple?hook=1", webhookUrl=url)
    assert accepted.status_code == 202, accepted.text
    job_id = accepted.json()["id"]
    call = receiver.wait_for(path, 1)[0]
    signing = team.signing_secrets()
    assert len(signing) == 1
    assert signing[0].startswith("whsec_")
    body = verified(call, signing[0])
    assert body["type"] == "job.succeeded"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", str(body["timestamp"]))
    data = body["data"]
    assert isinstance(data, dict)
    assert (data["id"], data["status"], data["contentType"]) == (job_id, "SUCCEEDED", "image/png")
    assert data["statusUrl"] == accepted.json()["statusUrl"]
    assert isinstance(data["quality"]["warnings"], list)  # the capture's verdict rides along (issue 36)
    result = httpx.get(str(data["resultUrl"]), timeout=30)  # signed: no key needed
    assert result.status_code == 200
    assert result.content.startswith(b"\x89PNG")
    with pytest.raises(AssertionError, match="no secret verifies"):
        verified(call, new_secret())
    assert team.ws.service.holding(url) == []  # the URL is sealed, like the payload


def test_failed_calls_are_retried_with_one_webhook_id_and_cost_no_quota(
        team: Team, site: FixtureServer, receiver: Receiver) -> None:
    path, url = hook(receiver)
    receiver.answers[path] = [503, 503]
    job_id = team.ws.submit(url=f"{site.base}/simple?hook=2", webhookUrl=url).json()["id"]
    calls = receiver.wait_for(path, 3)
    assert len({call.headers["webhook-id"] for call in calls}) == 1
    for call in calls:  # each try signed anew (a fresh timestamp), each verifiable
        verified(call, *team.signing_secrets())
    attempts = _attempts(team.ws.service, job_id, 3)
    assert [(a["outcome"], a["stage"], a["code"]) for a in attempts] == [
        ("delivery_failed", "delivery", "http_503"), ("delivery_failed", "delivery", "http_503"),
        ("delivered", "delivery", None)]
    assert attempts[0]["data"]["answer"] == "answered 503"
    rows = team.ws.get("/api/analytics", groupBy="format").json()["rows"]
    assert [(row["webhookAttempts"], row["webhookDelivered"], row["webhookFailuresByCode"]) for row in rows
            if row["webhookAttempts"]] == [(3, 1, {"http_503": 2})]
    assert team.ws.quota(at_least_used=1)["used"] == 1  # the capture; none of its calls


def test_a_redirect_is_a_failure_and_is_never_followed(team: Team, site: FixtureServer, receiver: Receiver) -> None:
    path, url = hook(receiver)
    receiver.answers[path] = [302] * (RETRIES + 1)
    job_id = team.ws.submit(url=f"{site.base}/simple?hook=3", webhookUrl=url).json()["id"]
    attempts = _attempts(team.ws.service, job_id, RETRIES + 1)
    assert {a["code"] for a in attempts} == {"redirect"}
    _wait_events(team.ws.service, f"type = 'webhook.abandoned' AND capture_id = '{job_id}'", 1)
    assert receiver.to("/moved") == []
    assert len(receiver.to(path)) == RETRIES + 1  # the schedule, then no more


def test_410_gives_the_message_up_at_once(team: Team, site: FixtureServer, receiver: Receiver) -> None:
    path, url = hook(receiver)
    receiver.answers[path] = [410]
    job_id = team.ws.submit(url=f"{site.base}/simple?hook=4", webhookUrl=url).json()["id"]
    abandoned = _wait_events(team.ws.service, f"type = 'webhook.abandoned' AND capture_id = '{job_id}'", 1)
    assert "410" in abandoned[0]["data"]["reason"]
    assert len(receiver.to(path)) == 1


def test_a_rotation_signs_with_both_secrets_until_the_overlap_ends(
        team: Team, site: FixtureServer, receiver: Receiver) -> None:
    old = team.signing_secrets()
    answer = team.browser.post(f"/dashboard/w/{team.ws.id}/webhooks/rotate-secret")
    assert answer.status_code == 303
    new = team.signing_secrets()
    assert (len(new), new[1:]) == (2, old)
    path, url = hook(receiver)
    team.ws.submit(url=f"{site.base}/simple?hook=5", webhookUrl=url)
    call = receiver.wait_for(path, 1)[0]
    assert len(call.headers["webhook-signature"].split(" ")) == 2
    assert verified(call, new[0]) == verified(call, old[0])  # a receiver holding either one verifies


def test_webhook_urls_are_refused_where_captures_may_not_go(hooked: Service, team: Team, site: FixtureServer,
                                                            receiver: Receiver) -> None:
    for webhook, code in [("http://127.0.0.1:1/hook", "destination_forbidden"),
                          ("https://internal.test/hook", "destination_forbidden"),
                          ("http://nowhere.test/hook", "destination_unresolvable"),
                          ("ftp://fixture.test/hook", "destination_forbidden")]:
        answer = team.ws.submit(url=f"{site.base}/simple", webhookUrl=webhook)
        assert (answer.status_code, answer.json()["code"]) == (422, code), webhook
        assert answer.json()["errors"][0]["field"] == "webhookUrl"
    _, url = hook(receiver)
    synchronous = team.ws.capture(url=f"{site.base}/simple", webhookUrl=url)
    assert (synchronous.status_code, synchronous.json()["code"]) == (422, "invalid_request")
    free = hooked.workspace("free")
    refused = free.submit(url=f"{site.base}/simple", webhookUrl=url)
    assert (refused.status_code, refused.json()["code"], refused.json()["feature"]) == (
        403, "feature_not_entitled", "durableWebhooks")


def test_only_members_see_the_webhooks_page(hooked: Service, team: Team) -> None:
    before = team.signing_secrets()
    stranger = Browser(hooked)
    stranger.signup()
    assert stranger.get(f"/dashboard/w/{team.ws.id}/webhooks").status_code == 404
    assert stranger.post(f"/dashboard/w/{team.ws.id}/webhooks/rotate-secret").status_code == 404
    stranger.http.close()
    assert team.signing_secrets() == before  # the stranger rotated nothing


def test_an_endpoint_gets_the_events_it_asked_for_signed_with_its_own_secret(
        team: Team, site: FixtureServer, receiver: Receiver) -> None:
    path, url = hook(receiver)
    created = team.ws.service.client.post("/api/webhooks", headers=team.ws.headers, json={
        "url": url, "events": ["job.failed"], "description": "failures only"})
    assert created.status_code == 201, created.text
    endpoint = created.json()
    assert endpoint["secret"].startswith("whsec_")
    assert created.headers["location"].endswith(f"/api/webhooks/{endpoint['id']}")
    assert (endpoint["url"], endpoint["events"], endpoint["enabled"]) == (url, ["job.failed"], True)
    listed = team.ws.get("/api/webhooks").json()["webhooks"]
    assert [e["id"] for e in listed] == [endpoint["id"]]
    assert "secret" not in listed[0]  # shown once
    succeeded = team.ws.submit(url=f"{site.base}/simple?hook=ep").json()["id"]
    failed = team.ws.submit(url=f"{site.base}/status?code=500&hook=ep", failOnStatus=[500]).json()["id"]
    for job_id in (succeeded, failed):
        team.ws.finished_job(job_id)
    call = receiver.wait_for(path, 1)[0]
    body = verified(call, endpoint["secret"])
    assert (body["type"], body["data"]["id"], body["data"]["error"]["code"]) == (  # type: ignore[index]
        "job.failed", failed, "target_status_rejected")
    with pytest.raises(AssertionError):
        verified(call, *team.signing_secrets())  # the workspace's secret signs only jobs' own webhookUrl
    # a message is scheduled in the transaction of the job event it announces: none for the succeeded job
    scheduled = team.ws.service.events(f"type = 'webhook.scheduled' AND capture_id IN ('{succeeded}', '{failed}')")
    assert [e["capture_id"] for e in scheduled if e["data"].get("endpoint") == endpoint["id"]] == [failed]
    assert len(receiver.to(path)) == 1


def test_an_endpoint_is_changed_tested_rotated_and_deleted(team: Team, receiver: Receiver) -> None:
    client, headers = team.ws.service.client, team.ws.headers
    first_path, first_url = hook(receiver)
    endpoint = client.post("/api/webhooks", headers=headers, json={"url": first_url}).json()
    assert endpoint["events"] == ["job.succeeded", "job.failed", "job.cancelled", "job.expired", "monitor.changed",
                                  "monitor.failed"]
    path, url = hook(receiver)
    changed = client.patch(f"/api/webhooks/{endpoint['id']}", headers=headers,
                           json={"url": url, "description": "moved"})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["url"], changed.json()["description"]) == (url, "moved")
    rotated = client.post(f"/api/webhooks/{endpoint['id']}/rotate-secret", headers=headers)
    assert rotated.status_code == 200
    new_secret_ = rotated.json()["secret"]
    assert new_secret_ != endpoint["secret"]
    sent = client.post(f"/api/webhooks/{endpoint['id']}/test", headers=headers)
    assert sent.status_code == 202, sent.text
    call = receiver.wait_for(path, 1)[0]
    assert call.headers["webhook-id"] == sent.json()["id"]
    assert verified(call, new_secret_)["type"] == "webhook.test"
    body = verified(call, new_secret_)
    assert WebhookTestEvent.model_validate(body).as_json() == body  # the shape the OpenAPI document gives it
    assert verified(call, endpoint["secret"])["type"] == "webhook.test"  # the old one overlaps
    assert receiver.to(first_path) == []
    assert client.delete(f"/api/webhooks/{endpoint['id']}", headers=headers).status_code == 204
    for method in ("GET", "PATCH", "DELETE"):
        answer = client.request(method, f"/api/webhooks/{endpoint['id']}", headers=headers, json={})
        assert (answer.status_code, answer.json()["code"]) == (404, "not_found"), method
    assert client.post(f"/api/webhooks/{endpoint['id']}/test", headers=headers).status_code == 404


def test_410_disables_an_endpoint_until_it_is_enabled_again(team: Team, receiver: Receiver) -> None:
    client, headers = team.ws.service.client, team.ws.headers
    path, url = hook(receiver)
    receiver.answers[path] = [410]
    endpoint = client.post("/api/webhooks", headers=headers, json={"url": url}).json()
    client.post(f"/api/webhooks/{endpoint['id']}/test", headers=headers)
    receiver.wait_for(path, 1)
    deadline = time.monotonic() + 10
    while (found := team.ws.get(f"/api/webhooks/{endpoint['id']}").json())["enabled"]:
        assert time.monotonic() < deadline, found
        time.sleep(0.05)
    assert "410" in found["disabledReason"]
    client.post(f"/api/webhooks/{endpoint['id']}/test", headers=headers)
    abandoned = _wait_events(team.ws.service, f"type = 'webhook.abandoned' AND workspace_id = '{team.ws.id}'", 2)
    assert "disabled" in abandoned[-1]["data"]["reason"]
    assert len(receiver.to(path)) == 1  # a disabled endpoint is not called
    enabled = client.patch(f"/api/webhooks/{endpoint['id']}", headers=headers, json={"enabled": True})
    assert (enabled.json()["enabled"], enabled.json().get("disabledReason")) == (True, None)
    client.post(f"/api/webhooks/{endpoint['id']}/test", headers=headers)
    receiver.wait_for(path, 2)


def test_endpoints_are_refused_where_they_may_not_point_and_to_plans_without_the_feature(
        hooked: Service, team: Team, receiver: Receiver) -> None:
    client, headers = hooked.client, team.ws.headers
    for body, code, field in [({}, "invalid_request", "url"),
                              ({"url": "http://127.0.0.1:1/hook"}, "destination_forbidden", "url"),
                              ({"url": "https://internal.test/hook"}, "destination_forbidden", "url"),
                              ({"url": hook(receiver)[1], "events": ["job.started"]}, "invalid_request", "events[0]"),
                              ({"url": hook(receiver)[1], "secret": "mine"}, "invalid_request", "secret")]:
        answer = client.post("/api/webhooks", headers=headers, json=body)
        assert (answer.status_code, answer.json()["code"]) == (422, code), body
        assert answer.json()["errors"][0]["field"] == field, answer.json()
    assert team.ws.get("/api/webhooks").json()["webhooks"] == []
    free = hooked.workspace("free")
    for method, path in [("GET", "/api/webhooks"), ("POST", "/api/webhooks"), ("GET", "/api/webhooks/whe_x")]:
        answer = client.request(method, path, headers=free.headers, json={"url": hook(receiver)[1]})
        assert (answer.status_code, answer.json()["code"], answer.json()["feature"]) == (
            403, "feature_not_entitled", "durableWebhooks"), path


def test_the_dashboard_adds_tests_resends_and_disables_an_endpoint(team: Team, receiver: Receiver) -> None:
    path, url = hook(receiver)
    pages = f"/dashboard/w/{team.ws.id}/webhooks"
    team.browser.get(pages)
    added = team.browser.post(f"{pages}/endpoints", url=url, events="job.failed", description="from the dashboard")
    assert added.status_code == 201, added.text
    secret = re.search(r'<code id="new-secret">([^<]+)</code>', added.text)
    assert secret is not None
    endpoint = team.ws.get("/api/webhooks").json()["webhooks"][0]
    assert (endpoint["url"], endpoint["events"], endpoint["description"]) == (url, ["job.failed"],
                                                                               "from the dashboard")
    assert team.browser.post(f"{pages}/endpoints/{endpoint['id']}/test").status_code == 303
    first = receiver.wait_for(path, 1)[0]
    assert verified(first, secret[1])["type"] == "webhook.test"
    # the receiver has the call a moment before the service has committed how it went
    _wait_events(team.ws.service, f"type = 'webhook.delivered' AND workspace_id = '{team.ws.id}'", 1)
    shown = team.browser.get(pages).text
    message = first.headers["webhook-id"]
    assert f"/messages/{message}/resend" in shown
    assert "100 % of 1 calls delivered" in shown
    assert team.browser.post(f"{pages}/messages/{message}/resend").status_code == 303
    again = receiver.wait_for(path, 2)[1]
    assert again.headers["webhook-id"] == message  # the same message, sent again
    assert team.browser.post(f"{pages}/endpoints/{endpoint['id']}/disable").status_code == 303
    assert team.ws.get(f"/api/webhooks/{endpoint['id']}").json()["enabled"] is False
    assert "disabled</strong>" in team.browser.get(pages).text
    refused = team.browser.post(f"{pages}/endpoints", url="http://127.0.0.1:1/x")
    assert refused.status_code == 422
    assert 'id="problem-code">destination_forbidden' in refused.text


def test_a_name_rebound_to_a_forbidden_address_after_acceptance_is_refused_at_the_attempt(
        hooked: Service, team: Team, site: FixtureServer, receiver: Receiver) -> None:
    hosts = hooked.data_dir.parent / f"{hooked.data_dir.name}-hosts"
    original = hosts.read_text()
    secret_server = Receiver(receiver.port, host="127.0.0.3").start()  # a forbidden address
    try:
        hosts.write_text(original + "127.0.0.1 rebind.test\n")
        gate = site.gate()
        accepted = team.ws.submit(url=f"{site.base}/after-dom?gate={gate.name}",
                                  webhookUrl=f"http://rebind.test:{receiver.port}/hook/rebind")
        assert accepted.status_code == 202, accepted.text  # rebind.test is the allowed receiver now
        job_id = accepted.json()["id"]
        site.wait_for_request(f"/gate?name={gate.name}", 0)
        written = hosts.stat().st_mtime_ns
        hosts.write_text(original + "127.0.0.3 rebind.test\n")
        os.utime(hosts, ns=(written + 10**9, written + 10**9))  # a later mtime, even on a coarse clock
        gate.open()
        attempts = _attempts(hooked, job_id, RETRIES + 1)
        assert {a["code"] for a in attempts} == {"forbidden_destination"}
        assert (secret_server.connections, receiver.to("/hook/rebind")) == (0, [])
    finally:
        hosts.write_text(original)
        secret_server.stop()


def test_a_killed_service_loses_no_message(tmp_path: Path, site: FixtureServer) -> None:
    """200 messages pending for a receiver that is down; kill -9; on restart and the receiver's return, all arrive."""
    down = Receiver()
    port = down.port
    down.server_close()  # the port is known; nobody listens on it
    env = allowing(site, port, retry_s=",".join(["1"] * 60))
    first = start_service(tmp_path / "data", site, **env)
    try:
        ws = first.workspace("business")
        ids = []
        for batch in range(10):
            answer = first.client.post("/api/jobs/batch", headers=ws.headers, json={"captures": [
                {"url": f"{site.base}/never-loads?kill={batch}-{n}", "timeoutMs": 60000,
                 "webhookUrl": f"http://127.0.0.1:{port}/hook/kill"} for n in range(20)]})
            assert answer.status_code == 202, answer.text
            ids += [job["id"] for job in answer.json()["jobs"]]
        for job_id in ids:  # each cancellation is one job.cancelled message
            assert first.client.delete(f"/api/jobs/{job_id}", headers=ws.headers).status_code == 202
        scheduled = _wait_events(first, "type = 'webhook.scheduled'", 200)
        _wait_events(first, "type = 'webhook.failed'", 50)  # the receiver is down: tries fail and wait
    finally:
        kill_hard(first)
    back = Receiver(port).start()
    try:
        with running_service(tmp_path / "data", site, **env):
            calls = back.wait_for("/hook/kill", 200, wait_s=60)
            deadline = time.monotonic() + 60
            while len({c.headers["webhook-id"] for c in back.to("/hook/kill")}) < 200:
                assert time.monotonic() < deadline, "not every message arrived"
                time.sleep(0.1)
            calls = back.to("/hook/kill")
    finally:
        back.stop()
    arrived = Counter(call.headers["webhook-id"] for call in calls)
    assert set(arrived) == {event["data"]["message"] for event in scheduled}
    assert max(arrived.values()) <= 2
    assert {call.body.count(b'"job.cancelled"') for call in calls} == {1}


def _attempts(service: Service, job_id: str, count: int) -> list[dict[str, object]]:
    return _wait_events(service, f"type = 'webhook.attempted' AND capture_id = '{job_id}'", count)


def _wait_events(service: Service, where: str, count: int, wait_s: float = 30) -> list[dict[str, object]]:
    deadline = time.monotonic() + wait_s
    while len(found := service.events(where)) < count:
        assert time.monotonic() < deadline, f"{len(found)} of {count} events where {where}"
        time.sleep(0.05)
    return found
