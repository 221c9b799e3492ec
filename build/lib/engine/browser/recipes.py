"""How a capture is made on an open page: prepare, navigate, settle, then render (engine.browser.outputs).

Each step raises from the `engine.rules.errors` tree; the caller puts the whole
recipe under the request's deadline.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import trio

from engine.browser.cdp import CdpError, CdpTooLarge
from engine.browser.facts import FACTS_SCRIPT, PageFacts
from engine.browser.outputs import CONTENT_TYPES, MAX_IMAGE_PX, framed, render, scale_of, screen
from engine.browser.page import (
    HTML_DOCUMENT_URL,
    Page,
    check_selector,
    evaluate,
    js_literal,
    next_frames,
    wait_for_lifecycle,
)
from engine.browser.removal import Removal, Removed, rule_sets
from engine.rules.devices import DEVICES
from engine.rules.errors import (
    FieldError,
    InvalidRequest,
    JavascriptError,
    NavigationRefused,
    RenderFailed,
    ResultTooLarge,
    SelectorNotFound,
    TargetStatusRejected,
)
from engine.rules.request import CaptureRequest

# Chromium reports these for a page it still shows (an HTTP error page with an empty body).
SHOWN_ERRORS = frozenset({"net::ERR_HTTP_RESPONSE_CODE_FAILURE"})
RefusalLookup = Callable[[str], str | None]
# Commands whose failure is the client's value at fault, by the request field that gave it.
CLIENT_FIELDS = {"Emulation.setLocaleOverride": "locale", "Emulation.setTimezoneOverride": "timezone"}
SCRIPT_MESSAGE = 500  # characters of a failed script's message in the answer
WAIT_EVENTS = {"load": "load", "domcontentloaded": "DOMContentLoaded", "networkidle": "networkIdle"}


@dataclass(frozen=True)
class Capture:
    body: bytes
    content_type: str
    target_status: int
    removed: tuple[Removed, ...] = ()  # removeElements: what went, by kind and layer
    facts: PageFacts | None = None  # responseType json


def _nothing_refused(url: str) -> str | None:
    return None


async def take_capture(page: Page, request: CaptureRequest, default_user_agent: str,
                       refused: RefusalLookup = _nothing_refused, *, max_bytes: int = 50_000_000) -> Capture:
    """`refused` tells why the egress guard refused a URL, if it did; a result over `max_bytes`
    raises ResultTooLarge."""
    await prepare(page, request, default_user_agent)
    removal = None
    if request.remove_elements is not None:
        removal = Removal(request.remove_elements, await rule_sets())
        await removal.prepare(page, request.url or HTML_DOCUMENT_URL)
    marks = [trio.current_time()]
    try:
        status = await navigate(page, request)
    except RenderFailed:
        _check_main_document(page, refused)
        raise
    _check_main_document(page, refused)
    for low, high in request.rejected_statuses:
        if low <= status <= high:
            raise TargetStatusRejected(status)
    marks.append(trio.current_time())
    await settle(page, request, removal)
    _check_main_document(page, refused)  # a refresh or a script may have navigated since
    # Cached results too: a cached answer may be asked for as json.
    said = await evaluate(page, FACTS_SCRIPT) if request.response_type == "json" or request.cache else None
    marks.append(trio.current_time())
    try:
        body = await render(page, request, max_bytes)
    except CdpTooLarge as exc:  # the connection's limit stopped it: the browser session goes with it
        raise ResultTooLarge(f"the {request.format} is larger than {max_bytes} bytes (max_result_bytes)") from exc
    if request.mockup is not None:
        body = await framed(page, request, body)
    if len(body) > max_bytes:
        raise ResultTooLarge(f"the {request.format} is {len(body)} bytes, more than {max_bytes} (max_result_bytes)")
    marks.append(trio.current_time())
    facts = None
    if said is not None:
        steps = [round((end - start) * 1000) for start, end in itertools.pairwise(marks)]
        facts = PageFacts(page.state.document_url if request.url is not None else None, said["title"],
                          said["description"], said["openGraph"], dict(zip(("loadMs", "settleMs", "renderMs"),
                                                                           steps, strict=True)))
    return Capture(body, CONTENT_TYPES[request.format], status, tuple(removal.removed) if removal else (), facts)


def _check_main_document(page: Page, refused: RefusalLookup) -> None:
    """A capture of the guard's refusal page is no capture: fail it, naming the destination."""
    url = page.state.document_url
    if url == HTML_DOCUMENT_URL:
        # The `html` capture's own document, served by the page itself. Refusals are looked up by host and
        # port, and the relative URLs of its images (or Chromium's favicon request) on capture.invalid are
        # refused: they must not pass for a refusal of the document (1-2 % of html captures failed so).
        return
    why = refused(url)
    if why is not None:
        raise NavigationRefused(f"the page went to {url}, which is not allowed: {why}")


async def prepare(page: Page, r: CaptureRequest, default_user_agent: str) -> None:
    """The capture's emulation, headers and cookies, sent in one go (one round trip, not ten)."""
    device = DEVICES.get(r.device_name or "")
    user_agent = r.user_agent or (device.user_agent if device else None) or default_user_agent
    commands: list[tuple[str, dict[str, Any] | None]] = []
    if device is not None and device.touch:
        commands.append(("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}))
    commands += [
        ("Emulation.setDeviceMetricsOverride", screen(r)),
        ("Emulation.setUserAgentOverride", {"userAgent": user_agent, "acceptLanguage": r.locale}),
        ("Emulation.setLocaleOverride", {"locale": r.locale.replace("-", "_")}),
        ("Emulation.setTimezoneOverride", {"timezoneId": r.timezone}),
        ("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if r.dark_mode else "light"},
            {"name": "prefers-reduced-motion", "value": "reduce" if r.reduced_motion else "no-preference"},
        ]}),
    ]
    if r.geolocation is not None:
        g = r.geolocation
        commands.append(("Emulation.setGeolocationOverride",
                         {"latitude": g.latitude, "longitude": g.longitude, "accuracy": g.accuracy}))
    if r.omit_background:
        commands.append(("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}))
    if r.headers:
        commands.append(("Network.setExtraHTTPHeaders", {"headers": r.headers}))
    if r.cookies:
        commands.append(("Network.setCookies", {"cookies": [_cookie(c, r.url or "") for c in r.cookies]}))
    if r.html is not None:
        page.html_document = r.html
        commands.append(("Fetch.enable", page.fetch_interception()))
    if r.geolocation is not None:  # a Browser command, so on the browser's connection; this context only
        await page.conn.send("Browser.grantPermissions",
                             {"permissions": ["geolocation"], "browserContextId": page.context_id})
    for (method, _), answer in zip(commands, await page.send_many(commands), strict=True):
        if isinstance(answer, CdpError):
            field = CLIENT_FIELDS.get(method)
            if field is None:
                raise answer
            raise InvalidRequest(f"{field}: {answer.message}",
                                 errors=(FieldError(field, "invalid", answer.message),)) from answer


def _cookie(cookie: Any, url: str) -> dict[str, Any]:
    params: dict[str, Any] = {"name": cookie.name, "value": cookie.value, "path": cookie.path,
                              "secure": cookie.secure, "httpOnly": cookie.http_only}
    if cookie.domain:
        params["domain"] = cookie.domain
    else:
        params["url"] = url
    if cookie.same_site:
        params["sameSite"] = cookie.same_site
    if cookie.expires is not None:
        params["expires"] = cookie.expires
    return params


async def navigate(page: Page, r: CaptureRequest) -> int:
    """Load the target and wait for `waitUntil`; return the main document's status."""
    url = r.url or HTML_DOCUMENT_URL
    result = await page.send("Page.navigate", {"url": url})
    error = result.get("errorText")
    if error and error not in SHOWN_ERRORS:
        raise RenderFailed(f"could not load {url}: {error}")
    loader = result.get("loaderId")
    if not loader:
        raise RenderFailed(f"could not load {url}: the browser started no navigation")
    await wait_for_lifecycle(page, loader, WAIT_EVENTS[r.wait_until])
    return page.state.document_status.get(loader, 200)


async def settle(page: Page, r: CaptureRequest, removal: Removal | None = None) -> None:
    """Scrolling, overlays removed, the client's script, styles, hidden elements, waitForSelector, click, delay:
    the page as the client wants it."""
    if r.scroll is not None and r.scroll.enabled and r.format != "webm":  # a video scrolls while it records
        await scroll_through(page, r)
    if removal is not None:
        await removal.apply(page)
    if r.javascript is not None:
        await run_script(page, r.javascript)
    rules = [r.css or ""]
    for index, selector in enumerate(r.hide_selectors):
        await check_selector(page, f"hideSelectors[{index}]", selector)
        rules.append(f"{selector} {{ visibility: hidden !important; }}")
    if any(rules):
        await evaluate(page, f"""(() => {{ const s = document.createElement('style');
            s.textContent = {js_literal(chr(10).join(rules))};
            (document.head || document.documentElement).appendChild(s); }})()""")
    if r.wait_for_selector:
        await check_selector(page, "waitForSelector", r.wait_for_selector)
        await evaluate(page, f"""new Promise(done => {{ const look = () =>
            document.querySelector({js_literal(r.wait_for_selector)}) ? done(true) : setTimeout(look, 50);
            look(); }})""", await_promise=True)
    if r.click:
        await check_selector(page, "click", r.click)
        found = await evaluate(page, f"""(() => {{
            const el = document.querySelector({js_literal(r.click)}); if (!el) return false;
            el.scrollIntoView({{block: 'center'}}); el.click(); return true; }})()""")
        if not found:
            raise SelectorNotFound("click", r.click)
        await next_frames(page)
    if r.delay_ms:
        await trio.sleep(r.delay_ms / 1000)


async def run_script(page: Page, script: str) -> None:
    """The client's script, evaluated like a console snippet (top-level await, a promise awaited); a throw or a
    rejection is the client's JavascriptError, with the first SCRIPT_MESSAGE characters of its message."""
    result = await page.send("Runtime.evaluate", {
        "expression": script, "replMode": True, "awaitPromise": True, "returnByValue": False,
        "userGesture": True,
    })
    value = result.get("result", {})
    if "exceptionDetails" not in result and value.get("subtype") == "promise":
        # replMode awaits a top-level `await`, not a promise the snippet ends with: that one is awaited here
        result = await page.send("Runtime.awaitPromise", {"promiseObjectId": value["objectId"]})
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        message = details.get("exception", {}).get("description") or details.get("text") or "the script threw"
        raise JavascriptError(f"javascript: {message[:SCRIPT_MESSAGE]}", errors=(
            FieldError("javascript", "threw", message[:SCRIPT_MESSAGE]),))
    await next_frames(page)


async def scroll_through(page: Page, r: CaptureRequest) -> None:
    """Down the whole page in steps (lazy images and sections load), until the pixel cap; wait for what that
    started (images, then a quiet network); back to the top, so fixed headers appear once."""
    assert r.scroll is not None
    scale = scale_of(r)
    await evaluate(page, f"""(async () => {{
        const pause = ms => new Promise(done => setTimeout(done, ms));
        const frames = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
        const step = {r.scroll.step_px or 0} || innerHeight, delay = {100 if r.scroll.delay_ms is None
                                                                      else r.scroll.delay_ms};
        const limit = {MAX_IMAGE_PX / scale};
        const height = () => Math.min(limit, Math.max(document.documentElement.scrollHeight,
                                                      document.body ? document.body.scrollHeight : 0));
        for (let y = step; y - step + innerHeight < height(); y += step) {{
            scrollTo(0, y);
            await frames();
            await pause(delay);
        }}
        const loading = [...document.images].filter(i => !i.complete);  // at most 5 s for the images
        await Promise.race([pause(5000), Promise.all(loading.map(i => new Promise(done => {{
            i.addEventListener('load', done); i.addEventListener('error', done); }})))]);
        let seen = -1;  // then a quiet network: 5 looks 100 ms apart with no new resource, at most 50 looks
        for (let quiet = 0, looks = 0; quiet < 5 && looks < 50; looks++) {{
            const count = performance.getEntriesByType('resource').length;
            quiet = count === seen ? quiet + 1 : 0;
            seen = count;
            await pause(100);
        }}
        scrollTo(0, 0);
        await frames();
    }})()""", await_promise=True)


