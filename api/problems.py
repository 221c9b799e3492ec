"""RFC 9457 problem documents: the one error envelope of the API.

Every engine.errors.Problem (the tree is there, the HTTP surface's own errors
included) renders through `problem_response`.
"""

from __future__ import annotations

from typing import Any

import orjson
from quart import Response

from engine.errors import Problem

PROBLEM_TYPE = "application/problem+json"


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
