"""The CDP client against a real Chromium: the Network events nobody reads are dropped unparsed, the rest reach
their listeners (issue 56: a page of 40 images brought 350 events, 207 of them never read)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any

import pytest
import trio

from actors.egress import EgressGuard
from actors.storage import running_event_log
from benchmarks.site import IMAGES, Site
from engine.browser import emulation
from engine.browser.cdp import UNREAD, message_limit, open_cdp
from engine.browser.chromium import PROXY_BYPASS_LIST, egress_flags, launch, stop
from engine.browser.navigation import navigate
from engine.browser.page import open_page
from engine.network.destinations import EgressAllowance, EgressPolicy
from engine.operations.settings import Settings
from engine.rules.request import CaptureRequest


class NoNames:
    async def resolve(self, host: str, port: int) -> list[object]:
        raise OSError("no names in this test")


@pytest.mark.chromium
async def test_unread_network_events_are_dropped_and_the_read_ones_still_arrive(tmp_path: Path) -> None:
    site = Site()
    site.start()
    policy = EgressPolicy(NoNames(), [EgressAllowance(ipaddress.ip_network("127.0.0.1/32"), site.server_address[1])],
                          allowlist_only=True)
    settings = Settings()
    seen: list[str] = []
    try:
        async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
            guard = EgressGuard(policy, event_log)
            await nursery.start(guard.run)
            browser = await trio.to_thread.run_sync(launch, settings, egress_flags(guard.proxy_server, guard.host))
            try:
                async with (open_cdp(browser.cdp_url, message_limit(settings.max_result_bytes)) as conn,
                            guard.lane("cap_cdp", "ws_cdp") as lane,
                            open_page(conn, lane.proxy_server, PROXY_BYPASS_LIST, lane.credentials) as page):
                    def listener(method: str, params: dict[str, Any]) -> None:
                        seen.append(method)
                    conn.listen(page.session_id, listener)
                    request = CaptureRequest.model_validate({"url": f"{site.base}/heavy"})
                    await emulation.prepare(page, request, "test")
                    with trio.fail_after(30):
                        assert await navigate(page, request) == 200
                    unread = conn.unread
            finally:
                await trio.to_thread.run_sync(stop, browser)
            nursery.cancel_scope.cancel()
    finally:
        await trio.to_thread.run_sync(site.stop)  # waits for the server's loop: not on the trio loop
    assert not UNREAD & set(seen), sorted(UNREAD & set(seen))
    # Chromium sent them (with "method" first, as the filter reads it): at least a response's extra info and a
    # chunk of data for each image and the document
    assert unread >= 2 * (IMAGES + 1), unread
    assert seen.count("Network.loadingFinished") >= IMAGES + 1, seen.count("Network.loadingFinished")
    assert seen.count("Network.responseReceived") >= IMAGES + 1
