"""Plans and their entitlements, read from a TOML file the operator can replace."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

FEATURES = frozenset({
    "pdfOutput", "htmlOutput", "webmOutput", "durableWebhooks", "retainedDownloads",
    "aiElementRemoval", "scrolling", "deviceMockups", "customJavaScript", "regionalProxies",
})
DEFAULT_PLANS_FILE = Path(__file__).with_name("plans.toml")


class PlanFileError(ValueError):
    """The plans file is missing a key, names an unknown feature, or is not TOML."""


@dataclass(frozen=True)
class Plan:
    name: str
    monthly_captures: int
    requests_per_minute: int
    features: frozenset[str]

    def allows(self, feature: str) -> bool:
        return feature in self.features


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
    return Plan(
        name=name,
        monthly_captures=int(spec["monthly_captures"]),  # type: ignore[call-overload]
        requests_per_minute=int(spec["requests_per_minute"]),  # type: ignore[call-overload]
        features=features,
    )
