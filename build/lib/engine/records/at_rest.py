"""What of an event's data the event log keeps in clear, and what it keeps only sealed.

The DuckDB file is read by analysts (`run.py sql`, Parquet exports), so the URLs and texts an event keeps
are cut to what analytics need (scheme, host, path: engine.records.jobs.clear_url, engine.rules.redaction.redact), and
the whole value, which the client's own views show, is sealed beside it (engine.records.sealing, bound to the job,
message or capture it belongs to and its workspace):

    job.failed         message            → redacted; sealedMessage
    job.succeeded      facts.finalUrl     → scheme, host and path; facts.sealedFinalUrl
    result.shelved     facts.finalUrl     → the same
    webhook.scheduled  payload            → sealedPayload only (the job as its GET shows it: the whole URL)

`sealed_*` make what is written; `opened_*` give back what was sealed, or the clear part if its key is gone.
"""

from __future__ import annotations

import base64
from typing import Any

import orjson

from engine.records.jobs import clear_url
from engine.records.sealing import Keyring, SealError
from engine.rules.redaction import redact


def seal_text(keyring: Keyring, text: str, bound_to: str, workspace_id: str) -> str:
    return base64.b64encode(keyring.seal(text.encode(), bound_to, workspace_id)).decode()


def open_text(keyring: Keyring, sealed: str, bound_to: str, workspace_id: str) -> str | None:
    """The sealed text, or None if it does not open (its key is gone, or it is not this one's)."""
    try:
        return keyring.open(base64.b64decode(sealed), bound_to, workspace_id).decode()
    except (SealError, ValueError):
        return None


def sealed_job_data(keyring: Keyring, job_id: str, workspace_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """A job event's data as the event log keeps it."""
    stored = dict(data)
    message = data.get("message")
    if isinstance(message, str) and (shown := redact(message)) != message:
        stored.update(message=shown, sealedMessage=seal_text(keyring, message, job_id, workspace_id))
    if isinstance(data.get("facts"), dict):
        stored["facts"] = sealed_facts(keyring, data["facts"], job_id, workspace_id)
    return stored


def opened_job_data(keyring: Keyring, job_id: str, workspace_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """A job event's data as it was before `sealed_job_data`."""
    if "sealedMessage" not in data and not isinstance(data.get("facts"), dict):
        return data
    opened = dict(data)
    if "sealedMessage" in data:
        opened["message"] = open_text(keyring, opened.pop("sealedMessage"), job_id, workspace_id) or data["message"]
    if isinstance(data.get("facts"), dict):
        opened["facts"] = opened_facts(keyring, data["facts"], job_id, workspace_id)
    return opened


def sealed_facts(keyring: Keyring, facts: dict[str, Any], bound_to: str, workspace_id: str) -> dict[str, Any]:
    """engine.browser.facts.PageFacts.as_json as kept: where the page ended only up to its path, the rest sealed."""
    final = facts.get("finalUrl")
    if not isinstance(final, str) or (shown := clear_url(final)) == final:
        return facts
    return {**facts, "finalUrl": shown, "sealedFinalUrl": seal_text(keyring, final, bound_to, workspace_id)}


def opened_facts(keyring: Keyring, facts: dict[str, Any], bound_to: str, workspace_id: str) -> dict[str, Any]:
    if "sealedFinalUrl" not in facts:
        return facts
    opened = dict(facts)
    opened["finalUrl"] = open_text(keyring, opened.pop("sealedFinalUrl"), bound_to, workspace_id) or facts["finalUrl"]
    return opened


def sealed_message_data(keyring: Keyring, workspace_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """A webhook.scheduled event's data as kept: its payload sealed to the message."""
    payload = orjson.dumps(data["payload"]).decode()
    kept = {name: value for name, value in data.items() if name != "payload"}
    return {**kept, "sealedPayload": seal_text(keyring, payload, data["message"], workspace_id)}


def opened_message_data(keyring: Keyring, workspace_id: str, data: dict[str, Any]) -> dict[str, Any] | None:
    """A webhook.scheduled event's data with its payload again; None if it does not open."""
    if "sealedPayload" not in data:
        return data  # written before payloads were sealed, or a test event (nothing of a job in it)
    opened = open_text(keyring, data["sealedPayload"], data["message"], workspace_id)
    return None if opened is None else {**data, "payload": orjson.loads(opened)}
