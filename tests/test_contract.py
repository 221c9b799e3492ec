"""The service against API.md itself: its tables read, the OpenAPI document and live answers held to them.

`tests/contract/API.md` is the contract as this code was built against it;
when `../shared/API.md` is present it must be the same text (a change to the
contract then shows up here first). What API.md names but no issue has built
yet is listed in NOT_YET with the issue that builds it, and checked to be
really absent, so an entry cannot outlive its feature.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from actors.accounts import HashingBusy, LoginThrottled
from api.rest.openapi import openapi_document
from engine.records.charts import LABELS
from engine.records.jobs import TERMINAL
from engine.rules.errors import ApiProblem, CaptureError, Problem, ResourceError, concrete_errors
from engine.rules.plans import FEATURES, load_plans
from engine.rules.quality import WARNING_CODES
from tests.conftest import ROOT, Service, Workspace
from tests.fixture_site import FixtureServer
from tests.quality import labelled  # noqa: F401 - registers the quality fixtures

CONTRACT = ROOT / "tests" / "contract" / "API.md"
SHARED = ROOT.parent / "shared" / "API.md"
TEXT = CONTRACT.read_text()

# Named by API.md, built by a later issue: (method, path) or error code → issue number.
# This round's rows (API.md of 2026-11-25), all built: `format` markdown, mp4 and gif, `video` in mp4 and gif,
# `pdf`'s templates, outline and tagged, `resize`, `block` and x-blocked-requests (issue 40); `waitUntil`
# networkidle's definition; the OpenAPI document that generators read and `/mcp` (38); `run.py export` (39);
# the render_timeout's `phase` and `pending`, groupBy=warning, `quality` in json answers, jobs and webhooks,
# failOn and bestAttempt (36); render links signing `format` with their own budget, bucket keys under the
# workspace and error messages without internal addresses (33).
# This round's (API.md of 2026-11-28): Monitors, their routes, `monitor_limit_reached` and `mask` (issue 57);
# `stylesheets_failed`, blank and images_incomplete redefined, fonts awaited, `html` up to the body limit of
# 5 MiB and destination_unresolvable for a page's own redirects (issue 53).
NOT_YET_ROUTES: dict[tuple[str, str], int] = {}  # the monitors' runs: built (issue 57)
NOT_YET_PATHS: dict[str, int] = {}  # a path API.md names without a METHOD
NOT_YET_CODES: dict[str, int] = {}
NOT_YET_FIELDS: dict[str, int] = {}  # capture request fields (`mask`, issue 57, built)
NOT_YET_WARNINGS: dict[str, int] = {}  # quality codes
NOT_YET_FEATURES: dict[str, int] = {}  # plan features (`monitors`, issue 57: in the plans, its routes to come)
NOT_YET_HEADERS: dict[str, int] = {}  # of a capture's answer
NOT_YET_JOB_FIELDS: dict[str, int] = {}
# Where API.md is silent: HTTP's own refusals and a fault of the service, in the same envelope.
BEYOND_API_MD = {"bad_request": 400, "method_not_allowed": 405, "internal_error": 500}
# Answered by the dashboard's pages rather than a problem document.
DASHBOARD_ERRORS: list[Any] = [HashingBusy, LoginThrottled]


def section(heading: str) -> str:
    """The text from a heading line that starts with `heading` to the next heading."""
    start = TEXT.index(f"\n{heading}") + 1
    following = re.compile(r"^#{2,3} ", re.M).search(TEXT, start + len(heading))
    return TEXT[start:following.start() if following else len(TEXT)]


def error_table() -> dict[str, int]:
    return {code: int(status) for status, code in re.findall(r"^\| (\d{3}) \| `(\w+)` \|", TEXT, re.M)}


def routes() -> set[tuple[str, str]]:
    """Every `METHOD /path` API.md names (`GET|PATCH|DELETE /x` is three), and the signed download's form."""
    found = set()
    for methods, path in re.findall(r"(?:`|^### )((?:GET|POST|PATCH|DELETE)(?:\|(?:GET|POST|PATCH|DELETE))*)\s+"
                                    r"(/[^\s`?]+)", TEXT, re.M):  # a line may break between the two
        found |= {(method, path) for method in methods.split("|")}
    found |= {("GET", path) for path in re.findall(r"`(/api/results/\{id\})\?", TEXT)}
    return found


def shape(text: str) -> dict[str, Any]:
    """The field names of a body as API.md sketches it: `{"a", "b": {"c"}, "d": [{"e"}, …]}` → nested dict."""
    tokens = re.findall(r'"(\w+)"|([{}])', re.sub(r':\s*"[^"]*"', "", text))
    position = 0

    def obj() -> dict[str, Any]:
        nonlocal position
        assert tokens[position][1] == "{"
        position += 1
        fields: dict[str, Any] = {}
        while tokens[position][1] != "}":
            name = tokens[position][0]
            position += 1
            fields[name] = obj() if tokens[position][1] == "{" else None
        position += 1
        return fields
    return obj()


def body_after(anchor: str) -> dict[str, Any]:
    """The body sketched in the first backticked `{…}` after `anchor`."""
    start = TEXT.index(anchor)
    sketch = re.compile(r"`(\{.*?\})`", re.S).search(TEXT, start)
    assert sketch is not None, anchor
    return shape(sketch[1])


def keys(value: dict[str, Any]) -> dict[str, Any]:
    """A JSON answer reduced to its field names, nested objects (and the first of a list's) included."""
    shaped: dict[str, Any] = {}
    for name, item in value.items():
        if isinstance(item, list) and item and isinstance(item[0], dict):
            item = item[0]
        shaped[name] = keys(item) if isinstance(item, dict) else None
    return shaped


def test_the_contract_here_is_the_shared_one() -> None:
    if not SHARED.exists():
        pytest.skip(f"{SHARED} is not next to this checkout; {CONTRACT} is checked alone")
    assert SHARED.read_text() == TEXT, f"API.md changed: copy {SHARED} to {CONTRACT} and build what changed"


def test_the_readers_find_the_tables() -> None:
    """The parsing below reads what it should: if API.md's layout changes, this says so first."""
    assert len(error_table()) >= 30
    assert ("DELETE", "/api/jobs/{id}") in routes()
    assert ("PATCH", "/api/webhooks/{id}") in routes()
    assert body_after("`GET /api/usage` →") == {
        "period": {"start": None, "end": None}, "plan": None,
        "quota": {"limit": None, "used": None, "reserved": None, "remaining": None}}


def test_every_error_code_has_its_status_and_is_emitted() -> None:
    table = error_table() | BEYOND_API_MD
    emitted: dict[str, set[int]] = {}
    for cls in concrete_errors(Problem) + DASHBOARD_ERRORS:
        emitted.setdefault(cls.code, set()).add(cls.status)
    unknown = set(emitted) - set(table)
    assert unknown == set(), f"codes the service emits that API.md does not name: {unknown}"
    wrong = {code: (statuses, table[code]) for code, statuses in emitted.items() if statuses != {table[code]}}
    assert wrong == {}
    missing = set(table) - set(emitted)
    assert missing == set(NOT_YET_CODES), "named by API.md, emitted by nothing (and not listed as NOT_YET)"


def test_every_error_code_is_in_the_documents_problem_schema() -> None:
    documented = set(openapi_document()["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])
    emitted = {cls.code for cls in concrete_errors(CaptureError) + concrete_errors(ResourceError)
               + concrete_errors(ApiProblem)}
    assert emitted <= documented
    assert documented <= set(error_table()) | set(BEYOND_API_MD)


def capture_fields() -> set[str]:
    """The field names of API.md's capture request table."""
    return set(re.findall(r"^\| `(\w+)` \|", section("## Capture request"), re.M))


def test_the_documents_capture_request_has_exactly_api_md_s_fields() -> None:
    named = capture_fields()
    assert {"url", "html", "geolocation", "retain"} <= named  # the reader finds the table
    described = set(openapi_document()["components"]["schemas"]["CaptureRequest"]["properties"])
    assert described == named - set(NOT_YET_FIELDS)
    assert set(NOT_YET_FIELDS) <= named


def test_the_document_describes_exactly_the_routes_api_md_names(service: Service) -> None:
    named = routes()
    described = {(method.upper(), path) for path, item in openapi_document()["paths"].items() for method in item}
    assert described == named - set(NOT_YET_ROUTES)
    assert set(NOT_YET_ROUTES) <= named
    for method, path in NOT_YET_ROUTES:  # not built yet: really absent (remove the entry once built)
        concrete = path.replace("{keyId}", "key_x").replace("{signature}", "00").replace("{format}", "png")
        answer = service.client.request(method, concrete.replace("{id}", "x"), headers={"x-api-key": "cap_x"})
        assert answer.status_code in (401, 404, 405), (method, path, answer.status_code)
    for path in NOT_YET_PATHS:
        assert f"`{path}`" in TEXT
        assert path not in openapi_document()["paths"]
        assert service.client.post(path, json={}).status_code == 404, path


def test_the_quality_codes_are_api_md_s() -> None:
    named = set(re.findall(r"^\| `(\w+)` \| ", section("## Quality"), re.M))
    assert {"blank", "partial"} <= named  # the reader finds the table
    assert set(WARNING_CODES) == named - set(NOT_YET_WARNINGS)
    assert set(NOT_YET_WARNINGS) <= named


def test_usage_answers_the_fields_api_md_names(pro: Workspace) -> None:
    answer = pro.get("/api/usage")
    assert answer.status_code == 200
    assert keys(answer.json()) == body_after("`GET /api/usage` →")
    assert "x-request-id" in answer.headers


def test_a_capture_carries_the_headers_api_md_names(pro: Workspace, site: FixtureServer) -> None:
    named = set(re.findall(r"`((?:x|ratelimit)-[a-z-]+)`", section("### POST /api/screenshot")))
    assert {"x-capture-id", "x-quota-remaining", "ratelimit-reset"} <= named
    # headers sent when they have something to say: a full page (x-fullpage-method) raising a warning
    answer = pro.capture(url=f"{site.base}/quality/glyphs-vithkuqi", fullPage=True)
    assert answer.status_code == 200
    assert named - set(NOT_YET_HEADERS) | {"x-request-id"} <= set(answer.headers)
    assert set(NOT_YET_HEADERS) <= named
    assert set(NOT_YET_HEADERS) & set(answer.headers) == set()  # not built yet


def test_job_answers_have_the_fields_api_md_names(pro: Workspace, site: FixtureServer) -> None:
    accepted = pro.submit(url=f"{site.base}/simple")
    assert accepted.status_code == 202
    assert keys(accepted.json()) == body_after("### POST /api/jobs —")
    assert accepted.headers["location"] == accepted.json()["statusUrl"]
    job = pro.finished_job(accepted.json()["id"])
    named = body_after("### GET /api/jobs/{id}")
    assert set(job) <= set(named)  # absent fields are omitted
    assert {"id", "status", "statusUrl", "resultUrl", "resultExpiresAt", "contentType", "bytes"} <= set(job)
    schema = openapi_document()["paths"]["/api/jobs/{id}"]["get"]["responses"]["200"]["content"]
    described = _resolve(schema["application/json"]["schema"])["properties"]
    # Beyond API.md's sketch, only for jobs that asked for removeElements: what went (issue 21); for jobs that
    # asked for responseType json, the page's metadata as the synchronous json answer has it, and for jobs with
    # store, where the result went (issue 25).
    assert set(NOT_YET_JOB_FIELDS) <= set(named) - set(described)
    assert set(described) == set(named) - set(NOT_YET_JOB_FIELDS) | {
        "removedElements", "finalUrl", "targetStatus", "title", "description", "openGraph", "timings", "stored"}
    batch = pro.service.client.post("/api/jobs/batch", json={"captures": [{"url": f"{site.base}/simple"}]},
                                    headers=pro.headers)
    assert batch.status_code == 202
    assert keys(batch.json()) == _batch_answer()
    for job_id in [j["id"] for j in batch.json()["jobs"]]:
        pro.finished_job(job_id)


def _batch_answer() -> dict[str, Any]:
    """The 202 body of a batch: the second sketch of its section (the first is the request)."""
    part = section("### POST /api/jobs/batch")
    return shape(re.findall(r"`(\{.*?\})`", part, re.S)[1])


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return dict(openapi_document()["components"]["schemas"][name])
    return schema


def test_states_outcomes_plans_and_features_are_api_md_s() -> None:
    terminal = re.search(r"Clients poll until a terminal state: ([A-Z, ]+)\.", TEXT)
    assert terminal is not None
    assert set(terminal[1].replace(" ", "").split(",")) == TERMINAL
    outcomes = re.search(r"outcome \(([^)]*)\)", section("### Usage and analytics"))
    assert outcomes is not None
    assert set(re.findall(r"`(\w+)`", outcomes[1])) == set(LABELS)
    plans = load_plans()
    for name, monthly, per_minute in re.findall(r"^\| `(\w+)` \| ([\d,]+) \| (\d+) \|", TEXT, re.M):
        assert (plans[name].monthly_captures, plans[name].requests_per_minute) == (
            int(monthly.replace(",", "")), int(per_minute)), name
    monitored = re.findall(r"^\| `(\w+)` \|.*?(\d+) monitors, every (\d+ min|minute) at most", TEXT, re.M)
    assert [name for name, _, _ in monitored] == ["pro", "business"]
    for name, monitors, minutes in monitored:
        every = 60 * int(minutes.split()[0]) if minutes[0].isdigit() else 60
        assert (plans[name].monitors, plans[name].monitor_every_s) == (int(monitors), every), name
        assert plans[name].allows("monitors"), name
    assert not plans["free"].allows("monitors")
    assert plans["free"].monitors == 0
    features = re.search(r"Feature ids: (.*?)\. Checks", TEXT, re.S)
    assert features is not None
    assert set(re.findall(r"`(\w+)`", features[1])) == FEATURES | set(NOT_YET_FEATURES)
    assert set(NOT_YET_FEATURES) & FEATURES == set()  # not built yet


def test_every_api_answer_carries_a_request_id(service: Service, pro: Workspace) -> None:
    for method, path, headers in [("GET", "/api/openapi.json", {}), ("GET", "/api/usage", {}),
                                  ("GET", "/api/usage", pro.headers), ("DELETE", "/api/jobs/job_nope", pro.headers),
                                  ("GET", "/api/nowhere", pro.headers), ("PUT", "/api/usage", pro.headers)]:
        answer = service.client.request(method, path, headers=headers)
        assert answer.headers["x-request-id"].startswith("req_"), (method, path)
