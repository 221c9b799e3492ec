"""What every API request goes through, in the app's hooks and beneath them.

Who is calling (`authenticate`), what the request may spend (`admit`) and
what every answer carries (`stamp`), with the services a handler reaches,
its caller and the base URL of the answer's links. The app's hooks
(`api.app`) and the status-read fast path (`api.rest.status_reads`) both run
these same steps, so a header or a check added here reaches every route.
This module imports nothing from `api/`: everything there imports it.
"""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import trio
from quart import current_app, g, request
from werkzeug.routing import BaseConverter
from werkzeug.sansio.utils import get_current_url, get_host

from actors.accounts import ApiKeys, Memberships, People, Principal, QuotaLedger
from actors.browser import BrowserPool
from actors.capture import Admission, Attempts, Captures, Delivery, Intake, Shelf, Shelved
from actors.jobs import Jobs
from actors.monitors import MonitorRuns, Monitors
from actors.storage import STUCK_S, EventLog
from actors.webhooks import WebhookEndpoints, Webhooks
from engine.operations.settings import Settings
from engine.records import render_links
from engine.records.jobs import Job
from engine.records.monitor_runs import MonitorRun
from engine.rules.errors import Unauthenticated
from engine.rules.forwarded import client_address
from engine.rules.ratelimit import RateDecision

# Where no declared route matched (a 404, a 405), an /api/ path asks for a key first, as the routes there do.
PUBLIC_PATHS = ("/api/openapi.json",)
SIGNED_PREFIX = "/api/results/"  # a signed URL is its own authorisation
RENDER_PREFIX = "/api/render/"  # so is a render link, signed with its key's signing secret (api.rest.captures)
JOB_ID = r"job_[0-9a-zA-Z]{1,64}"
Pairs = list[tuple[str, str]]
Result = Shelved | Job | tuple[MonitorRun, bool]  # a monitor's run: its result, or (True) its diff picture


class JobIdConverter(BaseConverter):
    """A job id in a path: `/api/jobs/batch` is the batch route, never a job called "batch"."""

    regex = JOB_ID


class ResultIdConverter(BaseConverter):
    """What a signed result URL names: a job, a synchronous capture whose result the shelf keeps, or a monitor's
    run (`run_…`, its result; `run_…-diff`, its diff picture)."""

    regex = rf"(?:{JOB_ID}|cap_[0-9a-zA-Z]{{1,64}}|run_[0-9a-zA-Z]{{1,64}}(?:-diff)?)"


@dataclass(frozen=True)
class Services:
    settings: Settings
    keys: ApiKeys  # who a request acts as
    memberships: Memberships  # workspaces, roles, invitations
    people: People  # users and their sessions
    admission: Admission  # rate budgets and shares
    attempts: Attempts  # the analytics record of capture attempts
    intake: Intake  # synchronous captures
    captures: Captures  # the one capture flow (regions, vetting)
    shelf: Shelf  # kept results: the cache and synchronous captures' resultUrl
    pool: BrowserPool
    jobs: Jobs
    ledger: QuotaLedger
    event_log: EventLog
    webhooks: Webhooks  # delivery: test events and resends
    webhook_endpoints: WebhookEndpoints  # endpoints and signing secrets
    monitors: Monitors  # pages captured on a schedule
    monitor_runs: MonitorRuns  # their runs: queued, captured, compared


# ------------------------------------------------------------ the steps


def needs_key(path: str) -> bool:
    """An undeclared /api/ path answers only to an API key (the docs, signed result URLs and render links need
    none)."""
    return (path.startswith("/api/") and path not in PUBLIC_PATHS and not path.startswith(SIGNED_PREFIX)
            and not path.startswith(RENDER_PREFIX))


def api_key(header: Callable[[str], str | None]) -> str | None:
    """The key a request sends, in x-api-key or as a Bearer token; `header` reads one header by its lowercase name."""
    key = header("x-api-key")
    if key is None:
        scheme, _, token = (header("authorization") or "").partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            key = token.strip()
    return key


def authenticate(keys: ApiKeys, key: str | None) -> Principal:
    """The caller behind `key`; Unauthenticated (401) without one or for an unknown or revoked one."""
    if not key:
        raise Unauthenticated("send an API key in x-api-key or Authorization: Bearer")
    found = keys.authenticate(key)
    if found is None:
        raise Unauthenticated("the API key is unknown or revoked")
    return found


async def admit(admission: Admission, principal: Principal, request_id: str, budget: str) -> RateDecision:
    """Take the request from the budget its route declares (capture, read or plain); RateLimited (429) takes
    nothing."""
    return await admission.admit(principal, request_id, capture=budget == "capture", read=budget == "read")


async def let_in_by_link(found: Services, request_id: str, key_id: str, signature: str, extension: str,
                         pairs: Pairs) -> tuple[Principal, dict[str, Any]]:
    """Who a render link captures for, the key that signed it (engine.records.render_links), and its capture
    request, taken from the link's budget (Admission.admit_link); 401 for an unknown or revoked key, 403 for a
    query it did not sign, 410 past its expires."""
    caller = found.keys.render_principal(key_id)
    if caller is None:
        raise Unauthenticated("the render link's key is unknown or revoked")
    who, secret = caller
    render_links.check(secret, pairs, signature, extension, time.time())
    return who, await found.admission.admit_link(who, request_id, pairs, extension)


async def signed_result(found: Services, result_id: str, expires: str | None, sig: str | None) -> tuple[str, Result]:
    """The result a signed URL names, if it holds and the result is kept: a job's, or a synchronous capture's on
    the shelf; with its workspace."""
    if result_id.startswith("cap_"):
        entry = found.shelf.signed_result(result_id, expires, sig)
        return entry.workspace_id, entry
    if result_id.startswith("run_"):
        run, diff = found.monitors.signed_result(result_id, expires, sig)
        return run.workspace_id, (run, diff)
    job = await found.jobs.signed_result(result_id, expires, sig)
    return job.workspace_id, job


def admit_download(found: Services, workspace_id: str) -> RateDecision:
    """A download takes from its workspace's read budget."""
    return found.admission.admit_download(workspace_id, found.memberships.requests_per_minute(workspace_id))


def stamp(request_id: str, rate: RateDecision | None) -> dict[str, str]:
    """The headers every answer of the API carries: its request id, and the rate budget it was taken from."""
    return {"x-request-id": request_id, **(rate.headers() if rate is not None else {})}


# ------------------------------------------------------------ inside a request


def services() -> Services:
    found: Services = current_app.extensions["services"]
    return found


def principal() -> Principal:
    found: Principal = g.principal
    return found


def client() -> str:
    """The caller's address: the peer's, or behind `trusted_proxies` the one they name (engine.rules.forwarded)."""
    return client_address(request.remote_addr or "", request.headers.getlist("x-forwarded-for"),
                          services().settings.trusted_proxies)


def base_url() -> str:
    """Where users reach this service: `public_url`, else the host the request came to; no trailing slash."""
    public_url = services().settings.public_url
    if public_url:
        return public_url.rstrip("/")
    return host_url(request.scheme, request.headers.get("host"), request.server)


def host_url(scheme: str, host_header: str | None, server: Sequence[Any] | None) -> str:
    """`scheme://host[:port]` of a request, by werkzeug's rules for the Host header (as `request.host_url`)."""
    return _host_url(scheme, host_header, tuple(server) if server else None)


@functools.lru_cache(maxsize=64)  # a service is reached under a few names; werkzeug's rules cost 3 % of a request
def _host_url(scheme: str, host_header: str | None, server: tuple[str, int | None] | None) -> str:
    return get_current_url(scheme, get_host(scheme, host_header, server)).rstrip("/")


def delivering(delivery: Delivery, payload: bytes) -> AsyncIterator[bytes]:
    """A response body carrying a capture: delivered once the client has it, a failed delivery otherwise."""
    intake = services().intake  # now: the body is sent after the app context is gone

    async def body() -> AsyncIterator[bytes]:
        # Quart asks for the next chunk only after the previous one was handed to the
        # connection, so reaching the line after `yield` means the client has the bytes.
        handed_over = False
        try:
            yield payload
            handed_over = True
        finally:
            # Past STUCK_S the capture goes unrecorded and its quota stays reserved until the next start.
            with trio.move_on_after(STUCK_S, shield=True):
                if handed_over:
                    await intake.delivered(delivery)
                else:
                    await intake.delivery_failed(delivery, "the client went away")
    return body()
