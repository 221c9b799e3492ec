"""Live API keys: who a request acts as (`Principal`), by its key, its render link's key id, or the playground.

All in memory, written through to DuckDB (`actors.accounts.memberships.write_through`);
authentication reads memory only. Keys are found by their keyed hash, and by
their id through one index (`_key_ids`) that this actor alone keeps: a render
link names its key by id. Workspaces, their owners and the role checks are the
memberships actor's (`actors.accounts.memberships`), asked through its methods; it tells
this one of a deleted workspace, whose keys are forgotten in the same step.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

import trio

from actors.accounts.memberships import Memberships, write_through
from actors.storage import Database
from engine.records import accounts, render_links, users
from engine.records.accounts import ApiKey, Workspace
from engine.records.keys import key_hash
from engine.rules.errors import NotFoundError
from engine.rules.plans import Plan


@dataclass(frozen=True)
class Principal:
    """Who a request acts as: a key and its workspace, and the user who owns that."""

    key: ApiKey
    workspace: Workspace
    plan: Plan
    owner: str | None = None  # the user who owns the workspace; None: an operator's, which owns itself

    @property
    def account(self) -> str:
        """The owning account, whose shares all its workspaces draw on together (engine.rules.shares)."""
        return self.owner or self.workspace.id

    @property
    def monthly_limit(self) -> int:
        return self.workspace.monthly_limit(self.plan)


class ApiKeys:
    def __init__(self, db: Database, key_secret: bytes, memberships: Memberships, *,
                 max_keys_per_workspace: int = 100) -> None:
        """`key_secret` keys the keys' hashes and their render links' signing secrets; live keys per
        workspace are capped at `max_keys_per_workspace`."""
        self.db = db
        self.max_keys_per_workspace = max_keys_per_workspace
        self._secret = key_secret
        self._memberships = memberships
        self._keys: dict[str, ApiKey] = {}  # by hash
        self._key_ids: dict[str, str] = {}  # key id → hash: a render link names its key by id
        memberships.on_delete(self.forget_workspace)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Load the live keys, then serve until cancelled."""
        for key in await self.db.call(accounts.load_keys):
            self._keep(key)
        task_status.started()
        await trio.sleep_forever()

    # ------------------------------------------------------------ who is calling

    def authenticate(self, plaintext: str) -> Principal | None:
        digest = key_hash(self._secret, plaintext)
        key = self._keys.get(digest)
        if key is None or not hmac.compare_digest(key.hash, digest):
            return None
        return self._principal(key, self._memberships.workspace(key.workspace_id))

    def render_principal(self, key_id: str) -> tuple[Principal, str] | None:
        """A render link's caller: the live key `key_id` names, and its signing secret; None if unknown or
        revoked."""
        key = self._keys.get(self._key_ids.get(key_id, ""))
        if key is None:
            return None
        return self._principal(key, self._memberships.workspace(key.workspace_id)), self.signing_secret(key)

    def playground_principal(self, user_id: str, workspace: Workspace) -> Principal:
        """Who a dashboard playground capture acts as: the workspace, under a per-user pseudo key.

        Its events carry key id `playground:<workspace id>:<user id>`, which is also its own rate budget.
        """
        key = ApiKey(f"playground:{workspace.id}:{user_id}", workspace.id, "dashboard playground", "", "")
        return self._principal(key, workspace)

    def _principal(self, key: ApiKey, workspace: Workspace) -> Principal:
        return Principal(key, workspace, self._memberships.plan_of(workspace),
                         self._memberships.owner_of(workspace.id))

    # ------------------------------------------------------------ the operator's keys

    def signing_secret(self, key: ApiKey) -> str:
        return render_links.signing_secret(self._secret, key.id, key.signing_generation)

    async def rotate_signing_secret(self, key_id: str) -> tuple[ApiKey, str]:
        """A new signing secret for a live key's render links (shown this once); the old links stop working."""
        key = await write_through(self.db, accounts.rotate_signing_secret, key_id)
        self._keep(key)
        return key, self.signing_secret(key)

    async def create_key(self, workspace_id: str, name: str | None) -> tuple[ApiKey, str]:
        """A new key, shown this once (an operator's: no role to check); LimitReached past
        max_keys_per_workspace live keys, counted by the database's one writer."""
        key, plaintext = await write_through(self.db, accounts.create_key, self._secret, workspace_id, name,
                                             self.max_keys_per_workspace)
        self._keep(key)
        return key, plaintext

    async def revoke_key(self, key_id: str) -> ApiKey:
        key = await write_through(self.db, accounts.revoke_key, key_id)
        self._drop(key)
        return key

    def forget_workspace(self, workspace_id: str) -> None:
        """A deleted workspace's keys, revoked in its deletion's commit, stop working (Memberships.on_delete)."""
        for key in [key for key in self._keys.values() if key.workspace_id == workspace_id]:
            self._drop(key)

    def _keep(self, key: ApiKey) -> None:
        self._keys[key.hash] = key
        self._key_ids[key.id] = key.hash

    def _drop(self, key: ApiKey) -> None:
        self._keys.pop(key.hash, None)
        self._key_ids.pop(key.id, None)

    def _key_in(self, key_id: str, workspace_id: str) -> ApiKey:
        """The live key `key_id` of this workspace; NotFoundError for another workspace's or none."""
        key = self._keys.get(self._key_ids.get(key_id, ""))
        if key is None or key.workspace_id != workspace_id:
            raise NotFoundError(f"no key {key_id} in this workspace")
        return key

    # ------------------------------------------------------------ a member's keys (the dashboard)

    async def keys_of(self, workspace_id: str) -> list[dict[str, Any]]:
        return await self.db.call(users.list_keys, workspace_id)

    async def issue_key(self, user_id: str, workspace_id: str, name: str | None) -> tuple[ApiKey, str]:
        """A key a member creates: their role must allow `manage_keys` (Forbidden), else as `create_key`; a role
        taken away meanwhile cannot slip a key through (Memberships.as_member)."""
        return await self._memberships.as_member(user_id, workspace_id, "manage_keys",
                                                 lambda: self.create_key(workspace_id, name))

    async def revoke_key_of(self, user_id: str, workspace_id: str, key_id: str) -> ApiKey:
        """A key a member revokes: their role must allow `manage_keys`; another workspace's key is not found."""
        async def revoke() -> ApiKey:
            self._key_in(key_id, workspace_id)
            return await self.revoke_key(key_id)
        return await self._memberships.as_member(user_id, workspace_id, "manage_keys", revoke)

    async def rotate_signing_secret_of(self, user_id: str, workspace_id: str, key_id: str) -> tuple[ApiKey, str]:
        """As `rotate_signing_secret`, for a member whose role allows `manage_keys`."""
        async def rotate() -> tuple[ApiKey, str]:
            self._key_in(key_id, workspace_id)
            return await self.rotate_signing_secret(key_id)
        return await self._memberships.as_member(user_id, workspace_id, "manage_keys", rotate)
