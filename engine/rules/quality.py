"""A capture's quality verdict: the warning codes (API.md, Quality) and one warning, as the answers carry it.

The checks that raise them are engine.browser.quality's; `failOn` in the request names codes from WARNING_CODES,
and a capture that raises one of those fails with QualityFailed (engine.rules.errors) instead of being delivered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WarningCode = Literal["missing_glyphs", "blank", "images_incomplete", "stylesheets_failed", "fonts_pending",
                      "challenge", "overlay_remaining", "partial"]
WARNING_CODES: tuple[WarningCode, ...] = ("missing_glyphs", "blank", "images_incomplete", "stylesheets_failed",
                                          "fonts_pending", "challenge", "overlay_remaining", "partial")
MAX_DETAIL = 300  # characters of a warning's detail


@dataclass(frozen=True)
class QualityWarning:
    code: WarningCode
    detail: str

    def wire(self) -> dict[str, str]:
        return {"code": self.code, "detail": self.detail[:MAX_DETAIL]}


def warnings_of(wired: list[dict[str, str]]) -> tuple[QualityWarning, ...]:
    """Warnings as recorded (QualityWarning.wire), read back; codes this version does not know are left out."""
    return tuple(QualityWarning(w["code"], w["detail"]) for w in wired if w.get("code") in WARNING_CODES)  # type: ignore[arg-type]


def failing(warnings: tuple[QualityWarning, ...], fail_on: list[WarningCode]) -> list[dict[str, str]]:
    """The warnings `failOn` lists, as QualityFailed names them."""
    return [w.wire() for w in warnings if w.code in fail_on]


def header_value(warnings: tuple[QualityWarning, ...]) -> str | None:
    """`x-capture-warnings`: the codes, comma-separated; None (no header) when there are none."""
    return ",".join(w.code for w in warnings) or None
