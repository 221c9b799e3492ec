"""Operator SQL is really read-only: one plain read, no file access, a deadline, and commits go on beside it."""

from __future__ import annotations

import threading
from pathlib import Path

import duckdb
import pytest
import trio

from actors.storage import running_event_log
from api.cli.admin import admin
from engine.operations.settings import Settings
from engine.operations.sql import SqlRefused
from engine.records.schema import DDL, Event
from tests.conftest import Service, Workspace, until

SLOW = "SELECT count(*) AS n FROM range(1000000000000) t(n) WHERE hash(n) = 0"  # hours, unless interrupted


def _fingerprint(service: Service, upto: int) -> tuple[int, int]:
    """Count and checksum of the events up to `upto`: any change to them changes one of the two."""
    (row,) = service.sql(f"SELECT count(*) AS n, sum(hash(seq, type, ts, workspace_id, capture_id, outcome, code, "
                         f"data)) AS h FROM events WHERE seq <= {upto}")
    return row["n"], int(row["h"])


@pytest.mark.parametrize("statement", [
    "EXPLAIN ANALYZE DELETE FROM events",
    "UPDATE events SET outcome = 'tampered'",
    "INSERT INTO events (seq, type) VALUES (-1, 'forged')",
    "CREATE TABLE forged (a INTEGER)",
    "DROP TABLE events",
    "COPY (SELECT * FROM events) TO '{tmp}/copied.csv'",
    "COPY events TO '{tmp}/copied.csv'",
    "ATTACH '{tmp}/attached.duckdb' AS other",
    "INSTALL httpfs",
    "LOAD httpfs",
    "SET threads = 1",
    "SELECT * FROM read_text('/etc/passwd')",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('{tmp}/../../../../etc/hostname')",
    "CALL pragma_version()",
    "PRAGMA version",
    "SELECT 1; DELETE FROM events",
    "CHECKPOINT",
    "EXPORT DATABASE '{tmp}/export'",
])
def test_everything_but_a_read_is_refused_and_changes_nothing(service: Service, pro: Workspace, tmp_path: Path,
                                                              statement: str) -> None:
    assert pro.capture(url="ftp://fixture.test/").status_code == 422  # at least one event to guard
    (last,) = service.sql("SELECT max(seq) AS seq FROM events")
    before = _fingerprint(service, last["seq"])
    with pytest.raises(AssertionError, match=r"sql failed: .*(refused|one statement|disabled by configuration)"):
        service.sql(statement.format(tmp=tmp_path))
    assert _fingerprint(service, last["seq"]) == before
    assert list(tmp_path.iterdir()) == []  # nothing written
    assert [t["name"] for t in service.sql("SHOW TABLES") if t["name"] == "forged"] == []


@pytest.mark.parametrize("statement", [
    "SELECT count(*) AS n FROM events",
    "WITH t AS (SELECT type FROM events) SELECT count(*) AS n FROM t",
    "FROM events SELECT count(*) AS n",
    "DESCRIBE events",
    "SHOW TABLES",
    "SUMMARIZE workspaces",
])
def test_plain_reads_are_answered(service: Service, statement: str) -> None:
    assert service.sql(statement), statement


def test_a_stopped_service_refuses_file_access_too(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    with duckdb.connect(str(settings.database_path)) as conn:
        conn.execute(DDL)
    assert list(admin(settings, {}, "sql", {"query": "SELECT count(*) AS n FROM events"})) == [{"n": 0}]
    with pytest.raises(duckdb.PermissionException, match="disabled by configuration"):
        list(admin(settings, {}, "sql", {"query": "SELECT * FROM read_text('/etc/passwd')"}))
    with pytest.raises(SqlRefused, match=r"stopped after 0\.5 s"):
        list(admin(Settings(data_dir=tmp_path, sql_timeout_s=0.5), {}, "sql", {"query": SLOW}))


def _operator_query_running() -> bool:
    """The operator's query thread is past BEGIN, with its deadline timer started (read_only_rows): the next
    thing it does is run the query."""
    threads = threading.enumerate()
    return any(t.name == "duckdb-operator" for t in threads) and any(isinstance(t, threading.Timer) for t in threads)


async def test_a_slow_query_stops_at_its_deadline_and_commits_go_on_beside_it(tmp_path: Path) -> None:
    async with running_event_log(tmp_path / "events.duckdb") as (log, _):
        outcome: list[BaseException] = []
        finished = trio.Event()

        async def slow_query() -> None:
            try:
                await log.db.read_only(SLOW, deadline_s=3)
            except SqlRefused as exc:
                outcome.append(exc)
            finished.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(slow_query)
            await until(_operator_query_running)
            for n in range(50):
                await log.append(Event("test.beside", capture_id=f"cap_{n}"))
            committed_while_running = not finished.is_set()
        rows = await log.query("SELECT count(*) AS n FROM events WHERE type = 'test.beside'")
    assert committed_while_running, "the appends waited for the operator's query"
    assert rows == [{"n": 50}]
    assert len(outcome) == 1
    assert "stopped after 3 s" in str(outcome[0])
