"""The capture request's option objects (viewport, cookies, pdf, video, cache, store, ...); unknown fields refused."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.alias_generators import to_camel

MAX_TTL_S = 30 * 24 * 3600  # cache.ttlS
MAX_PATTERN_CHARS, MAX_PATTERN_STARS = 2048, 16  # block.urls: each pattern's length and wildcards


class Model(BaseModel):
    model_config = ConfigDict(
        extra="forbid", alias_generator=to_camel, validate_by_name=False, frozen=True,
    )


class Viewport(Model):
    width: int = Field(default=1280, ge=320, le=3840)
    height: int = Field(default=800, ge=200, le=2160)
    device_scale_factor: float = Field(default=1, ge=1, le=3)
    mobile: bool = False


class Cookie(Model):
    name: str = Field(min_length=1, max_length=256)
    value: str = Field(max_length=4096)
    domain: str | None = Field(default=None, max_length=253)
    path: str = Field(default="/", max_length=1024)
    secure: bool = False
    http_only: bool = False
    same_site: Literal["Strict", "Lax", "None"] | None = None
    expires: int | None = Field(default=None, ge=0,
                                description="Unix seconds; omitted: a session cookie")


class Margins(Model):
    top: float = Field(default=10, ge=0, le=100)
    right: float = Field(default=10, ge=0, le=100)
    bottom: float = Field(default=10, ge=0, le=100)
    left: float = Field(default=10, ge=0, le=100)


class PdfOptions(Model):
    paper_format: Literal["A3", "A4", "A5", "Letter", "Legal", "Tabloid"] = "A4"
    landscape: bool = False
    margin_mm: Margins = Margins()
    print_background: bool = True
    scale: float = Field(default=1, ge=0.1, le=2)
    page_ranges: str | None = Field(
        default=None, pattern=r"^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$")
    header_template: str | None = Field(
        default=None, max_length=16384,
        description="HTML printed at the top of every page, in the top margin (give it room: marginMm.top 15 or "
        "more). Elements of class pageNumber, totalPages, date, title and url are filled in. Formatting only: "
        "scripts, style sheets, links and URLs other than data: images are removed before printing, so it "
        "neither runs nor loads anything")
    footer_template: str | None = Field(
        default=None, max_length=16384, description="As headerTemplate, at the bottom of every page: "
        '`<span class="pageNumber"></span> / <span class="totalPages"></span>`')
    outline: bool = Field(default=False, description="a document outline (bookmarks) from the page's headings")
    tagged: bool = Field(default=False, description="a tagged PDF (structure for screen readers, PDF/UA)")


class Resize(Model):
    width: int | None = Field(default=None, ge=16, le=3840, description="pixels; with height for cover and contain")
    height: int | None = Field(default=None, ge=16, le=3840, description="pixels; with width for cover and contain")
    fit: Literal["cover", "contain", "inside"] = Field(description=(
        "cover: exactly width x height, cropped around the centre; contain: exactly width x height, the whole "
        "image centred, the rest transparent (png, webp) or white (jpeg); inside: within width and height "
        "(either may be left out), the aspect kept, no padding"))


BLOCKED_TYPES = Literal["image", "media", "font", "stylesheet", "script", "xhr", "fetch", "eventsource",
                        "manifest", "texttrack", "ping", "prefetch", "other"]


class Block(Model):
    resource_types: list[BLOCKED_TYPES] | None = Field(default=None, max_length=13, description=(
        "requests of these types are refused (the page's own document never is)"))
    urls: list[str] | None = Field(default=None, max_length=50, description=(
        "requests whose URL matches one of these are refused: an absolute URL in which * matches any run of "
        "characters, e.g. https://*.example.com/*"))
    trackers: bool = Field(default=False, description="refuse what EasyPrivacy lists (trackers, analytics)")
    ads: bool = Field(default=False, description="refuse what EasyList lists (ads)")

    @field_validator("urls")
    @classmethod
    def _absolute(cls, urls: list[str] | None) -> list[str] | None:
        for url in urls or ():
            if not url.startswith(("http://", "https://", "*")) or len(url) > MAX_PATTERN_CHARS:
                raise ValueError(f"each pattern is an absolute http(s) URL (or starts with *), at most "
                                 f"{MAX_PATTERN_CHARS} long")
            if url.count("*") > MAX_PATTERN_STARS:
                raise ValueError(f"each pattern has at most {MAX_PATTERN_STARS} *")
        return urls


class RemoveElements(Model):
    cookie_banners: bool = False
    ads: bool = False
    popups: bool = False


class Mask(Model):
    selectors: list[Annotated[str, Field(min_length=1, max_length=1000)]] = Field(min_length=1, max_length=50)
    color: str = Field(default="#ff00ff", pattern=r"^#[0-9a-fA-F]{6}$", description="#rrggbb")


class Scroll(Model):
    enabled: bool = True
    step_px: int | None = Field(default=None, ge=50, le=5000)
    delay_ms: int | None = Field(default=None, ge=0, le=2000)


class Mockup(Model):
    device: str = Field(min_length=1, max_length=64, description="iphone-15, pixel-8, ipad-air, macbook or browser")
    theme: Literal["light", "dark"] = "light"


class Video(Model):
    duration_ms: int = Field(default=5000, ge=1000, le=15000)
    fps: int = Field(default=25, ge=10, le=30)


class Proxy(Model):
    region: str = Field(min_length=1, max_length=64)


class Geolocation(Model):
    latitude: float = Field(ge=-90, le=90)
    longitude: float = Field(ge=-180, le=180)
    accuracy: float = Field(default=100, ge=0, le=100000, description="metres")


class Cache(Model):
    ttl_s: int = Field(ge=0, le=MAX_TTL_S, description="keep the result this long, and answer "
                       "from a kept one no older than this (0: always render, keep nothing)")
    key: str | None = Field(default=None, min_length=1, max_length=256, description="the workspace's own key "
                            "for the result, instead of the request's normalised options (format still counts)")


class Store(Model):
    destination: str = Field(min_length=1, max_length=63, description="a [storage.<name>] of the service's config")
    path: str = Field(min_length=1, max_length=1024, pattern=r"^[^\x00-\x1f\x7f]+$", description=(
        "the object's key under the destination's prefix and the workspace's id; one ending in / gets the "
        "job's id and extension; no `..`, `.` or empty segments, not absolute"))

    @field_validator("path")
    @classmethod
    def _relative(cls, value: str) -> str:
        """A path stays inside its workspace's part of the bucket: one tenant never names another's objects."""
        segments = value.removesuffix("/").split("/")
        if value.startswith("/") or any(segment in ("", ".", "..") for segment in segments):
            raise ValueError("a relative path of named segments: no leading /, no empty, . or .. segments")
        return value
