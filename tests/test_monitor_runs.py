"""Monitors' runs (issue 57) on the running service: the scheduler's first run, runs queued on request, each
compared with the one before (a block's colour, an ignored element, a paragraph), the history paged, results
and diff pictures behind signed URLs, quota on success only and SKIPPED without it, analytics for every run."""

from __future__ import annotations

import datetime as dt
import io
import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast
from unittest.mock import ANY

import duckdb
import httpx
import orjson
import pytest
from PIL import Image

from actors.jobs import JobSecrets
from actors.monitors import Monitors
from engine.records.monitor_runs import HISTORY, KEPT, next_slot
from engine.records.monitors import Monitor
from engine.records.sealing import Keyring
from engine.records.signing import ResultSigner
from tests.conftest import Service, Workspace, kill_hard, running_service, start_service
from tests.fixture_site import FixtureServer
from tests.webhook_receiver import Receiver, verified

RUN_S = 60.0  # a run waits for no sleep: the test asks until it ended, for at most this long


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer, receiver: Receiver) -> Iterator[Service]:
    """A service whose monitors' minute lasts a second (monitor_clock_scale 60), which may call the receiver,
    retrying a failed call after 1.2 s."""
    allow = ",".join(f"127.0.0.1:{port}" for port in (site.server_address[1], receiver.port))
    with running_service(tmp_path_factory.mktemp("fast") / "data", site, CAPTURE_EGRESS_ALLOW=allow,
                         CAPTURE_WEBHOOK_RETRY_S="1.2,1.2", CAPTURE_MONITOR_CLOCK_SCALE="60") as service:
        yield service


def call(ws: Workspace, method: str, path: str, json: Any = None) -> httpx.Response:
    return ws.service.client.request(method, path, json=json, headers=ws.headers)


def runs(ws: Workspace, monitor_id: str, query: str = "") -> list[dict[str, Any]]:
    answer = call(ws, "GET", f"/api/monitors/{monitor_id}/runs{query}")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["runs"])


def run_now(ws: Workspace, monitor_id: str, count: int) -> dict[str, Any]:
    """A run queued now and awaited: the `count`-th run to end."""
    queued = call(ws, "POST", f"/api/monitors/{monitor_id}/run")
    assert queued.status_code == 202, queued.text
    assert (queued.json()["status"], queued.json()["id"][:4]) == ("QUEUED", "run_")
    newest = ws.monitor_runs(monitor_id, ended=count)[0]
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

    [first] = ws.monitor_runs(monitor, ended=1)  # the workspace's first monitor: the scheduler runs it at once
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

    kept = service.data_dir / "monitors" / monitor  # each run's result and text, each change's diff picture
    assert {p.name for p in kept.iterdir()} == {f"{r}.{suffix}" for r in newest_first for suffix in ("png", "txt")} | {
        f"{coloured['id']}-diff.png", f"{edited['id']}-diff.png"}
    assert call(ws, "DELETE", f"/api/monitors/{monitor}").status_code == 204
    assert not kept.exists()  # a deleted monitor's files go with it
    gone = service.client.get(coloured["resultUrl"].removeprefix(str(service.client.base_url)))
    assert gone.status_code == 404, gone.text


def test_out_of_quota_runs_are_skipped_and_cost_nothing(service: Service, site: FixtureServer) -> None:
    ws = service.workspace("business", quota=1)
    monitor = call(ws, "POST", "/api/monitors", {"capture": {"url": f"{site.base}/simple?skip=1"},
                                                 "every": "1h"}).json()["id"]
    [first] = ws.monitor_runs(monitor, ended=1)
    assert first["status"] == "SUCCEEDED", first
    skipped = run_now(ws, monitor, 2)
    assert (skipped["status"], skipped["error"]["code"]) == ("SKIPPED", "quota_exceeded"), skipped
    assert "changed" not in skipped
    assert "resultUrl" not in skipped
    assert call(ws, "GET", "/api/usage").json()["quota"]["used"] == 1
    assert call(ws, "GET", f"/api/monitors/{monitor}").json()["lastRun"] == skipped  # why nothing is captured
    kinds = [e["type"] for e in service.events(f"type LIKE 'monitor.run_%' AND workspace_id = '{ws.id}'")]
    assert kinds == ["monitor.run_queued", "monitor.run_succeeded", "monitor.run_queued", "monitor.run_skipped"]


def test_runs_due_at_a_kill_run_once_after_the_restart(tmp_path: Path, site: FixtureServer) -> None:
    """kill -9 while one run renders and two wait: after the start each of the three runs once, none is lost, none
    doubled, and no slot is queued again (the event log shows it)."""
    data, gate = tmp_path / "data", site.gate()
    service = start_service(data, site)
    ws = service.workspace("business")
    held = {"url": f"{site.base}/after-dom?gate={gate.name}"}  # its load waits at the gate
    monitors = [call(ws, "POST", "/api/monitors", {"capture": held, "every": "1h"}).json()["id"] for _ in range(3)]
    # the first runs at once (the others' first runs are later in the hour) and holds the one runner at the gate
    site.wait_for_request(f"/gate?name={gate.name}", 0, RUN_S)
    queued = [call(ws, "POST", f"/api/monitors/{monitors[1]}/run").json()]
    with ThreadPoolExecutor(2) as asking:  # asked twice at once: one run, both answers name it
        twice = list(asking.map(lambda _: call(ws, "POST", f"/api/monitors/{monitors[2]}/run").json(), range(2)))
    assert twice[0]["id"] == twice[1]["id"], twice
    queued.append(twice[0])
    assert [run["status"] for run in queued] == ["QUEUED", "QUEUED"]
    again = call(ws, "POST", f"/api/monitors/{monitors[1]}/run")  # asked again while its run waits: that run
    assert (again.status_code, again.json()["id"]) == (202, queued[0]["id"])
    kill_hard(service)
    before = _run_events(data, ws.id)
    assert sorted(kind for kind, _, _ in before) == ["monitor.run_queued"] * 3  # none ended

    gate.open()
    with running_service(data, site) as second:
        ws = Workspace(ws.id, ws.key, ws.key_id, second)
        for monitor in monitors:
            [run] = ws.monitor_runs(monitor, ended=1)
            assert run["status"] == "SUCCEEDED", run
    after = _run_events(data, ws.id)
    queued = [run for kind, _, run in after if kind == "monitor.run_queued"]
    assert sorted(queued) == sorted(run for _, _, run in before)  # no slot queued again
    assert sorted(run for kind, _, run in after if kind == "monitor.run_succeeded") == sorted(queued)  # each once
    assert len([kind for kind, _, _ in after if kind.startswith("monitor.run_")]) == 6


def _run_events(data: Path, workspace_id: str) -> list[tuple[str, str, str]]:
    """(type, monitor, run) of a workspace's run events, read from the stopped service's file."""
    with duckdb.connect(str(data / "capture.duckdb"), read_only=True) as db:
        rows = db.execute("SELECT type, data FROM events WHERE type LIKE 'monitor.run_%' AND workspace_id = ? "
                          "ORDER BY seq", [workspace_id]).fetchall()
    return [(kind, orjson.loads(raw)["monitor"], orjson.loads(raw)["run"]) for kind, raw in rows]


def test_the_schedule_never_bursts() -> None:
    """A run late by many intervals is followed by the next slot of its phase: one catch-up, never one per slot."""
    due = dt.datetime(2026, 1, 1, 12, 0, 7, tzinfo=dt.UTC)
    assert next_slot(due, 60, due) == due + dt.timedelta(seconds=60)  # on time
    assert next_slot(due, 60, due + dt.timedelta(seconds=0.5)) == due + dt.timedelta(seconds=60)
    late = due + dt.timedelta(hours=5, seconds=30)  # five hours down
    assert next_slot(due, 60, late) == due + dt.timedelta(hours=5, seconds=60)  # the phase kept, once
    assert next_slot(due, 3600, due - dt.timedelta(seconds=5)) == due + dt.timedelta(hours=1)  # asked early


def test_only_the_last_runs_keep_their_files() -> None:
    """KEPT runs keep their result and diff; older ones lose them (their URLs go), the history stays."""
    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    monitor = Monitor("mon_a", "ws_a", None, {}, "1m", 60, {}, None, start, start)
    for i in range(KEPT + 5):
        run_id = f"run_{i}"
        monitor.apply("monitor.run_queued", start, {"monitor": "mon_a", "run": run_id})
        monitor.apply("monitor.run_succeeded", start, {"monitor": "mon_a", "run": run_id, "changed": True,
                                                        "extension": "png", "diff": True, "regions": []})
    kept = [run.id for run in monitor.runs if run.extension]
    assert kept == [f"run_{i}" for i in range(5, KEPT + 5)]
    assert not any(run.diff for run in monitor.runs[:5])
    assert monitor.kept_files() == {f"run_{i}{suffix}" for i in range(5, KEPT + 5)
                                    for suffix in (".png", ".txt", "-diff.png")}
    assert len(monitor.runs) == KEPT + 5
    assert monitor.previous_success(monitor.runs[-1]) is monitor.runs[-2]


def test_a_change_and_the_third_failure_in_a_row_are_signed_webhook_events(
        fast: Service, site: FixtureServer, receiver: Receiver) -> None:
    """monitor.changed to the monitor's webhookUrl and the workspace's endpoints, signed as job events are;
    monitor.failed once, at the third failed run in a row (not at the second, not again at the fourth)."""
    service = fast  # its minute lasts a second
    ws = service.workspace("business")
    endpoint = call(ws, "POST", "/api/webhooks", {"url": f"http://127.0.0.1:{receiver.port}/endpoint"})
    assert endpoint.status_code == 201, endpoint.text
    name = f"hooked-{ws.id}"
    monitor = call(ws, "POST", "/api/monitors", {
        "name": "prices", "capture": {"url": f"{site.base}/changing?name={name}"}, "every": "1h",
        "webhookUrl": f"http://127.0.0.1:{receiver.port}/own"}).json()["id"]
    ws.monitor_runs(monitor, ended=1)
    assert run_now(ws, monitor, 2)["changed"] is False
    receiver.answers["/own"] = [503]  # its first try fails: the retry signs the URLs anew
    change(site, name, block="#10a040")
    changed = run_now(ws, monitor, 3)
    failed_try, own = receiver.wait_for("/own", 2)
    [told] = receiver.wait_for("/endpoint", 1)
    body = verified(told, endpoint.json()["secret"])
    assert own.headers["webhook-id"] == failed_try.headers["webhook-id"]  # one message, tried twice
    first, retried = (orjson.loads(c.body)["data"]["run"] for c in (failed_try, own))
    assert first["diffUrl"] != retried["diffUrl"]  # signed again, a later expiry
    assert {k: v for k, v in first.items() if not k.endswith("Url")} == {
        k: v for k, v in retried.items() if not k.endswith("Url")}
    assert (body["type"], body["data"]) == ("monitor.changed", {
        "id": monitor, "name": "prices", "run": {**changed, "resultUrl": ANY, "diffUrl": ANY}})
    diff = httpx.get(str(body["data"]["run"]["diffUrl"]), timeout=30)  # type: ignore[index]
    assert (diff.status_code, diff.content[:4]) == (200, b"\x89PNG")

    failing = call(ws, "POST", "/api/monitors", {"capture": {
        "url": f"{site.base}/status?code=503", "failOnStatus": ["500-599"]}, "every": "1h"}).json()["id"]
    for count in (1, 2, 3, 4):  # the workspace's second monitor: its first scheduled run is later
        assert run_now(ws, failing, count)["error"]["code"] == "target_status_rejected"
    ws.monitor_runs(monitor, ended=3)
    calls = receiver.wait_for("/endpoint", 2)
    failed = [verified(c, endpoint.json()["secret"]) for c in calls[1:]]
    assert [(b["type"], b["data"]["id"]) for b in failed] == [("monitor.failed", failing)]  # type: ignore[index]
    assert failed[0]["data"]["run"]["id"] == runs(ws, failing)[1]["id"]  # type: ignore[index]  the third
    assert len(receiver.to("/own")) == 2  # the change's two tries; no monitor.failed (not its monitor)


def test_a_monitor_every_minute_runs_on_its_own_and_says_when_a_block_changed(
        fast: Service, site: FixtureServer) -> None:
    """On a monitor clock where a minute lasts a second (monitor_clock_scale 60), a monitor every 1m runs on its
    own, one run a minute: changed false while nothing changes, then true with the block's box once it changes
    colour, then false again; its runs queued a minute apart, never in a burst."""
    service = fast  # its minute lasts a second
    ws = service.workspace("business")
    name = f"clock-{ws.id}"
    monitor = call(ws, "POST", "/api/monitors", {
        "capture": {"url": f"{site.base}/changing?name={name}"}, "every": "1m"}).json()["id"]
    quiet = ws.monitor_runs(monitor, ended=3)  # no POST …/run: the schedule alone
    assert all(run["changed"] is False for run in quiet if run["status"] == "SUCCEEDED"), quiet
    change(site, name, block="#f0c000")
    known = len(runs(ws, monitor, "?limit=100"))  # the change is seen by one of these or the next
    seen = ws.monitor_runs(monitor, ended=known + 2)[::-1]  # oldest first: the change, and a run after it
    flips = [i for i, run in enumerate(seen) if run.get("changed")]
    [flip] = flips  # one run saw the change; the next ones compare with it
    [box] = seen[flip]["regions"]
    assert all(abs(box[k] - v) <= 4 for k, v in {"x": 100, "y": 200, "width": 200, "height": 150}.items()), box
    assert all(run["changed"] is False for run in seen[:flip] + seen[flip + 1:] if run["status"] == "SUCCEEDED")
    queued = [dt.datetime.fromisoformat(str(e["ts"])) for e in service.events(
        f"type = 'monitor.run_queued' AND workspace_id = '{ws.id}'")]
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(queued)]
    assert min(gaps) >= 0.5, gaps  # never a burst (0 s apart): one slot a minute, looked for every quarter
    span = (queued[-1] - queued[0]).total_seconds()
    assert len(gaps) <= span + 0.5, gaps  # at most one run a (one-second) minute; fewer while a run waits


def test_a_run_that_breaks_ends_failed_and_the_monitor_runs_again(service: Service, site: FixtureServer) -> None:
    """A fault of the service's own in a run (here its files' place is taken) ends that run FAILED, costs no
    quota, and the monitor is not left waiting on it: its next run succeeds."""
    ws = service.workspace("business")
    call(ws, "POST", "/api/monitors", {"capture": {"url": f"{site.base}/simple?first=1"}, "every": "1h"})
    monitor = call(ws, "POST", "/api/monitors", {"capture": {"url": f"{site.base}/simple?broken=1"},
                                                 "every": "1h"}).json()["id"]  # the second: not run at once
    blocker = service.data_dir / "monitors" / monitor
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a directory")
    broken = run_now(ws, monitor, 1)
    assert (broken["status"], broken["error"]["code"]) == ("FAILED", "render_failed"), broken
    assert "unexpectedly" in broken["error"]["message"]
    blocker.unlink()
    assert run_now(ws, monitor, 2)["status"] == "SUCCEEDED"
    failed = service.events(f"type = 'capture.failed' AND capture_id = '{broken['id']}'")
    assert [e["code"] for e in failed] == ["render_failed"]  # in analytics, once


def test_a_markdown_monitor_compares_only_its_text(service: Service, site: FixtureServer) -> None:
    """html and markdown monitors compare the text alone: no pixels, no regions, no diff picture."""
    ws = service.workspace("business")
    name = f"text-{ws.id}"
    monitor = call(ws, "POST", "/api/monitors", {
        "capture": {"url": f"{site.base}/changing?name={name}", "format": "markdown"}, "every": "1h"}).json()["id"]
    [first] = ws.monitor_runs(monitor, ended=1)
    assert (first["status"], first["changed"]) == ("SUCCEEDED", False), first
    result = service.client.get(first["resultUrl"].removeprefix(str(service.client.base_url)))
    assert result.headers["content-type"].startswith("text/markdown"), result.headers
    assert "The first paragraph says one thing." in result.text
    change(site, name, block="#000000")  # pixels only: the text is the same
    assert run_now(ws, monitor, 2)["changed"] is False
    change(site, name, para="A second paragraph now.")
    edited = run_now(ws, monitor, 3)
    assert (edited["changed"], edited["text"]["added"], edited["text"]["removed"]) == (True, 1, 1), edited
    assert {"pixelsChanged", "regions", "diffUrl"}.isdisjoint(edited), edited


def test_a_run_the_history_no_longer_holds_is_forgotten_by_its_id_too() -> None:
    """The run-id index behind signed URLs keeps only the runs the monitors remember (HISTORY each): a monitor
    every minute must not grow it by 1,440 ids a day."""
    secrets = JobSecrets(Keyring({"k1": bytes(32)}, "k1"), ResultSigner(b"s" * 32), b"f" * 32)
    monitors = Monitors(cast(Any, None), secrets, cast(Any, None))
    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    monitors.apply("monitor.created", "ws_a", start, {"monitor": "mon_a", "sealedCapture": "", "every": "1m",
                                                      "everyS": 60, "compare": {}, "firstRunAt": start.isoformat()})
    for i in range(HISTORY + 7):
        monitors.apply("monitor.run_queued", "ws_a", start, {"monitor": "mon_a", "run": f"run_{i}"})
        monitors.apply("monitor.run_failed", "ws_a", start, {"monitor": "mon_a", "run": f"run_{i}",
                                                             "error": {"code": "render_failed", "message": "x"}})
    assert monitors.find_run("run_6") is None
    assert monitors.find_run("run_7") is not None
    assert len(monitors._runs) == HISTORY
    monitors.apply("monitor.deleted", "ws_a", start, {"monitor": "mon_a"})
    assert monitors._runs == {}
