"""Device presets: a `device` name sets viewport, user agent, touch and mobile together."""

from __future__ import annotations

from dataclasses import dataclass

_IOS_UA = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)
_IPAD_UA = (
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)
_ANDROID_UA = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
)


@dataclass(frozen=True)
class Device:
    width: int
    height: int
    scale: float
    mobile: bool
    touch: bool
    user_agent: str | None


DEVICES: dict[str, Device] = {
    "iphone-15": Device(393, 852, 3, True, True, _IOS_UA),
    "iphone-15-pro-max": Device(430, 932, 3, True, True, _IOS_UA),
    "iphone-se": Device(375, 667, 2, True, True, _IOS_UA),
    "pixel-8": Device(412, 915, 2.625, True, True, _ANDROID_UA),
    "galaxy-s23": Device(360, 780, 3, True, True, _ANDROID_UA.replace("Pixel 8", "SM-S911B")),
    "ipad-air": Device(820, 1180, 2, True, True, _IPAD_UA),
    "ipad-pro-12": Device(1024, 1366, 2, True, True, _IPAD_UA),
    "laptop": Device(1366, 768, 1, False, False, None),
    "macbook": Device(1440, 900, 2, False, False, None),
    "desktop-hd": Device(1920, 1080, 1, False, False, None),
    "desktop-4k": Device(3840, 2160, 1, False, False, None),
}
