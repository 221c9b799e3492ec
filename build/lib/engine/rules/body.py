"""A capture route's body as the client sent it, read as JSON only when the capture is taken."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from engine.rules.errors import MalformedJson, PayloadTooLarge, UnsupportedMediaType


@dataclass(frozen=True)
class Body:
    """A capture route's body as the client sent it.

    The API reads the bytes; the actor that takes the capture parses them
    (`json()`), so a body that cannot be read is a refused attempt that actor
    records like any other.
    """

    media_type: str | None
    raw: bytes | None  # None: larger than `limit`, left unread
    limit: int

    def json(self) -> Any:
        """The body as JSON; UnsupportedMediaType, PayloadTooLarge or MalformedJson when it cannot be."""
        if self.media_type != "application/json":
            raise UnsupportedMediaType(f"send the body as application/json, not {self.media_type or 'nothing'}")
        if self.raw is None or len(self.raw) > self.limit:
            raise PayloadTooLarge(f"the body is larger than {self.limit} bytes")
        try:
            return orjson.loads(self.raw)
        except orjson.JSONDecodeError as exc:
            raise MalformedJson(f"the body is not valid JSON: {exc}") from exc

    @classmethod
    def of(cls, data: Any) -> Body:
        """A body holding `data` (a capture the service builds itself, as the playground does)."""
        raw = orjson.dumps(data)
        return cls("application/json", raw, len(raw))
