"""Request rates: token buckets refilled continuously, sized by a budget's requests/minute."""

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
        return self.take_all([(key, per_minute)], now)[0]

    def take_all(self, budgets: list[tuple[str, int]], now: float) -> tuple[RateDecision, int | None]:
        """One request from every (key, per_minute) budget, or from none of them.

        Returns the decision of the budget that refused (and its index), or, when all had
        room, that of the tightest one (and None): a workspace of many keys cannot spend
        more than its own budget, and a refusal costs no budget a token.
        """
        refilled = []
        for key, per_minute in budgets:
            tokens, at = self._buckets.pop(key, (float(per_minute), now))
            refilled.append((key, per_minute, min(float(per_minute), tokens + (now - at) * per_minute / 60.0)))
        refused = next((n for n, (_, _, tokens) in enumerate(refilled) if tokens < 1.0), None)
        decisions = []
        for key, per_minute, tokens in refilled:
            left = tokens - 1.0 if refused is None else tokens
            self._buckets[key] = (left, now)
            decisions.append(_decision(left, per_minute, allowed=refused is None))
        while len(self._buckets) > self.max_keys:
            del self._buckets[next(iter(self._buckets))]
        if refused is not None:
            return decisions[refused], refused
        return min(decisions, key=lambda d: d.remaining), None


def _decision(tokens: float, per_minute: int, *, allowed: bool) -> RateDecision:
    rate = per_minute / 60.0
    return RateDecision(
        allowed=allowed,
        limit=per_minute,
        remaining=int(tokens),
        reset_s=math.ceil((per_minute - tokens) / rate) if rate else 0,
        retry_after_s=0 if allowed else max(1, math.ceil((1.0 - tokens) / rate)),
    )
