"""Fixture pages on loopback, served by a threaded stdlib server with TCP_NODELAY.

Each route is a function of the request returning (status, headers, body).
A route may also block (the never-loading page) until the server stops, or
until the test opens a gate: a page that waits on `/gate?name=…` changes only
when the test says so, which puts the test in charge of the order instead of
a timer in the page.
"""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TypeVar
from urllib.parse import parse_qs, urlsplit

T = TypeVar("T")
GATE_S = 30.0  # a gate nobody opens lets its request go after this, so no server thread waits forever

Answer = tuple[int, dict[str, str], bytes]
Route = Callable[["Handler"], Answer]
ROUTES: dict[str, Route] = {}
HTML = {"content-type": "text/html; charset=utf-8"}


def route(path: str) -> Callable[[Route], Route]:
    def register(fn: Route) -> Route:
        ROUTES[path] = fn
        return fn
    return register


def page(body: str, head: str = "") -> bytes:
    return (f"<!doctype html><html><head><meta charset=utf-8>{head}</head>"
            f"<body style='margin:0'>{body}</body></html>").encode()


class Handler(BaseHTTPRequestHandler):
    server: FixtureServer
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    @property
    def query(self) -> dict[str, str]:
        return {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}

    def do_GET(self) -> None:  # the stdlib calls it by this name
        self.server.asked(self.path, dict(self.headers), self.client_address[1])
        fn = ROUTES.get(urlsplit(self.path).path)
        try:
            status, headers, body = fn(self) if fn else (404, HTML, page("<h1>no such fixture</h1>"))
        except ConnectionAbortedError:
            return
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser gave up on this request (a cancelled or timed-out capture)

    def log_message(self, *args: object) -> None:
        pass


class FixtureServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 511  # a web server's backlog, not socketserver's 5 (benchmarks/site.py says why)

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.ports: dict[str, set[int]] = {}  # path -> the client ports (connections) that asked for it
        self._arrived = threading.Condition()  # notified with each request, for those who wait for one
        self.stopping = threading.Event()
        self.gates: dict[str, threading.Event] = {}

    def asked(self, path: str, headers: dict[str, str], port: int) -> None:
        """Note a request as it arrives, before it is answered, and the connection it came on."""
        with self._arrived:
            self.requests.append((path, headers))
            self.ports.setdefault(path, set()).add(port)
            self._arrived.notify_all()

    def count(self, path: str) -> int:
        """How often `path` (with its query) was asked for so far."""
        return sum(1 for asked, _ in self.requests if asked == path)

    def wait_for_request(self, path: str, more_than: int, wait_s: float = 20) -> None:
        """Return once `path` was asked for more than `more_than` times; fail after `wait_s`."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: self.count(path) > more_than, wait_s):
                raise AssertionError(f"{path} was not asked for within {wait_s} s")

    def gate(self) -> Gate:
        """A new closed gate; pages take its name as `?gate=`."""
        name = secrets.token_hex(6)
        self.gates[name] = threading.Event()
        return Gate(self, name)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> None:
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()


class Gate:
    """A request of the page that is answered only once the test opens the gate."""

    def __init__(self, server: FixtureServer, name: str) -> None:
        self.server, self.name = server, name

    def reached(self) -> bool:
        return self.server.count(f"/gate?name={self.name}") > 0

    def open(self) -> None:
        self.server.gates[self.name].set()

    def opened_when_reached(self, call: Callable[[], T], wait_s: float = 30) -> T:
        """`call()` in a thread; the gate opens once the page asks for it; `call`'s result."""
        results: list[T] = []
        worker = threading.Thread(target=lambda: results.append(call()))
        worker.start()
        deadline = time.monotonic() + wait_s
        while not self.reached() and worker.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        self.open()
        worker.join(wait_s)
        assert results, "the call did not return"
        return results[0]


def wait_at_gate(handler: Handler) -> Answer:
    """`/gate?name=`: an empty image, sent once the test opens the gate (or after GATE_S)."""
    opened = handler.server.gates.get(handler.query.get("name", ""))
    if opened is None:
        return 404, HTML, page("<h1>no such gate</h1>")
    opened.wait(GATE_S)
    return 200, {"content-type": "image/svg+xml"}, b"<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"


ROUTES["/gate"] = wait_at_gate
