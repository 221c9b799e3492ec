"""The egress guard: the only way out of Chromium.

An HTTP proxy on loopback inside the process. Chromium is launched with
`--proxy-server` pointing at the guard's default listener (which refuses
everything: nothing outside a capture has any business on the network) and
`--proxy-bypass-list=<-loopback>`, so even loopback addresses are proxied.
Each capture gets a lane: its own listener, named as the proxy of its browser
context, so every request is attributed to the capture that made it and ends
when the capture ends.

For each request (`CONNECT host:port` for https and WebSockets, an absolute
URL for plain http) the guard vets the host with the service's
`EgressPolicy`, which resolves it once, and connects to exactly the address
it judged. A refusal answers 403 and appends an `egress.refused` event.
Plain-http requests keep their connections open, the browser's to the lane
and the lane's to a site (reused only for an address just vetted again).

A lane is `actors.egress.lane`; the proxy protocol's bytes are
`engine.network.proxy_wire`, plain http's relay `engine.network.forwarding`;
the host's own addresses, which the policy refuses, are kept current by
`engine.network.host_watch`.
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import partial
from urllib.parse import urlsplit

import trio

from actors.egress.lane import Lane, Refusal
from actors.storage import EventLog
from engine.network.destinations import EgressPolicy, Refused
from engine.network.forwarding import Downstream, Upstream, exchange, has_body
from engine.network.host_watch import watch_host_addresses
from engine.network.lookups import Address
from engine.network.outbound import Stale, connect_pinned
from engine.network.proxy_wire import (
    BadRequest,
    Head,
    refusal_response,
    response,
    splice,
    split_authority,
    try_send,
)
from engine.network.turns import Tenant
from engine.operations import metrics
from engine.operations.proxies import UpstreamFailed
from engine.operations.settings import url_host
from engine.records.schema import Event

log = logging.getLogger("capture.egress")
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
HEAD_TIMEOUT_S = 30.0
CONNECT_TIMEOUT_S = 10.0
STOP_S = 1.0  # a lane's kept connections closed at its end within this (they close at once)
MAX_REFUSAL_EVENTS = 50  # events per capture, one per refused destination; the rest are counted
MAX_REMEMBERED = 1000  # refused destinations kept per capture (to name the one that stopped its page)


class EgressGuard:
    def __init__(self, policy: EgressPolicy, event_log: EventLog, listener: socket.socket | None = None,
                 host: str = "127.0.0.1", peers: tuple[Network, ...] = LOOPBACK, *,
                 credentials: bool = False) -> None:
        """`listener`: a bound, listening socket for the default lane (the one browsers launched before
        the guard ran point at); the guard serves and closes it. Else it binds one. Lanes listen on `host`
        (loopback, or egress_listen for a Grid's nodes) and serve connections from `peers` only; with
        `credentials` each lane demands a random user and password of its own."""
        self.policy = policy
        self.event_log = event_log
        self.host = host
        self.peers = peers
        self.credentials = credentials
        self.default = Lane(None, None, host)
        self._default_listener = listener
        self._nursery: trio.Nursery | None = None
        self.connections = 0  # upstream connections made, for tests and statistics

    @property
    def proxy_server(self) -> str:
        """The browser-wide proxy: refuses everything that is not in a capture's lane."""
        return self.default.proxy_server

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            await nursery.start(self._watch_host_addresses)
            await nursery.start(self._serve_lane, self.default)
            task_status.started()

    async def _watch_host_addresses(self, *, task_status: trio.TaskStatus[None]) -> None:
        """Keep the policy's host addresses current until cancelled (engine.network.host_watch)."""
        await watch_host_addresses(self.policy, task_status=task_status)

    @asynccontextmanager
    async def lane(self, capture_id: str | None, workspace_id: str | None) -> AsyncIterator[Lane]:
        """A listener for one capture; it and every connection through it close when the block exits.

        Without a capture id it refuses everything until `Lane.assign` names the capture.
        """
        if self._nursery is None:
            raise RuntimeError("the egress guard is not running")
        lane = Lane(capture_id, workspace_id, self.host)
        if self.credentials:
            lane.credentials = ("lane", secrets.token_urlsafe(24))
        await self._nursery.start(self._serve_lane, lane)
        try:
            yield lane
        finally:
            lane.scope.cancel()
            with trio.move_on_after(STOP_S, shield=True):  # the connections kept to sites go with their capture
                await lane.kept.aclose()
            if len(lane.refusals) > MAX_REFUSAL_EVENTS:
                log.info("capture %s: %d refused requests, %d destinations; events for the first %d",
                         lane.capture_id, lane.refused, len(lane.refusals), MAX_REFUSAL_EVENTS)

    async def _serve_lane(self, lane: Lane, *, task_status: trio.TaskStatus[None]) -> None:
        with lane.scope:
            if lane is self.default and self._default_listener is not None:
                # Once only: restarted after a crash, the guard binds a fresh port for the browsers launched next.
                bound, self._default_listener = self._default_listener, None
                listeners = [trio.SocketListener(trio.socket.from_stdlib_socket(bound))]
            else:
                listeners = await trio.open_tcp_listeners(0, host=self.host)
            lane.port = listeners[0].socket.getsockname()[1]
            task_status.started()  # bound and listening: the browser's connections queue until served
            await trio.serve_listeners(partial(self._handle, lane), listeners)

    async def _handle(self, lane: Lane, client: trio.SocketStream) -> None:
        async with client:
            peer = ipaddress.ip_address(client.socket.getpeername()[0])
            if not any(peer in network for network in self.peers):
                # Not a browser of ours (grid_nodes): closed before a byte is read.
                log.warning("egress lane: refused a connection from %s, not in grid_nodes", peer)
                metrics.EGRESS_REFUSALS.labels("not a grid node").inc()
                return
            downstream = Downstream(client)
            try:
                while True:  # request after request, while the browser keeps its connection (plain http)
                    with trio.fail_after(HEAD_TIMEOUT_S):
                        head = await downstream.next_request()
                    if head is None or not await self._serve(lane, downstream, head):
                        return
            except BadRequest as exc:
                await try_send(client, response(400, "Bad Request", str(exc)))
            except (trio.TooSlowError, trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                log.debug("egress connection ended: %r", exc)
            except Exception:  # one broken connection must not take the guard down with it
                log.exception("capture %s: egress connection failed", lane.capture_id)

    async def _serve(self, lane: Lane, downstream: Downstream, head: Head) -> bool:
        """One request from the browser; True if its connection may carry the next."""
        client = downstream.stream
        if not lane.authorizes(head):
            # The browser answers the challenge (engine.browser.page, Fetch.authRequired) and comes back.
            metrics.EGRESS_REFUSALS.labels("no lane credentials").inc()
            await client.send_all(response(407, "Proxy Authentication Required", "this lane needs its credentials",
                                           b'proxy-authenticate: Basic realm="capture-lane"\r\n'))
            return False
        if lane.capture_id is None:
            # Chromium's own traffic (updates, time, search suggestions): never allowed out.
            log.debug("refused browser-wide request %s %s", head.method, head.target)
            await client.send_all(refusal_response("requests outside a capture are not allowed"))
            return False
        if head.method == "CONNECT":
            await self._tunnel(lane, client, head)
            return False
        return await self._forward(lane, downstream, head)

    async def _tunnel(self, lane: Lane, client: trio.abc.Stream, head: Head) -> None:
        host, port = split_authority(head.target)
        addresses = await self._vet(lane, client, host, port)
        if addresses is None:
            return
        opened = await self._open(lane, host, port, addresses)
        if opened is None:  # the browser reports ERR_TUNNEL_CONNECTION_FAILED
            await client.send_all(response(502, "Bad Gateway", f"could not connect to {host}:{port}"))
            return
        tunnel, origin = object(), f"https://{url_host(host)}" + ("" if port == 443 else f":{port}") + "/"

        def seen(towards_site: bool) -> None:  # waiting on the site once the browser spoke last
            if towards_site:
                lane.waiting[tunnel] = origin
            else:
                lane.waiting.pop(tunnel, None)
        try:
            async with opened[0] as upstream:
                await client.send_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                if head.rest:
                    await upstream.send_all(head.rest)
                    seen(True)
                await splice(client, upstream, seen)
        finally:
            if not lane.scope.cancel_called:  # cut off by the lane's end, it stays: the capture may name it
                lane.waiting.pop(tunnel, None)

    async def _forward(self, lane: Lane, downstream: Downstream, head: Head) -> bool:
        """A plain-http request, on a connection kept to the vetted address if one is (and it has no body), else
        on a new one; True if the browser's connection may carry the next. One that cannot be connected gets no
        answer at all, so the browser sees the failure as the network error it is, not as a page to capture."""
        try:
            target = urlsplit(head.target)
            port = target.port or 80
        except ValueError as exc:
            raise BadRequest(f"not a URL: {head.target!r}") from exc
        if target.scheme != "http" or not target.hostname:
            raise BadRequest(f"a proxy request must be an absolute http URL, not {head.target!r}")
        host = target.hostname
        authority = url_host(host) + (f":{target.port}" if target.port else "")  # never userinfo
        path = (target.path or "/") + (f"?{target.query}" if target.query else "")
        addresses = await self._vet(lane, downstream.stream, host, port)
        if addresses is None:
            return False
        request = object()
        lane.waiting[request] = f"http://{authority}{path}"
        try:
            return await self._answer(lane, downstream, head, (host, port, authority, path), addresses)
        finally:
            if not lane.scope.cancel_called:  # cut off by the lane's end, it stays: the capture may name it
                del lane.waiting[request]

    async def _answer(self, lane: Lane, downstream: Downstream, head: Head, target: tuple[str, int, str, str],
                      addresses: list[Address]) -> bool:
        """The vetted request relayed, on a connection kept to one of `addresses` if one is, else on a new one."""
        host, port, authority, path = target
        if not has_body(head):
            for address in addresses:
                key = lane.connection_key(host, port, address)
                while (kept := await lane.kept.take(key)) is not None:
                    with suppress(Stale):
                        return await self._exchange(lane, downstream, head, authority, path, kept[1], key,
                                                    reused=True)
        opened = await self._open(lane, host, port, addresses)
        if opened is None:
            return False
        stream, address = opened
        return await self._exchange(lane, downstream, head, authority, path, Upstream(stream),
                                    lane.connection_key(host, port, address), reused=False)

    async def _exchange(self, lane: Lane, downstream: Downstream, head: Head, authority: str, path: str,
                        upstream: Upstream, key: tuple[str, str, int, str], *, reused: bool) -> bool:
        """The request over this connection to the site, which is kept afterwards (under `key`) if both sides
        allow it; True if the browser's connection may carry the next request."""
        try:
            reusable = await exchange(downstream, head, authority, path, upstream, reused=reused)
        except BaseException:
            await trio.aclose_forcefully(upstream.stream)
            raise
        await lane.kept.put_back(key, upstream.stream, upstream, reusable=reusable)
        return downstream.reusable

    async def _vet(self, lane: Lane, client: trio.abc.Stream, host: str, port: int) -> list[Address] | None:
        """The addresses host:port may be reached at, or None after answering the browser with the refusal."""
        if lane.ad_hosts is not None and lane.ad_hosts.refuses(host):
            await client.send_all(refusal_response(f"{host} is a listed ad or tracker host (removeElements.ads)"))
            return None
        try:
            return await self.policy.vet(host, port, Tenant(lane.workspace_id, lane.capture_id))
        except Refused as refused:
            await self._refuse(lane, host, port, refused)
            await client.send_all(refusal_response(refused.describe()))
            return None

    async def _open(self, lane: Lane, host: str, port: int,
                    addresses: list[Address]) -> tuple[trio.abc.Stream, Address] | None:
        """A new connection to the first of the vetted addresses that answers (through the lane's region)."""
        for address in addresses:
            try:
                with trio.fail_after(CONNECT_TIMEOUT_S):
                    stream = await (lane.upstream.open(address, port) if lane.upstream
                                    else connect_pinned(address, port))
                self.connections += 1
                return stream, address
            except UpstreamFailed as failed:
                lane.upstream_failure = str(failed)
                log.warning("capture %s: %s", lane.capture_id, failed.detail)
                break  # the next address would go to the same upstream
            except (OSError, trio.TooSlowError) as exc:
                log.debug("capture %s: %s (%s) port %d: %r", lane.capture_id, host, address, port, exc)
        return None

    async def _refuse(self, lane: Lane, host: str, port: int, refused: Refused) -> None:
        refusal = Refusal(refused.host, port, str(refused.address) if refused.address else None,
                          refused.reason, refused.describe(), refused.unresolvable)
        lane.refused += 1
        metrics.EGRESS_REFUSALS.labels(refused.reason).inc()
        key = (refusal.host, port)
        if key in lane.refusals or len(lane.refusals) >= MAX_REMEMBERED:
            return  # a repeat, or a page trying thousands of destinations: counted, not stored
        lane.refusals[key] = refusal
        log.info("capture %s: refused %s port %d at %s (%s)", lane.capture_id, host, port, refusal.address,
                 refused.reason)
        if len(lane.refusals) <= MAX_REFUSAL_EVENTS:
            await self.event_log.append(Event(
                "egress.refused", workspace_id=lane.workspace_id, capture_id=lane.capture_id,
                code="destination_forbidden",
                data={"host": refusal.host, "port": port, "address": refusal.address,
                      "reason": refusal.reason}))


