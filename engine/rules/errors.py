"""The error tree of the API, each concrete error carrying the stable code the API reports.

    Problem                           code, status, title, detail, errors[]: one problem document
    CaptureError(Problem)             (code, status, stage, outcome)
    ├── RequestRejected               the request is refused before any rendering
    │   ├── MalformedJson             400 malformed_json
    │   ├── UnsupportedMediaType      415 unsupported_media_type
    │   ├── PayloadTooLarge           413 payload_too_large
    │   ├── InvalidRequest            422 invalid_request, errors[] per field
    │   ├── UnknownRegion             422 unknown_region (proxy.region names no configured region)
    │   ├── DestinationForbidden      422 destination_forbidden
    │   ├── DestinationUnresolvable   422 destination_unresolvable
    │   ├── CookieDomainMismatch      422 cookie_domain_mismatch
    │   ├── FeatureNotEntitled        403 feature_not_entitled, adds "feature"
    │   ├── QuotaExceeded             429 quota_exceeded, adds "quotaResetsAt"
    │   ├── RateLimited               429 rate_limited, Retry-After
    │   ├── BatchTooLarge             422 batch_too_large
    │   ├── InvalidIdempotencyKey     400 invalid_idempotency_key
    │   ├── IdempotencyKeyReused      422 idempotency_key_reused
    │   └── IdempotencyConflict       409 idempotency_conflict
    ├── CapacityExhausted             503 capacity_exhausted, Retry-After
    ├── StorageFailed                 502 storage_failed (a job's upload to its bucket, after the capture)
    └── RenderError                   the page was reached but the capture failed
        ├── RenderFailed              502 render_failed
        ├── ProxyUnavailable          502 proxy_unavailable (the region's upstream proxy, not the page)
        ├── JavascriptError           422 javascript_error (the request's own script threw)
        ├── NavigationRefused         422 destination_forbidden (a redirect, found while rendering)
        ├── RenderTimeout             504 render_timeout
        ├── SelectorNotFound          422 selector_not_found
        ├── TargetStatusRejected      422 target_status_rejected, adds "targetStatus"
        └── ResultTooLarge            422 result_too_large (max_result_bytes)

    ResourceError(Problem)            a job, a result or a workspace thing, asked for in a way that cannot be served
    ├── NotFoundError                 404 not_found (unknown, or another workspace's)
    │   ├── JobNotFound
    │   └── WebhookNotFound
    ├── Forbidden                     403 forbidden (the caller's workspace role does not allow it)
    ├── JobAlreadyFinished            409 job_already_finished
    ├── InvalidSignature              403 invalid_signature
    └── ResultUrlExpired              410 result_url_expired

    ApiProblem(Problem)               errors of the HTTP surface itself
    ├── Unauthenticated               401 unauthenticated, WWW-Authenticate: Bearer
    ├── BadRequest                    400 bad_request (a request HTTP itself could not read)
    ├── NotFound                      404 not_found (no such route)
    ├── MethodNotAllowed              405 method_not_allowed, Allow
    └── InternalError                 500 internal_error (a fault of the service, never part of a contract)

Problem, CaptureError, RequestRejected, RenderError, ResourceError and
ApiProblem are groups: they carry no code, so an error that forgets to
declare its own has none (tests/test_errors.py walks the tree). Every error
becomes one problem document in `api.problems`; `outcome` and `stage` are
what the analytics event records for a capture error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class FieldError:
    field: str
    code: str
    message: str

    def as_json(self) -> dict[str, str]:
        return {"field": self.field, "code": self.code, "message": self.message}


class Problem(Exception):
    """Anything the API answers with a problem document: a stable code, a status, a detail.

    A group: each concrete error below declares `code`, `status` and `title` itself.
    """

    code: ClassVar[str]
    status: ClassVar[int]
    title: ClassVar[str]

    def __init__(self, detail: str, *, errors: tuple[FieldError, ...] = ()) -> None:
        super().__init__(detail)
        self.detail = detail
        self.errors = errors

    def extra(self) -> dict[str, Any]:
        """Members the problem document adds beyond the common envelope."""
        return {}

    def headers(self) -> dict[str, str]:
        return {}


class CaptureError(Problem):
    outcome: ClassVar[str] = "render_failed"
    stage: str = "render"


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

    def __init__(self, retry_after: int, rate_headers: dict[str, str] | None = None,
                 budget: str = "this key") -> None:
        super().__init__(f"request rate exceeded for {budget}; retry in {retry_after} s")
        self.retry_after = retry_after
        self.rate_headers = rate_headers or {}

    def headers(self) -> dict[str, str]:
        return {**self.rate_headers, "retry-after": str(self.retry_after)}


class CapacityExhausted(CaptureError):
    code = "capacity_exhausted"
    status = 503
    title = "No renderer available"
    stage = "queue"

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


class RenderTimeout(RenderError):
    code = "render_timeout"
    status = 504
    title = "Capture timed out"


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


class TargetStatusRejected(RenderError):
    code = "target_status_rejected"
    status = 422
    title = "Target answered a rejected status"

    def __init__(self, target_status: int) -> None:
        super().__init__(f"the page answered {target_status}, which failOnStatus lists")
        self.target_status = target_status

    def extra(self) -> dict[str, Any]:
        return {"targetStatus": self.target_status}


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

    def headers(self) -> dict[str, str]:
        return {"retry-after": "1"}


class ResourceError(Problem):
    """A job, a result or a workspace thing, asked for in a way that cannot be served."""


class NotFoundError(ResourceError):
    """Unknown, or someone else's: the two are never told apart."""

    code = "not_found"
    status = 404
    title = "Not found"


class JobNotFound(NotFoundError):
    def __init__(self, job_id: str) -> None:
        super().__init__(f"no job {job_id} in this workspace")


class WebhookNotFound(NotFoundError):
    def __init__(self, endpoint_id: str) -> None:
        super().__init__(f"no webhook endpoint {endpoint_id} in this workspace")


class JobAlreadyFinished(ResourceError):
    code = "job_already_finished"
    status = 409
    title = "Job already finished"


class InvalidSignature(ResourceError):
    code = "invalid_signature"
    status = 403
    title = "Signed URL does not match its signature"  # a result download or a render link


class ResultUrlExpired(ResourceError):
    code = "result_url_expired"
    status = 410
    title = "Signed URL expired"


class Forbidden(ResourceError):
    code = "forbidden"
    status = 403
    title = "Not allowed for your role"


class ApiProblem(Problem):
    """Errors of the HTTP surface itself."""


class Unauthenticated(ApiProblem):
    code = "unauthenticated"
    status = 401
    title = "Authentication required"

    def headers(self) -> dict[str, str]:
        return {"www-authenticate": "Bearer"}


class NotFound(ApiProblem):
    code = "not_found"
    status = 404
    title = "Not found"


class BadRequest(ApiProblem):
    code = "bad_request"
    status = 400
    title = "Bad request"


class MethodNotAllowed(ApiProblem):
    code = "method_not_allowed"
    status = 405
    title = "Method not allowed"

    def __init__(self, detail: str, allowed: list[str]) -> None:
        super().__init__(detail)
        self.allowed = allowed

    def headers(self) -> dict[str, str]:
        # RFC 9110 §15.5.6: a 405 must say which methods the resource does support
        return {"allow": ", ".join(self.allowed)}


class InternalError(ApiProblem):
    code = "internal_error"
    status = 500
    title = "Internal error"


GROUPS: tuple[type[Problem], ...] = (Problem, CaptureError, RequestRejected, RenderError, ResourceError, ApiProblem)


def error_classes(root: type[Problem]) -> list[type[Problem]]:
    """`root` and every class below it in the tree."""
    return [root, *(found for sub in root.__subclasses__() for found in error_classes(sub))]


def status_of(code: str) -> int:
    """The HTTP status a capture error's code answers with (a job records only the code); 502 if unknown."""
    return next((c.status for c in concrete_errors(CaptureError) if c.code == code), RenderFailed.status)


def concrete_errors(root: type[Problem]) -> list[type[Problem]]:
    """The errors below `root` that can be raised: every class but the groups."""
    return [c for c in error_classes(root) if c not in GROUPS]
