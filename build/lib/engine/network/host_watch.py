"""This host's own addresses kept current in the egress policy, as the kernel announces each change."""

from __future__ import annotations

import logging
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import trio

from engine.network.addresses import interface_addresses
from engine.network.destinations import EgressPolicy

log = logging.getLogger("capture.egress")
ADDRESS_POLL_S = 60.0  # host addresses are read again this often even without a netlink announcement
_RTMGRP_IPV4_IFADDR, _RTMGRP_IPV6_IFADDR = 0x10, 0x100  # <linux/rtnetlink.h>


@asynccontextmanager
async def address_changes() -> AsyncIterator[trio.socket.SocketType | None]:
    """A netlink socket that hears of every address added or removed, or None where there is none."""
    try:
        sock = trio.socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
    except (OSError, AttributeError):
        yield None
        return
    with sock:
        try:
            await sock.bind((0, _RTMGRP_IPV4_IFADDR | _RTMGRP_IPV6_IFADDR))
        except OSError:
            yield None
            return
        yield sock


async def watch_host_addresses(policy: EgressPolicy, *, task_status: trio.TaskStatus[None]) -> None:
    """Keep the policy's host addresses current until cancelled: read again on every address change
    the kernel announces (netlink), and every ADDRESS_POLL_S should the announcements be unavailable."""
    async with address_changes() as changes:
        policy.host_addresses = interface_addresses()
        task_status.started()
        while True:
            with trio.move_on_after(ADDRESS_POLL_S):
                if changes is None:
                    await trio.sleep_forever()
                try:
                    await changes.recv(65536)
                except OSError:  # ENOBUFS: announcements were lost; read all below, never spin on it
                    await trio.sleep(1)
            found = interface_addresses()  # getifaddrs: a few system calls, no wait
            if found != policy.host_addresses:
                log.info("host addresses now refused as destinations: %s", ", ".join(sorted(map(str, found))))
            policy.host_addresses = found
