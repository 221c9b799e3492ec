"""Loading the target: navigate to it and wait for `waitUntil`; the main document's status."""

from __future__ import annotations

import trio

from engine.browser.page import HTML_DOCUMENT_URL, Page
from engine.browser.page.steps import wait_for_lifecycle
from engine.rules.errors import RenderFailed
from engine.rules.request import CaptureRequest

# Chromium reports these for a page it still shows (an HTTP error page with an empty body).
SHOWN_ERRORS = frozenset({"net::ERR_HTTP_RESPONSE_CODE_FAILURE"})
ERROR_PAGE_WAIT_S = 1.0  # a failed navigation's error page, waited for this long at most (it commits at once)
WAIT_EVENTS = {"load": "load", "domcontentloaded": "DOMContentLoaded", "networkidle": "networkIdle"}


async def navigate(page: Page, r: CaptureRequest) -> int:
    """Load the target and wait for `waitUntil`; return the main document's status."""
    url = r.url or HTML_DOCUMENT_URL
    page.state.phase = "navigation"
    result = await page.send("Page.navigate", {"url": url})
    error = result.get("errorText")
    loader = result.get("loaderId")
    if error and error not in SHOWN_ERRORS:
        if loader:  # its error page names the URL it could not reach, a redirect's too (the guard's refusal)
            with trio.move_on_after(ERROR_PAGE_WAIT_S):
                await page.state.committed(loader)
        raise RenderFailed(f"could not load {url}: {error}")
    if not loader:
        raise RenderFailed(f"could not load {url}: the browser started no navigation")
    page.state.phase = "networkidle" if r.wait_until == "networkidle" else "load"
    await wait_for_lifecycle(page, loader, WAIT_EVENTS[r.wait_until])
    return page.state.document_status.get(loader, 200)
