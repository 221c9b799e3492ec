"""Fair shares: what one workspace, one owning account and one client address may hold of what all share.

A person signs up with a personal workspace and may start `max_teams_per_user` teams, each with its own
limits, and a free plan costs nothing to sign up for again. A share held per workspace alone is multiplied
by making more of them, so a place in the synchronous capture queue counts against each of its holders:
its workspace, its owning account (the user who owns the workspace; an operator's workspace owns itself),
and, for the plans named in `address_share_plans`, the client's address (an IPv6 /64). It is refused when
any holder has its share. The job queue counts per workspace and per account the same way
(actors/jobs/book.py), and the cache's bytes per account (`heaviest`, used by actors/capture/shelf.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from engine.rules.errors import CapacityExhausted

WORKSPACE, ACCOUNT, ADDRESS, LINKS = "workspace", "account", "address", "links"
_WHO = {
    WORKSPACE: ("this workspace has {held} captures waiting or rendering", "its share is {share}"),
    ACCOUNT: ("the account that owns this workspace has {held} captures waiting or rendering in its workspaces",
              "one account's share is {share}, however many workspaces it owns"),
    ADDRESS: ("your address has {held} captures waiting or rendering",
              "on free plans one address's share is {share}, however many workspaces it calls for"),
    LINKS: ("the account that signed this link has {held} render links waiting or rendering",
            "links have a share of their own, {share}, apart from the account's API captures"),
}


@dataclass(frozen=True)
class Holder:
    """One of those a place counts against: a kind (WORKSPACE, ACCOUNT, ADDRESS) and its id."""

    kind: str
    id: str


class SharedPlaces:
    """Places (captures waiting or rendering) held, by holder; at most `share` each."""

    def __init__(self, share: int) -> None:
        self.share = share
        self._held: Counter[Holder] = Counter()

    def held(self, holder: Holder) -> int:
        return self._held[holder]

    @contextmanager
    def take(self, holders: Iterable[Holder]) -> Iterator[None]:
        """One place for the block, counted against every holder; CapacityExhausted (nothing taken) if one has
        its share. The check and the count happen with no await in between."""
        holders = list(dict.fromkeys(holders))
        for holder in holders:
            if self._held[holder] >= self.share:
                held, share = _WHO[holder.kind]
                raise CapacityExhausted(f"{held}; {share}".format(held=self._held[holder], share=self.share),
                                        retry_after=5)
        self._held.update(holders)
        try:
            yield
        finally:
            self._held.subtract(holders)
            for holder in holders:
                if not self._held[holder]:
                    del self._held[holder]


def heaviest(sizes: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    """Holders' summed sizes, the largest first: whose entries a full cache evicts first."""
    total: Counter[str] = Counter()
    for holder, size in sizes:
        total[holder] += size
    return total.most_common()
