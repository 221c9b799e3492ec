"""What the REST handlers share: their blueprint, a JSON answer, and a capture route's body read as sent."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import orjson
from quart import Blueprint, Response, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from api.pipeline import services
from engine.records.replies import Reply
from engine.rules.request import Body

blueprint = Blueprint("api", __name__)  # every route of the API, each declared on its handler


def json_response(body: Reply | dict[str, Any], status: int = 200,
                  headers: dict[str, str] | None = None) -> Response:
    """A JSON answer: the API's answers are `Reply` models, this document (a free-form object) is not."""
    wire = body.wire() if isinstance(body, Reply) else orjson.dumps(body)
    return Response(wire, status=status, content_type="application/json", headers=headers or {})


async def read_body() -> Body:
    """The body of a capture route, read up to max_body_bytes; the actor that takes it parses it."""
    limit = services().settings.max_body_bytes
    raw: bytes | None = None
    if (request.content_length or 0) <= limit:
        with suppress(RequestEntityTooLarge):  # a chunked body that grew past the limit: left unread
            raw = await request.get_data(cache=False, as_text=False, parse_form_data=False)
            g.body_read = True  # nothing left for the answer to drain
    return Body(request.mimetype or None, raw, limit)
