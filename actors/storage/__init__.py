"""The event log and the DuckDB file it lives in: one writer thread, appends acknowledged once on disk."""

from __future__ import annotations

from actors.storage.database import STUCK_S, Database
from actors.storage.eventlog import EventLog, EventLogClosed, running_event_log

__all__ = ["STUCK_S", "Database", "EventLog", "EventLogClosed", "running_event_log"]
