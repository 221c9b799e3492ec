"""The operator CLI's admin commands: through the running service's control socket, or on the file.

`run.py workspace …`, `key …`, `payload-key rotate`, `sql` and `backup` send
their command to the control socket (actors/operations/control.py) when a service holds
the data directory, so memory and file change together; when none runs they
open the DuckDB file directly through `FileDesk`. Either way the answers come
from engine.records.operator's one dispatcher.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from engine.operations.settings import Settings
from engine.records.keys import load_or_create_secret
from engine.rules.plans import Plan


class CliError(Exception):
    """Printed as one line to stderr, exit status 1."""


def admin(settings: Settings, plans: dict[str, Plan], command: str, args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Answers of one admin command, from the running service or straight from the file."""
    answers = _through_socket(settings.control_socket, command, args)
    if answers is None:
        return _offline(settings, plans, command, args)
    return answers


def service_runs(settings: Settings) -> bool:
    """Whether a service answers on the data directory's control socket."""
    sock = _connect(settings.control_socket)
    if sock is None:
        return False
    sock.close()
    return True


def _through_socket(path: Path, command: str, args: dict[str, Any]) -> Iterator[dict[str, Any]] | None:
    sock = _connect(path)
    return None if sock is None else _socket_answers(sock, command, args)


def _connect(path: Path) -> socket.socket | None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(path))
    except (FileNotFoundError, ConnectionRefusedError):
        sock.close()
        return None  # not running (or a stale socket of a killed one)
    return sock


def _socket_answers(sock: socket.socket, command: str, args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    with sock, sock.makefile("rb") as answers:
        sock.sendall(orjson.dumps({"command": command, "args": args}) + b"\n")
        for line in answers:
            answer = orjson.loads(line)
            if answer.get("done"):
                return
            if "error" in answer and len(answer) == 1:
                raise CliError(answer["error"])
            yield answer
    raise CliError("the service closed the control connection without finishing the answer")


def admin_command(settings: Settings, plans: dict[str, Plan], command: str, args: dict[str, Any]) -> None:
    """One admin command; its answers as JSON lines on stdout."""
    import duckdb

    from engine.operations.backup import BackupError
    from engine.operations.sql import SqlRefused, json_line
    from engine.records.accounts import AccountError

    try:
        for answer in admin(settings, plans, command, args):
            sys.stdout.buffer.write(json_line(answer))
    except (AccountError, SqlRefused, BackupError, duckdb.Error) as exc:
        raise CliError(str(exc)) from exc


def archive_command(settings: Settings, out: Path, keep_months: int | None) -> None:
    """`run.py archive`: only while no service holds the data directory (it replaces the database file)."""
    import datetime as dt

    from engine.operations.backup import BackupError
    from engine.operations.sql import json_line
    from engine.records import archive
    from engine.rules.period import utcnow

    if service_runs(settings):
        raise CliError(f"a service runs with data in {settings.data_dir}: stop it first (the archive step "
                       "replaces the database file)")
    if not settings.database_path.exists():
        raise CliError(f"no database at {settings.database_path} yet: nothing to archive")
    now = utcnow()
    try:
        before = archive.cutoff(now, settings.archive_keep_months if keep_months is None else keep_months)
        done = archive.archive(settings.database_path, str(out.resolve()), before,
                               now - dt.timedelta(seconds=settings.job_history_s))
    except BackupError as exc:
        raise CliError(str(exc)) from exc
    sys.stdout.buffer.write(json_line(done))


def _offline(
    settings: Settings, plans: dict[str, Plan], command: str, args: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    """The command's answers with no service running: the same dispatcher, on the database file."""
    import trio

    from engine.records.operator import answers

    async def collect() -> list[dict[str, Any]]:
        return [answer async for answer in answers(FileDesk(settings, plans), command, args)]
    return iter(trio.run(collect))


class FileDesk:
    """engine.records.operator's desk on the database file itself, for when no service holds it."""

    def __init__(self, settings: Settings, plans: dict[str, Plan]) -> None:
        self.settings, self.plans = settings, plans

    def _change(self, fn: Any, *args: Any) -> Any:
        import duckdb

        from engine.operations.sql import SAFE_CONFIG
        from engine.records.schema import DDL

        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        with duckdb.connect(str(self.settings.database_path), config=SAFE_CONFIG) as conn:
            conn.execute(DDL)
            return fn(conn, *args)

    async def create_workspace(self, name: str, plan: str, quota: int | None) -> Any:
        from engine.records import accounts

        return self._change(accounts.create_workspace, name, plan, self.plans, quota)

    async def set_plan(self, workspace_id: str, plan: str, quota: int | None) -> Any:
        from engine.records import accounts

        return self._change(accounts.set_plan, workspace_id, plan, self.plans, quota)

    async def create_key(self, workspace_id: str, name: str | None) -> Any:
        from engine.records import accounts

        return self._change(accounts.create_key, self._key_secret(), workspace_id, name,
                            self.settings.max_keys_per_workspace)

    async def revoke_key(self, key_id: str) -> Any:
        from engine.records import accounts

        return self._change(accounts.revoke_key, key_id)

    def signing_secret(self, key: Any) -> str:
        from engine.records.render_links import signing_secret

        return signing_secret(self._key_secret(), key.id, key.signing_generation)

    async def rotate_signing_secret(self, key_id: str) -> tuple[Any, str]:
        from engine.records import accounts

        key = self._change(accounts.rotate_signing_secret, key_id)
        return key, self.signing_secret(key)

    def _key_secret(self) -> bytes:
        return load_or_create_secret(self.settings.data_dir / "secrets" / "api-key-hmac.key")

    async def rotate_payload_key(self) -> dict[str, object]:
        from engine.records.sealing import rotate_keys

        try:
            return rotate_keys(self.settings.payload_key_dir)
        except ValueError as exc:
            raise CliError(str(exc)) from exc

    async def backup(self, destination: str) -> dict[str, object]:
        from engine.operations import backup

        if not self.settings.database_path.exists():
            raise CliError(f"no database at {self.settings.database_path} yet: nothing to back up")
        target = backup.prepare(Path(destination))
        size = backup.copy_offline(self.settings.data_dir, target)
        results = backup.copy_files(self.settings.data_dir, target)
        return {"backup": str(target), "databaseBytes": size, "results": results}

    async def export(self, start: str | None, end: str | None, out: str) -> dict[str, Any]:
        import duckdb

        from engine.operations import export
        from engine.operations.sql import SAFE_CONFIG

        if not self.settings.database_path.exists():
            raise CliError(f"no database at {self.settings.database_path} yet: nothing to export")
        begin, stop = export.period(start, end)
        with duckdb.connect(str(self.settings.database_path), read_only=True, config=SAFE_CONFIG) as conn:
            return export.export_events(conn, begin, stop, out)

    async def sql(self, query: str) -> list[dict[str, Any]]:
        import duckdb

        from engine.operations.sql import SAFE_CONFIG, check_read_only, read_only_rows

        check_read_only(query)
        if not self.settings.database_path.exists():
            raise CliError(f"no database at {self.settings.database_path} yet: start the service once")
        with duckdb.connect(str(self.settings.database_path), read_only=True, config=SAFE_CONFIG) as conn:
            return list(read_only_rows(conn, query, self.settings.sql_timeout_s))
