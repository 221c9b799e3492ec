"""The dashboard's usage chart: captures per day, stacked by outcome, as plain geometry for an SVG.

The template draws what `daily_chart` computes; nothing runs in the browser.
Each bar is one day of the window (empty days included, so the gaps show),
split into one segment per outcome with attempts that day.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from engine.records.analytics import OUTCOMES

WIDTH, HEIGHT = 720, 220  # the SVG's viewBox; it scales to the page
TOP, BOTTOM, LEFT, RIGHT = 16, 30, 44, 24  # room for the scale and the day labels
LABELS = {
    "succeeded": "succeeded",
    "validation_failed": "validation failed",
    "render_failed": "render failed",
    "delivery_failed": "delivery failed",
    "cancelled": "cancelled",
}


@dataclass(frozen=True)
class Segment:
    outcome: str
    count: int
    y: float
    height: float


@dataclass(frozen=True)
class Bar:
    day: str
    x: float
    width: float
    segments: tuple[Segment, ...]

    @property
    def total(self) -> int:
        return sum(s.count for s in self.segments)

    def count(self, outcome: str) -> int:
        return next((s.count for s in self.segments if s.outcome == outcome), 0)

    @property
    def title(self) -> str:
        """What the bar says on hover and to a screen reader."""
        if not self.total:
            return f"{self.day}: no captures"
        parts = ", ".join(f"{s.count} {LABELS[s.outcome]}" for s in self.segments)
        return f"{self.day}: {parts}"


@dataclass(frozen=True)
class Chart:
    bars: tuple[Bar, ...]
    scale: int  # the value the top of the plot stands for
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    baseline: int = HEIGHT - BOTTOM

    @property
    def total(self) -> int:
        return sum(bar.total for bar in self.bars)

    @property
    def labelled(self) -> tuple[Bar, ...]:
        """Every seventh day gets a date under it, counting back from the last."""
        last = len(self.bars) - 1
        return tuple(bar for i, bar in enumerate(self.bars) if (last - i) % 7 == 0)


def window(until: dt.date, days: int) -> list[dt.date]:
    """The `days` calendar days ending with `until`, oldest first."""
    return [until - dt.timedelta(days=n) for n in range(days - 1, -1, -1)]


def nice_scale(largest: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, … that is at least `largest`, so the scale reads well."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= largest:
                return step * factor
        step *= 10


def daily_chart(rows: list[dict[str, Any]], days: list[dt.date]) -> Chart:
    """Bars for `days` from analytics rows grouped by day (`shape_rows("day", …)`)."""
    by_day = {row["day"]: row["outcomes"] for row in rows}
    scale = nice_scale(max((sum(by_day.get(d.isoformat(), {}).values()) for d in days), default=0))
    plot = HEIGHT - BOTTOM - TOP
    slot = (WIDTH - LEFT - RIGHT) / max(len(days), 1)
    bars = []
    for i, day in enumerate(days):
        outcomes = by_day.get(day.isoformat(), {})
        y = float(HEIGHT - BOTTOM)
        segments = []
        for outcome in OUTCOMES:
            count = outcomes.get(outcome, 0)
            if not count:
                continue
            height = plot * count / scale
            y -= height
            segments.append(Segment(outcome, count, round(y, 2), round(height, 2)))
        bars.append(Bar(day.isoformat(), round(LEFT + i * slot + slot * 0.15, 2), round(slot * 0.7, 2),
                        tuple(segments)))
    return Chart(tuple(bars), scale)


def failures_by_stage(rows: list[dict[str, Any]]) -> dict[str, int]:
    """Failed attempts over the whole window, by the stage that refused them, most first."""
    totals: dict[str, int] = {}
    for row in rows:
        for stage, count in row["failuresByStage"].items():
            totals[stage] = totals.get(stage, 0) + count
    return dict(sorted(totals.items(), key=lambda item: (-item[1], item[0])))
