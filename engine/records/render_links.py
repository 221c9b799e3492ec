"""Signed render links: `GET /api/render/{keyId}/{signature}.{format}?url=…&…`, a capture in a URL.

The query holds the capture request in a flat form: nested options dotted (`viewport.width=800`), a list
of plain values as the same name repeated (`hideSelectors=.a&hideSelectors=.b`), a list of objects by
index (`cookies.0.name=…`), booleans as `true`/`false`; `format` is a parameter like any other and the
path's extension must name the same format, and an optional `expires` (unix seconds) ends the link. The
signature is the hex HMAC-SHA256 of the canonical query (every parameter, `format` and `expires`
included, sorted by name then value, each name and value encoded as RFC 3986 says: all but A-Z a-z 0-9
- . _ ~ as %XX) under the key's signing secret. The API key itself never appears in a URL.

So everything a link answers with is signed: the query is the whole capture request, and the one part of
the path that could change the answer, the extension, must repeat the signed format. Nothing in the
request's headers changes what is rendered (`If-None-Match` only turns a matching answer into a 304).

A signing secret is derived, not stored: an HMAC of the key id and its generation under the server's
key secret, so the service can check a link (and the dashboard build one) without keeping the secret in
its database; rotating it bumps the generation, and every link signed before stops working.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Iterable
from typing import Any, get_origin
from urllib.parse import quote

from engine.rules.errors import FieldError, InvalidRequest, InvalidSignature, ResultUrlExpired
from engine.rules.request import CaptureRequest

SECRET_PREFIX = "rsk_"
DEFAULT_TTL_S = 4 * 3600  # render links are cached this long unless cache.ttlS says otherwise
EXTENSIONS = {"png": "png", "jpg": "jpeg", "jpeg": "jpeg", "webp": "webp", "pdf": "pdf", "html": "html",
              "markdown": "markdown", "md": "markdown", "webm": "webm", "mp4": "mp4", "gif": "gif"}
Pairs = list[tuple[str, str]]


def signing_secret(server_secret: bytes, key_id: str, generation: int) -> str:
    mac = hmac.new(server_secret, f"render-link\0{key_id}\0{generation}".encode(), hashlib.sha256).digest()
    return SECRET_PREFIX + base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _encode(text: str) -> str:
    return quote(text, safe="-._~")


def canonical_query(pairs: Iterable[tuple[str, str]]) -> str:
    return "&".join(f"{_encode(name)}={_encode(value)}" for name, value in sorted(pairs))


def sign(secret: str, pairs: Iterable[tuple[str, str]]) -> str:
    return hmac.new(secret.encode(), canonical_query(pairs).encode(), hashlib.sha256).hexdigest()


def check(secret: str, pairs: Pairs, signature: str, extension: str, now: float) -> None:
    """InvalidSignature unless `signature` signs `pairs` and their `format` is the extension's;
    ResultUrlExpired once their `expires` passed."""
    if not hmac.compare_digest(signature.lower().encode(), sign(secret, pairs).encode()):
        raise InvalidSignature("the render link's signature does not match its query; sign the canonical "
                               "query with the key's signing secret")
    formats = [value for name, value in pairs if name == "format"]
    if not formats:
        raise InvalidSignature("the render link's query has no format: sign it with the format its extension "
                               "names")
    if formats != [EXTENSIONS[extension]]:
        raise InvalidSignature(f"the render link was signed for format {formats[0]!r}, not for .{extension}")
    expires = [value for name, value in pairs if name == "expires"]
    if expires:
        try:
            until = int(expires[0])
        except ValueError:
            raise InvalidSignature("the render link's expires is not a number") from None
        if until <= now:
            raise ResultUrlExpired("the render link expired")


def flatten(options: dict[str, Any], prefix: str = "") -> Pairs:
    """A capture request (JSON) as query pairs, the form `unflatten` reads back."""
    pairs: Pairs = []
    for name, value in options.items():
        path = f"{prefix}{name}"
        if isinstance(value, dict):
            pairs += flatten(value, f"{path}.")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, dict):
                    pairs += flatten(item, f"{path}.{index}.")
                else:
                    pairs.append((path, _text(item)))
        elif value is not None:
            pairs.append((path, _text(value)))
    return pairs


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


LIST_FIELDS = frozenset(info.alias or name for name, info in CaptureRequest.model_fields.items()
                        if get_origin(info.annotation) is list or str(info.annotation).startswith("list["))


def capture_body(pairs: Pairs, extension: str) -> dict[str, Any]:
    """The capture request a render link's query asks for, as a JSON body (validated later, like any); cached
    DEFAULT_TTL_S unless the query says otherwise."""
    body: dict[str, Any] = {}
    errors = []
    for name, value in pairs:
        if name == "expires":
            continue
        parts = name.split(".")
        if not all(parts):
            errors.append(FieldError(name, "invalid", "not a parameter name"))
            continue
        _put(body, parts, value)
    if errors:
        raise InvalidRequest(errors[0].message, errors=tuple(errors))
    body["format"] = EXTENSIONS[extension]  # as signed (`check`)
    body.setdefault("cache", {"ttlS": DEFAULT_TTL_S})
    _lists(body)
    for name in LIST_FIELDS & body.keys():  # a list given one value
        if not isinstance(body[name], list):
            body[name] = [body[name]]
    return body


def _put(node: dict[str, Any], parts: list[str], value: str) -> None:
    head, rest = parts[0], parts[1:]
    if not rest:
        if head in node:  # repeated: a list of plain values
            held = node[head]
            node[head] = [*held, value] if isinstance(held, list) else [held, value]
        else:
            node[head] = value
        return
    child = node.setdefault(head, {})
    if not isinstance(child, dict):
        child = node[head] = {"": child}  # a name given both plain and nested: the schema will say no
    _put(child, rest, value)


def _lists(node: dict[str, Any]) -> None:
    """Objects whose every key is an index (`cookies.0.name`) become lists, in index order."""
    for name, child in list(node.items()):
        if isinstance(child, dict):
            _lists(child)
            if child and all(key.isdigit() for key in child):
                node[name] = [child[key] for key in sorted(child, key=int)]


def link(base_url: str, key_id: str, secret: str, options: dict[str, Any], expires: int | None = None) -> str:
    """A signed render link for `options` (a capture request with its format), as the dashboard builds it."""
    options = {"format": "png", **options}
    extension = "jpg" if options["format"] == "jpeg" else str(options["format"])
    pairs = flatten(options)
    if expires is not None:
        pairs.append(("expires", str(expires)))
    query = canonical_query(pairs)
    return f"{base_url.rstrip('/')}/api/render/{key_id}/{sign(secret, pairs)}.{extension}?{query}"


def cache_control(kept_until: float | None, pairs: Pairs, now: float) -> str:
    """A link's answer may be kept as long as the service keeps its result (`kept_until`), never past the
    link's own `expires`; a result not kept: no-store."""
    kept_s = int(kept_until - now) if kept_until is not None else 0
    expires = next((value for name, value in pairs if name == "expires"), None)
    if expires is not None and expires.isdigit():
        kept_s = min(kept_s, int(expires) - int(now))
    return f"public, max-age={kept_s}" if kept_s > 0 else "no-store"
