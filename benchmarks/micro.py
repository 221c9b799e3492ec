"""Micro-figures of the durable path over HTTP: job accepts, status reads, captures during a login storm.

The HTTP figures come with the ceiling of the server stack itself, measured
with the same client in the same run.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson
import trio

from benchmarks.service import ROOT, RunningService
from benchmarks.site import Site

CLIENTS = 16
ACCEPT_CLIENTS = (16, 64)  # a durable commit per request: accepts grow with the requests waiting on one commit
ROUNDS = 3  # each figure is the median of this many rounds
SETTLE_S = 1.0
TERMINAL = {"SUCCEEDED", "FAILED", "CANCELLED", "EXPIRED"}
BATCH = 20  # captures per POST /api/jobs/batch, the most one may hold


class Connection:
    """One keep-alive HTTP/1.1 connection: request bytes out, (status, body) back.

    Far lighter than an HTTP library, so that the client's own cost stays small
    beside the server's: both share this machine's two cores.
    """

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.buffer = b""

    async def exchange(self, request: bytes) -> tuple[int, bytes]:
        await self.stream.send_all(request)
        while b"\r\n\r\n" not in self.buffer:
            await self._more()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
        if length is None:
            raise RuntimeError(f"an answer without content-length: {head[:300]!r}")
        while len(self.buffer) < int(length[1]):
            await self._more()
        body, self.buffer = self.buffer[:int(length[1])], self.buffer[int(length[1]):]
        return int(head[9:12]), body

    async def _more(self) -> None:
        chunk = await self.stream.receive_some(65536)
        if not chunk:
            raise RuntimeError("the server closed the connection")
        self.buffer += chunk


def request(method: str, url: str, key: str | None = None, body: bytes | None = None) -> bytes:
    parts = urlsplit(url)
    lines = [f"{method} {parts.path} HTTP/1.1", f"host: {parts.netloc}"]
    if key:
        lines.append(f"x-api-key: {key}")
    if body is not None:
        lines += ["content-type: application/json", f"content-length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


async def rate(total: int, workers: int, work: Callable[[Iterator[int]], Awaitable[None]]) -> float:
    """Numbers 0 … total-1 shared out to `workers` runs of `work(numbers)`; numbers per second."""
    numbers = iter(range(total))
    began = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _ in range(workers):
            nursery.start_soon(work, numbers)
    return total / (time.perf_counter() - began)


async def hammer(url: str, total: int, make: Callable[[int], bytes], expect: int | tuple[int, ...],
                 seen: Callable[[bytes], None] = lambda body: None, clients: int = CLIENTS) -> float:
    """`total` requests over `clients` keep-alive connections; requests per second."""
    parts = urlsplit(url)
    allowed = expect if isinstance(expect, tuple) else (expect,)

    async def client(numbers: Iterator[int]) -> None:
        stream = await trio.open_tcp_stream(parts.hostname or "127.0.0.1", parts.port or 80)
        async with stream:
            connection = Connection(stream)
            for n in numbers:
                status, body = await connection.exchange(make(n))
                if status not in allowed:
                    raise RuntimeError(f"{status} instead of {expect}: {body[:200]!r}")
                seen(body)
    return await rate(total, clients, client)


async def over_http(service: RunningService, site: Site, quick: bool) -> dict[str, float]:
    """Job accepts and status reads on the service, and the same reads on the bare server stack.

    Accepts are measured twice: for jobs of the `hold` page, where the pool's
    sessions each sit on one held page and nothing renders (the intake's own
    capacity: HTTP, validation, sealing, the durable commit), and for jobs of
    the `text` page, which start rendering at once on the same two cores.

    Each figure is the median of ROUNDS, taken with the pool settled: the jobs a
    round accepted are cancelled, and the next round starts only once none is
    running any more and the idle pool had SETTLE_S to open its spares. The
    service's reads and the ceiling's alternate round by round, so a busier
    moment of the machine weighs on both.
    """
    accepts, reads = (300, 2000) if quick else (1000, 4000)
    url, key = service.url, service.key
    target = f"{site.base}/text"
    figures: dict[str, float] = {}

    def accept(page: str, n: int) -> bytes:
        return request("POST", f"{url}/api/jobs", key, orjson.dumps({"url": f"{site.base}/{page}?accept={n}"}))

    def accept_batch(n: int) -> bytes:
        captures = [{"url": f"{target}?batch={n}&item={i}"} for i in range(BATCH)]
        return request("POST", f"{url}/api/jobs/batch", key, orjson.dumps({"captures": captures}))

    async def accepts_round(make: Callable[[int], bytes], total: int, per_request: int, clients: int) -> float:
        jobs: list[str] = []
        rate = per_request * await hammer(url, total, make, 202, lambda body: jobs.extend(_job_ids(body)), clients)
        await _cancel_all(url, key, jobs)
        return rate
    for page, beside in (("hold", ""), ("text", "_rendering")):
        for clients in ACCEPT_CLIENTS:
            figures[f"job_accepts_per_s_{clients}_clients{beside}"] = statistics.median(
                [await accepts_round(partial(accept, page), accepts, 1, clients) for _ in range(ROUNDS)])
    figures["job_accepts_per_s_in_batches"] = statistics.median(
        [await accepts_round(accept_batch, accepts // BATCH, BATCH, CLIENTS) for _ in range(ROUNDS)])
    done = await _succeeded_job(url, key, target)  # its status is the longest: it has a signed result URL
    service_reads, bare_reads = [], []
    async with ceiling() as bare:
        for _ in range(ROUNDS):
            await trio.sleep(SETTLE_S)
            service_reads.append(await hammer(
                url, reads, lambda n: request("GET", f"{url}/api/jobs/{done}", key), 200))
            await trio.sleep(SETTLE_S)
            bare_reads.append(await hammer(bare, reads, lambda n: request("GET", f"{bare}/x"), 200))
    figures["job_status_reads_per_s"] = statistics.median(service_reads)
    figures["http_ceiling_reads_per_s"] = statistics.median(bare_reads)
    return figures


async def _succeeded_job(url: str, key: str, target: str) -> str:
    ids: list[str] = []
    await hammer(url, 1, lambda n: request("POST", f"{url}/api/jobs", key, orjson.dumps({"url": target})), 202,
                 lambda body: ids.extend(_job_ids(body)), clients=1)
    with trio.fail_after(60):  # polled over HTTP: the job ends in another process
        while True:
            status = (await _statuses(url, key, ids))[0]
            if status in TERMINAL:
                break
            await trio.sleep(0.05)
    if status != "SUCCEEDED":
        raise RuntimeError(f"the job to read ended {status}")
    return ids[0]


def _job_ids(body: bytes) -> list[str]:
    """The ids in a 202 of POST /api/jobs or /api/jobs/batch."""
    answer = orjson.loads(body)
    return [job["id"] for job in answer["jobs"]] if "jobs" in answer else [answer["id"]]


async def _statuses(url: str, key: str, ids: list[str]) -> list[str]:
    """The status of each job, in order."""
    found: list[str] = []
    await hammer(url, len(ids), lambda n: request("GET", f"{url}/api/jobs/{ids[n]}", key), 200,
                 lambda body: found.append(orjson.loads(body)["status"]), clients=1)
    return found


async def _cancel_all(url: str, key: str, jobs: list[str]) -> None:
    """Cancel `jobs`; return once none of them runs any more and the idle pool has settled."""
    answers: list[dict[str, Any]] = []
    await hammer(url, len(jobs), lambda n: request("DELETE", f"{url}/api/jobs/{jobs[n]}", key), (202, 409),
                 lambda body: answers.append(orjson.loads(body)))  # 409: it had finished already
    running = [job["id"] for job in answers if job.get("status") == "RUNNING"]
    with trio.fail_after(60):  # a running job stops within its capture's timeout; these take well under 1 s
        while running:
            await trio.sleep(0.05)
            running = [job for job, status in zip(running, await _statuses(url, key, running), strict=True)
                       if status not in TERMINAL]
    await trio.sleep(SETTLE_S)


@asynccontextmanager
async def ceiling() -> AsyncIterator[str]:
    """`benchmarks.ceiling` in a process of its own, as the service is."""
    process = await trio.lowlevel.open_process([sys.executable, "-m", "benchmarks.ceiling"], cwd=ROOT,
                                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    try:
        head = b""
        with trio.fail_after(30):
            while b"\n" not in head and (chunk := await process.stdout.receive_some()):
                head += chunk
        found = re.search(r"ready on (http://\S+)", head.decode(errors="replace"))
        if found is None:
            raise RuntimeError(f"the ceiling server did not start: {head!r}")
        yield found[1]
    finally:
        process.kill()
        with trio.CancelScope(shield=True):
            await process.wait()
            await process.stdout.aclose()


STORM_CLIENTS = 20  # connections sending logins with unknown emails, all from 127.0.0.1
STORM_LOGINS = 200  # in all, spread over about the time the captures beside them take
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


async def captures_during_a_login_storm(service: RunningService, site: Site, quick: bool) -> dict[str, float]:
    """p50 of sync captures of the text page alone, then while one address sends 200 logins with unknown
    emails, spread over about as long as the captures take (issue 17).

    Every login would cost an argon2id hash (64 MiB, a core) without the attempt budgets; with
    them, all but the budget's worth are refused before hashing, and captures go on as before.
    """
    count = 6 if quick else 12
    statuses: Counter[int] = Counter()
    async with httpx.AsyncClient(base_url=service.url, headers={"x-api-key": service.key}, timeout=120) as client:
        async def captures() -> list[float]:
            took = []
            for n in range(count):
                began = time.perf_counter()
                answer = await client.post("/api/screenshot", json={"url": f"{site.base}/text?storm={n}"})
                if answer.status_code != 200:
                    raise RuntimeError(f"capture answered {answer.status_code}: {answer.text[:200]}")
                took.append(time.perf_counter() - began)
            return took

        idle = await captures()
        pause = sum(idle) / (STORM_LOGINS // STORM_CLIENTS)
        async with trio.open_nursery() as nursery:
            for worker in range(STORM_CLIENTS):
                nursery.start_soon(_log_in, service.url, worker, pause, statuses)
            during = await captures()
    return {"capture_p50_ms_idle": statistics.median(idle) * 1000,
            "capture_p50_ms_login_storm": statistics.median(during) * 1000,
            "logins_sent": sum(statuses.values()), "logins_hashed": statuses[401],
            "logins_refused_before_hashing": statuses[429] + statuses[503]}


async def _log_in(url: str, worker: int, pause: float, statuses: Counter[int]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as browser:
        form = await browser.get("/login")
        token = CSRF.search(form.text)
        for n in range(STORM_LOGINS // STORM_CLIENTS):
            answer = await browser.post("/login", data={"email": f"storm-{worker}-{n}@example.com",
                                                         "password": "wrong password!",
                                                         "csrf_token": token[1] if token else ""})
            statuses[answer.status_code] += 1
            await trio.sleep(pause)
