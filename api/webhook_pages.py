"""The dashboard's webhooks page: the workspace's signing secret (rotatable) and the latest delivery attempts."""

from __future__ import annotations

import datetime as dt

from quart import Response

from api.pipeline import services
from api.web import acting_in, blueprint, page, see_other
from engine.permissions import allowed
from engine.webhooks import ROTATION_OVERLAP_S

RECENT_ATTEMPTS = 50
# The latest attempts of the workspace's messages, newest first.
RECENT_ATTEMPTS_SQL = (
    "SELECT ts, capture_id AS job, outcome, code, duration_ms, json_extract_string(data, '$.message') AS message, "
    "json_extract_string(data, '$.event') AS event, json_extract(data, '$.status')::INTEGER AS status, "
    "json_extract_string(data, '$.answer') AS answer "
    "FROM events WHERE workspace_id = ? AND type = 'webhook.attempted' AND ts >= ? ORDER BY seq DESC LIMIT ?"
)


@blueprint.get("/dashboard/w/<workspace_id>/webhooks")
async def webhooks(workspace_id: str) -> Response:
    found, role = acting_in(workspace_id, "view")
    can_manage = allowed(role, "manage_webhooks")
    signing = await services().webhooks.signing_secrets(found.id) if can_manage else []
    since = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(days=30)
    attempts = await services().event_log.query(RECENT_ATTEMPTS_SQL, [found.id, since, RECENT_ATTEMPTS])
    return await page("webhooks.html", workspace=found, role=role, tab="Webhooks", can_manage=can_manage,
                      signing=signing, attempts=attempts, overlap_h=ROTATION_OVERLAP_S // 3600)


@blueprint.post("/dashboard/w/<workspace_id>/webhooks/rotate-secret")
async def rotate_signing_secret(workspace_id: str) -> Response:
    found, _ = acting_in(workspace_id, "manage_webhooks")
    await services().webhooks.rotate_signing_secret(found.id)
    return see_other(f"/dashboard/w/{found.id}/webhooks")
