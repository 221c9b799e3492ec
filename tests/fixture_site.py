"""Fixture pages on loopback, served by a threaded stdlib server with TCP_NODELAY.

Each route is a function of the request returning (status, headers, body).
A route may also block (the never-loading page) until the server stops.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

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
        self.server.requests.append((self.path, dict(self.headers)))
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

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.stopping = threading.Event()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> None:
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()
