"""`run.py archive` (issue 39): months older than a setting go to Parquet and out of the live file, and the
service rebuilds from the new file exactly what it rebuilt from the old one; the archive and the live file
hold every event of the old one exactly once."""

from __future__ import annotations

import datetime as dt
import os
import socket
from pathlib import Path
from typing import Any

import duckdb
import httpx
import orjson

from actors.accounts import MONTH_USAGE
from actors.capture import SHELF_HITS, SHELF_REPLAY
from actors.monitors import REPLAY as MONITOR_REPLAY
from actors.monitors import RUN_HISTORY
from actors.webhooks import ENDPOINT_REPLAY
from benchmarks.year_log import generate
from engine.records.jobs import REPLAYED_JOB_EVENTS
from engine.records.schema import EVENT_COLUMNS
from engine.records.users import list_keys
from engine.records.webhooks import PENDING_MESSAGE_EVENTS, Endpoint
from engine.rules.period import month_start, utcnow
from engine.rules.request import MAX_TTL_S
from tests.conftest import Workspace, run_cli, running_service
from tests.fixture_site import FixtureServer
from tests.webhook_receiver import Receiver, verified

OLD = 100  # days: before the cutoff of --keep-months 2 (the first of the month two months ago)
JOB_HISTORY = dt.timedelta(days=30)  # the job_history_s default


def test_an_archived_log_rebuilds_what_the_whole_log_did_and_loses_no_event(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "secrets").mkdir(parents=True)
    database = data / "capture.duckdb"
    now = utcnow()
    generate(database, data / "secrets", 30_000, 3_000, 10, now)  # a year of 1,000 workspaces' jobs and captures
    with duckdb.connect(str(database)) as conn:
        _old_stories(conn, now)
        before = _what_a_start_reads(conn, now)
        original = conn.execute("SELECT count(*) FROM events").fetchone()
    # The old stories the start reads (which the archive must keep), beside those it no longer does.
    assert {row[4] for row in before["jobs"]} >= {"succeeded_old_kept", "queued_old", "expired_late"}
    assert {"expired_old", "failed_old"}.isdisjoint(row[4] for row in before["jobs"])
    assert {orjson.loads(row[3])["message"] for row in before["messages"]} == {"pending"}
    assert before["endpoints"]["whe_failing"][1] is not None
    assert before["endpoints"]["whe_recovered"][1] is None
    assert list(before["shelf"]) == ["cap_live"]
    assert [row[1] for row in before["monitors"]] == ["monitor.created", "monitor.updated"]  # however old; not
    # its runs of long ago (a start reads a week of runs)
    [old_only] = before["keys"]["ws_00000000000000000001"][-1:]
    assert old_only["id"] == "key_old_only"
    assert old_only["last_used"] < now - dt.timedelta(days=OLD - 1)
    env = {**os.environ, "CAPTURE_DATA_DIR": str(data)}

    refused = run_cli(env, "archive", "--out", str(tmp_path / "archive"), "--keep-months", "1")
    assert refused.returncode == 1
    assert b"at least 2" in refused.stderr
    with socket.socket(socket.AF_UNIX) as running:  # a service answering on the control socket
        running.bind(str(data / "control.sock"))
        running.listen()
        refused = run_cli(env, "archive", "--out", str(tmp_path / "archive"))
    os.unlink(data / "control.sock")
    assert refused.returncode == 1
    assert b"stop it first" in refused.stderr

    done = run_cli(env, "archive", "--out", str(tmp_path / "archive"), "--keep-months", "2")
    assert done.returncode == 0, done.stderr.decode()
    answer = orjson.loads(done.stdout)
    cutoff = dt.datetime.fromisoformat(answer["before"])
    assert cutoff == _months_before(now, 2)
    assert answer["archivedRows"] > 10_000
    assert answer["bytesAfter"] < answer["bytesBefore"]
    with duckdb.connect(str(database), read_only=True) as conn:
        assert _what_a_start_reads(conn, now) == before
        [kept] = conn.execute("SELECT count(*) FROM events WHERE ts < ?", [cutoff]).fetchone() or (0,)
        assert 0 < kept == answer["keptBeforeRows"] < answer["archivedRows"] / 20
        assert conn.execute("SELECT count(*) FROM events WHERE type LIKE 'monitor.run_%'").fetchone() == (0,)
        # The archive and the live file from the cutoff on: the old file's events, each exactly once.
        conn.execute(f"ATTACH '{answer['oldFile']}' AS old (READ_ONLY)")
        columns = ", ".join(EVENT_COLUMNS)
        conn.execute(f"CREATE TEMP TABLE together AS SELECT {columns} FROM read_parquet("
                     f"'{answer['out']}/**/*.parquet', hive_partitioning = true) "
                     f"UNION ALL SELECT {columns} FROM main.events WHERE ts >= ? AND type <> 'log.archived'", [cutoff])
        for query in (f"SELECT {columns} FROM old.events EXCEPT ALL SELECT * FROM together",
                      f"SELECT * FROM together EXCEPT ALL SELECT {columns} FROM old.events"):
            assert conn.execute(f"SELECT count(*) FROM ({query})").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM old.events").fetchone() == original

    exported = run_cli(env, "export", "--out", str(tmp_path / "export"))  # from the cutoff: the rest is archived
    assert exported.returncode == 0, exported.stderr.decode()
    assert min(orjson.loads(exported.stdout)["months"]) == f"{cutoff:%Y-%m}"
    early = run_cli(env, "export", "--from", f"{now - dt.timedelta(days=OLD):%Y-%m}", "--out", str(tmp_path / "x"))
    assert early.returncode == 1
    assert answer["out"].encode() in early.stderr
    again = run_cli(env, "archive", "--out", str(tmp_path / "archive"), "--keep-months", "2")
    assert again.returncode == 1
    assert b"already archived" in again.stderr


def test_a_service_restarted_on_an_archived_file_keeps_its_jobs_endpoints_and_cache(
        tmp_path: Path, site: FixtureServer) -> None:
    """The same on the service's own events: a retained job, an endpoint with its secret, a cached answer,
    a key. A hundred days later (the test moves the stopped service's events back: its log is its only truth)
    they are all in the archive, and the service started on the new file still has each of them."""
    receiver = Receiver().start()
    data = tmp_path / "data"
    env = {"CAPTURE_EGRESS_ALLOW": f"127.0.0.1:{site.server_address[1]},127.0.0.1:{receiver.port}",
           "CAPTURE_POOL_SIZE": "1"}
    cached = {"url": f"{site.base}/simple?archive=cached", "cache": {"ttlS": 2592000}}
    try:
        with running_service(data, site, **env) as service:
            ws = service.workspace("pro")
            created = service.client.post("/api/webhooks", headers=ws.headers, json={
                "url": f"http://127.0.0.1:{receiver.port}/archived", "events": ["job.succeeded"]})
            assert created.status_code == 201, created.text
            endpoint = created.json()
            job = ws.submit(url=f"{site.base}/simple?archive=job", retain=True).json()["id"]
            result = httpx.get(ws.finished_job(job)["resultUrl"]).content
            assert ws.capture(**cached).headers["x-cache"] == "MISS"
            receiver.wait_for("/archived", 1)
        with duckdb.connect(str(data / "capture.duckdb")) as conn:
            conn.execute("UPDATE events SET ts = ts - INTERVAL 100 DAY")
        done = run_cli(service.env, "archive", "--out", str(tmp_path / "archive"), "--keep-months", "2")
        assert done.returncode == 0, done.stderr.decode()
        answer = orjson.loads(done.stdout)
        with duckdb.connect(str(data / "capture.duckdb"), read_only=True) as conn:
            assert conn.execute("SELECT count(*) FROM events WHERE ts < ? AND type LIKE 'capture.%'",
                                [answer["before"]]).fetchone() == (0,)  # the captures are in the archive only
        with running_service(data, site, **env) as again:
            ws = Workspace(ws.id, ws.key, ws.key_id, again)
            kept = ws.job(job)
            assert kept["status"] == "SUCCEEDED"
            assert httpx.get(kept["resultUrl"]).content == result
            assert [e["id"] for e in ws.get("/api/webhooks").json()["webhooks"]] == [endpoint["id"]]
            assert ws.capture(**cached).headers["x-cache"] == "HIT"
            ws.finished_job(ws.submit(url=f"{site.base}/simple?archive=after").json()["id"])
            calls = receiver.wait_for("/archived", 2)
            assert verified(calls[-1], endpoint["secret"])["type"] == "job.succeeded"  # the same secret signs
    finally:
        receiver.stop()


def _months_before(now: dt.datetime, months: int) -> dt.datetime:
    first = month_start(now)
    for _ in range(months):
        first = month_start(first - dt.timedelta(days=1))
    return first


def _old_stories(conn: duckdb.DuckDBPyConnection, now: dt.datetime) -> None:
    """Events before the cutoff that the service still rebuilds from, each beside one it no longer needs."""
    old, late = now - dt.timedelta(days=OLD), now - dt.timedelta(days=2)
    done = {"contentType": "image/png", "bytes": 1, "retainedUntil": "2030-01-01T00:00:00"}
    failed = {"code": "render_timeout", "message": "late"}
    rows: list[tuple[dt.datetime, str, str | None, dict[str, Any]]] = []
    jobs = {"succeeded_old_kept": [(old, "job.succeeded", done)], "queued_old": [],
            "expired_old": [(old, "job.succeeded", done), (old, "job.expired", {})],
            "failed_old": [(old, "job.failed", failed)], "expired_late": [(old, "job.succeeded", done),
                                                                          (late, "job.expired", {})]}
    for job, story in jobs.items():
        rows.append((old - dt.timedelta(hours=1), "job.created", job, {"sealed": "", "retainS": 60}))
        rows += [(ts, kind, job, data) for ts, kind, data in story]
    messages = {"delivered": [(old, "webhook.delivered")], "pending": [(old, "webhook.failed")],
                "resent_late": [(old, "webhook.abandoned"), (late, "webhook.resent"), (late, "webhook.delivered")]}
    for message, steps in messages.items():
        rows.append((old, "webhook.scheduled", None, {"message": message, "event": "job.succeeded", "payload": {}}))
        rows += [(ts, kind, None, {"message": message, "retryAt": 1.0}) for ts, kind in steps]
    for endpoint, statuses in {"whe_failing": [200, 500, None], "whe_recovered": [500, 200]}.items():
        rows.append((old, "webhook.endpoint_created", None, {"endpoint": endpoint, "sealedUrl": "", "events": []}))
        rows.append((old, "webhook.secret_created", None, {"endpoint": endpoint, "secretId": "s", "sealed": ""}))
        rows += [(old + dt.timedelta(minutes=n), "webhook.attempted", None, {
            "endpoint": endpoint, "message": "delivered", "status": status}) for n, status in enumerate(statuses)]
    for shelved, expires in {"cap_live": now + dt.timedelta(days=1), "cap_expired": old, "cap_gone": late}.items():
        rows.append((old, "result.shelved", shelved, {"expiresAt": expires.replace(tzinfo=dt.UTC).timestamp()}))
    rows.append((late, "result.unshelved", "cap_gone", {}))
    rows += [(old, "monitor.created", None, {"monitor": "mon_old", "sealedCapture": "", "every": "1d", "everyS": 86400,
                                             "compare": {}, "firstRunAt": old.isoformat()}),
             (old, "monitor.updated", None, {"monitor": "mon_old", "paused": True}),
             (old, "monitor.run_queued", None, {"monitor": "mon_old", "run": "run_old"}),  # a run long past:
             (old, "monitor.run_succeeded", None, {"monitor": "mon_old", "run": "run_old", "changed": False})]  # moved
    [last] = conn.execute("SELECT max(seq) FROM events").fetchone() or (0,)
    conn.executemany("INSERT INTO events (seq, ts, type, workspace_id, key_id, capture_id, data) "
                     "VALUES (?, ?, ?, 'ws_00000000000000000001', ?, ?, ?)",  # the key's last use is archived
                     [(last + n, ts, kind, "key_old_only" if ts < late else None, capture, orjson.dumps(data).decode())
                      for n, (ts, kind, capture, data) in enumerate(sorted(rows, key=lambda row: row[0]), 1)])
    conn.execute("INSERT INTO api_keys (id, workspace_id, prefix, hash, created_at) "
                 "VALUES ('key_old_only', 'ws_00000000000000000001', 'cap_old', 'x', ?)", [old])


def _what_a_start_reads(conn: duckdb.DuckDBPyConnection, now: dt.datetime) -> dict[str, Any]:
    """What each projection is rebuilt from, with the service's own queries, as the projections see it."""
    endpoints: dict[str, Endpoint] = {}
    secrets = []
    for ts, kind, _, data in conn.execute(ENDPOINT_REPLAY).fetchall():
        data = orjson.loads(data)
        if kind == "webhook.endpoint_created":
            endpoints[data["endpoint"]] = Endpoint(data["endpoint"], "", "", (), None, ts)
        elif kind == "webhook.secret_created":
            secrets.append((ts, data))
        elif (endpoint := endpoints.get(data.get("endpoint", ""))) is not None:
            endpoint.apply(kind, ts, data)
    shelf: dict[str, float] = {}
    for row in conn.execute(SHELF_REPLAY).fetchall():
        if row[1] == "result.unshelved":
            shelf.pop(row[3], None)
        elif (expires := orjson.loads(row[7])["expiresAt"]) > now.replace(tzinfo=dt.UTC).timestamp():
            shelf[row[3]] = expires
    workspaces = [row[0] for row in conn.execute("SELECT id FROM workspaces ORDER BY id").fetchall()]
    return {
        "jobs": conn.execute(REPLAYED_JOB_EVENTS, [now - JOB_HISTORY]).fetchall(),
        "monitors": conn.execute(MONITOR_REPLAY, [now - RUN_HISTORY]).fetchall(),
        "messages": conn.execute(PENDING_MESSAGE_EVENTS).fetchall(),
        "endpoints": {e.id: (e.enabled, e.failing_since) for e in endpoints.values()}, "secrets": secrets,
        "shelf": shelf, "hits": conn.execute(SHELF_HITS, [now - dt.timedelta(seconds=MAX_TTL_S)]).fetchall(),
        "month": sorted(conn.execute(MONTH_USAGE, [month_start(now)]).fetchall()),
        "keys": {ws: list_keys(conn, ws) for ws in workspaces[:50] + workspaces[-50:]},
    }


def test_a_keys_last_use_is_its_newest_event_however_old() -> None:
    """list_keys reads the last day first and the whole log since a key's creation only for keys not seen in
    it; a key last used before an archive step shows that use; a key never used shows none."""
    from engine.records.schema import DDL

    now = utcnow()
    with duckdb.connect() as conn:
        conn.execute(DDL)
        for key_id, created, archived in (("key_today", now - dt.timedelta(days=90), None),
                                          ("key_month", now - dt.timedelta(days=90), None),
                                          ("key_archived", now - dt.timedelta(days=400), now - dt.timedelta(days=200)),
                                          ("key_never", now - dt.timedelta(days=3), None)):
            conn.execute("INSERT INTO api_keys (id, workspace_id, prefix, hash, created_at, used_before_archive) "
                         "VALUES (?, 'ws_a', 'cap_x', 'h', ?, ?)", [key_id, created, archived])
        uses = [("key_today", 80), ("key_today", 0.5), ("key_month", 40), ("key_month", 35), ("key_never", 0.1)]
        conn.executemany("INSERT INTO events (seq, ts, type, workspace_id, key_id) VALUES (?, ?, 'capture.succeeded', "
                         "?, ?)", [(n, now - dt.timedelta(days=days), "ws_b" if key == "key_never" else "ws_a", key)
                                   for n, (key, days) in enumerate(sorted(uses, key=lambda u: -u[1]), 1)])
        shown = {key["id"]: key["last_used"] for key in list_keys(conn, "ws_a")}
    assert shown == {"key_today": now - dt.timedelta(days=0.5), "key_month": now - dt.timedelta(days=35),
                     "key_archived": now - dt.timedelta(days=200), "key_never": None}  # ws_b's event is not ws_a's
