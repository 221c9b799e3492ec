"""Jobs without a service: the fair queue, the projection, signed URLs, keys, and the pool's priority rule."""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

import pytest
import trio
import trio.testing

from actors.browser import BrowserPool, Session
from engine.operations.settings import Settings
from engine.records import replies
from engine.records.fair_queue import FairQueue
from engine.records.idempotency import REMEMBER_S, IdempotencyKeys
from engine.records.jobs import (
    CANCELLED,
    EXPIRED,
    QUEUED,
    RUNNING,
    SUCCEEDED,
    Accepted,
    Job,
    checked_idempotency_key,
    fingerprint,
    forgettable,
    parse_batch,
)
from engine.records.signing import ResultSigner
from engine.rules.errors import (
    BatchTooLarge,
    CapacityExhausted,
    IdempotencyConflict,
    IdempotencyKeyReused,
    InvalidIdempotencyKey,
    InvalidRequest,
    InvalidSignature,
    JobNotFound,
    ResultUrlExpired,
)

T0 = dt.datetime(2026, 11, 21, 12, 0, 0)


def job(workspace: str, n: int) -> Job:
    return Job.created(f"job_{workspace}{n}", workspace, None, None, "png", T0,
                       {"keyId": "k", "sealed": "", "retainS": 60, "url": f"http://fixture.test/{n}"})


def test_the_queue_takes_turns_across_workspaces() -> None:
    queue = FairQueue()
    for n in range(100):
        queue.push(job("a", n))
    queue.push(job("b", 0))
    queue.push(job("c", 0))
    order = [queue.pop() for _ in range(6)]
    assert [j.id for j in order if j is not None] == ["job_a0", "job_b0", "job_c0", "job_a1", "job_a2", "job_a3"]
    assert len(queue) == 96


def test_a_requeued_job_is_next_for_its_workspace_and_cancelled_ones_leave() -> None:
    queue = FairQueue()
    first, second, third = job("a", 1), job("a", 2), job("a", 3)
    for j in (first, second, third):
        queue.push(j)
    assert queue.pop() is first
    queue.push_front(first)
    assert queue.remove(second)
    assert not queue.remove(second)
    assert second not in queue
    assert [queue.pop(), queue.pop(), queue.pop()] == [first, third, None]


def test_the_projection_follows_its_events() -> None:
    j = job("a", 1)
    assert (j.status, j.attempts) == (QUEUED, 0)
    j.apply("job.started", T0, {"attempt": 1})
    j.apply("job.requeued", T0, {"reason": "restart"})  # the process died: that start counted
    j.apply("job.started", T0, {"attempt": 2})
    j.apply("job.requeued", T0, {"reason": "shutdown"})  # an orderly stop gives it back
    assert (j.status, j.attempts) == (QUEUED, 1)
    j.apply("job.started", T0, {"attempt": 2})
    assert j.status == RUNNING
    until = T0 + dt.timedelta(hours=1)
    j.apply("job.succeeded", T0, {"contentType": "image/png", "bytes": 10, "retainedUntil": until.isoformat()})
    assert (j.status, j.bytes, j.retained_until, j.sealed) == (SUCCEEDED, 10, until, None)
    j.apply("job.requeued", T0, {"reason": "shutdown"})  # recorded by a worker stopped after the success
    j.apply("job.started", T0, {"attempt": 3})
    assert (j.status, j.attempts) == (SUCCEEDED, 2)  # a finished job stays finished
    j.apply("job.expired", until, {})
    assert (j.status, j.expired_at) == (EXPIRED, until)
    assert "resultUrl" not in replies.job_view(j, "http://h").as_json()

    cancelled = job("a", 2)
    cancelled.apply("job.cancelled", T0, {})
    body = replies.job_view(cancelled, "http://h/").as_json()
    assert body["status"] == CANCELLED
    assert body["statusUrl"] == "http://h/api/jobs/job_a2"
    assert "startedAt" not in body


def test_only_jobs_long_over_are_forgotten() -> None:
    jobs = {status: job("a", n) for n, status in enumerate(("QUEUED", "RUNNING", "SUCCEEDED", "FAILED",
                                                             "CANCELLED", "EXPIRED"))}
    day = dt.timedelta(days=1)
    for status, j in jobs.items():
        j.status, j.finished_at = status, T0
    jobs["EXPIRED"].expired_at = T0 + 2 * day  # succeeded at T0, its result deleted two days later
    assert forgettable(jobs.values(), T0 + day, history_s=2 * 86400) == []
    old = forgettable(jobs.values(), T0 + 3 * day, history_s=2 * 86400)
    assert sorted(j.status for j in old) == ["CANCELLED", "FAILED"]  # never a kept result
    old = forgettable(jobs.values(), T0 + 5 * day, history_s=2 * 86400)
    assert sorted(j.status for j in old) == ["CANCELLED", "EXPIRED", "FAILED"]  # history counts from expiry


def test_signed_urls() -> None:
    signer = ResultSigner(b"k" * 32)
    sig = signer.sign("job_1", "ws_a", 2000)
    signer.check("job_1", "ws_a", "2000", sig, now=1999)
    with pytest.raises(ResultUrlExpired):
        signer.check("job_1", "ws_a", "2000", sig, now=2000)
    with pytest.raises(InvalidSignature):
        signer.check("job_1", "ws_a", "2001", sig, now=1999)
    with pytest.raises(InvalidSignature):
        signer.check("job_2", "ws_a", "2000", sig, now=1999)  # same workspace, another job
    with pytest.raises(InvalidSignature):  # another workspace's job, ws_a not known to be a workspace: altered
        signer.check("job_9", "ws_b", "2000", sig, now=1999)
    signer.workspaces = lambda: ("ws_a", "ws_b")
    with pytest.raises(JobNotFound):
        signer.check("job_9", "ws_b", "2000", sig, now=1999)  # another workspace's job in my URL: invisible
    with pytest.raises(InvalidSignature):
        signer.check("job_1", "ws_a", "2000", "x" + sig, now=1999)  # altered at its start (a tag of nobody's)
    with pytest.raises(InvalidSignature):
        signer.check("job_1", "ws_a", "2000", None, now=1999)
    with pytest.raises(InvalidSignature):
        signer.check("job_1", "ws_a", "soon", sig, now=1999)


def test_idempotency_keys_and_fingerprints() -> None:
    assert checked_idempotency_key(None) is None
    assert checked_idempotency_key("a b~!") == "a b~!"
    for bad in ("", "x" * 256, "new\nline", "caf\u00e9", "\x7f"):
        with pytest.raises(InvalidIdempotencyKey):
            checked_idempotency_key(bad)
    one = fingerprint(b"s", "jobs", {"url": "u", "format": "png"})
    assert one == fingerprint(b"s", "jobs", {"format": "png", "url": "u"})  # key order is no difference
    assert one != fingerprint(b"s", "jobs/batch", {"url": "u", "format": "png"})
    assert one != fingerprint(b"t", "jobs", {"url": "u", "format": "png"})


def test_batch_bodies() -> None:
    assert parse_batch({"captures": [{}, {}]}) == [{}, {}]
    with pytest.raises(BatchTooLarge):
        parse_batch({"captures": [{}] * 21})
    for bad in ([], {"captures": []}, {"captures": {}}, {"captures": [{}], "extra": 1}):
        with pytest.raises(InvalidRequest):
            parse_batch(bad)


class FakeSession:
    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.alive = True


def _offer(pool: BrowserPool, slot: int) -> None:
    pool._offer(cast(Session, FakeSession(slot)))


async def test_a_free_session_goes_to_a_sync_capture_before_a_job() -> None:
    pool = BrowserPool(Settings(pool_size=2), cast(Any, None), cast(Any, None))
    got: list[tuple[str, int]] = []

    async def take(who: str, urgent: bool) -> None:
        session = await pool._take(60, urgent)
        got.append((who, session.slot))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(take, "job", False)
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(take, "sync", True)  # arrives after the job's worker
        await trio.testing.wait_all_tasks_blocked()
        _offer(pool, 1)
        _offer(pool, 2)
    assert got == [("sync", 1), ("job", 2)]

    got.clear()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(take, "sync", True)
        await trio.testing.wait_all_tasks_blocked()
        _offer(pool, 3)  # the sync waiter is woken but has not run yet
        with pytest.raises(CapacityExhausted):  # a worker that comes now must not take that session
            await pool._take(0.2, urgent=False)
    assert got == [("sync", 3)]



def test_idempotency_keys_replay_refuse_and_forget() -> None:
    keys, key = IdempotencyKeys(), ("ws_a", "order-1")
    assert keys.claim(key, "fp", now=0) is None  # first: in flight
    with pytest.raises(IdempotencyConflict):
        keys.claim(key, "fp", now=1)
    with pytest.raises(IdempotencyKeyReused):
        keys.claim(key, "other", now=1)
    first = Accepted((job("a", 1),), None)
    keys.settle(key, first)
    replay = keys.claim(key, "fp", now=2)
    assert replay is not None
    assert replay.replayed
    assert replay.jobs == first.jobs
    assert keys.claim(("ws_b", "order-1"), "fp", now=2) is None  # per workspace
    assert keys.claim(key, "other", now=REMEMBER_S + 1) is None  # 24 h later the key is free again

    refused = ("ws_a", "refused")
    assert keys.claim(refused, "fp", now=0) is None
    keys.release(refused)  # the request was refused: the key may be used again, fixed
    assert keys.claim(refused, "fixed", now=1) is None


def test_idempotency_keys_rebuilt_from_a_batchs_events_answer_in_request_order() -> None:
    keys, key = IdempotencyKeys(), ("ws_a", "batch-1")
    second, first = job("a", 2), job("a", 1)
    second.index, first.index = 1, 0
    keys.rebuilt(key, "fp", 100, second)  # the events may come in any order
    keys.rebuilt(key, "fp", 100, first)
    replay = keys.claim(key, "fp", now=101)
    assert replay is not None
    assert replay.jobs == (first, second)
    keys.forget_before(200)
    assert keys.claim(key, "other", now=201) is None


def test_a_start_replays_exactly_the_jobs_a_whole_replay_would_keep() -> None:
    """REPLAYED_JOB_EVENTS (issue 39) leaves out what `forgettable` would drop after a replay of everything;
    a start reads them in two parts (issue 56): before it serves, every unfinished job and every one young
    enough for its idempotency key (FIRST_JOB_EVENTS), then the rest (LATER_JOB_EVENTS), each job in one."""
    import duckdb
    import orjson

    from engine.records.jobs import FIRST_JOB_EVENTS, LATER_JOB_EVENTS, REPLAYED_JOB_EVENTS
    from engine.records.schema import DDL

    now = dt.datetime(2026, 11, 26, 12, 0)
    old, recent = now - dt.timedelta(days=40), now - dt.timedelta(days=2)
    done = {"contentType": "image/png", "bytes": 1, "retainedUntil": "2026-01-01T00:00:00"}
    failed = {"code": "render_timeout", "message": "late"}
    stories: dict[str, list[tuple[str, dt.datetime, dict[str, Any]]]] = {
        "failed_long_ago": [("job.started", old, {}), ("job.failed", old, failed)],
        "expired_long_ago": [("job.succeeded", old, done), ("job.expired", old, {})],
        "succeeded_long_ago_kept": [("job.succeeded", old, done)],
        "failed_recently": [("job.failed", recent, failed)],
        "queued_long_ago": [],
        "cancelled_long_ago": [("job.cancelled", old, {})],
        "expired_recently": [("job.succeeded", old, done), ("job.expired", recent, {})],
        "failure_after_success": [("job.succeeded", old, done), ("job.failed", old, failed)],
        "cancelled_after_failure_recently": [("job.failed", recent, failed), ("job.cancelled", old, {})],
        "requeued_then_failed_long_ago": [("job.started", old, {}), ("job.requeued", old, {}),
                                          ("job.failed", old, failed)],
    }
    rows = []
    for job_id, story in stories.items():
        created = {"sealed": "", "retainS": 60}
        rows.append(("job.created", old - dt.timedelta(hours=1), job_id, created))
        rows += [(kind, ts, job_id, data) for kind, ts, data in story]
    young = now - dt.timedelta(hours=2)  # created within REMEMBER_S: a retry may name it by its key
    rows += [("job.created", young, "failed_young", {"sealed": "", "retainS": 60}),
             ("job.failed", young, "failed_young", failed),
             ("job.created", young, "running_young", {"sealed": "", "retainS": 60}),
             ("job.started", young, "running_young", {})]
    with duckdb.connect() as conn:
        conn.execute(DDL)
        conn.executemany("INSERT INTO events (seq, ts, type, workspace_id, capture_id, format, data) "
                         "VALUES (?, ?, ?, 'ws_a', ?, 'png', ?)",
                         [(n, ts, kind, job_id, orjson.dumps(data).decode())
                          for n, (kind, ts, job_id, data) in enumerate(rows, 1)])
        cutoff = now - dt.timedelta(days=30)
        replayed = {row[4] for row in conn.execute(REPLAYED_JOB_EVENTS, [cutoff]).fetchall()}
        parts = [conn.execute(query, [cutoff, now - dt.timedelta(seconds=REMEMBER_S)]).fetchall()
                 for query in (FIRST_JOB_EVENTS, LATER_JOB_EVENTS)]
    first, later = ({row[4] for row in part} for part in parts)
    assert first | later == replayed
    assert not first & later
    assert first == {"queued_long_ago", "failed_young", "running_young"}
    jobs: dict[str, Job] = {}
    for kind, ts, job_id, data in rows:  # the whole replay, as a start did before
        if kind == "job.created":
            jobs[job_id] = Job.created(job_id, "ws_a", None, None, "png", ts, data)
        else:
            jobs[job_id].apply(kind, ts, data)
    kept = set(jobs) - {job.id for job in forgettable(jobs.values(), now, 30 * 24 * 3600)}
    assert replayed == kept
    assert kept == {"succeeded_long_ago_kept", "failed_recently", "queued_long_ago", "expired_recently",
                    "failure_after_success", "cancelled_after_failure_recently", "failed_young", "running_young"}


async def test_a_job_not_known_yet_is_looked_up_once_the_finished_jobs_are_loaded(tmp_path: Any) -> None:
    """Issue 56: a start serves before it loads the finished jobs; a read of one of them waits for the load
    (JobBook.find), then finds it or answers JobNotFound; the dashboard's list waits likewise."""
    from actors.jobs import JobBook

    book = JobBook(Settings(data_dir=tmp_path), cast(Any, None), cast(Any, None))
    book.jobs["job_a0"] = job("a", 0)
    assert (await book.find("a", "job_a0")).id == "job_a0"  # known: no wait
    found: list[str] = []

    async def look(job_id: str) -> None:
        try:
            found.append((await book.find("a", job_id)).id)
        except JobNotFound:
            found.append(f"404 {job_id}")

    async with trio.open_nursery() as nursery:
        for job_id in ("job_a1", "job_a9"):
            nursery.start_soon(look, job_id)

        async def listed() -> None:
            found.append(",".join(sorted(j.id for j in await book.recent("a", 5))))

        nursery.start_soon(listed)
        await trio.testing.wait_all_tasks_blocked()
        assert found == []  # waiting, not a premature 404
        with pytest.raises(JobNotFound):
            book.job("a", "job_a1")  # the sync read says what is known now
        book.loaded({"job_a1": job("a", 1), "job_a0": job("a", 99)})
    assert sorted(found) == ["404 job_a9", "job_a0,job_a1", "job_a1"]
    assert book.jobs["job_a0"].url == "http://fixture.test/0"  # known before the load: kept as it is


async def test_a_start_removes_only_result_files_left_from_before_it(tmp_path: Any) -> None:
    """keep_only removes the files of jobs that never succeeded, but not one written since the start began
    (the finished jobs load while new ones run: their results must stay)."""
    import os
    import time

    from actors.capture import ResultStore

    store = ResultStore(tmp_path)
    for name in ("job_0a", "job_0b"):
        await store.write(name, b"old")
        os.utime(tmp_path / name, (time.time() - 60, time.time() - 60))
    (tmp_path / "job_0c.partial").write_bytes(b"half")
    os.utime(tmp_path / "job_0c.partial", (time.time() - 60, time.time() - 60))
    started = time.time() - 1
    await store.write("job_0d", b"new")  # a job that ran since the start began: not in the set kept
    removed = await store.keep_only(["job_0a"], written_before=started)
    assert sorted(removed) == ["job_0b", "job_0c.partial"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["job_0a", "job_0d"]
