"""Workspaces and who belongs to them: roles, personal workspaces, invitations, and every role check.

All in memory, written through to DuckDB (`write_through`): every change goes
to the database first and to memory after it committed. Membership changes
run one at a time under one lock and check inside it, so a role taken away
meanwhile cannot slip a change through; the keys actor (`actors.accounts.keys`)
asks for a member's key changes to be run under it (`as_member`), and is told of
a deleted workspace (`on_delete`) so that its keys stop working in the same
step. People (`actors.accounts.people`) tell this actor of a new user's personal
workspace (`founded`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import trio

from actors.storage import STUCK_S, Database
from engine.records import accounts, users
from engine.records.accounts import Workspace
from engine.records.users import Invite
from engine.rules.errors import Forbidden, NotFoundError
from engine.rules.permissions import require
from engine.rules.plans import Plan

T = TypeVar("T")


async def write_through(db: Database, fn: Callable[..., T], *args: Any) -> T:
    """A change to the database, shielded: the caller then updates memory before any checkpoint,
    so a client that goes away cannot leave the two apart.

    After STUCK_S it raises TooSlowError (the request answers 500); should DuckDB make the
    change after all, memory has it from the next start on.
    """
    with trio.fail_after(STUCK_S, shield=True):
        result = await db.call(fn, *args)
    return result


class Memberships:
    def __init__(self, db: Database, plans: dict[str, Plan], key_secret: bytes, *,
                 max_teams_per_user: int = 20) -> None:
        """`key_secret` keys the invitations' token hashes; teams per owner are capped at `max_teams_per_user`."""
        self.db = db
        self.plans = plans
        self.max_teams_per_user = max_teams_per_user
        self._secret = key_secret
        self._workspaces: dict[str, Workspace] = {}
        self._roles: dict[str, dict[str, str]] = {}  # workspace → user → role
        self._personal: set[str] = set()
        self._invites: dict[str, Invite] = {}  # open ones, by token hash
        self._membership = trio.Lock()  # membership changes one at a time, checked inside
        self._deleted: list[Callable[[str], None]] = []  # told of each deleted workspace

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Load workspaces, memberships and open invitations, then serve until cancelled."""
        self._workspaces = {ws.id: ws for ws in await self.db.call(accounts.load_workspaces)}
        members, personal = await self.db.call(users.load_members)
        for member in members:
            self._roles.setdefault(member.workspace_id, {})[member.user_id] = member.role
        self._personal = set(personal)
        self._invites = {invite.token_hash: invite for invite in await self.db.call(users.load_invites)}
        task_status.started()
        await trio.sleep_forever()

    def on_delete(self, forget: Callable[[str], None]) -> None:
        """Call `forget(workspace_id)` when a workspace is deleted, in the step that deletes it (no await)."""
        self._deleted.append(forget)

    async def as_member(self, user_id: str, workspace_id: str, action: str, change: Callable[[], Awaitable[T]]) -> T:
        """`change()` for a member whose role allows `action` (Forbidden), checked and run under the lock every
        membership change holds: a role taken away meanwhile cannot slip the change through (a member's keys)."""
        async with self._membership:
            self.acting(user_id, workspace_id, action)
            return await change()

    # ------------------------------------------------------------ workspaces

    def workspace(self, workspace_id: str) -> Workspace:
        """A workspace known to the service (KeyError for none: a live key always names one)."""
        return self._workspaces[workspace_id]

    def plan_of(self, workspace: Workspace) -> Plan:
        return self.plans[workspace.plan]

    def workspaces(self) -> list[Workspace]:
        return list(self._workspaces.values())

    async def create_workspace(self, name: str, plan: str, quota: int | None) -> Workspace:
        """An operator's workspace (no owner: it owns itself)."""
        ws = await write_through(self.db, accounts.create_workspace, name, plan, self.plans, quota)
        self._workspaces[ws.id] = ws
        return ws

    async def set_plan(self, workspace_id: str, plan: str, quota: int | None) -> Workspace:
        ws = await write_through(self.db, accounts.set_plan, workspace_id, plan, self.plans, quota)
        self._workspaces[ws.id] = ws
        return ws

    def requests_per_minute(self, workspace_id: str) -> int:
        """The plan's request budget of a workspace (a download of its results draws on it)."""
        return self.plans[self._workspaces[workspace_id].plan].requests_per_minute

    def owner_of(self, workspace_id: str) -> str | None:
        """The user who owns the workspace; None for an operator's workspace (and one deleted meanwhile)."""
        return next((user for user, role in self._roles.get(workspace_id, {}).items() if role == "owner"), None)

    def account_of(self, workspace_id: str) -> str:
        """The owning account whose shares the workspace draws on: its owner, or itself (Principal.account)."""
        return self.owner_of(workspace_id) or workspace_id

    def pooled(self, plans: tuple[str, ...], workspace_id: str) -> tuple[str, ...]:
        """The workspaces whose quota `workspace_id`'s counts with: on one of `plans`, the owner's workspaces on
        those plans (a second free workspace is not a second free quota); otherwise, itself alone."""
        owner = self.owner_of(workspace_id)
        workspace = self._workspaces.get(workspace_id)
        if owner is None or workspace is None or workspace.plan not in plans:
            return (workspace_id,)
        return tuple(ws_id for ws_id, roles in self._roles.items() if roles.get(owner) == "owner"
                     and ws_id in self._workspaces and self._workspaces[ws_id].plan in plans)

    def founded(self, user_id: str, workspace: Workspace) -> None:
        """A new user's personal workspace, committed with the user (actors.accounts.people.People.signup)."""
        self._workspaces[workspace.id] = workspace
        self._roles[workspace.id] = {user_id: "owner"}
        self._personal.add(workspace.id)

    # ------------------------------------------------------------ who belongs where

    def memberships(self, user_id: str) -> list[tuple[Workspace, str]]:
        """The user's workspaces and their role in each, personal first."""
        found = [(self._workspaces[ws_id], roles[user_id]) for ws_id, roles in self._roles.items()
                 if user_id in roles and ws_id in self._workspaces]
        return sorted(found, key=lambda pair: (pair[0].id not in self._personal, pair[0].name))

    def member_workspace(self, user_id: str, workspace_id: str) -> tuple[Workspace, str]:
        """A workspace the user belongs to, and their role; 404 for any other, existing or not."""
        role = self._roles.get(workspace_id, {}).get(user_id)
        if role is None or workspace_id not in self._workspaces:
            raise NotFoundError(f"no workspace {workspace_id} of yours")
        return self._workspaces[workspace_id], role

    def is_personal(self, workspace_id: str) -> bool:
        return workspace_id in self._personal

    def roles(self, workspace_id: str) -> dict[str, str]:
        """The workspace's members (user ids) and the role of each."""
        return dict(self._roles.get(workspace_id, {}))

    def acting(self, user_id: str, workspace_id: str, action: str) -> tuple[Workspace, str]:
        """The user's workspace and role: NotFoundError unless a member, Forbidden unless the role may `action`.

        Every role check of the dashboard is this one (engine.rules.permissions' matrix).
        """
        workspace, role = self.member_workspace(user_id, workspace_id)
        require(role, action)
        return workspace, role

    async def create_team(self, user_id: str, name: str) -> Workspace:
        """A team workspace owned by `user_id`; LimitReached past max_teams_per_user teams owned."""
        workspace = await write_through(self.db, users.create_team, user_id, name, self.plans,
                                        self.max_teams_per_user)
        self._workspaces[workspace.id] = workspace
        self._roles[workspace.id] = {user_id: "owner"}
        return workspace

    # ------------------------------------------------------------ invitations

    async def invite(self, user_id: str, workspace_id: str, role: str) -> str:
        """A single-use link token that makes whoever opens it a member (or admin) of the team."""
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_members")
            self._team(workspace_id)
            if role not in {"admin", "member"}:
                raise Forbidden("an invitation makes an admin or a member; ownership is transferred")
            token = users.new_session_token()
            expires = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(days=users.INVITE_DAYS)
            invite = Invite(users.token_hash(self._secret, token, "invite"), workspace_id, role, expires, user_id)
            await write_through(self.db, users.save_invite, invite)
            self._invites[invite.token_hash] = invite
            return token

    def invitation(self, token: str) -> tuple[Invite, Workspace] | None:
        invite = self._invites.get(users.token_hash(self._secret, token, "invite"))
        if invite is None or invite.expires_at <= dt.datetime.now(dt.UTC).replace(tzinfo=None):
            return None
        workspace = self._workspaces.get(invite.workspace_id)
        return (invite, workspace) if workspace is not None and invite.workspace_id in self._roles else None

    async def accept(self, token: str, user_id: str) -> Workspace:
        async with self._membership:
            found = self.invitation(token)
            if found is None:
                raise NotFoundError("this invitation is unknown, used or expired; ask for a new one")
            invite, workspace = found
            del self._invites[invite.token_hash]  # single use, even while the commit runs
            already = user_id in self._roles.get(workspace.id, {})
            try:
                await write_through(self.db, users.accept_invite, invite, user_id, already)
            except BaseException:
                self._invites[invite.token_hash] = invite
                raise
            if not already:
                self._roles[workspace.id][user_id] = invite.role
            return workspace

    async def _drop_invites_by(self, workspace_id: str, user_id: str) -> None:
        await write_through(self.db, users.drop_invites_by, workspace_id, user_id)
        mine = [d for d, i in self._invites.items() if i.workspace_id == workspace_id and i.created_by == user_id]
        for digest in mine:
            del self._invites[digest]

    # ------------------------------------------------------------ changes of a team

    def _team(self, workspace_id: str) -> None:
        if workspace_id in self._personal:
            raise Forbidden("a personal workspace belongs to its owner alone; start a team to work with others")

    def _member(self, workspace_id: str, user_id: str) -> str:
        role = self._roles.get(workspace_id, {}).get(user_id)
        if role is None:
            raise NotFoundError(f"no member {user_id} in this workspace")
        return role

    async def change_role(self, user_id: str, workspace_id: str, member_id: str, role: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_members")
            if self._member(workspace_id, member_id) == "owner" or role not in {"admin", "member"}:
                raise Forbidden("the owner's role changes only by a transfer of ownership")
            await write_through(self.db, users.set_role, workspace_id, member_id, role)
            self._roles[workspace_id][member_id] = role
            if role == "member":
                await self._drop_invites_by(workspace_id, member_id)

    async def remove_member(self, user_id: str, workspace_id: str, member_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_members")
            if self._member(workspace_id, member_id) == "owner":
                raise Forbidden("the owner cannot be removed; they may transfer ownership, then leave")
            await write_through(self.db, users.remove_member, workspace_id, member_id)
            self._roles[workspace_id].pop(member_id, None)
            await self._drop_invites_by(workspace_id, member_id)

    async def leave(self, user_id: str, workspace_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "leave")
            await write_through(self.db, users.remove_member, workspace_id, user_id)
            self._roles[workspace_id].pop(user_id, None)
            await self._drop_invites_by(workspace_id, user_id)

    async def transfer(self, user_id: str, workspace_id: str, member_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "transfer")
            self._team(workspace_id)
            if member_id == user_id:
                raise Forbidden("you own this workspace already")
            self._member(workspace_id, member_id)
            await write_through(self.db, users.transfer, workspace_id, user_id, member_id)
            self._roles[workspace_id][user_id] = "admin"
            self._roles[workspace_id][member_id] = "owner"

    async def delete_workspace(self, user_id: str, workspace_id: str) -> None:
        """A team and its memberships, invitations and keys (those revoked in the same commit)."""
        async with self._membership:
            self.acting(user_id, workspace_id, "delete")
            self._team(workspace_id)
            await write_through(self.db, users.delete_workspace, workspace_id)
            self._roles.pop(workspace_id, None)
            for forget in self._deleted:
                forget(workspace_id)
            for digest in [d for d, invite in self._invites.items() if invite.workspace_id == workspace_id]:
                del self._invites[digest]
