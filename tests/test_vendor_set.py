"""The vendor set (tests/overlays/vendors): real consent-platform, ad-tag and pop-up markup, only asserted.

The pure tests hold the set's shape (labels and pages one to one, enough vendors, overlay pages, negatives
and languages, every source cited in labels and README) and that no page reaches beyond its own server. The
browser test holds that every label is true of the page as a capture opens it, without removal: each
overlay and each element to keep is shown, the marker block is there, and no request leaves the loopback
server. Nothing here tunes the removal: this set is never trained on and never used to choose features,
words or thresholds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import trio

from engine.browser.page import Page
from tests.overlays import harness
from tests.overlays.vendors.check import bad_reference, every_file, internet_references

VENDORS = Path(__file__).parent / "overlays" / "vendors"
PAGES = VENDORS / "pages"
KINDS = {"cookieBanners", "ads", "popups"}


def _labels() -> dict[str, dict[str, Any]]:
    return harness.labels(VENDORS)


def test_labels_and_pages_match_one_to_one() -> None:
    labels = _labels()
    assert sorted(labels) == sorted(path.name for path in PAGES.glob("*.html"))
    for name, label in labels.items():
        assert name.startswith(f"{name[:3]}-{label['kind']}-"), name
        assert name.endswith(f"-{label['lang']}.html"), name
        assert label["split"] == "independent", name
        assert {item["kind"] for item in label["remove"]} <= KINDS, name
        keeps = [item["selector"] for item in label["keep"]]
        assert len(keeps) >= 2, name
        assert {"#article", "#marker"} <= set(keeps), name
        if not label["remove"]:
            assert len(keeps) >= 3, f"{name}: a negative keeps its look-alike too"


def test_the_set_is_as_wide_as_the_issue_asks() -> None:
    labels = _labels()
    overlays = {name: label for name, label in labels.items() if label["remove"]}
    negatives = [name for name, label in labels.items() if not label["remove"]]
    assert len({label["vendor"] for label in overlays.values()}) >= 15
    assert len(overlays) >= 40
    assert len(negatives) >= 20
    assert len({label["lang"] for label in labels.values()}) >= 6
    assert {item["kind"] for label in overlays.values() for item in label["remove"]} == KINDS


def test_every_page_cites_a_source_that_the_readme_names() -> None:
    readme = (VENDORS / "README.md").read_text()
    assert "never trained on and never used to choose features, words or thresholds: it is only" in readme
    for name, label in _labels().items():
        assert label["source"], name
        assert label["source"] in readme, name
        assert name in readme, name


def test_no_page_references_the_internet() -> None:
    found = {str(path.relative_to(PAGES)): internet_references(path) for path in every_file(PAGES)}
    assert {path: refs for path, refs in found.items() if refs} == {}
    assert any(path.endswith(".html") for path in found)
    assert any(path.endswith(".css") for path in found)


def test_the_reference_checker_catches_what_it_must() -> None:
    for address in ("https://cdn.example.com/a.js", "//cdn.example.com/a.js", "http://10.0.0.1/x",
                    "a.png 1x, https://x.example/b.png 2x", "192.168.1.1/x.js"):
        assert bad_reference(address), address
    for address in ("lib/a.js", "#top", "/assets/x.woff", "data:image/png;base64,AAAA", "privacy.html"):
        assert not bad_reference(address), address


def test_each_page_is_small_and_each_library_carries_its_licence() -> None:
    for page in PAGES.glob("*.html"):
        assert page.stat().st_size < 300_000, page.name
    for library in (PAGES / "lib").iterdir():
        assert any(p.name.lower().startswith(("license", "licence")) for p in library.iterdir()), library.name


SHOWN = """(async (selectors) => {
  const visible = %s;
  const all = () => visible(selectors, selectors.length);  // opacity asked of every one
  for (let i = 0; i < 50 && !all().every(Boolean); i++) await new Promise(r => setTimeout(r, 100));
  const marker = document.querySelector('#marker');
  const box = marker && marker.getBoundingClientRect();
  return {shown: all(),
          marker: !!marker && getComputedStyle(marker).backgroundColor === 'rgb(0, 168, 107)'
                  && Math.round(box.width) === 420 && Math.round(box.height) === 160,
          away: performance.getEntriesByType('resource').map(e => e.name)
                  .filter(n => !n.startsWith(location.origin + '/'))};
})"""


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_every_label_holds_without_removal() -> None:
    """As a capture opens each page (no removal): every overlay and every kept element is shown (within 5 s,
    as libraries fade their banners in), the marker block is its colour and size, nothing left loopback."""
    labels = _labels()

    async def look(page: Page, name: str) -> dict[str, Any] | None:
        selectors = [item["selector"] for item in labels[name]["remove"] + labels[name]["keep"]]
        with trio.fail_after(20):
            result = await page.send("Runtime.evaluate", {
                "expression": f"{SHOWN % harness.VISIBLE}({json.dumps(selectors)})",
                "returnByValue": True, "awaitPromise": True})
        value = result["result"]["value"]
        hidden = [s for s, shown in zip(selectors, value["shown"], strict=True) if not shown]
        if hidden or not value["marker"] or value["away"]:
            return {"hidden": hidden, "marker": value["marker"], "away": value["away"]}
        return None

    async with harness.corpus_browser(pages=PAGES) as (conn, base):
        found = await harness.visit_many(conn, base, sorted(labels), look)
    assert len(found) == len(labels)
    assert {name: wrong for name, wrong in found.items() if wrong} == {}


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_removal_meets_the_bar_on_the_set_by_name_and_by_address() -> None:
    """All three layers on every page, served by name and by address: recall >= 95 % per kind, no element that
    must stay removed, and the same overlays gone either way."""
    labels = _labels()
    gone: dict[bool, dict[str, list[str]]] = {}
    for by_address in (False, True):
        async with harness.corpus_browser(pages=PAGES, by_address=by_address) as (conn, base):
            results = await harness.evaluate_many(conn, base, labels)
        scores = harness.summary(results)
        missed = [(r.name, s) for r in results for s, removed in r.removed.items() if not removed]
        assert scores["false_removed"] == [], by_address
        for kind in sorted(KINDS):
            recall, removed, total = scores["recall"][kind]
            assert recall >= 0.95, (by_address, kind, removed, total, missed)
        gone[by_address] = {r.name: sorted(s for s, removed in r.removed.items() if removed) for r in results}
    assert gone[False] == gone[True]
