"""A webhook receiver on loopback: records every call and answers as the test scripts it; and silent hosts.

`answers[path]` is a list of statuses handed out in order (then 200); a 3xx
answer points at `/moved`, so a followed redirect would show up as a call there.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks import Webhook, WebhookVerificationError


@dataclass(frozen=True)
class Call:
    path: str
    headers: dict[str, str]
    body: bytes


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Receiver

    def do_POST(self) -> None:  # the stdlib calls it by this name
        closing = self.server.close_after_answer  # decided as the request comes, not after the answer left
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        self.server.record(Call(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        status = self.server.next_status(self.path)
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("location", f"http://127.0.0.1:{self.server.server_address[1]}/moved")
        answer = body if self.path.split("?")[0] in self.server.echo else f"answered {status}".encode()
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)
        if closing:
            self.close_connection = True  # without saying so: a kept connection the client finds closed

    do_GET = do_POST  # (a page's requests, relayed by the egress guard: tests/test_guard.py)

    def log_message(self, *args: object) -> None:
        pass


class Receiver(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int = 0, host: str = "127.0.0.1") -> None:
        super().__init__((host, port), _Handler)
        self.connections = 0  # accepted, whether or not a request followed
        self.close_after_answer = False
        self.calls: list[Call] = []
        self.answers: dict[str, list[int]] = {}
        self.echo: set[str] = set()  # paths answered with the body they were sent, as some receivers do
        self._lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._lock:
            self.connections += 1
        super().process_request(request, client_address)

    def record(self, call: Call) -> None:
        with self._lock:
            self.calls.append(call)

    def next_status(self, path: str) -> int:
        with self._lock:
            script = self.answers.get(path.split("?")[0], [])
            return script.pop(0) if script else 200

    def to(self, path: str) -> list[Call]:
        return [call for call in self.calls if call.path == path]

    def wait_for(self, path: str, count: int, wait_s: float = 30) -> list[Call]:
        deadline = time.monotonic() + wait_s
        while len(self.to(path)) < count:
            assert time.monotonic() < deadline, f"{path}: {len(self.to(path))} calls of {count} within {wait_s} s"
            time.sleep(0.02)
        return self.to(path)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def start(self) -> Receiver:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def verified(call: Call, *secrets: str) -> dict[str, object]:
    """The call's body, verified with the reference library against any of `secrets`; raises if none signed it."""
    failures = []
    for secret in secrets:
        try:
            body: dict[str, object] = Webhook(secret).verify(call.body, call.headers)
            return body
        except WebhookVerificationError as exc:
            failures.append(exc)
    raise AssertionError(f"no secret verifies {call.headers.get('webhook-id')}: {failures}")


class SilentHosts:
    """Listeners on loopback addresses that accept every connection and never answer, counting how many are open.

    One thread serves them all with a selector: a connection counts as open from its accept until the
    client closes it (the service's webhook timeout does), so `most_open` is the real concurrency each
    address saw, and `most_open_total` that of all of them together.
    """

    def __init__(self, addresses: list[str]) -> None:
        self._selector = selectors.DefaultSelector()
        self.listeners: dict[str, socket.socket] = {}
        for address in addresses:
            listener = socket.create_server((address, 0), backlog=256)
            listener.setblocking(False)
            self._selector.register(listener, selectors.EVENT_READ, address)
            self.listeners[address] = listener
        self.open: Counter[str] = Counter()
        self.most_open: Counter[str] = Counter()
        self.most_open_total = 0
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def port(self, address: str) -> int:
        return int(self.listeners[address].getsockname()[1])

    def start(self) -> SilentHosts:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(5)
        for key in list(self._selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        self._selector.close()

    def total_open(self) -> int:
        with self._lock:
            return sum(self.open.values())

    def _serve(self) -> None:
        while not self._stopping.is_set():
            for key, _ in self._selector.select(timeout=0.05):
                sock: socket.socket = key.fileobj  # type: ignore[assignment]
                if sock in self.listeners.values():
                    self._accept(sock, key.data)
                else:
                    self._read(sock, key.data)

    def _accept(self, listener: socket.socket, address: str) -> None:
        try:
            conn, _ = listener.accept()
        except BlockingIOError:
            return
        conn.setblocking(False)
        self._selector.register(conn, selectors.EVENT_READ, address)
        with self._lock:
            self.open[address] += 1
            self.most_open[address] = max(self.most_open[address], self.open[address])
            self.most_open_total = max(self.most_open_total, sum(self.open.values()))

    def _read(self, conn: socket.socket, address: str) -> None:
        try:
            if conn.recv(65536):
                return  # the request: read, never answered
        except BlockingIOError:
            return
        except OSError:
            pass
        self._selector.unregister(conn)
        conn.close()
        with self._lock:
            self.open[address] -= 1
