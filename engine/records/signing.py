"""Signed, expiring result URLs: `/api/results/{id}?expires=<unix>&sig=<tag>.<mac>`.

`mac` is an HMAC-SHA256 over the job id, its workspace and the expiry, with a
key used for nothing else. `tag` is a short HMAC of the workspace alone, so a
URL whose job id was swapped for another workspace's job answers 404 (API.md:
another workspace's jobs are invisible, never 403), while any other alteration
answers 403 `invalid_signature`, a sig altered at its start (a tag that names
no workspace) too.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable, Iterable

from engine.rules.errors import InvalidSignature, JobNotFound, ResultUrlExpired

TAG_BYTES = 6


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class ResultSigner:
    def __init__(self, key: bytes) -> None:
        self._key = key
        # The workspaces there are (set once the accounts run): a tag is another workspace's only if one has it.
        self.workspaces: Callable[[], Iterable[str]] = tuple
        self._tags: set[str] = set()  # the tags of the workspaces seen so far
        self._seen: set[str] = set()

    def _tag(self, workspace_id: str) -> str:
        return _b64(hmac.new(self._key, b"workspace\0" + workspace_id.encode(), hashlib.sha256).digest()[:TAG_BYTES])

    def _mac(self, job_id: str, workspace_id: str, expires: int) -> str:
        message = "\0".join(("result", job_id, workspace_id, str(expires))).encode()
        return _b64(hmac.new(self._key, message, hashlib.sha256).digest())

    def _names_a_workspace(self, tag: str) -> bool:
        if tag not in self._tags:  # a workspace made since it was last asked, or none at all
            for workspace in self.workspaces():
                if workspace not in self._seen:
                    self._seen.add(workspace)
                    self._tags.add(self._tag(workspace))
        return tag in self._tags

    def sign(self, job_id: str, workspace_id: str, expires: int) -> str:
        return f"{self._tag(workspace_id)}.{self._mac(job_id, workspace_id, expires)}"

    def url(self, base_url: str, job_id: str, workspace_id: str, expires: int) -> str:
        sig = self.sign(job_id, workspace_id, expires)
        return f"{base_url.rstrip('/')}/api/results/{job_id}?expires={expires}&sig={sig}"

    def check(self, job_id: str, workspace_id: str, expires: str | None, sig: str | None, now: float) -> None:
        """Raise unless `sig` signs this job, its workspace and `expires`, and `expires` is ahead."""
        if not sig:
            raise InvalidSignature("the result URL has no sig; ask GET /api/jobs/{id} for a signed one")
        tag, _, mac = sig.partition(".")
        if not hmac.compare_digest(tag.encode(), self._tag(workspace_id).encode()):  # bytes: any text compares
            if self._names_a_workspace(tag):
                raise JobNotFound(job_id)  # a URL of another workspace's, this job's id put in it
            raise InvalidSignature("the result URL was altered; ask GET /api/jobs/{id} for a fresh one")
        try:
            when = int(expires or "")
        except ValueError:
            raise InvalidSignature("the result URL's expires is not a number") from None
        if not hmac.compare_digest(mac.encode(), self._mac(job_id, workspace_id, when).encode()):
            raise InvalidSignature("the result URL was altered; ask GET /api/jobs/{id} for a fresh one")
        if when <= now:
            raise ResultUrlExpired("the result URL expired; ask GET /api/jobs/{id} for a fresh one")


def result_url_expires(now: float, ttl_s: int, kept_until: float) -> int:
    """When a fresh result URL ends: result_url_ttl_s from now, never past the time the result is kept."""
    return min(int(now) + ttl_s, int(kept_until))
