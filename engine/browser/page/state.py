"""What the main frame of a page did (navigations, statuses, lifecycle events), followed from its CDP events."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import trio

from engine.browser.waiting import wait_any

BLOCKED = "net::ERR_BLOCKED_BY_CLIENT"  # what a request the capture's `block` refused fails with (Fetch.failRequest)
ABORTED = "net::ERR_ABORTED"  # a request the page (or a navigation) cancelled: not a failure of the resource
MOST_FAILED = 500  # failed URLs kept per resource type
LOGGED_STATUS = re.compile(r"status of (\d{3})\b")  # Log.entryAdded: "… the server responded with a status of 404 …"
# The main frame's load and DOMContentLoaded, as the page session reports them for its root frame alone: 2 events
# a capture where Page.lifecycleEvent sends 11 (init, commit, the paints, networkAlmostIdle...), each a message the
# loop reads. Page.lifecycleEvent is turned on for waitUntil networkidle only, the one wait that needs it.
DOCUMENT_EVENTS = {"Page.loadEventFired": "load", "Page.domContentEventFired": "DOMContentLoaded"}
SAME_DOCUMENT = frozenset({"sameDocument", "historySameDocument"})  # Page.frameStartedNavigating's navigationType


def starts_a_document(params: dict[str, Any], frame: str) -> bool:
    """Page.frameStartedNavigating's params: `frame` navigates to a new document (not within its current one)."""
    return params.get("frameId") == frame and params.get("navigationType") not in SAME_DOCUMENT


def answers_the_document(params: dict[str, Any], frame: str) -> bool:
    """Network.responseReceived's params: the answer to `frame`'s document request."""
    return params.get("type") == "Document" and params.get("frameId") == frame


@dataclass
class PageState:
    """What the main frame did, keyed by loader id.

    Events for a navigation can arrive before `Page.navigate` answers with its
    loader id, so everything is recorded per loader and looked up afterwards.
    """

    main_frame: str
    # The main frame's documents' statuses, by loader: an error status as the page's log tells it (the Network
    # domain's answer, when `headers` keep it on); a document without one answered 200 (or less than 400).
    document_status: dict[str, int] = field(default_factory=dict)
    navigating: str | None = None  # the loader of the main frame's latest navigation to a new document
    document_url: str = "about:blank"  # the main frame's latest navigation's URL, then what it committed (below)
    loaders: list[str] = field(default_factory=list)  # the main frame's committed loaders, oldest first
    loader_changed: trio.Event = field(default_factory=trio.Event)
    stopped_loading: trio.Event = field(default_factory=trio.Event)  # renewed when loading starts
    crashed: trio.Event = field(default_factory=trio.Event)
    phase: str = "queue"  # the capture's step now, as a render_timeout names it (engine.browser.recipes)
    grew: tuple[int, int] | None = None  # a full page that grew when its end was reached: its heights (settling)
    in_flight: dict[str, str] = field(default_factory=dict)  # request id -> its URL, until it finished or failed
    # Images and style sheets whose load failed (an error status, a refused or unreachable host), by CDP resource
    # type, URL -> why; not those the request's `block` refused, nor those the page cancelled itself. Bounded.
    failed: dict[str, dict[str, str]] = field(default_factory=lambda: {"Image": {}, "Stylesheet": {}})
    # Loads that failed as the page's log tells them (any resource type, any time), URL -> why: the failures of a
    # page's subresources once the Network domain is off (engine.browser.page); typed by `type_failures`. Bounded.
    logged_failures: dict[str, str] = field(default_factory=dict)
    # what else tells of requests still open (the capture's egress lane), oldest first
    open_elsewhere: Callable[[], list[str]] = field(default=list)
    _lifecycle: dict[tuple[str, str], trio.Event] = field(default_factory=dict)

    def pending(self, most: int = 10) -> list[str]:
        """The URLs of the page's requests still open, oldest first, without query or fragment (no secrets)."""
        bare = []
        for url in [*self.in_flight.values(), *self.open_elsewhere()]:
            parts = urlsplit(url)
            bare.append(f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}{parts.path}" if parts.netloc
                        else url.split("?", 1)[0].split("#", 1)[0][:200])
        return list(dict.fromkeys(bare))[:most]

    def _failed(self, kind: str, url: str, why: str) -> None:
        found = self.failed.get(kind)
        if found is not None and len(found) < MOST_FAILED and not url.startswith("data:"):
            found[url] = why

    def _logged(self, entry: dict[str, Any]) -> None:
        """A load the page's log says failed (its URL and status or network error), whatever its type; the main
        document's error status (its request's id is its loader's)."""
        if entry.get("source") != "network" or entry.get("level") != "error" or not entry.get("url"):
            return
        text = str(entry.get("text", ""))
        status = LOGGED_STATUS.search(text)
        loader = entry.get("networkRequestId")
        if status and loader and (loader == self.navigating or loader in self.loaders):
            self.document_status[loader] = int(status.group(1))
        if len(self.logged_failures) >= MOST_FAILED:
            return
        why = f"HTTP {status.group(1)}" if status else text.rpartition(": ")[2] or "failed"
        if not why.startswith(BLOCKED) and why != ABORTED:  # the log says "net::ERR_BLOCKED_BY_CLIENT.Inspector"
            self.logged_failures.setdefault(entry["url"], why)

    def type_failures(self, types: dict[str, str]) -> None:
        """The logged failures into `failed`, by the resource type `types` gives their URLs (Page.getResourceTree)."""
        for url, why in self.logged_failures.items():
            if (kind := types.get(url)) is not None:
                self._failed(kind, url, why)

    async def committed(self, loader: str) -> None:
        """Return once the main frame has committed `loader`'s document (an error page, for a failed one)."""
        while loader not in self.loaders and not self.crashed.is_set():
            await wait_any(self.loader_changed, self.crashed)  # a crash ends the wait at once

    def lifecycle(self, loader: str, name: str) -> trio.Event:
        """The event set when the main frame's `loader` reaches `name` (load, networkIdle, …)."""
        return self._lifecycle.setdefault((loader, name), trio.Event())

    def on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Network.requestWillBeSent":
            self.in_flight[params["requestId"]] = params["request"]["url"]  # a redirect: the same id, the new URL
            if params.get("type") == "Document" and params.get("frameId") == self.main_frame:
                self.document_url = params["request"]["url"]
        elif method in {"Network.loadingFinished", "Network.loadingFailed"}:
            url = self.in_flight.pop(params.get("requestId", ""), None)
            if method == "Network.loadingFailed" and url is not None and not params.get("canceled") \
                    and not str(params.get("errorText", "")).startswith(BLOCKED):
                self._failed(params.get("type", ""), url, str(params.get("errorText", "failed")))
        elif method == "Page.frameStartedLoading" and params.get("frameId") == self.main_frame:
            if self.stopped_loading.is_set():
                self.stopped_loading = trio.Event()
        elif method == "Page.frameStoppedLoading" and params.get("frameId") == self.main_frame:
            self.stopped_loading.set()
        elif method == "Page.frameStartedNavigating":
            if starts_a_document(params, self.main_frame):
                self.document_url = params.get("url", self.document_url)
                self.navigating = params.get("loaderId", self.navigating)
        elif method == "Page.frameNavigated":  # a document committed: the page now shows it
            frame = params["frame"]
            if frame["id"] == self.main_frame:  # where it ended, redirects followed (or what it could not reach)
                self.document_url = frame.get("unreachableUrl") or frame.get("url") or self.document_url
            if frame["id"] == self.main_frame and frame["loaderId"] not in self.loaders:
                self.loaders.append(frame["loaderId"])
                self.loader_changed.set()
                self.loader_changed = trio.Event()
        elif method == "Network.responseReceived":
            if answers_the_document(params, self.main_frame):
                self.document_status[params["loaderId"]] = int(params["response"]["status"])
            elif (status := int(params["response"].get("status", 200))) >= 400:
                self._failed(params.get("type", ""), params["response"].get("url", ""), f"HTTP {status}")
        elif method in DOCUMENT_EVENTS and self.loaders:  # the main frame's document, the last one committed
            self.lifecycle(self.loaders[-1], DOCUMENT_EVENTS[method]).set()
        elif method == "Page.lifecycleEvent":  # on for waitUntil networkidle only (engine.browser.emulation)
            if params.get("frameId") == self.main_frame:
                self.lifecycle(params["loaderId"], params["name"]).set()
        elif method == "Log.entryAdded":
            self._logged(params.get("entry", {}))
        elif method in {"Inspector.targetCrashed", "Inspector.detached"}:
            self.crashed.set()
