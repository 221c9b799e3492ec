"""`run.py export` (issue 39): the event log as Parquet by month, written by the running service from one
snapshot while captures append; read back by DuckDB, the files hold exactly the live events up to a point."""

from __future__ import annotations

import threading
from pathlib import Path

import duckdb
import pytest

from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer


def _parquet(directory: Path, query: str) -> list[tuple[object, ...]]:
    with duckdb.connect() as conn:
        conn.execute(f"CREATE VIEW exported AS SELECT * FROM read_parquet('{directory}/**/*.parquet', "
                     "hive_partitioning = true)")
        return conn.execute(query).fetchall()


def test_an_export_while_captures_append_holds_every_event_up_to_a_point(
        service: Service, pro: Workspace, site: FixtureServer, tmp_path: Path) -> None:
    assert pro.capture(url=f"{site.base}/simple?export=1").status_code == 200
    stop = threading.Event()

    def append() -> None:  # refused captures: each appends its events at once, no browser needed
        while not stop.is_set():
            pro.capture(url="http://127.0.0.1:1/")

    appending = [threading.Thread(target=append) for _ in range(2)]
    for thread in appending:
        thread.start()
    try:
        [answer] = service.cli("export", "--out", str(tmp_path / "events"))
    finally:
        stop.set()
        for thread in appending:
            thread.join(30)
    out = Path(str(answer["out"]))
    assert answer["rows"] > 0
    assert answer["files"] == len(list(Path(str(answer["out"])).rglob("*.parquet"))) >= 1
    assert answer["rowsPerSecond"] > 0
    months = [path.name for path in out.glob("month=*")]
    assert months == [f"month={m}" for m in answer["months"]]

    [(rows, last, first)] = _parquet(out, "SELECT count(*), max(seq), min(seq) FROM exported")
    assert rows == answer["rows"]
    live = service.sql(f"SELECT count(*) AS n, min(seq) AS first FROM events WHERE seq <= {last}")
    assert (rows, first) == (live[0]["n"], live[0]["first"])  # every event up to the last one written: no gap
    assert service.sql(f"SELECT count(*) AS n FROM events WHERE seq > {last}")[0]["n"] > 0  # appends went on
    by_month = _parquet(out, "SELECT month, count(*) FROM exported GROUP BY 1 ORDER BY 1")
    live_months = service.sql(f"SELECT strftime(ts, '%Y-%m') AS month, count(*) AS n FROM events "
                              f"WHERE seq <= {last} GROUP BY 1 ORDER BY 1")
    assert by_month == [(row["month"], row["n"]) for row in live_months]
    [(types,)] = _parquet(out, f"SELECT count(*) FROM exported WHERE workspace_id = '{pro.id}' "
                               "AND type = 'capture.succeeded'")
    assert types == 1


def test_an_export_takes_a_period_and_refuses_what_it_cannot_do(service: Service, tmp_path: Path) -> None:
    [month] = service.sql("SELECT strftime(max(ts), '%Y-%m') AS m FROM events")
    [now] = service.cli("export", "--from", month["m"], "--to", month["m"], "--out", str(tmp_path / "now"))
    assert now["months"] == [month["m"]]
    [past] = service.cli("export", "--from", "2001-01", "--to", "2001-02-15", "--out", str(tmp_path / "past"))
    assert (past["rows"], past["months"]) == (0, [])
    with pytest.raises(AssertionError, match="give a month"):
        service.cli("export", "--from", "last week", "--out", str(tmp_path / "bad"))
    (tmp_path / "a-file").write_text("")
    with pytest.raises(AssertionError, match="not a directory"):
        service.cli("export", "--out", str(tmp_path / "a-file"))

    [again] = service.cli("export", "--from", month["m"], "--to", month["m"], "--out", str(tmp_path / "now"))
    assert again["rows"] >= now["rows"]  # the month again: its files replaced, not added to
    [(rows,)] = _parquet(tmp_path / "now", "SELECT count(*) FROM exported")
    assert rows == again["rows"]
