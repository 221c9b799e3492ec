"""The project's import graph: no cycles, and the rooms' order (engine ← actors ← api ← run.py).

Read from the source with `ast`, imports inside functions included: a cycle
hidden in a function (as `create_app` once hid one) is still a cycle.
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.imports import imported_names

PACKAGES = ("engine", "actors", "api", "benchmarks")
# Who may import whom: a room sees the rooms before it, never those after.
BELOW = {"engine": set(), "actors": {"engine"}, "api": {"engine", "actors"}}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, known: set[str]) -> set[str]:
    """The project modules `path` imports, anywhere in the file."""
    return imported_names(path) & known


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    files["run"] = ROOT / "run.py"
    known = set(files)
    return {name: _imports(path, known) - {name} for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle found by a depth-first walk, each as the path that closes it."""
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> None:
        if module in path:
            found.append([*path[path.index(module):], module])
            return
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            walk(imported, [*path, module])
        done.add(module)
    for module in sorted(graph):
        walk(module, [])
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_back() -> None:
    assert cycles(import_graph()) == []


def test_each_room_imports_only_the_rooms_below_it() -> None:
    graph = import_graph()
    assert "api.pipeline" in graph  # the walk reads the project, not nothing
    wrong = [(module, imported) for module, imports in graph.items() for imported in imports
             if module.split(".")[0] in BELOW and imported.split(".")[0] not in BELOW[module.split(".")[0]]
             and imported.split(".")[0] != module.split(".")[0]]
    assert wrong == []


def test_the_pipeline_imports_nothing_from_api() -> None:
    assert {m for m in import_graph()["api.pipeline"] if m.startswith("api")} == set()


# The engine's wings, lowest first: a wing sees the wings before it, never those after.
WINGS = ("rules", "operations", "network", "browser", "records")


def _wing(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "engine" and len(parts) > 1 else None


def test_each_engine_module_lives_in_a_wing() -> None:
    loose = [m for m in import_graph() if m.startswith("engine.") and _wing(m) not in WINGS]
    assert loose == []


def test_each_wing_imports_only_the_wings_before_it() -> None:
    graph = import_graph()
    assert "engine.rules.request" in graph["engine.browser.recipes"]  # the walk reads the wings
    wrong = [(module, imported) for module, imports in graph.items() if _wing(module) in WINGS
             for imported in imports if _wing(imported) in WINGS
             and WINGS.index(_wing(imported)) > WINGS.index(_wing(module))]  # type: ignore[arg-type]
    assert wrong == []


# The actors' wings by what they own, lowest first, the same way: a wing sees the wings before it, and from outside
# a wing only its face (its __init__) is seen, never a room inside it (issue 55).
ACTOR_WINGS = ("storage", "accounts", "egress", "browser", "capture", "jobs", "webhooks", "monitors", "operations")


def _actor_wing(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "actors" and len(parts) > 1 else None


def test_each_actor_lives_in_a_wing() -> None:
    loose = [m for m in import_graph() if m.startswith("actors.") and _actor_wing(m) not in ACTOR_WINGS]
    assert loose == []


def test_each_actor_wing_imports_only_the_wings_before_it() -> None:
    graph = import_graph()
    assert "actors.browser" in graph["actors.capture.flow"]  # the walk reads the wings
    wrong = [(module, imported) for module, imports in graph.items() if _actor_wing(module) in ACTOR_WINGS
             for imported in imports if _actor_wing(imported) in ACTOR_WINGS
             and ACTOR_WINGS.index(_actor_wing(imported)) > ACTOR_WINGS.index(_actor_wing(module))]  # type: ignore[arg-type]
    assert wrong == []


# The API by its faces (issue 55): the REST API, the dashboard, MCP and the operator's command line, each a package;
# beside them only the rooms every face shares: the application that serves the HTTP faces, the pipeline every
# request goes through and the problem documents. A face sees no other face, except the route table the dashboard's
# forms spend by (api.rest.route_table).
API_FACES = ("rest", "dashboard", "mcp", "cli")
API_SHARED = ("api.app", "api.pipeline", "api.problems")


def _face(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "api" and len(parts) > 2 else None


def test_each_api_room_is_in_a_face_or_shared_by_them() -> None:
    graph = import_graph()
    assert "api.rest.captures" in graph  # the walk reads the faces
    loose = [m for m in graph if m.startswith("api.") and m not in API_SHARED and m.split(".")[1] not in API_FACES]
    assert loose == []


def test_a_face_sees_no_other_face() -> None:
    graph = import_graph()
    assert "api.pipeline" in graph["api.mcp.endpoint"]  # the walk reads the faces' imports
    wrong = [(module, imported) for module, imports in graph.items() if _face(module) in API_FACES
             for imported in imports if _face(imported) not in (None, _face(module))
             and imported != "api.rest.route_table"]
    assert wrong == []


def reaches_inside(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Each import of a room inside an actor wing from outside that wing (its face, the wing itself, is allowed)."""
    return [(module, imported) for module, imports in graph.items() for imported in imports
            if imported.count(".") >= 2 and _actor_wing(imported) in ACTOR_WINGS
            and not (module + ".").startswith(f"actors.{_actor_wing(imported)}.")]


def test_from_outside_a_wing_only_its_face_is_seen() -> None:
    assert reaches_inside({"api.app": {"actors.jobs.book"}, "actors.jobs.actor": {"actors.jobs.book"},
                           "actors.jobs": {"actors.jobs.actor"}, "run": {"actors.jobs"},
                           "actors.webhooks.calls": {"actors.jobs.book"}}) == [
        ("api.app", "actors.jobs.book"), ("actors.webhooks.calls", "actors.jobs.book")]
    assert reaches_inside(import_graph()) == []


def private_reaches(source: str) -> list[str]:
    """Each use of another object's private attribute (`x._y`, `self.book._queue`): only `self` and `cls` own theirs."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))]


def test_no_side_doors_into_another_objects_private_state() -> None:
    """What an actor needs it is given, and what it asks of another it asks by a verb (issue 55): no room of the
    actors, the API or the composition root reads or changes another object's private fields."""
    source = "self._a = 1\nself.book._queue.push(j)\nsupervisor._nursery\nx.__class__\ncls._b"
    assert sorted(private_reaches(source)) == ["self.book._queue", "supervisor._nursery"]
    paths = [*(ROOT / "actors").rglob("*.py"), *(ROOT / "api").rglob("*.py"), ROOT / "run.py"]
    found = {str(path.relative_to(ROOT)): reach for path in paths if (reach := private_reaches(path.read_text()))}
    assert found == {}


def test_nothing_in_the_engine_prints() -> None:
    """What prints to a terminal belongs to the operator's command line (api/cli/admin.py, run.py)."""
    printing = [str(path.relative_to(ROOT)) for path in (ROOT / "engine").rglob("*.py")
                if any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
                       for node in ast.walk(ast.parse(path.read_text())))]
    assert printing == []


# A room a newcomer reads in one sitting, a function on one screen (issue 34). The rooms' length is an alarm, not
# a goal (issue 55): past WARN_MODULE_LINES a warning says the room may hold two ideas, past MAX_MODULE_LINES it
# fails; a room is split where its ideas part, never to meet a count.
WARN_MODULE_LINES, MAX_MODULE_LINES, MAX_FUNCTION_LINES = 250, 400, 60


def room_lengths() -> dict[str, tuple[int, str, int]]:
    """Each module's lines and its longest function (name, lines), by path."""
    found = {}
    paths = [path for name in ("engine", "actors", "api") for path in (ROOT / name).rglob("*.py")] + [ROOT / "run.py"]
    for path in paths:
        text = path.read_text()
        functions = [(node.end_lineno - node.lineno + 1, node.name) for node in ast.walk(ast.parse(text))
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None]
        longest = max(functions, default=(0, "-"))
        found[str(path.relative_to(ROOT))] = (len(text.splitlines()), longest[1], longest[0])
    return found


def oversized(lengths: dict[str, tuple[int, str, int]], most: int = MAX_MODULE_LINES) -> dict[str, str]:
    """Each module over `most` lines, or with a function over MAX_FUNCTION_LINES (its longest), by path."""
    return {path: f"{lines} lines, longest function {name} ({longest})" for path, (lines, name, longest)
            in lengths.items() if lines > most or longest > MAX_FUNCTION_LINES}


@pytest.mark.filterwarnings("default::UserWarning")  # an alarm shown in the summary, not an error
def test_no_room_over_four_hundred_lines_and_no_function_over_sixty() -> None:
    lengths = room_lengths()
    assert lengths["run.py"][0] > 100  # the walk reads the rooms
    assert oversized({"a.py": (401, "f", 10), "b.py": (250, "g", 61), "c.py": (399, "h", 60)}) == {
        "a.py": "401 lines, longest function f (10)", "b.py": "250 lines, longest function g (61)"}
    assert oversized(lengths) == {}
    if long := oversized(lengths, WARN_MODULE_LINES):
        warnings.warn(f"rooms past {WARN_MODULE_LINES} lines (do they hold two ideas?): {long}", stacklevel=1)
