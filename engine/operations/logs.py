"""Logs an operator can read: one JSON object per line (python-json-logger) for journald, or text at a terminal.

Every line has time, level, logger, event and message; capture lines add request_id,
workspace_id, capture_id, duration_ms, format, outcome, stage, code, and why a failed one failed.
Nothing secret gets in: captures are logged from their committed events (which never hold
cookies, header values, scripts or HTML), and every line passes `redact` (engine.rules.redaction), which
cuts the userinfo, query and fragment off any URL and masks anything shaped like an API key or a
signing secret: in the message, in the fields a call added, and in a traceback or stack it carries.
"""

from __future__ import annotations

import datetime as dt
import logging
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from pythonjsonlogger.json import JsonFormatter

from engine.rules.redaction import redact

__all__ = ["Redacting", "as_json", "configure", "log_committed", "redact"]
_PLAIN = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None)))  # what every record has; the rest is extra
_TRACES = logging.Formatter()  # formats a traceback once, in the filter, so that it is redacted before any output
CAPTURE_FIELDS = ("request_id", "workspace_id", "capture_id", "duration_ms", "format", "outcome", "stage", "code",
                  "bytes", "target_status")
captures = logging.getLogger("capture.captures")


class Redacting(logging.Filter):
    """Applied by the handler: the message is formatted and redacted once, and every line gets an `event`
    (the logger's name after `capture.` unless the call named one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a call whose arguments do not fit its format: say what it was
            message = f"{record.msg!r} {record.args!r}"
        record.msg, record.args = redact(message), None
        for name, value in vars(record).items():
            if name not in _PLAIN and isinstance(value, str):
                setattr(record, name, redact(value))
        if record.exc_info:  # both formatters print exc_text when exc_info is gone
            record.exc_text, record.exc_info = _TRACES.formatException(record.exc_info), None
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        if not hasattr(record, "event"):
            record.event = record.name.removeprefix("capture.")
        return True


class JsonLines(JsonFormatter):
    def __init__(self) -> None:
        super().__init__("{asctime}{levelname}{name}{event}{message}", style="{",
                         rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
                         json_ensure_ascii=False)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(timespec="milliseconds")


def as_json(log_format: str, stream: TextIO) -> bool:
    return log_format == "json" or (log_format == "auto" and not stream.isatty())


def configure(log_format: str, level: str, stream: TextIO | None = None) -> None:
    """Send every log record to `stream` (stdout by default) as JSON lines or text; `auto` picks JSON unless
    the stream is a terminal."""
    stream = stream or sys.stdout
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLines() if as_json(log_format, stream) else
                         logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(Redacting())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    logging.captureWarnings(True)  # a library's warning becomes a line like any other


def log_committed(events: Iterable[Any]) -> None:
    """One line per finished capture, from its committed capture.succeeded / capture.failed event
    (actors.storage.eventlog.Event, duck-typed): a render failure is a warning that says why."""
    for event in events:
        if event.type not in ("capture.succeeded", "capture.failed"):
            continue
        fields: dict[str, Any] = {name: getattr(event, name) for name in CAPTURE_FIELDS
                                  if getattr(event, name) is not None}
        fields["event"] = event.type
        if event.type == "capture.succeeded":
            captures.info("capture %s succeeded: %s, %s ms", event.capture_id, event.format, event.duration_ms,
                          extra=fields)
            continue
        why = event.note or event.code
        fields["why"] = why
        level = logging.WARNING if event.stage == "render" and event.code != "cancelled" else logging.INFO
        captures.log(level, "capture %s failed at %s: %s (%s)", event.capture_id, event.stage, event.code, why,
                     extra=fields)
