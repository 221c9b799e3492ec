"""Dashboard users: sign-up rules, argon2id passwords, sessions, and their rows in DuckDB.

Passwords are stored only as argon2id hashes. A session is a random token in
an HttpOnly cookie; the database keeps its keyed hash, never the token, with a
CSRF token that every state-changing form must send back. Hashing is slow on
purpose: callers run it in a thread.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

import duckdb
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from engine.records.accounts import AccountError, LimitReached, Workspace, create_workspace, now
from engine.records.keys import new_id
from engine.rules.plans import Plan

EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+$")
MIN_PASSWORD = 10
MAX_PASSWORD = 1024
SESSION_DAYS = 14
INVITE_DAYS = 7
_hasher = PasswordHasher()  # argon2id, t=3, m=64 MiB, p=4


class UserError(AccountError):
    """A sign-up or login that cannot be taken; the message is shown to the person."""


@dataclass(frozen=True)
class User:
    id: str
    email: str
    password_hash: str


@dataclass(frozen=True)
class Membership:
    workspace_id: str
    user_id: str
    role: str


@dataclass(frozen=True)
class Session:
    token_hash: str
    user_id: str
    csrf: str
    expires_at: dt.datetime


@dataclass(frozen=True)
class Invite:
    token_hash: str
    workspace_id: str
    role: str
    expires_at: dt.datetime
    created_by: str


def normalized_email(text: str) -> str:
    email = text.strip().lower()
    if len(email) > 254 or not EMAIL.fullmatch(email):
        raise UserError("enter an email address like name@example.com")
    return email


def hash_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise UserError(f"choose a password of at least {MIN_PASSWORD} characters")
    return _hasher.hash(password)


def password_matches(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def new_session_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(secret: bytes, token: str, kind: str = "session") -> str:
    return hmac.new(secret, kind.encode() + b"\0" + token.encode(), hashlib.sha256).hexdigest()


def create_user(conn: duckdb.DuckDBPyConnection, email: str, password_hash: str, plans: dict[str, Plan],
                personal_plan: str = "free") -> tuple[User, Workspace]:
    """A user and their personal workspace (free plan, they its only owner), in one transaction."""
    if conn.execute("SELECT 1 FROM users WHERE email = ?", [email]).fetchone() is not None:
        raise UserError("an account with this email exists; log in instead")
    user = User(new_id("usr"), email, password_hash)
    conn.execute("BEGIN")
    try:
        conn.execute("INSERT INTO users VALUES (?, ?, ?, ?)", [user.id, user.email, user.password_hash, now()])
        workspace = create_workspace(conn, f"{email} (personal)", personal_plan, plans, None, kind="personal")
        conn.execute("INSERT INTO memberships VALUES (?, ?, 'owner', ?)", [workspace.id, user.id, now()])
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return user, workspace


def create_team(conn: duckdb.DuckDBPyConnection, user_id: str, name: str, plans: dict[str, Plan],
                max_teams: int, plan: str = "free") -> Workspace:
    """A team owned by the user; LimitReached when they own `max_teams` teams already."""
    name = name.strip()
    if not 1 <= len(name) <= 80:
        raise UserError("give the team a name of 1 to 80 characters")
    ((owned,),) = conn.execute("SELECT count(*) FROM memberships m JOIN workspaces w ON w.id = m.workspace_id "
                               "WHERE m.user_id = ? AND m.role = 'owner' AND w.kind = 'team'", [user_id]).fetchall()
    if owned >= max_teams:
        raise LimitReached(f"you own {owned} teams, the most one person may (max_teams_per_user)")
    conn.execute("BEGIN")
    try:
        workspace = create_workspace(conn, name, plan, plans, None, kind="team")
        conn.execute("INSERT INTO memberships VALUES (?, ?, 'owner', ?)", [workspace.id, user_id, now()])
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return workspace


def save_session(conn: duckdb.DuckDBPyConnection, session: Session) -> None:
    conn.execute("INSERT INTO sessions VALUES (?, ?, ?, ?, ?)",
                 [session.token_hash, session.user_id, session.csrf, now(), session.expires_at])


def delete_session(conn: duckdb.DuckDBPyConnection, token_hash_: str) -> None:
    conn.execute("DELETE FROM sessions WHERE token_hash = ?", [token_hash_])


def _in_transaction(conn: duckdb.DuckDBPyConnection, *statements: tuple[str, list[object]]) -> None:
    conn.execute("BEGIN")
    try:
        for sql, params in statements:
            conn.execute(sql, params)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def save_invite(conn: duckdb.DuckDBPyConnection, invite: Invite) -> None:
    conn.execute("INSERT INTO invites VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)",
                 [invite.token_hash, invite.workspace_id, invite.role, invite.created_by, now(), invite.expires_at])


def drop_invites_by(conn: duckdb.DuckDBPyConnection, workspace_id: str, user_id: str) -> None:
    """Open invitations someone made, once they may no longer invite."""
    conn.execute("DELETE FROM invites WHERE workspace_id = ? AND created_by = ? AND accepted_by IS NULL",
                 [workspace_id, user_id])


def accept_invite(conn: duckdb.DuckDBPyConnection, invite: Invite, user_id: str, already_member: bool) -> None:
    """Mark the invite used and make the user a member (unless they are one already), together."""
    statements: list[tuple[str, list[object]]] = [(
        "UPDATE invites SET accepted_by = ?, accepted_at = ? WHERE token_hash = ?",
        [user_id, now(), invite.token_hash])]
    if not already_member:
        statements.append(("INSERT INTO memberships VALUES (?, ?, ?, ?)",
                           [invite.workspace_id, user_id, invite.role, now()]))
    _in_transaction(conn, *statements)


def set_role(conn: duckdb.DuckDBPyConnection, workspace_id: str, user_id: str, role: str) -> None:
    conn.execute("UPDATE memberships SET role = ? WHERE workspace_id = ? AND user_id = ?",
                 [role, workspace_id, user_id])


def remove_member(conn: duckdb.DuckDBPyConnection, workspace_id: str, user_id: str) -> None:
    conn.execute("DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?", [workspace_id, user_id])


def transfer(conn: duckdb.DuckDBPyConnection, workspace_id: str, owner_id: str, new_owner_id: str) -> None:
    _in_transaction(
        conn,
        ("UPDATE memberships SET role = 'admin' WHERE workspace_id = ? AND user_id = ?", [workspace_id, owner_id]),
        ("UPDATE memberships SET role = 'owner' WHERE workspace_id = ? AND user_id = ?", [workspace_id, new_owner_id]),
    )


def delete_workspace(conn: duckdb.DuckDBPyConnection, workspace_id: str) -> None:
    """Keys revoked, members and open invites gone; the row stays, marked, for the event log's sake."""
    _in_transaction(
        conn,
        ("UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE workspace_id = ?", [now(), workspace_id]),
        ("DELETE FROM memberships WHERE workspace_id = ?", [workspace_id]),
        ("DELETE FROM invites WHERE workspace_id = ? AND accepted_by IS NULL", [workspace_id]),
        ("UPDATE workspaces SET kind = 'deleted' WHERE id = ?", [workspace_id]),
    )


def load_people(conn: duckdb.DuckDBPyConnection) -> tuple[list[User], list[Session]]:
    """Users and live sessions."""
    users = [User(*row) for row in conn.execute("SELECT id, email, password_hash FROM users").fetchall()]
    sessions = [Session(*row) for row in conn.execute(
        "SELECT token_hash, user_id, csrf, expires_at FROM sessions WHERE expires_at > ?", [now()]).fetchall()]
    return users, sessions


def load_members(conn: duckdb.DuckDBPyConnection) -> tuple[list[Membership], list[str]]:
    """Memberships, and the ids of personal workspaces."""
    members = [Membership(*row) for row in conn.execute(
        "SELECT workspace_id, user_id, role FROM memberships").fetchall()]
    personal = [row[0] for row in conn.execute("SELECT id FROM workspaces WHERE kind = 'personal'").fetchall()]
    return members, personal


# Each key's last use: the newest event naming it. Events are appended in time order, so DuckDB's zone
# maps on ts read only the row groups after `?`: the last day first, then, for a key not seen in it, from
# its creation on. One scan of a 10 M-event log for the largest workspace took 40-60 ms; the last day, 4-10.
LAST_USE = ("SELECT key_id, max(ts) FROM events WHERE workspace_id = ? AND key_id IN (SELECT unnest(?::VARCHAR[])) "
            "AND ts >= ? GROUP BY key_id")
RECENT_USE = dt.timedelta(days=1)


def list_keys(conn: duckdb.DuckDBPyConnection, workspace_id: str) -> list[dict[str, object]]:
    """Live keys of a workspace with their last use (in the live log, else before the last archive step):
    never a key, only its display prefix."""
    keys = conn.execute("SELECT id, name, prefix, created_at, used_before_archive FROM api_keys "
                        "WHERE workspace_id = ? AND revoked_at IS NULL ORDER BY created_at", [workspace_id]).fetchall()
    last: dict[str, dt.datetime] = {}
    if keys:
        last.update(conn.execute(LAST_USE, [workspace_id, [key[0] for key in keys], now() - RECENT_USE]).fetchall())
    if missing := [key for key in keys if key[0] not in last]:
        last.update(conn.execute(LAST_USE, [workspace_id, [key[0] for key in missing],
                                            min(key[3] for key in missing)]).fetchall())
    return [{"id": key_id, "name": name, "prefix": prefix, "created_at": created,
             "last_used": max((at for at in (last.get(key_id), archived) if at is not None), default=None)}
            for key_id, name, prefix, created, archived in keys]


def load_invites(conn: duckdb.DuckDBPyConnection) -> list[Invite]:
    """Invites still open: not used, not expired."""
    return [Invite(*row) for row in conn.execute(
        "SELECT token_hash, workspace_id, role, expires_at, created_by FROM invites "
        "WHERE accepted_by IS NULL AND expires_at > ?",
        [now()]).fetchall()]
