"""A browser's side of an egress lane, for the guard's and the relay's tests: a guard in process, a lane of it,
and one connection to the lane used as Chromium uses it for plain http (absolute URLs, request after request),
read with h11 (a parser other than the relay's own, so its framing is checked by a second reader); and a
resolver whose answer moves (a DNS rebinding)."""

from __future__ import annotations

import ipaddress
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import h11
import trio

from actors.egress import EgressGuard
from actors.storage import running_event_log
from engine.network.destinations import Address, EgressPolicy


class RebindingResolver:
    """Names resolved to `first`, then to `then` from the second lookup on (a DNS rebinding), counted."""

    def __init__(self, first: str, then: str) -> None:
        self.answers = [ipaddress.ip_address(first), ipaddress.ip_address(then)]
        self.asked = 0

    def known(self, host: str) -> None:
        return None  # every lookup is asked: the answer moves

    async def resolve(self, host: str, port: int) -> list[Address]:
        self.asked += 1
        return [self.answers[min(self.asked - 1, 1)]]


class Browser:
    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.conn = h11.Connection(h11.CLIENT)
        self.answers: list[h11.InformationalResponse | h11.Response] = []  # the heads of the last answer

    async def get(self, url: str, host: str) -> tuple[int, bytes]:
        return await self.ask("GET", url, [("host", host)])

    async def ask(self, method: str, url: str, headers: list[tuple[str, str]], body: tuple[bytes, ...] = ()
                  ) -> tuple[int, bytes]:
        """One request (its body sent in these pieces) and the answer's status and body."""
        if self.conn.our_state is h11.DONE:
            self.conn.start_next_cycle()
        await self.stream.send_all(self.conn.send(h11.Request(method=method, target=url, headers=headers)))
        for piece in body:
            await self.stream.send_all(self.conn.send(h11.Data(data=piece)))
        await self.stream.send_all(self.conn.send(h11.EndOfMessage()))
        status, answer, self.answers = 0, b"", []
        with trio.fail_after(10):
            while not isinstance(event := self.conn.next_event(), h11.EndOfMessage):
                if event is h11.NEED_DATA:
                    self.conn.receive_data(await self.stream.receive_some(65536))
                elif isinstance(event, h11.InformationalResponse | h11.Response):
                    self.answers.append(event)
                    status = event.status_code
                elif isinstance(event, h11.Data):
                    answer += event.data
                elif isinstance(event, h11.ConnectionClosed):
                    raise trio.BrokenResourceError("the lane closed the connection mid-answer")
        return status, answer

    @property
    def kept_open(self) -> bool:
        return self.conn.our_state is h11.DONE and self.conn.their_state is h11.DONE


@asynccontextmanager
async def on_a_lane(tmp_path: Path, policy: EgressPolicy) -> AsyncIterator[tuple[EgressGuard, Browser]]:
    """A guard in process, and a browser's connection to a lane of its, for the block."""
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
        guard = EgressGuard(policy, event_log)
        await nursery.start(guard.run)
        async with guard.lane("cap_test", "ws_test") as lane, await trio.open_tcp_stream(
                "127.0.0.1", lane.port) as stream:
            yield guard, Browser(stream)
