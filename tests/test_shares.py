"""Fair shares without a service: the client behind trusted proxies, places counted per holder, the job queue
per owning account, the cache's heaviest account. (Over HTTP: tests/test_tenants.py.)"""

from __future__ import annotations

import datetime as dt
import ipaddress
from pathlib import Path
from typing import cast

import pytest

from actors.capture import ResultStore, Shelf
from actors.jobs import JobBook, JobSecrets
from actors.storage import EventLog, running_event_log
from engine.browser.recipes import Capture
from engine.operations.settings import Settings
from engine.records.fair_queue import FairQueue
from engine.records.jobs import Job
from engine.records.sealing import Keyring
from engine.records.signing import ResultSigner
from engine.rules.errors import CapacityExhausted
from engine.rules.forwarded import client_address
from engine.rules.request import parse_capture
from engine.rules.shares import ACCOUNT, ADDRESS, WORKSPACE, Holder, SharedPlaces, heaviest

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
    ("fd00::1", "[2001:db8::2]", "2001:db8::2"),  # written plainly, whatever the spelling
    ("10.0.0.5", "198.51.100.1:52311", "198.51.100.1"),  # entries with a port
    ("fd00::1", "[2001:db8::2]:443", "2001:db8::2"),
    ("10.0.0.5", "10.0.0.6:8080, 198.51.100.1:52311, 10.0.0.7:80", "198.51.100.1"),
    # a proxy that appends a line of its own: the lines are one list, the client's own first line stays left
    ("10.0.0.5", ["203.0.113.66", "198.51.100.1"], "198.51.100.1"),
    ("10.0.0.5", ["203.0.113.66", "198.51.100.1, 10.0.0.6"], "198.51.100.1"),
])
def test_the_client_is_the_rightmost_address_no_trusted_proxy_wrote(peer: str, forwarded_for: str | list[str] | None,
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


SECRETS = JobSecrets(Keyring({"k1": bytes(32)}, "k1"), ResultSigner(b"s" * 32), b"f" * 32)
OWNERS = {"ws_p1": "usr_p", "ws_p2": "usr_p", "ws_p3": "usr_p"}  # one person's three workspaces; others own themselves


async def _kept_after(tmp_path: Path, share: float, puts: list[tuple[str, int]]) -> list[int]:
    """The puts (their indexes) a shelf of 1000 bytes keeps after `puts` (workspace, size), in order."""
    settings = Settings(data_dir=tmp_path, cache_max_bytes=1000, cache_account_share=share)
    request = parse_capture({"url": "https://example.com/", "cache": {"ttlS": 600}})
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, _):
        shelf = Shelf(settings, event_log, ResultStore(tmp_path / "shelf"), b"k" * 32, SECRETS,
                      account_of=lambda ws: OWNERS.get(ws, ws))
        for n, (workspace, size) in enumerate(puts):
            await shelf.put(workspace, f"cap_{n:04x}", request, Capture(b"x" * size, "image/png", 200), 600,
                            f"key{n}")
        kept: list[str] = [row["capture_id"] for row in await event_log.query(
            "SELECT capture_id FROM events WHERE type = 'result.shelved' AND capture_id NOT IN "
            "(SELECT capture_id FROM events WHERE type = 'result.unshelved') ORDER BY seq")]
    assert sorted(p.name for p in (tmp_path / "shelf").iterdir()) == sorted(kept)
    return [int(capture_id.removeprefix("cap_"), 16) for capture_id in kept]


async def test_a_full_shelf_evicts_from_the_account_holding_the_most(tmp_path: Path) -> None:
    """Least recently used alone would evict b's, the oldest; the heaviest account's oldest goes instead."""
    kept = await _kept_after(tmp_path, 1.0, [("ws_b", 200), ("ws_c", 300), ("ws_d", 400), ("ws_d", 200)])
    assert kept == [0, 1, 3]


async def test_one_persons_workspaces_hold_one_share_of_the_shelf_together(tmp_path: Path) -> None:
    """Half of 1000 bytes for the person's three workspaces together; the newest is never the one evicted."""
    kept = await _kept_after(tmp_path, 0.5, [("ws_b", 300), ("ws_p1", 300), ("ws_p2", 150), ("ws_p3", 150),
                                             ("ws_p3", 600)])
    assert kept == [0, 4]


def _job(workspace: str, n: int) -> Job:
    return Job.created(f"job_{workspace}_{n}", workspace, None, None, "png", dt.datetime(2026, 11, 25), {
        "keyId": "k", "sealed": "", "retainS": 60})


def test_the_job_queue_takes_turns_across_accounts_then_their_workspaces() -> None:
    """The person's three workspaces take one account's turns; the others' workspaces a turn each."""
    queue = FairQueue(lambda ws: OWNERS.get(ws, ws))
    for workspace in ("ws_p1", "ws_p2", "ws_p3"):
        for n in range(3):
            queue.push(_job(workspace, n))
    queue.push(_job("ws_b", 0))
    queue.push(_job("ws_c", 0))
    order = [job.id for job in iter(queue.pop, None)]
    assert order[:6] == ["job_ws_p1_0", "job_ws_b_0", "job_ws_c_0", "job_ws_p2_0", "job_ws_p3_0", "job_ws_p1_1"]
    assert len(order) == 11
    assert len(queue) == 0


def test_a_removed_or_requeued_job_keeps_the_lanes_right() -> None:
    queue = FairQueue(lambda ws: OWNERS.get(ws, ws))
    first, second = _job("ws_p1", 0), _job("ws_p2", 0)
    queue.push(first)
    queue.push(second)
    assert queue.remove(first)
    assert not queue.remove(first)
    assert dict(queue.by_workspace()) == {"ws_p2": 1}
    queue.push_front(first)
    assert first in queue
    assert queue.waiting("ws_p1") == 1
    assert [queue.pop(), queue.pop(), queue.pop()] == [second, first, None]


def test_one_persons_workspaces_hold_one_share_of_the_job_queue_together() -> None:
    """A share of 2 (a quarter of 8): the person's second workspace takes the last place of their share."""
    book = JobBook(Settings(job_queue_limit=8, workspace_job_share=0.25), cast(EventLog, None), SECRETS,
                   account_of=lambda ws: OWNERS.get(ws, ws))
    book.enqueue([_job("ws_p1", 0)])
    book.hold_places("ws_p2", 1)
    with pytest.raises(CapacityExhausted, match="account that owns this workspace has 2 jobs queued"):
        book.hold_places("ws_p3", 1)
    book.hold_places("ws_b", 2)  # another tenant: a share of its own
    book.free_places("ws_p2", 1)
    book.hold_places("ws_p3", 1)
