"""The README stays true: every setting is documented, and so is every operator command and every room of the
layout."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from api.cli.commands import parser
from engine.operations.settings import Settings
from engine.rules.permissions import MATRIX, ROLES
from tests.conftest import ROOT
from tests.test_layout import ACTOR_WINGS, API_FACES, WINGS

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


def test_the_layout_map_names_each_room_once_under_its_wing() -> None:
    """README's layout section is the map of the wings: every module there is, under its folder's heading."""
    section = README.split("## Layout\n", 1)[1].split("\n## ", 1)[0]
    listed: set[str] = set()
    folder = ""
    for line in section.splitlines():
        if heading := re.match(r"`((?:engine/\w+|actors/\w+|api|api/\w+))/`: ", line):
            folder = heading[1]
        elif room := re.match(r"- `([\w/]+\.py)` \S", line):
            listed.add(f"{folder}/{room[1]}")
    rooms = {str(path.relative_to(ROOT)) for top in ("engine", "actors", "api") for path in (ROOT / top).rglob("*.py")
             if not (path.name == "__init__.py"
                     and path.parent.name in ("engine", "actors", "api", *WINGS, *ACTOR_WINGS, *API_FACES))}
    assert listed == rooms


# Packages come through their own clients (npm, apt, pip), which honour a user's registry mirror, proxy and
# cache: no file of the project names a registry's address (issue 38).
REGISTRY_HOSTS = re.compile(r"registry\.npmjs\.(org|com)|registry\.yarnpkg\.com|(?<![\w.])pypi\.org|"
                            r"files\.pythonhosted\.org|(deb|security)\.debian\.org")
OUTSIDE = {".git", ".venv", "vendor", "node_modules", "data", "test-artifacts", "__pycache__"}


def test_no_file_names_a_package_registry() -> None:
    named = []
    for path in ROOT.rglob("*"):
        if OUTSIDE & set(path.relative_to(ROOT).parts) or not path.is_file() or path.stat().st_size > 2**20:
            continue
        text = path.read_bytes().decode("utf-8", errors="ignore")
        named += [f"{path.relative_to(ROOT)}: {found.group()}" for found in REGISTRY_HOSTS.finditer(text)]
    assert named == []
    assert REGISTRY_HOSTS.search("https://registry." + "npmjs.org/x.tgz")  # the pattern sees one (split here)
