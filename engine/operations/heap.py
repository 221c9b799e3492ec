"""Keeping the service's C heap near what it uses (glibc's `mallopt` and `malloc_trim`).

glibc serves a large block from mmap and unmaps it when freed, but only above
its mmap threshold, and it raises that threshold to the size of every mmapped
block freed (up to 32 MB): after the first screenshot, the next ones' buffers
(CDP messages, base64, decoded pixels: megabytes each, in several threads)
come from the heaps, and freed they leave free holes there that no later
request fits. Measured in soaks (issue 37): glibc's bytes in use stayed at
39 MB over 2,400 captures while its free bytes were 52-71 MB, and the
service's RSS swung by 35 MB with the moment `malloc_trim` had last run
(its growth per 1,000 captures read anything from +3 to +11 MB).
`steady_heap` holds the threshold at MMAP_THRESHOLD, which ends the raising:
free bytes 3 MB, RSS 236.5-238.8 MB over 2,400 captures. The price is the
kernel's: each buffer is mapped, faulted in and unmapped afresh, 12-15 ms of
system CPU per capture of the 40-image page (the service's own CPU 63 -> 77
ms; the page's whole capture ~255 ms); a 4 MB threshold halved that price and
let the RSS swing 5 MB again. `release_free_pages` gives back the whole free
pages the smaller blocks leave (`malloc_trim(0)`: anywhere in every heap, not
only at the top). Where the C library has neither (musl), nothing is done.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable

M_MMAP_THRESHOLD = -3  # <malloc.h>
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value: a screenshot's buffers are far above it


def _libc(name: str) -> Callable[..., int] | None:
    # The symbols this process already has (the C library among them): no library search, which would run
    # `ldconfig` in a subprocess at import time, on the loop of a starting service.
    try:
        found: Callable[..., int] = getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None
    return found


_TRIM = _libc("malloc_trim")
_MALLOPT = _libc("mallopt")


def steady_heap() -> bool:
    """Blocks from MMAP_THRESHOLD up are mmapped and given back when freed, for good; False where that
    cannot be set. Once, at the start."""
    return _MALLOPT is not None and _MALLOPT(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1


def release_free_pages() -> bool:
    """The C heap's whole free pages back to the system; False where that cannot be done. Blocking (a few
    milliseconds: it walks every heap, holding each one's lock in turn): call it in a thread."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True
