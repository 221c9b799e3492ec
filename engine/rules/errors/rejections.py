"""A capture request refused before any rendering: its body, its fields, its destination, its plan and budget."""

from __future__ import annotations

from typing import Any

from engine.rules.errors.problem import CaptureError, FieldError


class RequestRejected(CaptureError):
    outcome = "validation_failed"
    stage = "validation"


class InvalidRequest(RequestRejected):
    code = "invalid_request"
    status = 422
    title = "Invalid request"


class UnknownRegion(RequestRejected):
    code = "unknown_region"
    status = 422
    title = "Unknown proxy region"


class DestinationForbidden(RequestRejected):
    code = "destination_forbidden"
    status = 422
    title = "Destination not allowed"
    address: str | None = None  # the address judged: for the operator's event, never in the answer


class DestinationUnresolvable(RequestRejected):
    code = "destination_unresolvable"
    status = 422
    title = "Destination does not resolve"


class CookieDomainMismatch(RequestRejected):
    code = "cookie_domain_mismatch"
    status = 422
    title = "Cookie domain does not match the target"


class FeatureNotEntitled(RequestRejected):
    code = "feature_not_entitled"
    status = 403
    title = "Feature not in plan"
    stage = "entitlement"

    def __init__(self, feature: str, field: str) -> None:
        super().__init__(
            f"{field!r} needs the {feature} feature, which this workspace's plan does not include",
            errors=(FieldError(field, self.code, f"needs plan feature {feature}"),),
        )
        self.feature = feature

    def extra(self) -> dict[str, Any]:
        return {"feature": self.feature}


class QuotaExceeded(RequestRejected):
    code = "quota_exceeded"
    status = 429
    title = "Monthly quota used up"
    stage = "quota"

    def __init__(self, resets_at: str) -> None:
        super().__init__(f"the monthly capture quota is used up until {resets_at}")
        self.resets_at = resets_at

    def extra(self) -> dict[str, Any]:
        return {"quotaResetsAt": self.resets_at}


class RateLimited(RequestRejected):
    code = "rate_limited"
    status = 429
    title = "Too many requests"
    stage = "rate_limit"
    retrying = True

    def __init__(self, retry_after: int, rate_headers: dict[str, str] | None = None,
                 budget: str = "this key") -> None:
        super().__init__(f"request rate exceeded for {budget}; retry in {retry_after} s")
        self.retry_after = retry_after
        self.rate_headers = rate_headers or {}

    def headers(self) -> dict[str, str]:
        return {**self.rate_headers, "retry-after": str(self.retry_after)}


class MalformedJson(RequestRejected):
    code = "malformed_json"
    status = 400
    title = "Body is not valid JSON"


class UnsupportedMediaType(RequestRejected):
    code = "unsupported_media_type"
    status = 415
    title = "Body must be application/json"


class PayloadTooLarge(RequestRejected):
    code = "payload_too_large"
    status = 413
    title = "Body too large"


class BatchTooLarge(RequestRejected):
    code = "batch_too_large"
    status = 422
    title = "Batch too large"


class InvalidIdempotencyKey(RequestRejected):
    code = "invalid_idempotency_key"
    status = 400
    title = "Invalid Idempotency-Key"


class IdempotencyKeyReused(RequestRejected):
    code = "idempotency_key_reused"
    status = 422
    title = "Idempotency-Key used for another request"


class IdempotencyConflict(RequestRejected):
    code = "idempotency_conflict"
    status = 409
    title = "Request with this Idempotency-Key still in progress"
    retrying = True

    def headers(self) -> dict[str, str]:
        return {"retry-after": "1"}
