"""The service's Prometheus metrics (prometheus_client), served on `metrics_listen` at /metrics.

Counters and histograms are moved where things happen: captures, webhook attempts and quota
refusals when their events are committed (`observe_committed`, so the figures count what is on
disk), egress refusals in the guard, commits in the event log, waits and recycling in the pool,
HTTP answers in the app. Gauges that describe the present (queues, sessions, jobs by state,
Chromium's memory) are set by `actors.operations.metrics.MetricsServer` just before each scrape.

Labels hold only bounded sets: formats, outcomes, error codes, rule names, route templates.
Never a workspace, key, URL or host.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

REGISTRY = CollectorRegistry()  # the service's own: tests and tools in the same process add nothing to it
ProcessCollector(registry=REGISTRY)  # the service process's CPU, memory, open files
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

_SECONDS = (0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120)

CAPTURES = Counter("capture_captures", "Captures finished, by format and outcome (succeeded or failed)",
                   ["format", "outcome"], registry=REGISTRY)
CAPTURE_FAILURES = Counter("capture_capture_failures", "Failed captures by stage and error code",
                           ["stage", "code"], registry=REGISTRY)
CAPTURE_SECONDS = Histogram("capture_capture_duration_seconds", "Time from intake to result, by format",
                            ["format"], buckets=_SECONDS, registry=REGISTRY)
QUOTA_REFUSALS = Counter("capture_quota_refusals", "Captures refused because the month's quota was used up",
                         registry=REGISTRY)
QUEUE_DEPTH = Gauge("capture_queue_depth", "Waiting for a browser session: sync captures, queued jobs",
                    ["queue"], registry=REGISTRY)
QUEUE_WAIT = Histogram("capture_queue_wait_seconds", "Time a capture waited for a browser session",
                       ["queue"], buckets=(0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300),
                       registry=REGISTRY)
SESSIONS = Gauge("capture_browser_sessions", "Browser sessions by state (busy, idle)", ["state"],
                 registry=REGISTRY)
SESSIONS_RECYCLED = Counter("capture_browser_sessions_recycled",
                            "Browser sessions replaced, by why: captures (captures_per_session reached), memory "
                            "(session_memory_mb), unresponsive, died", ["reason"], registry=REGISTRY)
CHROMIUM_RSS = Gauge("capture_chromium_resident_bytes", "Resident memory of all Chromium process trees",
                     registry=REGISTRY)
COMMIT_SECONDS = Histogram("capture_eventlog_commit_seconds", "Time to commit one event-log batch",
                           buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5),
                           registry=REGISTRY)
COMMIT_EVENTS = Histogram("capture_eventlog_batch_events", "Events in one committed batch",
                          buckets=(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 4096), registry=REGISTRY)
COMMIT_FAILURES = Counter("capture_eventlog_commit_failures", "Event-log batches that failed to commit",
                          registry=REGISTRY)
EGRESS_REFUSALS = Counter("capture_egress_refusals", "Connections the egress guard refused, by rule",
                          ["rule"], registry=REGISTRY)
JOBS = Gauge("capture_jobs", "Jobs the service knows, by state", ["state"], registry=REGISTRY)
WEBHOOK_ATTEMPTS = Counter("capture_webhook_attempts", "Webhook delivery attempts by outcome "
                           "(delivered, delivery_failed)", ["outcome"], registry=REGISTRY)
HTTP_REQUESTS = Counter("capture_http_requests", "HTTP requests answered, by route template, method and status",
                        ["route", "method", "status"], registry=REGISTRY)

UNMATCHED_ROUTE = "unmatched"  # a path no route knows: one label, whatever the path was
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
OTHER_METHOD = "other"  # any other method a client sends: one label, so no request can add a series of its own


def count_request(route: str, method: str, status: int) -> None:
    """One answered HTTP request, by route template (or UNMATCHED_ROUTE), method (a known one, or
    OTHER_METHOD) and status: every label comes from a fixed set, whatever the client sent."""
    HTTP_REQUESTS.labels(route, method if method in METHODS else OTHER_METHOD, str(status)).inc()


def observe_committed(events: Iterable[Any]) -> None:
    """Count what a committed batch of events says happened (actors.storage.eventlog.Event, duck-typed)."""
    for event in events:
        kind = event.type
        if kind in ("capture.succeeded", "capture.failed"):
            fmt = event.format or "unknown"
            CAPTURES.labels(fmt, "succeeded" if kind == "capture.succeeded" else "failed").inc()
            if event.duration_ms is not None:
                CAPTURE_SECONDS.labels(fmt).observe(event.duration_ms / 1000)
            if kind == "capture.failed":
                CAPTURE_FAILURES.labels(event.stage or "unknown", event.code or "unknown").inc()
                if event.code == "quota_exceeded":
                    QUOTA_REFUSALS.inc()
        elif kind == "webhook.attempted":
            WEBHOOK_ATTEMPTS.labels(event.outcome or "unknown").inc()
