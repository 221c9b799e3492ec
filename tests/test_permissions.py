"""The permission matrix itself; the dashboard tests hold the server to it."""

from __future__ import annotations

import pytest

from engine.rules.errors import Forbidden
from engine.rules.permissions import allowed, require


def test_roles_and_the_actions_they_allow() -> None:
    assert allowed("owner", "delete")
    assert not allowed("admin", "delete")
    assert allowed("admin", "manage_keys")
    assert not allowed("member", "manage_keys")
    assert allowed("member", "view")
    assert not allowed(None, "view")
    assert not allowed("owner", "leave")  # an owner hands the workspace over first
    with pytest.raises(Forbidden):
        require("member", "manage_members")
    require("admin", "manage_members")
