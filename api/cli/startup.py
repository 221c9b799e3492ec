"""The service's start and stop as the operator meets them: its listening sockets, warnings about its settings,
the HTTP server (drained on SIGTERM or SIGINT), the ready line, the first workspace's key and a curl line to
try it with (on a terminal once, never into a log or the journal)."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import trio

from api.cli.admin import CliError
from engine.operations.logs import as_json
from engine.operations.settings import Settings

if TYPE_CHECKING:  # imported for real where each is used: Quart and hypercorn load while Chromium starts
    from hypercorn.config import Config
    from quart import Quart

    from actors.accounts import ApiKeys, Memberships
    from actors.jobs import Jobs
    from actors.operations import ServiceManagerLink
    from api.pipeline import Services

log = logging.getLogger("capture")
GRACEFUL_S = 3.0  # for the requests in flight at SIGTERM


async def default_workspace(memberships: Memberships, keys: ApiKeys, settings: Settings) -> str | None:
    """On a first start, a workspace for the operator and a key to try it with."""
    if memberships.workspaces() or not settings.default_workspace:
        return None
    ws = await memberships.create_workspace(settings.default_workspace, settings.default_plan, None)
    _, plaintext = await keys.create_key(ws.id, "first key")
    log.info("created workspace %s (%s) on plan %s", ws.name, ws.id, ws.plan)
    return str(plaintext)


def _url(address: tuple[Any, ...]) -> str:
    host = address[0] if ":" not in address[0] else f"[{address[0]}]"
    return f"http://{host}:{address[1]}"


def announce(settings: Settings, address: tuple[Any, ...], metrics_address: tuple[Any, ...] | None,
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


def protect_data(settings: Settings) -> None:
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


def warn_about(settings: Settings) -> None:
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
    if settings.public_url.startswith("https://") and not settings.trusted_proxies:
        log.warning("public_url is https (%s) but trusted_proxies (CAPTURE_TRUSTED_PROXIES) is empty: behind a "
                    "reverse proxy every caller has the proxy's address, so the per-address shares and login "
                    "budgets are one for everybody; name the proxy's address in trusted_proxies",
                    settings.public_url)
    if settings.unsafe_disable_chromium_sandbox:
        log.warning("unsafe_disable_chromium_sandbox is set: Chromium runs WITHOUT its sandbox, and a renderer "
                    "exploit in any captured page can take over %s", account.name if account else "this service's user")


def listen(name: str, address: tuple[str, int]) -> socket.socket:
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


def listen_for_metrics(settings: Settings) -> socket.socket | None:
    """The metrics listener, or None: off, or its address taken. A second service on one host (a test, a
    migration) must not fail for its metrics, so a taken address is an error in the log, not a refusal."""
    address = settings.metrics_host_port()
    if address is None:
        return None
    try:
        return listen("metrics_listen", address)
    except CliError as exc:
        log.error("no metrics: %s", exc)
        return None


async def serve_http(nursery: trio.Nursery, services: Services, listener: socket.socket, link: ServiceManagerLink,
                      pool_ready: trio.Event) -> None:
    """The HTTP server on `listener`, once the pool is ready; SIGTERM and SIGINT drain it, then stop the actors."""
    from hypercorn.config import Config

    from api.app import create_app  # Quart and friends load while Chromium starts

    app = create_app(services)
    config = Config()
    config.bind = [f"fd://{listener.detach()}"]  # hypercorn's socket owns it now, and closes it
    config.graceful_timeout = GRACEFUL_S
    config.accesslog = None
    config.errorlog = logging.getLogger("hypercorn.error")
    shutdown = trio.Event()
    nursery.start_soon(_watch_signals, shutdown, link)
    await pool_ready.wait()
    await nursery.start(partial(_serve_http, app, config, shutdown, services.jobs, nursery.cancel_scope))


async def _serve_http(app: Quart, config: Config, shutdown: trio.Event, jobs: Jobs, scope: trio.CancelScope, *,
                      task_status: trio.TaskStatus[list[str]] = trio.TASK_STATUS_IGNORED) -> None:
    import hypercorn.trio

    async with app.extensions["mcp"].running():
        await hypercorn.trio.serve(app, config, shutdown_trigger=shutdown.wait, task_status=task_status)
    await jobs.drain()  # running jobs go back to the queue while the event log still records it
    scope.cancel()  # HTTP drained: stop the actors


async def _watch_signals(shutdown: trio.Event, link: ServiceManagerLink) -> None:
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async for signum in signals:
            log.info("%s: stopping", signal.Signals(signum).name)
            link.stopping()
            shutdown.set()
            return
