"""Warm spares, in process with a real Chromium: each serves one capture, and isolation stays as strict.

A pool of one session keeps a fresh context ready; a capture takes it, names
its lane, and the next spare is opened meanwhile. Loopback only: the fixture
site is the one destination the policy allows.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import trio

from actors.browser import BrowserPool, Session
from actors.egress import EgressGuard
from actors.storage import EventLog, running_event_log
from engine.browser import chromium
from engine.browser.cdp import CdpError, succeeded
from engine.browser.recipes import take_capture
from engine.network.destinations import Address, EgressPolicy
from engine.operations.settings import EgressAllowance, Settings
from engine.rules.request import parse_capture
from tests.conftest import until
from tests.fixture_site import FixtureServer


class NoNames:
    def known(self, host: str) -> None:
        return None

    async def resolve(self, host: str, port: int) -> list[Address]:
        raise AssertionError(f"nothing here resolves a name ({host})")


@dataclass
class Rig:
    pool: BrowserPool
    event_log: EventLog
    site: FixtureServer

    async def capture(self, session: Session, capture_id: str, path: str) -> tuple[str, str]:
        """(the context the capture ran in, the HTML it captured)."""
        request = parse_capture({"url": f"{self.site.base}{path}", "format": "html"})
        async with self.pool.page(session, capture_id, "ws_spares") as (page, lane):
            capture = await take_capture(page, request, session.user_agent, lane.why_refused)
            return page.context_id, capture.body.decode()


@asynccontextmanager
async def rig(tmp_path: Path, site: FixtureServer, pool_size: int = 1) -> AsyncIterator[Rig]:
    async with running_event_log(tmp_path / "events.duckdb") as (event_log, nursery):
        allow = [EgressAllowance.parse(f"127.0.0.1:{site.server_address[1]}")]
        guard = EgressGuard(EgressPolicy(NoNames(), allow, allowlist_only=True), event_log)
        await nursery.start(guard.run)
        pool = BrowserPool(Settings(pool_size=pool_size), event_log, guard)
        await nursery.start(pool.run)
        yield Rig(pool, event_log, site)


async def spare_ready(session: Session) -> None:
    await until(lambda: session.spare_ready)


async def quiet_session(pool: BrowserPool) -> Session:
    """The pool's one session, once it has a spare: opened after it has waited a moment for a lease."""
    async with pool.lease(10) as session:
        pass
    await spare_ready(session)
    return session


def probed(html: str) -> dict[str, object]:
    match = re.search(r'<pre id="out">(.*?)</pre>', html, re.S)
    assert match, html
    found: dict[str, object] = json.loads(match[1].replace("&quot;", '"').replace("&amp;", "&"))
    return found


async def test_each_capture_takes_a_fresh_spare_and_nothing_carries_over(
    tmp_path: Path, site: FixtureServer,
) -> None:
    async with rig(tmp_path, site) as r:
        contexts = []
        for n in range(3):
            for path in ("/leave-marks", "/probe"):
                ready = await quiet_session(r.pool)
                async with r.pool.lease(10) as session:
                    assert session is ready
                    context, html = await r.capture(session, f"cap_{n}{path[1:]}", path)
                    contexts.append(context)
            seen = probed(html)
            assert seen["cookie"] == ""
            assert seen["stored"] is None
        assert len(set(contexts)) == 6  # never one context twice
        stats = r.pool.statistics()
        assert stats.spares_taken == 6
        assert stats.contexts_inline == 0
        session = await quiet_session(r.pool)  # the spares are gone from the browser, not only from us
        alive = (await session.conn.send("Target.getBrowserContexts"))["browserContextIds"]
        assert not set(alive) & set(contexts), alive


async def test_a_busy_pool_opens_contexts_inline_and_no_spare_beside_them(
    tmp_path: Path, site: FixtureServer, monkeypatch: pytest.MonkeyPatch,
) -> None:
    measure = chromium.resident_bytes

    def slow_measure(browser: chromium.Chromium) -> int:  # as on a loaded host: the lease ends a while after
        time.sleep(0.2)
        return measure(browser)

    monkeypatch.setattr(chromium, "resident_bytes", slow_measure)
    async with rig(tmp_path, site) as r:
        session = await quiet_session(r.pool)
        async with r.pool.lease(10) as leased:  # the first capture takes the spare
            await r.capture(leased, "cap_first", "/simple")
        async with r.pool.lease(10) as leased:  # back to back: nothing was opened in between
            assert not session.spare_ready
            _, html = await r.capture(leased, "cap_inline", "/probe")
            assert probed(html)["cookie"] == ""
            # its spare keeper parked: only the session's return (Pool._offer) wakes it, and it is out on its lease
            await until(lambda: r.pool._offered.statistics().tasks_waiting == 1)
            assert not session.spare_ready
            assert not session.opening_spare
        stats = r.pool.statistics()
        assert (stats.spares_taken, stats.contexts_inline) == (1, 1)


async def test_an_idle_session_readies_its_spare_while_another_captures(tmp_path: Path, site: FixtureServer) -> None:
    """Two sessions: once one is back from its lease while the other is still out, the one back opens its spare,
    and the next lease finds it ready (a back-to-back client at c=1 goes from one session to the other)."""
    async with rig(tmp_path, site, pool_size=2) as r:
        # both up and each with the spare a quiet pool opens: `first` keeps its own, unused, through its lease
        await until(lambda: len(r.pool._live) == 2 and all(s.spare_ready for s in r.pool._live.values()))
        async with r.pool.lease(10) as first:
            async with r.pool.lease(10) as second:
                assert second is not first
                await r.capture(second, "cap_second", "/simple")
            # `second`'s spare went to that capture: a new one is opened while `first` is out (before, only a
            # quiet pool opened them, and with `first` out the pool is not quiet)
            await until(lambda: second.spare_ready, wait_s=5)
            taken = r.pool.statistics().spares_taken
            async with r.pool.lease(10) as third:
                assert third is second
                await r.capture(third, "cap_third", "/simple")
            assert r.pool.statistics().spares_taken == taken + 1


async def test_a_capture_arriving_while_a_spare_opens_waits_for_it(tmp_path: Path, site: FixtureServer) -> None:
    async with rig(tmp_path, site) as r:
        session = await quiet_session(r.pool)
        async with r.pool.lease(10) as leased:
            await r.capture(leased, "cap_first", "/simple")
        await until(lambda: session.opening_spare, poll_s=0.001)  # the session is idle; a spare is being opened
        async with r.pool.lease(10) as leased:
            await r.capture(leased, "cap_second", "/simple")
        stats = r.pool.statistics()
        assert (stats.spares_taken, stats.contexts_inline) == (2, 0)  # never two contexts at once


async def test_an_unassigned_spare_lets_nothing_out(tmp_path: Path, site: FixtureServer) -> None:
    async with rig(tmp_path, site) as r:
        session = await quiet_session(r.pool)
        spare = await session.take_spare()
        assert spare is not None
        request = f"GET {site.base}/simple HTTP/1.1\r\nHost: {site.base[7:]}\r\n\r\n".encode()
        stream = await trio.open_tcp_stream("127.0.0.1", spare.lane.port)
        async with stream:
            await stream.send_all(request)
            with trio.fail_after(10):
                answer = await stream.receive_some(65536)
        assert answer.startswith(b"HTTP/1.1 403"), answer[:200]
        before = len(site.requests)
        spare.lane.assign("cap_named", "ws_spares")  # once named, the same lane serves its capture
        status = (await spare.page.send("Page.navigate", {"url": f"{site.base}/simple"}))
        assert "errorText" not in status, status
        assert len(site.requests) == before + 1
        spare.released.set()


async def test_commands_sent_together_answer_each_in_order(tmp_path: Path, site: FixtureServer) -> None:
    """`send_many`, which opens every page and prepares every capture: one failure spoils none of the others."""
    async with rig(tmp_path, site) as r, r.pool.lease(10) as session:
        async with r.pool.page(session, "cap_many", "ws_spares") as (page, _):
            answers = await page.send_many([
                ("Runtime.evaluate", {"expression": "1 + 1", "returnByValue": True}),
                ("Emulation.setTimezoneOverride", {"timezoneId": "Not/AZone"}),
                ("Runtime.evaluate", {"expression": "2 + 2", "returnByValue": True}),
            ])
        first, refused, third = answers
        assert isinstance(first, dict)
        assert first["result"]["value"] == 2
        assert isinstance(refused, CdpError)
        assert refused.method == "Emulation.setTimezoneOverride"
        assert isinstance(third, dict)
        assert third["result"]["value"] == 4
        with pytest.raises(CdpError, match="setTimezoneOverride"):
            succeeded(answers)
