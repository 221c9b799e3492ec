"""The operator's commands, answered the same way whether the service runs or not.

`answers(desk, command, args)` is the one dispatcher. The control socket
(actors/operations/control.py) calls it with the running service behind the desk, so
memory and file change together; api/cli/admin.py calls it with the database file
opened directly when no service runs. Either way a command prints the same
JSON and meets the same checks (the key cap among them, kept by the database
function itself).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, Protocol

from engine.records.accounts import ApiKey, Workspace
from engine.records.monitors import listed, listing_query


class Desk(Protocol):
    """What the commands act on: the running service's actors, or the database file itself."""

    async def create_workspace(self, name: str, plan: str, quota: int | None) -> Workspace: ...

    async def set_plan(self, workspace_id: str, plan: str, quota: int | None) -> Workspace: ...

    async def create_key(self, workspace_id: str, name: str | None) -> tuple[ApiKey, str]: ...

    async def revoke_key(self, key_id: str) -> ApiKey: ...

    def signing_secret(self, key: ApiKey) -> str: ...

    async def rotate_signing_secret(self, key_id: str) -> tuple[ApiKey, str]: ...

    async def rotate_payload_key(self) -> dict[str, object]: ...

    async def sql(self, query: str) -> list[dict[str, Any]]: ...

    async def backup(self, destination: str) -> dict[str, object]: ...

    async def export(self, start: str | None, end: str | None, out: str) -> dict[str, Any]: ...


async def answers(desk: Desk, command: str, args: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
    """The JSON objects one command prints: one for most, one per row for `sql`. ValueError for an unknown one."""
    if command == "workspace.create":
        yield (await desk.create_workspace(args["name"], args["plan"], args.get("quota"))).as_json()
    elif command == "workspace.set-plan":
        yield (await desk.set_plan(args["workspace"], args["plan"], args.get("quota"))).as_json()
    elif command == "key.create":
        key, plaintext = await desk.create_key(args["workspace"], args.get("name"))
        yield {"id": key.id, "key": plaintext, "workspaceId": key.workspace_id,
               "signingSecret": desk.signing_secret(key)}
    elif command == "key.rotate-signing-secret":
        key, secret = await desk.rotate_signing_secret(args["key"])
        yield {"id": key.id, "workspaceId": key.workspace_id, "signingSecret": secret}
    elif command == "key.revoke":
        key = await desk.revoke_key(args["key"])
        yield {"id": key.id, "workspaceId": key.workspace_id, "revoked": True}
    elif command == "payload-key.rotate":
        yield await desk.rotate_payload_key()
    elif command == "backup":
        yield await desk.backup(args["destination"])
    elif command == "export":
        yield await desk.export(args.get("from"), args.get("to"), args["out"])
    elif command == "monitor.list":
        for monitor in listed(await desk.sql(listing_query(args["workspace"]))):
            yield monitor
    elif command == "sql":
        for row in await desk.sql(args["query"]):
            yield row
    else:
        raise ValueError(f"unknown command {command!r}")
