"""Figures from latencies: rate, percentiles, ratios, and the table the benchmark prints."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (0–100) by the nearest-rank method; nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Figures:
    """One series: `count` captures (or requests) in `wall_s`, with their latencies in seconds."""

    runner: str  # baseline, sync, jobs
    page: str
    concurrency: int
    count: int
    failures: int
    wall_s: float
    p50_ms: float
    p95_ms: float
    p99_ms: float

    @property
    def per_s(self) -> float:
        return self.count / self.wall_s if self.wall_s > 0 else math.nan

    @classmethod
    def of(cls, runner: str, page: str, concurrency: int, latencies: list[float], failures: int,
           wall_s: float) -> Figures:
        return cls(runner, page, concurrency, len(latencies), failures, wall_s,
                   *(percentile(latencies, p) * 1000 for p in (50, 95, 99)))

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "per_s": self.per_s}


def ratio(service: float, baseline: float) -> float:
    return service / baseline if baseline and not math.isnan(baseline) else math.nan


def table(series: list[Figures]) -> str:
    """One line per series; service lines carry their ratio to the baseline of the same page and concurrency."""
    base = {(f.page, f.concurrency): f for f in series if f.runner == "baseline"}
    lines = [f"{'runner':<9}{'page':<11}{'conc':>5}{'n':>6}{'fail':>5}{'cap/s':>8}{'p50 ms':>9}{'p95 ms':>9}"
             f"{'p99 ms':>9}{'p50 ×':>8}{'cap/s ×':>9}"]
    for f in series:
        b = base.get((f.page, f.concurrency))
        p50_x = "" if f.runner == "baseline" or b is None else f"{ratio(f.p50_ms, b.p50_ms):.2f}"
        rate_x = "" if f.runner == "baseline" or b is None else f"{ratio(f.per_s, b.per_s):.2f}"
        lines.append(f"{f.runner:<9}{f.page:<11}{f.concurrency:>5}{f.count:>6}{f.failures:>5}{f.per_s:>8.2f}"
                     f"{f.p50_ms:>9.0f}{f.p95_ms:>9.0f}{f.p99_ms:>9.0f}{p50_x:>8}{rate_x:>9}")
    return "\n".join(lines)
