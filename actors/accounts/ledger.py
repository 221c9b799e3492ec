"""The quota ledger: per workspace and month, captures used and reserved, checked per owning account on free plans.

A workspace on a plan counted per owning account (`account_quota_plans`, the free plan by default) is checked
and reported with its owner's other workspaces on such plans together, so a person's twenty free teams are
one free quota, not twenty.

`reserve` before rendering fails when used + reserved ≥ limit; `commit` on
success (once per capture: its succeeded event is recorded once); `release`
on any failure. Rebuilt from the event log's `capture.succeeded` events on
start, counted by DuckDB; the ledger keeps counts, never the month's ids.

The three operations are synchronous: they cannot block, and trio runs one
task at a time, so a check-and-reserve is atomic without a mailbox. Only the
ledger's own methods touch its dictionaries.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import trio

from actors.storage import EventLog
from engine.rules.errors import QuotaExceeded
from engine.rules.period import month_start, next_month_start, rfc3339, utcnow

# What a start reads: each workspace's successes of the month that cost quota (an answer from the shelf is
# free), counted in DuckDB: a busy month is hundreds of thousands of rows that need not reach Python.
MONTH_USAGE = ("SELECT workspace_id, count(DISTINCT capture_id) AS used FROM events "
               "WHERE type = 'capture.succeeded' AND ts >= ? "
               "AND coalesce(json_extract_string(data, '$.cache'), '') <> 'hit' GROUP BY workspace_id")


@dataclass(frozen=True)
class Usage:
    period_start: dt.datetime
    period_end: dt.datetime
    limit: int
    used: int
    reserved: int

    @property
    def remaining(self) -> int:
        """What a client was last told in x-quota-remaining: units in flight are spoken for."""
        return max(0, self.limit - self.used - self.reserved)


class QuotaLedger:
    def __init__(self, event_log: EventLog, pool_of: Callable[[str], tuple[str, ...]] = lambda ws: (ws,)) -> None:
        """`pool_of(workspace id)`: the workspaces whose units count together against its limit (on free plans,
        all its owner's free workspaces: Memberships.pooled); by default each workspace alone."""
        self.event_log = event_log
        self.pool_of = pool_of
        self._month = month_start(utcnow())
        self._used: dict[str, int] = defaultdict(int)
        self._reserved: dict[str, set[str]] = defaultdict(set)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Rebuild this month's usage from the event log, then serve until cancelled."""
        await self._rebuild()
        task_status.started()
        await trio.sleep_forever()

    async def _rebuild(self) -> None:
        for row in await self.event_log.query(MONTH_USAGE, [self._month]):
            self._used[row["workspace_id"]] = row["used"]

    def _roll(self) -> None:
        current = month_start(utcnow())
        if current != self._month:
            self._month = current
            self._used.clear()  # reservations carry over: they are in flight

    def reserve(self, workspace_id: str, capture_id: str, limit: int) -> Usage:
        return self.reserve_all(workspace_id, [capture_id], limit)

    def reserve_all(self, workspace_id: str, capture_ids: list[str], limit: int) -> Usage:
        """Reserve one unit per capture, all or none (a batch of jobs)."""
        self._roll()
        pool = self.pool_of(workspace_id)
        if sum(self._used[ws] + len(self._reserved[ws]) for ws in pool) + len(capture_ids) > limit:
            raise QuotaExceeded(rfc3339(next_month_start(self._month)))
        self._reserved[workspace_id].update(capture_ids)
        return self.usage(workspace_id, limit)

    def hold(self, workspace_id: str, capture_id: str) -> None:
        """Reserve without a check: a job accepted before a restart keeps the unit it was promised."""
        self._reserved[workspace_id].add(capture_id)

    def commit(self, workspace_id: str, capture_id: str) -> None:
        """One success, once: a capture's succeeded event is recorded once (a job's with its job.succeeded,
        in one commit), and its caller commits right after it."""
        self._roll()
        self._reserved[workspace_id].discard(capture_id)
        self._used[workspace_id] += 1

    def succeeded(self, workspace_id: str, capture_id: str, cache: str | None) -> None:
        """The one rule of a success's unit, for every way a capture is asked: consumed (`commit`), unless the
        shelf answered it (`cache: "hit"`), which is free: then its reservation, if it had one, is given back."""
        if cache == "hit":
            self.release(workspace_id, capture_id)
        else:
            self.commit(workspace_id, capture_id)

    def release(self, workspace_id: str, capture_id: str) -> None:
        self._reserved[workspace_id].discard(capture_id)

    def usage(self, workspace_id: str, limit: int) -> Usage:
        """The month's units of the workspace's pool (itself, or its owner's free workspaces together)."""
        self._roll()
        pool = self.pool_of(workspace_id)
        return Usage(
            self._month, next_month_start(self._month), limit,
            sum(self._used.get(ws, 0) for ws in pool), sum(len(self._reserved.get(ws, ())) for ws in pool),
        )
