"""What a route declares: who may call it, what it spends, what it answers and how it is refused.

One table (ROUTES, from api/rest/declared_captures.py and api/rest/declared_service.py) drives three things that used
to be kept apart by hand: the blueprints register each handler at its declared method and rule (`route`),
the one admission pipeline (api/app.py, api/rest/status_reads.py) authenticates and takes the declared budget,
and the OpenAPI document (api/rest/openapi.py) describes each operation with its declared errors.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from api.rest.answers import COMMON_ERRORS, INTERNAL_ERROR, authenticated, problem

ACCESS = ("key", "render_link", "signed_result", "session", "public")
BUDGETS = ("capture", "plain", "read", "download", "link")


@dataclass(frozen=True)
class Route:
    method: str
    rule: str  # Quart's, with converters
    endpoint: str  # blueprint.handler
    access: str
    budget: str | None
    path: str | None = None  # the document's path; None: not an operation of the API's document
    summary: str = ""
    operation_id: str = ""
    errors: Mapping[str, str | dict[str, Any]] = field(default_factory=dict)  # status: "code…: why", or an answer
    operation: dict[str, Any] = field(default_factory=dict)  # description, parameters, body, the answers that are not
    #                                                          refusals

    def __post_init__(self) -> None:
        assert self.access in ACCESS, self
        assert self.budget is None or self.budget in BUDGETS, self

    def responses(self) -> dict[str, Any]:
        """Its answers, and its refusals: those its access brings, then those it declares."""
        keyed = self.access == "key"
        refusals = {status: (authenticated if keyed else problem)(why) if isinstance(why, str) else why
                    for status, why in self.errors.items()}
        return {**self.operation.get("responses", {}), **(COMMON_ERRORS if keyed else INTERNAL_ERROR), **refusals}

    def document(self) -> dict[str, Any]:
        """The route's operation in the OpenAPI document."""
        described: dict[str, Any] = {"summary": self.summary, "operationId": self.operation_id}
        if self.access != "key":
            described["security"] = []
        return {**described, **self.operation, "responses": self.responses()}
