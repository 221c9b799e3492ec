"""Operator SQL: one read-only statement, in a read-only transaction, rows printed as JSON lines.

Three walls, each enough for what it guards:
- the statement check accepts one SELECT (WITH … SELECT, DESCRIBE, SHOW and
  SUMMARIZE parse as one) and nothing else: no EXPLAIN ANALYZE of a DELETE,
  no CALL, PRAGMA, SET, ATTACH, COPY, INSTALL or LOAD;
- the query runs in a READ ONLY transaction that is rolled back;
- every DuckDB the service opens runs with SAFE_CONFIG: no file access from
  SQL (`read_text('/etc/passwd')`, `COPY … TO`, `ATTACH`) and no extension
  installed or loaded on demand.
"""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal
from typing import Any

import duckdb
import orjson

# The configuration of every connection the service opens (the event log's included: it inserts from
# Arrow through from_arrow, which needs no external access).
# One thread: a query runs in the thread that asked for it, so an operator's can be given a lower
# priority than the event log's commits (DuckDB's own worker threads would compete at full weight).
SAFE_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "enable_external_access": False, "autoinstall_known_extensions": False, "autoload_known_extensions": False,
    "threads": 1}
MAX_ROWS = 100_000  # an operator's answer is held in memory whole; past this, ask for a LIMIT


class SqlRefused(ValueError):
    """The statement is not one plain read, does not parse, or was stopped at its deadline."""


def check_read_only(sql: str) -> None:
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise SqlRefused(str(exc)) from exc
    if len(statements) != 1:
        raise SqlRefused(f"one statement at a time, not {len(statements)}")
    kind = statements[0].type.name
    if kind != "SELECT":
        raise SqlRefused(f"{kind} statements are refused: only SELECT, WITH … SELECT, DESCRIBE, SHOW and "
                         "SUMMARIZE are allowed (the event log is append-only)")


def read_only_rows(cursor: duckdb.DuckDBPyConnection, sql: str, deadline_s: float) -> list[dict[str, Any]]:
    """The rows of one checked statement, run in a read-only transaction that is rolled back (blocking).

    Raises SqlRefused for a statement that fails the check, an answer over MAX_ROWS rows, and a
    query interrupted after `deadline_s` or through `cursor.interrupt()`; DuckDB's own errors as they are.
    """
    check_read_only(sql)
    deadline = threading.Timer(deadline_s, cursor.interrupt)
    cursor.execute("BEGIN TRANSACTION READ ONLY")
    deadline.start()
    try:
        result = cursor.execute(sql)
        names = [d[0] for d in result.description or []]
        rows = result.fetchmany(MAX_ROWS + 1)
    except duckdb.InterruptException as exc:
        raise SqlRefused(f"the query was stopped after {deadline_s:g} s (sql_timeout_s)") from exc
    finally:
        deadline.cancel()
        cursor.execute("ROLLBACK")
    if len(rows) > MAX_ROWS:
        raise SqlRefused(f"more than {MAX_ROWS} rows: add a LIMIT or aggregate")
    return [dict(zip(names, row, strict=True)) for row in rows]


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.timedelta | dt.date | dt.time):
        return str(value)
    if isinstance(value, bytes):
        return value.hex()
    raise TypeError(type(value).__name__)


def json_line(row: dict[str, Any]) -> bytes:
    # orjson takes integers of 64 bits; DuckDB's HUGEINT sums can be wider: those go as text
    row = {k: str(v) if isinstance(v, int) and not -(2**63) <= v < 2**64 else v for k, v in row.items()}
    return orjson.dumps(row, default=_default, option=orjson.OPT_NAIVE_UTC | orjson.OPT_UTC_Z) + b"\n"
