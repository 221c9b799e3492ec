"""The small steps every recipe takes on an open page: evaluate an expression (a string quoted for it), check a
selector, wait for the next frames or for a lifecycle event of the main frame's document, follow a step across
the documents the page moves to under it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import trio

from engine.browser.cdp import CdpClosed, CdpError
from engine.browser.page import Page
from engine.browser.waiting import wait_any
from engine.rules.errors import FieldError, InvalidRequest, RenderFailed

NAVIGATIONS = 2  # next documents `across_documents` follows
NAVIGATION_WAIT_S = 5.0  # … each waited for this long at most


async def evaluate(page: Page, expression: str, *, await_promise: bool = False) -> Any:
    """The value of a capture step's expression in the page; RenderFailed if it throws."""
    result = await page.send("Runtime.evaluate", {
        "expression": expression, "returnByValue": True, "awaitPromise": await_promise,
    })
    if "exceptionDetails" in result:
        detail = result["exceptionDetails"].get("exception", {}).get("description", "script error")
        raise RenderFailed(f"the page refused a capture step: {detail}")
    return result.get("result", {}).get("value")


def js_literal(text: str) -> str:
    """`text` as a JavaScript string literal."""
    return orjson.dumps(text).decode()


async def next_frames(page: Page) -> None:
    """Until two animation frames have passed: what was just changed is painted."""
    await evaluate(page, """new Promise(done =>
        requestAnimationFrame(() => requestAnimationFrame(done)))""", await_promise=True)


async def check_selector(page: Page, field: str, selector: str) -> None:
    """InvalidRequest naming `field` when `selector` is no CSS selector the page can query."""
    valid = await evaluate(page, f"""(() => {{
        try {{ document.querySelector({js_literal(selector)}); return true; }}
        catch (e) {{ return false; }} }})()""")
    if not valid:
        raise InvalidRequest(f"{field}: {selector!r} is not a valid CSS selector",
                             errors=(FieldError(field, "invalid", "not a valid CSS selector"),))


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


async def across_documents(page: Page, step: Callable[[], Awaitable[None]]) -> None:
    """`step`, and again on the next document when the page moved to one under it (a consent platform's
    dismissal may post a form to the site, which answers with the page without its banner). At most
    NAVIGATIONS next documents, each waited for until loaded (bounded by NAVIGATION_WAIT_S); then the capture
    goes on with the document it has."""
    for _ in range(NAVIGATIONS + 1):
        before = len(page.state.loaders)
        try:
            await step()
            return
        except CdpError as exc:
            if isinstance(exc, CdpClosed) or not any(word in exc.message for word in ("navigated", "context")):
                raise
            with trio.move_on_after(NAVIGATION_WAIT_S):
                while len(page.state.loaders) == before and not page.state.crashed.is_set():
                    await wait_any(page.state.loader_changed, page.state.crashed)
                await wait_for_lifecycle(page, page.state.loaders[-1], "load")
