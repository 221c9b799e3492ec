"""The route table: each handler declares its route where it is written (`declare`): who may call it, what it
spends, what it answers and the errors it is refused with, as the error classes themselves.

The table drives three things that used to be kept apart by hand: the blueprint registers the handler at its
declared method and path, the one admission pipeline (api/app.py, api/rest/status_reads.py) authenticates and
takes the declared budget, and the OpenAPI document (api/rest/openapi.py) describes each operation, its refusals'
statuses taken from their classes.

access:
    key            an API key (x-api-key or Bearer)
    render_link    a render link's signature, with its key's signing secret
    signed_result  a signed, expiring result URL
    session        a dashboard session (the dashboard checks it; the route says what it spends)
    public         nobody in particular
budget:
    capture        the key's and the workspace's requests per minute; a refusal is a failed capture attempt
    plain          the same budgets, for any other call
    read           the workspace's read budget (status reads), ten times as large
    download       the result's workspace's read budget
    link           the render link key's own budget; an answer from the cache takes nothing
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from quart import Blueprint, g, request

from actors.accounts import Principal
from api.pipeline import admit, services
from api.rest.openapi_parts import COMMON_ERRORS, INTERNAL_ERROR, RETRY_AFTER, authenticated, problem
from engine.rules.errors import Problem
from engine.rules.ratelimit import RateDecision

ACCESS = ("key", "render_link", "signed_result", "session", "public")
BUDGETS = ("capture", "plain", "read", "download", "link")
# A captured page's HTML (or an SVG-sniffing browser) must never run in the service's origin, where the dashboard's
# session lives: what a sandboxed route answers carries these (api/app.py adds them)
SANDBOXED = {"content-security-policy": "sandbox; default-src 'none'", "x-content-type-options": "nosniff"}
Handler = TypeVar("Handler", bound=Callable[..., Any])


@dataclass(frozen=True)
class Refused:
    """A refusal a route declares: its error class (which gives the code and the status), why the route answers
    it, and any headers it carries besides the route's own."""

    error: type[Problem]
    why: str = ""
    headers: Mapping[str, Any] = field(default_factory=dict)

    @property
    def said(self) -> str:
        return f"{self.error.code}: {self.why}" if self.why else self.error.code


@dataclass(frozen=True)
class Route:
    method: str
    path: str  # one path, "{name}" for a parameter: the document's, and the rule's with `params`
    endpoint: str  # blueprint.handler
    access: str
    budget: str | None
    summary: str = ""
    operation_id: str = ""  # empty: not an operation of the API's document (a dashboard form)
    refusals: tuple[Refused | type[Problem], ...] = ()
    operation: Mapping[str, Any] = field(default_factory=dict)  # description, parameters, body, the answers that
    #                                                             are not refusals
    params: Mapping[str, str] = field(default_factory=dict)  # a parameter's converter and argument ("job:job_id")
    sandboxed: bool = False  # answers a capture's bytes: never run in the service's origin (SANDBOXED's headers)

    def __post_init__(self) -> None:
        assert self.access in ACCESS, self
        assert self.budget is None or self.budget in BUDGETS, self

    @property
    def documented(self) -> bool:
        return bool(self.operation_id)

    @property
    def rule(self) -> str:
        """Quart's rule: each parameter with its converter and the handler's argument name."""
        return re.sub(r"\{(\w+)\}", lambda found: f"<{self.params.get(found[1], found[1])}>", self.path)

    def errors(self) -> dict[str, list[Refused]]:
        """The declared refusals by status, the status their error class answers with."""
        grouped: dict[str, list[Refused]] = {}
        for refusal in self.refusals:
            refused = refusal if isinstance(refusal, Refused) else Refused(refusal)
            grouped.setdefault(str(refused.error.status), []).append(refused)
        return grouped

    def responses(self) -> dict[str, Any]:
        """Its answers, and its refusals: those its access brings, then those it declares."""
        keyed = self.access == "key"
        refusals = {}
        for status, refused in self.errors().items():
            headers = {name: header for r in refused for name, header in
                       {**(RETRY_AFTER if r.error.retrying else {}), **r.headers}.items()}
            said = "; ".join(r.said for r in refused)
            refusals[status] = authenticated(said, headers) if keyed else problem(said, headers)
        return {**self.operation.get("responses", {}), **(COMMON_ERRORS if keyed else INTERNAL_ERROR), **refusals}

    def document(self) -> dict[str, Any]:
        """The route's operation in the OpenAPI document."""
        described: dict[str, Any] = {"summary": self.summary, "operationId": self.operation_id}
        if self.access != "key":
            described["security"] = []
        return {**described, **self.operation, "responses": self.responses()}


ROUTES: list[Route] = []  # filled as the handlers' modules are read
BY_ENDPOINT: dict[str, Route] = {}


def declare(blueprint: Blueprint, method: str, path: str, *, access: str, budget: str | None, summary: str = "",
            operation_id: str = "", refusals: tuple[Refused | type[Problem], ...] = (),
            operation: Mapping[str, Any] | None = None,
            params: Mapping[str, str] | None = None, sandboxed: bool = False) -> Callable[[Handler], Handler]:
    """Declare the handler's route and register the handler at it (`blueprint.handler` is its endpoint)."""
    def register(handler: Handler) -> Handler:
        route = Route(method, path, f"{blueprint.name}.{handler.__name__}", access, budget, summary, operation_id,
                      refusals, operation or {}, params or {}, sandboxed)
        assert route.endpoint not in BY_ENDPOINT, route.endpoint
        ROUTES.append(route)
        BY_ENDPOINT[route.endpoint] = route
        return blueprint.route(route.rule, methods=[method])(handler)
    return register


def declared(endpoint: str | None) -> Route | None:
    """The declaration of a matched endpoint (None: no route matched, or an undeclared one)."""
    return BY_ENDPOINT.get(endpoint) if endpoint is not None else None


async def spend(who: Principal) -> RateDecision:
    """What a dashboard form spends of its workspace's API budgets, as its route declares (`who`: the principal
    the form acts as, which the dashboard found from its session)."""
    route = BY_ENDPOINT[request.endpoint or ""]
    assert route.access == "session", route
    assert route.budget is not None, route
    return await admit(services().admission, who, g.request_id, route.budget)
