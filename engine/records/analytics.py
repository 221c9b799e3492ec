"""Analytics over the event log: the event each capture attempt leaves (capture_event), and counts of attempts by
day, format, outcome or quality warning."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any
from urllib.parse import urlsplit

from engine.records.schema import Event
from engine.rules.errors import CaptureError, DestinationForbidden, FieldError, InvalidRequest, QualityFailed
from engine.rules.request import CaptureRequest

OUTCOMES = ("succeeded", "validation_failed", "render_failed", "delivery_failed", "cancelled")
GROUPS = {
    "day": "strftime(ts, '%Y-%m-%d')",
    "format": "coalesce(format, 'unknown')",
    "outcome": "outcome",
    # each warning a capture raised (a success's verdict, a quality_failed refusal's), `none` for the rest
    "warning": "unnest(coalesce(nullif(json_extract_string(data, '$.warnings[*]'), []), ['none']))",
}
MAX_RANGE = dt.timedelta(days=366)


def parse_range(start: str | None, end: str | None, now: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
    """[from, to) in naive UTC; defaults to the 30 days up to now. Dates or RFC 3339 times."""
    field = "to"
    try:  # 0001-01-01 or 9999-12-31 moved past the calendar's edge overflows
        until = _parse("to", end) if end else now
        if end and len(end) == 10:
            until += dt.timedelta(days=1)  # a date names the whole day
        field = "from" if start else "to"  # a default from overflows because of to
        since = _parse("from", start) if start else until - dt.timedelta(days=30)
    except OverflowError:
        raise InvalidRequest(f"{field}: out of the calendar's range", errors=(
            FieldError(field, "invalid", "out of range"),)) from None
    if since >= until or until - since > MAX_RANGE:
        raise InvalidRequest("from must be before to, at most 366 days apart",
                             errors=(FieldError("from", "invalid", "must be before to, within 366 days"),))
    return since, until


def _parse(field: str, text: str) -> dt.datetime:
    try:
        value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidRequest(f"{field}: not a date or RFC 3339 time", errors=(
            FieldError(field, "invalid", "expected 2026-11-01 or 2026-11-01T00:00:00Z"),)) from None
    return value.astimezone(dt.UTC).replace(tzinfo=None) if value.tzinfo else value


def analytics_query(group_by: str) -> str:
    if group_by not in GROUPS:
        raise InvalidRequest(f"groupBy must be one of {', '.join(GROUPS)}", errors=(
            FieldError("groupBy", "invalid", f"one of {', '.join(GROUPS)}"),))
    return (  # grouped outside: DuckDB groups by no unnest
        "SELECT grp, type, outcome, stage, code, cache, count(*) AS n FROM ("
        f"SELECT {GROUPS[group_by]} AS grp, type, outcome, stage, code, "
        "json_extract_string(data, '$.cache') AS cache FROM events "
        "WHERE workspace_id = ? AND ts >= ? AND ts < ? "
        "AND type IN ('capture.succeeded', 'capture.failed', 'webhook.attempted')) "
        "GROUP BY ALL ORDER BY 1"
    )


def shape_rows(group_by: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per group: attempts by outcome, failures by stage and code, webhook attempts and their failures."""
    groups: dict[str, dict[str, Any]] = {}
    for row in rows:
        group = groups.setdefault(str(row["grp"]), {
            group_by: str(row["grp"]), "captures": 0, "outcomes": dict.fromkeys(OUTCOMES, 0),
            "failuresByStage": defaultdict(int), "failuresByCode": defaultdict(int),
            "webhookAttempts": 0, "webhookDelivered": 0, "webhookFailuresByCode": defaultdict(int),
            "cacheHits": 0, "cacheMisses": 0,
        })
        if row["type"] == "webhook.attempted":
            group["webhookAttempts"] += row["n"]
            if row["outcome"] == "delivered":
                group["webhookDelivered"] += row["n"]
            else:
                group["webhookFailuresByCode"][row["code"]] += row["n"]
            continue
        group["captures"] += row["n"]
        if row.get("cache") in ("hit", "miss"):  # rows of older callers may lack it
            group["cacheHits" if row["cache"] == "hit" else "cacheMisses"] += row["n"]
        group["outcomes"][row["outcome"]] = group["outcomes"].get(row["outcome"], 0) + row["n"]
        if row["outcome"] != "succeeded":
            group["failuresByStage"][row["stage"]] += row["n"]
            group["failuresByCode"][row["code"]] += row["n"]
    for group in groups.values():
        group["failuresByStage"] = dict(group["failuresByStage"])
        group["failuresByCode"] = dict(group["failuresByCode"])
        group["webhookFailuresByCode"] = dict(group["webhookFailuresByCode"])
    return list(groups.values())


def verdict_data(codes: list[str]) -> dict[str, Any]:
    """What a capture event keeps of a quality verdict: its warning codes (groupBy=warning), when there are any."""
    return {"warnings": codes} if codes else {}


def error_data(error: CaptureError) -> dict[str, Any]:
    """What a failed attempt's event keeps of its error beyond the code: the address a destination refusal
    names, the warnings a quality refusal raised (counted by groupBy=warning)."""
    if isinstance(error, DestinationForbidden) and error.address:
        return {"address": error.address}
    if isinstance(error, QualityFailed):
        return verdict_data([w["code"] for w in error.warnings])
    return {}


RECENT_FAILURES = (
    "SELECT ts, outcome, stage, code, format, json_extract_string(data, '$.host') AS host, capture_id "
    "FROM events WHERE workspace_id = ? AND type = 'capture.failed' AND ts >= ? "
    "ORDER BY seq DESC LIMIT ?"
)


def capture_event(type_: str, workspace_id: str, key_id: str | None, request_id: str | None, capture_id: str,
                  request: CaptureRequest | None, duration_ms: int, **values: Any) -> Event:
    """A capture.succeeded or capture.failed event: only what analytics needs.

    Never cookie or header values, scripts or HTML.
    """
    host = urlsplit(request.url).hostname if request is not None and request.url else None
    data = {"host": host, "source": "html" if request is not None and request.html else "url",
            **values.pop("data", {})}
    return Event(
        type_, workspace_id=workspace_id, key_id=key_id, capture_id=capture_id, request_id=request_id,
        format=request.format if request is not None else None, duration_ms=duration_ms, data=data,
        **values,
    )
