"""People of the dashboard: users, their sign-ups, logins and sessions, and the budgets that guard logins.

All in memory, written through to DuckDB (`actors.accounts.memberships.write_through`);
a dashboard session is checked against memory only. Password hashing
(argon2id: 64 MiB and a core each) runs in a thread, two at a time; sign-ups
and logins are budgeted per client address and for everyone together before
any hashing, and wrong passwords for one email from one client slow that
client down. A new user's personal workspace is the memberships actor's
(`actors.accounts.memberships`), told of it in the step that commits the user.
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

from actors.accounts.memberships import Memberships, write_through
from actors.storage import Database
from engine.records import users
from engine.records.users import Session, User, UserError
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


class People:
    def __init__(self, db: Database, plans: dict[str, Plan], key_secret: bytes, memberships: Memberships, *,
                 attempts_per_client_min: int = 20, attempts_per_min: int = 120) -> None:
        """Sign-ups and logins (each costs an argon2id hash) are budgeted per client address
        (`attempts_per_client_min`) and for everyone together (`attempts_per_min`); `key_secret`
        keys the sessions' token hashes."""
        self.db = db
        self.plans = plans
        self._secret = key_secret
        self._memberships = memberships
        self._attempts = TokenBuckets(max_keys=MAX_TRACKED)
        self._attempt_budgets = (attempts_per_client_min, attempts_per_min)
        self._hashes = 0  # running and waiting
        self._users: dict[str, User] = {}  # by id
        self._emails: dict[str, str] = {}  # email → user id
        self._sessions: dict[str, Session] = {}  # by token hash
        # by (email, client): a stranger's wrong passwords never lock the owner out; least recent first
        self._failures: OrderedDict[tuple[str, str], _Failures] = OrderedDict()
        self._hashing = trio.CapacityLimiter(2)  # argon2id takes 64 MiB and a core per hash

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Load users and live sessions, then serve until cancelled."""
        found_users, sessions = await self.db.call(users.load_people)
        self._users = {user.id: user for user in found_users}
        self._emails = {user.email: user.id for user in found_users}
        self._sessions = {session.token_hash: session for session in sessions}
        task_status.started()
        await trio.sleep_forever()

    async def signup(self, email: str, password: str, client: str) -> tuple[User, str]:
        """A new user with a personal workspace, logged in: the user and their session token.

        Raises UserError, LoginThrottled (429) or HashingBusy (503) before any hashing.
        """
        email = users.normalized_email(email)
        if email in self._emails:
            raise UserError("an account with this email exists; log in instead")
        self._admit(client)
        password_hash = await self._hash(users.hash_password, password)
        user, workspace = await write_through(self.db, users.create_user, email, password_hash, self.plans)
        self._users[user.id] = user
        self._emails[user.email] = user.id
        self._memberships.founded(user.id, workspace)
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
        failures = self._failures.get(lockout)
        if failures is not None and failures.count >= FREE_FAILURES:
            wait = min(MAX_WAIT_S, 2 ** (failures.count - FREE_FAILURES + 1))
            left = failures.last + wait - time.monotonic()
            if left > 0:
                raise LoginThrottled(int(left) + 1)
        self._admit(client)
        # Tracked only once admitted: a refused attempt adds no entry, so throttled logins (however many
        # emails they name) cannot push a victim's backoff out of the table; admitted ones are bounded by
        # everyone's budget. Counted before the slow check, so attempts sent side by side are counted too.
        if failures is None:
            failures = self._failures[lockout] = _Failures()
            if len(self._failures) > MAX_TRACKED:
                self._failures.popitem(last=False)
        self._failures.move_to_end(lockout)  # the most recent last
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
        await write_through(self.db, users.save_session, session)
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
        await write_through(self.db, users.delete_session, digest)
        self._sessions.pop(digest, None)

    def members(self, workspace_id: str) -> list[tuple[User, str]]:
        """The workspace's members and the role of each, by email."""
        roles = self._memberships.roles(workspace_id)
        return sorted(((self._users[uid], role) for uid, role in roles.items()), key=lambda pair: pair[0].email)
