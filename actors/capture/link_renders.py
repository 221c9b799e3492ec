"""Render links in flight, once each, and a failed link's answer for a moment.

Identical links (one key, one signature, one extension) asked while the first is rendering wait for its capture
instead of rendering again, and a link that failed answers the same failure for a few seconds without
rendering (issue 52: six anonymous GETs of one slow link took six places).

Intake's own helper: plain and synchronous (trio runs one task at a time), no actor of its own.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from dataclasses import dataclass, field

import trio

from engine.browser.recipes import Capture
from engine.rules.errors import CapacityExhausted, CaptureError, RateLimited

REMEMBERED = 1024  # failed links remembered at most; the oldest go first


@dataclass
class Flight:
    """One link being rendered: done once it has a capture, an error, or neither (its caller went away)."""

    done: trio.Event = field(default_factory=trio.Event)
    capture: Capture | None = None
    error: CaptureError | None = None


class LinkRenders:
    def __init__(self, failure_ttl_s: float) -> None:
        self.failure_ttl_s = failure_ttl_s
        self._flying: dict[str, Flight] = {}
        self._failed: OrderedDict[str, tuple[float, CaptureError]] = OrderedDict()  # link -> (until, error)

    def failed_lately(self, link: str) -> CaptureError | None:
        """A copy of the failure `link` ended with less than `failure_ttl_s` ago, if it did."""
        found = self._failed.get(link)
        if found is None:
            return None
        until, error = found
        if until <= trio.current_time():
            del self._failed[link]
            return None
        return copy.copy(error)  # each request raises its own: a traceback is written into the object

    def flying(self, link: str) -> Flight | None:
        return self._flying.get(link)

    def take_off(self, link: str) -> Flight:
        flight = self._flying[link] = Flight()
        return flight

    def landed(self, link: str, flight: Flight, capture: Capture | None = None,
               error: CaptureError | None = None) -> None:
        """The flight's end: its capture, its error (remembered unless it says to come back: busy, rate), or
        neither; the waiting are woken."""
        flight.capture, flight.error = capture, error
        if self._flying.get(link) is flight:
            del self._flying[link]
        if error is not None and not isinstance(error, CapacityExhausted | RateLimited):
            self._failed[link] = (trio.current_time() + self.failure_ttl_s, error)
            self._failed.move_to_end(link)
            while len(self._failed) > REMEMBERED:
                self._failed.popitem(last=False)
        flight.done.set()
