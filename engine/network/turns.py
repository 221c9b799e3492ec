"""Whose name lookup goes next: turns per capture, per owning account and for the whole service.

A page naming hundreds of hosts whose DNS never answers waits on its own capture's turns; an account's
workspaces share one account's turns (a person with many workspaces holds no more); and past the service's
own bound the accounts' waiting lookups are let in one account at a time, so one account's crowd never
queues ahead of another account's single lookup (issue 52: six workspaces held 48 lookups in flight).
A waiter holds nothing but its place in line; a cancelled one leaves at once.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import trio


@dataclass(frozen=True)
class Tenant:
    """On whose behalf a lookup is made: a workspace, and the capture within it when there is one."""

    workspace_id: str | None
    capture_id: str | None = None


class _Turns:
    """At most `size` holders per key at once; later ones wait in order. A key's state goes when idle."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._keys: dict[str, tuple[trio.Semaphore, int]] = {}

    def __len__(self) -> int:
        """Keys with a lookup in flight or waiting."""
        return len(self._keys)

    def in_flight(self, key: str) -> int:
        if key not in self._keys:
            return 0
        semaphore, _ = self._keys[key]
        return self.size - semaphore.value

    @asynccontextmanager
    async def hold(self, key: str | None) -> AsyncIterator[None]:
        if key is None:
            yield
            return
        semaphore, users = self._keys.get(key, (trio.Semaphore(self.size), 0))
        self._keys[key] = (semaphore, users + 1)
        try:
            async with semaphore:
                yield
        finally:
            semaphore, users = self._keys[key]
            if users == 1:
                del self._keys[key]
            else:
                self._keys[key] = (semaphore, users - 1)


class _FairGate:
    """At most `size` holders in all; when full, the waiting are let in by key in turn (round robin), so a key
    with many waiting goes no faster than one with a single lookup."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.in_flight = 0
        self._waiting: OrderedDict[str, deque[trio.Event]] = OrderedDict()

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        if self.in_flight < self.size and not self._waiting:
            self.in_flight += 1
        else:
            let_in = trio.Event()
            self._waiting.setdefault(key, deque()).append(let_in)
            try:
                await let_in.wait()  # set by _release, which counted this holder in
            except BaseException:
                if let_in.is_set():
                    self._release()
                else:
                    queue = self._waiting[key]
                    queue.remove(let_in)
                    if not queue:
                        del self._waiting[key]
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        self.in_flight -= 1
        if self._waiting:
            key, queue = next(iter(self._waiting.items()))
            let_in = queue.popleft()
            if queue:
                self._waiting.move_to_end(key)  # its next waiter after every other key's first
            else:
                del self._waiting[key]
            self.in_flight += 1
            let_in.set()


class LookupTurns:
    """How many lookups one capture, one owning account and the whole service may have in flight: a page naming
    hundreds of hosts waits on its own turns, an account's workspaces share one account's turns (more
    workspaces hold no more), and past the service's own bound the accounts take turns, so another account's
    lookups never queue behind one account's crowd."""

    def __init__(self, per_capture: int, per_account: int, in_all: int = 32) -> None:
        self.captures = _Turns(per_capture)
        self.accounts = _Turns(per_account)
        self.everyone = _FairGate(in_all)
        self._account_of: Callable[[str], str] = lambda workspace_id: workspace_id

    def count_by(self, account_of: Callable[[str], str]) -> None:
        """Take a workspace's turns from its owning account's (memberships know it; until then, its own)."""
        self._account_of = account_of

    @asynccontextmanager
    async def hold(self, tenant: Tenant | None) -> AsyncIterator[None]:
        account = self._account_of(tenant.workspace_id) if tenant is not None and tenant.workspace_id else None
        # The capture's turn first, so a capture waiting on itself holds none of its account's, and the
        # account's before the service's, so an account waiting on itself holds none of everyone's.
        # The service's own lookups (webhooks, tenant None) are bounded by their own concurrency and deadline,
        # and take their turn at the service's bound like an account.
        async with self.captures.hold(tenant.capture_id if tenant else None), self.accounts.hold(account), \
                self.everyone.hold(account or "(the service)"):
            yield
