"""Durable jobs: acceptance, the fair scheduler, cancellation, results and their retention.

Acceptance validates every capture of a request, reserves quota for all of
them, seals each payload and appends the `job.created` events in one commit;
only then is the job in memory, queued, and answered with 202. Idempotency
keys are remembered per workspace for 24 hours, also across restarts (they
are part of the job.created events).

Workers (one per browser session) take the next job round-robin across
workspaces and ask the pool for a session with low priority, so synchronous
captures go first. A job whose renderer died goes back to the front of its
workspace's queue, up to MAX_ATTEMPTS starts. On start the projection is
rebuilt from the event log: a job that was RUNNING when the process died is
queued again (that start counted), and its quota reservation is held again.

A job changes only through `_record`, which commits the event first and applies
it after. HTTP tasks call `submit` and `cancel`: every check of the queue and
the change it allows happen with no await in between (places a commit has yet
to fill are held, `_hold_places`), as the ledger does for quota.
"""

from __future__ import annotations

import base64
import datetime as dt
import heapq
import logging
import math
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import orjson
import trio

from actors.accounts import Principal
from actors.browser_pool import BrowserPool, Session
from actors.database import STUCK_S
from actors.eventlog import Event, EventLog
from actors.intake import Intake, capture_event
from actors.ledger import QuotaLedger
from actors.results import ResultStore
from engine.errors import (
    CapacityExhausted,
    CaptureError,
    FieldError,
    InvalidRequest,
    JobAlreadyFinished,
    JobNotFound,
    RenderFailed,
    RenderTimeout,
    ResultUrlExpired,
)
from engine.idempotency import REMEMBER_S, IdempotencyKeys
from engine.jobs import (
    CANCELLED,
    MAX_ATTEMPTS,
    QUEUED,
    RUNNING,
    SUCCEEDED,
    Accepted,
    FairQueue,
    Job,
    checked_idempotency_key,
    clear_url,
    fingerprint,
    forgettable,
    parse_batch,
    workspace_share,
)
from engine.keys import new_id
from engine.period import utcnow
from engine.recipes import Capture
from engine.request import Body, CaptureRequest, parse_capture
from engine.sealing import Keyring, SealError
from engine.settings import Settings
from engine.signing import ResultSigner

log = logging.getLogger("capture.jobs")
STOP_S = 5.0


class _Cancelled:
    """The outcome of an attempt stopped by DELETE."""


@dataclass(frozen=True)
class _Attempt:
    outcome: Capture | CaptureError | _Cancelled
    request: CaptureRequest | None
    started: float


class Jobs:
    def __init__(self, settings: Settings, event_log: EventLog, ledger: QuotaLedger, pool: BrowserPool,
                 intake: Intake, keyring: Keyring, signer: ResultSigner, store: ResultStore,
                 fingerprint_key: bytes) -> None:
        self.settings = settings
        self.event_log = event_log
        self.ledger = ledger
        self.pool = pool
        self.intake = intake
        self.keyring = keyring
        self.signer = signer
        self.store = store
        self._fingerprint_key = fingerprint_key
        self._jobs: dict[str, Job] = {}
        self._queue = FairQueue()
        self._queued = trio.lowlevel.ParkingLot()  # idle workers
        self._claimed: dict[str, trio.CancelScope] = {}  # jobs a worker holds, by id
        self._cancelling: set[str] = set()  # jobs whose job.cancel_requested is being committed
        self._finished: dict[str, trio.Event] = {}  # set when the job finishes, for whoever waits on it
        self._idempotency = IdempotencyKeys()
        self._held = Counter[str]()  # queue places of accepted jobs whose job.created is being committed, by workspace
        self._built = False
        self._workers_scope = trio.CancelScope()
        self._workers_done = trio.Event()

    # ------------------------------------------------------------ life

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Rebuild the projection (once), queue interrupted jobs again, then work until cancelled."""
        if not self._built:
            await self._rebuild()
            self._built = True
        for job in [j for j in self._jobs.values() if j.status == RUNNING]:
            await self._requeue(job, "restart")  # the process (or this actor) died while it ran
        self._workers_scope = trio.CancelScope()
        self._workers_done = trio.Event()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._sweep_forever)
            nursery.start_soon(self._workers)
            task_status.started()

    async def drain(self) -> None:
        """Stop the workers for an orderly shutdown; their jobs go back to the queue, attempts given back."""
        self._workers_scope.cancel()
        with trio.move_on_after(STOP_S):
            await self._workers_done.wait()

    async def _rebuild(self) -> None:
        rows = await self.event_log.query(
            "SELECT ts, type, workspace_id, key_id, capture_id, request_id, format, data FROM events "
            "WHERE type LIKE 'job.%' ORDER BY seq")
        for row in rows:
            data = orjson.loads(row["data"]) if row["data"] else {}
            if row["type"] == "job.created":
                job = Job.created(row["capture_id"], row["workspace_id"], row["key_id"], row["request_id"],
                                  row["format"], row["ts"], data)
                if "sealedUrl" in data:
                    job.url = self._whole_url(job, data["sealedUrl"])
                self._jobs[job.id] = job
            elif (known := self._jobs.get(row["capture_id"])) is not None:
                known.apply(row["type"], row["ts"], data)
        self._forget_history()
        now = time.time()
        for job in self._jobs.values():  # in creation order
            if not job.finished:
                self.ledger.hold(job.workspace_id, job.id)
            if job.status == QUEUED:
                self._queue.push(job)
            age = now - job.created_at.replace(tzinfo=dt.UTC).timestamp()
            if job.idempotency_key is not None and job.fingerprint is not None and age < REMEMBER_S:
                self._idempotency.rebuilt((job.workspace_id, job.idempotency_key), job.fingerprint, now - age, job)
        removed = await self.store.keep_only(j.id for j in self._jobs.values() if j.status == SUCCEEDED)
        if removed:
            log.info("removed %d result files of jobs that never succeeded", len(removed))
        log.info("jobs rebuilt: %d known, %d queued", len(self._jobs), len(self._queue))

    def use_keyring(self, keyring: Keyring) -> None:
        """Seal new jobs with `keyring`'s current key (after a rotation); it still opens the older ones."""
        self.keyring = keyring

    def _whole_url(self, job: Job, sealed: str) -> str | None:
        try:
            return self.keyring.open(base64.b64decode(sealed), job.id, job.workspace_id).decode()
        except SealError:
            return job.url  # its key was removed: the status shows what the log kept in clear

    # ------------------------------------------------------------ acceptance

    async def submit(self, principal: Principal, body: Body, *, request_id: str, route: str,
                     idempotency_key: str | None, batch: bool) -> Accepted:
        """Accept the captures of `body` (one, or a batch's) as jobs, durably, or raise the error that
        says why not (recorded; nothing queued). `idempotency_key` is the header as it came."""
        try:
            idempotency_key = checked_idempotency_key(idempotency_key)
            data = body.json()
            items = parse_batch(data) if batch else [data]
        except CaptureError as exc:
            await self.intake.record_failure(principal, request_id, exc)
            raise
        if idempotency_key is None:
            return await self._accept(principal, items, request_id, None, None, batch)
        key = (principal.workspace.id, idempotency_key)
        digest = fingerprint(self._fingerprint_key, route, data)
        replay = self._idempotency.claim(key, digest, time.time())
        if replay is not None:
            return replay
        try:
            accepted = await self._accept(principal, items, request_id, idempotency_key, digest, batch)
        except BaseException:
            self._idempotency.release(key)  # a refused request may be sent again, fixed, with the same key
            raise
        self._idempotency.settle(key, accepted)
        return accepted

    async def _accept(self, principal: Principal, items: list[Any], request_id: str, idempotency_key: str | None,
                      digest: str | None, batch: bool) -> Accepted:
        requests = await self._validate(principal, items, request_id, batch)
        workspace_id = principal.workspace.id
        ids = [new_id("job") for _ in requests]
        try:
            self._hold_places(workspace_id, len(ids))
            try:
                self.ledger.reserve_all(workspace_id, ids, principal.monthly_limit)
            except CaptureError:
                self._free_places(workspace_id, len(ids))
                raise
        except CaptureError as exc:
            for request in requests:
                await self.intake.record_failure(principal, request_id, exc, request=request)
            raise
        batch_id = new_id("bat") if batch else None
        now = utcnow()
        jobs, events = [], []
        for index, (job_id, item, request) in enumerate(zip(ids, items, requests, strict=True)):
            sealed = self.keyring.seal(orjson.dumps(item), job_id, workspace_id)
            shown = clear_url(request.url) if request.url is not None else None
            data = {
                "keyId": self.keyring.current, "sealed": base64.b64encode(sealed).decode(),
                "url": shown, "index": index, "batchId": batch_id,
                # the whole URL for the job's status, sealed apart so a restart need not open every payload
                "sealedUrl": base64.b64encode(self.keyring.seal(request.url.encode(), job_id, workspace_id)).decode()
                if request.url is not None and shown != request.url else None,
                "retainS": self.settings.retained_result_s if request.retain else self.settings.result_retention_s,
                "idempotencyKey": idempotency_key, "fingerprint": digest,
            }
            data = {k: v for k, v in data.items() if v is not None}
            jobs.append(Job.created(job_id, workspace_id, principal.key.id, request_id, request.format, now, data))
            jobs[-1].url = request.url
            events.append(Event("job.created", workspace_id=workspace_id, key_id=principal.key.id,
                                capture_id=job_id, request_id=request_id, format=request.format, data=data, ts=now))
        try:
            # Once sent, the commit's answer decides, not the client. Past STUCK_S, TooSlowError: the
            # client gets a 500 and the reservation is given back; should DuckDB commit the jobs after
            # all, they run after the next start.
            with trio.fail_after(STUCK_S, shield=True):
                await self.event_log.append(*events)
        except BaseException:
            for job_id in ids:
                self.ledger.release(workspace_id, job_id)
            raise
        finally:
            self._free_places(workspace_id, len(ids))  # from held to queued (below) with no await between
        for job in jobs:
            self._jobs[job.id] = job
            self._queue.push(job)
        self._queued.unpark_all()
        return Accepted(tuple(jobs), batch_id)

    def _hold_places(self, workspace_id: str, count: int) -> None:
        """Hold `count` places in the queue, or raise CapacityExhausted; counts places held by other submits."""
        queued = len(self._queue) + self._held.total()
        if queued + count > self.settings.job_queue_limit:
            raise CapacityExhausted(f"{queued} jobs are queued; the limit is {self.settings.job_queue_limit}",
                                    retry_after=30)
        share = workspace_share(self.settings.job_queue_limit, self.settings.workspace_job_share)
        mine = self._queue.waiting(workspace_id) + self._held[workspace_id]
        if mine + count > share:
            raise CapacityExhausted(f"this workspace has {mine} jobs queued; its share of the queue is {share}",
                                    retry_after=30)
        self._held[workspace_id] += count

    def _free_places(self, workspace_id: str, count: int) -> None:
        self._held[workspace_id] -= count
        if not self._held[workspace_id]:
            del self._held[workspace_id]

    async def _validate(self, principal: Principal, items: list[Any], request_id: str,
                        batch: bool) -> list[CaptureRequest]:
        """Every capture checked; any failure refuses them all, each failing one recorded."""
        requests: list[CaptureRequest] = []
        failures: list[tuple[int, CaptureError, CaptureRequest | None]] = []
        for index, item in enumerate(items):
            prefix = f"captures[{index}]." if batch else ""
            request: CaptureRequest | None = None
            try:
                request = parse_capture(item, prefix=prefix)
                await self.intake.vet(request, principal, job=True)
                requests.append(request)
            except CaptureError as exc:
                failures.append((index, _prefixed(exc, prefix), request))
        for _, error, request in failures:
            await self.intake.record_failure(principal, request_id, error, request=request)
        if len(failures) == 1 and (not batch or failures[0][1].status == 422):
            raise failures[0][1]
        if failures:  # several, or a batch item refused with another status: 422, each item named
            errors = tuple(e for _, error, _ in failures for e in error.errors)
            raise InvalidRequest(f"{len(failures)} of {len(items)} captures are invalid: "
                                 f"{', '.join(f'captures[{i}]' for i, _, _ in failures)}", errors=errors)
        return requests

    # ------------------------------------------------------------ reading and cancelling

    def job(self, workspace_id: str, job_id: str) -> Job:
        job = self._jobs.get(job_id)
        if job is None or job.workspace_id != workspace_id:
            raise JobNotFound(job_id)
        return job

    def recent(self, workspace_id: str, limit: int) -> list[Job]:
        """The workspace's newest jobs, newest first (the dashboard's jobs page)."""
        mine = (job for job in self._jobs.values() if job.workspace_id == workspace_id)
        return heapq.nlargest(limit, mine, key=lambda job: (job.created_at, job.index))

    def view(self, job: Job, base_url: str) -> dict[str, Any]:
        """The job as GET shows it: a succeeded job gets a fresh signed URL, never past retention."""
        if job.status != SUCCEEDED or job.retained_until is None:
            return job.as_json(base_url, None, None)
        now = int(time.time())
        kept_until = int(job.retained_until.replace(tzinfo=dt.UTC).timestamp())
        expires = min(now + self.settings.result_url_ttl_s, kept_until)
        if expires <= now:
            return job.as_json(base_url, None, None)  # retention over; the sweeper has yet to come by
        url = self.signer.url(base_url, job.id, job.workspace_id, expires)
        return job.as_json(base_url, url, dt.datetime.fromtimestamp(expires, dt.UTC))

    async def wait_finished(self, workspace_id: str, job_id: str) -> Job:
        """The job once it has finished (SUCCEEDED, FAILED, CANCELLED); the caller sets the deadline."""
        job = self.job(workspace_id, job_id)
        if not job.finished:
            await self._finished.setdefault(job.id, trio.Event()).wait()
        return job

    async def cancel(self, workspace_id: str, job_id: str) -> Job:
        """QUEUED: cancelled at once. RUNNING: cancel requested, the worker stops it. Finished: 409."""
        job = self.job(workspace_id, job_id)
        if job.status == CANCELLED:
            return job
        if job.finished:
            raise JobAlreadyFinished(f"job {job.id} is already {job.status}")
        if job.id not in self._claimed and self._queue.remove(job):
            try:
                await self._finish_cancelled(job, None, trio.current_time(), stage="queue")
            except BaseException:
                if not job.finished:
                    self._queue.push_front(job)  # not recorded: it is still queued
                raise
            return job
        # A worker holds it, or it is on its way back to the queue: the worker ends it.
        if not job.cancel_requested:
            # Meanwhile the job may come back to the queue and be taken again: it must not start.
            self._cancelling.add(job.id)
            try:
                await self._record(job, "job.cancel_requested")
            finally:
                self._cancelling.discard(job.id)
        scope = self._claimed.get(job.id)
        if scope is not None:
            scope.cancel()
        return job

    def signed_result(self, job_id: str, expires: str | None, sig: str | None) -> Job:
        """The job behind a signed result URL (no API key), if the URL holds and its result is still kept."""
        job = self._jobs.get(job_id)
        if job is None:
            raise JobNotFound(job_id)
        self.signer.check(job.id, job.workspace_id, expires, sig, time.time())
        if job.status != SUCCEEDED or job.retained_until is None or job.retained_until <= utcnow():
            raise ResultUrlExpired(f"the result of {job.id} is no longer kept")
        return job

    async def result(self, job: Job) -> bytes:
        """The result file of a job `signed_result` vouched for."""
        body = await self.store.read(job.id)
        if body is None:
            raise ResultUrlExpired(f"the result of {job.id} is no longer kept")
        return body

    # ------------------------------------------------------------ workers

    async def _workers(self) -> None:
        try:
            with self._workers_scope:
                async with trio.open_nursery() as nursery:
                    for _ in range(self.settings.pool_size):
                        nursery.start_soon(self._work)
        finally:
            self._workers_done.set()

    async def _work(self) -> None:
        while True:
            while not self._queue:
                await self._queued.park()
            job: Job | None = None
            try:
                async with self.pool.lease(math.inf, urgent=False) as session:
                    job = self._queue.pop()  # chosen once a session is free: the fairest moment
                    if job is None:
                        continue  # another worker took it, or it was cancelled
                    scope = self._claimed[job.id] = trio.CancelScope()
                    attempt = await self._attempt(job, session, scope)
                await self._settle(job, attempt, session)
            except Exception:  # a fault with this one job (a full disk, a bug): not the other workers'
                log.exception("job %s failed unexpectedly", job.id if job else "-")
                if job is not None and not job.finished:
                    await self._put_back(job, "crash")
            except BaseException as exc:
                if job is not None and not job.finished:
                    with trio.move_on_after(STOP_S, shield=True):
                        await self._put_back(job, "shutdown" if _only_cancelled(exc) else "crash")
                raise
            finally:
                if job is not None:
                    self._claimed.pop(job.id, None)

    async def _attempt(self, job: Job, session: Session, scope: trio.CancelScope) -> _Attempt:
        started = trio.current_time()
        request: CaptureRequest | None = None
        try:
            request = self._open(job)
            if job.cancel_requested or job.id in self._cancelling:
                return _Attempt(_Cancelled(), request, started)
            await self._record(job, "job.started", {"attempt": job.attempts + 1, "slot": session.slot})
            with scope:
                capture = await self.intake.render_on(session, request, job.id, job.workspace_id)
                return _Attempt(capture, request, started)
            return _Attempt(_Cancelled(), request, started)
        except CaptureError as exc:
            return _Attempt(exc, request, started)

    def _open(self, job: Job) -> CaptureRequest:
        if job.sealed is None:
            raise RenderFailed("the job's payload is gone")
        try:
            item = orjson.loads(self.keyring.open(job.sealed, job.id, job.workspace_id))
        except SealError as exc:
            raise RenderFailed(f"the job's payload cannot be opened: {exc}") from None
        return parse_capture(item)

    async def _settle(self, job: Job, attempt: _Attempt, session: Session) -> None:
        outcome = attempt.outcome
        if isinstance(outcome, Capture):
            await self._finish_succeeded(job, outcome, attempt)
        elif isinstance(outcome, _Cancelled) or job.cancel_requested:
            await self._finish_cancelled(job, attempt.request, attempt.started, stage="render")
        elif isinstance(outcome, RenderFailed | RenderTimeout) and session.died:
            log.info("job %s: its browser died (%s); queueing it again", job.id, outcome.code)
            await self._requeue(job, "renderer_died")
        else:
            await self._record(job, "job.failed", {"code": outcome.code, "message": outcome.detail},
                               self._capture_event(job, attempt.request, attempt.started, "capture.failed",
                                                   outcome=outcome.outcome, stage=outcome.stage,
                                                   code=outcome.code),
                               code=outcome.code, stage=outcome.stage)
            self.ledger.release(job.workspace_id, job.id)

    async def _finish_succeeded(self, job: Job, capture: Capture, attempt: _Attempt) -> None:
        await self.store.write(job.id, capture.body)
        retained_until = utcnow() + dt.timedelta(seconds=job.retain_s)
        await self._record(
            job, "job.succeeded",
            {"contentType": capture.content_type, "bytes": len(capture.body),
             "targetStatus": capture.target_status, "retainedUntil": retained_until.isoformat()},
            self._capture_event(job, attempt.request, attempt.started, "capture.succeeded",
                                outcome="succeeded", bytes=len(capture.body), target_status=capture.target_status),
            bytes=len(capture.body), target_status=capture.target_status)
        self.ledger.commit(job.workspace_id, job.id)

    async def _finish_cancelled(self, job: Job, request: CaptureRequest | None, started: float, stage: str) -> None:
        await self._record(job, "job.cancelled", {"stage": stage},
                           self._capture_event(job, request, started, "capture.failed", outcome="cancelled",
                                               stage=stage, code="cancelled"))
        self.ledger.release(job.workspace_id, job.id)

    async def _put_back(self, job: Job, reason: str) -> None:
        """A job a worker let go of unfinished: queued again (recorded if it had started), or ended."""
        if job.status == RUNNING or job.cancel_requested or reason == "crash":
            await self._requeue(job, reason)
        elif job not in self._queue:
            self._queue.push_front(job)  # stopped before it started: nothing to record

    async def _requeue(self, job: Job, reason: str) -> None:
        """Back to the queue after a dead renderer or process; FAILED once the attempts are used up."""
        if job.cancel_requested:
            await self._finish_cancelled(job, None, trio.current_time(), stage="render")
        elif reason != "shutdown" and (job.attempts >= MAX_ATTEMPTS or job.status == QUEUED):
            # out of attempts, or a fault before it even started (it would only fail again)
            message = (f"the renderer died on each of {job.attempts} attempts" if job.status == RUNNING
                       else "the job could not be started")
            await self._record(job, "job.failed", {"code": "render_failed", "message": message},
                               self._capture_event(job, None, trio.current_time(), "capture.failed",
                                                   outcome="render_failed", stage="render", code="render_failed"),
                               code="render_failed", stage="render")
            self.ledger.release(job.workspace_id, job.id)
        else:
            await self._record(job, "job.requeued", {"reason": reason})
            self._queue.push_front(job)
            self._queued.unpark_all()

    # ------------------------------------------------------------ retention

    async def _sweep_forever(self) -> None:
        while True:
            await trio.sleep(self.settings.retention_sweep_s)
            await self.sweep()

    async def sweep(self) -> int:
        """Delete results past retention and mark their jobs EXPIRED; forget old idempotency keys."""
        now = utcnow()
        due = [j for j in self._jobs.values()
               if j.status == SUCCEEDED and j.retained_until is not None and j.retained_until <= now]
        for job in due:
            await self.store.delete(job.id)
            await self._record(job, "job.expired", {"bytes": job.bytes, "sweep": "retention"})
        self._idempotency.forget_before(time.time() - REMEMBER_S)
        self._forget_history()
        if due:
            log.info("retention sweep: %d results deleted", len(due))
        return len(due)

    def _forget_history(self) -> None:
        """Drop jobs long over from memory (GET answers 404 for them); the event log keeps them."""
        for job in forgettable(self._jobs.values(), utcnow(), self.settings.job_history_s):
            del self._jobs[job.id]

    # ------------------------------------------------------------ events

    async def _record(self, job: Job, kind: str, data: dict[str, Any] | None = None, *also: Event,
                      **columns: Any) -> None:
        """Commit one job event (with `also`, in the same transaction), then apply it.

        Shielded: a cancellation (shutdown, a client gone) must not part a committed event from
        its job. The event log answers every append, even when it stops; a stuck DuckDB does
        not, so past STUCK_S this raises TooSlowError and the job in memory stays as it was
        (the next start rebuilds it from whatever the log holds).
        """
        ts = utcnow()
        event = Event(kind, workspace_id=job.workspace_id, key_id=job.key_id, capture_id=job.id,
                      request_id=job.request_id, format=job.format, data=data or {}, ts=ts, **columns)
        with trio.fail_after(STUCK_S, shield=True):
            await self.event_log.append(event, *also)
            job.apply(kind, ts, data or {})
        if job.finished and (finished := self._finished.pop(job.id, None)) is not None:
            finished.set()

    def _capture_event(self, job: Job, request: CaptureRequest | None, started: float, kind: str,
                       **values: Any) -> Event:
        return capture_event(kind, job.workspace_id, job.key_id, job.request_id, job.id, request,
                             int((trio.current_time() - started) * 1000), data={"job": True}, **values)


def _only_cancelled(exc: BaseException) -> bool:
    if isinstance(exc, BaseExceptionGroup):
        return exc.split(trio.Cancelled)[1] is None
    return isinstance(exc, trio.Cancelled)


def _prefixed(error: CaptureError, prefix: str) -> CaptureError:
    """The error naming its batch item: `captures[3].url`."""
    if not prefix:
        return error
    error.errors = tuple(
        e if e.field.startswith(prefix) else FieldError(prefix + e.field, e.code, e.message) for e in error.errors
    ) or (FieldError(prefix.rstrip("."), error.code, error.detail),)
    error.detail = f"{prefix.rstrip('.')}: {error.detail}"
    return error
