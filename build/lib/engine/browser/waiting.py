"""Small structured-concurrency pieces shared by the page, the CDP client and the pool."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import trio


async def wait_any(*events: trio.Event) -> None:
    """Return as soon as one of `events` is set."""
    async with trio.open_nursery() as nursery:
        async def wait(event: trio.Event) -> None:
            await event.wait()
            nursery.cancel_scope.cancel()

        for event in events:
            nursery.start_soon(wait, event)


@asynccontextmanager
async def open_helper_nursery() -> AsyncIterator[trio.Nursery]:
    """A nursery for helper tasks around a block, cancelled when the block ends.

    An exception from the block reaches the caller as itself, not wrapped in
    an ExceptionGroup, so `except RenderFailed` works around a context
    manager that owns helpers; so does a cancellation that reached the block
    and its helpers alike. Groups of several real errors stay groups.
    """
    try:
        async with trio.open_nursery() as nursery:
            try:
                yield nursery
            finally:
                nursery.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        if all(isinstance(e, trio.Cancelled) for e in group.exceptions):
            raise group.exceptions[0] from None  # the block and its helpers, cancelled together
        raise
