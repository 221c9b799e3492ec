"""Secrets in URLs stay sealed (issue 33, item 8): a URL's query and userinfo, in a job's events, its webhook
messages stored for retries, its page facts and the log, are either sealed or cut; the job's own view still
shows what the client sent."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

import orjson
import trio

from actors.operations import Supervisor
from actors.storage import running_event_log
from engine.records.at_rest import opened_job_data, sealed_job_data
from engine.records.sealing import Keyring
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer


def marker(name: str) -> str:
    """A value of this run only, so a match can be nothing but this test's."""
    return f"{name}{secrets.token_hex(8)}"


def rows_holding(service: Service, text: str) -> list[str]:
    """The types of the events with `text` in any column, the whole row read as text (as `run.py sql` shows it)."""
    rows = service.sql(f"SELECT type FROM events AS e WHERE CAST(e AS VARCHAR) LIKE '%{text}%' ORDER BY seq")
    return [row["type"] for row in rows]


def wait_logged(service: Service, *capture_ids: str, wait_s: float = 10) -> None:
    """Until the log has the line of each capture (written once its event is committed)."""
    deadline = time.monotonic() + wait_s
    while not all(f'"capture_id": "{c}"' in service.log_text() for c in capture_ids):
        assert time.monotonic() < deadline, f"no log line for {capture_ids} within {wait_s} s"
        time.sleep(0.05)


def test_what_a_job_event_keeps_in_clear_opens_whole_for_its_own_job_only() -> None:
    ring, token = Keyring({"k1": bytes(range(32))}, "k1"), marker("tok")
    failed = {"code": "navigation_refused", "message": f"the page went to http://u:{token}@h.example/p?t={token}"}
    succeeded = {"bytes": 5, "facts": {"finalUrl": f"https://h.example/end?t={token}", "title": "T"}}
    for data in (failed, succeeded):
        stored = sealed_job_data(ring, "job_1", "ws_a", data)
        assert token not in orjson.dumps(stored).decode()
        assert opened_job_data(ring, "job_1", "ws_a", stored) == data
        assert token not in orjson.dumps(opened_job_data(ring, "job_2", "ws_a", stored)).decode()  # not its job
    assert sealed_job_data(ring, "job_1", "ws_a", failed)["message"] == "the page went to http://…@h.example/p?…"
    assert sealed_job_data(ring, "job_1", "ws_a", succeeded)["facts"]["finalUrl"] == "https://h.example/end"
    plain = {"code": "render_timeout", "message": "no load within 1000 ms"}
    assert sealed_job_data(ring, "job_1", "ws_a", plain) == plain  # nothing to seal: nothing sealed


async def test_an_actor_crash_is_recorded_without_the_url_its_error_named(tmp_path: Path) -> None:
    token, runs, again = marker("tok"), [], trio.Event()

    async def flaky(*, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        runs.append(1)
        task_status.started()
        if len(runs) == 1:
            raise RuntimeError(f"could not load http://u:{token}@h.example/p?t={token}")
        again.set()
        await trio.sleep_forever()

    with trio.fail_after(20):
        async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
            supervisor = Supervisor(nursery)
            supervisor.record_crashes_in(event_log)
            await supervisor.start("flaky", flaky)
            await again.wait()  # restarted: the crash event was committed before the back-off
            [crash] = await event_log.query("SELECT data FROM events WHERE type = 'actor.crashed'")
            nursery.cancel_scope.cancel()
    assert token not in crash["data"]
    assert "http://…@h.example/p?…" in orjson.loads(crash["data"])["error"]


def test_a_token_in_a_jobs_url_is_in_no_event_and_no_log_line(service: Service, pro: Workspace,
                                                               site: FixtureServer) -> None:
    token, port = marker("tok"), site.server_address[1]
    hook = f"{site.base}/hook?receiver={token}"  # a receiver's own token, too
    refused = f"http://internal.test:{port}/x?token={token}"  # the guard refuses it: the job fails naming it
    failing_url = f"{site.base}/moved?token={token}&to={refused}"
    succeeding_url = f"{site.base}/moved?token={token}&to=/og?token={token}"
    failing = pro.submit(url=failing_url, webhookUrl=hook)
    succeeding = pro.submit(url=succeeding_url, responseType="json", webhookUrl=hook)
    assert failing.status_code == succeeding.status_code == 202, (failing.text, succeeding.text)
    failed = pro.finished_job(failing.json()["id"])
    succeeded = pro.finished_job(succeeding.json()["id"])
    assert failed["status"] == "FAILED", failed
    assert succeeded["status"] == "SUCCEEDED", succeeded
    # the client still sees what it sent and where its page ended
    assert (failed["url"], succeeded["url"]) == (failing_url, succeeding_url)
    assert succeeded["finalUrl"] == f"{site.base}/og?token={token}"
    assert refused in failed["error"]["message"]
    wait_logged(service, failed["id"], succeeded["id"])
    scheduled = service.events(f"type = 'webhook.scheduled' AND capture_id IN ('{failed['id']}', "
                               f"'{succeeded['id']}')")
    assert len(scheduled) == 2  # the messages stored for retries exist, sealed

    held = rows_holding(service, token)
    assert not held, held
    assert token not in service.log_text()
    assert rows_holding(service, f"{site.base}/moved")  # what analytics keep: scheme, host, path


def test_a_password_in_a_urls_userinfo_is_kept_nowhere(service: Service, pro: Workspace,
                                                       site: FixtureServer) -> None:
    password = marker("pw")
    url = f"http://user:{password}@127.0.0.1:{site.server_address[1]}/og"
    sync = pro.capture(url=url, responseType="json", cache={"ttlS": 60})
    assert sync.status_code == 200, sync.text
    job = pro.submit(url=url, responseType="json", webhookUrl=f"{site.base}/hook")
    assert job.status_code == 202, job.text
    done = pro.finished_job(job.json()["id"])
    assert done["status"] == "SUCCEEDED", done
    assert done["url"] == url
    wait_logged(service, sync.headers["x-capture-id"], done["id"])

    held = rows_holding(service, password)
    assert not held, held
    assert service.holding(password, results=False) == []  # no file of its data directory, not its log
