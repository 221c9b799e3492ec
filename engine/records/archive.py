"""Old months out of the live file (`run.py archive`): their events to Parquet, and a new live file without them.

The event log is append-only, and stays so: nothing deletes from it. The archive step, run while the service
is stopped, writes every event before the cutoff (the first of the month `keep_months` before this one)
under DIR as `export` does, reads the files back and compares each month's count with the log's, then
builds a new database file beside the old one: every table as it is, the events from the cutoff on, and of
the earlier events only the ones the service's own state is still rebuilt from (KEPT_BEFORE). The old
file is kept, renamed, for the operator to remove once satisfied; the new one takes its name.

A `log.archived` event closes the new file: where the archive is and its cutoff; each key's last use in
the archived months goes to api_keys.used_before_archive (the dashboard shows it). `export` starts at the
cutoff: before it, the live file holds only those kept copies, and the archive holds every event.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pyarrow.dataset as ds

from engine.operations.export import EPOCH, PARTITIONING, ExportError, archived_before, export_events
from engine.records.jobs import KEPT_JOBS
from engine.records.schema import DDL
from engine.records.webhooks import SETTLED_MESSAGES

MIN_KEEP_MONTHS = 2  # the service reads the last 30 days live (cached answers, delivery pages) and this month

# The seq of every event before the cutoff ($2) that a start or a page still reads: endpoints and secrets; monitors
# (not their runs: a start reads those of the last week, actors/monitors);
# each job a start replays at the job cutoff ($1), or with an event after the cutoff; each message still
# pending, or with an event after the cutoff; an endpoint's attempts since its last answered one (whether it
# is failing); the shelf's entries not yet expired at $3 (seconds) nor unshelved.
KEPT_BEFORE = f"""
WITH {KEPT_JOBS}, {SETTLED_MESSAGES},
late_jobs AS (SELECT DISTINCT capture_id FROM events WHERE ts >= $2 AND type LIKE 'job.%'),
late_messages AS (
    SELECT DISTINCT json_extract_string(data, '$.message') AS message FROM events
    WHERE ts >= $2 AND type LIKE 'webhook.%' AND json_extract_string(data, '$.message') IS NOT NULL),
early AS (
    SELECT seq, type, capture_id, data, json_extract_string(data, '$.message') AS message,
           json_extract_string(data, '$.endpoint') AS endpoint FROM events WHERE ts < $2),
answered AS (
    SELECT endpoint, max(seq) AS last FROM early
    WHERE type = 'webhook.attempted' AND try_cast(json_extract_string(data, '$.status') AS INTEGER) BETWEEN 200 AND 299
    GROUP BY endpoint),
unshelved AS (SELECT DISTINCT capture_id FROM events WHERE type = 'result.unshelved')
SELECT seq FROM early LEFT JOIN answered USING (endpoint) WHERE
    type IN ('webhook.secret_created', 'webhook.endpoint_created', 'webhook.endpoint_updated',
             'webhook.endpoint_disabled', 'webhook.endpoint_deleted')
    OR (type LIKE 'monitor.%' AND type NOT LIKE 'monitor.run_%')
    OR (type LIKE 'job.%' AND (capture_id IN (SELECT capture_id FROM kept)
                               OR capture_id IN (SELECT capture_id FROM late_jobs)))
    OR (type LIKE 'webhook.%' AND message IS NOT NULL AND (message NOT IN (SELECT message FROM done)
                                                           OR message IN (SELECT message FROM late_messages)))
    OR (type = 'webhook.attempted' AND endpoint IS NOT NULL AND seq > coalesce(answered.last, 0))
    OR (type = 'result.shelved' AND capture_id NOT IN (SELECT capture_id FROM unshelved)
        AND try_cast(json_extract_string(data, '$.expiresAt') AS DOUBLE) > $3)
"""
# Each key's last use before the cutoff, for the dashboard (api_keys is account data, not the log).
LAST_USE = """
UPDATE main.api_keys k SET used_before_archive = greatest(k.used_before_archive, u.last)
FROM (SELECT key_id, max(ts) AS last FROM old.main.events WHERE ts < ? AND key_id IS NOT NULL GROUP BY 1) u
WHERE u.key_id = k.id
"""


def cutoff(now: dt.datetime, keep_months: int) -> dt.datetime:
    """The first of the month `keep_months` before `now`'s: events before it go to the archive."""
    if keep_months < MIN_KEEP_MONTHS:
        raise ExportError(f"--keep-months {keep_months}: at least {MIN_KEEP_MONTHS} (this month and the last "
                          "stay live: the service reads the last 30 days for cached answers and delivery pages)")
    months = now.year * 12 + now.month - 1 - keep_months
    return dt.datetime(months // 12, months % 12 + 1, 1)


def archive(database: Path, out: str, before: dt.datetime, job_cutoff: dt.datetime) -> dict[str, Any]:
    """Archive the events before `before` under `out` and replace `database` with a file without them (the
    old one kept beside it); what was done. Only with no service running: the caller checks."""
    began = time.monotonic()
    building = database.with_name(database.name + ".archiving")
    building.unlink(missing_ok=True)
    kept_old = database.with_name(f"{database.name}.before-archive-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S}")
    size_before = database.stat().st_size
    with duckdb.connect(str(building)) as conn:
        conn.execute("SET preserve_insertion_order = true")
        [new] = conn.execute("SELECT current_database()").fetchone() or ("",)
        conn.execute(f"ATTACH '{_quoted(database)}' AS old")
        conn.execute("CHECKPOINT old")  # a crash's write-ahead log folded in: the old file stands alone
        conn.execute("USE old")
        start, written = _archive_events(conn, out, before)
        conn.execute(f"CREATE TEMP TABLE kept AS {KEPT_BEFORE}", [job_cutoff, before, time.time()])
        conn.execute(f"USE {new}")
        conn.execute(DDL)
        for (table,) in conn.execute("SELECT table_name FROM duckdb_tables() WHERE database_name = 'old' "
                                     "AND schema_name = 'main' AND table_name <> 'events'").fetchall():
            conn.execute(f"INSERT INTO main.{table} BY NAME SELECT * FROM old.main.{table}")
        conn.execute(LAST_USE, [before])
        conn.execute("INSERT INTO main.events SELECT * FROM old.main.events WHERE ts >= ? "
                     "OR seq IN (SELECT seq FROM temp.kept) ORDER BY seq", [before])
        counts = conn.execute("SELECT count(*), count(*) FILTER (WHERE ts < ?), coalesce(max(seq), 0) FROM events",
                              [before]).fetchone()
        assert counts is not None
        data = {"before": before.isoformat(), "out": written["out"], "rows": written["rows"],
                "months": written["months"]}
        conn.execute("INSERT INTO events (seq, ts, type, data) VALUES (?, ?, 'log.archived', ?)",
                     [counts[2] + 1, dt.datetime.now(dt.UTC).replace(tzinfo=None), orjson.dumps(data).decode()])
        conn.execute("DETACH old")
        conn.execute("CHECKPOINT")
    os.chmod(building, 0o600)
    os.replace(database, kept_old)
    os.replace(building, database)
    _sync_directory(database.parent)
    return {"out": written["out"], "from": None if start == EPOCH else start.date().isoformat(),
            "before": before.date().isoformat(), "archivedRows": written["rows"], "files": written["files"],
            "months": written["months"], "liveRows": counts[0] + 1, "keptBeforeRows": counts[1],
            "bytesBefore": size_before, "bytesAfter": database.stat().st_size, "oldFile": str(kept_old),
            "tookMs": round((time.monotonic() - began) * 1000)}


def _archive_events(conn: duckdb.DuckDBPyConnection, out: str, before: dt.datetime) -> tuple[dt.datetime,
                                                                                              dict[str, Any]]:
    """Export [the last archive's cutoff, before) and check each month read back against the log."""
    previous = archived_before(conn)
    start = previous[0] if previous else EPOCH
    if before <= start:
        raise ExportError(f"the events before {start.date()} are already archived (in {previous and previous[1]})")
    written = export_events(conn, start, before, out)
    files = ds.dataset(written["out"], format="parquet", partitioning=PARTITIONING)
    read_back = files.to_table(columns=["month"], filter=ds.field("month").isin(written["months"]))
    counted = {str(month): 0 for month in written["months"]}
    for month in read_back.column("month").to_pylist():
        counted[str(month)] += 1
    live = dict(conn.execute("SELECT strftime(ts, '%Y-%m'), count(*) FROM events WHERE ts >= ? AND ts < ? "
                             "GROUP BY 1", [start, before]).fetchall())
    if counted != live:
        raise ExportError(f"the archive under {written['out']} does not read back as the log: {counted} != {live}")
    return start, written


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")


def _sync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
