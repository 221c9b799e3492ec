"""Webhooks: a workspace's endpoints and signing secrets, and signed calls retried until delivered or given up."""

from __future__ import annotations

from actors.webhooks.delivery import Webhooks
from actors.webhooks.endpoints import ENDPOINT_REPLAY, WebhookEndpoints, open_sealed

__all__ = ["ENDPOINT_REPLAY", "WebhookEndpoints", "Webhooks", "open_sealed"]
