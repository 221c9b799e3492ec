"""RFC 9457 problem documents: the one error envelope of the API.

Every engine.rules.errors.Problem (the tree is there, the HTTP surface's own errors
included) renders through `problem_response`.
"""

from __future__ import annotations

from quart import Response

from engine.records import replies
from engine.rules.errors import Problem

PROBLEM_TYPE = "application/problem+json"


def problem_document(problem: Problem, request_id: str) -> replies.Problem:
    return replies.Problem.model_validate({
        "type": f"/docs/errors#{problem.code}", "title": problem.title, "status": problem.status,
        "code": problem.code, "detail": problem.detail, "requestId": request_id,
        "errors": [e.as_json() for e in problem.errors] or None, **problem.extra(),
    })


def problem_response(problem: Problem, request_id: str) -> Response:
    response = Response(
        problem_document(problem, request_id).wire(), status=problem.status,
        content_type=PROBLEM_TYPE,
    )
    for name, value in problem.headers().items():
        response.headers[name] = value
    return response
