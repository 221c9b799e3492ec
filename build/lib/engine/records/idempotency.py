"""Idempotency keys: the first answer to a key, remembered per workspace for 24 hours.

`claim` either returns the stored answer to replay, refuses (another body:
IdempotencyKeyReused; the first still in flight: IdempotencyConflict), or
marks the key in flight; the caller then `settle`s it with its answer or
`release`s it when the request was refused, so a fixed request may use the key
again. Only the owner's tasks call it; trio runs one at a time, so each call
is atomic.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.records.jobs import Accepted, Job
from engine.rules.errors import IdempotencyConflict, IdempotencyKeyReused

REMEMBER_S = 24 * 3600
Key = tuple[str, str]  # (workspace id, Idempotency-Key)


@dataclass
class _Entry:
    fingerprint: str
    at: float
    accepted: Accepted | None = None  # None: the first request is still in flight


class IdempotencyKeys:
    def __init__(self) -> None:
        self._entries: dict[Key, _Entry] = {}

    def claim(self, key: Key, fingerprint: str, now: float) -> Accepted | None:
        """The first answer to replay, or None once the key is marked in flight for this request."""
        entry = self._entries.get(key)
        if entry is not None and now - entry.at < REMEMBER_S:
            if entry.fingerprint != fingerprint:
                raise IdempotencyKeyReused("this Idempotency-Key was used with another request in the last 24 h")
            if entry.accepted is None:
                raise IdempotencyConflict("the first request with this Idempotency-Key is still being processed")
            return replace(entry.accepted, replayed=True)
        self._entries[key] = _Entry(fingerprint, now)
        return None

    def settle(self, key: Key, accepted: Accepted) -> None:
        self._entries[key].accepted = accepted

    def release(self, key: Key) -> None:
        del self._entries[key]

    def rebuilt(self, key: Key, fingerprint: str, at: float, job: Job) -> None:
        """Put a first answer together again from its jobs' events, one job at a time."""
        entry = self._entries.get(key)
        earlier = entry.accepted.jobs if entry is not None and entry.accepted is not None else ()
        jobs = tuple(sorted((*earlier, job), key=lambda j: j.index))
        self._entries[key] = _Entry(fingerprint, at, Accepted(jobs, job.batch_id))

    def forget_before(self, when: float) -> None:
        for key in [k for k, e in self._entries.items() if e.at < when and e.accepted is not None]:
            del self._entries[key]
