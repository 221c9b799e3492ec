"""The plans file: what a plan allows and the limits that come with a feature."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.plans import Plan, PlanFileError, interval_s, load_plans


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


def test_a_monitors_request_is_held_to_its_plan() -> None:
    """Issue 57: a monitor's body (API.md, Monitors) before anything is kept: the capture is a capture request
    in a format a comparison reads, without the options of a one-off capture, its paid options entitled; `every`
    from the plan's shortest interval to 30 days; a plan without `monitors` refused naming it."""
    from engine.rules.errors import FeatureNotEntitled, InvalidRequest
    from engine.rules.monitors import checked_change, checked_create

    plans = load_plans()
    pro, business, free = plans["pro"], plans["business"], plans["free"]
    body = {"capture": {"url": "https://example.com/", "format": "markdown"}, "every": "15m"}
    asked, capture, every = checked_create(body, pro)
    assert (capture.format, every, asked.compare.threshold, asked.compare.text) == ("markdown", 900, 0.5, True)
    assert checked_create({**body, "every": "1m"}, business)[2] == 60
    assert checked_create({**body, "every": "30d"}, pro)[2] == 30 * 86400

    def refused(data: dict[str, object], plan: Plan = pro) -> dict[str, str]:
        with pytest.raises(InvalidRequest) as caught:
            checked_create(data, plan)
        return {error.field: error.code for error in caught.value.errors}

    assert refused({**body, "every": "1m"}) == {"every": "out_of_range"}  # pro: 15 min at most
    assert refused({**body, "every": "31d"}, business) == {"every": "out_of_range"}
    assert refused({**body, "every": "15 minutes"}) == {"every": "invalid"}
    assert refused({**body, "capture": {**body["capture"], "webhookUrl": "https://x.example/", "store": {},
                                        "cache": {"ttlS": 60}, "responseType": "json", "bestAttempt": True}}) == {
        f"capture.{name}": "not_allowed" for name in ("webhookUrl", "store", "cache", "responseType", "bestAttempt")}
    assert refused({**body, "capture": {"url": "https://example.com/", "format": "pdf"}}) == {
        "capture.format": "not_allowed"}
    assert "capture.viewport.width" in refused({**body, "capture": {"url": "https://e.example/",
                                                                    "viewport": {"width": 1}}})
    assert "compare.threshold" in refused({**body, "compare": {"threshold": 101}})
    assert "nope" in refused({**body, "nope": 1})
    with pytest.raises(FeatureNotEntitled, match="monitors"):
        checked_create(body, free)
    with pytest.raises(FeatureNotEntitled, match="regionalProxies"):  # pro lacks it: a capture's rule
        checked_create({**body, "capture": {"url": "https://e.example/", "proxy": {"region": "eu"}}}, pro)
    change, seconds = checked_change({"paused": True, "every": "2h"}, pro)
    assert (change.paused, seconds, change.name) == (True, 7200, None)
    assert checked_change({"name": "pricing"}, pro)[1] is None
    with pytest.raises(InvalidRequest):
        checked_change({"every": "5m"}, pro)


def test_monitors_created_together_are_spread_over_their_interval() -> None:
    """Issue 57's bar: 500 monitors created at once, every minute, and no second holds more than 3 % of their
    first runs; each within its first interval."""
    import collections
    import datetime as dt

    from engine.records.monitors import first_run

    created = dt.datetime(2026, 11, 29, 12, 0)
    offsets = [(first_run(n, created, 60) - created).total_seconds() for n in range(500)]
    assert all(0 <= offset < 60 for offset in offsets)
    per_second = collections.Counter(int(offset) for offset in offsets)
    assert len(per_second) == 60
    assert max(per_second.values()) <= 500 * 0.03
    assert first_run(7, created, 86400) == first_run(7, created, 86400)  # the same place for the same ordinal
