"""The only way out of Chromium: the egress guard, and each capture's lane through it."""

from __future__ import annotations

from actors.egress.guard import EgressGuard
from actors.egress.lane import Lane

__all__ = ["EgressGuard", "Lane"]
