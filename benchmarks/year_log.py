"""A year of a busy deployment written straight into a DuckDB file in DuckDB's own SQL, no row through
Python (benchmarks/eventlog.py starts the service on it): 1,000 workspaces with a Zipf share of the
traffic, durable jobs with the event shapes the service writes, synchronous captures, queued jobs sealed
for real, and a user owning the largest and the 500th workspace for the dashboard."""

from __future__ import annotations

import base64
import datetime as dt
import time
from pathlib import Path
from typing import Any

import duckdb
import orjson

from engine.records import daily_counts
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
        conn.execute("INSERT INTO api_keys SELECT key_id, id, 'generated', 'cap_gen', md5(key_id), ?, NULL, 0, NULL "
                     "FROM ws", [now - dt.timedelta(days=400)])
        conn.execute("DROP TABLE staged; DROP TABLE jobs_g; DROP TABLE caps_g")
        counting = time.monotonic()
        daily_counts.catch_up(conn)  # analytics' daily counts, as the service keeps them
        counted_s = time.monotonic() - counting
        conn.execute("CHECKPOINT")
        written = conn.execute("SELECT count(*), count(*) FILTER (WHERE type LIKE 'capture.%') FROM events").fetchone()
    assert written is not None
    return {"events": written[0], "captures": written[1], "seconds": time.monotonic() - began, "countedS": counted_s,
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
