"""Monitors (issue 57) on the running service, as far as they are built: created, listed, read, changed, paused
and deleted through the API, held to the plan (feature, number, interval), another workspace's invisible, the
capture's secrets sealed in the event log, and every monitor kept across a restart."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import httpx

from tests.conftest import Service, Workspace, run_cli, running_service
from tests.fixture_site import FixtureServer

SECRET = "monitor-cookie-value-7f3a"


def body(site: FixtureServer, **more: Any) -> dict[str, Any]:
    return {"capture": {"url": f"{site.base}/simple?monitor=1", "cookies": [
        {"name": "session", "value": SECRET, "domain": "127.0.0.1"}]}, "every": "15m", **more}


def call(ws: Workspace, method: str, path: str, json: Any = None) -> httpx.Response:
    return ws.service.client.request(method, path, json=json, headers=ws.headers)


def when(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_a_monitor_is_created_read_changed_paused_and_deleted(service: Service, site: FixtureServer) -> None:
    ws, other = service.workspace("pro"), service.workspace("business")
    created = call(ws, "POST", "/api/monitors", body(site, name="pricing", compare={"ignoreSelectors": [".ad"]}))
    assert created.status_code == 201, created.text
    monitor = created.json()
    assert monitor["id"].startswith("mon_")
    assert created.headers["location"].endswith(f"/api/monitors/{monitor['id']}")
    assert (monitor["name"], monitor["every"], monitor["paused"]) == ("pricing", "15m", False)
    assert monitor["compare"] == {"threshold": 0.5, "ignoreSelectors": [".ad"], "text": True}
    assert monitor["capture"]["url"] == f"{site.base}/simple?monitor=1"
    assert "webhookUrl" not in monitor
    assert "lastRun" not in monitor
    assert when(monitor["nextRunAt"]) == when(monitor["createdAt"])  # the workspace's first: at the start of it
    second = call(ws, "POST", "/api/monitors", body(site)).json()  # the next one is placed further in
    assert dt.timedelta(minutes=5) < when(second["nextRunAt"]) - when(second["createdAt"]) < dt.timedelta(minutes=15)
    assert call(ws, "DELETE", f"/api/monitors/{second['id']}").status_code == 204
    read = call(ws, "GET", f"/api/monitors/{monitor['id']}").json()
    assert {k: v for k, v in read.items() if k != "lastRun"} == monitor  # its first run may have ended since
    assert [m["id"] for m in call(ws, "GET", "/api/monitors").json()["monitors"]] == [monitor["id"]]

    hidden = call(other, "GET", f"/api/monitors/{monitor['id']}")
    assert (hidden.status_code, hidden.json()["code"]) == (404, "not_found")
    assert call(other, "GET", "/api/monitors").json() == {"monitors": []}
    assert call(other, "DELETE", f"/api/monitors/{monitor['id']}").status_code == 404

    paused = call(ws, "PATCH", f"/api/monitors/{monitor['id']}", {"paused": True, "every": "1h"}).json()
    assert (paused["paused"], paused["every"], "nextRunAt" in paused) == (True, "1h", False)
    resumed = call(ws, "PATCH", f"/api/monitors/{monitor['id']}", {"paused": False}).json()
    assert dt.timedelta(minutes=59) < when(resumed["nextRunAt"]) - when(monitor["createdAt"]) < dt.timedelta(hours=2)
    assert resumed["name"] == "pricing"  # what the change does not name stays
    too_often = call(ws, "PATCH", f"/api/monitors/{monitor['id']}", {"every": "1m"})  # pro: every 15 min at most
    assert (too_often.status_code, too_often.json()["errors"][0]["field"]) == (422, "every"), too_often.text

    stored = service.events(f"type LIKE 'monitor.%' AND workspace_id = '{ws.id}' "
                            f"AND json_extract_string(data, '$.monitor') = '{monitor['id']}'")
    assert [e["type"] for e in stored] == ["monitor.created", "monitor.updated", "monitor.updated"]
    assert SECRET not in str(stored)  # the capture's cookie only sealed
    assert service.holding(SECRET, results=False) == []

    assert call(ws, "DELETE", f"/api/monitors/{monitor['id']}").status_code == 204
    assert call(ws, "GET", f"/api/monitors/{monitor['id']}").status_code == 404
    assert call(ws, "GET", "/api/monitors").json() == {"monitors": []}


def test_monitors_are_held_to_the_plan(service: Service, site: FixtureServer) -> None:
    free = service.workspace("free")
    refused = call(free, "POST", "/api/monitors", body(site))
    assert (refused.status_code, refused.json()["code"], refused.json()["feature"]) == (
        403, "feature_not_entitled", "monitors")
    assert call(free, "GET", "/api/monitors").status_code == 403

    ws = service.workspace("pro")
    for capture, field in [({"url": f"{site.base}/simple", "format": "pdf"}, "capture.format"),
                           ({"url": f"{site.base}/simple", "webhookUrl": "https://x.example/"}, "capture.webhookUrl"),
                           ({"url": f"{site.base}/simple", "proxy": {"region": "eu"}}, "proxy")]:
        answer = call(ws, "POST", "/api/monitors", {"capture": capture, "every": "15m"})
        assert answer.status_code in (403, 422), answer.text
        assert answer.json()["errors"][0]["field"] == field, answer.text
    assert call(ws, "POST", "/api/monitors", {**body(site), "every": "5m"}).status_code == 422
    private = call(ws, "POST", "/api/monitors", body(site, webhookUrl="http://10.0.0.5/hook"))  # classified, not sent
    assert (private.status_code, private.json()["code"]) == (422, "destination_forbidden"), private.text
    closed = call(ws, "POST", "/api/monitors", {"capture": {"url": "http://127.0.0.1:1/"}, "every": "15m"})
    assert (closed.status_code, closed.json()["code"]) == (422, "destination_forbidden"), closed.text  # as a capture
    assert closed.json()["errors"][0]["field"] == "capture.url"
    cookie = call(ws, "POST", "/api/monitors", {"capture": {"url": f"{site.base}/simple", "cookies": [
        {"name": "a", "value": "b", "domain": "other.example"}]}, "every": "15m"})
    assert (cookie.status_code, cookie.json()["code"]) == (422, "cookie_domain_mismatch"), cookie.text

    made = [call(ws, "POST", "/api/monitors", body(site)) for _ in range(20)]  # pro keeps 20
    assert [answer.status_code for answer in made] == [201] * 20
    over = call(ws, "POST", "/api/monitors", body(site))
    assert over.status_code == 403, over.text
    assert (over.json()["code"], over.json()["limit"]) == ("monitor_limit_reached", 20)
    assert call(ws, "DELETE", f"/api/monitors/{made[0].json()['id']}").status_code == 204
    assert call(ws, "POST", "/api/monitors", body(site)).status_code == 201  # room again


def test_monitors_survive_a_restart(tmp_path: Path, site: FixtureServer) -> None:
    data = tmp_path / "data"
    with running_service(data, site) as first:
        ws = first.workspace("business")
        kept = call(ws, "POST", "/api/monitors", body(site, every="1m", webhookUrl=f"{site.base}/hook")).json()
        gone = call(ws, "POST", "/api/monitors", body(site)).json()
        changed = call(ws, "PATCH", f"/api/monitors/{kept['id']}", {"name": "after", "paused": True}).json()
        assert call(ws, "DELETE", f"/api/monitors/{gone['id']}").status_code == 204
        quiet = call(ws, "POST", "/api/monitors", body(site, every="1h", webhookUrl=f"{site.base}/hook")).json()
        unhooked = call(ws, "PATCH", f"/api/monitors/{quiet['id']}", {"webhookUrl": None, "paused": True}).json()
        assert "webhookUrl" not in unhooked  # null removes it; an absent field leaves it (`changed` above)
    with running_service(data, site) as second:
        ws = Workspace(ws.id, ws.key, ws.key_id, second)
        read, still_unhooked = call(ws, "GET", "/api/monitors").json()["monitors"]
        assert {k: v for k, v in read.items() if k != "lastRun"} == changed  # its first run, ended or not
        assert changed["webhookUrl"] == f"{site.base}/hook"
        assert {k: v for k, v in still_unhooked.items() if k != "lastRun"} == unhooked
        assert changed["capture"]["cookies"][0]["value"] == SECRET  # opened again from its sealed copy
        running = second.cli("monitor", "list", "--workspace", ws.id)  # through the control socket
    operator = {"id": changed["id"], "name": "after", "url": f"{site.base}/simple", "every": "1m", "paused": True,
                "createdAt": changed["createdAt"], "nextRunAt": None}
    assert running[0] == operator  # no sealed part: the URL as the log keeps it in clear
    assert second.cli("monitor", "list", "--workspace", ws.id) == running  # the file opened directly, stopped
    refused = run_cli(second.env, "monitor", "list", "--workspace", "x' OR 1=1 --")
    assert refused.returncode != 0
    assert b"not a workspace id" in refused.stderr
