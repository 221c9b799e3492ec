"""What a capture follows of its page's requests (issue 56): the page's log for the main document's error status
and for what failed (typed by the resource tree), the egress lane for what the browser still waits on; CDP's
Network domain only for `headers` — its eight events a request cost a heavy capture +38 ms of Chromium and +19 ms
of the loop (benchmarks.network_domain)."""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import trio
import trio.testing

from actors.egress import EgressGuard, Lane
from actors.storage import running_event_log
from benchmarks.site import IMAGES, Site
from engine.browser import emulation
from engine.browser.cdp import message_limit, open_cdp
from engine.browser.chromium import PROXY_BYPASS_LIST, egress_flags, launch, stop
from engine.browser.navigation import navigate
from engine.browser.page import Page, open_page
from engine.network.destinations import EgressAllowance, EgressPolicy
from engine.operations.settings import Settings
from engine.rules.request import CaptureRequest
from tests.egress_site import NoNames

FETCH_IMAGES = ("Promise.all([...document.images].map(i => fetch(i.src + '?again', {cache: 'no-store'})"
                ".then(r => r.status))).then(all => all.filter(s => s === 200).length)")


@asynccontextmanager
async def _guard(tmp_path: Path, *ports: int) -> AsyncIterator[EgressGuard]:
    policy = EgressPolicy(NoNames(), [EgressAllowance(ipaddress.ip_network("127.0.0.1/32"), port) for port in ports],
                          allowlist_only=True)
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
        guard = EgressGuard(policy, event_log)
        await nursery.start(guard.run)
        yield guard
        nursery.cancel_scope.cancel()


@asynccontextmanager
async def _page(tmp_path: Path, site: Site) -> AsyncIterator[tuple[Page, Lane, Counter[str]]]:
    """A real Chromium's page behind a lane to `site`, and the count of the Network events of its session."""
    async with _guard(tmp_path, site.server_address[1]) as guard:
        settings = Settings()
        browser = await trio.to_thread.run_sync(launch, settings, egress_flags(guard.proxy_server, guard.host))
        try:
            async with (open_cdp(browser.cdp_url, message_limit(settings.max_result_bytes)) as conn,
                        guard.lane("cap_follow", "ws_follow") as lane,
                        open_page(conn, lane.proxy_server, PROXY_BYPASS_LIST) as page):
                seen: Counter[str] = Counter()
                conn.listen(page.session_id, lambda method, _: seen.update([method]))  # beside the page's own
                yield page, lane, seen
        finally:
            await trio.to_thread.run_sync(stop, browser)


@pytest.mark.chromium
@pytest.mark.parametrize("headers", [{}, {"x-test": "kept"}])
async def test_no_request_is_followed_unless_headers_need_it_and_the_page_log_gives_the_document_status(
        tmp_path: Path, headers: dict[str, str]) -> None:
    """The 40-image page, then each image fetched again from the page: no request is followed (no Network event
    comes at all, not even in the moment after the document's answer), unless the capture sends `headers`
    (Chromium adds them only to the requests it follows); either way the document's status is known, a missing
    page's 404 too (from the page's log), and every image arrives."""
    site = Site()
    site.start()
    try:
        async with _page(tmp_path, site) as (page, _, seen):
            request = CaptureRequest.model_validate({"url": f"{site.base}/heavy", "headers": headers})
            await emulation.prepare(page, request, "test")
            with trio.fail_after(30):
                assert await navigate(page, request) == 200
                loaded = sum(count for method, count in seen.items() if method.startswith("Network."))
                fetched = await page.send("Runtime.evaluate", {"expression": FETCH_IMAGES, "awaitPromise": True,
                                                               "returnByValue": True})
                assert fetched["result"]["value"] == IMAGES
                assert page.state.document_url == f"{site.base}/heavy"
                followed = seen["Network.requestWillBeSent"]
                missing = CaptureRequest.model_validate({"url": f"{site.base}/missing", "headers": headers})
                assert await navigate(page, missing) == 404
            if headers:
                assert followed == 1 + 2 * IMAGES, seen  # the document, its images, each fetched again
            else:
                assert (loaded, followed) == (0, 0), seen
    finally:
        await trio.to_thread.run_sync(site.stop)


async def test_a_lane_names_what_the_browser_waits_on_and_keeps_it_when_cut_off(tmp_path: Path) -> None:
    """A tunnel is waited on while the browser spoke last, a plain-http request until it is answered; what the
    lane's end cuts off stays named (a render_timeout's `pending`)."""
    listener = (await trio.open_tcp_listeners(0, host="127.0.0.1"))[0]
    port = listener.socket.getsockname()[1]
    async with _guard(tmp_path, port) as guard:
        async with guard.lane("cap_wait", "ws_wait") as lane:
            tunnel = await trio.open_tcp_stream("127.0.0.1", lane.port)
            await tunnel.send_all(f"CONNECT 127.0.0.1:{port} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            site_side = await listener.accept()
            assert (await tunnel.receive_some(1024)).startswith(b"HTTP/1.1 200")
            assert lane.pending() == []  # open, nothing asked yet
            await tunnel.send_all(b"a request inside TLS")
            assert await site_side.receive_some(1024) == b"a request inside TLS"
            await _settled(lane, [f"https://127.0.0.1:{port}/"])
            await site_side.send_all(b"its answer")
            assert await tunnel.receive_some(1024) == b"its answer"
            await _settled(lane, [])
            plain = await trio.open_tcp_stream("127.0.0.1", lane.port)
            await plain.send_all(f"GET http://127.0.0.1:{port}/held?secret=1 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            held = await listener.accept()
            assert b"GET /held?secret=1" in await held.receive_some(1024)
            await _settled(lane, [f"http://127.0.0.1:{port}/held?secret=1"])
        assert lane.pending() == [f"http://127.0.0.1:{port}/held?secret=1"]  # cut off by the lane's end: kept
        for stream in (tunnel, site_side, plain, held):
            await stream.aclose()
    await listener.aclose()


async def _settled(lane: Lane, expected: list[str]) -> None:
    """The lane's `pending` once the guard's tasks have run on what the test just did."""
    await trio.testing.wait_all_tasks_blocked()
    assert lane.pending() == expected
