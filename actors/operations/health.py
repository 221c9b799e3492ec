"""Readiness (GET /readyz) and the status line systemd shows, from the actors that know: the pool, the event
log, the jobs, and the data disk."""

from __future__ import annotations

import shutil

import trio

from actors.browser import BrowserPool
from actors.jobs import Jobs
from actors.storage import EventLog
from engine.operations.settings import Settings

READY_COMMIT_S = 5.0  # a commit running longer than this makes the service unready


async def readiness(pool: BrowserPool, event_log: EventLog, settings: Settings) -> dict[str, str]:
    """browserSessions, eventLog, disk: each `ok`, or why not (nothing sensitive: no paths)."""
    disk = await trio.to_thread.run_sync(_disk_trouble, settings)  # statvfs: not on the loop
    return {"browserSessions": "ok" if pool.live_sessions else "no browser session is up",
            "eventLog": event_log.trouble(READY_COMMIT_S) or "ok",
            "disk": disk or "ok"}


def status_line(pool: BrowserPool, jobs: Jobs) -> str:
    """What `systemctl status` shows (STATUS=): the sessions and the queues, no names, no ids."""
    stats = pool.statistics()
    live = pool.live_sessions
    busy = max(live - stats.idle, 0)
    return (f"{live}/{stats.size} browser sessions ({busy} busy, {stats.idle} idle); "
            f"{stats.waiting} captures waiting, {jobs.queued} jobs queued")


def _disk_trouble(settings: Settings) -> str | None:
    try:
        free = shutil.disk_usage(settings.data_dir).free
    except OSError as exc:
        return f"the data directory cannot be read ({exc.strerror})"
    if free < settings.ready_min_free_disk_mb * 2**20:
        return f"{free // 2**20} MB free, below {settings.ready_min_free_disk_mb} MB (ready_min_free_disk_mb)"
    return None
