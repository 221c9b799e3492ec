"""The host's own interface addresses are refused as destinations, read at start and again on every change.

Classification only: nothing is sent to any address here. The change is made
in a network namespace of the test's own (`unshare --net`), whose loopback
interface gets an address that looks public; nothing can leave it.
"""

from __future__ import annotations

import ipaddress
import subprocess
import sys
from pathlib import Path

from engine.network.addresses import interface_addresses
from engine.network.destinations import HOST_ADDRESS, EgressPolicy, HostsFileResolver
from engine.operations.settings import EgressAllowance
from tests.conftest import ROOT

PUBLIC_LOOKING = ipaddress.ip_address("8.8.4.4")

IN_A_NAMESPACE = f"""
import ipaddress, subprocess, trio
from actors.egress import EgressGuard
from engine.network.destinations import HOST_ADDRESS, EgressPolicy

ADDRESS = ipaddress.ip_address("{PUBLIC_LOOKING}")

async def main():
    policy = EgressPolicy(resolver=None)
    guard = EgressGuard(policy, event_log=None)
    async with trio.open_nursery() as nursery:
        await nursery.start(guard._watch_host_addresses)
        before = policy.reason(ADDRESS, 443)
        subprocess.run(["ip", "addr", "add", "{PUBLIC_LOOKING}/32", "dev", "lo"], check=True)
        with trio.fail_after(20):
            while policy.reason(ADDRESS, 443) != HOST_ADDRESS:
                await trio.sleep(0.01)
        subprocess.run(["ip", "addr", "del", "{PUBLIC_LOOKING}/32", "dev", "lo"], check=True)
        with trio.fail_after(20):
            while policy.reason(ADDRESS, 443) is not None:
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()
    print("before:", before)
    print("refused after it was added, allowed again after it was removed")

trio.run(main)
"""


def test_the_hosts_own_addresses_are_refused_and_the_allow_list_still_wins(tmp_path: Path) -> None:
    (tmp_path / "hosts").write_text("")
    policy = EgressPolicy(HostsFileResolver(tmp_path / "hosts"), host_addresses=frozenset({PUBLIC_LOOKING}))
    assert policy.reason(PUBLIC_LOOKING, 443) == HOST_ADDRESS
    assert policy.reason(ipaddress.ip_address("8.8.8.8"), 443) is None
    assert policy.reason(ipaddress.ip_address("127.0.0.1"), 80) == "loopback"  # the table's reason comes first
    allowing = EgressPolicy(policy.resolver, [EgressAllowance.parse("8.8.4.4:443")],
                            host_addresses=frozenset({PUBLIC_LOOKING}))
    assert allowing.reason(PUBLIC_LOOKING, 443) is None


def test_interface_addresses_include_loopback() -> None:
    assert ipaddress.ip_address("127.0.0.1") in interface_addresses()


def test_an_address_added_while_running_is_refused_at_once() -> None:
    done = subprocess.run(["unshare", "--user", "--map-root-user", "--net", sys.executable, "-c", IN_A_NAMESPACE],
                          cwd=ROOT, capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr.decode()
    assert b"before: None" in done.stdout  # not refused before the host had it
    assert b"refused after it was added, allowed again after it was removed" in done.stdout
