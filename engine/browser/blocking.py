"""`block`: requests refused in the browser before a connection is made, by resource type, URL pattern, or the
maintained lists (EasyPrivacy for trackers, EasyList for ads, in Brave's adblock engine), and counted for the
`x-blocked-requests` header.

With `block`, every request of the page pauses in Chromium's Fetch domain (`Page._fulfil` asks `Blocker.refuses`)
and a refused one fails with BlockedByClient, so it never reaches the network, the egress lane included. The
page's own document is never refused. The lists are read from ./vendor (as removeElements' are) once, each in
an engine of its own, when a capture first asks for them.

Known limit: a cross-site frame (a separate renderer) makes its subresources' requests from its own target,
which the page's Fetch does not see: its document is checked, what it then loads is not.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path

import adblock
import trio

from engine.browser.rule_sets import VENDOR, RuleSetsMissing
from engine.rules.options import Block

# CDP's resource types as the API names them, and as the lists' rules name them
RESOURCE_TYPES = {"Image": "image", "Media": "media", "Font": "font", "Stylesheet": "stylesheet",
                  "Script": "script", "XHR": "xhr", "Fetch": "fetch", "EventSource": "eventsource",
                  "Manifest": "manifest", "TextTrack": "texttrack", "Ping": "ping", "Prefetch": "prefetch",
                  "Other": "other", "Document": "document"}
LIST_TYPES = {"Image": "image", "Media": "media", "Font": "font", "Stylesheet": "stylesheet", "Script": "script",
              "XHR": "xmlhttprequest", "Fetch": "xmlhttprequest", "Ping": "ping", "Document": "sub_frame"}
LISTS = {"trackers": "easyprivacy.txt", "ads": "easylist.txt"}
_lock = threading.Lock()


class Glob:
    """An API pattern (an absolute URL in which `*` matches any run of characters), matched without backtracking.

    The first part must begin the URL and the last end it; the parts between are found in order, each at its
    leftmost place after the one before (leftmost is always right when `*` is the only wildcard: any later place
    leaves less room for the rest). So a match costs a few `str.find` over the URL, linear in its length, where a
    regular expression of `.*` runs backtracked for seconds on a pattern of fifteen stars (issue 52)."""

    __slots__ = ("exact", "head", "middle", "tail")

    def __init__(self, text: str) -> None:
        parts = text.split("*")
        self.exact = len(parts) == 1
        self.head, self.tail = parts[0], parts[-1]
        self.middle = tuple(part for part in parts[1:-1] if part)

    def matches(self, url: str) -> bool:
        if self.exact:
            return url == self.head
        if len(url) < len(self.head) + len(self.tail) or not url.startswith(self.head) or not url.endswith(self.tail):
            return False
        at, end = len(self.head), len(url) - len(self.tail)
        for part in self.middle:
            found = url.find(part, at, end)
            if found < 0:
                return False
            at = found + len(part)
        return True


@functools.cache
def _engine(name: str, vendor: Path) -> adblock.Engine:
    with _lock:
        try:
            text = (vendor / "easylist" / LISTS[name]).read_text()
        except OSError as exc:
            raise RuleSetsMissing(f"block.{name}: the list is not installed ({exc.filename}); "
                                  "./bootstrap.sh fetches it") from exc
        filters = adblock.FilterSet()
        filters.add_filter_list(text)
        return adblock.Engine(filters, optimize=True)


class Blocker:
    """One capture's blocking: what it refuses, and how many requests it refused."""

    def __init__(self, block: Block, page_url: str, engines: tuple[adblock.Engine, ...]) -> None:
        self.types = frozenset(block.resource_types or ())
        self.patterns = tuple(Glob(p) for p in block.urls or ())
        self.engines, self.page_url = engines, page_url
        self.refused = 0

    @classmethod
    async def for_capture(cls, block: Block, page_url: str, vendor: Path = VENDOR) -> Blocker:
        names = [name for name in LISTS if getattr(block, name)]
        engines = [await trio.to_thread.run_sync(_engine, name, vendor) for name in names]  # read once, in a thread
        return cls(block, page_url, tuple(engines))

    def refuses(self, url: str, resource_type: str, top_document: bool) -> bool:
        """Whether to refuse this request (counted when refused); the page's own document never is."""
        if top_document:
            return False
        refused = (RESOURCE_TYPES.get(resource_type, "other") in self.types
                   or any(pattern.matches(url) for pattern in self.patterns)
                   or any(self._listed(engine, url, resource_type) for engine in self.engines))
        self.refused += refused
        return refused

    def _listed(self, engine: adblock.Engine, url: str, resource_type: str) -> bool:
        if not url.startswith(("http://", "https://")):
            return False
        found = engine.check_network_urls(url, self.page_url, LIST_TYPES.get(resource_type, "other"))
        return bool(found.matched and not found.exception)
