"""The capture service's composition root and operator CLI.

    python run.py serve                                  start the service
    python run.py workspace create --name N [--plan P] [--quota Q]
    python run.py workspace set-plan WORKSPACE_ID PLAN [--quota Q]
    python run.py key create --workspace WORKSPACE_ID [--name NAME]
    python run.py key revoke KEY_ID
    python run.py key rotate-signing-secret KEY_ID
    python run.py payload-key rotate
    python run.py sql "SELECT …"
    python run.py backup DESTINATION                     copy the data directory, also while running
    python run.py unit-limits                            the systemd drop-in for the pool size

Admin commands go through the running service's control socket when it
runs, and open the DuckDB file directly when it does not (api/admin.py).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Light imports only up here: `serve` launches Chromium before the service loads DuckDB, Arrow, Quart and
# the rest, and the admin commands import what they use.
import trio

from api.admin import CliError, admin_command, service_runs
from engine.operations.data_dir import UMASK
from engine.operations.logs import as_json
from engine.operations.logs import configure as configure_logs
from engine.operations.settings import Settings, SettingsError, load_settings
from engine.records.keys import load_or_create_secret
from engine.rules.plans import Plan, PlanFileError, load_plans

if TYPE_CHECKING:
    from engine.browser.chromium import HeadStart

log = logging.getLogger("capture")
GRACEFUL_S = 3.0


# ---------------------------------------------------------------- serve


def serve_command(settings: Settings, plans: dict[str, Plan]) -> None:
    """`run.py serve`: refuse what cannot work before anything starts, then serve until stopped."""
    from engine.browser.chromium import HeadStart  # Selenium: needed first, to launch Chromium

    _warn_about(settings)
    _protect_data(settings)
    if service_runs(settings):
        raise CliError(f"a service already runs with data in {settings.data_dir}")
    listener = _bind("listen", settings.listen_host_port())
    metrics_listener = _bind_metrics(settings)
    head_start = HeadStart(settings)
    try:
        trio.run(serve, settings, plans, listener, metrics_listener, head_start)
    finally:
        head_start.close()
        listener.close()
        if metrics_listener is not None:
            metrics_listener.close()


async def serve(settings: Settings, plans: dict[str, Plan], listener: socket.socket,
                metrics_listener: socket.socket | None, head_start: HeadStart) -> None:
    """Run every actor and the HTTP server on `listener` (metrics on `metrics_listener`) until SIGTERM or
    SIGINT; the pool adopts the browsers `head_start` launched."""
    import duckdb

    from actors.browser_pool import BrowserPool
    from actors.database import Database
    from actors.egress import EgressGuard
    from actors.eventlog import EventLog
    from actors.supervisor import Supervisor
    from engine.browser.chromium import guard_host
    from engine.network.destinations import egress_policy
    from engine.records.signing import ResultSigner

    secret = load_or_create_secret(settings.data_dir / "secrets" / "api-key-hmac.key")
    keyring = _keyring(settings)
    signer = ResultSigner(load_or_create_secret(settings.data_dir / "secrets" / "result-url.key"))
    fingerprints = load_or_create_secret(settings.data_dir / "secrets" / "idempotency.key")
    db = Database(settings.database_path)
    try:
        await db.open()
    except duckdb.Error as exc:
        raise CliError(f"cannot open {settings.database_path}: {exc}") from exc
    try:
        async with trio.open_nursery() as nursery:
            supervisor = Supervisor(nursery)
            event_log = EventLog(db)
            await supervisor.start("event-log", event_log.run)
            supervisor.event_log = event_log
            # built in a thread: it reads the host's addresses and resolves the Grid hub's name, once
            policy = await trio.to_thread.run_sync(egress_policy, settings)
            guard = EgressGuard(policy, event_log, head_start.listener,
                                guard_host(settings), settings.grid_nodes, credentials=bool(settings.grid_url))
            await supervisor.start("egress-guard", guard.run)
            pool = BrowserPool(settings, event_log, guard, head_start)
            # The head start's browsers boot while the rest is imported and started; "ready" waits for both.
            pool_ready = trio.Event()

            async def start_pool() -> None:
                await supervisor.start("browser-pool", pool.run)
                pool_ready.set()
            nursery.start_soon(start_pool)
            from hypercorn.config import Config

            from actors.accounts import AccountDirectory
            from actors.control import ControlServer
            from actors.health import status_line
            from actors.intake import Intake
            from actors.job_book import JobSecrets
            from actors.jobs import Jobs
            from actors.ledger import QuotaLedger
            from actors.results import ResultStore
            from actors.shelf import Shelf
            from actors.systemd import ServiceManagerLink
            from actors.webhook_endpoints import WebhookEndpoints
            from actors.webhooks import Webhooks
            from engine.operations.sd_notify import Notifier

            directory = AccountDirectory(db, plans, secret, attempts_per_client_min=settings.login_attempts_per_min,
                                         attempts_per_min=settings.login_attempts_total_per_min,
                                         max_keys_per_workspace=settings.max_keys_per_workspace,
                                         max_teams_per_user=settings.max_teams_per_user)
            await supervisor.start("accounts", directory.run)
            ledger = QuotaLedger(event_log)
            await supervisor.start("ledger", ledger.run)
            secrets = JobSecrets(keyring, signer, fingerprints)
            shelf = Shelf(settings, event_log, ResultStore(settings.data_dir / "shelf"),
                          load_or_create_secret(settings.data_dir / "secrets" / "cache-key.key"), secrets,
                          account_of=directory.account_of)
            await supervisor.start("shelf", shelf.run)
            intake = Intake(settings, event_log, ledger, pool, guard, shelf)
            await supervisor.start("intake", intake.run)
            endpoints = WebhookEndpoints(event_log, secrets, guard.policy)
            await supervisor.start("webhook-endpoints", endpoints.run)
            webhooks = Webhooks(settings, event_log, secrets, guard.policy, endpoints)
            await supervisor.start("webhooks", webhooks.run)
            jobs = Jobs(settings, event_log, ledger, pool, intake, ResultStore(settings.data_dir / "results"),
                        secrets, webhooks, account_of=directory.account_of)
            await supervisor.start("jobs", jobs.run)
            link = ServiceManagerLink(Notifier(), partial(status_line, pool, jobs))
            await supervisor.start("systemd", link.run)
            metrics_address = None
            if metrics_listener is not None:
                from actors.metrics import MetricsServer

                metrics_address = metrics_listener.getsockname()
                await supervisor.start("metrics", MetricsServer(metrics_listener, pool, jobs).run)
            control = ControlServer(settings.control_socket, directory, event_log, jobs, settings.payload_key_dir,
                                    settings.sql_timeout_s, settings.data_dir)
            await supervisor.start("control", control.run)
            first_key = await _default_workspace(directory, settings)

            from api.app import create_app  # Quart and friends load while Chromium starts
            from api.pipeline import Services

            app = create_app(Services(settings, directory, intake, jobs, ledger, event_log, webhooks, endpoints))
            config = Config()
            address = listener.getsockname()
            config.bind = [f"fd://{listener.detach()}"]  # hypercorn's socket owns it now, and closes it
            config.graceful_timeout = GRACEFUL_S
            config.accesslog = None
            config.errorlog = logging.getLogger("hypercorn.error")
            shutdown = trio.Event()
            nursery.start_soon(_watch_signals, shutdown, link)
            await pool_ready.wait()
            await nursery.start(partial(_serve_http, app, config, shutdown, jobs, nursery.cancel_scope))
            _announce(settings, address, metrics_address, first_key)
            link.ready()  # after the pool's sessions, the event log and the HTTP listener: systemd may route to us
    finally:
        with trio.move_on_after(5, shield=True):
            await db.close()
    log.info("stopped")


async def _serve_http(app: Any, config: Any, shutdown: trio.Event, jobs: Any, scope: trio.CancelScope, *,
                      task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
    import hypercorn.trio

    await hypercorn.trio.serve(app, config, shutdown_trigger=shutdown.wait, task_status=task_status)
    await jobs.drain()  # running jobs go back to the queue while the event log still records it
    scope.cancel()  # HTTP drained: stop the actors


def _keyring(settings: Settings) -> Any:
    from engine.records.sealing import Keyring

    try:
        return Keyring.load(settings.payload_key_dir)
    except (ValueError, OSError) as exc:
        raise CliError(f"payload keys: {exc}") from exc


async def _watch_signals(shutdown: trio.Event, link: Any) -> None:
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async for signum in signals:
            log.info("%s: stopping", signal.Signals(signum).name)
            link.stopping()
            shutdown.set()
            return


def _bind(name: str, address: tuple[str, int]) -> socket.socket:
    host, port = address
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise CliError(f"cannot listen on {host}:{port} ({name}): {exc.strerror}") from exc
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def _bind_metrics(settings: Settings) -> socket.socket | None:
    """The metrics listener, or None: off, or its address taken. A second service on one host (a test, a
    migration) must not fail for its metrics, so a taken address is an error in the log, not a refusal."""
    address = settings.metrics_host_port()
    if address is None:
        return None
    try:
        return _bind("metrics_listen", address)
    except CliError as exc:
        log.error("no metrics: %s", exc)
        return None


async def _default_workspace(directory: Any, settings: Settings) -> str | None:
    """On a first start, a workspace for the operator and a key to try it with."""
    if directory.workspaces() or not settings.default_workspace:
        return None
    ws = await directory.create_workspace(settings.default_workspace, settings.default_plan, None)
    _, plaintext = await directory.create_key(ws.id, "first key")
    log.info("created workspace %s (%s) on plan %s", ws.name, ws.id, ws.plan)
    return str(plaintext)


def _url(address: tuple[Any, ...]) -> str:
    host = address[0] if ":" not in address[0] else f"[{address[0]}]"
    return f"http://{host}:{address[1]}"


def _announce(settings: Settings, address: tuple[Any, ...], metrics_address: tuple[Any, ...] | None,
              first_key: str | None) -> None:
    """The ready line, and the first key: on a terminal once, never into a log or the journal."""
    url = _url(address)
    lines = [f"capture service ready on {url}  (data in {settings.data_dir})"]
    if metrics_address is not None:
        lines.append(f"metrics on {_url(metrics_address)}/metrics")
    if first_key:
        if sys.stdout.isatty():
            told, header = f" (shown once, keep it): {first_key}", f"'x-api-key: {first_key}'"
        else:
            kept = _keep_first_key(settings, first_key)
            told = (f": not shown here (not a terminal); it is in {kept} (mode 0600): read it, keep it "
                    "elsewhere, delete the file")
            header = f'"x-api-key: $(cat {kept})"'
        lines += [
            f"API key for workspace {settings.default_workspace!r}{told}",
            "Try it:",
            f"  curl -sS -H {header} -H 'content-type: application/json' \\",
            f"    -d '{{\"url\": \"https://example.com\"}}' {url}/api/screenshot -o page.png",
        ]
    else:
        lines.append("New API key: python run.py key create --workspace WORKSPACE_ID "
                     "(list workspaces: python run.py sql \"select * from workspaces\")")
    if as_json(settings.log_format, sys.stdout):
        announce = logging.getLogger("capture.announce")
        announce.setLevel(logging.INFO)  # shown whatever log_level says, as the plain lines are
        for line in lines:  # the journal's lines stay JSON
            announce.info("%s", line, extra={"event": "service.ready"})
    else:
        print("\n".join(lines), flush=True)


def _protect_data(settings: Settings) -> None:
    """What is already in the data directory becomes its user's alone (the umask does the rest)."""
    from engine.operations.data_dir import protect

    for line in protect(settings.data_dir):
        log.warning("made private (was readable by others): %s", line)


def _keep_first_key(settings: Settings, key: str) -> Path:
    path = settings.data_dir / "secrets" / "first-api-key"
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return path


def _warn_about(settings: Settings) -> None:
    if settings.egress_allow:
        log.warning("egress_allow (CAPTURE_EGRESS_ALLOW) is set (%s): captures may reach these addresses despite "
                    "the destination rules; use this for local development and tests only",
                    ", ".join(f"{a.network}{':' + str(a.port) if a.port else ''}" for a in settings.egress_allow))
    from engine.browser.browser_user import BrowserAccount, BrowserUserMissing

    try:
        account = BrowserAccount.for_service(settings.chromium_user)
    except BrowserUserMissing as exc:
        raise CliError(str(exc)) from exc
    if account is not None and not settings.grid_url:
        log.info("chromedriver and Chromium run as the unprivileged user %s (uid %d), sandboxed", account.name,
                 account.uid)
    if account is not None and os.geteuid() != 0:  # the unit's CAP_SETUID: only ever to the browser's user
        from engine.browser.privileges import ConfinementFailed, confine

        try:
            confine(account.uid, account.gid)
        except ConfinementFailed as exc:
            raise CliError(str(exc)) from exc
    if settings.unsafe_disable_chromium_sandbox:
        log.warning("unsafe_disable_chromium_sandbox is set: Chromium runs WITHOUT its sandbox, and a renderer "
                    "exploit in any captured page can take over %s", account.name if account else "this service's user")


# ---------------------------------------------------------------- CLI


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="run.py", description="Self-hosted web page capture service.")
    top.add_argument("--config", type=Path, help="settings TOML (default: $CAPTURE_CONFIG); "
                     "CAPTURE_* environment variables override it")
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("serve", help="start the service (HTTP API, Chromium pool, event log)",
                        description="Start the service. Listens on CAPTURE_LISTEN (default 127.0.0.1:8080), "
                        "keeps data in CAPTURE_DATA_DIR (default ./data). Stop with SIGTERM or Ctrl-C.")

    workspace = commands.add_parser("workspace", help="create workspaces, change their plan")
    ws_commands = workspace.add_subparsers(dest="action", required=True)
    create = ws_commands.add_parser("create", help="create a workspace; prints {id, name, plan}")
    create.add_argument("--name", required=True)
    create.add_argument("--plan", default="free", help="plan name from the plans file (default free)")
    create.add_argument("--quota", type=int, help="monthly capture limit overriding the plan's")
    set_plan = ws_commands.add_parser("set-plan", help="change a workspace's plan")
    set_plan.add_argument("workspace_id")
    set_plan.add_argument("plan")
    set_plan.add_argument("--quota", type=int, help="monthly capture limit overriding the plan's")

    key = commands.add_parser("key", help="create and revoke API keys, rotate their render links' secrets")
    key_commands = key.add_subparsers(dest="action", required=True)
    key_create = key_commands.add_parser("create", help="create a key; prints {id, key, workspaceId, "
                                         "signingSecret} (the key and the secret that signs its render links "
                                         "are shown this once)")
    key_create.add_argument("--workspace", required=True, help="workspace id (ws_…)")
    key_create.add_argument("--name")
    key_revoke = key_commands.add_parser("revoke", help="revoke a key; it fails like an unknown key")
    key_revoke.add_argument("key_id")
    key_rotate = key_commands.add_parser("rotate-signing-secret", help="a new secret for the key's render links; "
                                         "prints {id, workspaceId, signingSecret}; links signed before stop working")
    key_rotate.add_argument("key_id")

    payload_key = commands.add_parser("payload-key", help="rotate the key that seals job payloads")
    payload_key_commands = payload_key.add_subparsers(dest="action", required=True)
    payload_key_commands.add_parser(
        "rotate", help="add a new current sealing key; prints {id, keys}",
        description="Write a new AES-256 key (mode 0600) to DATA_DIR/secrets/payload-keys and make it "
        "current: new jobs are sealed with it, queued jobs still open with the key that sealed them. "
        "A running service switches at once. Not possible when CAPTURE_PAYLOAD_KEYS supplies the keys.")

    sql = commands.add_parser("sql", help="run a read-only query; prints rows as JSON lines",
                              description="Query the DuckDB file (tables: events, workspaces, api_keys) with "
                              "one SELECT, WITH … SELECT, DESCRIBE, SHOW or SUMMARIZE, in a read-only transaction "
                              "with no file access, stopped after sql_timeout_s (default 30 s). Works while the "
                              "service runs and when it does not.")
    sql.add_argument("query")
    backup = commands.add_parser(
        "backup", help="copy the data directory while the service runs; prints {backup, databaseBytes, results}",
        description="Copy the database (after a checkpoint, with commits held for the moment of the copy), "
        "the secrets and the result files into DESTINATION, a new or empty directory the service can write "
        "(under systemd: below /var/lib/capture-backups). To restore, start a service with "
        "CAPTURE_DATA_DIR set to the copy: its queued and running jobs are run there.")
    backup.add_argument("destination", type=Path)
    commands.add_parser("unit-limits", help="print the systemd drop-in bounding the service by its pool",
                        description="Print MemoryMax= and TasksMax= for the configured pool_size and "
                        "session_memory_mb, as a [Service] drop-in (./bootstrap.sh install writes it to "
                        "/etc/systemd/system/capture.service.d/limits.conf).")
    return top


def _admin_request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    if ns.command == "workspace" and ns.action == "create":
        return "workspace.create", {"name": ns.name, "plan": ns.plan, "quota": ns.quota}
    if ns.command == "workspace":
        return "workspace.set-plan", {"workspace": ns.workspace_id, "plan": ns.plan, "quota": ns.quota}
    if ns.command == "key" and ns.action == "create":
        return "key.create", {"workspace": ns.workspace, "name": ns.name}
    if ns.command == "key" and ns.action == "rotate-signing-secret":
        return "key.rotate-signing-secret", {"key": ns.key_id}
    if ns.command == "key":
        return "key.revoke", {"key": ns.key_id}
    if ns.command == "payload-key":
        return "payload-key.rotate", {}
    if ns.command == "backup":
        return "backup", {"destination": str(ns.destination.resolve())}  # the service's working directory differs
    return "sql", {"query": ns.query}


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
        elif ns.command == "unit-limits":
            sys.stdout.write(settings.unit_limits())
        else:
            admin_command(settings, plans, *_admin_request(ns))
        return 0
    except (CliError, SettingsError, PlanFileError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
