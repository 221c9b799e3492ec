"""The event log at scale (issue 39): a year of a busy deployment written straight into a DuckDB file, then
the service started on it and timed.

    .venv/bin/python -m benchmarks.eventlog [--events 10000000] [--jobs 1000000] [--keep DIR | --reuse DIR]

The generator (`generate`) writes in DuckDB's own SQL, no row through Python: 1,000 workspaces whose share
of the traffic falls as a Zipf law (s = 1.1: the largest about 18 %), 12 months of events, durable jobs with
the event shapes the service writes (job.created with a sealed payload, job.started, job.succeeded or
job.failed, capture.succeeded or capture.failed, job.expired after a day, webhook.scheduled, attempted
and delivered for one job in five), the rest synchronous captures (85 % succeeded; failures spread over
validation, render and delivery), and `--queued` jobs still QUEUED, sealed for real with the data
directory's payload key and pointing at a loopback port the service may not reach (refused without a
connection). Then: the file's bytes per capture, the service's ready time on it (`run.py serve`, pool 1)
and what the start spent it on (its log), `GET /api/usage` and `GET /api/analytics` (30 days) p50 for the
largest and a small workspace, and the export of the last full month (rows/s, counts read back).
Nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import duckdb
import httpx
import orjson
import trio

from benchmarks.service import RunningService, start
from benchmarks.site import Site, run_served
from engine.records.schema import DDL
from engine.records.sealing import Keyring
from engine.records.users import hash_password

WORKSPACES = 1000
ZIPF_S = 1.1
EVENTS_PER_JOB = 5.5  # created, started, finished, capture.*, expired (succeeded), webhook ×3 for one in five
ANALYST, PASSWORD = "analyst@example.com", "correct horse battery staple"  # owner of the 1st and 500th
REFUSED_URL = "http://127.0.0.1:9/"  # loopback, not in the service's egress allowlist: refused, nothing sent


def generate(path: Path, secrets: Path, events: int, jobs: int, queued: int, now: dt.datetime) -> dict[str, Any]:
    """Write the log into a new DuckDB file at `path`; the payload key goes to `secrets`/payload-keys."""
    began = time.monotonic()
    captures = max(events - round(jobs * EVENTS_PER_JOB), 0)
    with duckdb.connect(str(path)) as conn:
        conn.execute(DDL)
        conn.execute("SET preserve_insertion_order = true")
        conn.execute(_WORKSPACES, [WORKSPACES, ZIPF_S])
        conn.execute("INSERT INTO workspaces SELECT id, 'ws ' || rank, 'bench', NULL, ?, 'team' FROM ws",
                     [now - dt.timedelta(days=400)])
        conn.execute(_JOBS, [jobs - queued, now])
        conn.execute(_CAPTURES, [captures, now])
        conn.execute(_EVENTS)
        conn.execute(_EXPIRED, [now])
        conn.execute("INSERT INTO events SELECT row_number() OVER (ORDER BY ts, k) AS seq, * EXCLUDE (k) "
                     "FROM staged ORDER BY ts, k")
        _queue(conn, Keyring.load(secrets / "payload-keys"), queued, now)
        conn.execute("INSERT INTO users VALUES ('usr_analyst', ?, ?, ?)", [ANALYST, hash_password(PASSWORD), now])
        conn.execute("INSERT INTO memberships SELECT id, 'usr_analyst', 'owner', ? FROM ws WHERE rank IN (1, 500)",
                     [now])
        # the keys that made the events (their hashes match no key: the timed calls use keys of their own)
        conn.execute("INSERT INTO api_keys SELECT key_id, id, 'generated', 'cap_gen', md5(key_id), ?, NULL, 0 "
                     "FROM ws", [now - dt.timedelta(days=400)])
        conn.execute("DROP TABLE staged; DROP TABLE jobs_g; DROP TABLE caps_g; CHECKPOINT")
        written = conn.execute("SELECT count(*), count(*) FILTER (WHERE type LIKE 'capture.%') FROM events").fetchone()
    assert written is not None
    return {"events": written[0], "captures": written[1], "seconds": time.monotonic() - began,
            "bytes": path.stat().st_size}


# Workspaces ranked 1..N, each with its cumulative share of a Zipf law, for an ASOF join on a uniform draw.
_WORKSPACES = """
CREATE TEMP TABLE ws AS
WITH w AS (SELECT range + 1 AS rank, 1 / pow(range + 1, $2) AS weight FROM range($1))
SELECT rank, printf('ws_%020d', rank) AS id, printf('key_%020d', rank) AS key_id,
       coalesce(sum(weight) OVER (ORDER BY rank ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
         / sum(weight) OVER () AS lo
FROM w
"""

_JOBS = """
CREATE TEMP TABLE jobs_g AS
SELECT printf('job_%020d', d.range) AS id, ws.id AS workspace_id, ws.key_id,
       $2::TIMESTAMP - to_microseconds((random() * 365 * 86400e6)::BIGINT) AS ts,
       random() < 0.9 AS ok, random() < 0.2 AS hooked, (random() * 3)::INT AS fmt
FROM (SELECT range, random() AS u FROM range($1)) d ASOF JOIN ws ON d.u >= ws.lo
"""

_CAPTURES = """
CREATE TEMP TABLE caps_g AS
SELECT printf('cap_%020d', d.range) AS id, ws.id AS workspace_id, ws.key_id,
       $2::TIMESTAMP - to_microseconds((random() * 365 * 86400e6)::BIGINT) AS ts,
       random() AS outcome, (random() * 3)::INT AS fmt
FROM (SELECT range, random() AS u FROM range($1)) d ASOF JOIN ws ON d.u >= ws.lo
"""

_FORMAT = "['png', 'jpeg', 'pdf', 'png'][fmt + 1]"
_SEALED = "to_base64(unhex(md5(id) || md5(id || 'a') || md5(id || 'b') || md5(id || 'c') || md5(id || 'd')))"
_EVENTS = f"""
CREATE TEMP TABLE staged AS
SELECT ts, 0 AS k, 'job.created' AS type, workspace_id, key_id, id AS capture_id, 'req_' || id AS request_id,
       NULL AS outcome, NULL AS stage, NULL AS code, {_FORMAT} AS format, NULL::INT AS duration_ms,
       NULL::BIGINT AS bytes, NULL::INT AS target_status,
       json_object('keyId', 'k1', 'sealed', {_SEALED}, 'url', 'https://site-' || (hash(id) % 5000) || '.example/',
                   'index', 0, 'retainS', 86400) AS data
FROM jobs_g
UNION ALL
SELECT ts + INTERVAL 1 SECOND, 1, 'job.started', workspace_id, key_id, id, NULL, NULL, NULL, NULL, {_FORMAT},
       NULL, NULL, NULL, '{{"attempt":1,"slot":0}}' FROM jobs_g
UNION ALL
SELECT ts + INTERVAL 4 SECOND, 2, CASE WHEN ok THEN 'job.succeeded' ELSE 'job.failed' END, workspace_id, key_id,
       id, NULL, NULL, NULL, NULL, {_FORMAT}, NULL, CASE WHEN ok THEN 180000 END, CASE WHEN ok THEN 200 END,
       CASE WHEN ok THEN json_object('contentType', 'image/png', 'bytes', 180000, 'targetStatus', 200,
                                     'retainedUntil', strftime(ts + INTERVAL 1 DAY, '%Y-%m-%dT%H:%M:%S.%f'),
                                     'warnings', [])
            ELSE '{{"code":"render_timeout","message":"the page did not finish loading in time"}}' END
FROM jobs_g
UNION ALL
SELECT ts + INTERVAL 4 SECOND, 3, CASE WHEN ok THEN 'capture.succeeded' ELSE 'capture.failed' END, workspace_id,
       key_id, id, NULL, CASE WHEN ok THEN 'succeeded' ELSE 'render_failed' END, CASE WHEN NOT ok THEN 'render' END,
       CASE WHEN NOT ok THEN 'render_timeout' END, {_FORMAT}, 3500, CASE WHEN ok THEN 180000 END,
       CASE WHEN ok THEN 200 END, '{{"host":"site.example","source":"url","job":true}}' FROM jobs_g
UNION ALL
SELECT ts + INTERVAL 5 SECOND, 4, 'webhook.scheduled', workspace_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, json_object('message', 'msg_' || id, 'event', 'job.succeeded', 'job', id,
                               'payload', json_object('id', id, 'status', 'SUCCEEDED'))
FROM jobs_g WHERE hooked
UNION ALL
SELECT ts + INTERVAL 6 SECOND, 5, 'webhook.attempted', workspace_id, NULL, NULL, NULL, 'delivered', NULL, NULL, NULL,
       40, NULL, NULL, json_object('message', 'msg_' || id, 'event', 'job.succeeded', 'attempt', 1, 'status', 200)
FROM jobs_g WHERE hooked
UNION ALL
SELECT ts + INTERVAL 6 SECOND, 7, 'webhook.delivered', workspace_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, json_object('message', 'msg_' || id) FROM jobs_g WHERE hooked
UNION ALL
SELECT ts, 0, CASE WHEN outcome < 0.85 THEN 'capture.succeeded' ELSE 'capture.failed' END, workspace_id, key_id, id,
       'req_' || id, CASE WHEN outcome < 0.85 THEN 'succeeded' WHEN outcome < 0.93 THEN 'validation_failed'
                          WHEN outcome < 0.99 THEN 'render_failed' ELSE 'delivery_failed' END,
       CASE WHEN outcome < 0.85 THEN NULL WHEN outcome < 0.93 THEN 'validation' WHEN outcome < 0.99 THEN 'render'
            ELSE 'delivery' END,
       CASE WHEN outcome < 0.85 THEN NULL WHEN outcome < 0.93 THEN 'destination_forbidden'
            WHEN outcome < 0.99 THEN 'render_timeout' ELSE 'result_too_large' END,
       {_FORMAT}, CASE WHEN outcome < 0.93 AND outcome >= 0.85 THEN 0 ELSE 900 + (outcome * 2000)::INT END,
       CASE WHEN outcome < 0.85 THEN 120000 END, CASE WHEN outcome < 0.85 THEN 200 END,
       '{{"host":"site.example","source":"url"}}'
FROM caps_g
"""

_EXPIRED = """
INSERT INTO staged
SELECT ts + INTERVAL 1 DAY, 6, 'job.expired', workspace_id, key_id, id, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, '{}' FROM jobs_g WHERE ok AND ts + INTERVAL 1 DAY < $1
"""


def _queue(conn: duckdb.DuckDBPyConnection, keyring: Keyring, queued: int, now: dt.datetime) -> None:
    """Jobs still QUEUED (accepted in the last minutes), their payloads sealed to them as the service does."""
    [last] = conn.execute("SELECT max(seq) FROM events").fetchone() or (0,)
    rows = []
    for n in range(queued):
        job_id, workspace_id = f"job_q{n:019d}", f"ws_{(n % WORKSPACES) + 1:020d}"
        payload = orjson.dumps({"url": REFUSED_URL})
        data = {"keyId": keyring.current, "url": REFUSED_URL, "index": 0, "retainS": 86400,
                "sealed": base64.b64encode(keyring.seal(payload, job_id, workspace_id)).decode()}
        rows.append((last + 1 + n, now - dt.timedelta(seconds=queued - n), "job.created", workspace_id,
                     f"key_{(n % WORKSPACES) + 1:020d}", job_id, f"req_{job_id}", None, None, None, "png", None, None,
                     None, orjson.dumps(data).decode()))
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def percentile_ms(samples: list[float], q: int) -> float:
    return statistics.quantiles(samples, n=100)[q - 1] * 1000 if len(samples) > 1 else samples[0] * 1000


async def measure(service: RunningService, reads: int) -> dict[str, Any]:
    """usage and analytics (30 days) p50/p95 for the largest and a small workspace, through their own keys."""
    found: dict[str, Any] = {}
    for rank in (1, 500):
        [key] = [service.cli("key", "create", "--workspace", f"ws_{rank:020d}")["key"]]
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": str(key)}, timeout=60) as client:
            for name, path in (("usage", "/api/usage"), ("analytics", "/api/analytics")):
                times = []
                for _ in range(reads):
                    began = time.perf_counter()
                    answer = await client.get(path)
                    times.append(time.perf_counter() - began)
                    assert answer.status_code == 200, answer.text
                found[f"{name} ws{rank}"] = (percentile_ms(times, 50), percentile_ms(times, 95))
    found.update(await _overview(service, reads))
    return found


async def appends(service: RunningService, seconds: float) -> tuple[float, float]:
    """Events appended per second by refused captures (each one capture.failed, no browser) over 8
    connections, alone and while the largest workspace's analytics are asked for in a loop."""
    key = service.cli("key", "create", "--workspace", f"ws_{1:020d}")["key"]
    rates = []
    for busy in (False, True):
        async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": str(key)}, timeout=60) as client:
            done = 0

            async def refused() -> None:
                nonlocal done
                while True:
                    answer = await client.post("/api/screenshot", json={"url": REFUSED_URL})
                    assert answer.status_code == 422, answer.text
                    done += 1

            async def analytics() -> None:
                while True:
                    assert (await client.get("/api/analytics")).status_code == 200

            with trio.move_on_after(seconds):  # bounded: the loops stop with it
                async with trio.open_nursery() as nursery:
                    for _ in range(8):
                        nursery.start_soon(refused)
                    if busy:
                        nursery.start_soon(analytics)
            rates.append(done / seconds)
    return rates[0], rates[1]


async def _overview(service: RunningService, reads: int) -> dict[str, Any]:
    """The dashboard's overview page of the largest and the 500th workspace, signed in as their owner."""
    found: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=service.url, timeout=60) as browser:
        form = await browser.get("/login")
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
        answer = await browser.post("/login", data={"email": ANALYST, "password": PASSWORD,
                                                    "csrf_token": csrf[1] if csrf else ""})
        assert answer.status_code == 303, answer.text
        for rank in (1, 500):
            times = []
            for _ in range(max(reads // 5, 2)):
                began = time.perf_counter()
                page = await browser.get(f"/dashboard/w/ws_{rank:020d}")
                times.append(time.perf_counter() - began)
                assert page.status_code == 200, page.text[:300]
            found[f"overview ws{rank}"] = (percentile_ms(times, 50), percentile_ms(times, 95))
    return found


def export_month(service: RunningService, out: Path) -> None:
    """`run.py export` of the last full month: rows/s, and the files' count against the live log's."""
    first = (dt.date.today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    month = first.strftime("%Y-%m")
    answer = service.cli("export", "--from", month, "--to", month, "--out", str(out))
    live = service.cli("sql", f"SELECT count(*) AS n FROM events WHERE strftime(ts, '%Y-%m') = '{month}'")
    with duckdb.connect() as conn:
        found = conn.execute(f"SELECT count(*) FROM read_parquet('{out}/**/*.parquet')").fetchone()
    print(f"  export of {month}: {answer['rows']:,} rows in {answer['tookMs']} ms "
          f"({answer['rowsPerSecond']:,} rows/s), {answer['files']} file(s); read back {found[0] if found else 0:,}, "
          f"live {live['n']:,}", flush=True)


async def main(args: argparse.Namespace, site: Site) -> None:
    work = Path(tempfile.mkdtemp(prefix="capture-eventlog-"))
    data = work / "data"
    if args.reuse:  # a log generated before (--keep): a copy, since the service appends to it
        await trio.to_thread.run_sync(lambda: shutil.copytree(args.reuse, data))
        print(f"a copy of {args.reuse}", flush=True)
    else:
        (data / "secrets").mkdir(parents=True, exist_ok=True)
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        made = await trio.to_thread.run_sync(generate, data / "capture.duckdb", data / "secrets", args.events,
                                             args.jobs, args.queued, now)
        print(f"generated {made['events']:,} events ({made['captures']:,} captures) in {made['seconds']:.1f} s: "
              f"{made['bytes'] / 2**20:,.0f} MiB, {made['bytes'] / made['captures']:.0f} bytes per capture",
              flush=True)
        if args.keep:
            await trio.to_thread.run_sync(lambda: shutil.copytree(data, args.keep))
    try:
        service = await trio.to_thread.run_sync(
            lambda: start(site.server_address[1], 1, extra_env={"CAPTURE_DATA_DIR": str(data),
                                                                "CAPTURE_LOG_LEVEL": "info"}))
        try:
            print(f"ready after {service.ready_s:.2f} s with the file", flush=True)
            for line in (Path(service.workdir.name) / "service.log").read_text().splitlines():  # the start
                entry = orjson.loads(line) if line.startswith("{") else {"message": line}
                print("  log:", entry.get("time", "")[11:23], entry["message"][:100])
                if "ready on" in entry["message"]:
                    break
            for name, (p50, p95) in (await measure(service, args.reads)).items():
                print(f"  {name:<16} p50 {p50:8.1f} ms   p95 {p95:8.1f} ms", flush=True)
            alone, beside = await appends(service, args.seconds)
            print(f"  appends/s (refused captures) {alone:7.0f} alone, {beside:7.0f} beside analytics "
                  f"({beside / alone:.2f}x)", flush=True)
            await trio.to_thread.run_sync(export_month, service, work / "export")
        finally:
            await trio.to_thread.run_sync(service.stop)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.eventlog", description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000_000, help="events in the log (default 10,000,000)")
    parser.add_argument("--jobs", type=int, default=1_000_000, help="durable jobs among them (default 1,000,000)")
    parser.add_argument("--queued", type=int, default=10_000, help="of which still queued (default 10,000)")
    parser.add_argument("--reads", type=int, default=50, help="requests per timed route and workspace (default 50)")
    parser.add_argument("--seconds", type=float, default=10, help="each appends series (default 10)")
    parser.add_argument("--keep", help="also keep the generated data directory here, for --reuse")
    parser.add_argument("--reuse", help="start on a copy of this generated data directory instead of generating")
    return parser.parse_args()


if __name__ == "__main__":
    run_served(main, parse())
