"""How a capture is made on an open page: prepare, navigate, settle, render.

Each step raises from the `engine.errors` tree; the caller puts the whole
recipe under the request's deadline.
"""

from __future__ import annotations

import base64
import itertools
import math
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import orjson
import trio

from engine.cdp import CdpError, CdpTooLarge
from engine.devices import DEVICES
from engine.errors import (
    FieldError,
    InvalidRequest,
    JavascriptError,
    NavigationRefused,
    RenderFailed,
    ResultTooLarge,
    SelectorNotFound,
    TargetStatusRejected,
)
from engine.facts import FACTS_SCRIPT, PageFacts
from engine.mockups import frame_html, output_size, png_size
from engine.page import HTML_DOCUMENT_URL, Page
from engine.removal import Removal, Removed, rule_sets
from engine.request import CaptureRequest, PdfOptions, Video, Viewport
from engine.video import JPEG_QUALITY, Recording
from engine.waiting import wait_any

MAX_IMAGE_PX = 16384  # device pixels on either side of a screenshot
MAX_DEVICE_PIXELS = 75_000_000  # and in all: the largest viewport (3840 x 2160 at scale 3) fits
PDF_CHUNK = 1024 * 1024  # a PDF is read from Chromium's stream this much at a time
CONTENT_TYPES = {
    "png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp",
    "pdf": "application/pdf", "html": "text/html; charset=utf-8", "webm": "video/webm",
}
PAPER_INCHES = {
    "A3": (11.69, 16.54), "A4": (8.27, 11.69), "A5": (5.83, 8.27),
    "Letter": (8.5, 11.0), "Legal": (8.5, 14.0), "Tabloid": (11.0, 17.0),
}
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


async def framed(page: Page, r: CaptureRequest, screenshot: bytes) -> bytes:
    """The PNG screenshot in its device's frame (engine.mockups), drawn on this page once it left the site."""
    assert r.mockup is not None
    host = (urlsplit(page.state.document_url).hostname or "") if r.url is not None else ""
    loader = (await page.send("Page.navigate", {"url": "about:blank"})).get("loaderId")
    if loader:
        await wait_for_lifecycle(page, loader, "load")
    screen, scale = png_size(screenshot), _scale(r)
    width, height = output_size(r.mockup.device, screen, scale)
    tree = await page.send("Page.getFrameTree")
    await page.send_many([
        ("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                "mobile": False}),
        ("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 255, "g": 255, "b": 255,
                                                                   "a": 1 if r.format == "jpeg" else 0}}),
        ("Page.setDocumentContent", {"frameId": tree["frameTree"]["frame"]["id"], "html": frame_html(
            r.mockup.device, r.mockup.theme, base64.b64encode(screenshot).decode(), screen, scale, host)}),
    ])
    await evaluate(page, "Promise.all([...document.images].map(image => image.decode()))", await_promise=True)
    params: dict[str, Any] = {"format": r.format, "fromSurface": True}
    if r.format in {"jpeg", "webp"}:
        params["quality"] = r.quality or 80
    return base64.b64decode((await page.send("Page.captureScreenshot", params))["data"])


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
        ("Emulation.setDeviceMetricsOverride", _metrics(r)),
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


def _metrics(r: CaptureRequest) -> dict[str, Any]:
    """The screen to emulate: the device preset's, else the viewport's (defaults when neither)."""
    device = DEVICES.get(r.device_name or "")
    if device is not None:
        # Plain values, not a Viewport: that model validates client JSON and accepts
        # only its camelCase aliases, so building one from field names raised.
        return {"width": device.width, "height": device.height,
                "deviceScaleFactor": device.scale, "mobile": device.mobile}
    viewport = r.viewport or Viewport()
    return {"width": viewport.width, "height": viewport.height,
            "deviceScaleFactor": viewport.device_scale_factor, "mobile": viewport.mobile}


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


async def wait_for_lifecycle(page: Page, loader: str, name: str) -> None:
    """Wait until the main frame's document reaches `name` (load, networkIdle, …).

    A page that replaces itself before it loads (a script setting `location`,
    a form submitted at once) never loads its first document; once another
    document commits, the wait moves on to it. A navigation that never commits
    (an external protocol, a 204) leaves the wait where it was, and if it
    stopped the document's loading, the end of loading counts as loaded.
    """
    state = page.state
    current = loader
    while True:
        changed, stopped = state.loader_changed, state.stopped_loading
        reached = state.lifecycle(current, name)
        ends = [reached, changed, state.crashed, page.conn.closed]
        if name != "networkIdle":
            ends.append(stopped)  # networkIdle still fires after a stopped load; load events do not
        await wait_any(*ends)
        if reached.is_set():
            return
        if stopped.is_set() and name != "networkIdle" and not changed.is_set():
            # Loading ended without this event: a navigation to an external protocol
            # (mailto:, ftp:) stops the document's load, which then never fires.
            return
        if not changed.is_set():
            raise RenderFailed("the page crashed or the browser went away while loading")
        if current in state.loaders and state.loaders[-1] != current:
            current = state.loaders[-1]


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
        await _check_selector(page, f"hideSelectors[{index}]", selector)
        rules.append(f"{selector} {{ visibility: hidden !important; }}")
    if any(rules):
        await evaluate(page, f"""(() => {{ const s = document.createElement('style');
            s.textContent = {_js(chr(10).join(rules))};
            (document.head || document.documentElement).appendChild(s); }})()""")
    if r.wait_for_selector:
        await _check_selector(page, "waitForSelector", r.wait_for_selector)
        await evaluate(page, f"""new Promise(done => {{ const look = () =>
            document.querySelector({_js(r.wait_for_selector)}) ? done(true) : setTimeout(look, 50);
            look(); }})""", await_promise=True)
    if r.click:
        await _check_selector(page, "click", r.click)
        found = await evaluate(page, f"""(() => {{
            const el = document.querySelector({_js(r.click)}); if (!el) return false;
            el.scrollIntoView({{block: 'center'}}); el.click(); return true; }})()""")
        if not found:
            raise SelectorNotFound("click", r.click)
        await _next_frames(page)
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
    await _next_frames(page)


async def scroll_through(page: Page, r: CaptureRequest) -> None:
    """Down the whole page in steps (lazy images and sections load), until the pixel cap; wait for what that
    started (images, then a quiet network); back to the top, so fixed headers appear once."""
    assert r.scroll is not None
    scale = _scale(r)
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


async def _check_selector(page: Page, field: str, selector: str) -> None:
    valid = await evaluate(page, f"""(() => {{
        try {{ document.querySelector({_js(selector)}); return true; }}
        catch (e) {{ return false; }} }})()""")
    if not valid:
        raise InvalidRequest(f"{field}: {selector!r} is not a valid CSS selector",
                             errors=(FieldError(field, "invalid", "not a valid CSS selector"),))


async def _next_frames(page: Page) -> None:
    await evaluate(page, """new Promise(done =>
        requestAnimationFrame(() => requestAnimationFrame(done)))""", await_promise=True)


async def evaluate(page: Page, expression: str, *, await_promise: bool = False) -> Any:
    result = await page.send("Runtime.evaluate", {
        "expression": expression, "returnByValue": True, "awaitPromise": await_promise,
    })
    if "exceptionDetails" in result:
        detail = result["exceptionDetails"].get("exception", {}).get("description", "script error")
        raise RenderFailed(f"the page refused a capture step: {detail}")
    return result.get("result", {}).get("value")


def _js(text: str) -> str:
    return orjson.dumps(text).decode()


async def render(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    if r.format == "webm":
        return await record(page, r, max_bytes)
    if r.format == "pdf":
        return await _pdf(page, r, max_bytes)
    if r.format == "html":
        html = await evaluate(page, """(document.doctype ?
            new XMLSerializer().serializeToString(document.doctype) + '\\n' : '')
            + document.documentElement.outerHTML""")
        return str(html).encode()
    return await _screenshot(page, r)


async def record(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    """The page for `video.durationMs` as a WebM at the viewport's CSS size (engine.video); with `scroll`, from
    the top to the bottom of the page, smoothly, within the recording."""
    video = r.video or Video()
    metrics = _metrics(r)
    width, height = int(metrics["width"]), int(metrics["height"])
    recording = Recording(page.send, width, height, video.fps, video.duration_ms / 1000, max_bytes)

    async def start_scrolling() -> None:
        # over the duration less three frames, so the last frames show the bottom
        await evaluate(page, f"""(() => {{
            const span = {max(1, video.duration_ms - 3000 // video.fps)}, start = performance.now();
            const bottom = () => Math.max(document.documentElement.scrollHeight,
                                          document.body ? document.body.scrollHeight : 0) - innerHeight;
            const step = (now) => {{ const p = Math.min(1, (now - start) / span);
                scrollTo(0, p * bottom()); if (p < 1) requestAnimationFrame(step); }};
            requestAnimationFrame(step); }})()""")

    await _next_frames(page)  # a frame painted after settle(): else the first may still show removed overlays
    page.screencast = recording.on_frame
    await page.send("Page.startScreencast", {"format": "jpeg", "quality": JPEG_QUALITY, "maxWidth": width,
                                             "maxHeight": height, "everyNthFrame": 1})
    try:
        scrolling = r.scroll is not None and r.scroll.enabled
        return await recording.record(start_scrolling if scrolling else None)
    finally:
        page.screencast = None
        with trio.move_on_after(1, shield=True), suppress(CdpError):
            await page.send("Page.stopScreencast")


async def _screenshot(page: Page, r: CaptureRequest) -> bytes:
    params: dict[str, Any] = {"format": "png" if r.mockup else r.format, "fromSurface": True}  # framed later
    if r.format in {"jpeg", "webp"} and not r.mockup:
        params["quality"] = r.quality or 80
    clip = await _clip(page, r)
    if clip is not None:
        params["clip"] = clip
        params["captureBeyondViewport"] = True
    result = await page.send("Page.captureScreenshot", params)
    return base64.b64decode(result["data"])


async def _clip(page: Page, r: CaptureRequest) -> dict[str, float] | None:
    """The part of the page to capture, inside the page and within the pixel caps; None: the viewport."""
    if not r.selector and not r.full_page:
        return None
    metrics = await page.send("Page.getLayoutMetrics")
    content = metrics["cssContentSize"]
    if r.selector:
        await _check_selector(page, "selector", r.selector)
        box = await evaluate(page, f"""(() => {{
            const el = document.querySelector({_js(r.selector)}); if (!el) return null;
            const b = el.getBoundingClientRect();
            return {{x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height}};
            }})()""")
        if not box:
            raise SelectorNotFound("selector", r.selector)
        x, y = max(0.0, box["x"]), max(0.0, box["y"])  # an element's box is what it claims: only the page counts
        width = min(box["x"] + box["width"], content["width"]) - x
        height = min(box["y"] + box["height"], content["height"]) - y
        if width < 1 or height < 1:
            raise SelectorNotFound("selector", r.selector)
    else:
        x, y, width, height = 0.0, 0.0, metrics["cssLayoutViewport"]["clientWidth"], content["height"]
    return {"x": x, "y": y, **within_pixel_caps(width, height, _scale(r)), "scale": 1}


def within_pixel_caps(width: float, height: float, scale: float) -> dict[str, float]:
    """A capture's CSS size, cut so that neither side passes MAX_IMAGE_PX device pixels and the
    whole stays under MAX_DEVICE_PIXELS: what Chromium holds and encodes is bounded."""
    device_width = min(width * scale, MAX_IMAGE_PX)
    device_height = min(height * scale, MAX_IMAGE_PX, math.floor(MAX_DEVICE_PIXELS / math.ceil(device_width)))
    return {"width": device_width / scale, "height": device_height / scale}


def _scale(r: CaptureRequest) -> float:
    return (r.viewport.device_scale_factor if r.viewport else None) or _device_scale(r)


def _device_scale(r: CaptureRequest) -> float:
    device = DEVICES.get(r.device_name or "")
    return device.scale if device else 1.0


async def _pdf(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    options = r.pdf or PdfOptions()
    width, height = PAPER_INCHES[options.paper_format]
    margins = options.margin_mm
    params: dict[str, Any] = {
        "landscape": options.landscape, "printBackground": options.print_background,
        "scale": options.scale, "paperWidth": width, "paperHeight": height,
        "marginTop": margins.top / 25.4, "marginRight": margins.right / 25.4,
        "marginBottom": margins.bottom / 25.4, "marginLeft": margins.left / 25.4,
    }
    if options.page_ranges:
        params["pageRanges"] = options.page_ranges.replace(" ", "")
    params["transferMode"] = "ReturnAsStream"  # read in chunks, stopped at max_bytes: never one huge message
    try:
        result = await page.send("Page.printToPDF", params)
    except CdpError as exc:
        if "range" in exc.message.lower():
            raise InvalidRequest(f"pdf.pageRanges: {exc.message}", errors=(
                FieldError("pdf.pageRanges", "invalid", exc.message),)) from exc
        raise
    return await _read_stream(page, result["stream"], max_bytes)


async def _read_stream(page: Page, handle: str, max_bytes: int) -> bytes:
    """The bytes of a Chromium IO stream; ResultTooLarge as soon as they pass `max_bytes`."""
    chunks: list[bytes] = []
    size = 0
    try:
        while True:
            chunk = await page.send("IO.read", {"handle": handle, "size": PDF_CHUNK})
            data = base64.b64decode(chunk["data"]) if chunk.get("base64Encoded") else chunk["data"].encode()
            size += len(data)
            if size > max_bytes:
                raise ResultTooLarge(f"the pdf is larger than {max_bytes} bytes (max_result_bytes)")
            chunks.append(data)
            if chunk.get("eof"):
                return b"".join(chunks)
    finally:
        with trio.move_on_after(1, shield=True), suppress(CdpError):  # a closed page has no streams left
            await page.send("IO.close", {"handle": handle})
