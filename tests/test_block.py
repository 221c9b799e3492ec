"""`block` (issue 40): requests refused in the browser before a connection is made, by resource type, by URL
pattern and by the maintained lists (EasyPrivacy for trackers, EasyList for ads), counted in
`x-blocked-requests`; the fixture site's request log shows which requests never arrived."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer


def _page(site: FixtureServer, tag: str) -> str:
    """Two images, a style sheet and a script of the fixture site, each named by `tag`."""
    return (f"<body style='margin:0'><img src='{site.base}/green.svg?blk={tag}-img1' width=200 height=200>"
            f"<img src='{site.base}/green.svg?blk={tag}-img2' width=10 height=10>"
            f"<link rel=stylesheet href='{site.base}/marker?blk={tag}-css'>"
            f"<script src='{site.base}/marker?blk={tag}-js'></script></body>")


def _asked(site: FixtureServer, tag: str) -> dict[str, int]:
    return {kind: site.count(path) for kind, path in (
        ("img1", f"/green.svg?blk={tag}-img1"), ("img2", f"/green.svg?blk={tag}-img2"),
        ("css", f"/marker?blk={tag}-css"), ("js", f"/marker?blk={tag}-js"))}


def _capture(pro: Workspace, **fields: Any) -> Any:
    answer = pro.capture(viewport={"width": 400, "height": 300}, **fields)
    assert answer.status_code == 200, answer.text
    return answer


def test_images_blocked_by_type_never_leave_the_browser(pro: Workspace, site: FixtureServer) -> None:
    loaded = _capture(pro, html=_page(site, "open"))
    assert _asked(site, "open") == {"img1": 1, "img2": 1, "css": 1, "js": 1}
    assert "x-blocked-requests" not in loaded.headers  # only with block
    assert Image.open(io.BytesIO(loaded.content)).convert("RGB").getpixel((100, 100)) == (0, 160, 0)
    blocked = _capture(pro, html=_page(site, "types"), block={"resourceTypes": ["image"]})
    assert _asked(site, "types") == {"img1": 0, "img2": 0, "css": 1, "js": 1}
    assert blocked.headers["x-blocked-requests"] == "2"
    assert Image.open(io.BytesIO(blocked.content)).convert("RGB").getpixel((100, 100)) != (0, 160, 0)
    # API.md: images_incomplete counts images that failed to load, "not those the request's `block` refused"
    assert "images_incomplete" not in blocked.headers.get("x-capture-warnings", ""), blocked.headers
    by_url = _capture(pro, html=_page(site, "urls"), block={"urls": [f"{site.base}/green.svg?blk=urls-img1"]},
                      failOn=["images_incomplete"])  # a verdict that fails the capture, were the image counted
    assert (by_url.headers["x-blocked-requests"], _asked(site, "urls")["img1"]) == ("1", 0)
    scripts = _capture(pro, html=_page(site, "scripts"), block={"resourceTypes": ["script", "stylesheet"]})
    assert _asked(site, "scripts") == {"img1": 1, "img2": 1, "css": 0, "js": 0}
    assert scripts.headers["x-blocked-requests"] == "2"


def test_url_patterns_block_what_they_match_and_never_the_page(pro: Workspace, site: FixtureServer) -> None:
    answer = _capture(pro, url=f"{site.base}/with-ads?t=pattern",
                      block={"urls": [f"{site.base}/marker?v=own-*", "http://*.doubleclick.net:*"]})
    assert answer.headers["x-blocked-requests"] == "2"
    assert site.count("/marker?v=own-pattern") == 0
    assert site.count("/with-ads?t=pattern") == 1  # the page itself, though a pattern of its site matches it
    refused = _capture(pro, url=f"{site.base}/with-ads?t=everything", block={"urls": [f"{site.base}/*"]})
    assert int(refused.headers["x-blocked-requests"]) >= 1  # its own image (and the favicon, if asked for in time)
    assert site.count("/marker?v=own-everything") == 0
    assert site.count("/with-ads?t=everything") == 1  # the page still loads


@pytest.mark.parametrize(("block", "gone", "kept"), [
    ({"trackers": True}, "collect", "gpt"), ({"ads": True}, "gpt", "collect")])
def test_the_lists_block_trackers_and_ads_apart(pro: Workspace, site: FixtureServer, block: dict[str, bool],
                                                gone: str, kept: str) -> None:
    """/with-ads loads a script from an ad server (EasyList) and a pixel from a tracker (EasyPrivacy)."""
    before = {name: site.count(f"/marker?v={name}") for name in ("gpt", "collect")}
    answer = _capture(pro, url=f"{site.base}/with-ads?t={gone}", block=block)
    assert answer.headers["x-blocked-requests"] == "1"
    assert site.count(f"/marker?v={gone}") == before[gone]
    assert site.count(f"/marker?v={kept}") == before[kept] + 1
    assert site.count(f"/marker?v=own-{gone}") == 1  # the page's own image is on no list


@pytest.mark.parametrize(("block", "field"), [
    ({"resourceTypes": ["document"]}, "block.resourceTypes[0]"),
    ({"urls": ["not a url"]}, "block.urls"),
    ({"urls": ["https://a.test/*"] * 51}, "block.urls"),
])
def test_a_block_it_cannot_apply_is_refused(pro: Workspace, site: FixtureServer, block: dict[str, Any],
                                            field: str) -> None:
    answer = pro.capture(url=f"{site.base}/simple?block-refused", block=block)
    assert answer.status_code == 422, answer.text
    assert answer.json()["errors"][0]["field"] == field
    assert site.count("/simple?block-refused") == 0
