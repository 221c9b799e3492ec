"""The workers that run queued jobs, and cancellation, which ends what they run.

Workers (one per browser session) take the next job round-robin across
workspaces and ask the pool for a session with low priority, so synchronous
captures go first. A job whose renderer died goes back to the front of its
workspace's queue, up to MAX_ATTEMPTS starts.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import logging
import math
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

import orjson
import trio

from actors.accounts import QuotaLedger
from actors.browser import BrowserPool, Session
from actors.capture import Captures, ResultStore
from actors.jobs.book import JobBook, JobSecrets
from engine.browser.overlays import MAX_REPORTED
from engine.browser.recipes import Capture
from engine.operations.settings import Settings
from engine.records.analytics import error_data, verdict_data
from engine.records.jobs import CANCELLED, MAX_ATTEMPTS, QUEUED, RUNNING, Job
from engine.records.sealing import SealError
from engine.rules.errors import (
    CapacityExhausted,
    CaptureError,
    JobAlreadyFinished,
    RenderFailed,
    RenderTimeout,
    StorageFailed,
)
from engine.rules.period import utcnow
from engine.rules.request import CaptureRequest, parse_capture

log = logging.getLogger("capture.jobs")
STOP_S = 5.0


class _Cancelled:
    """The outcome of an attempt stopped by DELETE."""


@dataclass(frozen=True)
class _Attempt:
    outcome: Capture | CaptureError | _Cancelled
    request: CaptureRequest | None
    started: float
    cache: str | None = None  # the request asked for `cache`: "hit" (nothing rendered) or "miss"


class JobWorkers:
    def __init__(self, settings: Settings, book: JobBook, pool: BrowserPool, captures: Captures, ledger: QuotaLedger,
                 store: ResultStore, secrets: JobSecrets) -> None:
        self.settings = settings
        self.book = book
        self.pool = pool
        self.captures = captures
        self.ledger = ledger
        self.store = store
        self.secrets = secrets
        self._scope = trio.CancelScope()
        self._done = trio.Event()

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """One worker per browser session, until `drain`."""
        self._scope = trio.CancelScope()
        self._done = trio.Event()
        try:
            with self._scope:
                async with trio.open_nursery() as nursery:
                    for _ in range(self.settings.pool_size):
                        nursery.start_soon(self._work)
                    task_status.started()  # from here on, a drain stops these workers
        finally:
            self._done.set()

    async def drain(self) -> None:
        """Stop the workers for an orderly shutdown; their jobs go back to the queue, attempts given back."""
        self._scope.cancel()
        with trio.move_on_after(STOP_S):
            await self._done.wait()

    async def cancel(self, workspace_id: str, job_id: str) -> Job:
        """QUEUED: cancelled at once. RUNNING: cancel requested, the worker stops it. Finished: 409."""
        book = self.book
        job = await book.find(workspace_id, job_id)
        if job.status == CANCELLED:
            return job
        if job.finished:
            raise JobAlreadyFinished(f"job {job.id} is already {job.status}")
        if book.unqueue(job):
            try:
                await self._finish_cancelled(job, None, trio.current_time(), stage="queue")
            except BaseException:
                if not job.finished:
                    book.put_front(job)  # not recorded: it is still queued
                raise
            return job
        # A worker holds it, or it is on its way back to the queue: the worker ends it.
        if not job.cancel_requested:
            # Meanwhile the job may come back to the queue and be taken again: it must not start.
            with book.cancelling(job):
                await book.record(job, "job.cancel_requested")
        book.stop_claimed(job)
        return job

    async def requeue(self, job: Job, reason: str) -> None:
        """Back to the queue after a dead renderer or process; FAILED once the attempts are used up."""
        if job.cancel_requested:
            await self._finish_cancelled(job, None, trio.current_time(), stage="render")
        elif reason != "shutdown" and (job.attempts >= MAX_ATTEMPTS or job.status == QUEUED):
            # out of attempts, or a fault before it even started (it would only fail again)
            message = (f"the renderer died on each of {job.attempts} attempts" if job.status == RUNNING
                       else "the job could not be started")
            await self.book.record(job, "job.failed", {"code": "render_failed", "message": message},
                                   self.book.capture_event(job, None, trio.current_time(), "capture.failed",
                                                           outcome="render_failed", stage="render",
                                                           code="render_failed", note=message),
                                   code="render_failed", stage="render")
            self.ledger.release(job.workspace_id, job.id)
        else:
            await self.book.record(job, "job.requeued", {"reason": reason})
            self.book.put_front(job, wake=True)

    # ------------------------------------------------------------ one worker

    async def _work(self) -> None:
        book = self.book
        while True:
            await book.wait_for_work()
            job: Job | None = None
            try:
                async with self.pool.lease(math.inf, urgent=False) as session:
                    job = book.take()  # chosen once a session is free: the fairest moment
                    if job is None:
                        continue  # another worker took it, or it was cancelled
                    try:
                        async with self.captures.video_slot(job.format, within_s=0):
                            attempt = await self._attempt(job, session, book.claim(job))
                    except CapacityExhausted:  # as many videos as may record: it waits at the front
                        book.put_front(job)
                        job = None
                if job is None:
                    await self.captures.video_slot_free()
                    continue
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
                    book.release(job)

    async def _attempt(self, job: Job, session: Session, scope: trio.CancelScope) -> _Attempt:
        started = trio.current_time()
        request: CaptureRequest | None = None
        try:
            request = self._open(job)
            if self.book.cancel_pending(job):
                return _Attempt(_Cancelled(), request, started)
            await self.book.record(job, "job.started", {"attempt": job.attempts + 1, "slot": session.slot})
            with scope:
                made = await self.captures.make(request, job.id, job.workspace_id, lease=nullcontext(session),
                                                for_url=False)
                return _Attempt(made.capture, request, started, made.cache)
            return _Attempt(_Cancelled(), request, started)
        except CaptureError as exc:
            return _Attempt(exc, request, started)

    def _open(self, job: Job) -> CaptureRequest:
        if job.sealed is None:
            raise RenderFailed("the job's payload is gone")
        try:
            item = orjson.loads(self.secrets.open(base64.b64decode(job.sealed), job))
        except (SealError, binascii.Error) as exc:
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
            await self.requeue(job, "renderer_died")
        else:
            await self._finish_failed(job, attempt, outcome)

    async def _finish_failed(self, job: Job, attempt: _Attempt, error: CaptureError) -> None:
        await self.book.record(job, "job.failed", {"code": error.code, "message": error.detail},
                               self.book.capture_event(job, attempt.request, attempt.started, "capture.failed",
                                                       outcome=error.outcome, stage=error.stage,
                                                       code=error.code, note=error.detail, data=error_data(error)),
                               code=error.code, stage=error.stage)
        self.ledger.release(job.workspace_id, job.id)

    async def _finish_succeeded(self, job: Job, capture: Capture, attempt: _Attempt) -> None:
        await self.store.write(job.id, capture.body)  # kept while the upload is tried, and after it
        stored = None
        if attempt.request is not None and attempt.request.store is not None:
            try:
                stored = await self.captures.upload(attempt.request.store, job.workspace_id, job.id, job.format,
                                                    capture)
            except StorageFailed as error:
                await self._finish_failed(job, attempt, error)
                await self.store.delete(job.id)  # a failed job has no result to keep
                return
        retained_until = utcnow() + dt.timedelta(seconds=job.retain_s)
        data: dict[str, Any] = {"contentType": capture.content_type, "bytes": len(capture.body),
                                "targetStatus": capture.target_status, "retainedUntil": retained_until.isoformat(),
                                "warnings": [w.wire() for w in capture.warnings]}
        if attempt.request is not None and attempt.request.remove_elements is not None:
            data["removedElements"] = [r.wire() for r in capture.removed[:MAX_REPORTED]]
        if stored is not None:
            data["stored"] = stored
        if attempt.request is not None and attempt.request.response_type == "json" and capture.facts is not None:
            data["facts"] = capture.facts.as_json()
        said = verdict_data([w.code for w in capture.warnings])
        if attempt.cache is not None:
            said["cache"] = attempt.cache
        await self.book.record(
            job, "job.succeeded", data,
            self.book.capture_event(job, attempt.request, attempt.started, "capture.succeeded",
                                    outcome="succeeded", bytes=len(capture.body),
                                    target_status=capture.target_status, data=said),
            bytes=len(capture.body), target_status=capture.target_status)
        self.ledger.succeeded(job.workspace_id, job.id, attempt.cache)

    async def _finish_cancelled(self, job: Job, request: CaptureRequest | None, started: float, stage: str) -> None:
        await self.book.record(job, "job.cancelled", {"stage": stage},
                               self.book.capture_event(job, request, started, "capture.failed", outcome="cancelled",
                                                       stage=stage, code="cancelled"))
        self.ledger.release(job.workspace_id, job.id)

    async def _put_back(self, job: Job, reason: str) -> None:
        """A job a worker let go of unfinished: queued again (recorded if it had started), or ended."""
        if job.status == RUNNING or job.cancel_requested or reason == "crash":
            await self.requeue(job, reason)
        elif not self.book.is_queued(job):
            self.book.put_front(job)  # stopped before it started: nothing to record


def _only_cancelled(exc: BaseException) -> bool:
    if isinstance(exc, BaseExceptionGroup):
        return exc.split(trio.Cancelled)[1] is None
    return isinstance(exc, trio.Cancelled)
