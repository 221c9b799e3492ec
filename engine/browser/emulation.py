"""Before the page loads: the capture's screen (engine.browser.geometry), identity, locale, time zone, media
features, headers and cookies, sent in one round trip."""

from __future__ import annotations

from typing import Any

from engine.browser import geometry
from engine.browser.blocking import Blocker
from engine.browser.cdp import CdpError
from engine.browser.page import HTML_DOCUMENT_URL, Page
from engine.rules.devices import DEVICES
from engine.rules.errors import FieldError, InvalidRequest
from engine.rules.request import CaptureRequest

# Commands whose failure is the client's value at fault, by the request field that gave it.
CLIENT_FIELDS = {"Emulation.setLocaleOverride": "locale", "Emulation.setTimezoneOverride": "timezone"}


async def prepare(page: Page, r: CaptureRequest, default_user_agent: str) -> None:
    """The capture's emulation, headers and cookies, sent in one go (one round trip, not ten)."""
    device = DEVICES.get(r.device_name or "")
    user_agent = r.user_agent or (device.user_agent if device else None) or default_user_agent
    commands: list[tuple[str, dict[str, Any] | None]] = []
    if device is not None and device.touch:
        commands.append(("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}))
    commands += [
        ("Emulation.setDeviceMetricsOverride", geometry.screen(r)),
        ("Emulation.setUserAgentOverride", {"userAgent": user_agent, "acceptLanguage": r.locale}),
        ("Emulation.setLocaleOverride", {"locale": r.locale.replace("-", "_")}),
        ("Emulation.setTimezoneOverride", {"timezoneId": r.timezone}),
        ("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if r.dark_mode else "light"},
            {"name": "prefers-reduced-motion", "value": "reduce" if r.reduced_motion else "no-preference"},
        ]}),
    ]
    if r.wait_until == "networkidle":  # the one wait on Page.lifecycleEvent (engine.browser.page.state)
        commands.append(("Page.setLifecycleEventsEnabled", {"enabled": True}))
    if r.geolocation is not None:
        g = r.geolocation
        commands.append(("Emulation.setGeolocationOverride",
                         {"latitude": g.latitude, "longitude": g.longitude, "accuracy": g.accuracy}))
    if r.omit_background:
        commands.append(("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}))
    if r.headers:
        # The one use of the Network domain (engine.browser.page, ENABLED_DOMAINS): Chromium adds the headers only
        # to the requests it follows, and then reports each of them (PageState reads their statuses and failures).
        commands += [("Network.enable", None), ("Network.setExtraHTTPHeaders", {"headers": r.headers})]
    if r.cookies:
        commands.append(("Network.setCookies", {"cookies": [_cookie(c, r.url or "") for c in r.cookies]}))
    if r.html is not None:
        page.html_document = r.html
    if r.block is not None:
        page.blocker = await Blocker.for_capture(r.block, r.url or HTML_DOCUMENT_URL)
    if r.html is not None or r.block is not None:
        commands.append(("Fetch.enable", page.fetch_interception()))
    if r.geolocation is not None:  # a Browser command, so on the browser's connection; this context only
        await page.conn.send("Browser.grantPermissions",
                             {"permissions": ["geolocation"], "browserContextId": page.context_id})
    for (method, _), answer in zip(commands, await page.send_many(commands), strict=True):
        if isinstance(answer, CdpError):
            field = CLIENT_FIELDS.get(method)
            if field is None:
                raise answer
            raise InvalidRequest(f"{field}: {answer.message}",
                                 errors=(FieldError(field, "invalid", answer.message),)) from answer


def _cookie(cookie: Any, url: str) -> dict[str, Any]:
    params: dict[str, Any] = {"name": cookie.name, "value": cookie.value, "path": cookie.path,
                              "secure": cookie.secure, "httpOnly": cookie.http_only}
    if cookie.domain:
        params["domain"] = cookie.domain
    else:
        params["url"] = url
    if cookie.same_site:
        params["sameSite"] = cookie.same_site
    if cookie.expires is not None:
        params["expires"] = cookie.expires
    return params
