"""Workspace and API-key operations on a DuckDB connection.

Plain functions shared by the running service (which calls them on its
database thread) and the offline operator CLI (which opens the file itself).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import duckdb

from engine.records.keys import display_prefix, key_hash, new_api_key, new_id
from engine.rules.plans import Plan


class AccountError(ValueError):
    """An operator command named something that does not exist; the message says what."""


class LimitReached(AccountError):
    """A workspace or a person has the most of something the settings allow; the message says which."""


@dataclass(frozen=True)
class Workspace:
    id: str
    name: str
    plan: str
    quota_override: int | None

    def monthly_limit(self, plan: Plan) -> int:
        return self.quota_override if self.quota_override is not None else plan.monthly_captures

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "plan": self.plan}


@dataclass(frozen=True)
class ApiKey:
    id: str
    workspace_id: str
    name: str | None
    prefix: str
    hash: str
    signing_generation: int = 0  # of its render links' signing secret (engine.records.render_links)


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def create_workspace(
    conn: duckdb.DuckDBPyConnection, name: str, plan: str, plans: dict[str, Plan], quota: int | None,
    kind: str = "team",
) -> Workspace:
    _check_plan(plan, plans, quota)
    ws = Workspace(new_id("ws"), name, plan, quota)
    conn.execute(
        "INSERT INTO workspaces (id, name, plan, quota_override, created_at, kind) VALUES (?, ?, ?, ?, ?, ?)",
        [ws.id, ws.name, ws.plan, quota, now(), kind],
    )
    return ws


def set_plan(
    conn: duckdb.DuckDBPyConnection, workspace_id: str, plan: str, plans: dict[str, Plan], quota: int | None
) -> Workspace:
    _check_plan(plan, plans, quota)
    found = conn.execute(
        "UPDATE workspaces SET plan = ?, quota_override = ? WHERE id = ? RETURNING id, name, plan, quota_override",
        [plan, quota, workspace_id],
    ).fetchone()
    if found is None:
        raise AccountError(f"no workspace {workspace_id}")
    return Workspace(*found)


def create_key(
    conn: duckdb.DuckDBPyConnection, secret: bytes, workspace_id: str, name: str | None, max_keys: int
) -> tuple[ApiKey, str]:
    """A new key of the workspace; LimitReached when it has `max_keys` live keys already."""
    if conn.execute("SELECT 1 FROM workspaces WHERE id = ?", [workspace_id]).fetchone() is None:
        raise AccountError(f"no workspace {workspace_id}")
    ((live,),) = conn.execute("SELECT count(*) FROM api_keys WHERE workspace_id = ? AND revoked_at IS NULL",
                              [workspace_id]).fetchall()
    if live >= max_keys:
        raise LimitReached(f"this workspace has {live} API keys, the most it may have "
                           "(max_keys_per_workspace); revoke one first")
    plaintext = new_api_key()
    key = ApiKey(new_id("key"), workspace_id, name, display_prefix(plaintext), key_hash(secret, plaintext))
    conn.execute(
        "INSERT INTO api_keys (id, workspace_id, name, prefix, hash, created_at, signing_generation) "
        "VALUES (?, ?, ?, ?, ?, ?, 0)",
        [key.id, key.workspace_id, key.name, key.prefix, key.hash, now()],
    )
    return key, plaintext


def revoke_key(conn: duckdb.DuckDBPyConnection, key_id: str) -> ApiKey:
    found = conn.execute(
        "UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? "
        "RETURNING id, workspace_id, name, prefix, hash, signing_generation",
        [now(), key_id],
    ).fetchone()
    if found is None:
        raise AccountError(f"no key {key_id}")
    return ApiKey(*found)


def rotate_signing_secret(conn: duckdb.DuckDBPyConnection, key_id: str) -> ApiKey:
    """The next generation of a live key's render-link signing secret: links signed before stop working."""
    found = conn.execute(
        "UPDATE api_keys SET signing_generation = signing_generation + 1 WHERE id = ? AND revoked_at IS NULL "
        "RETURNING id, workspace_id, name, prefix, hash, signing_generation", [key_id]).fetchone()
    if found is None:
        raise AccountError(f"no live key {key_id}")
    return ApiKey(*found)


def load_workspaces(conn: duckdb.DuckDBPyConnection) -> list[Workspace]:
    """Every workspace not deleted, oldest first."""
    return [Workspace(*row) for row in conn.execute(
        "SELECT id, name, plan, quota_override FROM workspaces WHERE kind IS DISTINCT FROM 'deleted' "
        "ORDER BY created_at").fetchall()]


def load_keys(conn: duckdb.DuckDBPyConnection) -> list[ApiKey]:
    """Every live (not revoked) key."""
    return [ApiKey(*row) for row in conn.execute(
        "SELECT id, workspace_id, name, prefix, hash, signing_generation FROM api_keys "
        "WHERE revoked_at IS NULL").fetchall()]


def _check_plan(plan: str, plans: dict[str, Plan], quota: int | None) -> None:
    if plan not in plans:
        raise AccountError(f"no plan {plan!r}; plans are {', '.join(plans)}")
    if quota is not None and quota < 0:
        raise AccountError("--quota must be zero or more")
