"""Signed render links: a capture in a GET URL (an <img src>), signed with the key's signing secret."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any
from urllib.parse import quote

EXTENSIONS = {"png": "png", "jpeg": "jpg", "webp": "webp", "pdf": "pdf", "html": "html", "webm": "webm"}


def flatten(options: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """A capture request as query pairs: nested options dotted (`viewport.width`), lists repeated, objects in
    lists by index (`cookies.0.name`), booleans `true`/`false`."""
    pairs: list[tuple[str, str]] = []
    for name, value in options.items():
        path = f"{prefix}{name}"
        if isinstance(value, dict):
            pairs += flatten(value, f"{path}.")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                pairs += flatten(item, f"{path}.{index}.") if isinstance(item, dict) else [(path, _text(item))]
        elif value is not None:
            pairs.append((path, _text(value)))
    return pairs


def canonical_query(pairs: list[tuple[str, str]]) -> str:
    """Sorted pairs, RFC 3986 encoded: what the signature covers."""
    return "&".join(f"{_encode(name)}={_encode(value)}" for name, value in sorted(pairs))


def render_link(base_url: str, key_id: str, signing_secret: str, *, format: str = "png",
                expires: int | None = None, **options: Any) -> str:
    """The URL of a capture with `options`, signed for `format` (and `expires`, unix seconds, if given)."""
    format = "jpeg" if format == "jpg" else format
    pairs = flatten({**options, "format": format, "expires": expires})
    query = canonical_query(pairs)
    signature = hmac.new(signing_secret.encode(), query.encode(), hashlib.sha256).hexdigest()
    return f"{base_url.rstrip('/')}/api/render/{key_id}/{signature}.{EXTENSIONS.get(format, format)}?{query}"


def _encode(text: str) -> str:
    return quote(text, safe="-._~")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
