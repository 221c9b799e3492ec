"""The quality verdict on a sample of real saved pages nobody here wrote (issue 53): 21 pages of Mozilla's
readability test set and Zyte's article benchmark, in eight languages, served with nothing beyond them (their
images, style sheets and fonts fail, as on a bad day for their CDN) and then with everything served. Ground
truth is the pages' markup, the page server's log and the PNGs' own pixels (benchmarks/real_pages.py), never
the verdict's code; the bars are the issue's: blank never wrong, failed images and style sheets reported
where they failed and never where nothing did, characters without a font found.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from benchmarks.real_pages import PageServer, capture, judge, load_gzipped
from tests.conftest import ROOT, Service, running_service
from tests.fixture_site import FixtureServer

PAGES = (load_gzipped(ROOT / "tests" / "real_pages", "readability")
         + load_gzipped(ROOT / "tests" / "news_corpus", "zyte"))


@pytest.fixture(scope="module")
def served_pages() -> Iterator[PageServer]:
    server = PageServer(PAGES)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def reaching_pages(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer,
                   served_pages: PageServer) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("real-pages") / "data", site,
                         CAPTURE_EGRESS_ALLOW=f"127.0.0.1:{served_pages.server_address[1]}") as service:
        yield service


@pytest.mark.parametrize("run", ["bare", "served"])
def test_the_verdict_holds_on_real_pages(reaching_pages: Service, served_pages: PageServer, run: str) -> None:
    assert len(PAGES) == 21
    assert len({page.lang for page in PAGES}) >= 8
    ws = reaching_pages.workspace("pro")
    served_pages.served, served_pages.failed = run == "served", {}
    with httpx.Client(base_url=reaching_pages.url, headers=ws.headers, timeout=120) as client, \
            ThreadPoolExecutor(2) as workers:
        seen = list(workers.map(lambda n: capture(client, f"{served_pages.base}/p/{n}/"), range(len(PAGES))))
    assert all(s is not None for s in seen), [p.name for p, s in zip(PAGES, seen, strict=True) if s is None]
    table = judge(PAGES, seen, served_pages.failed)
    shown = {code: dict(counts) for code, counts in table.items()}
    for code in ("blank", "missing_glyphs", "images_incomplete"):  # never raised where it is not so
        assert table[code]["FP"] == 0, (code, shown)
    assert table["blank"]["FN"] == 0, shown
    assert table["missing_glyphs"]["FN"] == 0, shown
    if run == "bare":
        assert table["blank"]["TP"] == 2, shown  # the two pages an anti-flicker snippet keeps hidden
        assert table["missing_glyphs"]["TP"] == 1, shown
        for code in ("images_incomplete", "stylesheets_failed"):  # reported where they failed
            assert table[code]["TP"] >= 10, shown
            assert table[code]["TP"] / (table[code]["TP"] + table[code]["FN"]) >= 0.95, (code, shown)
    # style sheets a script builds at run time escape the page server's log (the guard refuses them): at most one
    assert table["stylesheets_failed"]["FP"] <= 1, shown
