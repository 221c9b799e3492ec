"""Monitors: a page captured on a schedule that says what changed (issue 57)."""

from __future__ import annotations

from actors.monitors.actor import REPLAY, Monitors
from actors.monitors.runs import MonitorRuns

__all__ = ["REPLAY", "MonitorRuns", "Monitors"]
