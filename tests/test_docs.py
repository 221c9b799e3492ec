"""The README stays true: every setting is documented, and so is every operator command."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from api.cli import parser
from engine.operations.settings import Settings
from engine.rules.permissions import MATRIX, ROLES

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_every_setting_is_in_the_readme() -> None:
    for setting in fields(Settings):
        if setting.name == "extra":
            continue
        assert f"`{setting.name}`" in README, setting.name
        assert f"`CAPTURE_{setting.name.upper()}`" in README, setting.name


def test_every_operator_command_is_in_the_readme() -> None:
    help_text = parser().format_help()
    for command in ("serve", "workspace", "key", "payload-key", "sql"):
        assert command in help_text
    for line in ("run.py workspace create", "run.py workspace set-plan", "run.py key create",
                 "run.py key revoke", "run.py payload-key rotate", "run.py sql", "./bootstrap.sh serve",
                 "./bootstrap.sh test"):
        assert line in README, line


def test_the_permission_matrix_in_the_readme_is_the_enforced_one() -> None:
    for action, (roles, text) in MATRIX.items():
        cells = " | ".join("yes" if role in roles else "no" for role in ROLES)
        assert f"| `{action}`: {text} | {cells} |" in README, action
