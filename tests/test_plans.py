"""The plans file: what a plan allows and the limits that come with a feature."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.plans import PlanFileError, interval_s, load_plans


def test_a_plan_with_monitors_says_how_many_and_how_often(tmp_path: Path) -> None:
    """Issue 57: `monitors` in a plan's features needs `monitors` and `monitor_every_at_most` ("15m", "1h",
    "1d"); a plan without the feature keeps none."""
    assert [interval_s(text) for text in ("1m", "15m", "6h", "30d")] == [60, 900, 21600, 2592000]
    for bad in ("0m", "15", "15s", "1.5h", " 1h", "-1d", "1w"):
        with pytest.raises(ValueError, match="is not <n>m"):
            interval_s(bad)
    plans = tmp_path / "plans.toml"
    base = 'monthly_captures = 1\nrequests_per_minute = 1\nfeatures = ["monitors"]\n'
    plans.write_text(f'[plans.a]\n{base}monitors = 3\nmonitor_every_at_most = "2h"\n'
                     '[plans.b]\nmonthly_captures = 1\nrequests_per_minute = 1\nfeatures = []\n')
    loaded = load_plans(plans)
    assert (loaded["a"].monitors, loaded["a"].monitor_every_s) == (3, 7200)
    assert (loaded["b"].monitors, loaded["b"].monitor_every_s, loaded["b"].allows("monitors")) == (0, 0, False)
    for wrong in ("monitors = 3\n", 'monitors = 3\nmonitor_every_at_most = "2 hours"\n'):
        plans.write_text(f"[plans.a]\n{base}{wrong}")
        with pytest.raises(PlanFileError):
            load_plans(plans)
