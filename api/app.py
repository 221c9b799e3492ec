"""The QuartTrio application factory: its hooks run api.pipeline's steps, and problems become documents."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import trio
from quart import Response, g, request
from quart_trio import QuartTrio
from werkzeug.exceptions import HTTPException
from werkzeug.exceptions import MethodNotAllowed as RouteMethodNotAllowed

from api.dashboard import accounts, playground, web  # noqa: F401 - the pages join web.blueprint
from api.dashboard import monitors as monitor_pages  # noqa: F401 - so do the monitors pages
from api.dashboard import webhooks as webhook_pages  # noqa: F401 - so does the webhooks page
from api.mcp.endpoint import McpEndpoint
from api.pipeline import (
    JobIdConverter,
    ResultIdConverter,
    Services,
    admit,
    admit_download,
    api_key,
    authenticate,
    let_in_by_link,
    needs_key,
    services,
    signed_result,
    stamp,
)
from api.problems import problem_response
from api.rest import status_reads
from api.rest.handling import blueprint as api_blueprint
from api.rest.route_table import SANDBOXED, declared
from engine.operations import metrics
from engine.records.keys import new_id
from engine.rules.errors import BadRequest, InternalError, MethodNotAllowed, NotFound, PayloadTooLarge, Problem

DRAIN_S = 5.0


def create_app(services: Services) -> QuartTrio:
    # no static folder: the API serves its routes only, never files from the working directory
    app = QuartTrio("capture", static_folder=None)
    app.url_map.converters["job"] = JobIdConverter
    app.url_map.converters["result"] = ResultIdConverter
    app.config["MAX_CONTENT_LENGTH"] = services.settings.max_body_bytes
    app.extensions["services"] = services
    app.before_request(_identify)
    app.after_request(_stamp)
    app.register_error_handler(Problem, _problem)
    app.register_error_handler(HTTPException, _http_error)
    app.register_blueprint(api_blueprint)
    app.register_blueprint(web.blueprint)  # with the dashboard's pages on it (api/dashboard/)
    # Polled many times per job: the plain case of GET /api/jobs/{id} is answered beneath Quart.
    app.asgi_app = status_reads.StatusReads(app.asgi_app, services)  # type: ignore[method-assign,assignment]
    # /mcp, the Model Context Protocol for agents, in front: its tools call the routes beneath it.
    app.extensions["mcp"] = app.asgi_app = McpEndpoint(app.asgi_app, services)  # type: ignore[method-assign,assignment]
    return app


async def _identify() -> None:
    """Who calls and what it spends, as the matched route declares (api/rest/route_table.py): the one admission."""
    g.request_id = new_id("req")
    g.rate = None
    route, found, args = declared(request.endpoint), services(), request.view_args or {}
    access = route.access if route is not None else "key" if needs_key(request.path) else "public"
    if access == "key":
        g.principal = authenticate(found.keys, api_key(request.headers.get))
        budget = route.budget if route is not None and route.budget is not None else "plain"
        g.rate = await admit(found.admission, g.principal, g.request_id, budget)
    elif access == "render_link":  # no g.rate: a link spends its own budget and shows no budget or quota
        g.principal, g.link_options = await let_in_by_link(found, g.request_id, args["key_id"], args["signature"],
                                                           args["extension"], list(request.args.items(multi=True)))
    elif access == "signed_result":
        workspace_id, g.result = await signed_result(found, args["result_id"], request.args.get("expires"),
                                                     request.args.get("sig"))
        g.rate = admit_download(found, workspace_id)


async def _stamp(response: Response) -> Response:
    if not await _drain_body() and request.http_version in ("1.0", "1.1"):
        # The connection cannot be recycled: say so, so that the client sends its next request on
        # a new one instead of waiting on this one for an answer (a 413 after a 1 MiB body did).
        response.headers["connection"] = "close"
    response.headers.update(stamp(g.get("request_id") or new_id("req"), g.get("rate")))
    route = declared(request.endpoint)
    if route is not None and route.sandboxed:  # a capture's bytes: a policy the route declares, for every answer
        response.headers.update(SANDBOXED)
    rule = request.url_rule.rule if request.url_rule is not None else metrics.UNMATCHED_ROUTE
    metrics.count_request(rule, request.method, response.status_code)
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
