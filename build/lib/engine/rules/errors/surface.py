"""Errors of the HTTP surface itself: authentication, unknown routes and methods, unreadable requests, faults."""

from __future__ import annotations

from engine.rules.errors.problem import Problem


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
