"""Intake: admission, validation, entitlements, destination, quota, and the capture itself.

Every attempt ends in exactly one analytics event, `capture.succeeded` or
`capture.failed` (with outcome, stage and code). Quota is reserved before
rendering, committed only once the bytes were handed to the client, and
released on every failure. A capture whose delivery never reports back is
failed by the sweeper, so no reservation outlives its request.
"""

from __future__ import annotations

import logging
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlsplit

import trio

from actors.accounts import Principal, client_key
from actors.browser_pool import BrowserPool, Session
from actors.database import STUCK_S
from actors.egress import EgressGuard
from actors.eventlog import Event, EventLog
from actors.ledger import QuotaLedger, Usage
from actors.shelf import Shelf, Shelved
from engine.browser.cdp import CdpError
from engine.browser.geometry import video_pixel_frames
from engine.browser.page import HTML_DOCUMENT_URL
from engine.browser.recipes import Capture, take_capture
from engine.browser.removal import AdHosts
from engine.browser.rule_sets import rule_sets
from engine.network.destinations import check_destination, check_webhook_url
from engine.network.lookups import Tenant
from engine.operations.settings import Settings
from engine.operations.storage import Uploader
from engine.records.jobs import workspace_share
from engine.records.keys import new_id
from engine.rules.cookies import check_cookie_domains
from engine.rules.entitlements import check_entitlements
from engine.rules.errors import (
    CapacityExhausted,
    CaptureError,
    DestinationForbidden,
    FieldError,
    InvalidRequest,
    ProxyUnavailable,
    RateLimited,
    RenderError,
    RenderFailed,
    RenderTimeout,
    UnknownRegion,
)
from engine.rules.ratelimit import RateDecision, TokenBuckets
from engine.rules.request import Body, CaptureRequest, parse_capture
from engine.rules.shares import ACCOUNT, ADDRESS, WORKSPACE, Holder, SharedPlaces

log = logging.getLogger("capture.intake")
DELIVERY_GRACE_S = 120.0
READS_PER_REQUEST = 10  # a workspace's status reads and downloads per minute, per request of its plan's budget
READ_BUDGET = "this workspace's status reads and downloads"
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
    def __init__(self, settings: Settings, event_log: EventLog, ledger: QuotaLedger, pool: BrowserPool,
                 guard: EgressGuard, shelf: Shelf) -> None:
        self.settings = settings
        self.shelf = shelf
        self.uploader = Uploader(settings.storage)
        self.regions = {region.name: region for region in settings.proxies}
        self.event_log = event_log
        self.ledger = ledger
        self.pool = pool
        self.guard = guard
        self._buckets = TokenBuckets()
        self._deliveries: dict[str, Delivery] = {}
        # synchronous captures waiting or rendering, by workspace, owning account and (some plans) address
        self._places = SharedPlaces(workspace_share(settings.queue_limit, settings.workspace_capture_share)
                                    + settings.pool_size)
        # Videos hold a session for up to 15 s: they may take all sessions but one, sync and jobs together.
        self.video_slots = trio.Semaphore(max(1, settings.pool_size - 1))

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Sweep deliveries that never reported back, until cancelled."""
        task_status.started()
        while True:
            await trio.sleep(SWEEP_EVERY_S)
            now = trio.current_time()
            for delivery in [d for d in self._deliveries.values() if d.deadline < now]:
                await self.delivery_failed(delivery, "the response was never sent")

    async def admit(self, principal: Principal, request_id: str, *, capture: bool, read: bool = False) -> RateDecision:
        """Take one request from its budgets, or raise RateLimited naming the one that ran out.

        Every /api call draws on the key's and the workspace's budget (the plan's requests
        per minute each: more keys do not multiply it); a status read (`read`) draws on
        the workspace's read budget instead, READS_PER_REQUEST times as large, so clients
        that poll their jobs do not spend what their next capture needs. A refused
        capture request is a failed attempt and recorded as one.
        """
        per_minute, workspace = principal.plan.requests_per_minute, principal.workspace.id
        if read:
            return self._take([(f"reads:{workspace}", per_minute * READS_PER_REQUEST)], (READ_BUDGET,))
        try:
            return self._take([(principal.key.id, per_minute), (f"workspace:{workspace}", per_minute)],
                              ("this key", "this workspace"))
        except RateLimited as error:
            if capture:
                await self.record_failure(principal, request_id, error)
            raise

    def admit_link(self, principal: Principal, options: dict[str, Any] | None) -> None:
        """A render link's request takes from the link budget of its key, apart from the API's budgets: a
        public link can never refuse its owner's API calls. A request the cache answers (`options`, the
        link's capture request) takes nothing. RateLimited, without the budget's headers (a link's holder is
        not told the owner's budgets)."""
        if options is not None and self._in_cache(principal.workspace.id, options):
            return
        try:
            self._take([(f"link:{principal.key.id}", principal.plan.requests_per_minute)],
                       ("this render link's key",))
        except RateLimited as refused:
            raise RateLimited(refused.retry_after, budget="this render link's key") from None

    def _in_cache(self, workspace_id: str, options: dict[str, Any]) -> bool:
        """Whether the cache holds an answer to this capture request now (a request that does not parse: no)."""
        try:
            request = parse_capture(options)
        except CaptureError:
            return False
        key = self.shelf.key(workspace_id, request)
        return key is not None and request.cache is not None and self.shelf.find(key, request.cache.ttl_s) is not None

    def admit_download(self, workspace_id: str, requests_per_minute: int) -> RateDecision:
        """A signed result download takes from its workspace's read budget, like a status read."""
        return self._take([(f"reads:{workspace_id}", requests_per_minute * READS_PER_REQUEST)], (READ_BUDGET,))

    def _take(self, budgets: list[tuple[str, int]], names: tuple[str, ...]) -> RateDecision:
        decision, refused = self._buckets.take_all(budgets, time.monotonic())
        if refused is not None:
            raise RateLimited(decision.retry_after_s, decision.headers(), names[refused])
        return decision

    async def capture(self, principal: Principal, body: Body, request_id: str, *,
                      client: str | None = None) -> Delivery:
        """Read, validate and render; raise a CaptureError (already recorded) or return the Delivery.

        `client`: the caller's address (engine.rules.forwarded), for the share free plans hold per address."""
        started = trio.current_time()
        capture_id = new_id("cap")
        request: CaptureRequest | None = None
        reserved = False
        workspace_id = principal.workspace.id
        try:
            request = parse_capture(body.json())
            await self.vet(request, principal, job=False)
            key = self.shelf.key(workspace_id, request)
            if key is not None and (hit := await self.from_shelf(key, request)) is not None:
                entry, kept = hit
                return self._delivery(principal, request_id, capture_id, request, kept, started,
                                      self.ledger.usage(workspace_id, principal.monthly_limit), "hit", entry)
            with self._place_in_queue(principal, client):
                usage = self.ledger.reserve(workspace_id, capture_id, principal.monthly_limit)
                reserved = True
                capture = await self._render(request, capture_id, workspace_id)
                shelved = await self.shelve(workspace_id, capture_id, request, capture, key)
        except CaptureError as exc:
            if reserved:
                self.ledger.release(principal.workspace.id, capture_id)
            await self.record_failure(principal, request_id, exc, request=request, capture_id=capture_id,
                                      started=started)
            raise
        except BaseException as exc:
            # Cancellation (the client went away) or a bug: either way nothing is
            # consumed and the attempt is recorded, then the exception goes on.
            cancelled = isinstance(exc, trio.Cancelled | BaseExceptionGroup)
            # Past STUCK_S the attempt stays unrecorded and the exception goes on as it came.
            with trio.move_on_after(STUCK_S, shield=True):
                if reserved:
                    self.ledger.release(principal.workspace.id, capture_id)
                await self._append_failure(
                    principal, request_id, capture_id, request, started,
                    *(("delivery_failed", "delivery", "client_disconnected") if cancelled
                      else ("render_failed", "render", "internal_error")))
            raise
        return self._delivery(principal, request_id, capture_id, request, capture, started, usage,
                              "miss" if key is not None else None, shelved)

    def _delivery(self, principal: Principal, request_id: str, capture_id: str, request: CaptureRequest,
                  capture: Capture, started: float, usage: Usage, cache: str | None,
                  shelved: Shelved | None) -> Delivery:
        delivery = Delivery(principal, request_id, capture_id, request, capture, usage, started,
                            trio.current_time() + DELIVERY_GRACE_S, cache=cache, shelved=shelved)
        self._deliveries[capture_id] = delivery
        return delivery

    async def from_shelf(self, key: str, request: CaptureRequest) -> tuple[Shelved, Capture] | None:
        """A kept result for this request no older than its ttlS, if the shelf has one (and its file)."""
        assert request.cache is not None
        entry = self.shelf.find(key, request.cache.ttl_s)
        if entry is None:
            return None
        body = await self.shelf.read(entry)
        return (entry, entry.capture(body)) if body is not None else None

    async def shelve(self, workspace_id: str, capture_id: str, request: CaptureRequest, capture: Capture,
                     key: str | None, *, for_url: bool = True) -> Shelved | None:
        """Keep the result: in the cache for its ttlS, or (`for_url`) for a json answer's resultUrl."""
        if key is not None and request.cache is not None and request.cache.ttl_s > 0:
            return await self.shelf.put(workspace_id, capture_id, request, capture, request.cache.ttl_s, key)
        if for_url and request.response_type == "json":
            return await self.shelf.put(workspace_id, capture_id, request, capture,
                                        self.settings.result_url_ttl_s, None)
        return None

    def _place_in_queue(self, principal: Principal, client: str | None) -> AbstractContextManager[None]:
        """A synchronous capture's place, waiting or rendering; CapacityExhausted past the share of its
        workspace, of the account owning it, or on the plans shared by address, of the client's address."""
        holders = [Holder(WORKSPACE, principal.workspace.id), Holder(ACCOUNT, principal.account)]
        if client is not None and principal.plan.name in self.settings.address_share_plans:
            holders.append(Holder(ADDRESS, client_key(client)))
        return self._places.take(holders)

    async def vet(self, request: CaptureRequest, principal: Principal, *, job: bool) -> None:
        """Everything but the render: options this kind of capture takes, plan features, destination."""
        if request.retain and not job:
            raise InvalidRequest("retain applies to jobs (POST /api/jobs) only", errors=(
                FieldError("retain", "not_applicable", "applies to jobs only"),))
        if request.store is not None and not job:
            raise InvalidRequest("store applies to jobs (POST /api/jobs) only", errors=(
                FieldError("store", "not_applicable", "applies to jobs only"),))
        if request.webhook_url is not None and not job:
            raise InvalidRequest("webhookUrl applies to jobs (POST /api/jobs) only", errors=(
                FieldError("webhookUrl", "not_applicable", "applies to jobs only"),))
        check_entitlements(request, principal.plan)
        if request.format == "webm" and video_pixel_frames(request) > self.settings.max_video_pixel_frames:
            raise InvalidRequest(
                f"video: {video_pixel_frames(request):,} pixel frames (width × height × fps × seconds) is more than "
                f"this service encodes for one capture ({self.settings.max_video_pixel_frames:,}); lower the "
                "viewport, video.fps or video.durationMs",
                errors=(FieldError("video", "too_large", "width × height × fps × seconds over the service's limit"),))
        if request.store is not None and request.store.destination not in self.uploader.destinations:
            known = ", ".join(self.uploader.destinations) or "none are configured"
            raise InvalidRequest(f"store.destination: {request.store.destination!r} is not a storage destination "
                                 f"of this service ({known})",
                                 errors=(FieldError("store.destination", "unknown", f"one of: {known}"),))
        if request.proxy is not None and request.proxy.region not in self.regions:
            known = ", ".join(self.regions) or "none are configured"
            raise UnknownRegion(f"proxy.region: {request.proxy.region!r} is not a region of this service ({known})",
                                errors=(FieldError("proxy.region", "unknown", f"one of: {known}"),))
        tenant = Tenant(principal.workspace.id)  # its lookups take the workspace's turns, as its pages' do
        if request.webhook_url is not None:
            await check_webhook_url(request.webhook_url, self.guard.policy, tenant=tenant)
        if request.url is not None:
            await check_destination(request.url, self.guard.policy, tenant=tenant)
            check_cookie_domains(request.cookies, urlsplit(request.url).hostname or "")

    async def _render(self, request: CaptureRequest, capture_id: str, workspace_id: str) -> Capture:
        lease_s = min(self.settings.lease_timeout_s, request.timeout_ms / 1000)
        if request.format != "webm":
            async with self.pool.lease(lease_s) as session:
                return await self.render_on(session, request, capture_id, workspace_id)
        waited = trio.current_time()
        with trio.move_on_after(lease_s) as slot_wait:
            await self.video_slots.acquire()
        if slot_wait.cancelled_caught:
            raise CapacityExhausted(f"{max(1, self.settings.pool_size - 1)} videos are recording; no room for "
                                    f"another within {lease_s:g} s", retry_after=5)
        try:
            async with self.pool.lease(max(0.0, lease_s - (trio.current_time() - waited))) as session:
                return await self.render_on(session, request, capture_id, workspace_id)
        finally:
            self.video_slots.release()

    async def render_on(self, session: Session, request: CaptureRequest, capture_id: str,
                        workspace_id: str) -> Capture:
        """Render on a leased session, in a fresh browser context behind its own egress lane."""
        region = self.regions.get(request.proxy.region) if request.proxy is not None else None
        if request.proxy is not None and region is None:  # a job accepted before the operator dropped it
            raise UnknownRegion(f"proxy.region: {request.proxy.region!r} is no longer a region of this service")
        try:
            with trio.fail_after(request.timeout_ms / 1000):
                async with self.pool.page(session, capture_id, workspace_id) as (page, lane):
                    lane.route_through(region)
                    if request.remove_elements is not None and request.remove_elements.ads:
                        lane.refuse_ads(AdHosts((await rule_sets()).ads, request.url or HTML_DOCUMENT_URL))
                    try:
                        capture = await take_capture(page, request, session.user_agent, lane.why_refused,
                                                     max_bytes=self.settings.max_result_bytes)
                        if lane.ad_hosts is not None:
                            capture = replace(capture, removed=capture.removed + tuple(lane.ad_hosts.removed()))
                        return capture
                    except (RenderError, CdpError):
                        if lane.upstream_failure is not None:  # the region's proxy, not the page, failed
                            raise ProxyUnavailable(lane.upstream_failure) from None
                        raise
        except trio.TooSlowError as exc:
            raise RenderTimeout(f"the capture did not finish within {request.timeout_ms} ms") from exc
        except CdpError as exc:
            raise RenderFailed(f"the browser failed during the capture: {exc.message}") from exc

    async def delivered(self, delivery: Delivery) -> None:
        """The bytes were handed to the client: record the success, then consume quota."""
        if delivery.settled:
            return
        delivery.settled = True
        self._deliveries.pop(delivery.capture_id, None)
        capture, request = delivery.capture, delivery.request
        data: dict[str, Any] = {}
        if delivery.cache is not None:
            data["cache"] = delivery.cache
        if delivery.cache == "hit" and delivery.shelved is not None:
            data["shelved"] = delivery.shelved.id  # the entry's last use, for the shelf's rebuild
        await self.event_log.append(self._event(
            "capture.succeeded", delivery.principal, delivery.request_id, delivery.capture_id, request,
            delivery.started, outcome="succeeded", bytes=len(capture.body),
            target_status=capture.target_status, data=data))
        if delivery.cache != "hit":  # an answer from the shelf costs no quota
            self.ledger.commit(delivery.principal.workspace.id, delivery.capture_id)

    async def delivery_failed(self, delivery: Delivery, why: str) -> None:
        if delivery.settled:
            return
        delivery.settled = True
        self._deliveries.pop(delivery.capture_id, None)
        self.ledger.release(delivery.principal.workspace.id, delivery.capture_id)
        log.info("capture %s not delivered: %s", delivery.capture_id, why)
        await self._append_failure(delivery.principal, delivery.request_id, delivery.capture_id,
                                   delivery.request, delivery.started, "delivery_failed", "delivery",
                                   "client_disconnected", note=why)

    async def record_failure(self, principal: Principal, request_id: str, error: CaptureError, *,
                             request: CaptureRequest | None = None, capture_id: str | None = None,
                             started: float | None = None) -> None:
        address = error.address if isinstance(error, DestinationForbidden) else None
        await self._append_failure(principal, request_id, capture_id or new_id("cap"), request,
                                   started if started is not None else trio.current_time(),
                                   error.outcome, error.stage, error.code, {"address": address} if address else {},
                                   note=error.detail)

    async def _append_failure(self, principal: Principal, request_id: str, capture_id: str,
                              request: CaptureRequest | None, started: float, outcome: str, stage: str,
                              code: str, data: dict[str, Any] | None = None, note: str | None = None) -> None:
        await self.event_log.append(self._event(
            "capture.failed", principal, request_id, capture_id, request, started,
            outcome=outcome, stage=stage, code=code, data=data or {}, note=note))

    def _event(self, type_: str, principal: Principal, request_id: str, capture_id: str,
               request: CaptureRequest | None, started: float, **values: Any) -> Event:
        return capture_event(type_, principal.workspace.id, principal.key.id, request_id, capture_id, request,
                             int((trio.current_time() - started) * 1000), **values)


def capture_event(type_: str, workspace_id: str, key_id: str | None, request_id: str | None, capture_id: str,
                  request: CaptureRequest | None, duration_ms: int, **values: Any) -> Event:
    """A capture.succeeded or capture.failed event: only what analytics needs.

    Never cookie or header values, scripts or HTML.
    """
    host = urlsplit(request.url).hostname if request is not None and request.url else None
    data = {"host": host, "source": "html" if request is not None and request.html else "url",
            **values.pop("data", {})}
    return Event(
        type_, workspace_id=workspace_id, key_id=key_id, capture_id=capture_id, request_id=request_id,
        format=request.format if request is not None else None, duration_ms=duration_ms, data=data,
        **values,
    )
