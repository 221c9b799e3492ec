"""systemd (issue 23): the notify protocol against a real AF_UNIX datagram socket as NOTIFY_SOCKET.

READY=1 only once the service serves, WATCHDOG=1 from the event loop (so it stops when the loop is
blocked), STATUS= lines, STOPPING=1 on SIGTERM.
"""

from __future__ import annotations

import itertools
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import trio

from actors.operations import ServiceManagerLink
from engine.operations.sd_notify import Notifier
from tests.conftest import READY, start_service, stop_service
from tests.fixture_site import FixtureServer


class Datagrams:
    """What arrives on a bound AF_UNIX datagram socket, with arrival times, read by a thread of its own.

    `on_message(text)` runs in that thread as each one arrives (to look at the service at that moment).
    """

    def __init__(self, path: Path, on_message: Callable[[str], None] | None = None) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.1)
        self.received: list[tuple[float, str]] = []
        self.on_message = on_message
        self._arrived = threading.Condition()  # notified after each datagram (and its on_message)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)

    def _read(self) -> None:
        while not self._stop.is_set():
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            text = data.decode()
            self.received.append((time.monotonic(), text))
            if self.on_message is not None:
                self.on_message(text)
            with self._arrived:
                self._arrived.notify_all()

    def with_field(self, line: str) -> list[float]:
        return [at for at, text in self.received if line in text.split("\n")]

    def wait_for(self, line: str, count: int = 1, after: float = 0.0, wait_s: float = 15) -> list[float]:
        """The arrival times of datagrams holding `line`, once `count` of them came after `after` (a monotonic
        time), each handled by on_message; AssertionError after `wait_s`."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: len([at for at in self.with_field(line) if at > after]) >= count,
                                          wait_s):
                raise AssertionError(f"not {count} {line} within {wait_s} s: {self.received}")
        return self.with_field(line)

    @contextmanager
    def reading(self) -> Iterator[Datagrams]:
        self._thread.start()
        try:
            yield self
        finally:
            self._stop.set()
            self._thread.join(5)
            self.sock.close()


def test_ready_once_serving_then_watchdog_status_and_stopping(tmp_path: Path, site: FixtureServer) -> None:
    """READY=1 arrives once, after the pool's sessions are up (/readyz, asked the moment it arrives,
    says so), WATCHDOG=1 keeps arriving at half of WATCHDOG_USEC, STATUS= names the sessions, and
    SIGTERM sends STOPPING=1 before the process exits."""
    log = tmp_path / "data.log"
    seen_at_ready: list[tuple[int, dict[str, object]]] = []

    def look(text: str) -> None:
        if "READY=1" in text.split("\n"):
            url = READY.search(log.read_text(errors="replace"))
            assert url is not None, "READY=1 came before the service announced its address"
            answer = httpx.get(url[1] + "/readyz", timeout=10)
            seen_at_ready.append((answer.status_code, answer.json()))

    with Datagrams(tmp_path / "notify.sock", look).reading() as notes:
        service = start_service(tmp_path / "data", site, NOTIFY_SOCKET=str(tmp_path / "notify.sock"),
                                WATCHDOG_USEC="1000000")
        try:
            notes.wait_for("READY=1")
            notes.wait_for("WATCHDOG=1", 10)
            status = next(text for text in (t for _, t in notes.received) if "READY=1" in text)
            assert re.search(r"STATUS=2/2 browser sessions \(0 busy, 2 idle\); 0 captures waiting, 0 jobs queued",
                             status), status
        finally:
            assert stop_service(service) == 0
        notes.wait_for("STOPPING=1")  # sent before the process exits; read by the reader thread from the socket
    assert len(notes.with_field("READY=1")) == 1
    assert seen_at_ready == [(200, {"status": "ready", "checks": {"browserSessions": "ok", "eventLog": "ok",
                                                                  "disk": "ok"}})]
    # systemd counts from READY=1 on (start-up blocks the loop for a while, importing the app)
    pings = [at for at in notes.with_field("WATCHDOG=1") if at > notes.with_field("READY=1")[0]]
    gaps = [b - a for a, b in itertools.pairwise(pings)]
    assert len(gaps) >= 3
    assert max(gaps) < 1.0, gaps  # every 0.5 s, never as late as the watchdog's 1 s
    assert notes.with_field("STOPPING=1"), notes.received


@contextmanager
def notifier_at(path: Path, **environ: str) -> Iterator[Notifier]:
    notifier = Notifier({"NOTIFY_SOCKET": str(path), **environ})
    try:
        yield notifier
    finally:
        notifier.close()


def test_watchdog_pings_stop_while_the_event_loop_is_blocked(tmp_path: Path) -> None:
    """The pings are sent from a task on the loop: a loop blocked (on purpose, with time.sleep) for
    longer than the watchdog interval sends none, so systemd would restart the service."""
    interval_s, blocked_s = 0.4, 1.2

    async def main(notes: Datagrams) -> None:
        with notifier_at(tmp_path / "notify.sock", WATCHDOG_USEC=str(int(interval_s * 1e6))) as notifier:
            link = ServiceManagerLink(notifier, lambda: "status")
            async with trio.open_nursery() as nursery:
                await nursery.start(link.run)
                await trio.to_thread.run_sync(notes.wait_for, "WATCHDOG=1", 5)
                blocked.append(time.monotonic())
                time.sleep(blocked_s)  # noqa: ASYNC251 - the stall under test
                blocked.append(time.monotonic())
                await trio.to_thread.run_sync(lambda: notes.wait_for("WATCHDOG=1", 4, after=blocked[1]))
                nursery.cancel_scope.cancel()

    blocked: list[float] = []
    with Datagrams(tmp_path / "notify.sock").reading() as notes:
        trio.run(main, notes)
    pings = notes.with_field("WATCHDOG=1")
    start, end = blocked
    assert len([at for at in pings if at < start]) >= 4  # every 0.2 s before the stall
    assert not [at for at in pings if start + 0.05 < at < end], "a ping came while the loop was blocked"
    assert len([at for at in pings if at > end]) >= 4  # and again after it
    gap = max(b - a for a, b in itertools.pairwise(pings))
    assert gap > interval_s, gap  # longer than systemd would wait


def test_outside_systemd_nothing_is_sent(tmp_path: Path) -> None:
    notifier = Notifier({})
    assert not notifier.enabled
    assert notifier.notify(READY="1") is False


def test_abstract_socket_names_and_watchdog_meant_for_another_process() -> None:
    name = f"capture-test-{time.monotonic_ns()}"
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    receiver.bind("\0" + name)
    receiver.settimeout(5)
    try:
        with notifier_at(Path("@" + name), WATCHDOG_USEC="5000000", WATCHDOG_PID="1") as notifier:
            assert notifier.watchdog_s is None  # WATCHDOG_PID names another process
            assert notifier.notify(STATUS="x", READY="1")
            assert receiver.recv(100) == b"STATUS=x\nREADY=1"
    finally:
        receiver.close()


@pytest.mark.parametrize(("usec", "expected"), [("30000000", 30.0), ("0", None), ("", None), ("soon", None)])
def test_watchdog_interval_from_the_environment(usec: str, expected: float | None) -> None:
    assert Notifier({"WATCHDOG_USEC": usec}).watchdog_s == expected
