"""The accounts directory: workspaces, live API keys, users, memberships and sessions.

All in memory, written through to DuckDB. Authentication (API keys and
dashboard sessions) reads memory only; every change goes to the database
first and to memory after it committed. Password hashing runs in a thread.
"""

from __future__ import annotations

import datetime as dt
import hmac
import ipaddress
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import trio

from actors.database import STUCK_S, Database
from engine.records import accounts, render_links, users
from engine.records.accounts import ApiKey, Workspace
from engine.records.keys import key_hash
from engine.records.users import Invite, Session, User, UserError
from engine.rules.errors import Forbidden, NotFoundError
from engine.rules.permissions import require
from engine.rules.plans import Plan
from engine.rules.ratelimit import TokenBuckets

T = TypeVar("T")
FREE_FAILURES = 10  # wrong passwords an account may see before each further attempt waits
MAX_WAIT_S = 900
MAX_TRACKED = 10_000  # emails with failures kept before old ones are forgotten
# verified against when the email is unknown, so both answers take as long
_DUMMY_HASH = "$argon2id$v=19$m=65536,t=3,p=4$vRIIUpLC0955/2HREqgR5A$Za2lDUBuKAqHg6tcWdFNHirHPfkDjo7jeKfJD2lb5KQ"


MAX_HASHING = 10  # password hashes running (2) and waiting; more are answered "busy" at once


class LoginThrottled(UserError):
    """429: too many attempts, refused before any hashing."""

    code = "rate_limited"
    status = 429

    def __init__(self, retry_after: int, why: str = "too many wrong passwords for this account") -> None:
        super().__init__(f"{why}; try again in {retry_after} s")
        self.retry_after = retry_after


class HashingBusy(UserError):
    """503: every password-hashing slot is taken; try again shortly."""

    code = "busy"
    status = 503

    def __init__(self, retry_after: int = 1) -> None:
        super().__init__(f"the service is busy checking passwords; try again in {retry_after} s")
        self.retry_after = retry_after


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0


def client_key(address: str) -> str:
    """Whose attempt budget a request draws on: its IPv4 address, or its IPv6 /64 (one host's whole share)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


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


class AccountDirectory:
    def __init__(self, db: Database, plans: dict[str, Plan], key_secret: bytes, *,
                 attempts_per_client_min: int = 20, attempts_per_min: int = 120,
                 max_keys_per_workspace: int = 100, max_teams_per_user: int = 20) -> None:
        """Sign-ups and logins (each costs an argon2id hash) are budgeted per client address
        (`attempts_per_client_min`) and for everyone together (`attempts_per_min`); live keys
        per workspace and teams per owner are capped."""
        self.max_keys_per_workspace = max_keys_per_workspace
        self.max_teams_per_user = max_teams_per_user
        self.db = db
        self.plans = plans
        self._secret = key_secret
        self._attempts = TokenBuckets(max_keys=MAX_TRACKED)
        self._attempt_budgets = (attempts_per_client_min, attempts_per_min)
        self._hashes = 0  # running and waiting
        self._workspaces: dict[str, Workspace] = {}
        self._keys: dict[str, ApiKey] = {}  # by hash
        self._key_ids: dict[str, str] = {}  # key id → hash: a render link names its key by id
        self._users: dict[str, User] = {}  # by id
        self._emails: dict[str, str] = {}  # email → user id
        self._roles: dict[str, dict[str, str]] = {}  # workspace → user → role
        self._sessions: dict[str, Session] = {}  # by token hash
        self._personal: set[str] = set()
        # by (email, client): a stranger's wrong passwords never lock the owner out; least recent first
        self._failures: OrderedDict[tuple[str, str], _Failures] = OrderedDict()
        self._invites: dict[str, Invite] = {}  # open ones, by token hash
        self._hashing = trio.CapacityLimiter(2)  # argon2id takes 64 MiB and a core per hash
        self._membership = trio.Lock()  # membership changes one at a time, checked inside

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Load accounts, then serve until cancelled."""
        workspaces, keys = await self.db.call(accounts.load_accounts)
        self._workspaces = {ws.id: ws for ws in workspaces}
        for key in keys:
            self._keep(key)
        found_users, members, sessions, personal = await self.db.call(users.load_users)
        self._users = {user.id: user for user in found_users}
        self._emails = {user.email: user.id for user in found_users}
        for member in members:
            self._roles.setdefault(member.workspace_id, {})[member.user_id] = member.role
        self._sessions = {session.token_hash: session for session in sessions}
        self._personal = set(personal)
        self._invites = {invite.token_hash: invite for invite in await self.db.call(users.load_invites)}
        task_status.started()
        await trio.sleep_forever()

    def authenticate(self, plaintext: str) -> Principal | None:
        digest = key_hash(self._secret, plaintext)
        key = self._keys.get(digest)
        if key is None or not hmac.compare_digest(key.hash, digest):
            return None
        workspace = self._workspaces[key.workspace_id]
        return Principal(key, workspace, self.plans[workspace.plan], self.owner_of(workspace.id))

    def render_principal(self, key_id: str) -> tuple[Principal, str] | None:
        """A render link's caller: the live key `key_id` names, and its signing secret; None if unknown or
        revoked."""
        key = self._keys.get(self._key_ids.get(key_id, ""))
        if key is None:
            return None
        workspace = self._workspaces[key.workspace_id]
        return Principal(key, workspace, self.plans[workspace.plan], self.owner_of(workspace.id)), \
            self.signing_secret(key)

    def signing_secret(self, key: ApiKey) -> str:
        return render_links.signing_secret(self._secret, key.id, key.signing_generation)

    async def rotate_signing_secret(self, key_id: str) -> tuple[ApiKey, str]:
        """A new signing secret for a live key's render links (shown this once); the old links stop working."""
        key = await self._write(accounts.rotate_signing_secret, key_id)
        self._keep(key)
        return key, self.signing_secret(key)

    async def rotate_signing_secret_of(self, user_id: str, workspace_id: str, key_id: str) -> tuple[ApiKey, str]:
        """As `rotate_signing_secret`, for a member whose role allows `manage_keys`."""
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_keys")
            self._key_in(key_id, workspace_id)
            return await self.rotate_signing_secret(key_id)

    def playground_principal(self, user_id: str, workspace: Workspace) -> Principal:
        """Who a dashboard playground capture acts as: the workspace, under a per-user pseudo key.

        Its events carry key id `playground:<workspace id>:<user id>`, which is also its own rate budget.
        """
        key = ApiKey(f"playground:{workspace.id}:{user_id}", workspace.id, "dashboard playground", "", "")
        return Principal(key, workspace, self.plans[workspace.plan], self.owner_of(workspace.id))

    def owner_of(self, workspace_id: str) -> str | None:
        """The user who owns the workspace; None for an operator's workspace (and one deleted meanwhile)."""
        return next((user for user, role in self._roles.get(workspace_id, {}).items() if role == "owner"), None)

    def account_of(self, workspace_id: str) -> str:
        """The owning account whose shares the workspace draws on: its owner, or itself (Principal.account)."""
        return self.owner_of(workspace_id) or workspace_id

    def requests_per_minute(self, workspace_id: str) -> int:
        """The plan's request budget of a workspace (a download of its results draws on it)."""
        return self.plans[self._workspaces[workspace_id].plan].requests_per_minute

    def workspaces(self) -> list[Workspace]:
        return list(self._workspaces.values())

    async def create_workspace(self, name: str, plan: str, quota: int | None) -> Workspace:
        ws = await self._write(accounts.create_workspace, name, plan, self.plans, quota)
        self._workspaces[ws.id] = ws
        return ws

    async def set_plan(self, workspace_id: str, plan: str, quota: int | None) -> Workspace:
        ws = await self._write(accounts.set_plan, workspace_id, plan, self.plans, quota)
        self._workspaces[ws.id] = ws
        return ws

    async def create_key(self, workspace_id: str, name: str | None) -> tuple[ApiKey, str]:
        """A new key, shown this once (an operator's: no role to check); LimitReached past
        max_keys_per_workspace live keys, counted by the database's one writer."""
        key, plaintext = await self._write(accounts.create_key, self._secret, workspace_id, name,
                                           self.max_keys_per_workspace)
        self._keep(key)
        return key, plaintext

    async def revoke_key(self, key_id: str) -> ApiKey:
        key = await self._write(accounts.revoke_key, key_id)
        self._drop(key)
        return key

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

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """A change to the database, shielded: the caller then updates memory before any checkpoint,
        so a client that goes away cannot leave the two apart.

        After STUCK_S it raises TooSlowError (the request answers 500); should DuckDB make the
        change after all, memory has it from the next start on.
        """
        with trio.fail_after(STUCK_S, shield=True):
            result = await self.db.call(fn, *args)
        return result

    # ------------------------------------------------------------ dashboard users

    async def signup(self, email: str, password: str, client: str) -> tuple[User, str]:
        """A new user with a personal workspace, logged in: the user and their session token.

        Raises UserError, LoginThrottled (429) or HashingBusy (503) before any hashing.
        """
        email = users.normalized_email(email)
        if email in self._emails:
            raise UserError("an account with this email exists; log in instead")
        self._admit(client)
        password_hash = await self._hash(users.hash_password, password)
        user, workspace = await self._write(users.create_user, email, password_hash, self.plans)
        self._users[user.id] = user
        self._emails[user.email] = user.id
        self._workspaces[workspace.id] = workspace
        self._roles[workspace.id] = {user.id: "owner"}
        self._personal.add(workspace.id)
        return user, await self._open_session(user)

    async def login(self, email: str, password: str, client: str) -> tuple[User, str]:
        """The user and a new session token; UserError if not.

        LoginThrottled after 10 misses for this email from this client, or when the client's
        or everyone's attempt budget is spent; HashingBusy when no hashing slot is free.
        """
        try:
            email = users.normalized_email(email)
        except UserError:
            raise UserError("the email or the password is wrong") from None
        lockout = (email, client_key(client))
        failures = self._failures.pop(lockout, None) or _Failures()
        self._failures[lockout] = failures  # the most recent last
        if len(self._failures) > MAX_TRACKED:
            self._failures.popitem(last=False)
        if failures.count >= FREE_FAILURES:
            wait = min(MAX_WAIT_S, 2 ** (failures.count - FREE_FAILURES + 1))
            left = failures.last + wait - time.monotonic()
            if left > 0:
                raise LoginThrottled(int(left) + 1)
        self._admit(client)
        # counted before the slow check, so attempts sent side by side are counted too
        failures.count += 1
        failures.last = time.monotonic()
        user = self._users.get(self._emails.get(email, ""))
        matches = await self._hash(users.password_matches, user.password_hash if user else _DUMMY_HASH, password)
        if user is None or not matches:
            raise UserError("the email or the password is wrong")
        self._failures.pop(lockout, None)
        return user, await self._open_session(user)

    def _admit(self, client: str) -> None:
        """Before any hashing: the client's budget, everyone's, then room in the hashing queue."""
        per_client, everyone = self._attempt_budgets
        decision, refused = self._attempts.take_all([(client_key(client), per_client), ("*", everyone)],
                                                    time.monotonic())
        if refused is not None:
            raise LoginThrottled(decision.retry_after_s, ("too many attempts from your address",
                                                          "too many sign-ins on this service")[refused])
        if self._hashes >= MAX_HASHING:
            raise HashingBusy()

    async def _hash(self, fn: Callable[..., T], *args: Any) -> T:
        """An argon2id hash or check in a thread: 64 MiB and a core each, two at a time."""
        self._hashes += 1
        try:
            return await trio.to_thread.run_sync(fn, *args, limiter=self._hashing)
        finally:
            self._hashes -= 1

    async def _open_session(self, user: User) -> str:
        token = users.new_session_token()
        expires = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(days=users.SESSION_DAYS)
        session = Session(users.token_hash(self._secret, token), user.id, secrets.token_urlsafe(24), expires)
        await self._write(users.save_session, session)
        self._sessions[session.token_hash] = session
        return token

    def session(self, token: str) -> tuple[User, Session] | None:
        digest = users.token_hash(self._secret, token)
        session = self._sessions.get(digest)
        if session is None or not hmac.compare_digest(session.token_hash, digest):
            return None
        if session.expires_at <= dt.datetime.now(dt.UTC).replace(tzinfo=None):
            self._sessions.pop(digest, None)
            return None
        return self._users[session.user_id], session

    async def logout(self, token: str) -> None:
        digest = users.token_hash(self._secret, token)
        await self._write(users.delete_session, digest)
        self._sessions.pop(digest, None)

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

    def members(self, workspace_id: str) -> list[tuple[User, str]]:
        roles = self._roles.get(workspace_id, {})
        return sorted(((self._users[uid], role) for uid, role in roles.items()), key=lambda pair: pair[0].email)

    async def create_team(self, user_id: str, name: str) -> Workspace:
        """A team workspace owned by `user_id`; LimitReached past max_teams_per_user teams owned."""
        workspace = await self._write(users.create_team, user_id, name, self.plans, self.max_teams_per_user)
        self._workspaces[workspace.id] = workspace
        self._roles[workspace.id] = {user_id: "owner"}
        return workspace

    async def keys_of(self, workspace_id: str) -> list[dict[str, Any]]:
        return await self.db.call(users.list_keys, workspace_id)

    async def issue_key(self, user_id: str, workspace_id: str, name: str | None) -> tuple[ApiKey, str]:
        """A key a member creates: their role must allow `manage_keys` (Forbidden), else as `create_key`.

        Under the membership lock: a role taken away meanwhile cannot slip a key through.
        """
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_keys")
            return await self.create_key(workspace_id, name)

    async def revoke_key_of(self, user_id: str, workspace_id: str, key_id: str) -> ApiKey:
        """A key a member revokes: their role must allow `manage_keys`; another workspace's key is not found."""
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_keys")
            self._key_in(key_id, workspace_id)
            return await self.revoke_key(key_id)

    # ------------------------------------------------------------ team membership

    async def _drop_invites_by(self, workspace_id: str, user_id: str) -> None:
        await self._write(users.drop_invites_by, workspace_id, user_id)
        mine = [d for d, i in self._invites.items() if i.workspace_id == workspace_id and i.created_by == user_id]
        for digest in mine:
            del self._invites[digest]

    def acting(self, user_id: str, workspace_id: str, action: str) -> tuple[Workspace, str]:
        """The user's workspace and role: NotFoundError unless a member, Forbidden unless the role may `action`.

        Every role check of the dashboard is this one (engine.rules.permissions' matrix).
        """
        workspace, role = self.member_workspace(user_id, workspace_id)
        require(role, action)
        return workspace, role

    def _team(self, workspace_id: str) -> None:
        if workspace_id in self._personal:
            raise Forbidden("a personal workspace belongs to its owner alone; start a team to work with others")

    def _member(self, workspace_id: str, user_id: str) -> str:
        role = self._roles.get(workspace_id, {}).get(user_id)
        if role is None:
            raise NotFoundError(f"no member {user_id} in this workspace")
        return role

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
            await self._write(users.save_invite, invite)
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
                await self._write(users.accept_invite, invite, user_id, already)
            except BaseException:
                self._invites[invite.token_hash] = invite
                raise
            if not already:
                self._roles[workspace.id][user_id] = invite.role
            return workspace

    async def change_role(self, user_id: str, workspace_id: str, member_id: str, role: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_members")
            if self._member(workspace_id, member_id) == "owner" or role not in {"admin", "member"}:
                raise Forbidden("the owner's role changes only by a transfer of ownership")
            await self._write(users.set_role, workspace_id, member_id, role)
            self._roles[workspace_id][member_id] = role
            if role == "member":
                await self._drop_invites_by(workspace_id, member_id)

    async def remove_member(self, user_id: str, workspace_id: str, member_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "manage_members")
            if self._member(workspace_id, member_id) == "owner":
                raise Forbidden("the owner cannot be removed; they may transfer ownership, then leave")
            await self._write(users.remove_member, workspace_id, member_id)
            self._roles[workspace_id].pop(member_id, None)
            await self._drop_invites_by(workspace_id, member_id)

    async def leave(self, user_id: str, workspace_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "leave")
            await self._write(users.remove_member, workspace_id, user_id)
            self._roles[workspace_id].pop(user_id, None)
            await self._drop_invites_by(workspace_id, user_id)

    async def transfer(self, user_id: str, workspace_id: str, member_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "transfer")
            self._team(workspace_id)
            if member_id == user_id:
                raise Forbidden("you own this workspace already")
            self._member(workspace_id, member_id)
            await self._write(users.transfer, workspace_id, user_id, member_id)
            self._roles[workspace_id][user_id] = "admin"
            self._roles[workspace_id][member_id] = "owner"

    async def delete_workspace(self, user_id: str, workspace_id: str) -> None:
        async with self._membership:
            self.acting(user_id, workspace_id, "delete")
            self._team(workspace_id)
            await self._write(users.delete_workspace, workspace_id)
            self._roles.pop(workspace_id, None)
            for key in [key for key in self._keys.values() if key.workspace_id == workspace_id]:
                self._drop(key)
            for digest in [d for d, invite in self._invites.items() if invite.workspace_id == workspace_id]:
                del self._invites[digest]
