"""Analytics' daily counts: per workspace and UTC day, the capture attempts and webhook attempts by type,
outcome, stage, code, format and cache.

The event log stays the only truth: the table is derived from it, brought up to the last commit (`catch_up`:
the events after the last seq it counted, merged in) when a start opens the file, and before a read when an
event committed since the last catch-up falls on a day the read takes from the counts (the event log tracks
the oldest; events are stamped when they happen, so in practice once a day): commits never wait for it, and
an answer counts every event committed before it. `GET /api/analytics` and the dashboard's chart read it for
the whole days of their period and the events themselves only for the hours at either end: a month of the
largest workspace is a few hundred rows, not hundreds of thousands of events (issue 39). Grouping by warning
reads the events (a warning list is not a column).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any, NamedTuple

import duckdb

COUNTED_TYPES = ("capture.succeeded", "capture.failed", "webhook.attempted")
COUNTED = f"({', '.join(repr(t) for t in COUNTED_TYPES)})"
_SAME = " AND ".join(f"d.{c} = f.{c}" for c in ("workspace_id", "day", "type", "outcome", "stage", "code", "format",
                                                 "cache"))
# The events of seq ($1, $2], counted, then merged: added to the rows of their keys, new keys inserted. Only the
# days they fall on are looked at (the table grows in day order: zone maps skip the rest); no index to keep.
FRESH = f"""
CREATE OR REPLACE TEMP TABLE fresh AS
SELECT workspace_id, CAST(ts AS DATE) AS day, type, coalesce(outcome, '') AS outcome, coalesce(stage, '') AS stage,
       coalesce(code, '') AS code, coalesce(format, '') AS format,
       coalesce(json_extract_string(data, '$.cache'), '') AS cache, count(*) AS n
FROM events WHERE seq > $1 AND seq <= $2 AND type IN {COUNTED} AND workspace_id IS NOT NULL
GROUP BY ALL
"""
MERGE = (f"UPDATE daily_counts d SET n = d.n + f.n FROM temp.fresh f WHERE d.day >= (SELECT min(day) FROM temp.fresh) "
         f"AND {_SAME}",
         f"INSERT INTO daily_counts SELECT * FROM temp.fresh f WHERE NOT EXISTS (SELECT 1 FROM daily_counts d "
         f"WHERE d.day >= (SELECT min(day) FROM temp.fresh) AND {_SAME})",
         "DROP TABLE temp.fresh")
MARK = "INSERT OR REPLACE INTO summarised VALUES ('daily_counts', ?)"


def catch_up(conn: duckdb.DuckDBPyConnection) -> int:
    """Count the events after the last seq counted, in one transaction; how many seq that was."""
    [(last,)] = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchall()
    done = conn.execute("SELECT upto FROM summarised WHERE name = 'daily_counts'").fetchall()
    upto = done[0][0] if done else 0
    if last <= upto:
        return 0
    conn.begin()
    try:
        conn.execute(FRESH, [upto, last])
        for statement in MERGE:
            conn.execute(statement)
        conn.execute(MARK, [last])
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    return int(last - upto)


# The same rows analytics_query gives, in two reads: the counts for the whole days [first, last), which change
# only when a catch-up merges events into them (a reader may keep them until then: EventLog.analytics), and the
# events for the hours before the first whole day and after the last.
_FROM_COUNTS = {"day": "strftime(day, '%Y-%m-%d')", "format": "coalesce(nullif(format, ''), 'unknown')",
                "outcome": "nullif(outcome, '')"}
_FROM_EVENTS = {"day": "strftime(ts, '%Y-%m-%d')", "format": "coalesce(format, 'unknown')", "outcome": "outcome"}
_ENDS = ("SELECT {grp} AS grp, type, outcome, stage, code, json_extract_string(data, '$.cache') AS cache, count(*) "
         f"FROM events WHERE workspace_id = ? AND ((ts >= ? AND ts < ?) OR (ts >= ? AND ts < ?)) AND type IN {COUNTED} "
         "GROUP BY ALL")
_DAYS = ("SELECT {grp} AS grp, type, nullif(outcome, ''), nullif(stage, ''), nullif(code, ''), nullif(cache, ''), "
         "sum(n)::BIGINT FROM daily_counts WHERE workspace_id = ? AND day >= ? AND day < ? GROUP BY ALL")


class Plan(NamedTuple):
    """A read of the counts and the events: the whole days' query and parameters (which are also the key their
    rows may be kept under), the ends' query and parameters, and the instant up to which it takes the counts (the
    hours after it come from the events)."""

    days_sql: str
    days_params: tuple[Any, ...]
    ends_sql: str
    ends_params: list[Any]
    counts_until: dt.datetime


def analytics_plan(group_by: str, workspace_id: str, since: dt.datetime,
                   until: dt.datetime) -> Plan | None:
    """The reads for a period with at least one whole day, grouped by day, format or outcome; None when the
    counts cannot answer it (then analytics_query over the events does)."""
    first = dt.datetime.combine(since.date(), dt.time())
    if first < since:
        first += dt.timedelta(days=1)
    last = dt.datetime.combine(until.date(), dt.time())
    if group_by not in _FROM_COUNTS or first >= last:
        return None
    return Plan(_DAYS.format(grp=_FROM_COUNTS[group_by]), (workspace_id, first.date(), last.date()),
                _ENDS.format(grp=_FROM_EVENTS[group_by]), [workspace_id, since, first, last, until], last)


def merged(*parts: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Rows of (grp, type, outcome, stage, code, cache, n) summed by all but n, in analytics_query's shape and
    order."""
    total: Counter[tuple[Any, ...]] = Counter()
    for rows in parts:
        for *key, n in rows:
            total[tuple(key)] += n
    return [{"grp": grp, "type": type_, "outcome": outcome, "stage": stage, "code": code, "cache": cache, "n": n}
            for (grp, type_, outcome, stage, code, cache), n in sorted(total.items(), key=_by_group)]


def _by_group(item: tuple[tuple[Any, ...], int]) -> tuple[bool, str]:
    return item[0][0] is None, str(item[0][0])  # as ORDER BY 1: nulls last
