"""A monitor's request (API.md, Monitors): its schema and the rules a plan sets on it, checked before anything is
kept. `checked_create(data, plan)` and `checked_change(data, plan)` return the parsed body, or raise
InvalidRequest (one FieldError per problem, named as the client wrote it: `capture.format`, `every`) or
FeatureNotEntitled (the plan lacks `monitors`, or a paid option of the capture).

A monitor's capture is a capture request like any other, but for what only a one-off capture can do: deliver
elsewhere (`webhookUrl`, `store`), answer from a cache, answer metadata (`responseType`) or its best attempt;
and for the formats a comparison cannot read (PDF and videos).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.rules.entitlements import check_entitlements
from engine.rules.errors import FeatureNotEntitled, FieldError, InvalidRequest
from engine.rules.options import Model
from engine.rules.plans import Plan, interval_s
from engine.rules.request import CaptureRequest, Selector, parse_capture, parse_model

FEATURE = "monitors"
FORMATS = ("png", "jpeg", "webp", "html", "markdown")  # pixels compared for the first three, text for all
TEXT_ONLY = frozenset({"html", "markdown"})  # no diffUrl, no regions
REFUSED_IN_CAPTURE = ("webhookUrl", "store", "cache", "responseType", "bestAttempt")
MAX_EVERY_S = 30 * 86400


class Compare(Model):
    """How two runs' captures are compared."""

    threshold: float = Field(default=0.5, ge=0, le=100, description=(
        "percent of the compared pixels that must differ for a run to say changed"))
    ignore_selectors: list[Selector] = Field(default_factory=list, max_length=50, description=(
        "masked out of the comparison in both captures"))
    text: bool = Field(default=True, description="compare the page's visible text too")


class MonitorCreate(Model):
    """POST /api/monitors."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    capture: dict[str, Any] = Field(description="a capture request: format png, jpeg, webp, html or markdown")
    every: str = Field(max_length=10, description='"<n>m", "<n>h" or "<n>d": the plan\'s minimum to 30d')
    compare: Compare = Field(default_factory=Compare)
    webhook_url: str | None = Field(default=None, max_length=2048)


class MonitorChange(Model):
    """PATCH /api/monitors/{id}: what is given changes, the rest stays; `"webhookUrl": null` removes the URL."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    every: str | None = Field(default=None, max_length=10)
    compare: Compare | None = None
    webhook_url: str | None = Field(default=None, max_length=2048, description="null removes it")
    paused: bool | None = None


def checked_create(data: Any, plan: Plan) -> tuple[MonitorCreate, CaptureRequest, int]:
    """The body, its capture request and its interval in seconds, held to the plan."""
    entitled(plan)
    asked = parse_model(MonitorCreate, data)
    problems = [FieldError(f"capture.{name}", "not_allowed", "a monitor's captures are compared, not delivered "
                                                             "elsewhere or answered otherwise")
                for name in REFUSED_IN_CAPTURE if name in asked.capture]
    try:
        every = checked_every(asked.every, plan)
    except InvalidRequest as exc:
        problems += exc.errors
    if problems:
        raise InvalidRequest(f"{len(problems)} field(s) invalid", errors=tuple(problems))
    capture = parse_capture(asked.capture, prefix="capture.")
    if capture.format not in FORMATS:
        raise InvalidRequest("a monitor captures png, jpeg, webp, html or markdown", errors=(
            FieldError("capture.format", "not_allowed", f"one of {', '.join(FORMATS)}"),))
    check_entitlements(capture, plan)
    return asked, capture, every


def checked_change(data: Any, plan: Plan) -> tuple[MonitorChange, int | None]:
    """The change and its new interval in seconds (None: unchanged), held to the plan."""
    entitled(plan)
    asked = parse_model(MonitorChange, data)
    return asked, checked_every(asked.every, plan) if asked.every is not None else None


def checked_every(text: str, plan: Plan) -> int:
    """`every` in seconds, at least the plan's shortest interval and at most 30 days."""
    try:
        seconds = interval_s(text)
    except ValueError as exc:
        raise InvalidRequest(str(exc), errors=(FieldError("every", "invalid", str(exc)),)) from None
    shortest = plan.monitor_every_s
    if not shortest <= seconds <= MAX_EVERY_S:
        message = f"at least {shortest // 60} min on the {plan.name} plan" if seconds < shortest else "at most 30d"
        raise InvalidRequest(f"every {text}: {message}", errors=(FieldError("every", "out_of_range", message),))
    return seconds


def entitled(plan: Plan) -> None:
    """FeatureNotEntitled unless the plan has monitors: every monitor route's first check."""
    if not plan.allows(FEATURE):
        raise FeatureNotEntitled(FEATURE, "monitors")
