"""A secret server the service must never reach, and fixture pages that try to reach it.

The secret server listens on one port on 127.0.0.1, 127.0.0.2 and ::1 and
counts every connection it accepts, whatever arrives on it. Its page is
magenta, so a capture that showed it would have magenta pixels.

Each `/egress/VECTOR` page tries one way out, twice: towards `?secret=` (the
secret server) and towards `?allowed=` (the fixture site's `/marker`), so
the allowed attempt proves the vector really fired. A page adds `#done`
once its attempts have settled.
"""

from __future__ import annotations

import html
import json
import socket
import threading
from urllib.parse import urlencode

from tests.fixture_site import HTML, Answer, Handler, page, route

MAGENTA = (255, 0, 255)
SECRET_PAGE = (b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 96\r\n"
               b"connection: close\r\n\r\n"
               + b"<body style='background:#ff00ff;margin:0'><h1>SECRET-MARKER-7d1e</h1></body>".ljust(96))


class NoNames:
    """A resolver for tests whose every host is an address: a name fails as one that does not resolve."""

    def known(self, host: str) -> None:
        return None

    async def resolve(self, host: str, port: int) -> list[object]:
        raise OSError("no names in this test")


class SecretServer:
    """Counts connections on 127.0.0.1, 127.0.0.2 and [::1], all on one port (or on the `hosts` given)."""

    def __init__(self, port: int = 0, hosts: tuple[str, ...] = ("127.0.0.1", "127.0.0.2", "::1")) -> None:
        self.connections = 0
        self._lock = threading.Lock()
        self._sockets = self._bind(port, hosts)
        self.port = self._sockets[0].getsockname()[1]
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @staticmethod
    def _bind(port: int, hosts: tuple[str, ...]) -> list[socket.socket]:
        for _ in range(20):  # the port picked on the first address may be taken on another
            first = socket.create_server((hosts[0], port), family=_family(hosts[0]))
            chosen = first.getsockname()[1]
            try:
                return [first, *(socket.create_server((h, chosen), family=_family(h)) for h in hosts[1:])]
            except OSError:
                first.close()
                if port:
                    raise
        raise RuntimeError("no port free on every loopback address")

    def start(self) -> None:
        self._threads = [threading.Thread(target=self._accept, args=(sock,), daemon=True)
                         for sock in self._sockets]
        for sock, thread in zip(self._sockets, self._threads, strict=True):
            sock.settimeout(0.1)
            thread.start()

    def _accept(self, sock: socket.socket) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                self.connections += 1
            with conn:
                try:
                    conn.settimeout(1)
                    conn.recv(65536)
                    conn.sendall(SECRET_PAGE)
                except OSError:
                    pass

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(5)
        for sock in self._sockets:
            sock.close()


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _js(value: str) -> str:
    return json.dumps(value)


# Each vector: the markup or script that sends one request to URL (a placeholder).
ATTEMPTS = {
    "img": "<img src={url}>",
    "script": "<script src={url}></script>",
    "iframe": "<iframe src={url}></iframe>",
    "prefetch": "<link rel=prefetch href={url} onload=settled() onerror=settled()>",
    "fetch": "<script>fetch({js}).finally(settled)</script>",
    "xhr": "<script>{{const x = new XMLHttpRequest(); x.onloadend = settled;"
           " x.open('GET', {js}); x.send()}}</script>",
    "websocket": "<script>{{const w = new WebSocket({js}.replace(/^http/, 'ws'));"
                 " w.onerror = w.onopen = settled}}</script>",
    "eventsource": "<script>{{const e = new EventSource({js}); e.onerror = e.onopen = () => {{e.close();"
                   " settled()}}}}</script>",
}
# Vectors whose attempts settle on their own events; the others settle at window load.
EVENTED = {"prefetch": 2, "fetch": 2, "xhr": 2, "websocket": 2, "eventsource": 2}

SETTLE_SCRIPT = """<script>
let pending = {pending};
function settled() {{ if (--pending === 0) setTimeout(done, 200); }}
function done() {{ const d = document.createElement('div'); d.id = 'done'; document.body.append(d); }}
{on_load}
</script>"""


@route("/egress/attempt")
def attempt(handler: Handler) -> Answer:
    vector = handler.query["vector"]
    urls = [handler.query["allowed"], handler.query["secret"]]
    pending = EVENTED.get(vector, 0)
    on_load = "" if pending else "addEventListener('load', () => setTimeout(done, 300));"
    head = SETTLE_SCRIPT.format(pending=pending, on_load=on_load)
    body = "".join(ATTEMPTS[vector].format(url=html.escape(u, quote=True), js=_js(u)) for u in urls)
    return 200, HTML, page(body, head)


@route("/egress/service-worker")
def service_worker_page(handler: Handler) -> Answer:
    query = urlencode({"allowed": handler.query["allowed"], "secret": handler.query["secret"]})
    script = f"""<script>
      navigator.serviceWorker.register({_js("/egress/sw.js?" + query)})
        .then(() => navigator.serviceWorker.ready)
        .then(() => new Promise(r => navigator.serviceWorker.addEventListener('message', r)))
        .finally(() => {{ const d = document.createElement('div'); d.id = 'done'; document.body.append(d); }});
    </script>"""
    return 200, HTML, page("<p>registering</p>" + script)


@route("/egress/sw.js")
def service_worker(handler: Handler) -> Answer:
    allowed, secret = _js(handler.query["allowed"]), _js(handler.query["secret"])
    script = f"""
      self.addEventListener('install', e => self.skipWaiting());
      self.addEventListener('activate', e => e.waitUntil((async () => {{
        await Promise.allSettled([fetch({allowed}), fetch({secret})]);
        await self.clients.claim();
        for (const c of await self.clients.matchAll()) c.postMessage('fetched');
      }})()));
    """
    return 200, {"content-type": "text/javascript"}, script.encode()


@route("/egress/navigate")
def navigate(handler: Handler) -> Answer:
    """The main frame is sent to `?to=` by meta refresh, script or form post; `#stayed` marks this page."""
    how, to = handler.query["how"], handler.query["to"]
    marker = "<p id=stayed>STAYED-ON-THE-FIXTURE</p>"
    if how == "meta":
        return 200, HTML, page(marker, f"<meta http-equiv=refresh content='0;url={html.escape(to)}'>")
    if how == "location":
        return 200, HTML, page(marker + f"<script>location = {_js(to)}</script>")
    if how == "form":
        return 200, HTML, page(marker + f"<form method=post action='{html.escape(to)}'>"
                               "<input name=a value=b></form><script>document.forms[0].submit()</script>")
    raise ValueError(how)


@route("/egress/redirect")
def redirect(handler: Handler) -> Answer:
    return int(handler.query["code"]), {"location": handler.query["to"]}, b""


@route("/marker")
def marker(_: Handler) -> Answer:
    return 200, HTML, page("<p style='background:#00ff00'>allowed marker</p>")


@route("/magenta")
def magenta(_: Handler) -> Answer:
    """The secret's colour served from the allowed site: proves the pixel check can see it."""
    return 200, HTML, page("<div style='background:#ff00ff;width:100vw;height:100vh'></div>")
