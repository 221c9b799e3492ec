"""The event log as Parquet for analysts (`run.py export`): one directory per month (`month=2026-11`, Hive
style), written with pyarrow from DuckDB's Arrow batches, so DuckDB, pandas, Spark or Trino read it without
touching the live file.

The export is one SELECT: DuckDB answers it from one snapshot, so while the service appends the files
hold every event of the period up to some point and none after (no gaps). It streams: memory stays
at a few batches, whatever the period's size.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pyarrow as pa
import pyarrow.dataset as ds

from engine.operations.backup import BackupError

BATCH_ROWS = 100_000
ROWS_PER_FILE = 5_000_000  # a file per month below this; a busier month in several
PERIOD = re.compile(r"(\d{4})-(\d{2})(?:-(\d{2}))?")
PARTITIONING = ds.partitioning(pa.schema([("month", pa.string())]), flavor="hive")
EPOCH = datetime(1970, 1, 1)  # no --from: from the first event (or the last archive step's cutoff)
ARCHIVED = "SELECT data FROM events WHERE type = 'log.archived' ORDER BY seq DESC LIMIT 1"


class ExportError(BackupError):
    """The export cannot be made as asked; the message says why."""


def period(start: str | None, end: str | None) -> tuple[datetime, datetime]:
    """`--from` and `--to` (YYYY-MM or YYYY-MM-DD, both inclusive; open when absent) as [start, end) in UTC."""
    return (_bound(start, "from")[0] if start else EPOCH,
            _after(*_bound(end, "to")) if end else datetime(9999, 1, 1))


def export_events(conn: duckdb.DuckDBPyConnection, start: datetime, end: datetime, out: str) -> dict[str, Any]:
    """Write the events of [start, end) under `out` (made if missing); what was written. A month exported
    again replaces its directory's files; the other months' stay."""
    if (archived := archived_before(conn)) is not None and start < archived[0]:
        if start != EPOCH:
            raise ExportError(f"the events before {archived[0].date()} were archived to {archived[1]} (run.py "
                              f"archive): export from {archived[0].date()} on, and read the earlier ones there")
        start = archived[0]
    target = Path(out).resolve()
    if target.exists() and not target.is_dir():
        raise ExportError(f"{target} exists and is not a directory")
    target.mkdir(mode=0o700, parents=True, exist_ok=True)
    began = time.monotonic()
    reader: pa.RecordBatchReader = conn.sql(  # a relation: its Arrow batches are not copied once more
        # No ORDER BY: a scan keeps the insertion order, which is seq's (a sort would hold the period in memory).
        "SELECT *, strftime(ts, '%Y-%m') AS month FROM events WHERE ts >= ? AND ts < ?",
        params=[start, end]).to_arrow_reader(BATCH_ROWS)
    counted: list[int] = []
    written: list[str] = []
    ds.write_dataset(_counting(reader, counted), target, schema=reader.schema, format="parquet",
                     partitioning=PARTITIONING, basename_template="events-{i}.parquet",
                     max_rows_per_file=ROWS_PER_FILE, max_rows_per_group=BATCH_ROWS,
                     existing_data_behavior="delete_matching", file_visitor=lambda file: written.append(file.path))
    took = time.monotonic() - began
    rows = sum(counted)
    months = sorted({Path(path).parent.name.removeprefix("month=") for path in written})
    return {"out": str(target), "rows": rows, "files": len(written), "months": months,
            "tookMs": round(took * 1000), "rowsPerSecond": round(rows / took) if took > 0 else None}


def archived_before(conn: duckdb.DuckDBPyConnection) -> tuple[datetime, str] | None:
    """The cutoff of the last archive step on this file (run.py archive) and where its files went, if any."""
    rows = conn.execute(ARCHIVED).fetchall()  # all: no result left open before the export's own
    if not rows:
        return None
    data = orjson.loads(rows[0][0])
    return datetime.fromisoformat(data["before"]), data["out"]


def _counting(reader: pa.RecordBatchReader, counted: list[int]) -> Iterator[pa.RecordBatch]:
    for batch in reader:
        counted.append(batch.num_rows)
        yield batch


def _bound(text: str, name: str) -> tuple[datetime, bool]:
    """The first instant of the month or the day `text` names, and whether it named a day."""
    found = PERIOD.fullmatch(text.strip())
    if found is None:
        raise ExportError(f"--{name} {text!r}: give a month (2026-11) or a day (2026-11-25)")
    try:
        return datetime(int(found[1]), int(found[2]), int(found[3] or 1)), found[3] is not None
    except ValueError as exc:
        raise ExportError(f"--{name} {text!r}: {exc}") from exc


def _after(bound: datetime, day: bool) -> datetime:
    """The first instant after the day, or the month, that starts at `bound`."""
    if day:
        return bound + timedelta(days=1)
    return datetime(bound.year + bound.month // 12, bound.month % 12 + 1, 1)
