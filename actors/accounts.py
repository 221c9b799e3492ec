"""The accounts directory: workspaces and live API keys, in memory, written through to DuckDB.

Authentication reads memory only; every change goes to the database first
and to memory after it committed.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

import trio

from actors.database import Database
from engine import accounts
from engine.accounts import ApiKey, Workspace
from engine.keys import key_hash
from engine.plans import Plan


@dataclass(frozen=True)
class Principal:
    """Who a request acts as: a key and its workspace."""

    key: ApiKey
    workspace: Workspace
    plan: Plan

    @property
    def monthly_limit(self) -> int:
        return self.workspace.monthly_limit(self.plan)


class AccountDirectory:
    def __init__(self, db: Database, plans: dict[str, Plan], key_secret: bytes) -> None:
        self.db = db
        self.plans = plans
        self._secret = key_secret
        self._workspaces: dict[str, Workspace] = {}
        self._keys: dict[str, ApiKey] = {}  # by hash

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Load accounts, then serve until cancelled."""
        workspaces, keys = await self.db.call(accounts.load_accounts)
        self._workspaces = {ws.id: ws for ws in workspaces}
        self._keys = {key.hash: key for key in keys}
        task_status.started()
        await trio.sleep_forever()

    def authenticate(self, plaintext: str) -> Principal | None:
        digest = key_hash(self._secret, plaintext)
        key = self._keys.get(digest)
        if key is None or not hmac.compare_digest(key.hash, digest):
            return None
        workspace = self._workspaces[key.workspace_id]
        return Principal(key, workspace, self.plans[workspace.plan])

    def workspaces(self) -> list[Workspace]:
        return list(self._workspaces.values())

    async def create_workspace(self, name: str, plan: str, quota: int | None) -> Workspace:
        ws = await self.db.call(accounts.create_workspace, name, plan, self.plans, quota)
        self._workspaces[ws.id] = ws
        return ws

    async def set_plan(self, workspace_id: str, plan: str, quota: int | None) -> Workspace:
        ws = await self.db.call(accounts.set_plan, workspace_id, plan, self.plans, quota)
        self._workspaces[ws.id] = ws
        return ws

    async def create_key(self, workspace_id: str, name: str | None) -> tuple[ApiKey, str]:
        key, plaintext = await self.db.call(accounts.create_key, self._secret, workspace_id, name)
        self._keys[key.hash] = key
        return key, plaintext

    async def revoke_key(self, key_id: str) -> ApiKey:
        key = await self.db.call(accounts.revoke_key, key_id)
        self._keys.pop(key.hash, None)
        return key
