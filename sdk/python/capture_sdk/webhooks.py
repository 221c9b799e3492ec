"""The service's webhook calls follow Standard Webhooks: verified here with its reference library."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from standardwebhooks import Webhook


def verify_webhook(body: bytes | str, headers: Mapping[str, str], secret: str) -> dict[str, Any]:
    """The event (`{"type", "timestamp", "data"}`) of a call whose `webhook-signature` one of `secret`'s
    signatures matches, within five minutes of its `webhook-timestamp`; raises
    `standardwebhooks.WebhookVerificationError` otherwise. `secret` is the endpoint's `whsec_…` (or the
    workspace's signing secret for a job's own `webhookUrl`)."""
    event: dict[str, Any] = Webhook(secret).verify(body, {name.lower(): value for name, value in headers.items()})
    return event
