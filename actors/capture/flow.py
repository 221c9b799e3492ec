"""One capture flow for every way a capture is asked: vet → cache → slot → lease → render → shelve → deliver.

The synchronous route and render links (actors/capture/intake.py) and the job workers (actors/jobs/workers.py) take
each capture through these same steps, in one call (`Captures.make`); only the lease is theirs to pass in: a
synchronous capture's `urgent_lease`, or the session a job worker leased at low priority before it chose the job.
A video holds one of the video slots (`video_slot`) either way. Admission (rates, shares) is
actors/capture/admission.py's; what is recorded of an attempt, the caller's.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AbstractContextManager, asynccontextmanager, nullcontext
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

import trio

from actors.accounts import Principal
from actors.browser import BrowserPool, Session
from actors.capture.shelf import Shelf, Shelved
from actors.egress import EgressGuard
from engine.browser.cdp import CdpError
from engine.browser.comparison import visible_text
from engine.browser.geometry import video_pixel_frames
from engine.browser.page import HTML_DOCUMENT_URL
from engine.browser.page.steps import evaluate
from engine.browser.recipes import Capture, take_capture, timed_out
from engine.browser.removal import AdHosts
from engine.browser.rule_sets import rule_sets
from engine.network.destinations import check_destination, check_webhook_url
from engine.network.turns import Tenant
from engine.operations.settings import Settings
from engine.operations.storage import StorageError, Uploader
from engine.records.keys import new_id
from engine.rules.cookies import check_cookie_domains
from engine.rules.entitlements import check_entitlements
from engine.rules.errors import (
    CapacityExhausted,
    CaptureError,
    FieldError,
    InvalidRequest,
    ProxyUnavailable,
    QualityFailed,
    RenderError,
    RenderFailed,
    StorageFailed,
    UnknownRegion,
)
from engine.rules.plans import Plan
from engine.rules.quality import failing
from engine.rules.request import VIDEO_FORMATS, CaptureRequest, Store, parse_capture

log = logging.getLogger("capture.captures")
STORE_RETRY_S = (1.0, 4.0)  # between the attempts to upload a result to its storage destination
JOB_ONLY = (("retain", "retain"), ("store", "store"), ("webhook_url", "webhookUrl"))  # (attribute, field)


@dataclass(frozen=True)
class Made:
    """A capture made, or found on the shelf."""

    capture: Capture
    cache: str | None  # the request asked for `cache`: "hit" (answered from the shelf) or "miss"
    shelved: Shelved | None  # where the result is kept: a hit's entry, or the one this capture made
    text: str | None = None  # `make(text_without=…)`: the page's visible text


class Captures:
    def __init__(self, settings: Settings, pool: BrowserPool, guard: EgressGuard, shelf: Shelf) -> None:
        self.settings = settings
        self.pool = pool
        self.guard = guard
        self.shelf = shelf
        self.uploader = Uploader(settings.storage)
        self.regions = {region.name: region for region in settings.proxies}
        # Videos hold a session for up to 15 s: they may take all sessions but one, sync and jobs together.
        self._video_slots = trio.Semaphore(max(1, settings.pool_size - 1))

    # ------------------------------------------------------------ vet

    async def vet(self, request: CaptureRequest, principal: Principal, *, job: bool) -> None:
        """Everything but the render: options this kind of capture takes, plan features, destination."""
        for attribute, name in JOB_ONLY if not job else ():
            if getattr(request, attribute) not in (None, False):
                raise InvalidRequest(f"{name} applies to jobs (POST /api/jobs) only", errors=(
                    FieldError(name, "not_applicable", "applies to jobs only"),))
        await self.vet_for(request, principal.plan, principal.workspace.id)

    async def vet_for(self, request: CaptureRequest, plan: Plan, workspace_id: str) -> None:
        """`vet` for a workspace's plan, with no request behind it (a monitor's run)."""
        check_entitlements(request, plan)
        self._vet_limits(request, workspace_id)
        tenant = Tenant(workspace_id)  # its lookups take the workspace's turns, as its pages' do
        if request.webhook_url is not None:
            await check_webhook_url(request.webhook_url, self.guard.policy, tenant=tenant)
        if request.url is not None:
            await check_destination(request.url, self.guard.policy, tenant=tenant)
            check_cookie_domains(request.cookies, urlsplit(request.url).hostname or "")

    def _vet_limits(self, request: CaptureRequest, workspace_id: str) -> None:
        """What this service offers: the video size it encodes, its storage destinations and proxy regions."""
        frames, most = video_pixel_frames(request), self.settings.max_video_pixel_frames
        if request.format in VIDEO_FORMATS and frames > most:
            raise InvalidRequest(
                f"video: {frames:,} pixel frames (width × height × fps × seconds) is more than this service "
                f"encodes for one capture ({most:,}); lower the viewport, video.fps or video.durationMs",
                errors=(FieldError("video", "too_large", "width × height × fps × seconds over the service's limit"),))
        open_to = [name for name, d in self.uploader.destinations.items() if d.serves(workspace_id)]
        if request.store is not None and request.store.destination not in open_to:
            known = ", ".join(open_to) or "none are configured"
            raise InvalidRequest(f"store.destination: {request.store.destination!r} is not a storage destination "
                                 f"of this service ({known})",
                                 errors=(FieldError("store.destination", "unknown", f"one of: {known}"),))
        if request.proxy is not None and request.proxy.region not in self.regions:
            known = ", ".join(self.regions) or "none are configured"
            raise UnknownRegion(f"proxy.region: {request.proxy.region!r} is not a region of this service ({known})",
                                errors=(FieldError("proxy.region", "unknown", f"one of: {known}"),))

    # ------------------------------------------------------------ cache

    def in_cache(self, workspace_id: str, options: dict[str, Any]) -> bool:
        """Whether the cache holds an answer to this capture request now (a request that does not parse: no)."""
        try:
            request = parse_capture(options)
        except CaptureError:
            return False
        key = self.shelf.key(workspace_id, request)
        return key is not None and request.cache is not None and self.shelf.find(key, request.cache.ttl_s) is not None

    async def _from_shelf(self, key: str, request: CaptureRequest) -> Made | None:
        """A kept result for this request no older than its ttlS, if the shelf has one (and its file)."""
        assert request.cache is not None
        entry = self.shelf.find(key, request.cache.ttl_s)
        if entry is None:
            return None
        body = await self.shelf.read(entry)
        if body is None:
            return None
        if failed := failing(entry.warnings, request.fail_on):  # the kept capture's verdict, asked of again
            raise QualityFailed(failed)
        return Made(entry.capture(body), "hit", entry)

    # ------------------------------------------------------------ the flow

    async def make(self, request: CaptureRequest, capture_id: str, workspace_id: str, *,
                   lease: AbstractAsyncContextManager[Session], for_url: bool = True,
                   before_render: Callable[[], AbstractContextManager[Any]] = nullcontext,
                   text_without: tuple[str, ...] | None = None) -> Made:
        """The capture, from the cache or rendered on the session `lease` gives, then shelved. `lease` is entered
        only when the cache has no answer: a synchronous capture's `urgent_lease`, or a job worker's session,
        leased at low priority before it chose the job (`nullcontext(session)`). `for_url`: kept for a json
        answer's resultUrl; a job's result has its own retention, so it keeps only the cache's copy.
        `before_render`: entered once the cache has no answer, held while rendering (a place, a reservation).
        `text_without`: the page's visible text is read too, without that of the elements these selectors match
        (a monitor's run: its text is compared, its ignored elements' aside)."""
        key = self.shelf.key(workspace_id, request)
        if key is not None and (hit := await self._from_shelf(key, request)) is not None:
            return hit
        with before_render():
            async with lease as session:
                capture, text = await self._render_on(session, request, capture_id, workspace_id, text_without)
            shelved = await self._shelve(workspace_id, capture_id if for_url else new_id("cap"), request, capture,
                                         key, for_url=for_url)
        return Made(capture, "miss" if key is not None else None, shelved, text)

    async def _shelve(self, workspace_id: str, capture_id: str, request: CaptureRequest, capture: Capture,
                      key: str | None, *, for_url: bool) -> Shelved | None:
        """Keep the result: in the cache for its ttlS, or (`for_url`) for a json answer's resultUrl."""
        if key is not None and request.cache is not None and request.cache.ttl_s > 0:
            return await self.shelf.put(workspace_id, capture_id, request, capture, request.cache.ttl_s, key)
        if for_url and request.response_type == "json":
            return await self.shelf.put(workspace_id, capture_id, request, capture,
                                        self.settings.result_url_ttl_s, None)
        return None

    @asynccontextmanager
    async def urgent_lease(self, request: CaptureRequest) -> AsyncIterator[Session]:
        """A synchronous capture's session: a video slot for a video, then a session leased urgently, both within
        its lease time."""
        lease_s = min(self.settings.lease_timeout_s, request.timeout_ms / 1000)
        waited = trio.current_time()
        async with self.video_slot(request.format, within_s=lease_s):
            async with self.pool.lease(max(0.0, lease_s - (trio.current_time() - waited))) as session:
                yield session

    async def _render_on(self, session: Session, request: CaptureRequest, capture_id: str,
                         workspace_id: str, text_without: tuple[str, ...] | None = None) -> tuple[Capture, str | None]:
        """Render on a leased session, in a fresh browser context behind its own egress lane."""
        region = self.regions.get(request.proxy.region) if request.proxy is not None else None
        if request.proxy is not None and region is None:  # a job accepted before the operator dropped it
            raise UnknownRegion(f"proxy.region: {request.proxy.region!r} is no longer a region of this service")
        state = None  # the page's, once open: the phase a timeout names, the requests still open
        try:
            with trio.fail_after(request.timeout_ms / 1000):
                async with self.pool.page(session, capture_id, workspace_id) as (page, lane):
                    state = page.state
                    state.open_elsewhere = lane.pending  # the requests the browser waits on, however followed
                    lane.route_through(region)
                    if request.remove_elements is not None and request.remove_elements.ads:
                        lane.refuse_ads(AdHosts((await rule_sets()).ads, request.url or HTML_DOCUMENT_URL))
                    try:
                        capture = await take_capture(page, request, session.user_agent, lane.why_refused,
                                                     max_bytes=self.settings.max_result_bytes,
                                                     asset_wait_s=self.settings.asset_wait_ms / 1000)
                        if lane.ad_hosts is not None:
                            capture = replace(capture, removed=capture.removed + tuple(lane.ad_hosts.removed()))
                        text = None if text_without is None else str(await evaluate(page, visible_text(text_without)))
                        return capture, text
                    except (RenderError, CdpError):
                        if lane.upstream_failure is not None:  # the region's proxy, not the page, failed
                            raise ProxyUnavailable(lane.upstream_failure) from None
                        raise
        except trio.TooSlowError as exc:
            raise timed_out(state, request.timeout_ms) from exc
        except CdpError as exc:
            raise RenderFailed(f"the browser failed during the capture: {exc.message}") from exc

    # ------------------------------------------------------------ video slots, for captures and job workers alike

    @asynccontextmanager
    async def video_slot(self, fmt: str, *, within_s: float) -> AsyncIterator[None]:
        """One of the video slots while a video records (nothing to hold for another format), or CapacityExhausted
        if none is free within `within_s` (0: now or not at all, as a job worker asks)."""
        if fmt not in VIDEO_FORMATS:
            yield
            return
        try:
            self._video_slots.acquire_nowait()
        except trio.WouldBlock:
            with trio.move_on_after(within_s) as slot_wait:
                await self._video_slots.acquire()
            if slot_wait.cancelled_caught:
                raise CapacityExhausted(f"{max(1, self.settings.pool_size - 1)} videos are recording; no room for "
                                        f"another within {within_s:g} s", retry_after=5) from None
        try:
            yield
        finally:
            self._video_slots.release()

    async def video_slot_free(self) -> None:
        """Until a video slot is free (not taking it: the next lease decides who records)."""
        await self._video_slots.acquire()
        self._video_slots.release()

    # ------------------------------------------------------------ deliver to a bucket

    async def upload(self, store: Store, workspace_id: str, job_id: str, fmt: str,
                     capture: Capture) -> dict[str, str]:
        """The result in the operator's bucket, tried len(STORE_RETRY_S) + 1 times; StorageFailed after the last."""
        path = store.path
        if path.endswith("/"):
            path += f"{job_id}.{'jpg' if fmt == 'jpeg' else fmt}"
        for attempt, delay in enumerate((*STORE_RETRY_S, None), start=1):
            try:
                # never abandoned mid-put (a cancelled job would leave a thread writing its object): a cancel
                # waits for the put, which the client's own timeouts bound (engine.operations.storage)
                key = await trio.to_thread.run_sync(self.uploader.put, store.destination, workspace_id, path,
                                                    capture.body, capture.content_type)
            except StorageError as exc:
                log.warning("job %s: upload %d of %d to %s failed: %s", job_id, attempt, len(STORE_RETRY_S) + 1,
                            store.destination, exc.detail)
                if delay is None:
                    raise StorageFailed(f"the result could not be uploaded: {exc}") from None
                await trio.sleep(delay)
            else:
                bucket = self.uploader.destinations[store.destination].bucket
                return {"destination": store.destination, "bucket": bucket, "key": key}
        raise AssertionError("unreachable")
