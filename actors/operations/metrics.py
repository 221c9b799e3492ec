"""GET /metrics on its own address (`metrics_listen`), so it is never public by accident.

Before each scrape the gauges that describe the present are set from the actors that know: the
pool (sessions busy and idle, captures waiting, Chromium's memory, read from /proc in a thread),
the jobs (queued, by state). The exposition itself (text or OpenMetrics, gzip if asked) is
prometheus_client's.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import trio
from hypercorn.config import Config
from hypercorn.trio import serve
from prometheus_client import make_asgi_app

from actors.browser import BrowserPool
from actors.jobs import Jobs
from engine.operations import metrics
from engine.records.jobs import CANCELLED, EXPIRED, FAILED, QUEUED, RUNNING, SUCCEEDED

log = logging.getLogger("capture.metrics")
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
JOB_STATES = (QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, EXPIRED)


class MetricsServer:
    def __init__(self, listener: socket.socket, pool: BrowserPool, jobs: Jobs) -> None:
        """`listener`: bound by the composition root (so a taken address stops the start, not a scrape)."""
        self.listener = listener
        self.pool = pool
        self.jobs = jobs
        self._exposition = make_asgi_app(metrics.REGISTRY)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Serve scrapes until cancelled."""
        config = Config()
        config.bind = [f"fd://{self.listener.detach()}"]
        config.accesslog = None
        config.errorlog = log
        await serve(self._app, config, task_status=task_status)  # type: ignore[arg-type]

    async def refresh(self) -> None:
        """Set the gauges of the present moment."""
        stats = self.pool.statistics()
        live = self.pool.live_sessions
        metrics.SESSIONS.labels("busy").set(max(live - stats.idle, 0))
        metrics.SESSIONS.labels("idle").set(stats.idle)
        jobs = self.jobs.statistics()
        metrics.QUEUE_DEPTH.labels("sync").set(stats.waiting)
        metrics.QUEUE_DEPTH.labels("jobs").set(jobs.queued)
        for state in JOB_STATES:
            metrics.JOBS.labels(state).set(jobs.by_status.get(state, 0))
        metrics.CHROMIUM_RSS.set(await self.pool.resident_bytes())

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        if scope["path"] != "/metrics" or scope["method"] not in ("GET", "HEAD"):
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
            await send({"type": "http.response.body", "body": b"only GET /metrics here\n"})
            return
        await self.refresh()
        await self._exposition(scope, receive, send)
