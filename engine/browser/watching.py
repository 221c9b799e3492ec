"""removeElements' watch over the page, for what one pass after the load cannot see.

A script runs in the main frame before the page's own (`WATCH_SCRIPT`) and keeps three counts:
- the timers the page set that are due soon (`setTimeout` wrapped in a Proxy, so that it still reads as
  native code and behaves as before): a pop-up shown 400 ms after the load is one of them;
- the changes to the document and its shadow roots (a MutationObserver: elements added, styles, classes, `open`,
  `hidden`);
- the closed shadow roots attached (`attachShadow` wrapped the same way): page scripts cannot read into
  those, and neither can the finder, so the removal reads them through CDP (`DOM.getDocument` with `pierce`)
  and hands each to its isolated world (`hand_over_closed_roots`).

The finder cannot read a cross-site frame either: what each says is read in the frame's own session and
handed over beside its iframe element (`hand_over_frame_texts`).

At the capture's settle point the removal asks `late_changes`: it waits for the timers due within
LATE_WAIT_S, for the scripts the page added that are still loading (a consent library shows its banner once
its language file has come) and for the animations with an end (a banner sliding in), never more than
LATE_WAIT_S — or REST_WAIT_S for an animation that comes to rest by then, waited for to its end — and never
more than a quarter of the time the capture has left, then says whether the document changed since the first
pass, in which case the overlay pass runs again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import trio

from engine.browser.cdp import CdpError
from engine.browser.page import Page

LATE_WAIT_S = 1.0  # at most this long at the settle point for the page's timers that are due soon
REST_WAIT_S = 2.0  # at most this long for an animation with an end that comes to rest by then
MAX_CLOSED_ROOTS = 50  # closed shadow roots handed to the finder per capture
MAX_FRAMES = 10  # cross-site frames whose text is handed to the finder per capture
OWN_START, OWN_END = "__captureOwnStart", "__captureOwnEnd"  # events around what the removal does to the page

WATCH_SCRIPT = """(() => {
  if (window.top !== window || window.__captureWatch) return;
  const original = {setTimeout, clearTimeout};
  const native = {setTimeout: setTimeout.bind(window), clearTimeout: clearTimeout.bind(window),
                  now: performance.now.bind(performance), frame: requestAnimationFrame.bind(window),
                  animations: document.getAnimations.bind(document)};
  const due = new Map(), state = {closed: 0, changes: 0};
  Object.defineProperty(window, '__captureWatch', {value: state, configurable: false, enumerable: false});
  Object.defineProperty(state, 'native', {value: {setTimeout: native.setTimeout, clearTimeout: native.clearTimeout}});
  const LIMIT = LIMIT_MS;
  window.setTimeout = new Proxy(original.setTimeout, {apply(target, self, args) {
    const delay = Number(args[1]) || 0, callback = args[0];
    if (typeof callback !== 'function' || delay > LIMIT || due.size >= 1000) return Reflect.apply(target, self, args);
    let id = 0;
    args[0] = function (...given) { due.delete(id); return callback.apply(this, given); };
    id = Reflect.apply(target, self, args);
    due.set(id, native.now() + delay);
    return id;
  }});
  const cleared = (target, self, args) => { due.delete(args[0]); return Reflect.apply(target, self, args); };
  window.clearTimeout = new Proxy(original.clearTimeout, {apply: cleared});
  window.clearInterval = new Proxy(window.clearInterval, {apply: cleared});
  const loading = new Set();  // scripts the page added that are still loading: a pop-up may come with one
  const track = (node) => {
    if (node.tagName !== 'SCRIPT' || !node.src || loading.size >= 100
        || (node.type && !/(java|ecma)script|^module$/i.test(node.type))) return;
    loading.add(node);
    const done = () => loading.delete(node);
    node.addEventListener('load', done, {once: true});
    node.addEventListener('error', done, {once: true});
  };
  const count = (records) => {
    state.changes += records.length;
    for (const record of records) record.addedNodes.forEach(track);
  };
  const observer = new MutationObserver(count);
  const watched = {subtree: true, childList: true, attributes: true,
                   attributeFilter: ['style', 'class', 'open', 'hidden']};
  observer.observe(document, watched);
  // what the removal does to the page is not the page's change: its scripts say where they start and end (`own`),
  // the page's records so far are counted there and the removal's own taken and dropped (first on the window,
  // before any of the page's listeners)
  addEventListener(OWN_START, () => count(observer.takeRecords()), true);
  addEventListener(OWN_END, () => observer.takeRecords(), true);
  // a shadow root is a document of its own to the observer: an ad drawn into one after the load is a change
  Element.prototype.attachShadow = new Proxy(Element.prototype.attachShadow, {apply(target, self, args) {
    const root = Reflect.apply(target, self, args);
    if (args[0] && args[0].mode === 'closed') state.closed++;
    observer.observe(root, watched);
    state.changes++;
    return root;
  }});
  // a banner sliding or fading in (an animation with an end): it is judged where it comes to rest, or as near
  // to it as the wait allows. One that comes to rest within restMs is waited for to its end: a bar that
  // slides in after a delay of a second (its class set as the page loads) is otherwise judged still below
  // the viewport's edge.
  const moving = () => native.animations().filter((a) => a.playState === 'running' && a.effect
    && typeof a.currentTime === 'number' && Number.isFinite(a.effect.getComputedTiming().endTime));
  const remaining = (a) => {
    const rate = a.playbackRate || 1;
    return rate > 0 ? (a.effect.getComputedTiming().endTime - a.currentTime) / rate : a.currentTime / -rate;
  };
  state.settle = (waitMs, restMs = waitMs) => new Promise((resolve) => {
    const start = native.now();
    let waited = false;
    const look = () => {
      const now = native.now(), moved = moving(), spent = now - start;
      if (moved.length) state.changes++;  // what moved is where it was not at the first pass: the pass runs again
      const resting = spent < restMs && moved.some((a) => spent + remaining(a) <= restMs);
      if (resting || (spent < waitMs
                      && (loading.size || [...due.values()].some((when) => when <= start + waitMs) || moved.length))) {
        waited = true;
        native.setTimeout(look, 10);
      } else if (waited) {
        native.frame(() => native.frame(() => resolve(state.changes)));  // what the timers did, painted
      } else {
        resolve(state.changes);
      }
    };
    look();
  });
})();"""

CHANGES = "window.__captureWatch ? window.__captureWatch.changes : 0"
CLOSED = "window.__captureWatch ? window.__captureWatch.closed : 0"
SETTLED = ("window.__captureWatch && window.__captureWatch.settle ? window.__captureWatch.settle(WAIT_MS, REST_MS)"
           " : 0")
KEEP_ROOT = "function () { (globalThis.__closedRoots ||= new Map()).set(this.host, this); }"
KEEP_FRAME_TEXT = "function (said) { if (said) (globalThis.__frameTexts ||= new Map()).set(this, said); }"
FRAME_TEXT = """(() => {
  const body = document.body;
  const controls = [...document.querySelectorAll('button, a, [role=button], input[type=button], input[type=submit]')]
    .slice(0, 30).map((b) => `${b.innerText || b.value || ''} ${b.getAttribute('aria-label') || ''}`.trim());
  return {text: body ? body.innerText.slice(0, 3000) : '', controls};
})()"""


def watch_script() -> str:
    return (WATCH_SCRIPT.replace("LIMIT_MS", str(int(LATE_WAIT_S * 1000)))
            .replace("OWN_START", f"'{OWN_START}'").replace("OWN_END", f"'{OWN_END}'"))


def own(expression: str) -> str:
    """`expression` (a removal script, evaluated in the isolated world) as the removal's own doing: what it
    changes in the document is not counted among the page's changes."""
    return (f"(() => {{ document.dispatchEvent(new Event('{OWN_START}')); try {{ return {expression}; }}"
            f" finally {{ document.dispatchEvent(new Event('{OWN_END}')); }} }})()")


async def prepare(page: Page) -> None:
    """The watch, in the main frame before any of the page's scripts."""
    await page.send("Page.addScriptToEvaluateOnNewDocument", {"source": watch_script()})


async def changes(page: Page) -> int:
    """How many changes the document has had so far."""
    return int(await _main_world(page, CHANGES) or 0)


async def late_changes(page: Page) -> int:
    """The page's timers due soon given their time (bounded, see the module), then its count of changes."""
    left = trio.current_effective_deadline() - trio.current_time()
    wait_ms, rest_ms = (int(1000 * max(0.0, min(limit, left / 4))) for limit in (LATE_WAIT_S, REST_WAIT_S))
    counted = None
    with trio.move_on_after(rest_ms / 1000 + 0.5):  # a page that broke its watch's promise is not waited for
        settled = SETTLED.replace("WAIT_MS", str(wait_ms)).replace("REST_MS", str(rest_ms))
        counted = await _main_world(page, settled, wait=True)
    return int(counted or 0) if counted is not None else await changes(page)


async def hand_over_closed_roots(page: Page, world: int) -> int:
    """The page's closed shadow roots, read through CDP, put in `globalThis.__closedRoots` (host -> root) of
    the isolated world `world`; how many. Nothing is asked of CDP when the page attached none."""
    if not int(await _main_world(page, CLOSED) or 0):
        return 0
    document = await page.send("DOM.getDocument", {"depth": -1, "pierce": True})
    roots = list(_closed_roots(document.get("root", {})))[:MAX_CLOSED_ROOTS]
    for root in roots:
        found = await page.send("DOM.resolveNode", {"backendNodeId": root, "executionContextId": world})
        await page.send("Runtime.callFunctionOn", {"objectId": found["object"]["objectId"],
                                                   "functionDeclaration": KEEP_ROOT})
    return len(roots)


def _closed_roots(node: dict[str, Any]) -> Iterator[int]:
    """The backend node ids of the closed shadow roots under `node` (DOM.getDocument's tree)."""
    stack = [node]
    while stack:
        here = stack.pop()
        for root in here.get("shadowRoots", ()):
            if root.get("shadowRootType") == "closed":
                yield root["backendNodeId"]
            stack.append(root)
        stack.extend(here.get("children", ()))
        if "contentDocument" in here:
            stack.append(here["contentDocument"])


async def hand_over_frame_texts(page: Page, world: int) -> int:
    """What the page's cross-site frames say (their text and the labels of their controls), read in each
    frame's own session and put in `globalThis.__frameTexts` (iframe element -> {text, controls}) of the
    isolated world `world`, so that a backdrop holding only such a frame is judged by it; how many."""
    handed = 0
    for session, frame in list(page.frame_sessions.items())[:MAX_FRAMES]:
        try:
            said = await page.conn.send("Runtime.evaluate", {"expression": FRAME_TEXT, "returnByValue": True},
                                        session)
            owner = await page.send("DOM.getFrameOwner", {"frameId": frame})
            found = await page.send("DOM.resolveNode", {"backendNodeId": owner["backendNodeId"],
                                                        "executionContextId": world})
            await page.send("Runtime.callFunctionOn", {
                "objectId": found["object"]["objectId"], "functionDeclaration": KEEP_FRAME_TEXT,
                "arguments": [{"value": said.get("result", {}).get("value")}]})
            handed += 1
        except CdpError:
            continue  # the frame went away, or is not the main frame's child
    return handed


async def _main_world(page: Page, expression: str, *, wait: bool = False) -> Any:
    result = await page.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                  "awaitPromise": wait})
    if "exceptionDetails" in result:
        return None  # the page broke its own watch: the removal goes on without it
    return result.get("result", {}).get("value")
