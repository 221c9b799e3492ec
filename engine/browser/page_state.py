"""What the main frame of a page did (navigations, statuses, lifecycle events), followed from its CDP events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import trio


@dataclass
class PageState:
    """What the main frame did, keyed by loader id.

    Events for a navigation can arrive before `Page.navigate` answers with its
    loader id, so everything is recorded per loader and looked up afterwards.
    """

    main_frame: str
    document_status: dict[str, int] = field(default_factory=dict)
    document_url: str = "about:blank"  # the main frame's latest document request, redirects included
    loaders: list[str] = field(default_factory=list)  # the main frame's committed loaders, oldest first
    loader_changed: trio.Event = field(default_factory=trio.Event)
    stopped_loading: trio.Event = field(default_factory=trio.Event)  # renewed when loading starts
    crashed: trio.Event = field(default_factory=trio.Event)
    _lifecycle: dict[tuple[str, str], trio.Event] = field(default_factory=dict)

    def lifecycle(self, loader: str, name: str) -> trio.Event:
        """The event set when the main frame's `loader` reaches `name` (load, networkIdle, …)."""
        return self._lifecycle.setdefault((loader, name), trio.Event())

    def on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Network.requestWillBeSent":
            if params.get("type") == "Document" and params.get("frameId") == self.main_frame:
                self.document_url = params["request"]["url"]
        elif method == "Page.frameStartedLoading" and params.get("frameId") == self.main_frame:
            if self.stopped_loading.is_set():
                self.stopped_loading = trio.Event()
        elif method == "Page.frameStoppedLoading" and params.get("frameId") == self.main_frame:
            self.stopped_loading.set()
        elif method == "Page.frameNavigated":  # a document committed: the page now shows it
            frame = params["frame"]
            if frame["id"] == self.main_frame and frame["loaderId"] not in self.loaders:
                self.loaders.append(frame["loaderId"])
                self.loader_changed.set()
                self.loader_changed = trio.Event()
        elif method == "Network.responseReceived":
            if params.get("type") == "Document" and params.get("frameId") == self.main_frame:
                self.document_status[params["loaderId"]] = int(params["response"]["status"])
        elif method == "Page.lifecycleEvent":
            if params.get("frameId") == self.main_frame:
                self.lifecycle(params["loaderId"], params["name"]).set()
        elif method in {"Inspector.targetCrashed", "Inspector.detached"}:
            self.crashed.set()
