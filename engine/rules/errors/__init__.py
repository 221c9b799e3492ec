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
        ├── NavigationUnresolvable    422 destination_unresolvable (a redirect to a name that does not resolve)
        ├── RenderTimeout             504 render_timeout
        ├── SelectorNotFound          422 selector_not_found
        ├── TargetStatusRejected      422 target_status_rejected, adds "targetStatus"
        ├── QualityFailed             422 quality_failed (a warning failOn lists), adds "warnings"
        └── ResultTooLarge            422 result_too_large (max_result_bytes)

    ResourceError(Problem)            a job, a result or a workspace thing, asked for in a way that cannot be served
    ├── NotFoundError                 404 not_found (unknown, or another workspace's)
    │   ├── JobNotFound
    │   ├── MonitorNotFound
    │   └── WebhookNotFound
    ├── Forbidden                     403 forbidden (the caller's workspace role does not allow it)
    ├── MonitorLimitReached           403 monitor_limit_reached, adds "limit"
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

The classes live by family next to this module: `problem` (the root, the
field error and the capture group), `rejections` (RequestRejected),
`failures` (what goes wrong after a request is accepted), `resources`
(ResourceError) and `surface` (ApiProblem). Import them from here.
"""

from __future__ import annotations

from engine.rules.errors.failures import (
    CapacityExhausted,
    JavascriptError,
    NavigationRefused,
    NavigationUnresolvable,
    ProxyUnavailable,
    QualityFailed,
    RenderError,
    RenderFailed,
    RenderTimeout,
    ResultTooLarge,
    SelectorNotFound,
    StorageFailed,
    TargetStatusRejected,
)
from engine.rules.errors.problem import (
    CaptureError,
    FieldError,
    Problem,
)
from engine.rules.errors.rejections import (
    BatchTooLarge,
    CookieDomainMismatch,
    DestinationForbidden,
    DestinationUnresolvable,
    FeatureNotEntitled,
    IdempotencyConflict,
    IdempotencyKeyReused,
    InvalidIdempotencyKey,
    InvalidRequest,
    MalformedJson,
    PayloadTooLarge,
    QuotaExceeded,
    RateLimited,
    RequestRejected,
    UnknownRegion,
    UnsupportedMediaType,
)
from engine.rules.errors.resources import (
    Forbidden,
    InvalidSignature,
    JobAlreadyFinished,
    JobNotFound,
    MonitorLimitReached,
    MonitorNotFound,
    NotFoundError,
    ResourceError,
    ResultUrlExpired,
    WebhookNotFound,
)
from engine.rules.errors.surface import (
    ApiProblem,
    BadRequest,
    InternalError,
    MethodNotAllowed,
    NotFound,
    Unauthenticated,
)

__all__ = [
    "GROUPS",
    "ApiProblem",
    "BadRequest",
    "BatchTooLarge",
    "CapacityExhausted",
    "CaptureError",
    "CookieDomainMismatch",
    "DestinationForbidden",
    "DestinationUnresolvable",
    "FeatureNotEntitled",
    "FieldError",
    "Forbidden",
    "IdempotencyConflict",
    "IdempotencyKeyReused",
    "InternalError",
    "InvalidIdempotencyKey",
    "InvalidRequest",
    "InvalidSignature",
    "JavascriptError",
    "JobAlreadyFinished",
    "JobNotFound",
    "MalformedJson",
    "MethodNotAllowed",
    "MonitorLimitReached",
    "MonitorNotFound",
    "NavigationRefused",
    "NavigationUnresolvable",
    "NotFound",
    "NotFoundError",
    "PayloadTooLarge",
    "Problem",
    "ProxyUnavailable",
    "QualityFailed",
    "QuotaExceeded",
    "RateLimited",
    "RenderError",
    "RenderFailed",
    "RenderTimeout",
    "RequestRejected",
    "ResourceError",
    "ResultTooLarge",
    "ResultUrlExpired",
    "SelectorNotFound",
    "StorageFailed",
    "TargetStatusRejected",
    "Unauthenticated",
    "UnknownRegion",
    "UnsupportedMediaType",
    "WebhookNotFound",
    "concrete_errors",
    "error_classes",
    "status_of",
]

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

