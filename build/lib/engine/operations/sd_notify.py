"""systemd's notification protocol, spoken directly: datagrams of `KEY=value` lines to $NOTIFY_SOCKET.

No libsystemd: the protocol is one `sendto` on an AF_UNIX datagram socket (a path, or an abstract
name written with a leading `@`). Outside systemd (no NOTIFY_SOCKET) every call does nothing.
A datagram that cannot be sent (the manager gone, its queue full) is dropped: notifications are
advice to the manager, never a reason for the service to stop or to wait.
"""

from __future__ import annotations

import os
import socket


class Notifier:
    def __init__(self, environ: dict[str, str] | None = None) -> None:
        environ = dict(os.environ if environ is None else environ)
        path = environ.get("NOTIFY_SOCKET", "")
        self.address = "\0" + path[1:] if path.startswith("@") else path
        self.watchdog_s = _watchdog_s(environ)
        self._sock: socket.socket | None = None
        if self.address:
            self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.setblocking(False)  # never waits: a full queue drops the datagram
        self.dropped = 0

    @property
    def enabled(self) -> bool:
        return self._sock is not None

    def notify(self, **fields: str) -> bool:
        """Send `KEY=value` lines in one datagram (`notify(READY="1", STATUS="…")`); False if dropped."""
        if self._sock is None:
            return False
        message = "\n".join(f"{key}={value}" for key, value in fields.items())
        try:
            self._sock.sendto(message.encode(), self.address)
        except OSError:
            self.dropped += 1
            return False
        return True

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _watchdog_s(environ: dict[str, str]) -> float | None:
    """The watchdog interval systemd expects pings within (WatchdogSec=), when it is meant for this process."""
    usec, pid = environ.get("WATCHDOG_USEC", ""), environ.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if pid and pid != str(os.getpid()):
        return None  # set for another process (a parent that exec'd us with its environment)
    return int(usec) / 1_000_000
