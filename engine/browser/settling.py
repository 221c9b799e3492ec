"""After the page loaded, before it is rendered: scrolled through, overlays removed (engine.browser.removal), the
client's script, styles, hidden elements, waitForSelector, click and delay: the page as the client wants it."""

from __future__ import annotations

import orjson
import trio

from engine.browser.geometry import MAX_IMAGE_PX, scale_of
from engine.browser.page import Page
from engine.browser.page.steps import check_selector, evaluate, js_literal, next_frames
from engine.browser.removal import Removal
from engine.rules.errors import FieldError, JavascriptError, SelectorNotFound
from engine.rules.request import VIDEO_FORMATS, CaptureRequest

SCRIPT_MESSAGE = 500  # characters of a failed script's message in the answer
IMAGE_WAIT_S = 5  # fullPage and scroll: the images of the captured area loaded and decoded for at most this long
GROWTH_PROBE_MS = 250  # fullPage: how long the page's end is watched for growth (an endless feed)


async def settle(page: Page, r: CaptureRequest, removal: Removal | None = None) -> None:
    """Scrolling, overlays removed, the client's script, styles, hidden elements, waitForSelector, click, delay:
    the page as the client wants it. Each step names its phase (page.state.phase), for a render_timeout."""
    state = page.state
    if r.scroll is not None and r.scroll.enabled and r.format not in VIDEO_FORMATS:  # a video scrolls as it records
        state.phase = "scroll"
        await scroll_through(page, r)
    state.phase = "load"  # the loaded page made ready: its overlays, styles, the delay
    if removal is not None:
        await removal.apply(page)
    if r.javascript is not None:
        state.phase = "javascript"
        await run_script(page, r.javascript)
        state.phase = "load"
    rules = [r.css or ""]
    for index, selector in enumerate(r.hide_selectors):
        await check_selector(page, f"hideSelectors[{index}]", selector)
        rules.append(f"{selector} {{ visibility: hidden !important; }}")
    if any(rules):
        await evaluate(page, f"""(() => {{ const s = document.createElement('style');
            s.textContent = {js_literal(chr(10).join(rules))};
            (document.head || document.documentElement).appendChild(s); }})()""")
    if r.wait_for_selector or r.click:
        state.phase = "selector"
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
    state.phase = "load"
    if r.delay_ms:
        await trio.sleep(r.delay_ms / 1000)
    if (r.full_page or (r.scroll is not None and r.scroll.enabled)) and r.format not in VIDEO_FORMATS:
        await load_images(page, r)
    if r.full_page and not r.selector and r.format not in VIDEO_FORMATS:
        state.grew = await growth(page)
    if removal is not None:
        await removal.follow_up(page)  # what appeared since the first pass: a late pop-up, a filled ad slot


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
        exception = details.get("exception", {})
        if "value" in exception:  # a primitive thrown (an Error comes as an object, with its description)
            thrown = exception["value"]
            message = f"Uncaught {thrown if isinstance(thrown, str) else orjson.dumps(thrown).decode()}"
        else:
            message = exception.get("description") or details.get("text") or "the script threw"
        raise JavascriptError(f"javascript: {message[:SCRIPT_MESSAGE]}", errors=(
            FieldError("javascript", "threw", message[:SCRIPT_MESSAGE]),))
    await next_frames(page)


async def load_images(page: Page, r: CaptureRequest) -> None:
    """Every image in the captured area (the whole page for fullPage, the element for a selector) asked for
    now if it waits to be scrolled to (loading=lazy), and each decoded, for at most IMAGE_WAIT_S: a full page
    shows its lazy images. What is still missing then is the quality verdict's images_incomplete."""
    area = js_literal(r.selector or ("page" if r.full_page else "viewport"))
    await evaluate(page, f"""(async (area) => {{
        const box = area === 'page' || area === 'viewport' ? null : document.querySelector(area);
        const wanted = (img) => {{
            if (area === 'page') return true;
            if (box) return box.contains(img);
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
        }};
        const images = [...document.images].filter(wanted);
        for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
        const decoded = Promise.all(images.map((img) => img.decode().catch(() => null)));
        await Promise.race([decoded, new Promise((done) => setTimeout(done, {IMAGE_WAIT_S * 1000}))]);
    }})({area})""", await_promise=True)


async def growth(page: Page) -> tuple[int, int] | None:
    """A bounded probe of a full page's end: scrolled to it, does the page grow (an endless feed loading more)
    within GROWTH_PROBE_MS? Its height before and after if so (the verdict's `partial`), else None. A page no
    taller than the viewport has no end to reach and costs nothing."""
    found = await evaluate(page, f"""(async () => {{
        const height = () => Math.max(document.documentElement.scrollHeight,
                                      document.body ? document.body.scrollHeight : 0);
        const before = height(), y = scrollY;
        if (before <= innerHeight + 1) return null;
        const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        scrollTo(0, before);
        await frames();
        const until = performance.now() + {GROWTH_PROBE_MS};
        let after = height();
        while (after <= before + 1 && performance.now() < until) {{
            await new Promise((done) => setTimeout(done, 50));
            after = height();
        }}
        scrollTo(0, y);
        await frames();
        return after > before + 1 ? [before, after] : null;
    }})()""", await_promise=True)
    return (int(found[0]), int(found[1])) if isinstance(found, list) else None


async def await_assets(page: Page, r: CaptureRequest, bound_s: float) -> None:
    """The captured area's images still loading and the page's web fonts (`document.fonts.ready`), awaited for at
    most `bound_s`, never within a second of the capture's deadline (API.md, Quality): a capture shows the page's
    own font and pictures where they come in time; what is missing after that is the verdict's. A page with
    nothing loading costs one round trip."""
    left = trio.current_effective_deadline() - trio.current_time() - 1.0
    bound_ms = round(max(0.0, min(bound_s, left)) * 1000)
    if bound_ms <= 0 or r.format in VIDEO_FORMATS:
        return
    area = js_literal(r.selector or ("page" if r.full_page else "viewport"))
    await evaluate(page, f"""(async (area) => {{
        const box = area === 'page' || area === 'viewport' ? null : document.querySelector(area);
        const wanted = (img) => {{
            if (img.complete) return false;
            if (area === 'page') return true;
            if (box) return box.contains(img);
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
        }};
        const images = [...document.images].filter(wanted);
        if (!images.length && document.fonts.status === 'loaded') return;
        const ready = Promise.all([document.fonts.ready, ...images.map((img) => img.decode().catch(() => null))]);
        await Promise.race([ready, new Promise((done) => setTimeout(done, {bound_ms}))]);
    }})({area})""", await_promise=True)


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
