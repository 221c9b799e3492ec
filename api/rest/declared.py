"""The table of routes (api/rest/declaring.py says what a declaration holds), and the lookups the app makes in it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from quart import Blueprint, g, request

from actors.accounts import Principal
from api.pipeline import admit, services
from api.rest.declared_captures import CAPTURE_ROUTES
from api.rest.declared_service import SERVICE_ROUTES
from api.rest.declaring import Route
from engine.rules.ratelimit import RateDecision

Handler = TypeVar("Handler", bound=Callable[..., Any])
ROUTES = CAPTURE_ROUTES + SERVICE_ROUTES
BY_ENDPOINT = {route.endpoint: route for route in ROUTES}
assert len(BY_ENDPOINT) == len(ROUTES)


def route(blueprint: Blueprint, name: str) -> Callable[[Handler], Handler]:
    """Register the handler at the rule and method its declaration names (`blueprint.name`)."""
    declared = BY_ENDPOINT[f"{blueprint.name}.{name}"]

    def register(handler: Handler) -> Handler:
        assert handler.__name__ == name, (handler.__name__, name)
        return blueprint.route(declared.rule, methods=[declared.method])(handler)
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
