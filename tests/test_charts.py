"""The usage chart's geometry: pure functions, no service."""

from __future__ import annotations

import datetime as dt

from engine.records.analytics import shape_rows
from engine.records.charts import TOP, daily_chart, failures_by_stage, nice_scale, window


def test_the_scale_is_a_round_number_at_least_the_tallest_bar() -> None:
    assert [nice_scale(n) for n in (0, 1, 2, 3, 6, 11, 20, 21, 99, 101, 4999)] == [
        1, 1, 2, 5, 10, 20, 20, 50, 100, 200, 5000]


def test_the_window_is_every_day_up_to_today_oldest_first() -> None:
    days = window(dt.date(2026, 3, 2), 3)
    assert days == [dt.date(2026, 2, 28), dt.date(2026, 3, 1), dt.date(2026, 3, 2)]  # across a month end


def test_bars_stack_outcomes_from_the_baseline_and_empty_days_stay() -> None:
    rows = shape_rows("day", [
        {"grp": "2026-11-20", "type": "capture.succeeded", "outcome": "succeeded", "stage": None, "code": None, "n": 6},
        {"grp": "2026-11-20", "type": "capture.failed", "outcome": "render_failed", "stage": "render",
         "code": "render_timeout", "n": 4},
        {"grp": "2026-11-21", "type": "capture.failed", "outcome": "validation_failed", "stage": "entitlement",
         "code": "feature_not_entitled", "n": 1},
        {"grp": "2026-11-21", "type": "capture.failed", "outcome": "validation_failed", "stage": "validation",
         "code": "invalid_request", "n": 2},
    ])
    chart = daily_chart(rows, window(dt.date(2026, 11, 21), 3))
    assert [bar.day for bar in chart.bars] == ["2026-11-19", "2026-11-20", "2026-11-21"]
    assert [bar.total for bar in chart.bars] == [0, 10, 3]
    assert chart.scale == 10
    empty, full, small = chart.bars
    assert empty.segments == ()
    succeeded, failed = full.segments
    assert (succeeded.outcome, failed.outcome) == ("succeeded", "render_failed")
    assert succeeded.y + succeeded.height == chart.baseline  # the first sits on the baseline
    assert abs(failed.y + failed.height - succeeded.y) < 0.02  # the next on top of it
    assert abs(failed.y - TOP) < 0.02  # the tallest bar reaches the top of the scale
    assert small.count("validation_failed") == 3
    assert small.count("succeeded") == 0
    assert full.title == "2026-11-20: 6 succeeded, 4 render failed"
    assert empty.title == "2026-11-19: no captures"
    assert all(bar.x + bar.width <= chart.right for bar in chart.bars)
    assert failures_by_stage(rows) == {"render": 4, "validation": 2, "entitlement": 1}
