"""The jobs in memory, shared by the parts of the jobs actor, and the one way a job changes.

A job changes only through `record`, which commits the event first and applies
it after. Acceptance (actors/jobs/intake.py), the workers (actors/jobs/workers.py)
and the actor itself (actors/jobs/actor.py) all keep their jobs here: the table, the
fair queue, the places held by submits still committing, the jobs a worker holds.
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import heapq
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import trio

from actors.storage import STUCK_S, EventLog
from engine.operations.settings import Settings
from engine.records.analytics import capture_event
from engine.records.at_rest import sealed_job_data
from engine.records.fair_queue import FairQueue
from engine.records.jobs import Job, forgettable, workspace_share
from engine.records.schema import Event
from engine.records.sealing import Keyring, SealError
from engine.records.signing import ResultSigner
from engine.rules.errors import CapacityExhausted, JobNotFound
from engine.rules.period import utcnow
from engine.rules.request import CaptureRequest


@dataclass
class JobSecrets:
    """What jobs are sealed, signed and fingerprinted with."""

    keyring: Keyring  # seals each payload; replaced on a rotation (Jobs.use_keyring)
    signer: ResultSigner  # signs result URLs
    fingerprint_key: bytes  # keys the fingerprint of an idempotent request's body

    def seal(self, plain: bytes, job_id: str, workspace_id: str) -> str:
        """`plain` sealed to one job of one workspace, as base64 for the job.created event."""
        return base64.b64encode(self.keyring.seal(plain, job_id, workspace_id)).decode()

    def open(self, sealed: bytes, job: Job) -> bytes:
        """The plain payload; SealError if it is not this job's or its key is gone."""
        return self.keyring.open(sealed, job.id, job.workspace_id)

    def whole_url(self, job: Job, sealed: str) -> str | None:
        """The job's whole URL from its sealed copy; the clear part the log kept if its key is gone."""
        try:
            return self.open(base64.b64decode(sealed), job).decode()
        except SealError:
            return job.url


class Announcer(Protocol):
    """Who hears of a job's events (the webhook actor), in the commit of the event itself."""

    def announce(self, job: Job, kind: str, ts: dt.datetime, data: dict[str, Any]) -> list[Event]:
        """Events to commit beside this job event; no await."""

    def announced(self, events: list[Event]) -> None:
        """The events `announce` gave are on disk."""


class JobBook:
    def __init__(self, settings: Settings, event_log: EventLog, secrets: JobSecrets,
                 announcer: Announcer | None = None, account_of: Callable[[str], str] = str) -> None:
        """`account_of`: a workspace's owning account (Memberships.account_of), whose workspaces
        share one place in the queue's turns and one share of it; by default each workspace is its own."""
        self.settings = settings
        self.event_log = event_log
        self.secrets = secrets  # seals what of an event's data the log keeps only sealed
        self.announcer = announcer
        self.account_of = account_of
        self.jobs: dict[str, Job] = {}
        # Set once the jobs a start loads after it serves (the finished ones, Jobs.run) are in `jobs`: until
        # then a job not found may be one of them.
        self.complete = trio.Event()
        self._queue = FairQueue(account_of)
        self._idle = trio.lowlevel.ParkingLot()  # idle workers
        self._claimed: dict[str, trio.CancelScope] = {}  # jobs a worker holds, by id
        self._cancelling: set[str] = set()  # jobs whose job.cancel_requested is being committed
        self._finished: dict[str, trio.Event] = {}  # set when the job finishes, for whoever waits on it
        self._held = Counter[str]()  # queue places of accepted jobs whose job.created is being committed

    # ------------------------------------------------------------ reading

    def job(self, workspace_id: str, job_id: str) -> Job:
        """The job if it is known now: right after a start, a finished one may not be yet (`find` waits)."""
        job = self.jobs.get(job_id)
        if job is None or job.workspace_id != workspace_id:
            raise JobNotFound(job_id)
        return job

    async def find(self, workspace_id: str, job_id: str) -> Job:
        """The job, or JobNotFound once every job the log keeps is known (a few seconds after a start)."""
        if job_id not in self.jobs:
            await self.complete.wait()
        return self.job(workspace_id, job_id)

    async def recent(self, workspace_id: str, limit: int) -> list[Job]:
        """The workspace's newest jobs, newest first (the dashboard's jobs page)."""
        await self.complete.wait()
        mine = (job for job in self.jobs.values() if job.workspace_id == workspace_id)
        return heapq.nlargest(limit, mine, key=lambda job: (job.created_at, job.index))

    def loaded(self, finished: dict[str, Job]) -> None:
        """The finished jobs a start loads after it serves, beside those known since (none of them changed
        meanwhile: a finished job changes only by the retention sweep, which waits for them)."""
        for job_id, job in finished.items():
            self.jobs.setdefault(job_id, job)
        self.forget_history()
        self.complete.set()

    async def wait_finished(self, workspace_id: str, job_id: str) -> Job:
        """The job once it has finished (SUCCEEDED, FAILED, CANCELLED); the caller sets the deadline."""
        job = await self.find(workspace_id, job_id)
        if not job.finished:
            await self._finished.setdefault(job.id, trio.Event()).wait()
        return job

    # ------------------------------------------------------------ the queue

    def hold_places(self, workspace_id: str, count: int) -> None:
        """Hold `count` places in the queue, or raise CapacityExhausted; counts places held by other submits.

        The check and the hold happen with no await in between, so parallel submits cannot overshoot.
        """
        queued = len(self._queue) + self._held.total()
        if queued + count > self.settings.job_queue_limit:
            raise CapacityExhausted(f"{queued} jobs are queued; the limit is {self.settings.job_queue_limit}",
                                    retry_after=30)
        share = workspace_share(self.settings.job_queue_limit, self.settings.workspace_job_share)
        mine = self._queue.waiting(workspace_id) + self._held[workspace_id]
        if mine + count > share:
            raise CapacityExhausted(f"this workspace has {mine} jobs queued; its share of the queue is {share}",
                                    retry_after=30)
        account = self.account_of(workspace_id)
        theirs = sum(n for ws, n in [*self._queue.by_workspace(), *self._held.items()]
                     if self.account_of(ws) == account)
        if theirs + count > share:
            raise CapacityExhausted(f"the account that owns this workspace has {theirs} jobs queued in its "
                                    f"workspaces; one account's share of the queue is {share}", retry_after=30)
        self._held[workspace_id] += count

    def free_places(self, workspace_id: str, count: int) -> None:
        self._held[workspace_id] -= count
        if not self._held[workspace_id]:
            del self._held[workspace_id]

    def enqueue(self, jobs: list[Job]) -> None:
        """Newly accepted jobs, into the table and the queue, and a worker woken for them."""
        for job in jobs:
            self.jobs[job.id] = job
            self._queue.push(job)
        self._idle.unpark_all()

    def queue_rebuilt(self, job: Job) -> None:
        """A job the event log says is QUEUED, at start (in creation order; the workers start after)."""
        self._queue.push(job)

    def queued_count(self) -> int:
        return len(self._queue)

    def is_queued(self, job: Job) -> bool:
        return job in self._queue

    def put_front(self, job: Job, *, wake: bool = False) -> None:
        """Back at the head of the queue, not recorded (it never left QUEUED, or its requeue is recorded); `wake`
        idle workers for it."""
        self._queue.push_front(job)
        if wake:
            self._idle.unpark_all()

    async def wait_for_work(self) -> None:
        """Until the queue holds a job (another worker may take it first: `take` then gives None)."""
        while not self._queue:
            await self._idle.park()

    def take(self) -> Job | None:
        """The next job in fair order, for a worker that holds a session: chosen at the fairest moment."""
        return self._queue.pop()

    def unqueue(self, job: Job) -> bool:
        """Out of the queue if no worker holds it and it waits there (a cancellation in the queue)."""
        return job.id not in self._claimed and self._queue.remove(job)

    # ------------------------------------------------------------ a worker's hold and a cancellation

    def claim(self, job: Job) -> trio.CancelScope:
        """A worker holds `job` now: the scope a cancellation cancels."""
        scope = self._claimed[job.id] = trio.CancelScope()
        return scope

    def release(self, job: Job) -> None:
        self._claimed.pop(job.id, None)

    def stop_claimed(self, job: Job) -> None:
        """Cancel the attempt a worker runs for `job`, if one does."""
        if (scope := self._claimed.get(job.id)) is not None:
            scope.cancel()

    @contextlib.contextmanager
    def cancelling(self, job: Job) -> Iterator[None]:
        """While job.cancel_requested is being committed: the job, back in the queue and taken meanwhile, must
        not start."""
        self._cancelling.add(job.id)
        try:
            yield
        finally:
            self._cancelling.discard(job.id)

    def cancel_pending(self, job: Job) -> bool:
        return job.cancel_requested or job.id in self._cancelling

    def forget_history(self) -> None:
        """Drop jobs long over from memory (GET answers 404 for them); the event log keeps them."""
        for job in forgettable(self.jobs.values(), utcnow(), self.settings.job_history_s):
            del self.jobs[job.id]

    # ------------------------------------------------------------ events

    async def record(self, job: Job, kind: str, data: dict[str, Any] | None = None, *also: Event,
                     **columns: Any) -> None:
        """Commit one job event (with `also`, in the same transaction), then apply it.

        Shielded: a cancellation (shutdown, a client gone) must not part a committed event from
        its job. The event log answers every append, even when it stops; a stuck DuckDB does
        not, so past STUCK_S this raises TooSlowError and the job in memory stays as it was
        (the next start rebuilds it from whatever the log holds).
        """
        ts, data = utcnow(), data or {}
        # the log keeps a URL's userinfo and query, and texts naming one, only sealed (engine.records.at_rest)
        stored = sealed_job_data(self.secrets.keyring, job.id, job.workspace_id, data)
        event = Event(kind, workspace_id=job.workspace_id, key_id=job.key_id, capture_id=job.id,
                      request_id=job.request_id, format=job.format, data=stored, ts=ts, **columns)
        announced = self.announcer.announce(job, kind, ts, data) if self.announcer else []
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(event, *also, *announced)
            job.apply(kind, ts, data)
        if announced and self.announcer:
            self.announcer.announced(announced)
        if job.finished and (finished := self._finished.pop(job.id, None)) is not None:
            finished.set()

    def capture_event(self, job: Job, request: CaptureRequest | None, started: float, kind: str,
                      **values: Any) -> Event:
        """The analytics event of one attempt of the job, beside its job event."""
        return capture_event(kind, job.workspace_id, job.key_id, job.request_id, job.id, request,
                             int((trio.current_time() - started) * 1000),
                             data={"job": True, **values.pop("data", {})}, **values)
