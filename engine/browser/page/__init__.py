"""One isolated page: a fresh browser context and target per capture, disposed afterwards.

`open_page` yields a `Page` whose `state` is fed by CDP events from the
moment the target is attached, so no load event can be missed between a
command and a wait. Dialogs are dismissed and the synthetic document of an
`html` capture is served by a helper task that lives as long as the page.
What the main frame did is `engine.browser.page.state`'s; the steps a recipe
takes on the page (evaluate, selectors, lifecycle waits) are
`engine.browser.page.steps`'.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio

from engine.browser.blocking import Blocker
from engine.browser.cdp import CdpConnection, CdpError, succeeded
from engine.browser.page.state import PageState
from engine.browser.waiting import open_helper_nursery

HTML_DOCUMENT_URL = "http://capture.invalid/"
CLEANUP_S = 3.0
# The events PageState follows. Not the Network domain's: with it on, Chromium reports every request of the page
# (about eight events each, benchmarks.network_domain), and a `Network.disable` sent at the document's answer
# reaches the new document's renderer only once it has asked for its subresources: 75 events on the 40-image page,
# 4-7 ms of the service's CPU and 16-30 of Chromium's (benchmarks/README, issue 56). The page's log tells the main
# document's error status and what else failed; `headers` turn it on (engine.browser.emulation).
ENABLED_DOMAINS = ("Page.enable", "Log.enable", "Inspector.enable")
MAX_FRAME_SESSIONS = 50  # cross-site frames given the frame script; more are left to run without it
FRAME_SESSION = "captureFrameSession"  # added to a frame's dialog event: the session to answer it on


class Page:
    def __init__(self, conn: CdpConnection, session_id: str, context_id: str,
                 target_id: str) -> None:
        self.conn = conn
        self.session_id = session_id
        self.context_id = context_id
        self.target_id = target_id
        self.state = PageState(main_frame=target_id)  # a tab's main frame id is its target id
        self.html_document: str | None = None
        self.blocker: Blocker | None = None  # `block`: asked of every request
        self.proxy_credentials: tuple[str, str] | None = None  # the lane's, given when its proxy asks
        self.proxy_answered = False  # the lane's challenge was answered: Chromium sends them unasked from then on
        self.screencast: Callable[[dict[str, Any]], None] | None = None  # Page.screencastFrame, while recording
        self.frame_script: str | None = None  # run in every cross-site frame too (`run_in_every_frame`)
        self.frame_sessions: dict[str, str] = {}  # the cross-site frames given the frame script: session -> frame id
        self.frames_pending = 0  # … and those being given it now
        self.frames_given = trio.Event()  # set while none is pending
        self.frames_given.set()
        self._tasks_nursery: trio.Nursery | None = None
        self._helpers_send, self._helpers_receive = trio.open_memory_channel[
            tuple[str, dict[str, Any]]](64)

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return await self.conn.send(method, params, self.session_id)

    async def send_many(self, commands: Sequence[tuple[str, dict[str, Any] | None]]) -> list[dict[str, Any] | CdpError]:
        return await self.conn.send_many(commands, self.session_id)

    async def run_in_every_frame(self, source: str) -> None:
        """`source` in every frame: before any script of the page's own documents (which reach its same-site
        frames), and in the cross-site frames Chromium renders apart as soon as they are attached (and before
        their next documents). Never paused for it: a frame the helper misses runs without."""
        self.frame_script = source
        await self._into_frames(self.session_id, source, now=False)

    async def _into_frames(self, session: str, source: str, *, now: bool) -> None:
        commands: list[tuple[str, dict[str, Any] | None]] = [
            # an attached frame's dialogs may come to its own session: they are dismissed there too
            *([("Page.enable", None)] if now else []),
            ("Page.addScriptToEvaluateOnNewDocument", {"source": source}),
            ("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True,
                                      "filter": [{"type": "iframe", "exclude": False}]}),
        ]
        if now:
            commands.append(("Runtime.evaluate", {"expression": source}))
        succeeded(await self.conn.send_many(commands, session))

    def _on_frame_event(self, session: str, method: str, params: dict[str, Any]) -> None:
        if method == "Target.attachedToTarget":
            self._frame_arrived(params)
        elif method == "Page.javascriptDialogOpening":
            self._to_helper(method, {**params, FRAME_SESSION: session})

    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        self.state.on_event(method, params)
        if method == "Page.screencastFrame" and self.screencast is not None:
            self.screencast(params)
        if method in {"Fetch.requestPaused", "Fetch.authRequired"} and self._tasks_nursery is not None:
            # each apart, never dropped: a paused request nobody continues would hold the page to its timeout
            self._tasks_nursery.start_soon(self._on_fetch, method, params)
        elif method == "Target.attachedToTarget":
            self._frame_arrived(params)
        elif method == "Page.javascriptDialogOpening":
            self._to_helper(method, params)

    def _frame_arrived(self, params: dict[str, Any]) -> None:
        """Counted as pending the moment its event arrives, not when the helper gets to it: whoever waits for
        `frames_given` right after (the consent wait) must wait for this frame too."""
        if (self.frame_script is None or self._tasks_nursery is None
                or len(self.frame_sessions) + self.frames_pending >= MAX_FRAME_SESSIONS):
            return
        if not self.frames_pending:
            self.frames_given = trio.Event()
        self.frames_pending += 1
        # apart from the helper: a frame's script may wait on its dialog, which the helper must be free to dismiss
        self._tasks_nursery.start_soon(self._attached, params, self.frame_script)

    async def type_failures(self) -> None:
        """The resource type of each load the page's log says failed (Page.getResourceTree: every frame's
        resources, any origin), so that the failed images and style sheets are known however they were seen."""
        if not self.state.logged_failures:
            return
        frames, types = [(await self.send("Page.getResourceTree"))["frameTree"]], dict[str, str]()
        while frames:
            frame = frames.pop()
            types.update((resource["url"], resource["type"]) for resource in frame.get("resources", ()))
            frames.extend(frame.get("childFrames", ()))
        self.state.type_failures(types)

    def _to_helper(self, method: str, params: dict[str, Any]) -> None:
        # Bounded: a page opening more than 64 dialogs (or frames) at once gets the rest left
        # alone, which only delays its own capture until the timeout (or leaves a frame as it is).
        try:
            self._helpers_send.send_nowait((method, params))
        except trio.WouldBlock:
            pass

    async def _helper_task(self) -> None:
        async for method, params in self._helpers_receive:
            try:
                if method == "Page.javascriptDialogOpening":
                    await self.conn.send("Page.handleJavaScriptDialog", {"accept": False},
                                         params.get(FRAME_SESSION, self.session_id))
            except CdpError:
                pass  # the page moved on; the capture itself reports what matters

    async def _attached(self, params: dict[str, Any], source: str) -> None:
        """A cross-site frame: the frame script into it (and its own cross-site frames, in turn), for its next
        documents and into its current one (the script must take being run twice)."""
        child = params["sessionId"]
        self.frame_sessions[child] = params.get("targetInfo", {}).get("targetId", "")
        self.conn.listen(child, functools.partial(self._on_frame_event, child))
        try:
            await self._into_frames(child, source, now=True)
        except CdpError:
            pass  # the frame went away meanwhile
        finally:
            self.frames_pending -= 1
            if not self.frames_pending:
                self.frames_given.set()

    async def _on_fetch(self, method: str, params: dict[str, Any]) -> None:
        try:
            if method == "Fetch.requestPaused":
                await self._fulfil(params)
            else:
                await self._authenticate(params)
        except CdpError:
            pass  # the request or the page went away meanwhile

    def fetch_interception(self) -> dict[str, Any]:
        """Fetch.enable's parameters: the synthetic document of an `html` capture, and with lane credentials
        every request until the lane's challenge was answered once (Chromium reports a proxy's challenge only
        for requests it intercepts, and once answered keeps the credentials for that proxy in the context's
        cache and sends them with every later request: pausing each request for nothing cost a CDP round
        trip through the Grid per request)."""
        if self.proxy_credentials is not None and not self.proxy_answered:
            return {"handleAuthRequests": True, "patterns": [{"urlPattern": "*"}]}
        return {"patterns": [{"urlPattern": "*" if self.blocker is not None else HTML_DOCUMENT_URL}]}

    async def _authenticate(self, params: dict[str, Any]) -> None:
        """The lane's credentials to its own proxy; any other challenge (a site's) is cancelled, as a
        headless browser with nobody to ask would."""
        challenge = params.get("authChallenge", {})
        if challenge.get("source") == "Proxy" and self.proxy_credentials is not None:
            user, password = self.proxy_credentials
            answer = {"response": "ProvideCredentials", "username": user, "password": password}
        else:
            answer = {"response": "CancelAuth"}
        await self.send("Fetch.continueWithAuth", {"requestId": params["requestId"], "authChallengeResponse": answer})
        if answer["response"] == "ProvideCredentials" and not self.proxy_answered:
            self.proxy_answered = True
            await self.send("Fetch.enable", self.fetch_interception())

    async def _fulfil(self, params: dict[str, Any]) -> None:
        if params["request"]["url"] == HTML_DOCUMENT_URL and self.html_document is not None:
            await self.send("Fetch.fulfillRequest", {
                "requestId": params["requestId"],
                "responseCode": 200,
                "responseHeaders": [{"name": "content-type", "value": "text/html; charset=utf-8"}],
                "body": base64.b64encode(self.html_document.encode()).decode(),
            })
        elif self.blocker is not None and self.blocker.refuses(
                params["request"]["url"], params.get("resourceType", "Other"),
                params.get("resourceType") == "Document" and params.get("frameId") == self.target_id):
            await self.send("Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "BlockedByClient"})
        else:
            await self.send("Fetch.continueRequest", {"requestId": params["requestId"]})


@asynccontextmanager
async def open_page(conn: CdpConnection, proxy_server: str | None = None, proxy_bypass_list: str = "",
                    proxy_credentials: tuple[str, str] | None = None) -> AsyncIterator[Page]:
    """A new context and tab; everything it held is disposed when the block exits.

    `proxy_server` is the context's own proxy (the capture's egress lane); `proxy_credentials` what it asks
    for, if it does (a Grid's lanes).
    """
    params: dict[str, Any] = {"disposeOnDetach": True}
    if proxy_server is not None:
        params |= {"proxyServer": proxy_server, "proxyBypassList": proxy_bypass_list}
    context = (await conn.send("Target.createBrowserContext", params))["browserContextId"]
    try:
        _, created = succeeded(await conn.send_many([
            ("Browser.setDownloadBehavior", {"behavior": "deny", "browserContextId": context}),
            ("Target.createTarget", {"url": "about:blank", "browserContextId": context})]))
        target = created["targetId"]
        session = (await conn.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True}))["sessionId"]
        page = Page(conn, session, context, target)
        page.proxy_credentials = proxy_credentials
        conn.listen(session, page._on_event)
        try:
            # The same for every capture, so a warm spare has them done before it is asked for.
            succeeded(await page.send_many([(domain, None) for domain in ENABLED_DOMAINS] + [
                *([("Fetch.enable", page.fetch_interception())] if proxy_credentials else [])]))
            async with open_helper_nursery() as nursery:
                page._tasks_nursery = nursery
                nursery.start_soon(page._helper_task)
                yield page
        finally:
            conn.forget(session)
            for child in page.frame_sessions:
                conn.forget(child)
    finally:
        with trio.move_on_after(CLEANUP_S, shield=True):
            try:
                await conn.send("Target.disposeBrowserContext", {"browserContextId": context})
            except CdpError:
                pass  # the browser is gone; its contexts went with it


@functools.cache
def page_script(path: Path) -> str:
    """A function the service evaluates in pages (quality.js, glyphs.js), read once: its source past the leading
    `//` comment, without the trailing semicolon, ready to be called as `(source)(arguments)`."""
    lines = path.read_text().splitlines()
    return "\n".join(line for line in lines if not line.startswith("//")).strip().rstrip(";")
