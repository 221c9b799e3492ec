"""What a Python file imports, read from its source with `ast` (imports inside functions included): the layout's
import graph (tests/test_layout.py) and the modules the overlay harness runs (tests/overlays/crossval.py)."""

from __future__ import annotations

import ast
from pathlib import Path


def imported_names(path: Path) -> set[str]:
    """Every absolute name `path` imports: `import a.b` gives a.b, `from a import b` gives a and a.b (b may be a
    module or a name in one; the caller knows which are modules)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.update([node.module, *(f"{node.module}.{alias.name}" for alias in node.names)])
    return found
