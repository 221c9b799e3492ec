"""The QuartTrio application factory: request ids, authentication, rate limits, error envelope."""

from __future__ import annotations

import functools
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

import trio
from quart import Response, current_app, g, request
from quart_trio import QuartTrio
from werkzeug.exceptions import HTTPException
from werkzeug.exceptions import MethodNotAllowed as RouteMethodNotAllowed
from werkzeug.routing import BaseConverter
from werkzeug.sansio.utils import get_current_url, get_host

from actors.accounts import AccountDirectory, Principal
from actors.database import STUCK_S
from actors.eventlog import EventLog
from actors.intake import Delivery, Intake
from actors.jobs import Jobs
from actors.ledger import QuotaLedger
from api.problems import (
    BadRequest,
    InternalError,
    MethodNotAllowed,
    NotFound,
    Unauthenticated,
    problem_response,
)
from engine.errors import PayloadTooLarge, Problem
from engine.keys import new_id
from engine.settings import Settings

PUBLIC_PATHS = ("/api/openapi.json",)
DRAIN_S = 5.0
SIGNED_PREFIX = "/api/results/"  # a signed URL is its own authorisation
CAPTURE_ROUTES = ("/api/screenshot", "/api/jobs", "/api/jobs/batch")  # refusals here are capture attempts


JOB_ID = r"job_[0-9a-zA-Z]{1,64}"
STATUS_READ = re.compile(rf"/api/jobs/{JOB_ID}")  # polled: it draws on the workspace's read budget


class JobIdConverter(BaseConverter):
    """A job id in a path: `/api/jobs/batch` is the batch route, never a job called "batch"."""

    regex = JOB_ID


@dataclass(frozen=True)
class Services:
    settings: Settings
    accounts: AccountDirectory
    intake: Intake
    jobs: Jobs
    ledger: QuotaLedger
    event_log: EventLog


def create_app(services: Services) -> QuartTrio:
    from api import dashboard, routes, status_reads  # they import the app's helpers; keep the cycle one-way

    # no static folder: the API serves its routes only, never files from the working directory
    app = QuartTrio("capture", static_folder=None)
    app.url_map.converters["job"] = JobIdConverter
    app.config["MAX_CONTENT_LENGTH"] = services.settings.max_body_bytes
    app.extensions["services"] = services
    app.before_request(_identify)
    app.after_request(_stamp)
    app.register_error_handler(Problem, _problem)
    app.register_error_handler(HTTPException, _http_error)
    app.register_blueprint(routes.blueprint)
    app.register_blueprint(dashboard.blueprint)
    # Polled many times per job: the plain case of GET /api/jobs/{id} is answered beneath Quart.
    app.asgi_app = status_reads.StatusReads(app.asgi_app, services)  # type: ignore[method-assign,assignment]
    return app


def services() -> Services:
    found: Services = current_app.extensions["services"]
    return found


def delivering(delivery: Delivery, payload: bytes) -> AsyncIterator[bytes]:
    """A response body carrying a capture: delivered once the client has it, a failed delivery otherwise."""
    intake = services().intake  # now: the body is sent after the app context is gone

    async def body() -> AsyncIterator[bytes]:
        # Quart asks for the next chunk only after the previous one was handed to the
        # connection, so reaching the line after `yield` means the client has the bytes.
        handed_over = False
        try:
            yield payload
            handed_over = True
        finally:
            # Past STUCK_S the capture goes unrecorded and its quota stays reserved until the next start.
            with trio.move_on_after(STUCK_S, shield=True):
                if handed_over:
                    await intake.delivered(delivery)
                else:
                    await intake.delivery_failed(delivery, "the client went away")
    return body()


def base_url() -> str:
    """Where users reach this service: `public_url`, else the host the request came to; no trailing slash."""
    public_url = services().settings.public_url
    if public_url:
        return public_url.rstrip("/")
    return host_url(request.scheme, request.headers.get("host"), request.server)


def host_url(scheme: str, host_header: str | None, server: Sequence[Any] | None) -> str:
    """`scheme://host[:port]` of a request, by werkzeug's rules for the Host header (as `request.host_url`)."""
    return _host_url(scheme, host_header, tuple(server) if server else None)


@functools.lru_cache(maxsize=64)  # a service is reached under a few names; werkzeug's rules cost 3 % of a request
def _host_url(scheme: str, host_header: str | None, server: tuple[str, int | None] | None) -> str:
    return get_current_url(scheme, get_host(scheme, host_header, server)).rstrip("/")


def principal() -> Principal:
    found: Principal = g.principal
    return found


async def _identify() -> None:
    g.request_id = new_id("req")
    g.rate = None
    if (not request.path.startswith("/api/") or request.path in PUBLIC_PATHS
            or request.path.startswith(SIGNED_PREFIX)):
        return
    g.principal = _authenticate()
    g.rate = await services().intake.admit(
        g.principal, g.request_id, capture=request.method == "POST" and request.path in CAPTURE_ROUTES,
        read=request.method in ("GET", "HEAD") and STATUS_READ.fullmatch(request.path) is not None)


def api_key(header: Callable[[str], str | None]) -> str | None:
    """The key a request sends, in x-api-key or as a Bearer token; `header` reads one header by its lowercase name."""
    key = header("x-api-key")
    if key is None:
        scheme, _, token = (header("authorization") or "").partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            key = token.strip()
    return key


def _authenticate() -> Principal:
    key = api_key(request.headers.get)
    if not key:
        raise Unauthenticated("send an API key in x-api-key or Authorization: Bearer")
    found = services().accounts.authenticate(key)
    if found is None:
        raise Unauthenticated("the API key is unknown or revoked")
    return found


async def _stamp(response: Response) -> Response:
    if not await _drain_body() and request.http_version in ("1.0", "1.1"):
        # The connection cannot be recycled: say so, so that the client sends its next request on
        # a new one instead of waiting on this one for an answer (a 413 after a 1 MiB body did).
        response.headers["connection"] = "close"
    response.headers["x-request-id"] = g.get("request_id") or new_id("req")
    if g.get("rate") is not None:
        response.headers.update(g.rate.headers())
    return response


async def _drain_body() -> bool:
    """Wait for the rest of a request body the answer did not need (a 401, a bad header); True
    when the request is complete.

    Hypercorn recycles a keep-alive connection only if the request was complete when the
    answer ended; otherwise it closes it, and a client that sent its next request on it
    meanwhile waits for an answer that never comes. Bodies are capped (max_body_bytes),
    so reading the rest costs little; a slow or oversized one is left to the close.
    """
    if g.get("body_read") or (not request.content_length and "transfer-encoding" not in request.headers):
        return True  # the route read it all, or nothing came after the head (most GETs): nothing to wait for
    with trio.move_on_after(DRAIN_S), suppress(Exception):
        await request.body
        return True
    return False


async def _problem(error: Problem) -> Response:
    return problem_response(error, g.get("request_id") or new_id("req"))


async def _http_error(error: HTTPException) -> Response:
    """Quart's own refusals (routing, body size) and unhandled faults in the API's envelope."""
    problem: Any
    if isinstance(error, RouteMethodNotAllowed):
        allowed = sorted(error.valid_methods or [])
        problem = MethodNotAllowed(f"{request.method} is not allowed on {request.path}", allowed)
    elif error.code == 413:
        limit = services().settings.max_body_bytes
        problem = PayloadTooLarge(f"the body is larger than {limit} bytes")
    elif error.code == 404:
        problem = NotFound(f"no route {request.path}")
    elif (error.code or 500) >= 500:
        # an unhandled exception (already logged with its traceback) must stay a 5xx, never a 400
        problem = InternalError("the service failed to handle this request")
    else:
        problem = BadRequest(error.description or "the request could not be read")
    return problem_response(problem, g.get("request_id") or new_id("req"))
