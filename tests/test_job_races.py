"""The jobs actor in process, at the moments a cancellation or a crash can split a step.

A real DuckDB event log and quota ledger; the pool and the renderer are stand-ins
whose every step the test releases by hand, and a function parked on the database
thread holds commits back, so each race is played in a fixed order.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pytest
import trio
import trio.testing

from actors.accounts import Principal, QuotaLedger
from actors.capture import Made, ResultStore
from actors.jobs import Jobs, JobSecrets
from actors.storage import Database, EventLog, EventLogClosed, running_event_log
from engine.browser.recipes import Capture
from engine.operations.settings import Settings
from engine.records.accounts import ApiKey, Workspace
from engine.records.jobs import CANCELLED, SUCCEEDED
from engine.records.schema import Event
from engine.records.sealing import Keyring
from engine.records.signing import ResultSigner
from engine.rules.errors import CapacityExhausted, IdempotencyConflict, RenderFailed
from engine.rules.plans import Plan
from engine.rules.request import Body
from tests.conftest import until

WS = "ws_race"
PRINCIPAL = Principal(ApiKey("key_race", WS, None, "cap_race", "hash"), Workspace(WS, "race", "pro", None),
                      Plan("pro", 100, 1000, frozenset()))


@dataclass
class FakeSession:
    slot: int = 0
    died: bool = False
    used: bool = False


@dataclass
class FakePool:
    """Leases one session once `free` is set."""

    session: FakeSession = field(default_factory=FakeSession)
    free: trio.Event = field(default_factory=trio.Event)

    @asynccontextmanager
    async def lease(self, wait_s: float, *, urgent: bool = True) -> AsyncIterator[FakeSession]:
        await self.free.wait()
        yield self.session


@dataclass
class FakeCaptures:
    """Renders once `finish` is set: the capture, or `failure` raised."""

    rendering: trio.Event = field(default_factory=trio.Event)
    finish: trio.Event = field(default_factory=trio.Event)
    failure: Exception | None = None
    renders: int = 0

    async def vet(self, request: Any, principal: Any, *, job: bool) -> None:
        pass

    @asynccontextmanager
    async def video_slot(self, fmt: str, *, within_s: float) -> AsyncIterator[None]:
        yield  # no video is rendered here

    async def make(self, request: Any, capture_id: str, workspace_id: str, *, lease: Any, for_url: bool) -> Made:
        self.renders += 1
        self.rendering.set()
        await self.finish.wait()
        if self.failure is not None:
            failure, self.failure = self.failure, None
            raise failure
        return Made(Capture(b"\x89PNG fake", "image/png", 200), None, None)


class FakeAttempts:
    async def refused(self, *args: Any, **kwargs: Any) -> None:
        pass


@dataclass
class Rig:
    jobs: Jobs
    db: Database
    event_log: EventLog
    ledger: QuotaLedger
    pool: FakePool
    captures: FakeCaptures
    nursery: trio.Nursery

    async def hold_commits(self) -> threading.Event:
        """Park a function on the database thread; commits wait until the returned event is set."""
        gate = threading.Event()
        self.nursery.start_soon(self.db.call, lambda conn: gate.wait(30))
        await trio.testing.wait_all_tasks_blocked()
        return gate

    async def submit(self) -> str:
        accepted = await self.jobs.submit(PRINCIPAL, Body.of({"html": "<p>race</p>"}), request_id="req_race",
                                          route="jobs", idempotency_key=None, batch=False,
                                          base_url="http://capture.test")
        return accepted.jobs[0].id

    async def kinds(self, job_id: str) -> list[str]:
        rows = await self.event_log.query("SELECT type FROM events WHERE capture_id = ? ORDER BY seq", [job_id])
        return [row["type"] for row in rows]


@asynccontextmanager
async def rig(tmp_path: Path, **settings: Any) -> AsyncIterator[Rig]:
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
        ledger = QuotaLedger(event_log)
        await nursery.start(ledger.run)
        pool, captures = FakePool(), FakeCaptures()
        jobs = Jobs(Settings(pool_size=1, data_dir=tmp_path, **settings), event_log, ledger, cast(Any, pool),
                    cast(Any, captures), cast(Any, FakeAttempts()), ResultStore(tmp_path / "results"),
                    JobSecrets(Keyring({"k1": bytes(32)}, "k1"), ResultSigner(b"s" * 32), b"f" * 32))
        await nursery.start(jobs.run)
        yield Rig(jobs, event_log.db, event_log, ledger, pool, captures, nursery)


async def test_a_stop_during_the_success_commit_leaves_the_job_succeeded_and_billed_once(tmp_path: Path) -> None:
    async with rig(tmp_path) as r:
        job_id = await r.submit()
        r.pool.free.set()
        await r.captures.rendering.wait()
        gate = await r.hold_commits()
        r.captures.finish.set()
        await until(lambda: (tmp_path / "results" / job_id).exists())  # the result is on disk, the commit next
        await trio.testing.wait_all_tasks_blocked()  # job.succeeded waits in the held batch
        r.nursery.start_soon(r.jobs.drain)  # SIGTERM arrives while job.succeeded waits for its commit
        await trio.testing.wait_all_tasks_blocked()
        gate.set()
        await until(lambda: r.jobs.job(WS, job_id).status == SUCCEEDED)
        await trio.testing.wait_all_tasks_blocked()
        assert r.ledger.usage(WS, 100).used == 1
        assert r.ledger.usage(WS, 100).reserved == 0
        assert await r.kinds(job_id) == ["job.created", "job.started", "job.succeeded", "capture.succeeded"]


async def test_the_same_idempotency_key_while_the_first_request_commits_is_a_conflict(tmp_path: Path) -> None:
    async with rig(tmp_path) as r:
        def send() -> Any:
            return r.jobs.submit(PRINCIPAL, Body.of({"html": "<p>once</p>"}), request_id="req_once", route="jobs",
                                 idempotency_key="in-flight-1", batch=False, base_url="http://capture.test")
        gate = await r.hold_commits()
        answers: list[Any] = []

        async def first() -> None:
            answers.append(await send())
        r.nursery.start_soon(first)
        await trio.testing.wait_all_tasks_blocked()  # the first waits for its commit
        with pytest.raises(IdempotencyConflict) as conflict:
            await send()
        assert (conflict.value.status, conflict.value.code) == (409, "idempotency_conflict")
        gate.set()
        await until(lambda: bool(answers))
        replay = await send()
        assert replay.replayed
        assert [j.id for j in replay.jobs] == [j.id for j in answers[0].jobs]
        assert len([k for k in await r.kinds(answers[0].jobs[0].id) if k == "job.created"]) == 1


async def test_parallel_submits_never_overshoot_the_queue_limit(tmp_path: Path) -> None:
    """Each submit checks the limit, then waits for its commit: the places it holds meanwhile count."""
    async with rig(tmp_path, job_queue_limit=10, workspace_job_share=1.0) as r:  # no session: all stay queued
        gate = await r.hold_commits()
        accepted: list[str] = []
        refused: list[CapacityExhausted] = []

        async def submit() -> None:
            try:
                accepted.append(await r.submit())
            except CapacityExhausted as exc:
                refused.append(exc)
        async with trio.open_nursery() as nursery:
            for _ in range(64):
                nursery.start_soon(submit)
            await trio.testing.wait_all_tasks_blocked()  # every submit has checked; the accepted wait to commit
            gate.set()
        assert (len(accepted), len(refused)) == (10, 54)
        assert all(exc.status == 503 and exc.code == "capacity_exhausted" for exc in refused)
        rows = await r.event_log.query("SELECT count(*) AS n FROM events WHERE type = 'job.created'")
        assert rows[0]["n"] == 10
        assert r.ledger.usage(WS, 100).reserved == 10


async def test_a_stuck_database_fails_a_submit_after_the_bound_instead_of_holding_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("actors.jobs.intake.STUCK_S", 0.5)
    async with rig(tmp_path) as r:
        gate = await r.hold_commits()  # the database thread answers nothing until the gate opens
        try:
            with trio.fail_after(10), pytest.raises(trio.TooSlowError):
                await r.submit()
            assert r.ledger.usage(WS, 100).reserved == 0
        finally:
            gate.set()


async def test_a_delete_whose_client_leaves_mid_commit_still_cancels_the_queued_job(tmp_path: Path) -> None:
    async with rig(tmp_path) as r:
        job_id = await r.submit()  # the pool never frees up: the job stays queued
        gate = await r.hold_commits()
        async with trio.open_nursery() as request:
            request.start_soon(r.jobs.cancel, WS, job_id)
            await trio.testing.wait_all_tasks_blocked()
            request.cancel_scope.cancel()  # the HTTP client went away
            gate.set()
        await until(lambda: r.jobs.job(WS, job_id).status == CANCELLED)
        assert r.ledger.usage(WS, 100).reserved == 0
        again = await r.jobs.cancel(WS, job_id)
        assert again.status == CANCELLED


async def test_a_job_cancelled_while_it_goes_back_to_the_queue_never_runs_again(tmp_path: Path) -> None:
    async with rig(tmp_path) as r:
        job_id = await r.submit()
        r.pool.free.set()
        await r.captures.rendering.wait()
        r.pool.session.died = True  # this render ends with the browser gone
        r.captures.failure = RenderFailed("the browser failed during the capture: gone")
        gate = await r.hold_commits()
        r.captures.finish.set()
        await trio.testing.wait_all_tasks_blocked()  # the worker waits to record job.requeued
        r.pool.session.died = False
        r.nursery.start_soon(r.jobs.cancel, WS, job_id)
        await trio.testing.wait_all_tasks_blocked()
        gate.set()
        await until(lambda: r.jobs.job(WS, job_id).status == CANCELLED)
        assert r.captures.renders == 1
        assert r.ledger.usage(WS, 100).used == 0
        assert (await r.kinds(job_id))[-2:] == ["job.cancelled", "capture.failed"]


async def test_an_unexpected_fault_fails_its_job_and_the_worker_goes_on(tmp_path: Path) -> None:
    async with rig(tmp_path) as r:
        first = await r.submit()
        r.captures.failure = ZeroDivisionError("a bug in a recipe")
        r.captures.finish.set()
        r.pool.free.set()
        await until(lambda: r.jobs.job(WS, first).attempts > 0)
        second = await r.submit()
        await until(lambda: r.jobs.job(WS, second).status == r.jobs.job(WS, first).status == SUCCEEDED)
        assert (await r.kinds(first)).count("job.requeued") == 1  # retried as a crash, then fine


async def test_a_stopped_event_log_refuses_appends_instead_of_leaving_them_waiting(tmp_path: Path) -> None:
    db = Database(tmp_path / "events.duckdb")
    await db.open()
    try:
        event_log = EventLog(db)
        async with trio.open_nursery() as nursery:
            await nursery.start(event_log.run)
            await event_log.append(Event("test.before"))
            nursery.cancel_scope.cancel()
        with pytest.raises(EventLogClosed):
            await event_log.append(Event("test.after"))
    finally:
        await db.close()
