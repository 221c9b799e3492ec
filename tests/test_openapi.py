"""The OpenAPI document: valid 3.1, complete, and true of the running service.

The fuzzing half runs schemathesis against the live service on loopback. The
fuzzed workspace has a monthly quota of 0, so a generated request that passes
validation, entitlements and the destination rules stops at 429
`quota_exceeded` before any rendering: random HTML with a `waitForSelector`
that never matches would only end in 504 after `timeoutMs`, which says
nothing about the document. Generated URLs never reach the network either:
the test service allows only the fixture site and resolves names from a hosts
file (`tests/conftest.py`), which `test_generated_destinations_are_refused`
pins. Successful captures are held against the document with real renders of
a fixture page instead.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

import httpx
import orjson
import pytest
import schemathesis
from openapi_spec_validator import OpenAPIV31SpecValidator
from schemathesis import Case
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.app import create_app
from api.pipeline import Services
from api.rest.openapi import openapi_document
from engine.operations.settings import Settings
from engine.records.replies import REPLIES
from engine.rules.errors import (
    ApiProblem,
    BatchTooLarge,
    CaptureError,
    IdempotencyConflict,
    IdempotencyKeyReused,
    InvalidIdempotencyKey,
    ResourceError,
    concrete_errors,
)
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer
from tests.test_contract import NOT_YET_ROUTES, routes

ROUTES = routes() - set(NOT_YET_ROUTES)  # what API.md names and is built (tests/test_contract.py)
# Refused only by the job routes: the screenshot route never sees an Idempotency-Key or a batch.
JOB_ONLY = {BatchTooLarge, InvalidIdempotencyKey, IdempotencyKeyReused, IdempotencyConflict}
# The business plan allows 600 requests a minute per key; a fresh key well before that
# keeps 429 rate_limited from standing in for the answers the fuzzer is after.
REQUESTS_PER_KEY = 300
CONFIG = schemathesis.Config.from_dict({
    "seed": 20261121,
    "generation": {"max-examples": 25, "deterministic": True, "database": "none"},
    "suppress-health-check": ["too_slow"],  # a slow machine is no finding
    "request-timeout": 90,
    "checks": {
        # The document cannot promise that a schema-valid capture is accepted: the test
        # service refuses every URL but the fixture site's (422), and the quota is 0 (429).
        "positive_data_acceptance": {"enabled": False},
        # A string past its maxLength (javascript: 256 K characters, each up to 12 bytes of JSON escapes) can
        # outgrow max_body_bytes first: refused unread with 413 payload_too_large, which is a rejection too.
        "negative_data_rejection": {"expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "413",
                                                          "415", "422", "428", "429", "5xx"]},
    },
})
# The same document the service serves (test_served_document_is_the_built_one pins that);
# schemathesis needs it at collection, before the session's service exists.
schema = schemathesis.openapi.from_dict(openapi_document(), config=CONFIG)


class KeyRing:
    """API keys of one business workspace with no quota, a fresh one every REQUESTS_PER_KEY."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.workspace = service.workspace("business", quota=0)
        self.current, self.used = self.workspace.key, 0

    def next(self) -> str:
        if self.used == REQUESTS_PER_KEY:
            created = self.service.cli("key", "create", "--workspace", self.workspace.id)
            self.current = created[0]["key"]
            self.used = 0
        self.used += 1
        return self.current


@pytest.fixture(scope="module")
def keys(service: Service) -> KeyRing:
    return KeyRing(service)


@pytest.fixture(scope="module")
def served(service: Service) -> dict[str, Any]:
    answer = service.client.get("/api/openapi.json")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    document: dict[str, Any] = answer.json()
    return document


def test_served_document_is_valid_openapi_3_1(served: dict[str, Any]) -> None:
    assert served["openapi"].startswith("3.1.")
    errors = [str(e.message) for e in OpenAPIV31SpecValidator(served).iter_errors()]
    assert errors == []


def test_served_document_is_the_built_one(served: dict[str, Any]) -> None:
    assert served == orjson.loads(orjson.dumps(openapi_document()))


def test_every_route_is_described(served: dict[str, Any]) -> None:
    # The factory only wires the actors into the app; nothing here serves a request.
    idle: Any = None
    app = create_app(Services(Settings(), *[idle] * (len(fields(Services)) - 1)))
    serving = {(method, re.sub(r"<[^>]+>", "{id}", rule.rule)) for rule in app.url_map.iter_rules()
               for method in rule.methods or () if method not in {"HEAD", "OPTIONS"}
               and (rule.rule.startswith("/api/") or rule.rule in {"/healthz", "/readyz"})}  # not the dashboard
    described = {(method.upper(), path)
                 for path, item in served["paths"].items() for method in item}
    assert serving == {(method, re.sub(r"\{[^}]+\}", "{id}", path)) for method, path in ROUTES}
    assert described == ROUTES


def test_every_json_answer_is_described_by_the_model_it_is_sent_through(served: dict[str, Any]) -> None:
    """The routes serialise through engine.records.replies; the document's schemas are those models'."""
    schemas = served["components"]["schemas"]
    for reply in REPLIES:
        assert schemas[reply.__name__]["properties"].keys() == {
            field.alias or name for name, field in reply.model_fields.items()}, reply.__name__
    answers = {response["content"]["application/json"]["schema"].get("$ref", "").rsplit("/", 1)[-1]
               for item in served["paths"].values() for operation in item.values()
               for status, response in operation["responses"].items()
               if status.startswith("2") and "application/json" in response.get("content", {})}
    assert answers - {""} == {reply.__name__ for reply in REPLIES} - {"Problem"}
    problems = {response["content"]["application/problem+json"]["schema"]["$ref"]
                for item in served["paths"].values() for operation in item.values()
                for response in operation["responses"].values() if "application/problem+json" in response.get(
                    "content", {})}
    assert problems == {"#/components/schemas/Problem"}


def test_every_error_code_is_in_the_problem_schema(served: dict[str, Any]) -> None:
    documented = set(served["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])
    emitted = {cls.code for cls in concrete_errors(CaptureError) + concrete_errors(ApiProblem)
               + concrete_errors(ResourceError)}
    assert emitted - documented == set()


def test_every_error_status_is_a_documented_response(served: dict[str, Any]) -> None:
    responses = served["paths"]["/api/screenshot"]["post"]["responses"]
    for cls in concrete_errors(CaptureError):
        documented = served["paths"]["/api/jobs"]["post"]["responses"] if cls in JOB_ONLY else responses
        assert str(cls.status) in documented, cls.__name__
        content = documented[str(cls.status)]["content"]
        assert list(content) == ["application/problem+json"], cls.__name__
    every = [str(status) for item in served["paths"].values() for op in item.values() for status in op["responses"]]
    for cls in concrete_errors(ResourceError):
        assert str(cls.status) in every, cls.__name__
    for path, item in served["paths"].items():
        for method, operation in item.items():
            expected = {"500"} if operation.get("security") == [] else {"401", "429", "500"}
            assert expected <= set(operation["responses"]), (method, path)


def test_generated_destinations_are_refused(service: Service, site: FixtureServer) -> None:
    # A fuzzed URL is a random string: none can name the fixture site's host and port.
    client, port = service.client, site.server_address[1]
    # A workspace of its own: the fuzzer's, run first in a shuffled order, may have spent its minute's budget.
    headers = service.workspace("business", quota=0).headers
    for url, code in [
        ("http://example.com/", "destination_unresolvable"),
        ("https://93.184.216.34/", "destination_forbidden"),
        ("http://[2606:4700::1111]/", "destination_forbidden"),
        ("http://127.0.0.1/", "destination_forbidden"),
        (f"http://127.0.0.1:{port - 1}/", "destination_forbidden"),
        ("ftp://fixture.test/", "destination_forbidden"),
        ("a", "destination_forbidden"),
    ]:
        answer = client.post("/api/screenshot", json={"url": url}, headers=headers)
        assert (answer.status_code, answer.json()["code"]) == (422, code), url
    # and what passes every rule stops at the quota, before a renderer is asked
    for body in ({"url": f"http://fixture.test:{port}/simple"}, {"html": "<p>hi</p>"}):
        answer = client.post("/api/screenshot", json=body, headers=headers)
        assert (answer.status_code, answer.json()["code"]) == (429, "quota_exceeded"), body


def test_out_of_calendar_dates_are_invalid_requests(pro: Workspace) -> None:
    for query in ({"to": "0001-01-01"}, {"to": "9999-12-31"}, {"from": "0001-01-01T00:00:00+05:00"},
                  {"from": "2026-01-01", "to": "9999-12-31T23:59:59-05:00"}):
        answer = pro.get("/api/analytics", **query)
        assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request"), query


@schema.parametrize()
def test_service_conforms_to_its_document(case: Case, service: Service, keys: KeyRing) -> None:
    case.call_and_validate(base_url=service.url, headers={"x-api-key": keys.next()})


@pytest.mark.parametrize(("fmt", "content_type"), [
    ("png", "image/png"), ("html", "text/html; charset=utf-8"), ("pdf", "application/pdf"),
])
def test_captures_conform_to_the_document(
    pro: Workspace, site: FixtureServer, fmt: str, content_type: str,
) -> None:
    body = {"url": f"{site.base}/simple", "format": fmt}
    answer = pro.capture(**body)
    assert (answer.status_code, answer.headers["content-type"]) == (200, content_type), answer.text
    conform(schema["/api/screenshot"]["POST"].Case(body=body), answer)


def test_error_answers_conform_to_the_document(service: Service, pro: Workspace) -> None:
    post, client = schema["/api/screenshot"]["POST"], service.client
    as_json = {**pro.headers, "content-type": "application/json"}
    answers = [
        (401, schema["/api/usage"]["GET"].Case(), client.get("/api/usage")),
        (422, schema["/api/analytics"]["GET"].Case(query={"groupBy": "week"}),
         pro.get("/api/analytics", groupBy="week")),
        (400, post.Case(body={}), client.post("/api/screenshot", content=b"{", headers=as_json)),
        (415, post.Case(body={}), client.post("/api/screenshot", content=b"", headers=pro.headers)),
        (422, post.Case(body={"url": "a"}), pro.capture(url="a")),
    ]
    for status, case, answer in answers:
        assert answer.status_code == status, answer.text
        conform(case, answer)


def conform(case: Case, answer: httpx.Response) -> None:
    """The document's word on this answer: status, content type, headers and body."""
    case.validate_response(answer, checks=[
        not_a_server_error, status_code_conformance, content_type_conformance,
        response_headers_conformance, response_schema_conformance,
    ])
