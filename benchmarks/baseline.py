"""The floor: the service's Chromium, flags and pool size, driven directly over CDP with nothing in between.

Per capture: new browser context → new target → navigate → load event →
screenshot → dispose, the least a capture with fresh isolation can do. The
browsers get the service's BASE_FLAGS and nice value; the egress proxy is the service's own
overhead and is not given to them.

Three of them, so that the price of safety and the worth of the service's flags show apart from the
service's own cost: `baseline` launches Chromium as the service does (BASE_FLAGS, sandboxed, as its
unprivileged user when run as root, Chromium's headless shell where installed); `bare` the same as root with
`--no-sandbox`; `generic` as a generic driver script does (the full browser as root, `--headless=new --no-sandbox`
and nothing else). The unsafe ones render only
the benchmark's own fixture pages on loopback; the service never runs Chromium that way.
"""

from __future__ import annotations

import base64
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import trio
from selenium.webdriver.chrome.options import Options as ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver as Chrome

from benchmarks.service import cpu_seconds
from engine.browser.cdp import CdpConnection, message_limit, open_cdp
from engine.browser.chromium import Chromium, chrome_options, devtools_url, launch, stop
from engine.operations.settings import FULL_CHROMIUM, Settings

VIEWPORT = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}


class BaselinePool:
    """`size` warm browsers, one capture at a time each, like the service's sessions."""

    def __init__(self, connections: list[CdpConnection], browsers: list[Chromium]) -> None:
        """`browsers`: launched here, so that their process trees can be measured."""
        self.browsers = browsers
        self._free_send, self._free = trio.open_memory_channel[CdpConnection](len(connections))
        for conn in connections:
            self._free_send.send_nowait(conn)

    async def capture(self, url: str, full_page: bool) -> bytes:
        async with self.browser() as conn:
            return await capture(conn, url, full_page)

    @asynccontextmanager
    async def browser(self) -> AsyncIterator[CdpConnection]:
        """A free browser's connection, for one capture or more."""
        conn = await self._free.receive()
        try:
            yield conn
        finally:
            self._free_send.send_nowait(conn)

    def cpu_seconds(self) -> tuple[float, float, float]:
        """CPU-seconds so far of the browsers' trees (chromedriver, Chromium and its helpers); no process of
        its own (nan), the benchmark's being the client."""
        return (sum(cpu_seconds(pid) for b in self.browsers if (pid := b.driver_pid) is not None), float("nan"),
                float("nan"))


GENERIC_FLAGS = ("--headless=new",)


def launch_bare(settings: Settings) -> Chromium:
    """The service's binary and BASE_FLAGS as the user running the benchmark (root) without its sandbox."""
    profile = tempfile.TemporaryDirectory(prefix="capture-bench-unsafe-")
    options = chrome_options(settings.chromium_path, (f"--user-data-dir={profile.name}", "--no-sandbox"))
    return _unsafe(settings, options, profile)


def launch_generic(settings: Settings) -> Chromium:
    """The full browser as a generic driver script runs it: as root, `--headless=new --no-sandbox` only."""
    profile = tempfile.TemporaryDirectory(prefix="capture-bench-unsafe-")
    options = ChromeOptions()
    options.binary_location = str(FULL_CHROMIUM)
    for flag in (*GENERIC_FLAGS, f"--user-data-dir={profile.name}", "--no-sandbox"):
        options.add_argument(flag)
    return _unsafe(settings, options, profile)


def _unsafe(settings: Settings, options: ChromeOptions, profile: tempfile.TemporaryDirectory[str]) -> Chromium:
    driver = Chrome(service=Service(str(settings.chromedriver_path)), options=options)
    return Chromium(driver, devtools_url(driver), driver.service.process.pid, profile)


LAUNCHES: dict[str, Callable[[Settings], Chromium]] = {
    "baseline": launch, "bare": launch_bare, "generic": launch_generic}


@asynccontextmanager
async def baseline_pool(size: int, kind: str = "baseline") -> AsyncIterator[BaselinePool]:
    """`size` warm browsers launched the `kind` way (LAUNCHES)."""
    settings = Settings()
    browsers: list[Chromium] = []
    try:
        for _ in range(size):
            browsers.append(await trio.to_thread.run_sync(LAUNCHES[kind], settings))
        async with AsyncExitStack() as stack:
            limit = message_limit(settings.max_result_bytes)
            connections = [await stack.enter_async_context(open_cdp(b.cdp_url, limit)) for b in browsers]
            yield BaselinePool(connections, browsers)
    finally:
        for browser in browsers:
            await trio.to_thread.run_sync(stop, browser)


async def capture(conn: CdpConnection, url: str, full_page: bool, domains: tuple[str, ...] = ("Page",)) -> bytes:
    """One capture in a fresh context; `domains` are enabled on its target (events of each come to the loop)."""
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
            for domain in domains:
                await conn.send(f"{domain}.enable", None, session)
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
