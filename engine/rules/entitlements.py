"""Which plan features a capture request uses, and whether its plan has them."""

from __future__ import annotations

from engine.rules.errors import FeatureNotEntitled
from engine.rules.plans import Plan
from engine.rules.request import CaptureRequest

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
    "store": "retainedDownloads",
}
FORMAT_FEATURES = {"pdf": "pdfOutput", "html": "htmlOutput", "markdown": "htmlOutput", "webm": "webmOutput",
                   "mp4": "webmOutput", "gif": "webmOutput"}


def used_features(request: CaptureRequest) -> list[tuple[str, str]]:
    """(feature, field) pairs for every paid option the request sets."""
    used = []
    if request.format in FORMAT_FEATURES:
        used.append((FORMAT_FEATURES[request.format], "format"))
    set_fields = request.model_dump(by_alias=True, exclude_defaults=True)
    used += [(feature, field) for field, feature in OPTION_FEATURES.items() if field in set_fields]
    return used


def check_entitlements(request: CaptureRequest, plan: Plan) -> None:
    """Raise FeatureNotEntitled for the first paid feature the request uses and the plan lacks."""
    for feature, field in used_features(request):
        if not plan.allows(feature):
            raise FeatureNotEntitled(feature, field)
