"""Monitors: a page captured on a schedule that says what changed (issue 57; the runs are not built yet)."""

from __future__ import annotations

from actors.monitors.actor import REPLAY, Monitors

__all__ = ["REPLAY", "Monitors"]
