"""The floor: the service's Chromium, flags and pool size, driven directly over CDP with nothing in between.

Per capture: new browser context → new target → navigate → load event →
screenshot → dispose, the least a capture with fresh isolation can do. The
browsers get the service's BASE_FLAGS and nice value; the egress proxy is the service's own
overhead and is not given to them.
"""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import trio

from engine.browser.cdp import CdpConnection, message_limit, open_cdp
from engine.browser.chromium import Chromium, launch, stop
from engine.operations.settings import Settings

VIEWPORT = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}


class BaselinePool:
    """`size` warm browsers, one capture at a time each, like the service's sessions."""

    def __init__(self, connections: list[CdpConnection], browsers: list[Chromium]) -> None:
        self.browsers = browsers
        self._free_send, self._free = trio.open_memory_channel[CdpConnection](len(connections))
        for conn in connections:
            self._free_send.send_nowait(conn)

    async def capture(self, url: str, full_page: bool) -> bytes:
        conn = await self._free.receive()
        try:
            return await capture(conn, url, full_page)
        finally:
            self._free_send.send_nowait(conn)


@asynccontextmanager
async def baseline_pool(size: int) -> AsyncIterator[BaselinePool]:
    settings = Settings()
    browsers: list[Chromium] = []
    try:
        for _ in range(size):
            browsers.append(await trio.to_thread.run_sync(launch, settings))
        async with AsyncExitStack() as stack:
            limit = message_limit(settings.max_result_bytes)
            connections = [await stack.enter_async_context(open_cdp(b.cdp_url, limit)) for b in browsers]
            yield BaselinePool(connections, browsers)
    finally:
        for browser in browsers:
            await trio.to_thread.run_sync(stop, browser)


async def capture(conn: CdpConnection, url: str, full_page: bool) -> bytes:
    context = (await conn.send("Target.createBrowserContext", {"disposeOnDetach": True}))["browserContextId"]
    try:
        target = (await conn.send("Target.createTarget", {"url": "about:blank", "browserContextId": context}))
        session = (await conn.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}))[
            "sessionId"]
        loaded = trio.Event()

        def on_event(method: str, _: dict[str, Any]) -> None:
            if method == "Page.loadEventFired":
                loaded.set()
        conn.listen(session, on_event)
        try:
            await conn.send("Page.enable", None, session)
            await conn.send("Emulation.setDeviceMetricsOverride", VIEWPORT, session)
            await conn.send("Page.navigate", {"url": url}, session)
            await loaded.wait()
            params: dict[str, Any] = {"format": "png", "fromSurface": True}
            if full_page:
                metrics = await conn.send("Page.getLayoutMetrics", None, session)
                params["clip"] = {"x": 0, "y": 0, "width": metrics["cssLayoutViewport"]["clientWidth"],
                                  "height": metrics["cssContentSize"]["height"], "scale": 1}
                params["captureBeyondViewport"] = True
            shot = await conn.send("Page.captureScreenshot", params, session)
            return base64.b64decode(shot["data"])
        finally:
            conn.forget(session)
    finally:
        await conn.send("Target.disposeBrowserContext", {"browserContextId": context})
