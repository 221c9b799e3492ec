"""A capture accepted but not delivered: no renderer free, the page or the browser failed, the upload failed."""

from __future__ import annotations

from typing import Any

from engine.rules.errors.problem import CaptureError, FieldError


class CapacityExhausted(CaptureError):
    code = "capacity_exhausted"
    status = 503
    title = "No renderer available"
    stage = "queue"
    retrying = True

    def __init__(self, detail: str, retry_after: int = 5) -> None:
        super().__init__(detail)
        self.retry_after = retry_after

    def headers(self) -> dict[str, str]:
        return {"retry-after": str(self.retry_after)}


class RenderError(CaptureError):
    pass


class RenderFailed(RenderError):
    code = "render_failed"
    status = 502
    title = "Capture failed"


class NavigationRefused(RenderError):
    """The page sent the main frame somewhere the egress guard refused (a redirect, a refresh)."""

    code = "destination_forbidden"
    status = 422
    title = "Destination not allowed"


class NavigationUnresolvable(RenderError):
    """The page sent the main frame to a host name that does not resolve (a redirect, a refresh, a script)."""

    code = "destination_unresolvable"
    status = 422
    title = "Destination does not resolve"


class RenderTimeout(RenderError):
    code = "render_timeout"
    status = 504
    title = "Capture timed out"
    PHASES = ("queue", "navigation", "load", "networkidle", "selector", "javascript", "scroll", "encode")

    def __init__(self, detail: str, phase: str = "queue", pending: list[str] | None = None) -> None:
        super().__init__(detail)
        self.phase = phase
        self.pending = pending or []

    def extra(self) -> dict[str, Any]:
        return {"phase": self.phase, "pending": self.pending}


class StorageFailed(CaptureError):
    """A job's result could not be uploaded to its storage destination after the retries."""

    outcome = "delivery_failed"
    stage = "delivery"
    code = "storage_failed"
    status = 502
    title = "The result could not be stored"


class ProxyUnavailable(RenderError):
    code = "proxy_unavailable"
    status = 502
    title = "The region's proxy is unavailable"


class JavascriptError(RenderError):
    code = "javascript_error"
    status = 422
    title = "The capture's script failed"


class SelectorNotFound(RenderError):
    code = "selector_not_found"
    status = 422
    title = "Selector matched nothing"

    def __init__(self, field: str, selector: str) -> None:
        super().__init__(
            f"{field} {selector!r} matched nothing on the loaded page",
            errors=(FieldError(field, self.code, "matched nothing"),),
        )


class ResultTooLarge(RenderError):
    code = "result_too_large"
    status = 422
    title = "Result too large"


class QualityFailed(RenderError):
    """A warning the request listed in `failOn` was raised: the capture is not delivered, and costs no quota."""

    code = "quality_failed"
    status = 422
    title = "Capture failed its quality checks"

    def __init__(self, warnings: list[dict[str, str]]) -> None:
        super().__init__("the capture raised " + ", ".join(f"{w['code']} ({w['detail']})" for w in warnings)
                         + ", which failOn lists")
        self.warnings = warnings

    def extra(self) -> dict[str, Any]:
        return {"warnings": self.warnings}


class TargetStatusRejected(RenderError):
    code = "target_status_rejected"
    status = 422
    title = "Target answered a rejected status"

    def __init__(self, target_status: int) -> None:
        super().__init__(f"the page answered {target_status}, which failOnStatus lists")
        self.target_status = target_status

    def extra(self) -> dict[str, Any]:
        return {"targetStatus": self.target_status}
