"""Deadlines that name the phase (issue 36): a render_timeout says which step ran out and which requests of the
page were still open, without their query; with bestAttempt the page is captured as it is at the deadline,
flagged `partial`, and billed as a capture."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer
from tests.quality import labelled

pytestmark = pytest.mark.chromium


def _timed_out(pro: Workspace, **fields: Any) -> dict[str, Any]:
    answer = pro.capture(timeoutMs=1500, **fields)
    assert answer.status_code == 504, answer.text
    problem: dict[str, Any] = answer.json()
    assert problem["code"] == "render_timeout", problem
    return problem


def test_a_long_poll_is_named_when_networkidle_never_comes(pro: Workspace, site: FixtureServer) -> None:
    problem = _timed_out(pro, url=f"{site.base}/quality/long-poll", waitUntil="networkidle")
    assert problem["phase"] == "networkidle", problem
    assert f"{site.base}{labelled.HELD}" in problem["pending"], problem
    assert not any("s3cret" in url or "?" in url for url in problem["pending"]), problem  # no query, no secret
    assert "networkidle" in problem["detail"]
    assert "(1 waiting on the site's answer)" in problem["detail"], problem  # the held request, at the lane


@pytest.mark.parametrize(("fields", "phase"), [
    ({"url": "{base}/quality/held?kind=document"}, "navigation"),
    ({"url": "{base}/quality/clean-lang-00-de", "waitForSelector": "#never-there"}, "selector"),
    ({"url": "{base}/quality/clean-lang-00-de", "javascript": "await new Promise(() => {})"}, "javascript"),
])
def test_the_phase_that_ran_out_is_named(pro: Workspace, site: FixtureServer, fields: dict[str, str],
                                         phase: str) -> None:
    problem = _timed_out(pro, **{name: value.replace("{base}", site.base) for name, value in fields.items()})
    assert problem["phase"] == phase, problem
    if phase == "navigation":  # the document itself is what was still open, the site not answering it
        assert problem["pending"] == [f"{site.base}{labelled.HELD}"], problem
        assert "1 request(s) still open (1 waiting on the site's answer)" in problem["detail"], problem


def test_best_attempt_answers_with_the_page_as_it_is_at_the_deadline(service: Any, site: FixtureServer) -> None:
    ws = service.workspace("pro", quota=100)
    answer = ws.capture(url=f"{site.base}/quality/long-poll", waitUntil="networkidle", timeoutMs=2000,
                        bestAttempt=True, responseType="json")
    assert answer.status_code == 200, answer.text
    [warning] = answer.json()["quality"]["warnings"]
    assert warning["code"] == "partial", warning
    assert "networkidle" in warning["detail"], warning
    assert ws.quota(at_least_used=1)["used"] == 1  # billed as a capture
    nothing_yet = ws.capture(url=f"{site.base}/quality/held?kind=document", timeoutMs=1500, bestAttempt=True)
    assert nothing_yet.status_code == 504, nothing_yet.text  # no document to show: a timeout as without it
    assert nothing_yet.json()["phase"] == "navigation"
