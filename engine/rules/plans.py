"""Plans and their entitlements, read from a TOML file the operator can replace."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

FEATURES = frozenset({
    "pdfOutput", "htmlOutput", "webmOutput", "durableWebhooks", "retainedDownloads",
    "aiElementRemoval", "scrolling", "deviceMockups", "customJavaScript", "regionalProxies", "monitors",
})
INTERVAL = re.compile(r"([1-9][0-9]{0,5})([mhd])")
UNIT_S = {"m": 60, "h": 3600, "d": 86400}
DEFAULT_PLANS_FILE = Path(__file__).with_name("plans.toml")


class PlanFileError(ValueError):
    """The plans file is missing a key, names an unknown feature, or is not TOML."""


@dataclass(frozen=True)
class Plan:
    name: str
    monthly_captures: int
    requests_per_minute: int
    features: frozenset[str]
    monitors: int = 0  # the most monitors a workspace keeps (feature `monitors`)
    monitor_every_s: int = 0  # the shortest interval between a monitor's runs, in seconds

    def allows(self, feature: str) -> bool:
        return feature in self.features


def interval_s(text: str) -> int:
    """`<n>m`, `<n>h` or `<n>d` ("15m", "6h", "1d") in seconds; ValueError for anything else."""
    found = INTERVAL.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"{text!r} is not <n>m, <n>h or <n>d (\"15m\", \"6h\", \"1d\")")
    return int(found[1]) * UNIT_S[found[2]]


def load_plans(path: Path | None = None) -> dict[str, Plan]:
    path = path or DEFAULT_PLANS_FILE
    try:
        raw = tomllib.loads(path.read_text())
        return {name: _plan(name, spec) for name, spec in raw["plans"].items()}
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        raise PlanFileError(f"{path}: {exc}") from exc


def _plan(name: str, spec: dict[str, object]) -> Plan:
    features = frozenset(str(f) for f in spec["features"])  # type: ignore[attr-defined]
    unknown = features - FEATURES
    if unknown:
        raise PlanFileError(f"plan {name!r} names unknown features {sorted(unknown)}")
    monitors, every = 0, 0
    if "monitors" in features:  # how many, and how often at most: both said, or the plan is refused
        try:
            monitors, every = int(spec["monitors"]), interval_s(str(spec["monitor_every_at_most"]))  # type: ignore[call-overload]
        except ValueError as exc:
            raise PlanFileError(f"plan {name!r}: {exc}") from exc
    return Plan(
        name=name,
        monthly_captures=int(spec["monthly_captures"]),  # type: ignore[call-overload]
        requests_per_minute=int(spec["requests_per_minute"]),  # type: ignore[call-overload]
        features=features,
        monitors=monitors,
        monitor_every_s=every,
    )
