"""Whose webhook call goes next: due messages wait per workspace and take delivery slots in turn.

A workspace with thousands of due messages, or with receivers that hold every
call until the timeout, takes at most `per_workspace` of the `total` slots, and
a freed slot goes to the next workspace in the round that has a message
waiting and room under its own bound, so one workspace's backlog never queues
ahead of another's single message. Sync and plain: the delivery actor owns one
and calls it from its own tasks only. Within its slots, a workspace's calls to
one receiver address are bounded again (`AddressBounds`).
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass


@dataclass(frozen=True)
class TurnStatistics:
    running: int  # slots taken, all workspaces together
    waiting: int  # due messages without a slot yet


class FairTurns:
    def __init__(self, total: int, per_workspace: int) -> None:
        self.total = total
        self.per_workspace = per_workspace
        self._waiting: dict[str, deque[str]] = {}  # workspace -> its due message ids, oldest first
        self._round: deque[str] = deque()  # the workspaces with a message waiting, next first
        self._running: Counter[str] = Counter()

    def add(self, workspace_id: str, message_id: str, *, first: bool = False) -> None:
        """A due message waits for its workspace's turn; `first`: ahead of the workspace's others (it waited)."""
        if workspace_id not in self._waiting:
            self._waiting[workspace_id] = deque()
            self._round.append(workspace_id)
        if first:
            self._waiting[workspace_id].appendleft(message_id)
        else:
            self._waiting[workspace_id].append(message_id)

    def next_nowait(self) -> tuple[str, str] | None:
        """(workspace, message) that takes a slot now, or None: every slot taken, or nobody with room waits."""
        if self._running.total() >= self.total:
            return None
        for _ in range(len(self._round)):
            workspace_id = self._round[0]
            self._round.rotate(-1)  # whether it goes now or not, the others come first next time
            if self._running[workspace_id] < self.per_workspace:
                return workspace_id, self._take(workspace_id)
        return None

    def _take(self, workspace_id: str) -> str:
        waiting = self._waiting[workspace_id]
        message_id = waiting.popleft()
        if not waiting:
            del self._waiting[workspace_id]
            self._round.remove(workspace_id)
        self._running[workspace_id] += 1
        return message_id

    def done(self, workspace_id: str) -> None:
        """A slot `next_nowait` handed out is free again."""
        self._running[workspace_id] -= 1
        if self._running[workspace_id] <= 0:
            del self._running[workspace_id]

    def statistics(self) -> TurnStatistics:
        return TurnStatistics(running=self._running.total(), waiting=sum(map(len, self._waiting.values())))


class AddressBounds:
    """The calls one workspace may have open to one receiver address at once, and the messages parked for it.

    Keyed by the address the egress policy judged, not by the name: many names of one host share one bound.
    Per workspace as well, so that another workspace's calls to a shared address (a CDN, a hosted
    receiver) never wait behind these. A message that finds its address full is parked here and gives its
    delivery slot back, so one slow address never holds the slots of the workspace's other receivers;
    each call that ends hands its place to one parked message (`give_back`).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[tuple[str, str]] = Counter()
        self._parked: dict[tuple[str, str], deque[str]] = {}

    def take_nowait(self, workspace_id: str, address: str) -> bool:
        """A place for one call, if the address has room for this workspace."""
        if self._open[workspace_id, address] >= self.limit:
            return False
        self._open[workspace_id, address] += 1
        return True

    def park(self, workspace_id: str, address: str, message_id: str) -> None:
        self._parked.setdefault((workspace_id, address), deque()).append(message_id)

    def give_back(self, workspace_id: str, address: str) -> str | None:
        """The place of a call that ended; the parked message (if any) that should try again now."""
        key = (workspace_id, address)
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]
        parked = self._parked.get(key)
        if not parked:
            return None
        woken = parked.popleft()
        if not parked:
            del self._parked[key]
        return woken

    def parked(self) -> int:
        return sum(map(len, self._parked.values()))
