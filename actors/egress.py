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
"""

from __future__ import annotations

import base64
import hmac
import ipaddress
import logging
import secrets
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import urlsplit

import trio

from actors.eventlog import EventLog
from engine.browser.removal import AdHosts
from engine.network.addresses import interface_addresses
from engine.network.destinations import EgressPolicy, Refused
from engine.network.lookups import Tenant
from engine.network.outbound import connect_pinned
from engine.operations import metrics
from engine.operations.proxies import ProxyRegion, UpstreamFailed
from engine.operations.settings import url_host
from engine.records.schema import Event

log = logging.getLogger("capture.egress")
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
MAX_HEAD = 64 * 1024
HEAD_TIMEOUT_S = 30.0
CONNECT_TIMEOUT_S = 10.0
CHUNK = 64 * 1024
MAX_REFUSAL_EVENTS = 50  # events per capture, one per refused destination; the rest are counted
MAX_REMEMBERED = 1000  # refused destinations kept per capture (to name the one that stopped its page)
HOP_BY_HOP = frozenset({b"connection", b"keep-alive", b"proxy-connection", b"proxy-authorization",
                        b"proxy-authenticate", b"te", b"trailer", b"upgrade"})


ADDRESS_POLL_S = 60.0  # host addresses are read again this often even without a netlink announcement
_RTMGRP_IPV4_IFADDR, _RTMGRP_IPV6_IFADDR = 0x10, 0x100  # <linux/rtnetlink.h>


@asynccontextmanager
async def _address_changes() -> AsyncIterator[trio.socket.SocketType | None]:
    """A netlink socket that hears of every address added or removed, or None where there is none."""
    try:
        sock = trio.socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
    except (OSError, AttributeError):
        yield None
        return
    with sock:
        try:
            await sock.bind((0, _RTMGRP_IPV4_IFADDR | _RTMGRP_IPV6_IFADDR))
        except OSError:
            yield None
            return
        yield sock


class BadRequest(Exception):
    """What the browser sent is not a proxy request the guard serves."""


@dataclass(frozen=True)
class Refusal:
    host: str
    port: int
    address: str | None
    reason: str
    detail: str  # for people: "127.0.0.1 is a loopback address"


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

    def authorizes(self, head: Head) -> bool:
        if self.credentials is None:
            return True
        expected = "Basic " + base64.b64encode(":".join(self.credentials).encode()).decode()
        given = next((v for k, v in head.headers if k.lower() == b"proxy-authorization"), b"").decode("latin-1")
        return hmac.compare_digest(given.strip(), expected)

    @property
    def proxy_server(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    def assign(self, capture_id: str, workspace_id: str | None) -> None:
        """Give a lane opened ahead of its capture (a warm spare's) to that capture; until then it refuses all."""
        self.capture_id, self.workspace_id = capture_id, workspace_id

    def route_through(self, region: ProxyRegion | None) -> None:
        """Send this capture's connections through `region`'s upstream (after the guard vetted each)."""
        self.upstream, self.upstream_failure = region, None

    def refuse_ads(self, ad_hosts: AdHosts) -> None:
        """Refuse this capture's connections to the hosts the ad and tracker lists name (never the page's own)."""
        self.ad_hosts = ad_hosts

    def why_refused(self, url: str) -> str | None:
        refusal = self.refusal_for(url)
        return None if refusal is None else refusal.detail

    def refusal_for(self, url: str) -> Refusal | None:
        """The refusal that stopped `url`, if the guard refused its host and port."""
        try:
            parts = urlsplit(url)
            port = parts.port or {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(parts.scheme, 0)
        except ValueError:
            return None
        return self.refusals.get(((parts.hostname or "").rstrip("."), port))


@dataclass(frozen=True)
class Head:
    method: str
    target: str
    version: str
    headers: list[tuple[bytes, bytes]]
    rest: bytes  # bytes the client sent after the head


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
        """Keep the policy's host addresses current until cancelled: read again on every address change
        the kernel announces (netlink), and every ADDRESS_POLL_S should the announcements be unavailable."""
        async with _address_changes() as changes:
            self.policy.host_addresses = interface_addresses()
            task_status.started()
            while True:
                with trio.move_on_after(ADDRESS_POLL_S):
                    if changes is None:
                        await trio.sleep_forever()
                    try:
                        await changes.recv(65536)
                    except OSError:  # ENOBUFS: announcements were lost; read all below, never spin on it
                        await trio.sleep(1)
                found = interface_addresses()  # getifaddrs: a few system calls, no wait
                if found != self.policy.host_addresses:
                    log.info("host addresses now refused as destinations: %s", ", ".join(sorted(map(str, found))))
                self.policy.host_addresses = found

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
            try:
                with trio.fail_after(HEAD_TIMEOUT_S):
                    head = await read_head(client)
                if not lane.authorizes(head):
                    # The browser answers the challenge (engine.browser.page, Fetch.authRequired) and comes back.
                    metrics.EGRESS_REFUSALS.labels("no lane credentials").inc()
                    await client.send_all(_response(407, "Proxy Authentication Required",
                                                    "this lane needs its credentials",
                                                    b'proxy-authenticate: Basic realm="capture-lane"\r\n'))
                    return
                if lane.capture_id is None:
                    # Chromium's own traffic (updates, time, search suggestions): never allowed out.
                    log.debug("refused browser-wide request %s %s", head.method, head.target)
                    await client.send_all(_refusal_response("requests outside a capture are not allowed"))
                    return
                if head.method == "CONNECT":
                    await self._tunnel(lane, client, head)
                else:
                    await self._forward(lane, client, head)
            except BadRequest as exc:
                await _try_send(client, _response(400, "Bad Request", str(exc)))
            except (trio.TooSlowError, trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                log.debug("egress connection ended: %r", exc)
            except Exception:  # one broken connection must not take the guard down with it
                log.exception("capture %s: egress connection failed", lane.capture_id)

    async def _tunnel(self, lane: Lane, client: trio.SocketStream, head: Head) -> None:
        host, port = split_authority(head.target)
        upstream = await self._connect(lane, client, host, port, tunnel=True)
        if upstream is None:
            return
        async with upstream:
            await client.send_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            if head.rest:
                await upstream.send_all(head.rest)
            await splice(client, upstream)

    async def _forward(self, lane: Lane, client: trio.SocketStream, head: Head) -> None:
        try:
            target = urlsplit(head.target)
            port = target.port or 80
        except ValueError as exc:
            raise BadRequest(f"not a URL: {head.target!r}") from exc
        if target.scheme != "http" or not target.hostname:
            raise BadRequest(f"a proxy request must be an absolute http URL, not {head.target!r}")
        upstream = await self._connect(lane, client, target.hostname, port, tunnel=False)
        if upstream is None:
            return
        async with upstream:
            path = target.path or "/"
            if target.query:
                path += "?" + target.query
            lines = [f"{head.method} {path} {head.version}".encode("latin-1")]
            lines += [name + b": " + value for name, value in head.headers
                      if name.lower() not in HOP_BY_HOP]
            lines.append(b"Connection: close")  # one request per connection: the next may go elsewhere
            await upstream.send_all(b"\r\n".join(lines) + b"\r\n\r\n" + head.rest)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_pump, client, upstream)  # the request body, if any
                await _relay_response(upstream, client)
                nursery.cancel_scope.cancel()

    async def _connect(self, lane: Lane, client: trio.SocketStream, host: str, port: int,
                       *, tunnel: bool) -> trio.abc.Stream | None:
        """A connection to the vetted address of host:port, or None after answering the browser."""
        if lane.ad_hosts is not None and lane.ad_hosts.refuses(host):
            await client.send_all(_refusal_response(f"{host} is a listed ad or tracker host (removeElements.ads)"))
            return None
        try:
            addresses = await self.policy.vet(host, port, Tenant(lane.workspace_id, lane.capture_id))
        except Refused as refused:
            await self._refuse(lane, host, port, refused)
            await client.send_all(_refusal_response(refused.describe()))
            return None
        for address in addresses:
            try:
                with trio.fail_after(CONNECT_TIMEOUT_S):
                    stream = await (lane.upstream.open(address, port) if lane.upstream
                                    else connect_pinned(address, port))
                self.connections += 1
                return stream
            except UpstreamFailed as failed:
                lane.upstream_failure = str(failed)
                log.warning("capture %s: %s", lane.capture_id, failed.detail)
                break  # the next address would go to the same upstream
            except (OSError, trio.TooSlowError) as exc:
                log.debug("capture %s: %s (%s) port %d: %r", lane.capture_id, host, address, port, exc)
        if tunnel:  # the browser reports ERR_TUNNEL_CONNECTION_FAILED
            await client.send_all(_response(502, "Bad Gateway", f"could not connect to {host}:{port}"))
        # A plain request gets no answer at all, so the browser sees the failure as the
        # network error it is, not as a page to capture.
        return None

    async def _refuse(self, lane: Lane, host: str, port: int, refused: Refused) -> None:
        refusal = Refusal(refused.host, port, str(refused.address) if refused.address else None,
                          refused.reason, refused.describe())
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


async def read_head(stream: trio.abc.ReceiveStream) -> Head:
    """The request line and headers; the bytes after them are kept in `rest`."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        if len(buffer) > MAX_HEAD:
            raise BadRequest("request head too large")
        chunk = await stream.receive_some(CHUNK)
        if not chunk:
            raise BadRequest("connection closed before the request head ended")
        buffer += chunk
    raw, rest = buffer.split(b"\r\n\r\n", 1)
    request_line, *header_lines = raw.split(b"\r\n")
    try:
        method, target, version = request_line.decode("ascii").split(" ")
    except (UnicodeDecodeError, ValueError):
        raise BadRequest("malformed request line") from None
    headers = []
    for line in header_lines:
        name, colon, value = line.partition(b":")
        if not colon or not name or name != name.strip():
            raise BadRequest("malformed header line")
        headers.append((name, value.strip()))
    return Head(method, target, version, headers, rest)


def split_authority(authority: str) -> tuple[str, int]:
    """host and port of a CONNECT target (`host:443`, `[::1]:443`)."""
    host, colon, port = authority.rpartition(":")
    if not colon or not port.isdigit() or not host:
        raise BadRequest(f"CONNECT needs host:port, not {authority!r}")
    return host.strip("[]"), int(port)


async def splice(a: trio.abc.Stream, b: trio.abc.Stream) -> None:
    """Copy both ways until both directions have ended."""
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_pump, a, b)
        nursery.start_soon(_pump, b, a)


async def _pump(source: trio.abc.Stream, sink: trio.abc.Stream) -> None:
    try:
        while chunk := await source.receive_some(CHUNK):
            await sink.send_all(chunk)
        if isinstance(sink, trio.abc.HalfCloseableStream):  # a TLS stream to an https upstream is not
            await sink.send_eof()
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
        pass


async def _relay_response(upstream: trio.abc.Stream, client: trio.abc.Stream) -> None:
    """The response head with `Connection: close` (so the browser never reuses this
    connection for another host), then the body until the server closes."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        chunk = await upstream.receive_some(CHUNK)
        if not chunk or len(buffer) > MAX_HEAD:
            await client.send_all(buffer)  # nothing (or garbage) for nothing: the browser sees the error
            return
        buffer += chunk
    raw, rest = buffer.split(b"\r\n\r\n", 1)
    status_line, *lines = raw.split(b"\r\n")
    kept = [line for line in lines if line.partition(b":")[0].strip().lower() not in HOP_BY_HOP]
    await client.send_all(b"\r\n".join([status_line, *kept, b"Connection: close"]) + b"\r\n\r\n" + rest)
    while chunk := await upstream.receive_some(CHUNK):
        await client.send_all(chunk)


async def _try_send(stream: trio.SocketStream, data: bytes) -> None:
    try:
        await stream.send_all(data)
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
        pass


def _refusal_response(detail: str) -> bytes:
    return _response(403, "Forbidden", f"refused by the capture service's egress guard: {detail}",
                     b"x-capture-egress: refused\r\n")


def _response(status: int, reason: str, text: str, extra: bytes = b"") -> bytes:
    body = text.encode() + b"\n"
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n").encode() + extra + b"\r\n" + body
