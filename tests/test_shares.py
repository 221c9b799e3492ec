"""Fair shares without a service: the client behind trusted proxies, places counted per holder, the job queue
per owning account, the cache's heaviest account. (Over HTTP: tests/test_tenants.py.)"""

from __future__ import annotations

import ipaddress

import pytest

from engine.errors import CapacityExhausted
from engine.forwarded import client_address
from engine.shares import ACCOUNT, ADDRESS, WORKSPACE, Holder, SharedPlaces, heaviest

PROXIES = (ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("fd00::/8"))


@pytest.mark.parametrize(("peer", "forwarded_for", "client"), [
    ("192.0.2.7", None, "192.0.2.7"),  # no proxy
    ("192.0.2.7", "198.51.100.1", "192.0.2.7"),  # a header from an untrusted peer is ignored
    ("10.0.0.5", None, "10.0.0.5"),  # a trusted proxy that names nobody
    ("10.0.0.5", "198.51.100.1", "198.51.100.1"),
    ("10.0.0.5", "198.51.100.9, 198.51.100.1", "198.51.100.1"),  # what the client wrote itself stays left
    ("10.0.0.5", "198.51.100.1, 10.0.0.6", "198.51.100.1"),  # two proxies deep
    ("10.0.0.5", "198.51.100.1, not-an-address", "10.0.0.5"),
    ("::ffff:10.0.0.5", "2001:db8::1", "2001:db8::1"),  # an IPv4-mapped proxy
    ("fd00::1", "[2001:db8::2]", "[2001:db8::2]"),
])
def test_the_client_is_the_rightmost_address_no_trusted_proxy_wrote(peer: str, forwarded_for: str | None,
                                                                     client: str) -> None:
    assert client_address(peer, forwarded_for, PROXIES) == client


def test_without_trusted_proxies_the_peer_is_the_client() -> None:
    assert client_address("10.0.0.5", "198.51.100.1", ()) == "10.0.0.5"


def test_a_place_counts_against_every_holder_and_is_refused_by_the_first_that_is_full() -> None:
    places = SharedPlaces(2)
    person = Holder(ACCOUNT, "usr_1")
    with places.take([Holder(WORKSPACE, "ws_a"), person]), places.take([Holder(WORKSPACE, "ws_b"), person]):
        assert places.held(person) == 2
        with pytest.raises(CapacityExhausted, match="account") as refused, places.take(
                [Holder(WORKSPACE, "ws_c"), person]):
            pass
        assert refused.value.retry_after == 5
        assert places.held(Holder(WORKSPACE, "ws_c")) == 0  # nothing taken by a refusal
        with places.take([Holder(WORKSPACE, "ws_c"), Holder(ADDRESS, "192.0.2.7")]):
            assert places.held(Holder(ADDRESS, "192.0.2.7")) == 1
    assert places.held(person) == 0


def test_one_holder_named_twice_takes_one_place() -> None:
    """A holder named twice (as a list of holders may) is counted once."""
    places = SharedPlaces(1)
    with places.take([Holder(WORKSPACE, "ws_a"), Holder(WORKSPACE, "ws_a")]):
        assert places.held(Holder(WORKSPACE, "ws_a")) == 1


def test_the_heaviest_account_comes_first() -> None:
    assert heaviest([("a", 5), ("b", 3), ("a", 1), ("c", 7)]) == [("c", 7), ("a", 6), ("b", 3)]
