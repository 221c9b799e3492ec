"""Accepting jobs: validation, idempotency, places in the queue, quota, sealing, one commit.

Acceptance validates every capture of a request, reserves quota for all of
them, seals each payload and appends the `job.created` events in one commit;
only then is the job in memory, queued, and answered with 202. Idempotency
keys are remembered per workspace for 24 hours, also across restarts (they
are part of the job.created events, and `Jobs` hands them back on rebuild).
"""

from __future__ import annotations

import time
from typing import Any

import orjson
import trio

from actors.accounts import Principal, QuotaLedger
from actors.capture import Attempts, Captures
from actors.jobs.book import JobBook, JobSecrets
from actors.storage import STUCK_S
from engine.operations.settings import Settings
from engine.records.idempotency import IdempotencyKeys
from engine.records.jobs import Accepted, Job, checked_idempotency_key, clear_url, fingerprint, parse_batch
from engine.records.keys import new_id
from engine.records.schema import Event
from engine.rules.errors import CaptureError, FieldError, InvalidRequest
from engine.rules.period import utcnow
from engine.rules.request import Body, CaptureRequest, parse_capture


class JobAcceptance:
    def __init__(self, settings: Settings, book: JobBook, captures: Captures, attempts: Attempts, ledger: QuotaLedger,
                 secrets: JobSecrets) -> None:
        self.settings = settings
        self.book = book
        self.captures = captures
        self.attempts = attempts
        self.ledger = ledger
        self.secrets = secrets
        self.idempotency = IdempotencyKeys()

    async def submit(self, principal: Principal, body: Body, *, request_id: str, route: str,
                     idempotency_key: str | None, batch: bool, base_url: str) -> Accepted:
        """Accept the captures of `body` (one, or a batch's) as jobs, durably, or raise the error that
        says why not (recorded; nothing queued). `idempotency_key` is the header as it came; `base_url`
        the service's as the client reached it (webhook calls carry status and result URLs)."""
        try:
            idempotency_key = checked_idempotency_key(idempotency_key)
            data = body.json()
            items = parse_batch(data) if batch else [data]
        except CaptureError as exc:
            await self.attempts.refused(principal, request_id, exc)
            raise
        if idempotency_key is None:
            return await self._accept(principal, items, request_id, None, None, batch, base_url)
        key = (principal.workspace.id, idempotency_key)
        digest = fingerprint(self.secrets.fingerprint_key, route, data)
        replay = self.idempotency.claim(key, digest, time.time())
        if replay is not None:
            return replay
        try:
            accepted = await self._accept(principal, items, request_id, idempotency_key, digest, batch, base_url)
        except BaseException:
            self.idempotency.release(key)  # a refused request may be sent again, fixed, with the same key
            raise
        self.idempotency.settle(key, accepted)
        return accepted

    async def _accept(self, principal: Principal, items: list[Any], request_id: str, idempotency_key: str | None,
                      digest: str | None, batch: bool, base_url: str) -> Accepted:
        requests = await self._validate(principal, items, request_id, batch)
        workspace_id = principal.workspace.id
        ids = [new_id("job") for _ in requests]
        try:
            self.book.hold_places(workspace_id, len(ids))
            try:
                self.ledger.reserve_all(workspace_id, ids, principal.monthly_limit)
            except CaptureError:
                self.book.free_places(workspace_id, len(ids))
                raise
        except CaptureError as exc:
            for request in requests:
                await self.attempts.refused(principal, request_id, exc, request=request)
            raise
        jobs, events = self._created(principal, items, requests, ids, request_id, idempotency_key, digest, batch,
                                     base_url)
        try:
            # Once sent, the commit's answer decides, not the client. Past STUCK_S, TooSlowError: the
            # client gets a 500 and the reservation is given back; should DuckDB commit the jobs after
            # all, they run after the next start.
            with trio.fail_after(STUCK_S, shield=True):
                await self.book.event_log.append(*events)
        except BaseException:
            for job_id in ids:
                self.ledger.release(workspace_id, job_id)
            raise
        finally:
            self.book.free_places(workspace_id, len(ids))  # from held to queued (below) with no await between
        self.book.enqueue(jobs)
        return Accepted(tuple(jobs), jobs[0].batch_id)

    def _created(self, principal: Principal, items: list[Any], requests: list[CaptureRequest], ids: list[str],
                 request_id: str, idempotency_key: str | None, digest: str | None,
                 batch: bool, base_url: str) -> tuple[list[Job], list[Event]]:
        """The new jobs and their job.created events, each payload sealed to its job."""
        workspace_id = principal.workspace.id
        batch_id = new_id("bat") if batch else None
        now = utcnow()
        jobs, events = [], []
        for index, (job_id, item, request) in enumerate(zip(ids, items, requests, strict=True)):
            shown = clear_url(request.url) if request.url is not None else None
            data = {
                "keyId": self.secrets.keyring.current,
                "sealed": self.secrets.seal(orjson.dumps(item), job_id, workspace_id),
                "url": shown, "index": index, "batchId": batch_id,
                # the whole URL for the job's status, sealed apart so a restart need not open every payload
                "sealedUrl": self.secrets.seal(request.url.encode(), job_id, workspace_id)
                if request.url is not None and shown != request.url else None,
                "retainS": self.settings.retained_result_s if request.retain else self.settings.result_retention_s,
                "idempotencyKey": idempotency_key, "fingerprint": digest,
                "sealedWebhook": self.secrets.seal(request.webhook_url.encode(), job_id, workspace_id)
                if request.webhook_url is not None else None,
                "baseUrl": base_url if request.webhook_url is not None else None,
            }
            data = {k: v for k, v in data.items() if v is not None}
            jobs.append(Job.created(job_id, workspace_id, principal.key.id, request_id, request.format, now, data))
            jobs[-1].url = request.url
            events.append(Event("job.created", workspace_id=workspace_id, key_id=principal.key.id,
                                capture_id=job_id, request_id=request_id, format=request.format, data=data, ts=now))
        return jobs, events

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
                await self.captures.vet(request, principal, job=True)
                requests.append(request)
            except CaptureError as exc:
                failures.append((index, _prefixed(exc, prefix), request))
        for _, error, request in failures:
            await self.attempts.refused(principal, request_id, error, request=request)
        if len(failures) == 1 and (not batch or failures[0][1].status == 422):
            raise failures[0][1]
        if failures:  # several, or a batch item refused with another status: 422, each item named
            errors = tuple(e for _, error, _ in failures for e in error.errors)
            raise InvalidRequest(f"{len(failures)} of {len(items)} captures are invalid: "
                                 f"{', '.join(f'captures[{i}]' for i, _, _ in failures)}", errors=errors)
        return requests


def _prefixed(error: CaptureError, prefix: str) -> CaptureError:
    """The error naming its batch item: `captures[3].url`."""
    if not prefix:
        return error
    error.errors = tuple(
        e if e.field.startswith(prefix) else FieldError(prefix + e.field, e.code, e.message) for e in error.errors
    ) or (FieldError(prefix.rstrip("."), error.code, error.detail),)
    error.detail = f"{prefix.rstrip('.')}: {error.detail}"
    return error
