"""The analytics record of every capture attempt asked for directly (a synchronous capture, a render link, a refused
job request): exactly one `capture.succeeded` or `capture.failed` event each, with outcome, stage and code.

Jobs record their attempts beside their job events (actors/jobs/book.py); both build the event with
engine.records.analytics.capture_event.
"""

from __future__ import annotations

from typing import Any

import trio

from actors.accounts import Principal
from actors.storage import EventLog
from engine.records.analytics import capture_event, error_data
from engine.records.keys import new_id
from engine.rules.errors import CaptureError
from engine.rules.request import CaptureRequest


class Attempts:
    def __init__(self, event_log: EventLog) -> None:
        self.event_log = event_log

    async def succeeded(self, principal: Principal, request_id: str, capture_id: str, request: CaptureRequest,
                        started: float, **values: Any) -> None:
        await self.event_log.append(capture_event(
            "capture.succeeded", principal.workspace.id, principal.key.id, request_id, capture_id, request,
            _since(started), outcome="succeeded", **values))

    async def refused(self, principal: Principal, request_id: str, error: CaptureError, *,
                      request: CaptureRequest | None = None, capture_id: str | None = None,
                      started: float | None = None) -> None:
        """An attempt that ended in `error` (what engine.records.analytics.error_data keeps of it)."""
        await self.failed(principal, request_id, capture_id or new_id("cap"), request,
                          started if started is not None else trio.current_time(),
                          error.outcome, error.stage, error.code, error_data(error), note=error.detail)

    async def failed(self, principal: Principal, request_id: str, capture_id: str, request: CaptureRequest | None,
                     started: float, outcome: str, stage: str, code: str, data: dict[str, Any] | None = None,
                     note: str | None = None) -> None:
        await self.event_log.append(capture_event(
            "capture.failed", principal.workspace.id, principal.key.id, request_id, capture_id, request,
            _since(started), outcome=outcome, stage=stage, code=code, data=data or {}, note=note))


def _since(started: float) -> int:
    return int((trio.current_time() - started) * 1000)
