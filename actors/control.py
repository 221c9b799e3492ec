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
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import duckdb
import orjson
import trio

from actors.accounts import AccountDirectory
from actors.eventlog import EventLog
from actors.jobs import Jobs
from engine.accounts import AccountError
from engine.sealing import Keyring, rotate_keys
from engine.sql import SqlRefused, json_line

log = logging.getLogger("capture.control")
MAX_REQUEST = 1024 * 1024


class ControlServer:
    def __init__(self, path: Path, accounts: AccountDirectory, event_log: EventLog, jobs: Jobs,
                 payload_keys: Path, sql_timeout_s: float) -> None:
        self.path = path
        self.sql_timeout_s = sql_timeout_s
        self.accounts = accounts
        self.event_log = event_log
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
                async for answer in self._answers(request["command"], request.get("args", {})):
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

    async def _answers(self, command: str, args: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
        if command == "workspace.create":
            yield (await self.accounts.create_workspace(args["name"], args["plan"], args.get("quota"))).as_json()
        elif command == "workspace.set-plan":
            ws = await self.accounts.set_plan(args["workspace"], args["plan"], args.get("quota"))
            yield ws.as_json()
        elif command == "key.create":
            key, plaintext = await self.accounts.create_key(args["workspace"], args.get("name"))
            yield {"id": key.id, "key": plaintext, "workspaceId": key.workspace_id}
        elif command == "key.revoke":
            key = await self.accounts.revoke_key(args["key"])
            yield {"id": key.id, "workspaceId": key.workspace_id, "revoked": True}
        elif command == "payload-key.rotate":
            answer, keyring = await trio.to_thread.run_sync(_rotate_and_load, self.payload_keys)
            self.jobs.use_keyring(keyring)
            yield answer
        elif command == "sql":
            for row in await self.event_log.db.read_only(args["query"], self.sql_timeout_s):
                yield row
        else:
            raise ValueError(f"unknown command {command!r}")


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
