"""The Chromium sessions: the pool, and each slot's session with its spare, its health and its memory."""

from __future__ import annotations

from actors.browser.pool import BrowserPool, Session

__all__ = ["BrowserPool", "Session"]
