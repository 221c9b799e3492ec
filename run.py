"""The capture service's composition root and operator CLI.

    python run.py serve                                  start the service
    python run.py workspace create --name N [--plan P] [--quota Q]
    python run.py workspace set-plan WORKSPACE_ID PLAN [--quota Q]
    python run.py key create --workspace WORKSPACE_ID [--name NAME]
    python run.py key revoke KEY_ID
    python run.py key rotate-signing-secret KEY_ID
    python run.py monitor list --workspace WORKSPACE_ID  a workspace's monitors
    python run.py payload-key rotate
    python run.py sql "SELECT …"
    python run.py backup DESTINATION                     copy the data directory, also while running
    python run.py export [--from M] [--to M] --out DIR  the events as Parquet, by month
    python run.py archive --out DIR [--keep-months N]    old months to Parquet and out of the live file
    python run.py unit-limits                            the systemd drop-in for the pool size

Admin commands go through the running service's control socket when it
runs, and open the DuckDB file directly when it does not (api/cli/admin.py).
"""

from __future__ import annotations

import logging
import os
import socket
import sys
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

# Light imports only up here: `serve` launches Chromium before DuckDB, Arrow, Quart; admin commands import theirs.
import trio

from api.cli.admin import CliError, admin_command, archive_command, service_runs
from api.cli.commands import admin_request, parser
from api.cli.startup import (
    announce,
    default_workspace,
    listen,
    listen_for_metrics,
    protect_data,
    serve_http,
    warn_about,
)
from engine.operations.data_dir import UMASK
from engine.operations.logs import configure as configure_logs
from engine.operations.settings import Settings, SettingsError, load_settings
from engine.records.keys import load_or_create_secret
from engine.rules.plans import Plan, PlanFileError, load_plans

if TYPE_CHECKING:  # the composition root's types; each is imported for real where it is started
    from actors.accounts import ApiKeys, Memberships, People
    from actors.browser import BrowserPool
    from actors.egress import EgressGuard
    from actors.operations import ServiceManagerLink, Supervisor
    from actors.storage import Database, EventLog
    from api.pipeline import Services
    from engine.browser.chromium import HeadStart
    from engine.network.destinations import EgressPolicy
    from engine.records.sealing import Keyring
    from engine.records.signing import ResultSigner

log = logging.getLogger("capture")


# ---------------------------------------------------------------- serve


def serve_command(settings: Settings, plans: dict[str, Plan]) -> None:
    """`run.py serve`: refuse what cannot work before anything starts, then serve until stopped."""
    from engine.browser.browser_user import BrowserAccount
    from engine.browser.chromium import HeadStart  # Selenium: needed first, to launch Chromium
    from engine.browser.markdown import run_extractors_as
    from engine.browser.processes import adopt_orphans, reap_adopted_at_stop
    from engine.operations.heap import steady_heap

    warn_about(settings)
    protect_data(settings)
    if service_runs(settings):
        raise CliError(f"a service already runs with data in {settings.data_dir}")
    listener = listen("listen", settings.listen_host_port())
    metrics_listener = listen_for_metrics(settings)
    adopt_orphans()  # before the first Chromium starts
    run_extractors_as(BrowserAccount.for_service(settings.chromium_user))  # markdown's, like Chromium
    steady_heap()  # before the first capture's buffers
    head_start = HeadStart(settings)
    try:
        trio.run(serve, settings, plans, listener, metrics_listener, head_start)
    finally:
        head_start.close()
        reap_adopted_at_stop(BrowserAccount.for_service(settings.chromium_user))
        listener.close()
        if metrics_listener is not None:
            metrics_listener.close()


async def serve(settings: Settings, plans: dict[str, Plan], listener: socket.socket,
                metrics_listener: socket.socket | None, head_start: HeadStart) -> None:
    """Run every actor and the HTTP server on `listener` (metrics on `metrics_listener`) until SIGTERM or
    SIGINT; the pool adopts the browsers `head_start` launched."""
    import duckdb

    from actors.operations import Supervisor
    from actors.storage import Database

    own = _Keys.load(settings)  # a key that cannot be read stops the start before anything runs
    db = Database(settings.database_path)
    try:
        await db.open()
    except duckdb.Error as exc:
        raise CliError(f"cannot open {settings.database_path}: {exc}") from exc
    try:
        await db.rebuilding()
        async with trio.open_nursery() as nursery:
            supervisor = Supervisor(nursery)
            core = await _start_browsers(supervisor, settings, db, head_start)
            services, link = await _start_actors(supervisor, settings, plans, db, own, core)
            await db.serving()  # rebuilt: DuckDB back to one thread
            metrics_address = None
            if metrics_listener is not None:
                from actors.operations import MetricsServer

                metrics_address = metrics_listener.getsockname()
                await supervisor.start("metrics", MetricsServer(metrics_listener, core.pool, services.jobs).run)
            first_key = await default_workspace(services.memberships, services.keys, settings)
            address = listener.getsockname()
            await serve_http(nursery, services, listener, link, core.pool_ready)
            announce(settings, address, metrics_address, first_key)
            core.served.set()  # the jobs' finished history loads now, off the way of the start
            link.ready()  # after the pool's sessions, the event log and the HTTP listener: systemd may route to us
    finally:
        with trio.move_on_after(5, shield=True):
            await db.close()
    log.info("stopped")


@dataclass(frozen=True)
class _Core:
    """What starts first, for the actors after it."""

    event_log: EventLog
    policy: EgressPolicy  # the egress policy the guard enforces: its lookups' turns are counted by owning account
    guard: EgressGuard
    pool: BrowserPool
    pool_ready: trio.Event
    served: trio.Event  # set once the service serves: what a start may load later loads then


async def _start_browsers(supervisor: Supervisor, settings: Settings, db: Database, head_start: HeadStart) -> _Core:
    """The event log, the egress guard and the browser pool, first: the head start's browsers boot while the
    rest is imported and started; "ready" waits for both."""
    from actors.browser import BrowserPool
    from actors.egress import EgressGuard
    from actors.storage import EventLog
    from engine.browser.chromium import guard_host
    from engine.network.destinations import egress_policy

    event_log = EventLog(db)
    await supervisor.start("event-log", event_log.run)
    supervisor.record_crashes_in(event_log)
    # built in a thread: it reads the host's addresses and resolves the Grid hub's name, once
    policy = await trio.to_thread.run_sync(egress_policy, settings)
    guard = EgressGuard(policy, event_log, head_start.listener,
                        guard_host(settings), settings.grid_nodes, credentials=bool(settings.grid_url))
    await supervisor.start("egress-guard", guard.run)
    pool = BrowserPool(settings, event_log, guard, head_start)
    core = _Core(event_log, policy, guard, pool, trio.Event(), trio.Event())
    supervisor.start_soon("browser-pool", pool.run, core.pool_ready)
    return core


async def _start_actors(supervisor: Supervisor, settings: Settings, plans: dict[str, Plan], db: Database,
                        own: _Keys, core: _Core) -> tuple[Services, ServiceManagerLink]:
    """Every other actor, wired: accounts, quota, the shelf, the capture flow, webhooks, jobs, systemd, the
    control socket. Returns the services the HTTP app is given, and the link to systemd."""
    from actors.accounts import QuotaLedger
    from actors.capture import Admission, Attempts, Captures, Intake, ResultStore, Shelf
    from actors.jobs import Jobs, JobSecrets
    from actors.monitors import MonitorRuns, Monitors
    from actors.operations import ControlServer, HeapKeeper, ServiceManagerLink, status_line
    from actors.webhooks import WebhookEndpoints, Webhooks
    from api.pipeline import Services
    from engine.operations.sd_notify import Notifier

    event_log, pool = core.event_log, core.pool
    memberships, keys, people = await _start_accounts(supervisor, db, plans, own.api_keys, settings)
    core.policy.turns.count_by(memberships.account_of)  # lookups take turns by owning account
    ledger = QuotaLedger(event_log, partial(memberships.pooled, settings.account_quota_plans))
    await supervisor.start("ledger", ledger.run)
    secrets = JobSecrets(own.keyring, own.signer, own.fingerprints)
    own.signer.workspaces = lambda: (workspace.id for workspace in memberships.workspaces())
    shelf = Shelf(settings, event_log, ResultStore(settings.data_dir / "shelf"), own.cache, secrets,
                  account_of=memberships.account_of)
    await supervisor.start("shelf", shelf.run)
    captures = Captures(settings, pool, core.guard, shelf)
    attempts = Attempts(event_log)
    admission = Admission(settings, attempts, captures.in_cache)
    intake = Intake(captures, admission, attempts, ledger)
    await supervisor.start("intake", intake.run)
    endpoints = WebhookEndpoints(event_log, secrets, core.policy)
    await supervisor.start("webhook-endpoints", endpoints.run)
    webhooks = Webhooks(settings, event_log, secrets, core.policy, endpoints, account_of=memberships.account_of)
    await supervisor.start("webhooks", webhooks.run)
    monitors = Monitors(event_log, secrets, core.policy, settings.monitor_clock_scale)
    await supervisor.start("monitors", monitors.run)
    memberships.on_delete(monitors.forget_workspace)
    jobs = Jobs(settings, event_log, ledger, pool, captures, attempts,
                ResultStore(settings.data_dir / "results"), secrets, webhooks, account_of=memberships.account_of,
                serving=core.served)
    await supervisor.start("jobs", jobs.run)
    monitor_runs = MonitorRuns(monitors, captures, ledger, memberships, webhooks, lambda: jobs.queued,
                               settings.data_dir / "monitors",
                               settings.monitor_runners or max(1, settings.pool_size // 2),
                               settings.result_url_ttl_s)
    await supervisor.start("monitor-runs", monitor_runs.run)
    link = ServiceManagerLink(Notifier(), partial(status_line, pool, jobs))
    await supervisor.start("systemd", link.run)
    control = ControlServer(settings.control_socket, memberships, keys, db, jobs, settings.payload_key_dir,
                            settings.sql_timeout_s, settings.data_dir)
    await supervisor.start("control", control.run)
    await supervisor.start("heap", HeapKeeper(lambda: pool.statistics().pages).run)
    return Services(settings, keys, memberships, people, admission, attempts, intake, captures, shelf, pool, jobs,
                    ledger, event_log, webhooks, endpoints, monitors, monitor_runs), link


async def _start_accounts(supervisor: Supervisor, db: Database, plans: dict[str, Plan], secret: bytes,
                          settings: Settings) -> tuple[Memberships, ApiKeys, People]:
    """The accounts' three actors: memberships first, which keys and people ask (and which tells keys of a
    deleted workspace; people tell it of a sign-up's personal workspace)."""
    from actors.accounts import ApiKeys, Memberships, People

    memberships = Memberships(db, plans, secret, max_teams_per_user=settings.max_teams_per_user)
    await supervisor.start("memberships", memberships.run)
    keys = ApiKeys(db, secret, memberships, max_keys_per_workspace=settings.max_keys_per_workspace)
    await supervisor.start("keys", keys.run)
    people = People(db, plans, secret, memberships, attempts_per_client_min=settings.login_attempts_per_min,
                    attempts_per_min=settings.login_attempts_total_per_min)
    await supervisor.start("people", people.run)
    return memberships, keys, people


@dataclass(frozen=True)
class _Keys:
    """The service's own secrets, from the data directory (created on a first start)."""

    api_keys: bytes  # HMAC of API key hashes
    keyring: Keyring  # seals job payloads
    signer: ResultSigner  # signs result URLs
    fingerprints: bytes  # idempotency keys' body fingerprints
    cache: bytes  # cache keys

    @classmethod
    def load(cls, settings: Settings) -> _Keys:
        from engine.records.sealing import Keyring
        from engine.records.signing import ResultSigner

        secrets = settings.data_dir / "secrets"
        try:
            keyring = Keyring.load(settings.payload_key_dir)
        except (ValueError, OSError) as exc:
            raise CliError(f"payload keys: {exc}") from exc
        return cls(load_or_create_secret(secrets / "api-key-hmac.key"), keyring,
                   ResultSigner(load_or_create_secret(secrets / "result-url.key")),
                   load_or_create_secret(secrets / "idempotency.key"), load_or_create_secret(secrets / "cache-key.key"))


def mcp_command(url: str) -> None:
    """`run.py mcp`: the capture tools on stdio; the key from CAPTURE_API_KEY, never from an argument."""
    from api.mcp.stdio import serve_stdio

    key = os.environ.get("CAPTURE_API_KEY")
    if not key:
        raise CliError("run.py mcp needs the API key in CAPTURE_API_KEY")
    trio.run(serve_stdio, url, key)


# ---------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    ns = parser().parse_args(argv)
    os.umask(UMASK)  # every file and directory any command creates is the service user's alone
    # Until the settings are read, and for the admin commands (whose answers are stdout), logs go to stderr.
    configure_logs("text", "info", sys.stderr)
    try:
        settings = load_settings(ns.config)
        configure_logs(settings.log_format, settings.log_level, sys.stdout if ns.command == "serve" else sys.stderr)
        plans = load_plans(settings.plans_file)
        if ns.command == "serve":
            serve_command(settings, plans)
        elif ns.command == "mcp":
            mcp_command(ns.url)
        elif ns.command == "archive":
            archive_command(settings, ns.out, ns.keep_months)
        elif ns.command == "unit-limits":
            sys.stdout.write(settings.unit_limits())
        else:
            admin_command(settings, plans, *admin_request(ns))
        return 0
    except (CliError, SettingsError, PlanFileError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
