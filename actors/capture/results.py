"""The result store: one file per succeeded job under `<data>/results/`, written durably (the shelf keeps
synchronous captures' results the same way under `<data>/shelf/`, actors/capture/shelf.py).

A result is written to a temporary name, synced and renamed before its job is
recorded as succeeded, so a recorded success always has its file; a file
whose job never got that far is removed on start. The jobs actor decides
when a result expires; the store only keeps and deletes files. Disk work
runs in threads, never on the trio loop.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable
from pathlib import Path

import trio

SAFE_ID = re.compile(r"^(job|cap)_[0-9a-f]+$")  # a job's id, or a synchronous capture's


class ResultStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, job_id: str) -> Path:
        if not SAFE_ID.fullmatch(job_id):
            raise ValueError(f"not a job or capture id: {job_id!r}")
        return self.directory / job_id

    async def write(self, job_id: str, body: bytes) -> None:
        await trio.to_thread.run_sync(self._write, self.path(job_id), body)

    def _write(self, path: Path, body: bytes) -> None:
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        partial = path.with_name(path.name + ".partial")
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
        directory = os.open(self.directory, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)

    async def read(self, job_id: str) -> bytes | None:
        def read() -> bytes | None:
            try:
                return self.path(job_id).read_bytes()
            except FileNotFoundError:
                return None
        return await trio.to_thread.run_sync(read)

    async def delete(self, job_id: str) -> None:
        await trio.to_thread.run_sync(lambda: self.path(job_id).unlink(missing_ok=True))

    async def keep_only(self, job_ids: Iterable[str], written_before: float = math.inf) -> list[str]:
        """Remove every file but the results of `job_ids` (partial writes, jobs a crash interrupted); only files
        last written before `written_before` (a time.time()), when others are being written meanwhile."""
        keep = set(job_ids)

        def sweep() -> list[str]:
            removed = []
            for path in self.directory.glob("*") if self.directory.is_dir() else []:
                if path.name not in keep and _written(path) < written_before:
                    path.unlink(missing_ok=True)
                    removed.append(path.name)
            return removed
        return await trio.to_thread.run_sync(sweep)


def _written(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return math.inf  # gone meanwhile (a partial write renamed): nothing to remove
