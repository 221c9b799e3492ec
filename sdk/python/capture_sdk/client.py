"""`Capture` and `AsyncCapture`: the API's routes as methods, one shape for sync and async (httpx)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anyio
import httpx

TERMINAL = frozenset({"SUCCEEDED", "FAILED", "CANCELLED", "EXPIRED"})
# Every `format` of the API, each with the file suffixes that ask for it: `screenshot_to_file` takes the format
# from the path's suffix.
FORMATS = {"png": (".png",), "jpeg": (".jpg", ".jpeg"), "webp": (".webp",), "pdf": (".pdf",),
           "html": (".html", ".htm"), "markdown": (".md", ".markdown"), "webm": (".webm",), "mp4": (".mp4",),
           "gif": (".gif",)}
SUFFIXES = {suffix: fmt for fmt, suffixes in FORMATS.items() for suffix in suffixes}


class CaptureError(Exception):
    """A refusal: the problem document's `status`, `code` (stable, e.g. `destination_forbidden`) and `detail`;
    the whole document in `problem`."""

    def __init__(self, status: int, problem: dict[str, Any]) -> None:
        self.status, self.problem = status, problem
        self.code: str = problem.get("code", "unknown")
        self.detail: str = problem.get("detail") or problem.get("title") or ""
        super().__init__(f"{status} {self.code}: {self.detail}")


class JobNotFinished(TimeoutError):
    """`wait` gave up before the job reached a terminal state; `job` is its last status."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job = job
        super().__init__(f"job {job.get('id')} still {job.get('status')}")


def _format_of(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """`options` with the format the path's suffix names (a path without one: the API's default, png); a
    suffix of no format is refused rather than given PNG bytes."""
    suffix = path.suffix.lower()
    if "format" in options or not suffix:
        return options
    if suffix not in SUFFIXES:
        raise ValueError(f"{path.name}: {suffix} names no capture format; pass format= or use one of "
                         f"{', '.join(SUFFIXES)}")
    return {**options, "format": SUFFIXES[suffix]}


def _checked(answer: httpx.Response) -> httpx.Response:
    if answer.status_code >= 400:
        try:
            problem = answer.json()
        except ValueError:
            problem = {"detail": answer.text[:500]}
        raise CaptureError(answer.status_code, problem if isinstance(problem, dict) else {"detail": str(problem)})
    return answer


def _result_request(http: httpx.Client | httpx.AsyncClient, url: str) -> httpx.Request:
    """A GET of a result's URL, with the API key only when the URL is the service's own origin: a `resultUrl`
    may name a bucket or any host a proxy in front wrote, and the key is not theirs to see."""
    request = http.build_request("GET", url)
    base = http.base_url
    if (request.url.scheme, request.url.host, request.url.port) != (base.scheme, base.host, base.port):
        del request.headers["x-api-key"]
    return request


def _json(answer: httpx.Response) -> dict[str, Any]:
    body: dict[str, Any] = _checked(answer).json()
    return body


class Capture:
    """The service at `base_url`, as the workspace of `api_key`. Use as a context manager, or `close()`."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 120.0,
                 http: httpx.Client | None = None) -> None:
        self.http = http or httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout)
        self.http.headers["x-api-key"] = api_key

    def __enter__(self) -> Capture:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    def screenshot(self, **options: Any) -> bytes:
        """The capture's bytes (POST /api/screenshot); `options` are the capture request's fields."""
        return _checked(self.http.post("/api/screenshot", json=options)).content

    def screenshot_to_file(self, path: str | Path, **options: Any) -> Path:
        """The capture written to `path`; the format from its suffix (FORMATS) unless `format` is given."""
        path = Path(path)
        path.write_bytes(self.screenshot(**_format_of(path, options)))
        return path

    def report(self, **options: Any) -> dict[str, Any]:
        """The capture's metadata instead of its bytes (`responseType: json`): title, timings, resultUrl…"""
        return _json(self.http.post("/api/screenshot", json={**options, "responseType": "json"}))

    def create_job(self, **options: Any) -> dict[str, Any]:
        """Queue the capture as a durable job (202): `{"id", "status", "statusUrl"}`."""
        return _json(self.http.post("/api/jobs", json=options))

    def create_batch(self, captures: Iterable[dict[str, Any]]) -> dict[str, Any]:
        """Queue up to 20 captures at once: `{"jobs": [...]}`."""
        return _json(self.http.post("/api/jobs/batch", json={"captures": list(captures)}))

    def get_job(self, job_id: str) -> dict[str, Any]:
        return _json(self.http.get(f"/api/jobs/{job_id}"))

    def cancel_job(self, job_id: str) -> dict[str, Any]:
        return _json(self.http.delete(f"/api/jobs/{job_id}"))

    def wait(self, job_id: str, *, timeout: float = 120.0, interval: float = 0.5) -> dict[str, Any]:
        """The job once SUCCEEDED, FAILED, CANCELLED or EXPIRED; JobNotFinished after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while (job := self.get_job(job_id))["status"] not in TERMINAL:
            if time.monotonic() > deadline:
                raise JobNotFinished(job)
            time.sleep(interval)
        return job

    def download(self, job: dict[str, Any]) -> bytes:
        """A SUCCEEDED job's result, through its signed resultUrl (the API key is sent to the service only)."""
        return _checked(self.http.send(_result_request(self.http, job["resultUrl"]))).content

    def usage(self) -> dict[str, Any]:
        """The plan and this month's quota: `{"period", "plan", "quota": {"limit", "used", …}}`."""
        return _json(self.http.get("/api/usage"))

    def create_monitor(self, capture: dict[str, Any], every: str, **fields: Any) -> dict[str, Any]:
        """A page captured on a schedule (`every`: "15m", "6h", "1d"); `name`, `compare`, `webhookUrl`."""
        return _json(self.http.post("/api/monitors", json={"capture": capture, "every": every, **fields}))

    def list_monitors(self) -> list[dict[str, Any]]:
        return list(_json(self.http.get("/api/monitors"))["monitors"])

    def get_monitor(self, monitor_id: str) -> dict[str, Any]:
        return _json(self.http.get(f"/api/monitors/{monitor_id}"))

    def change_monitor(self, monitor_id: str, **fields: Any) -> dict[str, Any]:
        """`name`, `every`, `compare`, `webhookUrl` or `paused` changed; the rest stays."""
        return _json(self.http.patch(f"/api/monitors/{monitor_id}", json=fields))

    def delete_monitor(self, monitor_id: str) -> None:
        _checked(self.http.delete(f"/api/monitors/{monitor_id}"))

    def run_monitor(self, monitor_id: str) -> dict[str, Any]:
        """A run queued now (its schedule unchanged): the run, QUEUED."""
        return _json(self.http.post(f"/api/monitors/{monitor_id}/run"))

    def list_monitor_runs(self, monitor_id: str, limit: int = 20, before: str | None = None) -> list[dict[str, Any]]:
        """Newest first; `before`: the runs older than that run id (the last of the previous page)."""
        params: dict[str, Any] = {"limit": limit, **({"before": before} if before else {})}
        return list(_json(self.http.get(f"/api/monitors/{monitor_id}/runs", params=params))["runs"])


class AsyncCapture:
    """`Capture` for asyncio or trio: the same methods, awaited."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 120.0,
                 http: httpx.AsyncClient | None = None) -> None:
        self.http = http or httpx.AsyncClient(base_url=base_url.rstrip("/"), timeout=timeout)
        self.http.headers["x-api-key"] = api_key

    async def __aenter__(self) -> AsyncCapture:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.http.aclose()

    async def screenshot(self, **options: Any) -> bytes:
        return _checked(await self.http.post("/api/screenshot", json=options)).content

    async def screenshot_to_file(self, path: str | Path, **options: Any) -> Path:
        path = Path(path)
        body = await self.screenshot(**_format_of(path, options))
        await anyio.Path(path).write_bytes(body)
        return path

    async def report(self, **options: Any) -> dict[str, Any]:
        return _json(await self.http.post("/api/screenshot", json={**options, "responseType": "json"}))

    async def create_job(self, **options: Any) -> dict[str, Any]:
        return _json(await self.http.post("/api/jobs", json=options))

    async def create_batch(self, captures: Iterable[dict[str, Any]]) -> dict[str, Any]:
        return _json(await self.http.post("/api/jobs/batch", json={"captures": list(captures)}))

    async def get_job(self, job_id: str) -> dict[str, Any]:
        return _json(await self.http.get(f"/api/jobs/{job_id}"))

    async def cancel_job(self, job_id: str) -> dict[str, Any]:
        return _json(await self.http.delete(f"/api/jobs/{job_id}"))

    async def wait(self, job_id: str, *, timeout: float = 120.0,  # noqa: ASYNC109 - the sync client's signature
                   interval: float = 0.5) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while (job := await self.get_job(job_id))["status"] not in TERMINAL:
            if time.monotonic() > deadline:
                raise JobNotFinished(job)
            await anyio.sleep(interval)
        return job

    async def download(self, job: dict[str, Any]) -> bytes:
        return _checked(await self.http.send(_result_request(self.http, job["resultUrl"]))).content

    async def usage(self) -> dict[str, Any]:
        return _json(await self.http.get("/api/usage"))

    async def create_monitor(self, capture: dict[str, Any], every: str, **fields: Any) -> dict[str, Any]:
        return _json(await self.http.post("/api/monitors", json={"capture": capture, "every": every, **fields}))

    async def list_monitors(self) -> list[dict[str, Any]]:
        return list(_json(await self.http.get("/api/monitors"))["monitors"])

    async def get_monitor(self, monitor_id: str) -> dict[str, Any]:
        return _json(await self.http.get(f"/api/monitors/{monitor_id}"))

    async def change_monitor(self, monitor_id: str, **fields: Any) -> dict[str, Any]:
        return _json(await self.http.patch(f"/api/monitors/{monitor_id}", json=fields))

    async def delete_monitor(self, monitor_id: str) -> None:
        _checked(await self.http.delete(f"/api/monitors/{monitor_id}"))

    async def run_monitor(self, monitor_id: str) -> dict[str, Any]:
        return _json(await self.http.post(f"/api/monitors/{monitor_id}/run"))

    async def list_monitor_runs(self, monitor_id: str, limit: int = 20,
                                before: str | None = None) -> list[dict[str, Any]]:
        params: dict[str, Any] = {"limit": limit, **({"before": before} if before else {})}
        return list(_json(await self.http.get(f"/api/monitors/{monitor_id}/runs", params=params))["runs"])
