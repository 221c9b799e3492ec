"""Admission: what a request may spend, in one place. Rate budgets per key, workspace, reads, downloads and render
links, and the share of synchronous captures one workspace, owning account or client address may hold.

Who is calling is api/pipeline.py's (authentication); what a capture may be, actors/capture/flow.py's (vetting).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from actors.accounts import Principal, client_key
from actors.capture.attempts import Attempts
from engine.operations.settings import Settings
from engine.records import render_links
from engine.records.jobs import workspace_share
from engine.rules.errors import InvalidRequest, RateLimited
from engine.rules.ratelimit import RateDecision, TokenBuckets
from engine.rules.shares import ACCOUNT, ADDRESS, LINKS, WORKSPACE, Holder, SharedPlaces

READS_PER_REQUEST = 10  # a workspace's status reads and downloads per minute, per request of its plan's budget
READ_BUDGET = "this workspace's status reads and downloads"
LINK_BUDGET = "this render link's key"


class Admission:
    def __init__(self, settings: Settings, attempts: Attempts, in_cache: Callable[[str, dict[str, Any]], bool]) -> None:
        """`in_cache(workspace_id, options)`: whether the cache answers a capture request now (Captures.in_cache)."""
        self.settings = settings
        self.attempts = attempts
        self.in_cache = in_cache
        self._buckets = TokenBuckets()
        # synchronous captures waiting or rendering, by workspace, owning account and (some plans) address
        self._places = SharedPlaces(workspace_share(settings.queue_limit, settings.workspace_capture_share)
                                    + settings.pool_size)
        self._link_places = SharedPlaces(settings.link_capture_places)  # links', apart: they never fill the above

    async def admit(self, principal: Principal, request_id: str, *, capture: bool, read: bool = False) -> RateDecision:
        """Take one request from its budgets, or raise RateLimited naming the one that ran out.

        Every /api call draws on the key's and the workspace's budget (the plan's requests
        per minute each: more keys do not multiply it); a status read (`read`) draws on
        the workspace's read budget instead, READS_PER_REQUEST times as large, so clients
        that poll their jobs do not spend what their next capture needs. A refused
        capture request is a failed attempt and recorded as one.
        """
        per_minute, workspace = principal.plan.requests_per_minute, principal.workspace.id
        if read:
            return self._take([(f"reads:{workspace}", per_minute * READS_PER_REQUEST)], (READ_BUDGET,))
        budgets = [(principal.key.id, per_minute), (f"workspace:{workspace}", per_minute)]
        if principal.plan.name in self.settings.account_quota_plans:  # one budget for all of a person's free ones
            budgets.append((f"account:{principal.account}", per_minute))
        try:
            return self._take(budgets, ("this key", "this workspace", "the account that owns this workspace"))
        except RateLimited as error:
            if capture:
                await self.attempts.refused(principal, request_id, error)
            raise

    async def admit_link(self, principal: Principal, request_id: str, pairs: list[tuple[str, str]],
                         extension: str) -> dict[str, Any]:
        """A render link's capture request (engine.records.render_links), taken from the link budget of its key,
        apart from the API's budgets: a public link can never refuse its owner's API calls. A request the cache
        answers takes nothing; one that does not parse spends the budget too (past it: 429, unrecorded) and is a
        failed attempt. RateLimited, without the budget's headers (a link's holder is not told the owner's
        budgets)."""
        try:
            options = render_links.capture_body(pairs, extension)
        except InvalidRequest as error:
            self._take_link(principal)
            await self.attempts.refused(principal, request_id, error)
            raise
        if not self.in_cache(principal.workspace.id, options):
            self._take_link(principal)
        return options

    def _take_link(self, principal: Principal) -> None:
        try:
            self._take([(f"link:{principal.key.id}", principal.plan.requests_per_minute)], (LINK_BUDGET,))
        except RateLimited as refused:
            raise RateLimited(refused.retry_after, budget=LINK_BUDGET) from None

    def admit_download(self, workspace_id: str, requests_per_minute: int) -> RateDecision:
        """A signed result download takes from its workspace's read budget, like a status read."""
        return self._take([(f"reads:{workspace_id}", requests_per_minute * READS_PER_REQUEST)], (READ_BUDGET,))

    def _take(self, budgets: list[tuple[str, int]], names: tuple[str, ...]) -> RateDecision:
        decision, refused = self._buckets.take_all(budgets, time.monotonic())
        if refused is not None:
            raise RateLimited(decision.retry_after_s, decision.headers(), names[refused])
        return decision

    def place(self, principal: Principal, client: str | None, *, link: bool = False) -> AbstractContextManager[None]:
        """A synchronous capture's place, waiting or rendering; CapacityExhausted past the share of its
        workspace, of the account owning it, or on the plans shared by address, of the client's address.
        A render link's (`link`) comes from the account's link places instead, so anonymous viewers of its
        links never take the places its own API calls need (issue 52)."""
        if link:
            return self._link_places.take([Holder(LINKS, principal.account)])
        holders = [Holder(WORKSPACE, principal.workspace.id), Holder(ACCOUNT, principal.account)]
        if client is not None and principal.plan.name in self.settings.address_share_plans:
            holders.append(Holder(ADDRESS, client_key(client)))
        return self._places.take(holders)
