"""Durable jobs: their book, their acceptance, the workers that run them, cancellation, results and retention."""

from __future__ import annotations

from actors.jobs.actor import Jobs
from actors.jobs.book import JobBook, JobSecrets

__all__ = ["JobBook", "JobSecrets", "Jobs"]
