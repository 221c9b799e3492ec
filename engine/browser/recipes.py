"""How a capture is made on an open page, top to bottom: the browser wing's one walk down.

    take_capture
    ├── emulation.prepare      the screen, identity, headers and cookies      (geometry)
    ├── Removal.started        removeElements' rule sets and scripts, before any document
    ├── navigation.navigate    load, wait for waitUntil (then: no refusal page)
    ├── settling.settle        the page as the client wants it                 (geometry, removal)
    ├── settling.await_assets  images and web fonts still loading, for a bounded time
    ├── facts                  responseType json: what the page says of itself
    ├── quality.inspect        the page's signs of a bad capture               (geometry, overlays)
    ├── outputs.render         the file: screenshot, pdf, html, markdown, video (geometry, video)
    ├── quality.verdict        the warnings (the screenshot's pixels read); failOn's refusal
    ├── mockups.framed         the screenshot in its device's frame            (geometry)
    └── thumbnails.resized     resize: the image resized and encoded (libvips, in a thread, to the deadline)

Each room calls only the rooms below it (geometry, page_steps, page, cdp); none calls back up. Each step raises
from the `engine.rules.errors` tree; the caller puts the whole recipe under the request's deadline.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import trio

from engine.browser import emulation, mockups, navigation, outputs, quality, settling
from engine.browser.cdp import CdpClosed, CdpError, CdpTooLarge
from engine.browser.facts import FACTS_SCRIPT, PageFacts
from engine.browser.outputs import CONTENT_TYPES
from engine.browser.page import HTML_DOCUMENT_URL, Page
from engine.browser.page.state import PageState
from engine.browser.page.steps import evaluate
from engine.browser.removal import Removal, Removed
from engine.browser.thumbnails import resized
from engine.rules.errors import (
    NavigationRefused,
    NavigationUnresolvable,
    QualityFailed,
    RenderFailed,
    RenderTimeout,
    ResultTooLarge,
    TargetStatusRejected,
)
from engine.rules.quality import QualityWarning, failing
from engine.rules.request import IMAGE_FORMATS, CaptureRequest

RefusalLookup = Callable[[str], tuple[str, bool] | None]  # a URL -> why the guard refused it, and if unresolvable
ENCODE_SHARE = 0.25  # bestAttempt: of the capture's budget, kept for the render when the steps before are cut
ENCODE_RESERVE_S = 3.0  # ... at most
LEAVING_S = 2.0  # a navigation under way when the page was rendered, waited for this long at most to commit
ASSET_WAIT_S = 3.0  # images and web fonts still loading, awaited at most this long (setting asset_wait_ms)


@dataclass(frozen=True)
class Capture:
    body: bytes
    content_type: str
    target_status: int
    removed: tuple[Removed, ...] = ()  # removeElements: what went, by kind and layer
    facts: PageFacts | None = None  # responseType json
    warnings: tuple[QualityWarning, ...] = ()  # the quality verdict (API.md, Quality)
    blocked: int | None = None  # `block`: the requests refused


def _nothing_refused(url: str) -> tuple[str, bool] | None:
    return None


async def take_capture(page: Page, request: CaptureRequest, default_user_agent: str,
                       refused: RefusalLookup = _nothing_refused, *, max_bytes: int = 50_000_000,
                       asset_wait_s: float = ASSET_WAIT_S) -> Capture:
    """`refused` tells why the egress guard refused a URL, if it did; a result over `max_bytes`
    raises ResultTooLarge; images and web fonts still loading are awaited for at most `asset_wait_s`."""
    await emulation.prepare(page, request, default_user_agent)
    removal = None
    if request.remove_elements is not None:
        removal = await Removal.started(page, request.remove_elements, request.url or HTML_DOCUMENT_URL)
    marks = [trio.current_time()]
    async with _refused_destination_first(page, refused):
        status, cut_short = await _loaded(page, request, removal, refused, marks)
        if cut_short is None:
            await settling.await_assets(page, request, asset_wait_s)
        # Cached results too: a cached answer may be asked for as json.
        said = await evaluate(page, FACTS_SCRIPT) if request.response_type == "json" or request.cache else None
        marks.append(trio.current_time())
        page.state.phase = "encode"
        signs = await quality.inspect(page, request)
        checking = trio.current_time() - marks[-1]
        try:
            body = await outputs.render(page, request, max_bytes)
        except CdpTooLarge as exc:  # the connection's limit stopped it: the browser session goes with it
            raise ResultTooLarge(f"the {request.format} is larger than {max_bytes} bytes (max_result_bytes)") from exc
    await _not_leaving_for_a_refused_page(page, refused)
    rendered = trio.current_time()
    pixels = await quality.pixels(page, request, body, signs) if request.format in IMAGE_FORMATS else None
    warnings = quality.verdict(signs, request, pixels, cut_short)
    checking += trio.current_time() - rendered
    if failed := failing(warnings, request.fail_on):
        raise QualityFailed(failed)
    if request.mockup is not None:
        body = await mockups.framed(page, request, body)
    if (resize := request.resize) is not None:
        body = await resized(body, resize.fit, resize.width, resize.height, request.format, request.quality or 80)
    if len(body) > max_bytes:
        raise ResultTooLarge(f"the {request.format} is {len(body)} bytes, more than {max_bytes} (max_result_bytes)")
    marks.append(trio.current_time())
    facts = None
    if said is not None:
        load, settle, render = ((end - start) * 1000 for start, end in itertools.pairwise(marks))
        timings = {"loadMs": load, "settleMs": settle, "renderMs": render - checking * 1000, "checkMs": checking * 1000}
        facts = PageFacts(page.state.document_url if request.url is not None else None, said["title"],
                          said["description"], said["openGraph"], {k: round(v) for k, v in timings.items()})
    return Capture(body, CONTENT_TYPES[request.format], status, tuple(removal.removed) if removal else (), facts,
                   warnings, page.blocker.refused if page.blocker is not None else None)


async def _loaded(page: Page, request: CaptureRequest, removal: Removal | None, refused: RefusalLookup,
                  marks: list[float]) -> tuple[int, str | None]:
    """Navigate and settle: the main document's status, and the phase bestAttempt cut short (None: none was).

    With bestAttempt the steps stop at the capture's deadline less the encoder's share (ENCODE_SHARE of the
    budget, at most ENCODE_RESERVE_S), and the page is captured as it is then; one that has no document yet
    times out as any capture does."""
    reserve = min(ENCODE_RESERVE_S, request.timeout_ms / 1000 * ENCODE_SHARE)
    stop = trio.current_effective_deadline() - reserve if request.best_attempt else math.inf
    status = 0
    with trio.move_on_at(stop) as scope:
        try:
            status = await navigation.navigate(page, request)
        except RenderFailed:
            _check_main_document(page, refused)
            raise
        _check_main_document(page, refused)
        for low, high in request.rejected_statuses:
            if low <= status <= high:
                raise TargetStatusRejected(status)
        marks.append(trio.current_time())
        await settling.settle(page, request, removal)
    _check_main_document(page, refused)  # a refresh or a script may have navigated since
    if not scope.cancelled_caught:
        return status, None
    state = page.state
    if not state.loaders:
        raise timed_out(state, request.timeout_ms)
    marks.extend([trio.current_time()] * (2 - len(marks)))
    return status or state.document_status.get(state.loaders[-1], 200), state.phase


def timed_out(state: PageState | None, timeout_ms: int) -> RenderTimeout:
    """The render_timeout of a capture whose deadline passed: the phase it was in (`queue` before its page
    opened) and the requests the page still had open, and of those how many the egress lane was waiting on the
    site's answer to (the rest the browser had not sent, or not finished reading)."""
    phase = state.phase if state is not None else "queue"
    pending = state.pending() if state is not None else []
    held = len(state.open_elsewhere()) if state is not None else 0
    open_ = f", {len(pending)} request(s) still open ({held} waiting on the site's answer)" if pending else ""
    return RenderTimeout(f"the capture did not finish within {timeout_ms} ms: the deadline passed during {phase}"
                         + open_, phase, pending)


@asynccontextmanager
async def _refused_destination_first(page: Page, refused: RefusalLookup) -> AsyncIterator[None]:
    """A step whose command failed because the page left its document in the middle of it ("Inspected target
    navigated or closed"): if the page went to a refused destination, that destination's error is the answer."""
    try:
        yield
    except CdpError as exc:
        if not isinstance(exc, CdpClosed):
            await _not_leaving_for_a_refused_page(page, refused)
        raise


async def _not_leaving_for_a_refused_page(page: Page, refused: RefusalLookup) -> None:
    """After the render: a navigation the main frame started since its document was last checked (a refresh, a
    script; the guard vetting its host meanwhile) is waited for until its document commits, at most LEAVING_S,
    and checked: a page that goes to a refused destination is that destination's error, however soon it goes."""
    state = page.state
    if (leaving := state.navigating) is not None and leaving not in state.loaders:
        with trio.move_on_after(LEAVING_S):
            await state.committed(leaving)
    _check_main_document(page, refused)


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
        detail, unresolvable = why
        if unresolvable:  # API.md: a page the main document goes to whose name does not resolve
            raise NavigationUnresolvable(f"the page went to {url}, whose name does not resolve: {detail}")
        raise NavigationRefused(f"the page went to {url}, which is not allowed: {detail}")
