"""Waiting on whichever of several trio events happens first."""

from __future__ import annotations

import trio


async def wait_any(*events: trio.Event) -> None:
    """Return as soon as one of `events` is set."""
    async with trio.open_nursery() as nursery:
        async def wait(event: trio.Event) -> None:
            await event.wait()
            nursery.cancel_scope.cancel()

        for event in events:
            nursery.start_soon(wait, event)
