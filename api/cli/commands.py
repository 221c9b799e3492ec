"""The operator's command line: `run.py`'s commands and their options, and the admin request each one makes."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


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

    _monitor(commands)
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
    _export(commands)
    _archive(commands)
    _mcp(commands)
    _unit_limits(commands)
    return top


def _export(commands: Any) -> None:
    export = commands.add_parser(
        "export", help="write the events as Parquet partitioned by month; prints {out, rows, files, months, …}",
        description="Write the event log's events (all, or those of a period) under DIR as Parquet files, one "
        "directory per month (month=YYYY-MM), for DuckDB, pandas, Spark or Trino. Consistent while the service "
        "runs (one snapshot: every event up to a point, none missing). DIR is made if missing; a month exported "
        "again replaces its files there. The service writes it (under systemd: below /var/lib/capture-backups).")
    export.add_argument("--from", dest="start", help="first month or day, YYYY-MM or YYYY-MM-DD (default: the first "
                        "event, or the cutoff of the last `run.py archive`)")
    export.add_argument("--to", dest="end", help="last month or day, inclusive (default: the last)")
    export.add_argument("--out", required=True, type=Path, help="the directory to write")


def _archive(commands: Any) -> None:
    archive = commands.add_parser(
        "archive", help="move old months to Parquet and out of the live file (service stopped); prints {out, …}",
        description="With the service stopped: write every event before the first of the month N months "
        "before this one under DIR as Parquet (as export does), read it back, and replace the database file "
        "with one without them, keeping the earlier events the service still rebuilds from (endpoints, jobs "
        "not yet forgotten, pending deliveries, cached answers). The old file stays beside it, renamed, until "
        "you remove it. Later archive steps continue where the last one ended.")
    archive.add_argument("--out", required=True, type=Path, metavar="DIR",
                         help="the directory to write (may hold earlier months)")
    archive.add_argument("--keep-months", type=int, metavar="N", help="months kept live before this one "
                         "(default: the archive_keep_months setting, 12; at least 2)")


def _unit_limits(commands: Any) -> None:
    commands.add_parser("unit-limits", help="print the systemd drop-in bounding the service by its pool",
                        description="Print MemoryMax= and TasksMax= for the configured pool_size and "
                        "session_memory_mb, as a [Service] drop-in (./bootstrap.sh install writes it to "
                        "/etc/systemd/system/capture.service.d/limits.conf).")


def _monitor(commands: Any) -> None:
    """`run.py monitor list`: a workspace's monitors, as an operator sees them (engine.records.monitors.listed)."""
    monitor = commands.add_parser("monitor", help="list a workspace's monitors")
    monitor_commands = monitor.add_subparsers(dest="action", required=True)
    monitor_list = monitor_commands.add_parser("list", help="a workspace's monitors, oldest first; prints one "
                                               "{id, name, url, every, paused, createdAt, nextRunAt} per line")
    monitor_list.add_argument("--workspace", required=True, help="workspace id (ws_…)")


def _mcp(commands: Any) -> None:
    """`run.py mcp`: not an admin request, a client of the running service (api/mcp/stdio.py)."""
    mcp = commands.add_parser(
        "mcp", help="the capture tools as an MCP server on stdio, for desktop agents (talks to a running service)",
        description="Speak the Model Context Protocol on stdin and stdout (tools capture, create_job, get_job, "
        "create_monitor, list_monitor_runs, get_usage), each call sent to the service at --url with the API key "
        "in CAPTURE_API_KEY. "
        "For agent clients that start MCP servers as commands; those that speak streamable HTTP use the service's "
        "/mcp.")
    mcp.add_argument("--url", default="http://127.0.0.1:8080", help="the service (default http://127.0.0.1:8080)")


def admin_request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
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
    if ns.command == "monitor":
        return "monitor.list", {"workspace": ns.workspace}
    if ns.command == "payload-key":
        return "payload-key.rotate", {}
    if ns.command == "export":
        return "export", {"from": ns.start, "to": ns.end, "out": str(ns.out.resolve())}
    if ns.command == "backup":
        return "backup", {"destination": str(ns.destination.resolve())}  # the service's working directory differs
    return "sql", {"query": ns.query}
