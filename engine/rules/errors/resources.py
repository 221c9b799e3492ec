"""A job, a result or a workspace thing, asked for in a way that cannot be served."""

from __future__ import annotations

from typing import Any

from engine.rules.errors.problem import Problem


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


class MonitorNotFound(NotFoundError):
    def __init__(self, monitor_id: str) -> None:
        super().__init__(f"no monitor {monitor_id} in this workspace")


class MonitorLimitReached(ResourceError):
    code = "monitor_limit_reached"
    status = 403
    title = "Monitor limit reached"

    def __init__(self, limit: int, plan: str) -> None:
        super().__init__(f"this workspace has {limit} monitors, as many as the {plan} plan allows; delete one first")
        self.limit = limit

    def extra(self) -> dict[str, Any]:
        return {"limit": self.limit}


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
