"""Upstream proxies on loopback for the regions of the tests: an HTTP CONNECT one and a SOCKS5 one.

Each records what it was asked to connect to (the literal address and port) and splices the bytes;
`refuse` makes it say no.
"""

from __future__ import annotations

import base64
import ipaddress
import socket
import struct
import threading


class UpstreamProxy:
    def __init__(self, kind: str, credentials: tuple[str, str] | None = None) -> None:
        self.kind = kind  # "http" or "socks5"
        self.credentials = credentials
        self.asked: list[str] = []  # "127.0.0.1:8080", as the guard asked
        self.refuse = False
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = self._server.getsockname()[1]
        self._closed = threading.Event()

    @property
    def url(self) -> str:
        userinfo = f"{self.credentials[0]}:{self.credentials[1]}@" if self.credentials else ""
        return f"{self.kind}://{userinfo}127.0.0.1:{self.port}"

    def start(self) -> UpstreamProxy:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stop(self) -> None:
        self._closed.set()
        self._server.close()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        with client:
            client.settimeout(30)
            try:
                target = self._http(client) if self.kind == "http" else self._socks5(client)
                if target is None:
                    return
                with socket.create_connection(target, timeout=30) as upstream:
                    if self.kind == "http":
                        client.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                    else:
                        client.sendall(b"\x05\x00\x00\x01" + bytes(4) + bytes(2))
                    _splice(client, upstream)
            except OSError:
                return

    def _http(self, client: socket.socket) -> tuple[str, int] | None:
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = client.recv(4096)
            if not chunk:
                return None
            head += chunk
        line, *headers = head.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
        method, target, _ = line.split(" ")
        self.asked.append(target)
        wanted = f"Basic {_basic(self.credentials)}" if self.credentials else None
        given = next((h.split(":", 1)[1].strip() for h in headers if h.lower().startswith("proxy-authorization:")),
                     None)
        if method != "CONNECT" or self.refuse or given != wanted:
            client.sendall(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n")
            return None
        host, _, port = target.rpartition(":")
        return host.strip("[]"), int(port)

    def _socks5(self, client: socket.socket) -> tuple[str, int] | None:
        greeting = _exactly(client, 2)
        methods = _exactly(client, greeting[1])
        method = 2 if self.credentials else 0
        if method not in methods:
            client.sendall(b"\x05\xff")
            return None
        client.sendall(bytes([5, method]))
        if self.credentials:
            _exactly(client, 1)
            user = _exactly(client, _exactly(client, 1)[0]).decode()
            password = _exactly(client, _exactly(client, 1)[0]).decode()
            ok = (user, password) == self.credentials
            client.sendall(b"\x01" + (b"\x00" if ok else b"\x01"))
            if not ok:
                return None
        _, command, _, kind = _exactly(client, 4)
        raw = _exactly(client, 4 if kind == 1 else 16 if kind == 4 else _exactly(client, 1)[0])
        port = struct.unpack(">H", _exactly(client, 2))[0]
        host = str(ipaddress.ip_address(raw)) if kind in (1, 4) else raw.decode()
        self.asked.append(f"[{host}]:{port}" if kind == 4 else f"{host}:{port}")
        if command != 1 or self.refuse:
            client.sendall(b"\x05\x02\x00\x01" + bytes(6))  # "connection not allowed by ruleset"
            return None
        return host, port


def _basic(credentials: tuple[str, str] | None) -> str:
    assert credentials is not None
    return base64.b64encode(f"{credentials[0]}:{credentials[1]}".encode()).decode()


def _exactly(sock: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise OSError("closed")
        data += chunk
    return data


def _splice(a: socket.socket, b: socket.socket) -> None:
    def pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
            sink.shutdown(socket.SHUT_WR)
        except OSError:
            pass
    other = threading.Thread(target=pump, args=(b, a), daemon=True)
    other.start()
    pump(a, b)
    other.join(30)
