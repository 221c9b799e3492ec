"""Every capture runs in its own browser context: nothing one leaves behind reaches the next."""

from __future__ import annotations

import json
import re

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer


def _probe(ws: Workspace, url: str) -> dict[str, object]:
    answer = ws.capture(url=url, format="html")
    assert answer.status_code == 200, answer.text
    match = re.search(r'<pre id="out">(.*?)</pre>', answer.text, re.S)
    assert match, answer.text
    found: dict[str, object] = json.loads(match[1].replace("&quot;", '"').replace("&amp;", "&"))
    return found


def test_cookies_and_local_storage_do_not_survive_a_capture(pro: Workspace, site: FixtureServer) -> None:
    # Alternate enough times that both pool sessions serve a marking and a probing capture.
    for _ in range(3):
        assert pro.capture(url=f"{site.base}/leave-marks").status_code == 200
        seen = _probe(pro, f"{site.base}/probe")
        assert seen["cookie"] == ""
        assert seen["stored"] is None


def test_the_probe_would_see_marks_left_in_the_same_capture(pro: Workspace, site: FixtureServer) -> None:
    """The isolation test above can fail: a cookie set for the page is visible to it."""
    answer = pro.capture(url=f"{site.base}/probe", format="html",
                         cookies=[{"name": "mark", "value": "sent-in"}])
    assert answer.status_code == 200
    assert "mark=sent-in" in answer.text
