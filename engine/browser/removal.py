"""removeElements: consent banners, ads and pop-ups gone, the page's own content left alone.

Three layers, each reporting what it removed (`Removed`: kind, layer, what, score):

- **rules** (cookieBanners): DuckDuckGo's autoconsent, its content script and
  rule set for a few hundred consent platforms (OneTrust, Cookiebot, Didomi,
  Usercentrics, Quantcast, TrustArc, Sourcepoint, Osano, Klaro, CookieYes,
  Termly, Complianz, …) injected at document start into every frame of the
  page, which rejects or closes the way a person would, else hides. Our bridge
  answers its `init` with the rules and collects its reports in the top frame.
- **list** (ads): EasyList and EasyPrivacy through Brave's adblock engine:
  requests to listed ad and tracker hosts are refused at the capture's egress
  lane before a connection is made (`AdHosts`), and listed ad slots are hidden
  by the lists' cosmetic rules, chosen for the classes and ids the page has.
- **model** (all three kinds): the overlays still covering the page are
  measured by `engine/browser/overlays.js` and judged by `engine.browser.overlays.OverlayModel`;
  those of a requested kind are hidden, and what they took is given back
  (scrolling unlocked, translucent backdrops and blur gone).

The rule sets live in ./vendor (fetched by ./bootstrap.sh) and are read once (engine.browser.rule_sets); the
rules layer's scripts are engine.browser.consent's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import adblock
import orjson
import trio

from engine.browser import consent, watching
from engine.browser.hiding import HIDE_ADS, NAMES_EXPRESSION, REMOVE_OVERLAYS
from engine.browser.overlays import KINDS, MAX_REPORTED, WORDS, OverlayModel, candidates, finder_expression
from engine.browser.page import Page
from engine.browser.page.steps import across_documents
from engine.browser.rule_sets import RuleSets, rule_sets
from engine.network.addresses import ip_literal
from engine.rules.errors import RenderFailed
from engine.rules.request import RemoveElements

MAX_NAMES = 5000  # class names and ids of a page asked about in the cosmetic rules


@dataclass(frozen=True)
class Removed:
    kind: str  # cookieBanners, popups or ads
    layer: str  # rules (a consent platform's own dismissal), list (EasyList's cosmetic rules), model
    #             (engine.browser.overlays), network (a listed ad or tracker host, refused at the egress lane)
    what: str  # the platform, the element (tag#id.class) or the host
    score: float | None = None  # the model's probability, for the model layer

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "layer": self.layer, "what": self.what}
        if self.score is not None:
            out["score"] = self.score
        return out


def counts(removed: list[Removed] | tuple[Removed, ...]) -> str:
    """The x-removed-elements header: a structured-field dictionary of the elements removed per kind (refused
    hosts are no elements: x-blocked-hosts counts those)."""
    return ", ".join(f"{kind}={sum(1 for r in removed if r.kind == kind and r.layer != 'network')}"
                     for kind in KINDS)


def blocked_hosts(removed: list[Removed] | tuple[Removed, ...]) -> int:
    return sum(1 for r in removed if r.layer == "network")


class AdHosts:
    """The lane's question for each connection: is this host a listed ad or tracker host, for this page?"""

    def __init__(self, engine: adblock.Engine, page_url: str) -> None:
        self.engine, self.page_url = engine, page_url
        self.blocked: dict[str, None] = {}  # in the order first refused
        self._seen: dict[str, bool] = {}
        self._first_party = (_hostname(page_url) or "").lower()

    def refuses(self, host: str) -> bool:
        host = host.lower().rstrip(".")
        if host == self._first_party:
            return False  # the page itself is never an ad
        if host not in self._seen:
            if len(self._seen) > 10_000:
                self._seen.clear()
            result = self.engine.check_network_urls(f"https://{host}/", self.page_url, "other")
            self._seen[host] = bool(result.matched and not result.exception)
        if self._seen[host]:
            self.blocked.setdefault(host)
        return self._seen[host]

    def removed(self) -> list[Removed]:
        return [Removed("ads", "network", host) for host in self.blocked]


def cosmetic_url(url: str) -> str:
    """The address the lists' cosmetic rules are chosen for. A page addressed by IP is judged as a site with no
    rules of its own: EasyList exempts 127.0.0.1 and localhost from its generic rules (`$generichide`, for
    developers' own pages), and the same page must lose the same ad slots by name or by address."""
    host = _hostname(url)
    if host is None or ip_literal(host) is None:
        return url
    return "http://address.invalid/"


def _hostname(url: str) -> str | None:
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


@dataclass
class Removal:
    """One capture's removal: `prepare` before it navigates, `apply` once the page has settled."""

    options: RemoveElements
    rules: RuleSets
    model: OverlayModel = field(default_factory=OverlayModel.shipped)
    removed: list[Removed] = field(default_factory=list)
    _changes: int | None = None  # the document's changes when the last pass ended (engine.browser.watching)

    @property
    def wanted(self) -> set[str]:
        o = self.options
        return {kind for kind, on in zip(KINDS, (o.cookie_banners, o.popups, o.ads), strict=True) if on}

    @classmethod
    async def started(cls, page: Page, options: RemoveElements, url: str) -> Removal:
        """A capture's removal, its rule sets read and prepared on `page` before it navigates to `url`."""
        removal = cls(options, await rule_sets())
        await removal.prepare(page, url)
        return removal

    async def prepare(self, page: Page, url: str) -> None:
        """Autoconsent into every frame from the start, with the rules for `url`; the watch for late overlays and
        closed shadow roots (engine.browser.watching); and our styles and the consent platforms' snippets must
        work on pages whose CSP would refuse them."""
        await page.send("Page.setBypassCSP", {"enabled": True})
        await watching.prepare(page)
        # every kind: the model reads what cross-site frames say (engine.browser.watching)
        await page.run_in_every_frame(consent.consent_script(self.rules, url) if self.options.cookie_banners else "")

    async def apply(self, page: Page) -> list[Removed]:
        """The first pass, once the page has loaded: the consent platforms, the ad slots, the overlays."""
        if self.options.cookie_banners:
            await across_documents(page, lambda: self._consent(page))
        if self.wanted:
            await across_documents(page, lambda: self._pass(page))
        return self.removed

    async def follow_up(self, page: Page) -> list[Removed]:
        """At the capture's settle point: the page's timers due soon given their time (bounded), then the pass
        again if the document changed since the first one (a late pop-up, an ad slot filled)."""
        async def again() -> None:
            if self.wanted and self._changes is not None and await watching.late_changes(page) > self._changes:
                await self._pass(page)
        await across_documents(page, again)
        return self.removed

    async def _pass(self, page: Page) -> None:
        # the page's changes before the pass looks: one while it looks (a banner put in as the finder reads) is late
        seen = await watching.changes(page)
        world = (await page.send("Page.createIsolatedWorld", {
            "frameId": page.state.main_frame, "worldName": "capture-removal"}))["executionContextId"]
        if self.options.ads:
            await self._cosmetic(page, world)
        await watching.hand_over_closed_roots(page, world)
        await watching.hand_over_frame_texts(page, world)
        await self._overlays(page, world)
        self._changes = seen  # the pass's own changes are not counted (watching.own)

    async def _consent(self, page: Page) -> None:
        """Wait (in the page, looking every 10 ms) while autoconsent is starting or dismissing what it found."""
        with trio.move_on_after(consent.FRAMES_REPORT_S):  # the cross-site frames attached so far, given their script
            await page.frames_given.wait()
        expression = consent.wait_expression(1 + len(page.frame_sessions))
        state = None
        with trio.move_on_after(consent.CONSENT_WAIT_S + consent.FRAMES_REPORT_S + 1):  # the page's timers run the wait
            state = await _evaluate(page, expression)
        for cmp in dict.fromkeys((state or {}).get("done", [])):
            self.removed.append(Removed("cookieBanners", "rules", str(cmp)[:80]))

    async def _cosmetic(self, page: Page, world: int) -> None:
        names = await _evaluate(page, NAMES_EXPRESSION.replace("LIMIT", str(MAX_NAMES)), world) or {}
        resources = self.rules.ads.url_cosmetic_resources(cosmetic_url(page.state.document_url))
        selectors = list(resources.hide_selectors)
        # the lists' generic rules (`##.ad-item`) are not for a page whose heading says it lists classified ads
        if not getattr(resources, "generichide", False) and not about_ads(str(names.get("heading", ""))):
            selectors += self.rules.ads.hidden_class_id_selectors(
                names.get("classes", []), names.get("ids", []), set(resources.exceptions))
        if not selectors:
            return
        hidden = await _evaluate(page, watching.own(f"({HIDE_ADS.replace('LIMIT', str(MAX_REPORTED))})"
                                                    f"({orjson.dumps(selectors).decode()})"), world) or {}
        # what the last pass's sheet hid as it came is new unless that pass reported as many of its name
        said = Counter(r.what for r in self.removed if r.layer == "list")
        before = Counter(str(what)[:120] for what in hidden.get("before", []))
        self.removed += [Removed("ads", "list", str(what)[:120]) for what in hidden.get("shown", [])]
        self.removed += [Removed("ads", "list", what) for what in (before - said).elements()]

    async def _overlays(self, page: Page, world: int) -> None:
        found = await _evaluate(page, finder_expression(), world) or {}
        verdicts = [self.model.judge(c) for c in candidates(found)]
        chosen = [v for v in verdicts if v.kind in self.wanted and not v.candidate.bare_backdrop
                  and v.candidate.purposeful]
        if not chosen:
            return
        backdrops = [v.candidate.index for v in verdicts if v.candidate.bare_backdrop]
        slots = [v.candidate.index for v in chosen if v.kind == "ads"]  # their boxes left bare go too
        # what comes back: the boxes around an ad that stayed (hiding.REMOVE_OVERLAYS)
        held = await _evaluate(page, watching.own(
            f"({REMOVE_OVERLAYS})({[v.candidate.index for v in chosen] + backdrops}, {slots})"), world) or []
        self.removed += [Removed(v.kind, "model", v.candidate.describe, round(v.score, 3)) for v in chosen
                         if v.candidate.index not in held]


async def _evaluate(page: Page, expression: str, context: int | None = None) -> Any:
    params: dict[str, Any] = {"expression": expression, "returnByValue": True, "awaitPromise": True}
    if context is not None:
        params["contextId"] = context
    result = await page.send("Runtime.evaluate", params)
    if "exceptionDetails" in result:
        detail = result["exceptionDetails"].get("exception", {}).get("description", "script error")
        raise RenderFailed(f"removeElements failed on this page: {detail[:300]}")
    return result.get("result", {}).get("value")


def about_ads(heading: str) -> bool:
    """Whether a page's heading names classified ads ("Mali oglasi", "Kleinanzeigen"): its listed ads are its
    content. An ad label's word alone says nothing here ("Strafanzeige" is a complaint to the police)."""
    return any(word in heading.lower() for word in WORDS["classifieds"])
