"""Monitors' runs (issue 57) on the running service: the scheduler's first run, runs queued on request, each
compared with the one before (a block's colour, an ignored element, a paragraph), the history paged, results
and diff pictures behind signed URLs, quota on success only and SKIPPED without it, analytics for every run."""

from __future__ import annotations

import io
import time
from typing import Any

import httpx
from PIL import Image

from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer

RUN_S = 60.0  # a run waits for no sleep: the test asks until it ended, for at most this long


def call(ws: Workspace, method: str, path: str, json: Any = None) -> httpx.Response:
    return ws.service.client.request(method, path, json=json, headers=ws.headers)


def runs(ws: Workspace, monitor_id: str, query: str = "") -> list[dict[str, Any]]:
    answer = call(ws, "GET", f"/api/monitors/{monitor_id}/runs{query}")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["runs"])


def ended(ws: Workspace, monitor_id: str, count: int) -> list[dict[str, Any]]:
    """The monitor's runs once `count` of them have ended, newest first."""
    deadline = time.monotonic() + RUN_S
    while True:
        seen = runs(ws, monitor_id, "?limit=100")
        if sum(run["status"] in ("SUCCEEDED", "FAILED", "SKIPPED") for run in seen) >= count:
            return seen
        assert time.monotonic() < deadline, seen
        time.sleep(0.1)


def run_now(ws: Workspace, monitor_id: str, count: int) -> dict[str, Any]:
    """A run queued now and awaited: the `count`-th run to end."""
    queued = call(ws, "POST", f"/api/monitors/{monitor_id}/run")
    assert queued.status_code == 202, queued.text
    assert (queued.json()["status"], queued.json()["id"][:4]) == ("QUEUED", "run_")
    newest = ended(ws, monitor_id, count)[0]
    assert newest["id"] == queued.json()["id"]
    return newest


def change(site: FixtureServer, name: str, **state: str) -> None:
    assert httpx.get(f"{site.base}/changing/set", params={"name": name, **state}).status_code == 200


def png(service: Service, url: str) -> Image.Image:
    answer = service.client.get(url.removeprefix(str(service.client.base_url)))
    assert (answer.status_code, answer.headers["content-type"]) == (200, "image/png"), answer.text
    return Image.open(io.BytesIO(answer.content))


def test_runs_say_what_changed_and_where(service: Service, site: FixtureServer) -> None:
    ws = service.workspace("business")
    name = f"prices-{ws.id}"
    created = call(ws, "POST", "/api/monitors", {
        "capture": {"url": f"{site.base}/changing?name={name}"}, "every": "1h",
        "compare": {"ignoreSelectors": [".ad"]}})
    assert created.status_code == 201, created.text
    monitor = created.json()["id"]

    [first] = ended(ws, monitor, 1)  # the workspace's first monitor: the scheduler runs it at once
    assert (first["status"], first["changed"]) == ("SUCCEEDED", False), first
    assert "pixelsChanged" not in first
    assert "diffUrl" not in first
    assert png(service, first["resultUrl"]).size == (1280, 800)
    assert call(ws, "GET", f"/api/monitors/{monitor}").json()["lastRun"]["id"] == first["id"]

    same = run_now(ws, monitor, 2)
    assert (same["status"], same["changed"], same["pixelsChanged"], same["regions"]) == (
        "SUCCEEDED", False, 0, []), same
    assert same["text"] == {"added": 0, "removed": 0, "sample": []}

    change(site, name, ad="Two for one, this week only")  # only the ignored element
    ignored = run_now(ws, monitor, 3)
    assert (ignored["changed"], ignored["pixelsChanged"], ignored["text"]["added"]) == (False, 0, 0), ignored

    change(site, name, block="#e03020")
    coloured = run_now(ws, monitor, 4)
    assert coloured["changed"] is True, coloured
    [box] = coloured["regions"]
    assert all(abs(box[k] - v) <= 4 for k, v in {"x": 100, "y": 200, "width": 200, "height": 150}.items()), box
    assert 2.5 < coloured["pixelsChanged"] < 3.5  # 200×150 of 1280×800
    diff = png(service, coloured["diffUrl"]).convert("RGB")
    assert diff.getpixel((99, 250)) == (255, 0, 64)  # outlined just outside the box
    assert diff.getpixel((200, 275)) == (224, 48, 32)  # the new capture inside it

    change(site, name, para="The first paragraph now says another thing entirely.")
    edited = run_now(ws, monitor, 5)
    assert edited["changed"] is True
    assert edited["text"] == {"added": 1, "removed": 1, "sample": [
        "- The first paragraph says one thing.", "+ The first paragraph now says another thing entirely."]}

    newest_first = [run["id"] for run in runs(ws, monitor)]
    assert newest_first == [edited["id"], coloured["id"], ignored["id"], same["id"], first["id"]]
    page = runs(ws, monitor, f"?limit=2&before={coloured['id']}")
    assert [run["id"] for run in page] == [ignored["id"], same["id"]]
    bad = call(ws, "GET", f"/api/monitors/{monitor}/runs?limit=0")
    assert (bad.status_code, bad.json()["errors"][0]["field"]) == (422, "limit")

    # each run a capture: five units, five successes in analytics, each naming its monitor
    assert call(ws, "GET", "/api/usage").json()["quota"]["used"] == 5
    recorded = service.events(f"type = 'capture.succeeded' AND workspace_id = '{ws.id}'")
    assert sorted(e["capture_id"] for e in recorded) == sorted(newest_first)
    assert {e["data"]["monitor"] for e in recorded} == {monitor}

    tampered = service.client.get(coloured["diffUrl"].replace("-diff?", "?").removeprefix(
        str(service.client.base_url)))  # the diff's signature does not open the result
    assert tampered.status_code == 403, tampered.text


def test_out_of_quota_runs_are_skipped_and_cost_nothing(service: Service, site: FixtureServer) -> None:
    ws = service.workspace("business", quota=1)
    monitor = call(ws, "POST", "/api/monitors", {"capture": {"url": f"{site.base}/simple?skip=1"},
                                                 "every": "1h"}).json()["id"]
    [first] = ended(ws, monitor, 1)
    assert first["status"] == "SUCCEEDED", first
    skipped = run_now(ws, monitor, 2)
    assert (skipped["status"], skipped["error"]["code"]) == ("SKIPPED", "quota_exceeded"), skipped
    assert "changed" not in skipped
    assert "resultUrl" not in skipped
    assert call(ws, "GET", "/api/usage").json()["quota"]["used"] == 1
    assert call(ws, "GET", f"/api/monitors/{monitor}").json()["lastRun"]["id"] == first["id"]  # SKIPPED aside
    kinds = [e["type"] for e in service.events(f"type LIKE 'monitor.run_%' AND workspace_id = '{ws.id}'")]
    assert kinds == ["monitor.run_queued", "monitor.run_succeeded", "monitor.run_queued", "monitor.run_skipped"]
