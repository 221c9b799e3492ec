"""Micro-figures of the durable path: job accepts, status reads, event-log appends (group commit).

The HTTP figures come with the ceiling of the server stack itself, measured
with the same client in the same run.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson
import trio

from actors.eventlog import Event, EventLog, running_event_log
from benchmarks.service import ROOT, RunningService
from benchmarks.site import Site

CLIENTS = 16
BATCH = 20  # captures per POST /api/jobs/batch, the most one may hold
WRITERS = (1, 16, 64, 256)  # concurrent appenders: a group commit is only as wide as what waits for it


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
    """Job accepts and status reads on the service, and the same reads on the bare server stack."""
    accepts, reads = (300, 2000) if quick else (1000, 6000)
    jobs: list[str] = []
    url, key = service.url, service.key
    target = f"{site.base}/text"

    def accept(n: int) -> bytes:
        return request("POST", f"{url}/api/jobs", key, orjson.dumps({"url": f"{target}?accept={n}"}))

    def accept_batch(n: int) -> bytes:
        captures = [{"url": f"{target}?batch={n}&item={i}"} for i in range(BATCH)]
        return request("POST", f"{url}/api/jobs/batch", key, orjson.dumps({"captures": captures}))
    figures = {"job_accepts_per_s": await hammer(url, accepts, accept, 202,
                                                 lambda body: jobs.append(orjson.loads(body)["id"]))}
    figures["job_accepts_per_s_in_batches"] = BATCH * await hammer(
        url, accepts // BATCH, accept_batch, 202, lambda body: jobs.extend(j["id"] for j in orjson.loads(body)["jobs"]))
    # The accepted jobs would keep the pool busy for minutes: cancel them before reading.
    await hammer(url, len(jobs), lambda n: request("DELETE", f"{url}/api/jobs/{jobs[n]}", key),
                 (202, 409))  # 409: it had finished already
    figures["job_status_reads_per_s"] = await hammer(
        url, reads, lambda n: request("GET", f"{url}/api/jobs/{jobs[n % len(jobs)]}", key), 200)
    async with ceiling() as bare:
        figures["http_ceiling_reads_per_s"] = await hammer(bare, reads, lambda n: request("GET", f"{bare}/x"), 200)
    return figures


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


async def event_log_appends() -> dict[int, float]:
    """Appends per second into a fresh DuckDB file, by the number of concurrent appenders."""
    found = {}
    for writers in WRITERS:
        total = max(writers * 40, 1000)  # a fraction of a second each: --quick keeps them whole
        with tempfile.TemporaryDirectory(prefix="capture-bench-log-") as directory:
            async with running_event_log(Path(directory) / "bench.duckdb") as (log, _):
                async def appender(numbers: Iterator[int], log: EventLog = log) -> None:
                    for n in numbers:
                        await log.append(_event(n))
                found[writers] = await rate(total, writers, appender)
    return found


def _event(n: int) -> Event:
    data: dict[str, Any] = {"host": "fixture.test", "source": "url"}
    return Event("capture.succeeded", workspace_id="ws_bench", key_id="key_bench", capture_id=f"cap_{n}",
                 request_id=f"req_{n}", outcome="succeeded", format="png", duration_ms=120, bytes=20_000,
                 target_status=200, data=data)
