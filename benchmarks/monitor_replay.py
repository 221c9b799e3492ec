"""What a start's monitor replay costs on a busy log (issue 57): `--monitors` monitors every minute, each with
`--runs` runs (a queued and a succeeded event each) in the last week, in a DuckDB file of its own.

    .venv/bin/python -m benchmarks.monitor_replay [--monitors 500] [--runs 2000]

Printed: the replay query (actors/monitors REPLAY: DuckDB picks each monitor's last HISTORY runs) and the
projection of its rows into monitors (engine.records.monitors), each timed once; nothing else runs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from pathlib import Path

import duckdb
import orjson

from actors.monitors import REPLAY, RUN_HISTORY
from engine.records.monitors import Monitor
from engine.records.schema import DDL

MONITORS = """INSERT INTO events (seq, ts, type, workspace_id, data)
SELECT m + 1, $1::TIMESTAMP - INTERVAL 6 DAY, 'monitor.created', 'ws_a', json_object('monitor', 'mon_' || m,
       'every', '1m', 'everyS', 60, 'compare', json_object(), 'sealedCapture', '', 'firstRunAt', '2026-01-01T00:00:00')
FROM range($2) t(m)"""
RUNS = """INSERT INTO events (seq, ts, type, workspace_id, data)
SELECT $2 + 1 + 2 * (r * $2 + m) + k, $1::TIMESTAMP - INTERVAL 6 DAY + to_seconds(r * 60 + k),
       CASE k WHEN 0 THEN 'monitor.run_queued' ELSE 'monitor.run_succeeded' END, 'ws_a',
       CASE k WHEN 0 THEN json_object('monitor', 'mon_' || m, 'run', 'run_' || m || '_' || r,
                                      'nextRunAt', '2026-01-01T00:00:00')
              ELSE json_object('monitor', 'mon_' || m, 'run', 'run_' || m || '_' || r, 'changed', false,
                               'extension', 'png', 'quality', json_array()) END
FROM range($3) a(r), range($2) b(m), range(2) c(k)"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--monitors", type=int, default=500)
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    with tempfile.TemporaryDirectory(prefix="capture-bench-") as where, \
            duckdb.connect(str(Path(where) / "replay.duckdb")) as db:
        db.execute(DDL)
        db.execute(MONITORS, [now, args.monitors])
        db.execute(RUNS, [now, args.monitors, args.runs])
        [total] = db.execute("SELECT count(*) FROM events").fetchone() or (0,)
        began = time.perf_counter()
        rows = db.execute(REPLAY, [now - RUN_HISTORY]).fetchall()
        queried = time.perf_counter() - began
    began = time.perf_counter()
    kept: dict[str, Monitor] = {}
    for ts, kind, workspace, data in rows:
        said = orjson.loads(data)
        if kind == "monitor.created":
            kept[said["monitor"]] = Monitor(said["monitor"], workspace, None, {}, said["every"], 60, {}, None, ts, ts)
        else:
            kept[said["monitor"]].apply(kind, ts, said)
    applied = time.perf_counter() - began
    print(f"{total:,} events ({args.monitors} monitors x {args.runs} runs): replay query {queried:.2f} s, "
          f"{len(rows):,} rows projected in {applied:.2f} s; {sum(len(m.runs) for m in kept.values()):,} runs kept")


if __name__ == "__main__":
    main()
