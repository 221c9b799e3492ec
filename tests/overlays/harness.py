"""The corpus in a real Chromium: served on loopback, each page opened the way a capture opens it.

Used by the training script (features and labels of every overlay) and by
the evaluation (`evaluate`: what the three layers removed and what they left,
per labelled element), which the benchmark and the tests report.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import trio

from engine.browser import watching
from engine.browser.cdp import CdpConnection, message_limit, open_cdp
from engine.browser.chromium import launch, stop
from engine.browser.emulation import prepare
from engine.browser.hiding import REMOVE_OVERLAYS
from engine.browser.navigation import navigate
from engine.browser.overlays import FEATURES, OverlayModel, candidates, finder_expression
from engine.browser.page import Page, open_page
from engine.browser.removal import Removal
from engine.browser.rule_sets import rule_sets
from engine.operations.settings import Settings
from engine.rules.request import CaptureRequest, RemoveElements

HERE = Path(__file__).parent
PAGES = HERE / "pages"
HOST = "corpus.test"
T = TypeVar("T")
VIEWPORT = {"width": 1280, "height": 800}
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) capture-corpus"
ALL_ON = RemoveElements.model_validate({"cookieBanners": True, "ads": True, "popups": True})


def labels(directory: Path = HERE) -> dict[str, dict[str, Any]]:
    """The labels of a set: this corpus's (HERE) or another folder's with the same labels.json shape."""
    found: dict[str, dict[str, Any]] = json.loads((directory / "labels.json").read_text())
    return found


TESTS = HERE.parent  # what training serves: the corpus and the first-look sets that joined it
# measured at first look (benchmarks/README), then trained on
TRAINED_FIRST_LOOKS = tuple(f"overlays_firstlook/set{n}" for n in range(1, 30))


def corpus_labels() -> dict[str, dict[str, Any]]:
    """The corpus's labels, each page named by its path under TESTS, which `corpus_browser(TESTS)` serves."""
    return {f"overlays/pages/{name}": label for name, label in labels().items()}


def first_look_labels() -> dict[str, dict[str, Any]]:
    """The labels of the first-look sets that joined the training (issue 54), named as corpus_labels' are. The
    vendor set and a first-look set not yet measured are never among them."""
    return {f"{folder}/pages/{name}": label for folder in TRAINED_FIRST_LOOKS
            for name, label in labels(TESTS / folder).items()}


def training_labels() -> dict[str, dict[str, Any]]:
    """What the shipped model is fitted on: the corpus and the first-look sets that joined it."""
    return corpus_labels() | first_look_labels()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        """A consent form posted to the site (GOV.UK's banner is one): the page again, as a site that keeps no
        state would answer."""
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.do_GET()


@asynccontextmanager
async def corpus_browser(pages: Path = PAGES, by_address: bool = False) -> AsyncIterator[tuple[CdpConnection, str]]:
    """A Chromium with the service's flags and the base URL of the set in `pages`, by name (corpus.test) or by
    address (127.0.0.1). No egress proxy: every other name resolves to nothing, so a page can reach only the
    loopback server."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(pages)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings = Settings()
    rules = f"--host-resolver-rules=MAP {HOST} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"  # the first map wins
    browser = await trio.to_thread.run_sync(launch, settings, (rules,))
    try:
        async with open_cdp(browser.cdp_url, message_limit(settings.max_result_bytes)) as conn:
            yield conn, f"http://{'127.0.0.1' if by_address else HOST}:{server.server_address[1]}/"
    finally:
        await trio.to_thread.run_sync(stop, browser)
        server.shutdown()
        server.server_close()


@asynccontextmanager
async def opened(conn: CdpConnection, url: str, removal: Removal | None = None) -> AsyncIterator[Page]:
    request = CaptureRequest.model_validate({"url": url, "viewport": VIEWPORT})
    async with open_page(conn) as page:
        await prepare(page, request, USER_AGENT)
        if removal is not None:
            await removal.prepare(page, url)
        with trio.fail_after(30):
            await navigate(page, request)
        yield page


async def _value(page: Page, expression: str) -> Any:
    result = await page.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                  "awaitPromise": True})
    if "exceptionDetails" in result:
        raise RuntimeError(result["exceptionDetails"])
    return result.get("result", {}).get("value")


# Each candidate's class: the kind of the labelled overlay it is or lies in (through shadow roots), or that it
# holds as most of its own box (a sticky rail around one ad slot), else none. Labels are selectors (the
# corpus's data-label ones, or the first-look sets' own), found in the top document, each naming every element
# it matches (a pair of ads sharing a class is labelled by the class: the second was once trained as none).
LABELS_OF = """((labels) => {
  const found = labels.flatMap(([selector, kind]) => {
    try { return [...document.querySelectorAll(selector)].map((el) => [el, kind]); } catch (e) { return []; } });
  const area = (el) => { const r = el.getBoundingClientRect(); return r.width * r.height; };
  return (globalThis.__overlays || []).map(el => {
    for (let n = el; n; n = n.parentElement || (n.parentNode && n.parentNode.host)) {
      for (const [target, kind] of found) if (target === n) return kind;
    }
    for (const [target, kind] of found) {
      if (target && el.contains(target) && area(target) >= 0.5 * area(el)) return kind;
    }
    return 'none'; }); })"""


async def features_of_many(conn: CdpConnection, base: str, names: list[str], labels: dict[str, dict[str, Any]],
                           tabs: int = 2) -> dict[str, list[tuple[tuple[float, ...], str, str]]]:
    """(features, class, description) of every candidate the model is asked about on every page of `names`, at
    the moments a capture asks (`_Measuring`: its first pass and its follow-up), in the reused tabs of
    `visit_many`."""
    rules = await rule_sets()

    async def measure(page: Page, name: str) -> list[tuple[tuple[float, ...], str, str]]:
        removal = _Measuring(ALL_ON, rules, labelled=[[item["selector"], item["kind"]]
                                                      for item in labels[name]["remove"]])
        await _value(page, STILL)
        await removal.apply(page)
        await removal.follow_up(page)
        return removal.rows

    return await visit_many(conn, base, names, measure, Removal(ALL_ON, rules), tabs)


# Training's rows are measured on the page at rest: its timers due within a second run (the watch's settle) and
# its animations with an end ended, never more than two seconds. Measured at the load instead, a banner sliding in
# was caught at a different height in each run (its rows and so the fitted trees changed from run to run, and
# the cross-validation's verdict on a borderline page with them); at rest, a run's rows are the next run's.
STILL = """(async () => {
  const rest = (async () => {
    if (window.__captureWatch && window.__captureWatch.settle) await window.__captureWatch.settle(1000);
    const ending = document.getAnimations().filter(a => a.effect
      && Number.isFinite(a.effect.getComputedTiming().endTime) && a.playState === 'running');
    await Promise.all(ending.map(a => a.finished.catch(() => null)));
  })();
  await Promise.race([rest, new Promise(done => setTimeout(done, 2000))]);
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  return true; })()"""


@dataclass
class _Measuring(Removal):
    """A capture's removal that, where the model would judge, writes down each candidate with the kind of its
    label instead and removes what is labelled (as a model that knows would): the follow-up sees what a
    capture's follow-up sees. Measured so, training sees candidates as the service's model is shown them (frame
    texts and closed roots handed over, late ones at the follow-up), not the page at the moment it loaded
    (measured then, a late banner or a frame's text was missing). The consent platforms' rules and the ad
    lists leave everything to it: what they know is what the platforms and slots they do not know look like
    (measured with them as well, 10 rows of 696 were new, and those were slots' boxes around an ad the lists
    hid, which now go with it: hiding.HIDE_ADS)."""

    labelled: list[list[str]] = field(default_factory=list)
    rows: list[tuple[tuple[float, ...], str, str]] = field(default_factory=list)

    async def _consent(self, page: Page) -> None:
        """Left to the model."""

    async def _cosmetic(self, page: Page, world: int) -> None:
        """Left to the model."""

    async def _overlays(self, page: Page, world: int) -> None:
        found = candidates(await _evaluate_in(page, world, finder_expression()) or {})
        kinds = await _evaluate_in(page, world, f"({LABELS_OF})({json.dumps(self.labelled)})")
        self.rows += [(c.features, kind, c.describe) for c, kind in zip(found, kinds, strict=True)]
        chosen = [c.index for c, kind in zip(found, kinds, strict=True) if kind != "none" and not c.bare_backdrop]
        if chosen:
            slots = [c.index for c, kind in zip(found, kinds, strict=True) if kind == "ads"]
            chosen += [c.index for c in found if c.bare_backdrop]
            await _evaluate_in(page, world, watching.own(f"({REMOVE_OVERLAYS})({chosen}, {slots})"))


async def _evaluate_in(page: Page, context: int, expression: str) -> Any:
    result = await page.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                  "contextId": context})
    if "exceptionDetails" in result:
        raise RuntimeError(result["exceptionDetails"])
    return result.get("result", {}).get("value")


# Whether each element is shown; a kept one's opacity is not asked (a "live" badge that pulses from 0 to 1 is
# the page's animation, not a removal: it read as one, at random, once in two runs)
VISIBLE = """((selectors, removes) => selectors.map((s, at) => {
  const el = document.querySelector(s);
  if (!el || !el.isConnected) return false;
  if (el.localName === 'dialog' && !el.open) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && el.checkVisibility({opacityProperty: at < removes, visibilityProperty: true});
}))"""


@dataclass
class PageResult:
    name: str
    kind_of: dict[str, str]  # selector of each overlay -> its kind
    removed: dict[str, bool]  # selector of each overlay -> gone after the removal
    kept: dict[str, bool]  # selector of each element that must stay -> still shown
    reported: list[dict[str, Any]] = field(default_factory=list)


async def evaluate(conn: CdpConnection, base: str, name: str, options: RemoveElements = ALL_ON, *,
                   label: dict[str, Any] | None = None, model: OverlayModel | None = None) -> PageResult:
    """All three layers on one page (the shipped model, or `model`), then which labelled overlays are gone and
    which kept elements shown; `label` when the page is not this corpus's."""
    removal = Removal(options, await rule_sets(), model or OverlayModel.shipped())
    async with opened(conn, base + name, removal) as page:
        return await _judge(page, name, removal, label or labels()[name])


async def evaluate_many(conn: CdpConnection, base: str, labels: dict[str, dict[str, Any]],
                        model_of: Callable[[str], OverlayModel] | None = None, tabs: int = 2) -> list[PageResult]:
    """`evaluate` (all kinds on) of every page of `labels`, with `model_of(name)` or the shipped model, in the
    reused tabs of `visit_many`, each prepared for the removal once: its scripts are the same for every page of
    a set (no site's own consent rules match one). Four and a half times faster than a fresh page each, with
    the same outcomes (tests/test_removal.py holds that)."""
    rules = await rule_sets()

    async def judge(page: Page, name: str) -> PageResult:
        removal = Removal(ALL_ON, rules, model_of(name) if model_of else OverlayModel.shipped())
        return await _judge(page, name, removal, labels[name])

    found = await visit_many(conn, base, list(labels), judge, Removal(ALL_ON, rules), tabs)
    return [found[name] for name in labels]


async def visit_many(conn: CdpConnection, base: str, names: list[str], visit: Callable[[Page, str], Awaitable[T]],
                     prepared: Removal | None = None, tabs: int = 2) -> dict[str, T]:
    """`visit(page, name)` on every page of `names` as a capture opens it (`prepared` for its removal), in
    `tabs` pages that go from one page to the next, each page's cookies and storage cleared before the next, as
    a fresh page would have none."""
    out: dict[str, T] = {}
    origin = base.rstrip("/")

    async def tab(chunk: list[str]) -> None:
        async with open_page(conn) as page:
            request = CaptureRequest.model_validate({"url": base + chunk[0], "viewport": VIEWPORT})
            await prepare(page, request, USER_AGENT)
            if prepared is not None:
                await prepared.prepare(page, base + chunk[0])
            for name in chunk:
                await page.send("Network.clearBrowserCookies")
                await page.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
                with trio.fail_after(30):
                    await navigate(page, request.model_copy(update={"url": base + name}))
                out[name] = await visit(page, name)

    async with trio.open_nursery() as nursery:
        for i in range(tabs):
            if names[i::tabs]:
                nursery.start_soon(tab, names[i::tabs])
    return out


# A kept element the page itself holds hidden before the removal runs (a closed dialog, a `hidden` search
# sheet) is not one the removal took: set18 labelled four such as kept, and the removal had touched none
HIDDEN_BY_PAGE = """((selectors) => selectors.map(s => { const el = document.querySelector(s);
  return !!el && !(""" + VISIBLE + """)([s], 0)[0]; }))"""


async def _judge(page: Page, name: str, removal: Removal, label: dict[str, Any]) -> PageResult:
    removes = [item["selector"] for item in label["remove"]]
    keeps = [item["selector"] for item in label["keep"]]
    hidden_before = await _value(page, f"{HIDDEN_BY_PAGE}({json.dumps(keeps)})")
    await removal.apply(page)
    await removal.follow_up(page)  # as settling.settle ends
    shown = await _value(page, f"{VISIBLE}({json.dumps(removes + keeps)}, {len(removes)})")
    return PageResult(name, {item["selector"]: item["kind"] for item in label["remove"]},
                      {s: not v for s, v in zip(removes, shown[:len(removes)], strict=True)},
                      {s: v or was for s, v, was in zip(keeps, shown[len(removes):], hidden_before, strict=True)},
                      [r.wire() for r in removal.removed])


def summary(results: list[PageResult]) -> dict[str, Any]:
    """Recall per kind (overlays gone / overlays) and false removals (kept elements gone, pages with one)."""
    per_kind: dict[str, list[int]] = {}
    for result in results:
        for selector, kind in result.kind_of.items():
            hit = per_kind.setdefault(kind, [0, 0])
            hit[0] += int(result.removed[selector])
            hit[1] += 1
    false = [(r.name, s) for r in results for s, shown in r.kept.items() if not shown]
    negatives = [r for r in results if not r.kind_of]
    return {
        "pages": len(results),
        "negative_pages": len(negatives),
        "recall": {kind: (gone / total if total else 1.0, gone, total) for kind, (gone, total) in per_kind.items()},
        "false_removals": len(false),
        "false_removed": false,
        "false_on_negative_pages": sum(1 for r in negatives for shown in r.kept.values() if not shown),
        "features": len(FEATURES),
    }
