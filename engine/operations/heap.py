"""Giving the C heap's free pages back to the system (glibc's `malloc_trim`).

glibc keeps what a process frees in its heaps for the next `malloc`, and gives
back only what lies at a heap's top. A capture service frees buffers of every
size (screenshots decoded, checked and encoded, in several threads), which
leave free holes between live blocks that no later request fits. Measured in
the soak (issue 37): glibc's bytes in use stayed at 37 MB over 500 captures
while its free bytes grew from 41 to 54 MB, and the service's RSS with them;
`malloc_trim(0)` gave 33-40 MB back each time (whole free pages anywhere in
every heap, not only at the top). Where the C library has no `malloc_trim`
(musl), nothing is done.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable


def _malloc_trim() -> Callable[[int], int] | None:
    # The symbols this process already has (the C library among them): no library search, which would run
    # `ldconfig` in a subprocess at import time, on the loop of a starting service.
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


_TRIM = _malloc_trim()


def release_free_pages() -> bool:
    """The C heap's whole free pages back to the system; False where that cannot be done. Blocking (a few
    milliseconds: it walks every heap, holding each one's lock in turn): call it in a thread."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True
