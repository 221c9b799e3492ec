"""Webhook pieces without a service: signatures against the reference library, the schedule, secret overlap."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from standardwebhooks import Webhook

from engine.operations.settings import SettingsError, load_settings
from engine.records.webhooks import (
    ROTATION_OVERLAP_S,
    SigningSecrets,
    failure_code,
    new_secret,
    retry_delay,
    signature,
    signed_headers,
)


def test_signatures_are_the_reference_librarys() -> None:
    secret, body, at = new_secret(), b'{"type":"job.succeeded"}', dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
    ours = signature(secret, "msg_1", int(at.timestamp()), body)
    assert ours == Webhook(secret).sign("msg_1", at, body.decode())
    other = new_secret()
    assert signature(other, "msg_1", int(at.timestamp()), body) != ours
    headers = signed_headers([secret, other], "msg_1", int(at.timestamp()), body)
    assert headers["webhook-signature"].split(" ")[0] == ours


def test_the_schedule_runs_out_and_jitters_within_its_bounds() -> None:
    rng = random.Random(7)
    schedule = (5.0, 300.0)
    delays = [retry_delay(schedule, 1, 0.1, rng) for _ in range(200)]
    assert all(d is not None and 4.5 <= d <= 5.5 for d in delays)
    assert len({round(d or 0, 3) for d in delays}) > 100  # really jittered
    second = retry_delay(schedule, 2, 0.1, rng)
    assert second is not None
    assert 270 <= second <= 330
    assert retry_delay(schedule, 3, 0.1, rng) is None


def test_failure_codes_say_what_went_wrong() -> None:
    assert [failure_code(503, None), failure_code(302, None), failure_code(None, "timeout")] == [
        "http_503", "redirect", "timeout"]
    assert failure_code(None, None) == "connection"


def test_an_old_secret_signs_beside_the_new_one_until_the_overlap_ends() -> None:
    secrets = SigningSecrets()
    secrets.add("whsec_old", 1000.0)
    assert secrets.in_force(2000.0) == ["whsec_old"]
    secrets.add("whsec_new", 5000.0)
    assert secrets.in_force(5001.0) == ["whsec_new", "whsec_old"]
    assert secrets.in_force(5000.0 + ROTATION_OVERLAP_S) == ["whsec_new"]


def test_the_retry_schedule_is_a_setting() -> None:
    assert load_settings(environ={"CAPTURE_WEBHOOK_RETRY_S": "0.5, 2"}).webhook_retry_s == (0.5, 2.0)
    for bad in ("", "1,-1", "soon"):
        with pytest.raises(SettingsError, match="webhook_retry_s"):
            load_settings(environ={"CAPTURE_WEBHOOK_RETRY_S": bad})


def test_a_start_replays_exactly_the_messages_still_pending() -> None:
    """PENDING_MESSAGE_EVENTS (issue 39) leaves out the messages a whole replay ends with delivered or abandoned."""
    import duckdb
    import orjson

    from engine.records.schema import DDL
    from engine.records.webhooks import PENDING, PENDING_MESSAGE_EVENTS, Message

    stories = {
        "delivered": ["webhook.delivered"], "abandoned": ["webhook.failed", "webhook.abandoned"],
        "failing": ["webhook.failed"], "new": [], "delivered_then_resent": ["webhook.delivered", "webhook.resent"],
        "resent_then_delivered": ["webhook.abandoned", "webhook.resent", "webhook.delivered"],
        "resent_then_failing": ["webhook.abandoned", "webhook.resent", "webhook.failed"],
        "resent_twice_then_abandoned": ["webhook.resent", "webhook.resent", "webhook.abandoned"],
    }
    ts = dt.datetime(2026, 11, 26, 12, 0)
    rows: list[tuple[str, dict[str, object]]] = []
    for message, kinds in stories.items():
        rows.append(("webhook.scheduled", {"message": message, "event": "job.succeeded", "payload": {}}))
        rows += [(kind, {"message": message, "retryAt": 1.0}) for kind in kinds]
    rows.append(("webhook.endpoint_created", {"endpoint": "whe_x"}))  # the endpoints' own: not a message's
    with duckdb.connect() as conn:
        conn.execute(DDL)
        conn.executemany("INSERT INTO events (seq, ts, type, workspace_id, data) VALUES (?, ?, ?, 'ws_a', ?)",
                         [(n, ts, kind, orjson.dumps(data).decode()) for n, (kind, data) in enumerate(rows, 1)])
        replayed = {orjson.loads(row[3])["message"] for row in conn.execute(PENDING_MESSAGE_EVENTS).fetchall()}
    messages: dict[str, Message] = {}
    for kind, data in rows:  # the whole replay, as a start did before
        if kind == "webhook.scheduled":
            messages[str(data["message"])] = Message.scheduled("ws_a", ts, data)
        elif kind != "webhook.endpoint_created":
            messages[str(data["message"])].apply(kind, ts, data)
    pending = {message.id for message in messages.values() if message.state == PENDING}
    assert replayed == pending
    assert pending == {"failing", "new", "delivered_then_resent", "resent_then_failing"}
