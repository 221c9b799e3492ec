"""Logs (issue 23): one JSON object per line, one line per capture with its ids and duration, a render failure
saying why, and nothing secret: not the key, cookie, header value or script a capture sent, not a URL's query."""

from __future__ import annotations

import io
import logging

import orjson

from engine.operations.logs import JsonLines, Redacting, redact
from engine.records.keys import KEY_PREFIX, new_api_key, new_id
from engine.records.render_links import SECRET_PREFIX as SIGNING_SECRET_PREFIX
from engine.records.render_links import signing_secret
from engine.records.webhooks import SECRET_PREFIX as WEBHOOK_SECRET_PREFIX
from engine.records.webhooks import new_secret
from engine.rules.redaction import SECRET_PREFIXES
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer


def lines_about(service: Service, request_id: str) -> list[dict[str, object]]:
    records = [orjson.loads(line) for line in service.log_text().splitlines()]
    return [r for r in records if r.get("request_id") == request_id]


def test_every_line_is_a_json_object(service: Service) -> None:
    lines = service.log_text().splitlines()
    assert lines
    for line in lines:
        record = orjson.loads(line)
        assert {"time", "level", "logger", "event", "message"} <= set(record), record


def test_a_capture_logs_one_line_with_no_secret(service: Service, pro: Workspace, site: FixtureServer) -> None:
    secrets = {"cookie": "cookie-value-7f3a91", "header": "header-value-c28e44", "script": "script-body-5be019",
               "query": "query-token-90d1aa"}
    answer = pro.capture(url=f"{site.base}/simple?token={secrets['query']}",
                         cookies=[{"name": "session", "value": secrets["cookie"]}],
                         headers={"x-secret": secrets["header"]},
                         javascript=f"document.title = '{secrets['script']}'")
    assert answer.status_code == 200, answer.text
    failed = pro.capture(url=f"{site.base}/simple", javascript=f"throw new Error('boom')//{secrets['script']}")
    assert failed.status_code == 422, failed.text
    log = service.log_text()
    for name, secret in {**secrets, "key": pro.key}.items():
        assert secret not in log, name
    [line] = lines_about(service, answer.headers["x-request-id"])
    assert (line["event"], line["capture_id"]) == ("capture.succeeded", answer.headers["x-capture-id"])
    assert (line["workspace_id"], line["format"], line["level"]) == (pro.id, "png", "INFO")
    assert isinstance(line["duration_ms"], int)


def test_a_render_failure_logs_why(service: Service, pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=f"{site.base}/simple", waitForSelector="#never-there", timeoutMs=1000)
    assert answer.status_code in (422, 504), answer.text
    [line] = lines_about(service, answer.headers["x-request-id"])
    assert (line["event"], line["level"], line["stage"]) == ("capture.failed", "WARNING", "render")
    assert line["code"] == answer.json()["code"]
    assert line["why"] == answer.json()["detail"]


def test_redact_masks_keys_secrets_and_url_queries() -> None:
    key, secret, capture = new_api_key(), new_secret(), new_id("cap")
    text = redact(f"key {key} secret {secret} id {capture} at https://a.example/p?token=x#frag and http://b/q")
    assert key not in text
    assert secret not in text
    assert "token=x" not in text
    assert "#frag" not in text
    assert f"id {capture} at https://a.example/p?… and http://b/q" in text


def test_redact_cuts_userinfo_and_masks_every_secret_prefix() -> None:
    password, signing = "pw-0c7e61a2", signing_secret(b"s" * 32, "key_1", 0)
    text = redact(f"could not load http://user:{password}@a.example/p and https://u:p@ss:{password}@b.example "
                  f"with {signing}; GET /api/render/k/s.png?url=x&v={password}")
    assert password not in text
    assert signing not in text
    assert "http://…@a.example/p and https://…@b.example" in text
    assert "rsk_…" in text
    assert "GET /api/render/k/s.png?…" in text


def test_the_secret_prefixes_are_those_the_service_issues() -> None:
    assert {KEY_PREFIX, WEBHOOK_SECRET_PREFIX, SIGNING_SECRET_PREFIX} <= set(SECRET_PREFIXES)


def test_a_traceback_and_the_fields_of_a_line_are_redacted_too() -> None:
    token, key = "tb-token-5d1f0e", new_api_key()
    for formatter in (JsonLines(), logging.Formatter("%(message)s %(where)s")):
        stream = io.StringIO()
        handler = logging.StreamHandler(stream)
        handler.setFormatter(formatter)
        handler.addFilter(Redacting())
        logger = logging.getLogger(f"capture.test-{id(formatter)}")
        logger.addHandler(handler)
        logger.propagate = False
        try:
            raise RuntimeError(f"could not load http://u:{token}@h.example/p?token={token} with {key}")
        except RuntimeError:
            logger.exception("it failed", extra={"where": f"https://h.example/?t={token}"}, stack_info=True)
        logger.removeHandler(handler)
        written = stream.getvalue()
        assert "RuntimeError: could not load http://…@h.example/p?…" in written
        assert "Stack (most recent call last)" in written
        assert token not in written
        assert key not in written
