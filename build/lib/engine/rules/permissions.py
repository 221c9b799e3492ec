"""Who may do what in a workspace: the one permission matrix, enforced on the server.

A personal workspace has one member, its owner, and takes no one else. In a
team workspace the owner may do everything; an admin manages keys, members and
webhooks but not the plan, the ownership or the workspace's existence; a
member may only use the workspace and look at it.
"""

from __future__ import annotations

from engine.rules.errors import Forbidden

ROLES = ("owner", "admin", "member")
# action: (roles allowed, what the README's matrix calls it)
MATRIX: dict[str, tuple[frozenset[str], str]] = {
    "view": (frozenset(ROLES), "see usage, analytics, jobs, keys (by prefix) and members"),
    "capture": (frozenset(ROLES), "run captures in the playground"),
    "manage_keys": (frozenset({"owner", "admin"}), "generate and revoke API keys"),
    "manage_members": (frozenset({"owner", "admin"}), "invite people, change roles (not the owner's), remove members"),
    "manage_webhooks": (frozenset({"owner", "admin"}), "manage webhook endpoints"),
    "change_plan": (frozenset({"owner"}), "change the plan"),
    "transfer": (frozenset({"owner"}), "hand the ownership to another member"),
    "delete": (frozenset({"owner"}), "delete the workspace"),
    "leave": (frozenset({"admin", "member"}), "leave the workspace (an owner transfers first)"),
}


def allowed(role: str | None, action: str) -> bool:
    return role is not None and role in MATRIX[action][0]


def require(role: str | None, action: str) -> None:
    """Raise Forbidden unless `role` may do `action`."""
    if not allowed(role, action):
        raise Forbidden(f"your role ({role}) may not {MATRIX[action][1]} in this workspace")
