"""The error envelope and the HTTP-level refusals of API.md's error table."""

from __future__ import annotations

import re

import pytest

from engine.rules.errors import GROUPS, Problem, error_classes
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer

ENVELOPE = {"type", "title", "status", "code", "detail", "requestId"}


def test_every_error_declares_its_code_and_no_group_lends_one() -> None:
    """A group with a code would hand it to a subclass that forgot its own (a silent 404 once)."""
    for group in GROUPS:
        assert not {"code", "status", "title"} & set(vars(group)), group.__name__
    concrete = [cls for cls in error_classes(Problem) if cls not in GROUPS]
    assert len(concrete) >= 30
    for cls in concrete:
        assert cls.code.isidentifier(), cls.__name__  # an error without a code raises AttributeError here
        assert 400 <= cls.status < 600, cls.__name__
        assert cls.title.strip(), cls.__name__


def test_problem_envelope_is_pinned(pro: Workspace) -> None:
    answer = pro.capture(url="ftp://127.0.0.1/file")
    assert answer.status_code == 422
    assert answer.headers["content-type"] == "application/problem+json"
    problem = answer.json()
    assert set(problem) == ENVELOPE | {"errors"}
    assert problem["type"] == "/docs/errors#destination_forbidden"
    assert problem["title"] == "Destination not allowed"
    assert problem["status"] == 422
    assert problem["code"] == "destination_forbidden"
    assert problem["requestId"] == answer.headers["x-request-id"]
    assert problem["errors"] == [{"field": "url", "code": "destination_forbidden", "message": problem["detail"]}]


def test_unknown_fields_are_refused_by_name(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=f"{site.base}/simple", fullpage=True, viewport={"widht": 500})
    assert answer.status_code == 422
    problem = answer.json()
    assert problem["code"] == "invalid_request"
    assert {e["field"] for e in problem["errors"]} == {"fullpage", "viewport.widht"}
    assert {e["code"] for e in problem["errors"]} == {"unknown_field"}


def test_malformed_json_is_400(pro: Workspace) -> None:
    answer = pro.service.client.post("/api/screenshot", content=b'{"url": ', headers={
        **pro.headers, "content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["code"] == "malformed_json"


def test_wrong_content_type_is_415(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.service.client.post("/api/screenshot", content=f'{{"url": "{site.base}/simple"}}',
                                     headers={**pro.headers, "content-type": "text/plain"})
    assert answer.status_code == 415
    assert answer.json()["code"] == "unsupported_media_type"


def test_body_over_the_default_five_mebibytes_is_413(pro: Workspace) -> None:
    body = b'{"html": "' + b"x" * (5 * 1024 * 1024) + b'"}'
    answer = pro.service.client.post("/api/screenshot", content=body, headers={
        **pro.headers, "content-type": "application/json"})
    assert answer.status_code == 413
    assert answer.json()["code"] == "payload_too_large"
    assert answer.headers["connection"] == "close"  # the rest of the body is not read: no reuse of it


@pytest.mark.parametrize("headers", [
    {}, {"x-api-key": "cap_not-a-real-key"}, {"authorization": "Bearer"}, {"authorization": "Basic abc"},
])
def test_missing_or_unknown_keys_are_401(service: Service, headers: dict[str, str]) -> None:
    answer = service.client.get("/api/usage", headers=headers)
    assert answer.status_code == 401
    assert answer.headers["www-authenticate"] == "Bearer"
    assert answer.json()["code"] == "unauthenticated"


def test_bearer_works_and_revoked_keys_fail_like_unknown_ones(service: Service) -> None:
    ws = service.workspace("free")
    bearer = {"authorization": f"Bearer {ws.key}"}
    assert service.client.get("/api/usage", headers=bearer).status_code == 200
    service.cli("key", "revoke", ws.key_id)
    answer = service.client.get("/api/usage", headers=bearer)
    assert answer.status_code == 401
    assert answer.json()["code"] == "unauthenticated"


def test_rate_limit_is_429_with_retry_after_and_ratelimit_headers(service: Service) -> None:
    ws = service.workspace("free")  # 10 requests a minute
    answers = [ws.get("/api/usage") for _ in range(11)]
    assert [a.status_code for a in answers[:10]] == [200] * 10
    assert answers[0].headers["ratelimit-limit"] == "10"
    assert answers[0].headers["ratelimit-remaining"] == "9"
    limited = answers[10]
    assert limited.status_code == 429
    assert limited.json()["code"] == "rate_limited"
    assert int(limited.headers["retry-after"]) >= 1
    assert limited.headers["ratelimit-remaining"] == "0"
    assert int(limited.headers["ratelimit-reset"]) >= 1


def test_unknown_routes_are_problem_documents(pro: Workspace) -> None:
    answer = pro.get("/api/nothing-here")
    assert answer.status_code == 404
    assert answer.json()["code"] == "not_found"


def test_the_docstrings_tree_is_the_tree() -> None:
    """engine.rules.errors' docstring draws the error tree by hand: every class of the package stands there under its
    own parent, and a class that declares a code shows its status and code on its line."""
    import engine.rules.errors

    drawn: dict[str, tuple[str | None, str]] = {}  # name → (parent, its line)
    parents: list[str] = []
    for line in [line for line in (engine.rules.errors.__doc__ or "").splitlines() if line.startswith("    ")]:
        found = re.match(r"^((?: {4}|[│├└]\S* *)*)([A-Z]\w+)(?:\((\w+)\))?", line)
        assert found is not None, line
        depth = len(found[1]) // 4
        parents[depth - 1:] = [found[2]]
        drawn[found[2]] = (found[3] or (parents[-2] if len(parents) > 1 else None), line)
    declared = {cls.__name__: cls for cls in error_classes(Problem) if cls.__module__.startswith("engine.rules.errors")}
    assert set(declared) == set(drawn)
    for name, cls in declared.items():
        parent, line = drawn[name]
        assert parent == (None if cls is Problem else cls.__bases__[0].__name__), line
        if "code" in vars(cls):
            assert f"{cls.status} {cls.code}" in line, line
