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
    cpu_ms: float = math.nan  # CPU per capture, of the runner's whole process tree (service + Chromium)
    own_cpu_ms: float = math.nan  # of that, the service process's own (nan for a baseline: it has none)
    loop_cpu_ms: float = math.nan  # of that, its event loop's thread's (the main thread: trio runs there)

    @property
    def per_s(self) -> float:
        return self.count / self.wall_s if self.wall_s > 0 else math.nan

    @classmethod
    def of(cls, runner: str, page: str, concurrency: int, latencies: list[float], failures: int,
           wall_s: float, cpu_s: tuple[float, ...] = (math.nan, math.nan, math.nan)) -> Figures:
        """`cpu_s`: the CPU-seconds the runner's process tree, its own process and that process's event loop
        thread spent over the whole series (a baseline's last two are nan)."""
        per = [cpu * 1000 / len(latencies) if latencies else math.nan for cpu in (*cpu_s, math.nan, math.nan)[:3]]
        return cls(runner, page, concurrency, len(latencies), failures, wall_s,
                   *(percentile(latencies, p) * 1000 for p in (50, 95, 99)), *per)

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "per_s": self.per_s}


def ratio(service: float, baseline: float) -> float:
    return service / baseline if baseline and not math.isnan(baseline) else math.nan


# The service's Chromium driven directly over CDP (benchmarks/baseline.py): `baseline` launched as the service
# launches it, `bare` the same as root without a sandbox, `generic` as a generic driver script runs it.
BASELINES = ("baseline", "bare", "generic")


def _ratios(f: Figures, to: Figures | None) -> tuple[str, str, str]:
    if to is None or to is f:
        return "", "", ""
    return (f"{ratio(f.p50_ms, to.p50_ms):.2f}", f"{ratio(f.per_s, to.per_s):.2f}",
            f"{ratio(f.cpu_ms, to.cpu_ms):.2f}")


def table(series: list[Figures]) -> str:
    """One line per series, with its ratios (p50, captures/s, CPU per capture) to `baseline` and to `generic`
    of the same page and concurrency, where the run has them."""
    base = {(f.runner, f.page, f.concurrency): f for f in series if f.runner in BASELINES}
    lines = [f"{'runner':<9}{'page':<11}{'conc':>5}{'n':>6}{'fail':>5}{'cap/s':>8}{'p50 ms':>9}{'p95 ms':>9}"
             f"{'p99 ms':>9}{'cpu ms':>8}{'own':>5}{'loop':>5}  {'× baseline: p50 cap/s cpu':>26}"
             f"  {'× generic: p50 cap/s cpu':>25}"]
    for f in series:
        to_base = " ".join(f"{x:>6}" for x in _ratios(f, base.get(("baseline", f.page, f.concurrency))))
        to_generic = " ".join(f"{x:>6}" for x in _ratios(f, base.get(("generic", f.page, f.concurrency))))
        own, loop = ("", "") if f.runner in BASELINES else (f"{f.own_cpu_ms:.0f}", f"{f.loop_cpu_ms:.0f}")
        lines.append(f"{f.runner:<9}{f.page:<11}{f.concurrency:>5}{f.count:>6}{f.failures:>5}{f.per_s:>8.2f}"
                     f"{f.p50_ms:>9.0f}{f.p95_ms:>9.0f}{f.p99_ms:>9.0f}{f.cpu_ms:>8.0f}{own:>5}{loop:>5}"
                     f"  {to_base:>26}  {to_generic:>25}")
    return "\n".join(lines)


def loop_ceiling(series: list[Figures], runner: str = "sync") -> str:
    """The service's own CPU per capture on each page, split into its event loop's thread and the rest (to_thread
    workers, the pixel checks, the log's writer), at the highest concurrency the run has for that page, and the
    ceiling that implies: one event loop thread can drive at most 1000 / loop-ms captures a second, however many
    cores or Grid nodes render for it (issue 56)."""
    lines = []
    for page in dict.fromkeys(f.page for f in series if f.runner == runner):
        f = max((f for f in series if f.runner == runner and f.page == page), key=lambda f: f.concurrency)
        if math.isnan(f.loop_cpu_ms) or f.loop_cpu_ms <= 0:
            continue
        lines.append(f"  {page:<11} c={f.concurrency}: own CPU {f.own_cpu_ms:.0f} ms per capture, of it the event "
                     f"loop's thread {f.loop_cpu_ms:.0f} ms and the rest {f.own_cpu_ms - f.loop_cpu_ms:.0f} ms: a "
                     f"ceiling of {1000 / f.loop_cpu_ms:.0f} captures/s per process")
    return "\n".join(["service's own CPU and the ceiling it implies:", *lines]) if lines else ""
