"""The routes each handler declares (api/rest/route_table.py) are the one source: the app registers exactly them,
the document describes exactly them, and only the pipeline applies admission."""

from __future__ import annotations

import ast
import inspect
from dataclasses import fields
from typing import Any

from api.app import create_app
from api.pipeline import Services
from api.rest.openapi import openapi_document
from api.rest.route_table import BY_ENDPOINT, ROUTES
from engine.operations.settings import Settings
from engine.rules.errors import (
    CapacityExhausted,
    IdempotencyConflict,
    JobAlreadyFinished,
    JobNotFound,
    Problem,
    QuotaExceeded,
    RateLimited,
    concrete_errors,
)
from tests.conftest import ROOT

ADMITTING = {"admit", "admit_link", "admit_download"}  # Admission's methods: what a request spends


def test_the_app_registers_each_declared_route_and_no_other_api_route() -> None:
    idle: Any = None
    app = create_app(Services(Settings(), *[idle] * (len(fields(Services)) - 1)))
    registered = {(rule.endpoint, method, rule.rule) for rule in app.url_map.iter_rules()
                  for method in rule.methods or () if method not in {"HEAD", "OPTIONS"}}
    declared = {(route.endpoint, route.method, route.rule) for route in ROUTES}
    assert declared <= registered
    undeclared_api = {entry for entry in registered - declared
                      if entry[2].startswith("/api/") or entry[2] in {"/healthz", "/readyz"}}
    assert undeclared_api == set()


def test_the_document_describes_each_declared_api_route_with_its_declared_refusals() -> None:
    paths = openapi_document()["paths"]
    described = {(method.upper(), path) for path, item in paths.items() for method in item}
    assert described == {(route.method, route.path) for route in ROUTES if route.documented}
    for route in ROUTES:
        if not route.documented:
            continue
        responses = paths[route.path][route.method.lower()]["responses"]
        assert set(route.errors()) <= set(responses), route.endpoint
        assert ("401" in responses) == (route.access in ("key", "render_link")), route.endpoint


def test_each_api_route_declares_who_may_call_it_and_what_it_spends() -> None:
    assert BY_ENDPOINT["api.screenshot"].budget == "capture"
    assert BY_ENDPOINT["api.get_job"].budget == "read"
    assert BY_ENDPOINT["api.render_link"].access == "render_link"
    assert BY_ENDPOINT["api.result"].access == "signed_result"
    assert BY_ENDPOINT["dashboard.playground"].budget == "capture"
    keyed = [route for route in ROUTES if route.access == "key"]
    assert all(route.budget in ("capture", "plain", "read") for route in keyed)


def test_only_the_pipeline_takes_from_the_budgets() -> None:
    """No side doors: a handler never calls Admission itself; the pipeline (or `spend`, for a dashboard form,
    with its route's declared budget) does."""
    callers = set()
    for path in (ROOT / "api").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ADMITTING:
                callers.add(path.name)
    assert callers == {"pipeline.py"}


def test_a_route_is_written_once_and_refused_by_error_classes_whose_statuses_the_document_takes() -> None:
    """One path per route, its rule derived (issue 55): the document's `{id}` is Quart's `<job:job_id>`; a refusal
    is the error class itself, and the document lists it under the status the class answers with."""
    cancel = BY_ENDPOINT["api.cancel_job"]
    assert (cancel.path, cancel.rule) == ("/api/jobs/{id}", "/api/jobs/<job:job_id>")
    assert {status: [r.error for r in refused] for status, refused in cancel.errors().items()} == {
        "404": [JobNotFound], "409": [JobAlreadyFinished]}
    answers = openapi_document()["paths"]["/api/jobs/{id}"]["delete"]["responses"]
    assert answers["409"]["description"] == "job_already_finished: SUCCEEDED, FAILED or EXPIRED"
    assert "retry-after" in answers["429"]["headers"]  # RateLimited's, for every keyed route
    screenshot = openapi_document()["paths"]["/api/screenshot"]["post"]["responses"]
    assert "capacity_exhausted" in screenshot["503"]["description"]
    assert "retry-after" in screenshot["503"]["headers"]  # CapacityExhausted is answered with Retry-After
    assert "quality_failed" in screenshot["422"]["description"]
    jobs = openapi_document()["paths"]["/api/jobs"]["post"]["responses"]
    assert "retry-after" in jobs["409"]["headers"]  # IdempotencyConflict says when to come back
    # each class says whether it is answered with Retry-After, and its answers agree (quota_exceeded is not)
    said = {error for error in concrete_errors(Problem) if "retry-after" in inspect.getsource(error.headers)}
    assert {error for error in concrete_errors(Problem) if error.retrying} == said
    assert {CapacityExhausted, RateLimited, IdempotencyConflict} <= said
    assert QuotaExceeded not in said
    # the answers that carry a capture's bytes declare the sandbox they are answered in
    assert {route.endpoint for route in ROUTES if route.sandboxed} == {"api.render_link", "api.result"}
