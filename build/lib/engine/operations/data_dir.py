"""The data directory keeps its secrets to the service's own user.

It holds the DuckDB file (every workspace's events and key hashes), the
results, the secrets and the control socket. Everything the service creates
is private through its umask (0077); files left by an older version or
copied in by hand are put right at start, and each fix is reported.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

UMASK = 0o077
PRIVATE_DIRECTORY = 0o700


def protect(data_dir: Path) -> list[str]:
    """Create `data_dir` (0700) and take group and other access from everything below it.

    Returns one line per path whose mode was changed. Symbolic links are left
    alone (their modes mean nothing) and never followed.
    """
    data_dir.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIRECTORY)
    fixed = []
    for directory, _, files in os.walk(data_dir):  # never into a linked directory
        fixed += _private(Path(directory), is_directory=True)
        fixed += [line for name in files for line in _private(Path(directory) / name, is_directory=False)]
    return fixed


def _private(path: Path, *, is_directory: bool) -> list[str]:
    info = path.lstat()
    current = stat.S_IMODE(info.st_mode)
    if stat.S_ISLNK(info.st_mode) or current & 0o077 == 0:
        return []
    wanted = PRIVATE_DIRECTORY if is_directory else current & 0o700  # a file keeps its owner's bits
    os.chmod(path, wanted)
    return [f"{path}: {current:04o} -> {wanted:04o}"]
