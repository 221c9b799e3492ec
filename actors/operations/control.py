"""The local control socket: operator commands reach the running service through it.

One JSON request per connection, `{"command": ..., "args": {...}}`, answered by
JSON lines: one object for most commands, one per row for `sql`, then
`{"done": true}` or `{"error": "..."}`. The socket lives in the data
directory with mode 0600, so only the service's own user can use it.
"""

from __future__ import annotations

import logging
import os
import socket
from pathlib import Path
from typing import Any

import duckdb
import orjson
import trio

from actors.accounts import ApiKeys, Memberships
from actors.jobs import Jobs
from actors.storage import Database
from engine.operations import backup, export
from engine.operations.sql import SqlRefused, json_line
from engine.records.accounts import AccountError, ApiKey, Workspace
from engine.records.operator import answers
from engine.records.sealing import Keyring, rotate_keys

log = logging.getLogger("capture.control")
MAX_REQUEST = 1024 * 1024


class ControlServer:
    def __init__(self, path: Path, memberships: Memberships, keys: ApiKeys, db: Database, jobs: Jobs,
                 payload_keys: Path, sql_timeout_s: float, data_dir: Path) -> None:
        self.path = path
        self.data_dir = data_dir
        self.sql_timeout_s = sql_timeout_s
        self.memberships = memberships
        self.keys = keys
        self.db = db  # the operator's SQL, backups and exports read the file itself
        self.jobs = jobs
        self.payload_keys = payload_keys

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Serve commands until cancelled; a failing command answers with its error."""
        sock = trio.socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.path.unlink(missing_ok=True)
        await sock.bind(str(self.path))
        os.chmod(self.path, 0o600)
        sock.listen(16)
        listener = trio.SocketListener(sock)
        try:
            task_status.started()
            await trio.serve_listeners(self._handle, [listener])
        finally:
            self.path.unlink(missing_ok=True)

    async def _handle(self, stream: trio.SocketStream) -> None:
        async with stream:
            try:
                request = orjson.loads(await _read_line(stream))
                async for answer in answers(self, request["command"], request.get("args", {})):
                    await stream.send_all(json_line(answer))
                await stream.send_all(json_line({"done": True}))
            except (AccountError, SqlRefused, KeyError, ValueError, orjson.JSONDecodeError) as exc:
                await stream.send_all(json_line({"error": str(exc)}))
            except duckdb.Error as exc:  # an operator's query that DuckDB refused, e.g. a file read
                await stream.send_all(json_line({"error": f"{type(exc).__name__}: {exc}"}))
            except trio.BrokenResourceError:
                pass  # the operator's command went away
            except Exception as exc:  # e.g. a database error: answer it, keep serving others
                log.exception("control command failed")
                await stream.send_all(json_line({"error": f"{type(exc).__name__}: {exc}"}))

    # ------------------------------------------------------------ the desk (engine.records.operator.Desk)

    async def create_workspace(self, name: str, plan: str, quota: int | None) -> Workspace:
        return await self.memberships.create_workspace(name, plan, quota)

    async def set_plan(self, workspace_id: str, plan: str, quota: int | None) -> Workspace:
        return await self.memberships.set_plan(workspace_id, plan, quota)

    async def create_key(self, workspace_id: str, name: str | None) -> tuple[ApiKey, str]:
        return await self.keys.create_key(workspace_id, name)

    async def revoke_key(self, key_id: str) -> ApiKey:
        return await self.keys.revoke_key(key_id)

    def signing_secret(self, key: ApiKey) -> str:
        return self.keys.signing_secret(key)

    async def rotate_signing_secret(self, key_id: str) -> tuple[ApiKey, str]:
        return await self.keys.rotate_signing_secret(key_id)

    async def rotate_payload_key(self) -> dict[str, object]:
        answer, keyring = await trio.to_thread.run_sync(_rotate_and_load, self.payload_keys)
        self.jobs.use_keyring(keyring)
        return answer

    async def sql(self, query: str) -> list[dict[str, Any]]:
        return await self.db.read_only(query, self.sql_timeout_s)

    async def backup(self, destination: str) -> dict[str, object]:
        """The database copied on its own thread after a checkpoint (commits wait meanwhile), then the
        secrets and results; see engine.operations.backup."""
        started = trio.current_time()
        target = await trio.to_thread.run_sync(backup.prepare, Path(destination))
        size = await self.db.call(backup.snapshot_database, self.db.path, target)
        results = await trio.to_thread.run_sync(backup.copy_files, self.data_dir, target)
        log.info("backup in %s: %d database bytes, %d results", target, size, results)
        return {"backup": str(target), "databaseBytes": size, "results": results,
                "tookMs": round((trio.current_time() - started) * 1000)}

    async def export(self, start: str | None, end: str | None, out: str) -> dict[str, Any]:
        """The events of the period as Parquet by month (engine.operations.export), from one snapshot on an
        operator's cursor: appends go on meanwhile."""
        begin, stop = export.period(start, end)
        answer = await self.db.on_own_cursor(export.export_events, begin, stop, out)
        log.info("export to %s: %d events", answer["out"], answer["rows"])
        return answer


def _rotate_and_load(directory: Path) -> tuple[dict[str, object], Keyring]:
    """A new current payload key, and the keyring that holds it (file work: run in a thread)."""
    return rotate_keys(directory), Keyring.load(directory)


async def _read_line(stream: trio.SocketStream) -> bytes:
    data = b""
    while not data.endswith(b"\n"):
        chunk = await stream.receive_some(65536)
        if not chunk or len(data) > MAX_REQUEST:
            break
        data += chunk
    return data
