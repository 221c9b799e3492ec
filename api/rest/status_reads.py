"""`GET /api/jobs/{id}` answered on the ASGI messages, beneath Quart.

A client polls a job's status many times for each capture it orders, and on
this route Quart's request context, hooks and response object cost more than
the answer itself: with wrk over 16 connections here, the route answered
0.55 to 0.6 of what hypercorn serves with an empty app, and 0.65 to 0.9
answered here. So the plain case is
answered here, with the bytes and headers the route would send: a GET with no
body, a known key, a job of the key's workspace, and room in the key's rate
budget. Every other request goes to the app unchanged (no key, an unknown or
foreign job, a rate refusal, a body, HEAD, every other route), so each
refusal keeps its one implementation there. Authentication, admission and the
answer's headers are the app's own steps (api.pipeline), run in the same order.

Nothing here has an effect before the rate budget is taken, and a refused take
takes nothing, so a request passed on is never counted twice.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from api.pipeline import JOB_ID, Services, admit, api_key, authenticate, host_url, stamp
from api.rest.route_table import BY_ENDPOINT
from engine.operations import metrics
from engine.records.keys import new_id
from engine.rules.errors import JobNotFound, RateLimited, Unauthenticated

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
STATUS_READ = BY_ENDPOINT["api.get_job"]
JOB_ROUTE = STATUS_READ.rule  # one metrics label for both ways
ASGIApp = Callable[..., Awaitable[None]]  # Quart types its own more narrowly


class StatusReads:
    """ASGI middleware in front of the app; answers what it can, passes on the rest. Raises nothing of its own."""

    def __init__(self, app: ASGIApp, services: Services) -> None:
        self.app = app
        self._path = re.compile(rf"/api/jobs/({JOB_ID})")
        self._public_url = services.settings.public_url
        self._keys = services.keys
        self._admission = services.admission
        self._jobs = services.jobs

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and not scope.get("root_path"):
            found = self._path.fullmatch(scope["path"])
            answer = await self._answer(scope, found[1]) if found else None
            if answer is not None:
                headers, body = answer
                await send({"type": "http.response.start", "status": 200, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                metrics.count_request(JOB_ROUTE, "GET", 200)
                return
        await self.app(scope, receive, send)

    async def _answer(self, scope: Scope, job_id: str) -> tuple[list[tuple[bytes, bytes]], bytes] | None:
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name, value)  # the first of repeated headers, as Quart's `get` takes it
        if b"content-length" in headers or b"transfer-encoding" in headers:
            return None  # a body to wait for: the app drains it before answering
        try:
            principal = authenticate(self._keys, api_key(lambda name: _text(headers.get(name.encode()))))
            job = self._jobs.job(principal.workspace.id, job_id)  # before admission: the app counts a 404 once
            request_id = new_id("req")
            rate = await admit(self._admission, principal, request_id, STATUS_READ.budget or "read")
        except (Unauthenticated, JobNotFound, RateLimited):
            return None
        body = self._jobs.view(job, self._base_url(scope, headers)).wire()
        return [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                *((name.encode(), value.encode()) for name, value in stamp(request_id, rate).items())], body

    def _base_url(self, scope: Scope, headers: dict[bytes, bytes]) -> str:
        """As `api.app.base_url`, from the scope."""
        if self._public_url:
            return self._public_url.rstrip("/")
        return host_url(scope["scheme"], _text(headers.get(b"host")), scope.get("server"))


def _text(value: bytes | None) -> str | None:
    return value.decode("latin-1") if value is not None else None
