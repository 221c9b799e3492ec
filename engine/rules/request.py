"""The capture request: its schema (camelCase, unknown fields refused) and its cross-field rules.

`parse_capture(data)` returns a `CaptureRequest` or raises `InvalidRequest`
with one `FieldError` per problem, each naming its field the way the client
wrote it (`viewport.width`, `cookies[0].domain`). The nested option objects
are in `engine.rules.options`, the body a route reads in `engine.rules.body`.
"""

from __future__ import annotations

import re
import zoneinfo
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError, field_validator

from engine.rules.body import Body
from engine.rules.devices import DEVICES
from engine.rules.errors import FieldError, InvalidRequest
from engine.rules.options import (
    MAX_TTL_S,
    Block,
    Cache,
    Cookie,
    Geolocation,
    Mask,
    Mockup,
    Model,
    PdfOptions,
    Proxy,
    RemoveElements,
    Resize,
    Scroll,
    Store,
    Video,
    Viewport,
)
from engine.rules.quality import WARNING_CODES, WarningCode

# The body and the option objects are imported from here too, where the routes, actors and browser found them.
__all__ = [
    "HEADER_NAME", "IMAGE_FORMATS", "LOCALE_TAG", "MAX_TTL_S", "MOCKUP_DEVICES", "VIDEO_FORMATS",
    "Block", "Body", "Cache", "CaptureRequest", "Cookie", "Format", "Mask", "Mockup", "Model", "PdfOptions",
    "RemoveElements",
    "Resize", "Store", "Video", "Viewport", "parse_capture", "parse_model", "status_range",
]

Format = Literal["png", "jpeg", "webp", "pdf", "html", "markdown", "webm", "mp4", "gif"]
IMAGE_FORMATS = frozenset({"png", "jpeg", "webp"})
VIDEO_FORMATS = frozenset({"webm", "mp4", "gif"})  # recorded from the screencast (engine.browser.video)
MOCKUP_DEVICES = ("iphone-15", "pixel-8", "ipad-air", "macbook", "browser")  # engine.browser.mockups.FRAMES
LOCALE_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$")
_STATUS_RANGE = re.compile(r"^([1-5]\d\d)(?:-([1-5]\d\d))?$")
HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
REFUSED_HEADERS = frozenset({
    "host", "cookie", "connection", "keep-alive", "te", "trailer", "transfer-encoding",
    "upgrade", "content-length", "expect",
})
Selector = Annotated[str, Field(min_length=1, max_length=1000)]


class CaptureRequest(Model):
    url: str | None = Field(default=None, min_length=1, max_length=8192)
    html: str | None = Field(default=None, description=(
        "render this document instead of loading a URL; up to the body limit (max_body_bytes, default 5 MiB)"))
    format: Format = "png"
    viewport: Viewport | None = None
    device: str | None = None
    full_page: bool = False
    selector: Selector | None = None
    wait_until: Literal["load", "domcontentloaded", "networkidle"] = "load"
    wait_for_selector: Selector | None = None
    delay_ms: int = Field(default=0, ge=0, le=10000)
    timeout_ms: int = Field(default=30000, ge=1000, le=60000)
    quality: int | None = Field(default=None, ge=1, le=100)
    optimize_for: Literal["speed", "size"] | None = Field(default=None, description=(
        "png: `speed` (the default) encodes in 0.6-0.8x the time into a file up to 1.4x larger; `size` the "
        "other way round (measured on the README's bench pages)"))
    omit_background: bool = False
    dark_mode: bool = False
    reduced_motion: bool = False
    user_agent: str | None = Field(default=None, min_length=1, max_length=512)
    locale: str = Field(default="en-US", max_length=35)
    timezone: str = Field(default="UTC", max_length=64)
    geolocation: Geolocation | None = None
    hide_selectors: list[Selector] = Field(default_factory=list, max_length=50)
    mask: Mask | None = Field(default=None, description=(
        "each matching element's box painted over in one colour (default #ff00ff), layout unchanged; images only"))
    click: Selector | None = None
    fail_on_status: list[int | str] = Field(default_factory=list, max_length=50)
    fail_on: list[WarningCode] = Field(default_factory=list, max_length=len(WARNING_CODES), description=(
        "quality warnings that fail the capture with 422 quality_failed (no quota) instead of delivering it"))
    best_attempt: bool = Field(default=False, description=(
        "at the deadline, answer with the page as it is then (the partial warning; billed as a capture) instead "
        "of 504 render_timeout"))
    css: str | None = Field(default=None, max_length=256 * 1024)
    headers: dict[str, str] = Field(default_factory=dict, max_length=50)
    cookies: list[Cookie] = Field(default_factory=list, max_length=50)
    javascript: str | None = Field(default=None, max_length=256 * 1024)
    remove_elements: RemoveElements | None = None
    scroll: Scroll | None = None
    mockup: Mockup | None = None
    block: Block | None = Field(default=None, description=(
        "requests refused before a connection is made: by type, URL pattern, or the tracker and ad lists; "
        "x-blocked-requests counts them"))
    resize: Resize | None = Field(default=None, description=(
        "a thumbnail of the capture (png, jpeg, webp), made after the screenshot (and its mockup) with libvips"))
    video: Video | None = None
    proxy: Proxy | None = None
    pdf: PdfOptions | None = None
    webhook_url: str | None = Field(default=None, max_length=2048)
    retain: bool = False
    response_type: Literal["binary", "json"] = "binary"
    cache: Cache | None = None
    store: Store | None = None

    @field_validator("locale")
    @classmethod
    def _locale(cls, value: str) -> str:
        if not LOCALE_TAG.fullmatch(value):  # match() would let a trailing newline through
            raise ValueError("not a BCP 47 language tag like en-US")
        return value

    @field_validator("timezone")
    @classmethod
    def _timezone(cls, value: str) -> str:
        try:
            zoneinfo.ZoneInfo(value)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError("not an IANA time zone like Europe/Berlin") from exc
        return value

    @field_validator("device")
    @classmethod
    def _device(cls, value: str | None) -> str | None:
        if value is not None and value not in DEVICES:
            raise ValueError(f"unknown device; one of {', '.join(sorted(DEVICES))}")
        return value

    @field_validator("fail_on_status")
    @classmethod
    def _statuses(cls, value: list[int | str]) -> list[int | str]:
        for item in value:
            if isinstance(item, int) and not 100 <= item <= 599:
                raise ValueError(f"{item} is not an HTTP status")
            if isinstance(item, str) and not status_range(item):
                raise ValueError(f"{item!r} is neither a status nor a range like \"500-599\"")
        return value

    @field_validator("headers")
    @classmethod
    def _headers(cls, value: dict[str, str]) -> dict[str, str]:
        for name, text in value.items():
            lower = name.lower()
            if not HEADER_NAME.fullmatch(name):
                raise ValueError(f"{name!r} is not a valid header name")
            if lower in REFUSED_HEADERS or lower.startswith("proxy-"):
                raise ValueError(f"{name} may not be set")
            if "\r" in text or "\n" in text or "\0" in text or len(text) > 8192:
                raise ValueError(f"value of {name} holds a line break or is too long")
        return value

    @property
    def device_name(self) -> str | None:
        """The device preset the capture emulates: `device`, or the one a mockup frames."""
        if self.mockup is not None and self.mockup.device != "browser":
            return self.mockup.device
        return self.device

    @property
    def rejected_statuses(self) -> list[tuple[int, int]]:
        return [status_range(item) or (0, 0) for item in self.fail_on_status]


def status_range(item: int | str) -> tuple[int, int] | None:
    if isinstance(item, int):
        return (item, item)
    match = _STATUS_RANGE.match(item.strip())
    if not match:
        return None
    low, high = int(match[1]), int(match[2] or match[1])
    return (low, high) if low <= high else None


M = TypeVar("M", bound=BaseModel)


def parse_model(model: type[M], data: Any, *, prefix: str = "") -> M:
    """`data` as `model`, or InvalidRequest with one FieldError per problem, named as the client wrote it."""
    if not isinstance(data, dict):
        field = prefix.rstrip(".") or "body"
        raise InvalidRequest("the body must be a JSON object",
                             errors=(FieldError(field, "type", "expected an object"),))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = tuple(_field_error(prefix, err) for err in exc.errors())
        raise InvalidRequest(_summary(errors), errors=errors) from None


def parse_capture(data: Any, *, prefix: str = "") -> CaptureRequest:
    request = parse_model(CaptureRequest, data, prefix=prefix)
    errors = tuple(FieldError(prefix + field, code, message)
                   for field, code, message in _cross_field(request))
    if errors:
        raise InvalidRequest(_summary(errors), errors=errors)
    return request


def _mockup_problems(r: CaptureRequest, mockup: Mockup) -> list[tuple[str, str, str]]:
    """A mockup frames one device's screen: its own viewport (but `browser`'s), never a page's full length."""
    if mockup.device not in MOCKUP_DEVICES:
        return [("mockup.device", "invalid", f"one of {', '.join(MOCKUP_DEVICES)}")]
    problems = [(field, "conflict", "a mockup frames the device's screen as it is")
                for field, value in (("fullPage", r.full_page), ("selector", r.selector)) if value]
    if mockup.device != "browser":
        problems += [(field, "conflict", f"the {mockup.device} mockup sets the viewport")
                     for field, value in (("device", r.device), ("viewport", r.viewport)) if value is not None]
    return problems


def _resize_problems(r: CaptureRequest, resize: Resize) -> list[tuple[str, str, str]]:
    if r.format not in IMAGE_FORMATS:
        return [("resize", "not_applicable", "applies to png, jpeg and webp only")]
    if resize.width is None and resize.height is None:
        return [("resize", "required", "give width, height or both")]
    if resize.fit != "inside" and (resize.width is None or resize.height is None):
        return [("resize", "required", f"fit {resize.fit} makes exactly width x height: give both")]
    return []


def _cross_field(r: CaptureRequest) -> list[tuple[str, str, str]]:
    problems: list[tuple[str, str, str]] = []
    if (r.url is None) == (r.html is None):
        problems.append(("url", "required", "send exactly one of url and html"))
    if r.quality is not None and r.format not in {"jpeg", "webp"}:
        problems.append(("quality", "not_applicable", "applies to jpeg and webp only"))
    if r.omit_background and r.format not in {"png", "webp"}:
        problems.append(("omitBackground", "not_applicable", "applies to png and webp only"))
    if r.pdf is not None and r.format != "pdf":
        problems.append(("pdf", "not_applicable", "applies to format pdf only"))
    if r.video is not None and r.format not in VIDEO_FORMATS:
        problems.append(("video", "not_applicable", "applies to formats webm, mp4 and gif only"))
    if r.resize is not None:
        problems += _resize_problems(r, r.resize)
    if r.mask is not None and r.format not in IMAGE_FORMATS:
        problems.append(("mask", "not_applicable", "applies to png, jpeg and webp only"))
    if r.mockup is not None and r.format not in IMAGE_FORMATS:
        problems.append(("mockup", "not_applicable", "applies to png, jpeg and webp only"))
    if r.device is not None and r.viewport is not None:
        problems.append(("viewport", "conflict", "device sets the viewport; send one of them"))
    if r.mockup is not None:
        problems += _mockup_problems(r, r.mockup)
    if r.full_page and r.selector is not None:
        problems.append(("selector", "conflict", "send one of fullPage and selector"))
    if r.cookies and r.url is None:
        problems.append(("cookies", "not_applicable", "cookies need a url to belong to"))
    return problems


def _field_error(prefix: str, err: Any) -> FieldError:
    path = ""
    for part in err["loc"]:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part not in {"int", "str"}:  # union branch names add nothing for a client
            path += f".{part}" if path else str(part)
    code = "unknown_field" if err["type"] == "extra_forbidden" else "invalid"
    message = "unknown field" if code == "unknown_field" else str(err["msg"])
    return FieldError(prefix + (path or "body"), code, message)


def _summary(errors: tuple[FieldError, ...]) -> str:
    first = errors[0]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{first.field}: {first.message}{more}"
