"""The quota period: the calendar month in UTC."""

from __future__ import annotations

import datetime as dt


def month_start(at: dt.datetime) -> dt.datetime:
    return at.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def next_month_start(at: dt.datetime) -> dt.datetime:
    start = month_start(at)
    return (start + dt.timedelta(days=32)).replace(day=1)


def rfc3339(at: dt.datetime) -> str:
    """RFC 3339 UTC with a Z, from an aware or naive-UTC datetime, to the second."""
    if at.tzinfo is not None:
        at = at.astimezone(dt.UTC).replace(tzinfo=None)
    return at.replace(microsecond=0).isoformat() + "Z"


def utcnow() -> dt.datetime:
    """Naive UTC, the form the event log stores."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)
