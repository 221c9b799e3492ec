"""Per-key request rate: a token bucket refilled continuously, sized by the plan's requests/minute."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    limit: int
    remaining: int
    reset_s: int  # seconds until the bucket is full again
    retry_after_s: int  # seconds until one request is allowed (0 when allowed)

    def headers(self) -> dict[str, str]:
        return {
            "ratelimit-limit": str(self.limit),
            "ratelimit-remaining": str(self.remaining),
            "ratelimit-reset": str(self.reset_s),
        }


class TokenBuckets:
    """Buckets by key. Sync: it cannot block, and is called from one trio task at a time.

    At most `max_keys` buckets are kept: past that the least recently used one
    is dropped, which only hands its key a full bucket again. Keys that come
    from outside (client addresses) cannot grow the map without bound.
    """

    def __init__(self, max_keys: int = 1_000_000) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at), least recently used first
        self.max_keys = max_keys

    def take(self, key: str, per_minute: int, now: float) -> RateDecision:
        rate = per_minute / 60.0
        tokens, at = self._buckets.pop(key, (float(per_minute), now))
        tokens = min(float(per_minute), tokens + (now - at) * rate)
        allowed = tokens >= 1.0
        if allowed:
            tokens -= 1.0
        self._buckets[key] = (tokens, now)
        if len(self._buckets) > self.max_keys:
            del self._buckets[next(iter(self._buckets))]
        return RateDecision(
            allowed=allowed,
            limit=per_minute,
            remaining=int(tokens),
            reset_s=math.ceil((per_minute - tokens) / rate) if rate else 0,
            retry_after_s=0 if allowed else max(1, math.ceil((1.0 - tokens) / rate)),
        )
