"""`format: markdown` (issue 40): the rendered page's main content, after its scripts ran, as CommonMark with
absolute links, and news pages of a published corpus scored against their article bodies."""

from __future__ import annotations

import os
import statistics
import sys

import orjson
import trio

from benchmarks.markdown import score
from engine.browser import markdown
from engine.browser.browser_user import BrowserAccount
from tests.conftest import Workspace
from tests.fixture_site import FixtureServer
from tests.pages import NEWS

BAR_F1 = 0.85  # the corpus' twelve pages through Chromium; trafilatura on all 181 saved files: 0.936


def test_the_main_content_after_scripts_as_markdown(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=f"{site.base}/article", format="markdown")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/markdown; charset=utf-8"
    text = answer.text
    assert "# Portmellon harbour reopens after repairs" in text  # written by the page's script
    assert "the slipway opens to visitors next month" in text
    assert "## What changed" in text
    assert "- New sea gates on the eastern arm" in text
    assert f"[the engineers' report]({site.base}/reports/harbour-2026.pdf)" in text  # made absolute
    assert "[map of the works](https://example.org/map)" in text
    assert f"({site.base}/green.svg?article)" in text  # the image, as a link to its URL
    for boilerplate in ("Weather", "All rights reserved", "Privacy"):
        assert boilerplate not in text, boilerplate


def test_a_short_list_keeps_its_bullets_and_a_menu_stays_out(pro: Workspace) -> None:
    """API.md: `-` bullets. readability drops a list of under 25 characters from the main content as it drops a
    short block (the audit's page lost its two bullets); a menu of links stays out all the same."""
    menu = "".join(f"<li><a href='https://example.org/{name}'>{name}</a></li>" for name in ("Home", "Shop", "Blog"))
    answer = pro.capture(format="markdown", html=(
        f"<nav><ul>{menu}</ul></nav><main><h1>Title</h1><p>Intro with a <a href='https://example.org/x'>link</a>."
        "</p><ul><li>first item</li><li>second item</li></ul><h2>Sub</h2><p>More text.</p></main>"))
    assert answer.status_code == 200, answer.text
    assert "Intro with a [link](https://example.org/x).\n\n- first item\n- second item\n\n## Sub" in answer.text
    assert "Shop" not in answer.text, answer.text
    relative = pro.capture(format="markdown", html=(
        "<main><h1>T</h1><p>See <a href='/docs/a'>the docs</a> and <img src='pic.png' alt='a picture'> here, "
        "and more words to make it a paragraph.</p></main>"))
    assert relative.status_code == 200, relative.text
    assert "[the docs](/docs/a)" in relative.text, relative.text  # no address to resolve it against: as written
    assert "![a picture](pic.png)" in relative.text, relative.text
    assert "capture.invalid" not in relative.text, relative.text


def test_news_pages_come_out_as_their_article_bodies(pro: Workspace, site: FixtureServer) -> None:
    truth = orjson.loads((NEWS / "ground-truth.json").read_bytes())
    found = []
    for name, item in truth.items():
        answer = pro.capture(url=f"{site.base}/news?page={name}", format="markdown", timeoutMs=20000)
        assert answer.status_code == 200, answer.text
        found.append(score(item["articleBody"], answer.text))
    precision, recall = (statistics.mean(values) for values in zip(*found, strict=True))
    f1 = 2 * precision * recall / (precision + recall)
    assert f1 >= BAR_F1, (f1, precision, recall)


def test_markdown_needs_the_html_feature(free: Workspace, site: FixtureServer) -> None:
    answer = free.capture(url=f"{site.base}/article?free", format="markdown")
    assert answer.status_code == 403, answer.text
    assert (answer.json()["code"], answer.json()["feature"]) == ("feature_not_entitled", "htmlOutput")
    assert site.count("/article?free") == 0


def _out_of_the_accounts_reach(path: str) -> bool:
    return os.path.realpath(path).startswith("/root/") and not os.stat("/root").st_mode & 0o005


async def test_extractors_started_side_by_side_all_fall_back_when_the_account_cannot_run_python() -> None:
    """Here the interpreter lives under /root, which Chromium's account cannot enter: the service's first
    extractors, started side by side, each find that out and run as the service's own user. None fails (the
    second used to raise once the first had switched: a 500 in tests/test_walls.py under load)."""
    account = BrowserAccount.for_service("capture-chromium")
    assert account is not None  # the suite runs as root
    assert _out_of_the_accounts_reach(sys.executable)  # so the fall-back is what is tested
    markdown._idle.clear()
    markdown.run_extractors_as(account)
    found: list[str] = []

    async def one(n: int) -> None:
        found.append(await markdown.extract(f"<article><h1>Title {n}</h1><p>{'Words here. ' * 40}</p></article>",
                                            None, f"Title {n}"))
    try:
        async with trio.open_nursery() as nursery:
            for n in range(min(3, markdown.EXTRACTORS.total_tokens)):
                nursery.start_soon(one, n)
    finally:
        markdown.run_extractors_as(None)
        for process in markdown._idle:
            process.kill()
            await process.wait()
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    await pipe.aclose()
        markdown._idle.clear()
    assert len(found) == min(3, markdown.EXTRACTORS.total_tokens) >= 2
    assert all("Words here." in text for text in found)
