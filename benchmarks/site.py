"""The benchmark's fixture pages, served on loopback by a thread of the benchmark process.

    /text    about 2 KB of text
    /heavy   about 1 MB: 40 incompressible PNG images of about 25 KB each
    /tall    10,000 px tall
    /hold    answers only when the site stops (or after HOLD_S): a browser on it sits idle, rendering nothing
"""

from __future__ import annotations

import random
import socket
import struct
import sys
import threading
import zlib
from collections.abc import Awaitable, Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar

import trio

IMAGES = 40
TALL_PX = 10_000
HOLD_S = 60


def _png(width: int, height: int, seed: int) -> bytes:
    """An RGB PNG of random pixels: it does not compress, so its bytes are really sent."""
    rng = random.Random(seed)
    rows = b"".join(b"\x00" + rng.randbytes(width * 3) for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


def _page(title: str, body: str, style: str = "") -> bytes:
    return (f"<!doctype html><html><head><meta charset=utf-8><title>{title}</title>"
            f"<style>body{{font:16px/1.5 sans-serif;margin:2rem}}{style}</style></head>"
            f"<body>{body}</body></html>").encode()


PARAGRAPH = ("A capture service renders pages that strangers choose, on a machine that holds other people's "
             "data, and hands back a picture of them. ")
TEXT = _page("text", "<h1>Text</h1>" + "".join(f"<p>{PARAGRAPH * 2}</p>" for _ in range(6)))
PICTURES = {f"/img/{n}.png": _png(90, 90, n) for n in range(IMAGES)}
HEAVY = _page("heavy", "<h1>Heavy</h1>" + "".join(f'<img src="/img/{n}.png" width=90 height=90 alt="">'
                                                  for n in range(IMAGES)))
TALL = _page("tall", "".join(f"<section><h2>Section {n}</h2><p>{PARAGRAPH * 3}</p></section>" for n in range(50)),
             style=f"body{{min-height:{TALL_PX}px}} section{{height:{TALL_PX // 50 - 40}px;"
                   "background:linear-gradient(#fdf6e3,#e3f1fd)}")
# Paints, then never yields again, allocating as it spins: a capture of it can only time out (benchmarks.soak).
HOSTILE = _page("hostile", "<h1>Hostile</h1><script>setTimeout(() => { let kept = []; for (;;) {"
                " kept.push(new Array(10000).fill(1)); if (kept.length > 100) kept = []; } }, 0)</script>")
PAGES = {"/text": TEXT, "/heavy": HEAVY, "/tall": TALL, "/hostile": HOSTILE}

T = TypeVar("T")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        # As a web server serves kept connections (nginx: tcp_nodelay on): without it the body, written after
        # the head, waits for the reader's delayed ACK, 40 ms per answer on a kept connection.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    server: Site

    def do_GET(self) -> None:  # the stdlib calls it by this name
        path = self.path.split("?", 1)[0]
        if path == "/hold":
            self.server.released.wait(HOLD_S)
            path = "/text"
        body = PAGES.get(path) or PICTURES.get(path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("content-type", "image/png" if path.endswith(".png") else "text/html; charset=utf-8")
        self.send_header("content-length", str(len(body)))
        self.send_header("cache-control", "no-store")  # every capture loads everything, as a first visit does
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


class Site(ThreadingHTTPServer):
    daemon_threads = True
    # A web server's backlog (nginx's default), not socketserver's 5: the egress guard opens a connection per
    # plain-http request, and 4 captures of the heavy page at once overflowed 5, so the kernel dropped a SYN and
    # a capture waited out the 1 s retransmit (the service's heavy tail at c >= 2 until 2026-11-27).
    request_queue_size = 511

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that gave up on a held page: expected
            super().handle_error(request, client_address)

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.released = threading.Event()  # set at stop: held pages answer

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> None:
        threading.Thread(target=self.serve_forever, name="bench-site", daemon=True).start()

    def stop(self) -> None:
        self.released.set()
        self.shutdown()
        self.server_close()


def heavy_bytes() -> int:
    return len(HEAVY) + sum(len(p) for p in PICTURES.values())


def run_served(main: Callable[[T, Site], Awaitable[None]], arguments: T) -> None:
    """`trio.run(main, arguments, site)` with the fixture site served for its whole run."""
    site = Site()
    site.start()
    try:
        trio.run(main, arguments, site)
    finally:
        site.stop()
