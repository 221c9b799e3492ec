"""An egress lane: one capture's way out through the guard, and the refusals it met on the way."""

from __future__ import annotations

import base64
import hmac
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import trio

from engine.browser.removal import AdHosts
from engine.network.forwarding import Upstream
from engine.network.lookups import Address
from engine.network.outbound import KeepAlive
from engine.network.proxy_wire import Head
from engine.operations.proxies import ProxyRegion
from engine.operations.settings import url_host

KEPT_IDLE_S = 30.0  # a site's connection kept idle this long at most (within a capture: lanes end sooner)
KEPT_TOTAL = 32  # connections kept idle per lane, as many as Chromium opens to one proxy


@dataclass(frozen=True)
class Refusal:
    host: str
    port: int
    address: str | None
    reason: str
    detail: str  # for people: "127.0.0.1 is a loopback address"
    unresolvable: bool = False  # the name does not resolve (not a rule the address broke)


@dataclass
class Lane:
    """One capture's way out: a listener whose every request is that capture's."""

    capture_id: str | None
    workspace_id: str | None
    host: str = "127.0.0.1"  # where the lane listens: loopback, or egress_listen for a Grid's nodes
    port: int = 0
    refusals: dict[tuple[str, int], Refusal] = field(default_factory=dict)  # one per destination
    refused: int = 0  # requests refused, repeats included
    scope: trio.CancelScope = field(default_factory=trio.CancelScope)
    upstream: ProxyRegion | None = None  # the region whose proxy every connection goes through
    upstream_failure: str | None = None  # why that proxy did not connect, the last time it did not
    ad_hosts: AdHosts | None = None  # removeElements.ads: listed ad and tracker hosts are refused
    # (user, password) every connection must present (Proxy-Authorization: Basic), for a Grid's browsers: a
    # node can use only the lane of the capture it renders, and only while it runs
    credentials: tuple[str, str] | None = None
    # plain-http connections to sites, between one request and the next of this capture (never another's);
    # six per address, as a browser keeps per host
    kept: KeepAlive[Upstream] = field(
        default_factory=lambda: KeepAlive(per_key=6, idle_s=KEPT_IDLE_S, total=KEPT_TOTAL))
    # what the browser waits for an answer to, oldest first: plain-http requests being relayed, and tunnels whose
    # last bytes went towards the site (https: the host, not the URL, is all the guard sees). What the lane's end
    # cut off stays, so that a capture past its deadline can name it (a render_timeout's `pending`).
    waiting: dict[object, str] = field(default_factory=dict)

    def pending(self) -> list[str]:
        """The URLs (for https: the origin) the browser was still waiting on, oldest first."""
        return list(self.waiting.values())

    def authorizes(self, head: Head) -> bool:
        if self.credentials is None:
            return True
        expected = "Basic " + base64.b64encode(":".join(self.credentials).encode()).decode()
        given = next((v for k, v in head.headers if k.lower() == b"proxy-authorization"), b"").decode("latin-1")
        return hmac.compare_digest(given.strip(), expected)

    @property
    def proxy_server(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    def connection_key(self, host: str, port: int, address: Address) -> tuple[str, str, int, str]:
        """What a connection kept to a site is kept under: the region too, whose proxy it goes through."""
        return (self.upstream.name if self.upstream is not None else "", host, port, str(address))

    def assign(self, capture_id: str, workspace_id: str | None) -> None:
        """Give a lane opened ahead of its capture (a warm spare's) to that capture; until then it refuses all."""
        self.capture_id, self.workspace_id = capture_id, workspace_id

    def route_through(self, region: ProxyRegion | None) -> None:
        """Send this capture's connections through `region`'s upstream (after the guard vetted each)."""
        self.upstream, self.upstream_failure = region, None

    def refuse_ads(self, ad_hosts: AdHosts) -> None:
        """Refuse this capture's connections to the hosts the ad and tracker lists name (never the page's own)."""
        self.ad_hosts = ad_hosts

    def why_refused(self, url: str) -> tuple[str, bool] | None:
        """Why the guard refused `url`'s host and port, and whether because the name does not resolve."""
        refusal = self.refusal_for(url)
        return None if refusal is None else (refusal.detail, refusal.unresolvable)

    def refusal_for(self, url: str) -> Refusal | None:
        """The refusal that stopped `url`, if the guard refused its host and port."""
        try:
            parts = urlsplit(url)
            port = parts.port or {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(parts.scheme, 0)
        except ValueError:
            return None
        return self.refusals.get(((parts.hostname or "").rstrip("."), port))
