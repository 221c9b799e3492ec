"""The root of the error tree: a problem document (`Problem`), its field errors, and the capture's group."""

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
    retrying: ClassVar[bool] = False  # answered with Retry-After (its `headers`), which the API document says

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
