"""GET /api/jobs/{id} beneath Quart (api/rest/status_reads.py): what it answers, what it passes on.

In process, the middleware meets stand-ins for the three actors it calls
(their real behaviour is tested on their own and, through the running service
below, end to end): the test is about which requests it may answer. On the
running service, its answers carry what the app's own answer to the same
request carries, and the refusals it passes on keep their problem documents.
"""

from __future__ import annotations

import time
from dataclasses import fields
from typing import Any

import pytest

from api.pipeline import Services
from api.rest.status_reads import StatusReads
from engine.operations.settings import Settings
from engine.records import replies
from engine.rules.errors import JobNotFound, RateLimited
from engine.rules.ratelimit import RateDecision
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer

KEY = "cap_the_key"
JOB = "job_ours"
ALLOWED = RateDecision(allowed=True, limit=60, remaining=59, reset_s=1, retry_after_s=0)


class Workspaceish:
    id = "ws_ours"


class Principalish:
    workspace = Workspaceish()


class Keys:
    def authenticate(self, key: str) -> Principalish | None:
        return Principalish() if key == KEY else None


class Admission:
    def __init__(self, refuse: bool = False) -> None:
        self.refuse = refuse
        self.admitted = 0

    async def admit(self, principal: Principalish, request_id: str, *, capture: bool,
                    read: bool = False) -> RateDecision:
        assert not capture
        assert read  # a status read draws on the read budget
        if self.refuse:
            raise RateLimited(7, {"ratelimit-remaining": "0"})
        self.admitted += 1
        return ALLOWED


class Jobs:
    def job(self, workspace_id: str, job_id: str) -> str:
        if (workspace_id, job_id) != ("ws_ours", JOB):
            raise JobNotFound(job_id)
        return job_id

    def view(self, job: str, base_url: str) -> replies.Job:
        return replies.Job(id=job, status="QUEUED", status_url=f"{base_url}/api/jobs/{job}", format="png",
                             created_at="2026-11-23T16:00:00Z", attempts=0, cancel_requested=False)


class App:
    """The app behind the middleware: records what reached it."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.paths.append(scope["path"])


def http_scope(path: str = f"/api/jobs/{JOB}", method: str = "GET", *headers: tuple[bytes, bytes],
               **extra: Any) -> dict[str, Any]:
    return {"type": "http", "method": method, "path": path, "scheme": "http", "server": ("127.0.0.1", 8080),
            "headers": [(b"host", b"capture.test:8080"), *headers], **extra}


async def through(scope: dict[str, Any], admission: Admission | None = None,
                  public_url: str | None = None) -> tuple[App, list[dict[str, Any]]]:
    app, sent = App(), []
    given = {"settings": Settings(public_url=public_url), "keys": Keys(), "admission": admission or Admission(),
             "jobs": Jobs()}  # and nothing else: a status read reaches nothing else
    services: Any = Services(**{field.name: given.get(field.name) for field in fields(Services)})
    middleware = StatusReads(app, services)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        raise AssertionError("a request without a body is never read")
    await middleware(scope, receive, send)
    return app, sent


async def test_a_plain_status_read_is_answered_beneath_the_app() -> None:
    admission = Admission()
    app, sent = await through(http_scope(f"/api/jobs/{JOB}", "GET", (b"x-api-key", KEY.encode())), admission)
    assert app.paths == []
    assert admission.admitted == 1
    start, body = sent
    assert start["status"] == 200
    headers = dict(start["headers"])
    assert body["body"] == (b'{"id":"job_ours","status":"QUEUED","statusUrl":"http://capture.test:8080/api/jobs/job_ours",'
                            b'"format":"png","createdAt":"2026-11-23T16:00:00Z","attempts":0,"cancelRequested":false}')
    assert headers[b"content-type"] == b"application/json"
    assert headers[b"content-length"] == str(len(body["body"])).encode()
    assert headers[b"x-request-id"].startswith(b"req_")
    assert (headers[b"ratelimit-limit"], headers[b"ratelimit-remaining"]) == (b"60", b"59")


async def test_a_bearer_token_and_the_public_url_count_as_in_the_app() -> None:
    app, sent = await through(http_scope(f"/api/jobs/{JOB}", "GET", (b"authorization", f"Bearer {KEY}".encode())),
                              public_url="https://shots.example/")
    assert app.paths == []
    assert b'"statusUrl":"https://shots.example/api/jobs/job_ours"' in sent[1]["body"]


@pytest.mark.parametrize(("scope", "admits"), [
    pytest.param(http_scope(), 0, id="no key"),
    pytest.param(http_scope(f"/api/jobs/{JOB}", "GET", (b"x-api-key", b"cap_unknown")), 0, id="unknown key"),
    pytest.param(http_scope("/api/jobs/job_theirs", "GET", (b"x-api-key", KEY.encode())), 0, id="foreign job"),
    pytest.param(http_scope(f"/api/jobs/{JOB}", "HEAD", (b"x-api-key", KEY.encode())), 0, id="HEAD"),
    pytest.param(http_scope(f"/api/jobs/{JOB}", "DELETE", (b"x-api-key", KEY.encode())), 0, id="DELETE"),
    pytest.param(http_scope("/api/jobs/batch", "GET", (b"x-api-key", KEY.encode())), 0, id="not a job id"),
    pytest.param(http_scope(f"/api/jobs/{JOB}/x", "GET", (b"x-api-key", KEY.encode())), 0, id="longer path"),
    pytest.param(http_scope(f"/api/jobs/{JOB}", "GET", (b"x-api-key", KEY.encode()), (b"content-length", b"2")), 0,
                 id="a body"),
    pytest.param(http_scope(f"/api/jobs/{JOB}", "GET", (b"x-api-key", KEY.encode()), root_path="/capture"), 0,
                 id="mounted under a root path"),
])
async def test_everything_else_goes_to_the_app_untouched(scope: dict[str, Any], admits: int) -> None:
    admission = Admission()
    app, sent = await through(scope, admission)
    assert app.paths == [scope["path"]]
    assert sent == []
    assert admission.admitted == admits  # nothing was taken from the rate budget on the way


async def test_a_rate_refusal_is_left_to_the_app() -> None:
    app, sent = await through(http_scope(f"/api/jobs/{JOB}", "GET", (b"x-api-key", KEY.encode())),
                              Admission(refuse=True))
    assert app.paths == [f"/api/jobs/{JOB}"]
    assert sent == []


# An empty body declared: the fast path leaves the request to the app, which answers it as any other.
THROUGH_THE_APP = {"content-length": "0"}


def test_the_answer_is_what_the_app_answers(pro: Workspace, site: FixtureServer, service: Service) -> None:
    """The same GET, once beneath Quart and once through it: same headers, same body but the signed URL."""
    job_id = pro.submit(url=f"{site.base}/plain").json()["id"]
    done = pro.finished_job(job_id)
    read = pro.get(f"/api/jobs/{job_id}")
    app = service.client.get(f"/api/jobs/{job_id}", headers={**pro.headers, **THROUGH_THE_APP})
    assert read.status_code == app.status_code == 200
    assert sorted(read.headers) == sorted(app.headers)
    for name in ("content-type", "ratelimit-limit", "server"):
        assert read.headers[name] == app.headers[name], name
    assert int(read.headers["ratelimit-remaining"]) == int(app.headers["ratelimit-remaining"]) + 1
    assert read.headers["x-request-id"] != app.headers["x-request-id"]
    unsigned = {"resultUrl": None, "resultExpiresAt": None}
    assert read.json() | unsigned == app.json() | unsigned == done | unsigned
    head = service.client.head(f"/api/jobs/{job_id}", headers=pro.headers)
    assert sorted(head.headers) == sorted(read.headers)
    assert read.json()["statusUrl"] == f"{service.url}/api/jobs/{job_id}"
    bearer = service.client.get(f"/api/jobs/{job_id}", headers={"authorization": f"Bearer {pro.key}"})
    assert bearer.json()["id"] == job_id


def test_each_refusal_carries_what_the_app_adds(service: Service, site: FixtureServer) -> None:
    """No key, an unknown key, someone else's job, an empty read budget: the same headers either way."""
    owner, other = service.workspace("free"), service.workspace("pro")
    job_id = owner.submit(url=f"{site.base}/plain").json()["id"]
    path = f"/api/jobs/{job_id}"
    for headers, status in [({}, 401), ({"x-api-key": "cap_nope"}, 401), (other.headers, 404)]:
        read = service.client.get(path, headers=headers)
        app = service.client.get(path, headers={**headers, **THROUGH_THE_APP})
        assert read.status_code == app.status_code == status
        assert sorted(read.headers) == sorted(app.headers), status
        assert read.json()["requestId"] == read.headers["x-request-id"]
    # 100 reads a minute on the free plan, refilled as time goes: read until refused, then ask the app
    # at once (a token that came back meanwhile would let the app's read through: then both again)
    for _ in range(300):
        read = owner.get(path)
        app = service.client.get(path, headers={**owner.headers, **THROUGH_THE_APP}) \
            if read.status_code == 429 else read
        if app.status_code == 429:
            break
    assert read.status_code == app.status_code == 429
    assert sorted(read.headers) == sorted(app.headers)
    assert {"retry-after", "ratelimit-remaining", "x-request-id"} <= set(read.headers)


def test_refusals_on_the_status_route_keep_their_problems(service: Service, site: FixtureServer) -> None:
    free = service.workspace("free")  # 10 requests a minute, 100 status reads
    other = service.workspace("pro")
    job_id = free.submit(url=f"{site.base}/plain").json()["id"]
    assert service.client.get(f"/api/jobs/{job_id}").json()["code"] == "unauthenticated"
    assert service.client.get(f"/api/jobs/{job_id}", headers={"x-api-key": "cap_nope"}).status_code == 401
    assert other.get(f"/api/jobs/{job_id}").json()["code"] == "not_found"
    began = time.monotonic()
    answers = [free.get(f"/api/jobs/{job_id}") for _ in range(102)]
    refilled = int((time.monotonic() - began) * 100 / 60)  # the bucket refills one read every 0.6 s meanwhile
    refused = [a for a in answers if a.status_code == 429]
    assert refused, [a.status_code for a in answers]
    assert refused[0].json()["code"] == "rate_limited"
    assert "status reads and downloads" in refused[0].json()["detail"]
    assert int(refused[0].headers["retry-after"]) >= 1
    assert refused[0].headers["ratelimit-remaining"] == "0"
    # 100 reads a minute, none spent by the submit; the refusals passed on to the app took nothing more (on a
    # loaded machine the 102 reads can take longer than 0.6 s, and each read refilled since is one more 200)
    assert 100 <= sum(a.status_code == 200 for a in answers) <= 100 + refilled
