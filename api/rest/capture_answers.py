"""How a delivered capture is answered: its headers (its id, the page's status, quota, cache, removal and quality
verdicts) and its body, the file or, with responseType json, the report with a signed link to the file."""

from __future__ import annotations

import trio
from quart import Response

from actors.capture import Delivery
from api.pipeline import base_url, delivering, services
from engine.browser.outputs import fullpage_method
from engine.browser.removal import blocked_hosts
from engine.browser.removal import counts as removal_counts
from engine.records.replies import CaptureReport, Quality
from engine.rules.quality import header_value


def capture_response(delivery: Delivery) -> Response:
    usage = delivery.usage
    capture = delivery.capture
    headers = {
        "x-capture-id": delivery.capture_id,
        "x-target-status": str(capture.target_status),
        "x-quota-limit": str(usage.limit),
        "x-quota-remaining": str(usage.remaining),
    }
    if delivery.cache is not None:
        headers["x-cache"] = delivery.cache.upper()
    if (warned := header_value(capture.warnings)) is not None:
        headers["x-capture-warnings"] = warned
    if (method := fullpage_method(delivery.request)) is not None:
        headers["x-fullpage-method"] = method
    if delivery.request.remove_elements is not None:
        headers["x-removed-elements"] = removal_counts(capture.removed)
        if delivery.request.remove_elements.ads:
            headers["x-blocked-hosts"] = str(blocked_hosts(capture.removed))
    if delivery.request.block is not None:
        headers["x-blocked-requests"] = str(capture.blocked or 0)  # a cached answer requested nothing
    if delivery.request.response_type == "json":
        payload, content_type = report(delivery).wire(), "application/json"
    else:
        payload, content_type = capture.body, capture.content_type
    headers["content-length"] = str(len(payload))
    return Response(delivering(delivery, payload), status=200, content_type=content_type, headers=headers)


def report(delivery: Delivery) -> CaptureReport:
    """responseType json: what the page said about itself, and the result behind a signed URL."""
    capture, entry = delivery.capture, delivery.shelved
    assert capture.facts is not None  # read by every json or cached capture
    assert entry is not None  # and each of them shelved
    facts = capture.facts
    timings = {**facts.timings_ms, "totalMs": round((trio.current_time() - delivery.started) * 1000)}
    return CaptureReport(
        url=delivery.request.url, final_url=facts.final_url, status=capture.target_status, title=facts.title,
        description=facts.description, open_graph=facts.open_graph, timings=timings,
        content_type=capture.content_type, bytes=len(capture.body), quality=Quality.of(capture.warnings),
        result_url=services().shelf.result_url(base_url(), entry))
