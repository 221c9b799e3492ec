"""Operator SQL: read-only statements only, rows printed as JSON lines."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import duckdb
import orjson

READ_ONLY = {"SELECT", "EXPLAIN"}


class SqlRefused(ValueError):
    """The statement would change the database, or does not parse."""


def check_read_only(sql: str) -> None:
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise SqlRefused(str(exc)) from exc
    if not statements:
        raise SqlRefused("no statement")
    for statement in statements:
        kind = statement.type.name
        if kind not in READ_ONLY:
            raise SqlRefused(f"{kind} statements are refused: the event log is append-only")


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
