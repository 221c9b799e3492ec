"""Intake: a synchronous capture (the API's screenshot route and render links), from request to delivery.

Every attempt ends in exactly one analytics event, `capture.succeeded` or
`capture.failed` (with outcome, stage and code; actors/capture/attempts.py). Quota is reserved
before rendering, committed only once the bytes were handed to the client, and
released on every failure. A capture whose delivery never reports back is
failed by the sweeper, so no reservation outlives its request. The capture itself
goes through the one flow jobs take too (actors/capture/flow.py).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import trio

from actors.accounts import Principal, QuotaLedger, Usage
from actors.capture.admission import Admission
from actors.capture.attempts import Attempts
from actors.capture.flow import Captures
from actors.capture.link_renders import LinkRenders
from actors.capture.shelf import Shelved
from actors.storage import STUCK_S
from engine.browser.recipes import Capture
from engine.records.analytics import verdict_data
from engine.records.keys import new_id
from engine.rules.errors import CaptureError
from engine.rules.request import Body, CaptureRequest, parse_capture

log = logging.getLogger("capture.intake")
DELIVERY_GRACE_S = 120.0
SWEEP_EVERY_S = 10.0


@dataclass
class Delivery:
    """A rendered capture on its way to the client."""

    principal: Principal
    request_id: str
    capture_id: str
    request: CaptureRequest
    capture: Capture
    usage: Usage
    started: float
    deadline: float
    settled: bool = field(default=False)
    cache: str | None = None  # the request asked for `cache`: "hit" (answered from the shelf) or "miss"
    shelved: Shelved | None = None  # where the result is kept: a hit's entry, or the one this capture made


class Intake:
    def __init__(self, captures: Captures, admission: Admission, attempts: Attempts, ledger: QuotaLedger) -> None:
        self.captures = captures
        self.admission = admission
        self.attempts = attempts
        self.ledger = ledger
        self._deliveries: dict[str, Delivery] = {}
        self._links = LinkRenders(captures.settings.link_failure_ttl_s)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Sweep deliveries that never reported back, until cancelled."""
        task_status.started()
        while True:
            await trio.sleep(SWEEP_EVERY_S)
            now = trio.current_time()
            for delivery in [d for d in self._deliveries.values() if d.deadline < now]:
                await self.delivery_failed(delivery, "the response was never sent")

    async def capture(self, principal: Principal, body: Body, request_id: str, *,
                      client: str | None = None, link: str | None = None) -> Delivery:
        """Read, validate and render; raise a CaptureError (already recorded) or return the Delivery.

        `client`: the caller's address (engine.rules.forwarded), for the share free plans hold per address.
        `link`: a render link's identity (key, signature, extension): it takes the account's link places, an
        identical link in flight is waited for rather than rendered again (the answer is its capture, free
        as a cache hit is), and a link that failed a moment ago fails again unrendered (actors/capture/link_renders)."""
        if link is None:
            return await self._capture(principal, body, request_id, client, linked=False)
        while True:
            started = trio.current_time()
            if (failed := self._links.failed_lately(link)) is not None:
                await self.attempts.refused(principal, request_id, failed, capture_id=new_id("cap"), started=started)
                raise failed
            flight = self._links.flying(link)
            if flight is None:
                flight = self._links.take_off(link)
                try:
                    delivery = await self._capture(principal, body, request_id, client, linked=True)
                except CaptureError as exc:
                    self._links.landed(link, flight, error=exc)
                    raise
                except BaseException:
                    self._links.landed(link, flight)
                    raise
                self._links.landed(link, flight, capture=delivery.capture)
                return delivery
            await flight.done.wait()
            if flight.capture is not None:
                request = parse_capture(body.json())  # the leader's own, parsed and vetted: the same link
                return self._delivery(principal, request_id, new_id("cap"), request, flight.capture,
                                      self.ledger.usage(principal.workspace.id, principal.monthly_limit),
                                      started, cache="hit")
            if flight.error is not None:
                error = copy.copy(flight.error)
                await self.attempts.refused(principal, request_id, error, capture_id=new_id("cap"), started=started)
                raise error
            # its caller went away before it ended: this one renders it (or waits for whoever does)

    async def _capture(self, principal: Principal, body: Body, request_id: str, client: str | None, *,
                       linked: bool) -> Delivery:
        started = trio.current_time()
        capture_id = new_id("cap")
        request: CaptureRequest | None = None
        workspace_id = principal.workspace.id
        reserved: list[Usage] = []

        @contextmanager
        def reserve() -> Iterator[None]:
            """A place among the synchronous captures, and the quota this one may consume."""
            with self.admission.place(principal, client, link=linked):
                reserved.append(self.ledger.reserve(workspace_id, capture_id, principal.monthly_limit))
                yield
        try:
            request = parse_capture(body.json())
            await self.captures.vet(request, principal, job=False)
            lease = self.captures.urgent_lease(request)  # entered only if the cache has no answer
            made = await self.captures.make(request, capture_id, workspace_id, lease=lease, before_render=reserve)
        except CaptureError as exc:
            if reserved:
                self.ledger.release(workspace_id, capture_id)
            await self.attempts.refused(principal, request_id, exc, request=request, capture_id=capture_id,
                                        started=started)
            raise
        except BaseException as exc:
            # Cancellation (the client went away) or a bug: either way nothing is
            # consumed and the attempt is recorded, then the exception goes on.
            cancelled = isinstance(exc, trio.Cancelled | BaseExceptionGroup)
            # Past STUCK_S the attempt stays unrecorded and the exception goes on as it came.
            with trio.move_on_after(STUCK_S, shield=True):
                if reserved:
                    self.ledger.release(workspace_id, capture_id)
                await self.attempts.failed(
                    principal, request_id, capture_id, request, started,
                    *(("delivery_failed", "delivery", "client_disconnected") if cancelled
                      else ("render_failed", "render", "internal_error")))
            raise
        usage = reserved[0] if reserved else self.ledger.usage(workspace_id, principal.monthly_limit)
        return self._delivery(principal, request_id, capture_id, request, made.capture, usage, started,
                              cache=made.cache, shelved=made.shelved)

    def _delivery(self, principal: Principal, request_id: str, capture_id: str, request: CaptureRequest,
                  capture: Capture, usage: Usage, started: float, *, cache: str | None,
                  shelved: Shelved | None = None) -> Delivery:
        """A capture on its way, swept as failed if its answer never reports back."""
        delivery = Delivery(principal, request_id, capture_id, request, capture, usage, started,
                            trio.current_time() + DELIVERY_GRACE_S, cache=cache, shelved=shelved)
        self._deliveries[capture_id] = delivery
        return delivery

    async def delivered(self, delivery: Delivery) -> None:
        """The bytes were handed to the client: record the success, then consume quota."""
        if delivery.settled:
            return
        delivery.settled = True
        self._deliveries.pop(delivery.capture_id, None)
        capture, request = delivery.capture, delivery.request
        data = verdict_data([w.code for w in capture.warnings])
        if delivery.cache is not None:
            data["cache"] = delivery.cache
        if delivery.cache == "hit" and delivery.shelved is not None:
            data["shelved"] = delivery.shelved.id  # the entry's last use, for the shelf's rebuild
        await self.attempts.succeeded(delivery.principal, delivery.request_id, delivery.capture_id, request,
                                      delivery.started, bytes=len(capture.body), target_status=capture.target_status,
                                      data=data)
        self.ledger.succeeded(delivery.principal.workspace.id, delivery.capture_id, delivery.cache)

    async def delivery_failed(self, delivery: Delivery, why: str) -> None:
        if delivery.settled:
            return
        delivery.settled = True
        self._deliveries.pop(delivery.capture_id, None)
        self.ledger.release(delivery.principal.workspace.id, delivery.capture_id)
        log.info("capture %s not delivered: %s", delivery.capture_id, why)
        await self.attempts.failed(delivery.principal, delivery.request_id, delivery.capture_id,
                                   delivery.request, delivery.started, "delivery_failed", "delivery",
                                   "client_disconnected", note=why)
