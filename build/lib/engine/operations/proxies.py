"""Regional upstream proxies: the egress guard's way out through an operator's proxy (`proxy: {"region"}`).

The guard vets every destination as always, then asks the region's upstream for the *vetted address*
(a literal: `CONNECT 203.0.113.7:443`, or a SOCKS5 CONNECT to that IPv4/IPv6 address), never for the
name, so the address checked is the address connected to, through the proxy too. TLS inside the tunnel
is the browser's, end to end, with the original SNI; a plain request keeps its Host header.

Upstreams are `http://`, `https://` (TLS to the proxy) or `socks5://` URLs; their credentials come from
the URL, or from `CAPTURE_PROXY_<REGION>` as `user:password`, and are never shown: `ProxyRegion`'s repr
and every error here leave them out.
"""

from __future__ import annotations

import base64
import ipaddress
import ssl
import struct
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

import trio

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
SCHEMES = ("http", "https", "socks5")
HANDSHAKE_S = 10.0  # the most an upstream may take to connect and say yes
MAX_REPLY = 16 * 1024


class UpstreamFailed(Exception):
    """The region's upstream could not be reached or refused the connection.

    The message is for the tenant: the region's name and what went wrong, never the upstream's address or
    its own words; `detail` adds them for the operator's log. Neither names a credential.
    """

    def __init__(self, region: ProxyRegion, what: str, said: str = "") -> None:
        super().__init__(f"the upstream proxy of region {region.name} {what}")
        self.detail = f"the upstream of region {region.describe()} {what}" + (f": {said}" if said else "")


@dataclass(frozen=True)
class ProxyRegion:
    name: str
    scheme: str
    host: str
    port: int
    username: str = field(default="", repr=False)
    password: str = field(default="", repr=False)

    @classmethod
    def parse(cls, name: str, url: str, credentials: str | None = None) -> ProxyRegion:
        """A region from its upstream URL (ValueError naming the region, never the URL's userinfo)."""
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError:
            raise ValueError(f"proxy region {name!r}: not a URL") from None
        if parts.scheme not in SCHEMES or not parts.hostname:
            raise ValueError(f"proxy region {name!r}: the upstream must be an http://, https:// or socks5:// URL "
                             "with a host")
        username, password = unquote(parts.username or ""), unquote(parts.password or "")
        if credentials:
            username, _, password = credentials.partition(":")
        default = {"http": 80, "https": 443, "socks5": 1080}[parts.scheme]
        return cls(name, parts.scheme, parts.hostname, port or default, username, password)

    def describe(self) -> str:
        """For people: the region and where its upstream is, without credentials."""
        return f"{self.name} ({self.scheme}://{self.host}:{self.port})"

    async def open(self, address: Address, port: int) -> trio.abc.Stream:
        """A stream to `address`:`port` through the upstream; UpstreamFailed if it cannot be had."""
        try:
            with trio.fail_after(HANDSHAKE_S):
                stream: trio.abc.Stream = await trio.open_tcp_stream(self.host, self.port)
                try:
                    if self.scheme == "https":
                        stream = trio.SSLStream(stream, ssl.create_default_context(), server_hostname=self.host,
                                                https_compatible=True)
                    if self.scheme == "socks5":
                        await self._socks5(stream, address, port)
                    else:
                        await self._connect(stream, address, port)
                except BaseException:
                    await trio.aclose_forcefully(stream)
                    raise
                return stream
        except trio.TooSlowError:
            raise UpstreamFailed(self, "did not answer in time") from None
        except (OSError, trio.BrokenResourceError, ssl.SSLError) as exc:
            raise UpstreamFailed(self, "could not be reached", type(exc).__name__) from None

    async def _connect(self, stream: trio.abc.Stream, address: Address, port: int) -> None:
        target = f"[{address}]:{port}" if isinstance(address, ipaddress.IPv6Address) else f"{address}:{port}"
        lines = [f"CONNECT {target} HTTP/1.1", f"Host: {target}"]
        if self.username or self.password:
            token = base64.b64encode(f"{self.username}:{self.password}".encode()).decode()
            lines.append(f"Proxy-Authorization: Basic {token}")
        await stream.send_all(("\r\n".join(lines) + "\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = await stream.receive_some(1024)
            if not chunk or len(reply) > MAX_REPLY:
                raise UpstreamFailed(self, "closed without an answer")
            reply += chunk
        status = reply.split(b"\r\n", 1)[0].split(b" ")
        if len(status) < 2 or status[1] != b"200":
            raise UpstreamFailed(self, "refused the connection", b" ".join(status[1:]).decode("latin-1")[:100])

    async def _socks5(self, stream: trio.abc.Stream, address: Address, port: int) -> None:
        """RFC 1928 CONNECT to the literal address, with RFC 1929 username/password when there are credentials."""
        methods = b"\x02" if self.username or self.password else b"\x00"
        await stream.send_all(b"\x05\x01" + methods)
        chosen = await _exactly(stream, 2)
        if chosen != b"\x05" + methods:
            raise UpstreamFailed(self, "refused the SOCKS5 greeting")
        if methods == b"\x02":
            user, password = self.username.encode()[:255], self.password.encode()[:255]
            await stream.send_all(b"\x01" + bytes([len(user)]) + user + bytes([len(password)]) + password)
            if (await _exactly(stream, 2))[1] != 0:
                raise UpstreamFailed(self, "refused the credentials")
        kind = b"\x04" if isinstance(address, ipaddress.IPv6Address) else b"\x01"
        await stream.send_all(b"\x05\x01\x00" + kind + address.packed + struct.pack(">H", port))
        head = await _exactly(stream, 4)
        if head[1] != 0:
            raise UpstreamFailed(self, "refused the connection", f"SOCKS5 reply {head[1]}")
        length = {1: 4, 4: 16}.get(head[3])
        if length is None:  # a name as the bound address: its length first
            length = (await _exactly(stream, 1))[0]
        await _exactly(stream, length + 2)


async def _exactly(stream: trio.abc.Stream, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = await stream.receive_some(count - len(data))
        if not chunk:
            raise trio.BrokenResourceError("the upstream closed the connection")
        data += chunk
    return data


def parse_regions(value: str | dict[str, object]) -> tuple[ProxyRegion, ...]:
    """`region=url,region=url` (CAPTURE_PROXIES) or a TOML table `{region: {url = "…"}}`."""
    if isinstance(value, str):
        pairs = [item.split("=", 1) for item in value.split(",") if item.strip()]
        if any(len(pair) != 2 for pair in pairs):
            raise ValueError("proxies: region=url pairs, comma-separated")
        return tuple(ProxyRegion.parse(name.strip(), url.strip()) for name, url in pairs)
    regions = []
    for name, table in value.items():
        if not isinstance(table, dict) or not isinstance(table.get("url"), str):
            raise ValueError(f"proxies.{name}: a table with url = \"http://…\", \"https://…\" or \"socks5://…\"")
        credentials = f"{table['username']}:{table.get('password', '')}" if "username" in table else None
        regions.append(ProxyRegion.parse(name, table["url"], credentials))
    return tuple(regions)
