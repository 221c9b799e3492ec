"""RFC 9457 problem documents: the one error envelope of the API.

    ApiProblem          errors of the HTTP surface itself
    ├── Unauthenticated   401 unauthenticated, WWW-Authenticate: Bearer
    ├── BadRequest        400 bad_request (a request HTTP itself could not read)
    ├── NotFound          404 not_found
    ├── MethodNotAllowed  405 method_not_allowed, Allow
    └── InternalError     500 internal_error (a fault of the service, never part of a contract)

Every engine.errors.Problem (capture and resource errors too) renders through `problem_response`.
"""

from __future__ import annotations

from typing import Any

import orjson
from quart import Response

from engine.errors import Problem

PROBLEM_TYPE = "application/problem+json"


class ApiProblem(Problem):
    """Errors of the HTTP surface itself."""


class Unauthenticated(ApiProblem):
    code = "unauthenticated"
    status = 401
    title = "Authentication required"

    def headers(self) -> dict[str, str]:
        return {"www-authenticate": "Bearer"}


class NotFound(ApiProblem):
    pass


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


def problem_document(problem: Problem, request_id: str) -> dict[str, Any]:
    document: dict[str, Any] = {
        "type": f"/docs/errors#{problem.code}",
        "title": problem.title,
        "status": problem.status,
        "code": problem.code,
        "detail": problem.detail,
        "requestId": request_id,
    }
    if problem.errors:
        document["errors"] = [e.as_json() for e in problem.errors]
    document.update(problem.extra())
    return document


def problem_response(problem: Problem, request_id: str) -> Response:
    response = Response(
        orjson.dumps(problem_document(problem, request_id)), status=problem.status,
        content_type=PROBLEM_TYPE,
    )
    for name, value in problem.headers().items():
        response.headers[name] = value
    return response
