"""The queue durable jobs wait in: turns taken across owning accounts, then across each one's workspaces.

One person may own a personal workspace and many teams; with a turn per workspace, spreading jobs over
twenty of them would take twenty turns to another tenant's one. So the turns go round the owning accounts
(engine.rules.shares: a workspace's owner, or an operator's workspace itself), and within an account round its
workspaces, each a FIFO.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterator

from engine.records.jobs import Job


class FairQueue:
    """Queued jobs, one FIFO per workspace, served round-robin across accounts, then across their workspaces.

    An account with 10,000 queued jobs gets one turn like an account with 1, however many workspaces hold them.
    A workspace keeps the account it had when its lane opened until the lane empties (a transfer of
    ownership counts from then on).
    """

    def __init__(self, account_of: Callable[[str], str] = str) -> None:
        """`account_of`: a workspace's owning account (Memberships.account_of); by default itself."""
        self.account_of = account_of
        self._accounts: OrderedDict[str, OrderedDict[str, deque[Job]]] = OrderedDict()
        self._account_of_lane: dict[str, str] = {}
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def waiting(self, workspace_id: str) -> int:
        """Jobs of this workspace in the queue."""
        return len(self._lane(workspace_id) or ())

    def by_workspace(self) -> Iterator[tuple[str, int]]:
        """Each workspace with jobs in the queue, and how many."""
        for lanes in self._accounts.values():
            for workspace_id, lane in lanes.items():
                yield workspace_id, len(lane)

    def push(self, job: Job) -> None:
        self._open_lane(job.workspace_id).append(job)
        self._size += 1

    def push_front(self, job: Job) -> None:
        """A job that goes back to the queue (its renderer died) is the next of its workspace."""
        self._open_lane(job.workspace_id).appendleft(job)
        self._size += 1

    def pop(self) -> Job | None:
        """The next job: the head of the next workspace of the account whose turn it is; both go last."""
        if not self._accounts:
            return None
        account, lanes = self._accounts.popitem(last=False)
        workspace_id, lane = lanes.popitem(last=False)
        job = lane.popleft()
        if lane:
            lanes[workspace_id] = lane
        else:
            del self._account_of_lane[workspace_id]
        if lanes:
            self._accounts[account] = lanes
        self._size -= 1
        return job

    def __contains__(self, job: Job) -> bool:
        lane = self._lane(job.workspace_id)
        return lane is not None and job in lane

    def remove(self, job: Job) -> bool:
        lane = self._lane(job.workspace_id)
        if lane is None or job not in lane:
            return False
        lane.remove(job)
        self._size -= 1
        if not lane:
            account = self._account_of_lane.pop(job.workspace_id)
            del self._accounts[account][job.workspace_id]
            if not self._accounts[account]:
                del self._accounts[account]
        return True

    def _lane(self, workspace_id: str) -> deque[Job] | None:
        account = self._account_of_lane.get(workspace_id)
        return self._accounts[account][workspace_id] if account is not None else None

    def _open_lane(self, workspace_id: str) -> deque[Job]:
        lane = self._lane(workspace_id)
        if lane is None:
            account = self._account_of_lane[workspace_id] = self.account_of(workspace_id)
            lane = self._accounts.setdefault(account, OrderedDict())[workspace_id] = deque()
        return lane
