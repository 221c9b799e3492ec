"""Durable jobs: the actor's face, its life (rebuild, run, drain), reading, results and their retention.

Its parts share one table of jobs (actors/jobs/book.py, where a job changes by
committing an event, then applying it): acceptance (actors/jobs/intake.py)
and the workers with cancellation (actors/jobs/workers.py). On start the
projection is rebuilt from the event log: a job that was RUNNING when the
process died is queued again (that start counted), and its quota
reservation is held again.

HTTP tasks call `submit` and `cancel`: every check of the queue and the
change it allows happen with no await in between (places a commit has yet
to fill are held, `JobBook.hold_places`), as the ledger does for quota.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson
import trio

from actors.accounts import Principal, QuotaLedger
from actors.browser import BrowserPool
from actors.capture import Attempts, Captures, ResultStore
from actors.jobs.book import Announcer, JobBook, JobSecrets
from actors.jobs.intake import JobAcceptance
from actors.jobs.workers import JobWorkers
from actors.storage import EventLog
from engine.operations.settings import Settings
from engine.records import replies
from engine.records.at_rest import opened_job_data
from engine.records.idempotency import REMEMBER_S
from engine.records.jobs import FIRST_JOB_EVENTS, LATER_JOB_EVENTS, QUEUED, RUNNING, SUCCEEDED, Accepted, Job
from engine.records.sealing import Keyring
from engine.records.signing import result_url_expires
from engine.rules.errors import JobNotFound, ResultUrlExpired
from engine.rules.period import rfc3339, utcnow
from engine.rules.request import Body

log = logging.getLogger("capture.jobs")


@dataclass(frozen=True)
class JobStatistics:
    queued: int  # waiting for a worker
    by_status: dict[str, int]  # jobs the service still knows (history is forgotten after job_history_s)


class Jobs:
    def __init__(self, settings: Settings, event_log: EventLog, ledger: QuotaLedger, pool: BrowserPool,
                 captures: Captures, attempts: Attempts, store: ResultStore, secrets: JobSecrets,
                 announcer: Announcer | None = None, *, account_of: Callable[[str], str] = str,
                 serving: trio.Event | None = None) -> None:
        """`account_of`: a workspace's owning account (Memberships.account_of), for fair turns and shares;
        `serving`: set once the service serves, when the finished jobs load (by default at once)."""
        self.settings = settings
        self.event_log = event_log
        self.ledger = ledger
        self._store = store
        self.secrets = secrets
        self.book = JobBook(settings, event_log, secrets, announcer, account_of)
        self.acceptance = JobAcceptance(settings, self.book, captures, attempts, ledger, secrets)
        self.workers = JobWorkers(settings, self.book, pool, captures, ledger, store, secrets)
        self._built = False
        if serving is None:
            serving = trio.Event()
            serving.set()
        self._serving = serving

    # ------------------------------------------------------------ life

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Rebuild the projection (once), queue interrupted jobs again, then work until cancelled; the finished
        jobs load once the service serves (`JobBook.find` waits for them)."""
        started, cutoffs = time.time(), self._cutoffs()  # one split of the log: the two parts hold each job once
        if not self._built:
            await self._rebuild(cutoffs)
            self._built = True
        for job in [j for j in self.book.jobs.values() if j.status == RUNNING]:
            await self.workers.requeue(job, "restart")  # the process (or this actor) died while it ran
        async with trio.open_nursery() as nursery:
            if not self.book.complete.is_set():
                nursery.start_soon(self._load_finished, started, cutoffs)
            nursery.start_soon(self._sweep_forever)
            await nursery.start(self.workers.run)
            task_status.started()

    @property
    def queued(self) -> int:
        return self.book.queued_count()

    def statistics(self) -> JobStatistics:
        return JobStatistics(self.book.queued_count(), dict(Counter(job.status for job in self.book.jobs.values())))

    async def drain(self) -> None:
        """Stop the workers for an orderly shutdown; their jobs go back to the queue, attempts given back."""
        await self.workers.drain()

    def _cutoffs(self) -> list[dt.datetime]:
        """FIRST_JOB_EVENTS' and LATER_JOB_EVENTS' parameters: the history's cutoff, the idempotency keys'."""
        now = utcnow()
        return [now - dt.timedelta(seconds=self.settings.job_history_s), now - dt.timedelta(seconds=REMEMBER_S)]

    def _replayed(self, rows: list[tuple[Any, ...]]) -> dict[str, Job]:
        """The jobs of these events (in the log's order), as their events left them; no await, no shared
        state (it runs in a thread for the finished jobs)."""
        jobs: dict[str, Job] = {}
        for ts, kind, workspace_id, key_id, job_id, request_id, fmt, raw in rows:  # the queries' columns
            data = orjson.loads(raw) if raw else {}
            if kind == "job.created":
                job = Job.created(job_id, workspace_id, key_id, request_id, fmt, ts, data)
                if "sealedUrl" in data:
                    job.url = self.secrets.whole_url(job, data["sealedUrl"])
                jobs[job.id] = job
            elif (known := jobs.get(job_id)) is not None:
                known.apply(kind, ts, opened_job_data(self.secrets.keyring, known.id, known.workspace_id, data))
        return jobs

    async def _rebuild(self, cutoffs: list[dt.datetime]) -> None:
        """The jobs a start needs before it serves: unfinished ones (queued again, their quota held) and those
        an idempotency key may name."""
        book = self.book
        book.jobs.update(self._replayed(await self.event_log.rows(FIRST_JOB_EVENTS, cutoffs)))
        book.forget_history()
        now = time.time()
        for job in book.jobs.values():  # in creation order
            if not job.finished:
                self.ledger.hold(job.workspace_id, job.id)
            if job.status == QUEUED:
                book.queue_rebuilt(job)
            if job.idempotency_key is None or job.fingerprint is None:
                continue
            age = now - job.created_at.replace(tzinfo=dt.UTC).timestamp()
            if age < REMEMBER_S:
                self.acceptance.idempotency.rebuilt((job.workspace_id, job.idempotency_key), job.fingerprint,
                                                    now - age, job)
        log.info("jobs rebuilt: %d unfinished or recent, %d queued", len(book.jobs), book.queued_count())

    async def _load_finished(self, started: float, cutoffs: list[dt.datetime]) -> None:
        """Once the service serves: the finished jobs, read and replayed on a thread of their own at a low
        priority (Database.on_own_cursor), then the result files of jobs that never succeeded removed (a job
        known since is kept as it is: JobBook.loaded)."""
        await self._serving.wait()
        began = trio.current_time()

        def replayed(cursor: Any) -> dict[str, Job]:
            return self._replayed(cursor.execute(LATER_JOB_EVENTS, cutoffs).fetchall())

        finished = await self.event_log.aside(replayed)
        self.book.loaded(finished)
        removed = await self._store.keep_only((j.id for j in self.book.jobs.values() if j.status == SUCCEEDED),
                                              written_before=started)  # results written since are new jobs'
        if removed:
            log.info("removed %d result files of jobs that never succeeded", len(removed))
        log.info("finished jobs loaded: %d in %.2f s, %d known", len(finished), trio.current_time() - began,
                 len(self.book.jobs))

    def use_keyring(self, keyring: Keyring) -> None:
        """Seal new jobs with `keyring`'s current key (after a rotation); it still opens the older ones."""
        self.secrets.keyring = keyring

    # ------------------------------------------------------------ what HTTP asks for

    async def submit(self, principal: Principal, body: Body, *, request_id: str, route: str,
                     idempotency_key: str | None, batch: bool, base_url: str) -> Accepted:
        """Accept the captures of `body` as jobs, durably, or raise the error that says why not (recorded)."""
        return await self.acceptance.submit(principal, body, request_id=request_id, route=route,
                                            idempotency_key=idempotency_key, batch=batch, base_url=base_url)

    async def cancel(self, workspace_id: str, job_id: str) -> Job:
        """QUEUED: cancelled at once. RUNNING: cancel requested, the worker stops it. Finished: 409."""
        return await self.workers.cancel(workspace_id, job_id)

    def job(self, workspace_id: str, job_id: str) -> Job:
        """The job if it is known now (a finished one may not be yet, right after a start: `find` waits)."""
        return self.book.job(workspace_id, job_id)

    async def find(self, workspace_id: str, job_id: str) -> Job:
        """The job, or JobNotFound once every job the log keeps is known."""
        return await self.book.find(workspace_id, job_id)

    async def recent(self, workspace_id: str, limit: int) -> list[Job]:
        """The workspace's newest jobs, newest first (the dashboard's jobs page)."""
        return await self.book.recent(workspace_id, limit)

    async def wait_finished(self, workspace_id: str, job_id: str) -> Job:
        """The job once it has finished (SUCCEEDED, FAILED, CANCELLED); the caller sets the deadline."""
        return await self.book.wait_finished(workspace_id, job_id)

    def view(self, job: Job, base_url: str) -> replies.Job:
        """The job as GET shows it: a succeeded job gets a fresh signed URL, never past retention."""
        body = replies.job_view(job, base_url)
        if job.status != SUCCEEDED or job.retained_until is None:
            return body
        now = int(time.time())
        kept_until = int(job.retained_until.replace(tzinfo=dt.UTC).timestamp())
        expires = result_url_expires(now, self.settings.result_url_ttl_s, kept_until)
        if expires <= now:
            return body  # retention over; the sweeper has yet to come by
        return body.model_copy(update={
            "result_url": self.secrets.signer.url(base_url, job.id, job.workspace_id, expires),
            "result_expires_at": rfc3339(dt.datetime.fromtimestamp(expires, dt.UTC)),
            "content_type": job.content_type, "bytes": job.bytes})

    async def signed_result(self, job_id: str, expires: str | None, sig: str | None) -> Job:
        """The job behind a signed result URL (no API key), if the URL holds and its result is still kept."""
        if job_id not in self.book.jobs:
            await self.book.complete.wait()
        job = self.book.jobs.get(job_id)
        if job is None:
            raise JobNotFound(job_id)
        self.secrets.signer.check(job.id, job.workspace_id, expires, sig, time.time())
        if job.status != SUCCEEDED or job.retained_until is None or job.retained_until <= utcnow():
            raise ResultUrlExpired(f"the result of {job.id} is no longer kept")
        return job

    async def result(self, job: Job) -> bytes:
        """The result file of a job `signed_result` vouched for."""
        body = await self._store.read(job.id)
        if body is None:
            raise ResultUrlExpired(f"the result of {job.id} is no longer kept")
        return body

    # ------------------------------------------------------------ retention

    async def _sweep_forever(self) -> None:
        while True:
            await trio.sleep(self.settings.retention_sweep_s)
            await self.sweep()

    async def sweep(self) -> int:
        """Delete results past retention and mark their jobs EXPIRED; forget old idempotency keys."""
        await self.book.complete.wait()  # the finished jobs, loaded after a start
        now = utcnow()
        due = [j for j in self.book.jobs.values()
               if j.status == SUCCEEDED and j.retained_until is not None and j.retained_until <= now]
        for job in due:
            await self._store.delete(job.id)
            await self.book.record(job, "job.expired", {"bytes": job.bytes, "sweep": "retention"})
        self.acceptance.idempotency.forget_before(time.time() - REMEMBER_S)
        self.book.forget_history()
        if due:
            log.info("retention sweep: %d results deleted", len(due))
        return len(due)
