"""Running the service: the supervisor, the operator's control socket, health and readiness, metrics, the heap, and
systemd.
"""

from __future__ import annotations

from actors.operations.control import ControlServer
from actors.operations.health import readiness, status_line
from actors.operations.heap import HeapKeeper
from actors.operations.metrics import MetricsServer
from actors.operations.supervisor import Supervisor
from actors.operations.systemd import ServiceManagerLink

__all__ = [
    "ControlServer", "HeapKeeper", "MetricsServer", "ServiceManagerLink", "Supervisor", "readiness",
    "status_line",
]
