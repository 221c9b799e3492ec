"""Monitors: a page captured on a schedule that says what changed (issue 57)."""

from __future__ import annotations

from actors.monitors.actor import REPLAY, RUN_HISTORY, Monitors
from actors.monitors.runs import MonitorRuns

__all__ = ["REPLAY", "RUN_HISTORY", "MonitorRuns", "Monitors"]
