"""A copy of the data directory that another service can start from, taken while the service runs.

The database is copied on the database's own thread right after a CHECKPOINT, so no commit can land
halfway through the copy and the copy needs no write-ahead log. The secrets (the API-key HMAC secret,
the payload keys that open queued jobs, the result-URL, idempotency and cache keys) and the result files (jobs'
and the shelf's) are copied after it: every result a job in the copy names was written before its
job.succeeded event, so it is complete; a file written later belongs to a job the copy still has queued
or running, and the restored service renders that job again (a shelf file without its result.shelved
event is removed when the copy starts).

Restoring is starting a service on the copy (CAPTURE_DATA_DIR); queued and running jobs are run there.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb

DATABASE = "capture.duckdb"
COPIED_DIRECTORIES = ("secrets", "results", "shelf")  # shelf: the cache and json answers' results (actors.capture)


class BackupError(ValueError):
    """The backup cannot be taken where asked; the message says why."""


def prepare(destination: Path) -> Path:
    """The destination made ready: a new (or empty) directory, private to the service's user."""
    destination = destination.resolve()
    if destination.exists() and (not destination.is_dir() or any(destination.iterdir())):
        raise BackupError(f"{destination} exists and is not an empty directory")
    destination.mkdir(mode=0o700, parents=True, exist_ok=True)
    return destination


def snapshot_database(conn: duckdb.DuckDBPyConnection, source: Path, destination: Path) -> int:
    """Checkpoint, then copy the database file (run with the write connection, so nothing commits
    meanwhile); its size in bytes."""
    conn.execute("CHECKPOINT")
    target = destination / DATABASE
    shutil.copyfile(source, target)
    os.chmod(target, 0o600)
    return target.stat().st_size


def copy_files(data_dir: Path, destination: Path) -> int:
    """Copy the secrets and the results; the number of result files."""
    for name in COPIED_DIRECTORIES:
        if (data_dir / name).is_dir():
            shutil.copytree(data_dir / name, destination / name, dirs_exist_ok=True)
    results = destination / "results"
    return sum(1 for p in results.rglob("*") if p.is_file()) if results.is_dir() else 0


def copy_offline(data_dir: Path, destination: Path) -> int:
    """With no service running: the database file (and a write-ahead log left by a crash) as they are."""
    for name in (DATABASE, DATABASE + ".wal"):
        if (data_dir / name).exists():
            shutil.copyfile(data_dir / name, destination / name)
            os.chmod(destination / name, 0o600)
    return (destination / DATABASE).stat().st_size if (destination / DATABASE).exists() else 0
