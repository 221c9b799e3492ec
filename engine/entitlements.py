"""Which plan features a capture request uses, and which options this build cannot honour yet."""

from __future__ import annotations

from engine.errors import FeatureNotEntitled, FieldError, InvalidRequest
from engine.plans import Plan
from engine.request import CaptureRequest

# Paid options and the plan feature each needs.
OPTION_FEATURES = {
    "javascript": "customJavaScript",
    "removeElements": "aiElementRemoval",
    "scroll": "scrolling",
    "mockup": "deviceMockups",
    "video": "webmOutput",
    "proxy": "regionalProxies",
    "webhookUrl": "durableWebhooks",
    "retain": "retainedDownloads",
}
# Options whose implementation has not landed: refused by name, never ignored.
UNAVAILABLE: tuple[str, ...] = ()
FORMAT_FEATURES = {"pdf": "pdfOutput", "html": "htmlOutput", "webm": "webmOutput"}


def used_features(request: CaptureRequest) -> list[tuple[str, str]]:
    """(feature, field) pairs for every paid option the request sets."""
    used = []
    if request.format in FORMAT_FEATURES:
        used.append((FORMAT_FEATURES[request.format], "format"))
    set_fields = request.model_dump(by_alias=True, exclude_defaults=True)
    used += [(feature, field) for field, feature in OPTION_FEATURES.items() if field in set_fields]
    return used


def check_entitlements(request: CaptureRequest, plan: Plan) -> None:
    """Raise InvalidRequest for options not built yet, else FeatureNotEntitled for the first the plan lacks."""
    set_fields = request.model_dump(by_alias=True, exclude_defaults=True)
    missing = [field for field in UNAVAILABLE if field in set_fields]
    if missing:
        errors = tuple(
            FieldError(f, "not_available", "this option is not available on this service yet")
            for f in missing
        )
        raise InvalidRequest(f"{', '.join(missing)}: not available on this service yet", errors=errors)
    for feature, field in used_features(request):
        if not plan.allows(feature):
            raise FeatureNotEntitled(feature, field)
