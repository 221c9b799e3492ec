"""The shelf: results of synchronous captures kept for a while, for the cache and for a JSON answer's resultUrl.

A capture with `cache` is shelved under its key (an HMAC, under the service's own secret, of its workspace
and its normalised request, or of its workspace, format and the client's `cache.key`: the key, which the
events table keeps, tells nothing of a request's cookies or headers) for `cache.ttlS`; the same request
within that time is answered from the shelf, costing no quota. A capture with `responseType: json` is shelved for
`result_url_ttl_s`, so its answer can name a signed `resultUrl` (`/api/results/{capture id}`), as a job's does.
Keys never cross workspaces: the workspace is part of every key.

Each entry is one file under `<data>/shelf/` (actors.capture.results.ResultStore: written and synced before it is
recorded) and an event, `result.shelved`; `result.unshelved` records its end (expired, or evicted once the
shelf passes `cache_max_bytes`, least recently used first). On start the entries are rebuilt from those
events and files without a live entry are removed, so the cache survives restarts; an entry's last use is
then its last recorded hit.

The budget is shared fairly between tenants: the workspaces of one owning account (engine.rules.shares) hold at
most `cache_account_share` of `cache_max_bytes` together, past which their own least recently used go; and
a full shelf evicts the least recently used entry of the account holding the most, so a tenant writing a
lot flushes its own results, not everyone's (nor the render links' answers kept for others).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson
import trio

from actors.capture.results import ResultStore
from actors.storage import EventLog
from engine.browser.facts import PageFacts
from engine.browser.recipes import Capture
from engine.operations.settings import Settings
from engine.records.at_rest import opened_facts, sealed_facts
from engine.records.schema import Event
from engine.records.sealing import Keyring
from engine.records.signing import ResultSigner, result_url_expires
from engine.rules.errors import JobNotFound, ResultUrlExpired
from engine.rules.period import utcnow
from engine.rules.quality import QualityWarning, warnings_of
from engine.rules.request import MAX_TTL_S, CaptureRequest
from engine.rules.shares import heaviest

log = logging.getLogger("capture.shelf")
NOT_IN_THE_KEY = {"cache", "response_type", "fail_on"}  # how to answer, not what to capture
# What a start replays: the entries, then the hits of the last MAX_TTL_S (?) in order, for the recency.
SHELF_REPLAY = ("SELECT ts, type, workspace_id, capture_id, format, bytes, target_status, data FROM events "
                "WHERE type IN ('result.shelved', 'result.unshelved') ORDER BY seq")
SHELF_HITS = ("SELECT json_extract_string(data, '$.shelved') AS id, max(seq) AS last FROM events "
              "WHERE type = 'capture.succeeded' AND ts >= ? AND json_extract_string(data, '$.shelved') IS NOT NULL "
              "GROUP BY 1 ORDER BY 2")


def cache_key(secret: bytes, workspace_id: str, request: CaptureRequest) -> str | None:
    """The cache key of a request with `cache`: its workspace and either its `cache.key` or all it asks for."""
    if request.cache is None:
        return None
    if request.cache.key is not None:
        what = orjson.dumps(["key", request.format, request.cache.key])
    else:
        what = orjson.dumps(["request", request.model_dump(mode="json", exclude=NOT_IN_THE_KEY)],
                            option=orjson.OPT_SORT_KEYS)
    return hmac.new(secret, workspace_id.encode() + b"\0" + what, hashlib.sha256).hexdigest()


class Sealing(Protocol):
    """Whose keyring seals (actors.jobs.book.JobSecrets: a payload-key rotation replaces its keyring), and who
    signs result URLs."""

    keyring: Keyring
    signer: ResultSigner


@dataclass
class Shelved:
    id: str  # the capture's
    workspace_id: str
    key: str | None  # the cache key; None: kept for a resultUrl only
    format: str
    content_type: str
    size: int  # bytes
    target_status: int
    facts: dict[str, Any] | None  # PageFacts.as_json of a json capture
    shelved_at: float  # unix seconds
    expires_at: float
    warnings: tuple[QualityWarning, ...] = ()  # the capture's quality verdict

    def capture(self, body: bytes) -> Capture:
        facts = None
        if self.facts is not None:
            facts = PageFacts(self.facts["finalUrl"], self.facts["title"], self.facts["description"],
                              self.facts["openGraph"], self.facts["timings"])
        return Capture(body, self.content_type, self.target_status, (), facts, self.warnings)


class Shelf:
    def __init__(self, settings: Settings, event_log: EventLog, store: ResultStore, secret: bytes,
                 sealing: Sealing, account_of: Callable[[str], str] = str) -> None:
        """`account_of`: the owning account of a workspace (Memberships.account_of); by default each
        workspace is its own."""
        self.settings = settings
        self.account_of = account_of
        self.secret = secret  # for cache keys
        self.sealing = sealing  # seals where a page ended (its query, its userinfo) in result.shelved
        self.event_log = event_log
        self.store = store
        self._entries: OrderedDict[str, Shelved] = OrderedDict()  # least recently used first
        self._by_key: dict[str, str] = {}  # cache key → entry id
        self._bytes = 0
        self._bytes_of: Counter[str] = Counter()  # by workspace

    def key(self, workspace_id: str, request: CaptureRequest) -> str | None:
        """The request's cache key (None: it has no `cache`)."""
        return cache_key(self.secret, workspace_id, request)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Rebuild from the event log, then drop expired entries every retention_sweep_s until cancelled."""
        await self._rebuild()
        task_status.started()
        while True:
            await trio.sleep(self.settings.retention_sweep_s)
            await self.sweep()

    async def _rebuild(self) -> None:
        rows = await self.event_log.query(SHELF_REPLAY)
        now = time.time()
        for row in rows:
            data = orjson.loads(row["data"]) if row["data"] else {}
            if row["type"] == "result.unshelved":
                self._forget(row["capture_id"])
            elif data["expiresAt"] > now:
                facts = data.get("facts")
                if facts is not None:
                    facts = opened_facts(self.sealing.keyring, facts, row["capture_id"], row["workspace_id"])
                self._add(Shelved(row["capture_id"], row["workspace_id"], data.get("key"), row["format"],
                                  data["contentType"], row["bytes"], row["target_status"], facts,
                                  data["shelvedAt"], data["expiresAt"], warnings_of(data.get("warnings", []))))
        # Least recently used first: by the last hit, else by when it was shelved (the rows' order).
        hits = await self.event_log.query(SHELF_HITS, [utcnow() - dt.timedelta(seconds=MAX_TTL_S)])
        for hit in hits:
            if hit["id"] in self._entries:
                self._entries.move_to_end(hit["id"])
        removed = await self.store.keep_only(self._entries)
        if removed:
            log.info("removed %d shelved files without a live entry", len(removed))
        log.info("shelf rebuilt: %d results, %d bytes", len(self._entries), self._bytes)
        await self._evict()

    def _add(self, entry: Shelved) -> None:
        self._forget(entry.id)
        self._entries[entry.id] = entry
        self._bytes += entry.size
        self._bytes_of[entry.workspace_id] += entry.size
        if entry.key is not None:
            replaced = self._by_key.get(entry.key)
            if replaced is not None and replaced in self._entries:  # a newer render of the same request
                self._entries[replaced].key = None
            self._by_key[entry.key] = entry.id

    def _forget(self, entry_id: str) -> Shelved | None:
        entry = self._entries.pop(entry_id, None)
        if entry is not None:
            self._bytes -= entry.size
            self._bytes_of[entry.workspace_id] -= entry.size
            if not self._bytes_of[entry.workspace_id]:
                del self._bytes_of[entry.workspace_id]
            if entry.key is not None and self._by_key.get(entry.key) == entry_id:
                del self._by_key[entry.key]
        return entry

    async def put(self, workspace_id: str, capture_id: str, request: CaptureRequest, capture: Capture,
                  ttl_s: int, key: str | None) -> Shelved:
        """Keep `capture` for `ttl_s` under `key` (None: for its resultUrl only); durable once this returns."""
        entry = Shelved(capture_id, workspace_id, key, request.format, capture.content_type, len(capture.body),
                        capture.target_status, capture.facts.as_json() if capture.facts else None,
                        time.time(), time.time() + ttl_s, capture.warnings)
        await self.store.write(capture_id, capture.body)
        await self.event_log.append(Event(
            "result.shelved", workspace_id=workspace_id, capture_id=capture_id, format=request.format,
            bytes=entry.size, target_status=entry.target_status,
            data={"key": key, "contentType": entry.content_type,
                  "facts": sealed_facts(self.sealing.keyring, entry.facts, capture_id, workspace_id)
                  if entry.facts is not None else None,
                  "shelvedAt": entry.shelved_at, "expiresAt": entry.expires_at,
                  "warnings": [w.wire() for w in entry.warnings]}))
        self._add(entry)
        await self._evict(keep=capture_id)
        return entry

    def find(self, key: str, max_age_s: int) -> Shelved | None:
        """The live entry under a cache key, if younger than `max_age_s` (the asking request's ttlS), marked
        as just used."""
        entry_id = self._by_key.get(key)
        entry = self._entries.get(entry_id) if entry_id is not None else None
        now = time.time()
        if entry is None or entry.expires_at <= now or entry.shelved_at + max_age_s <= now:
            return None
        self._entries.move_to_end(entry.id)
        return entry

    def signed_result(self, capture_id: str, expires: str | None, sig: str | None) -> Shelved:
        """The entry behind a signed result URL (no API key), if the URL holds and the result is still kept."""
        entry = self._entries.get(capture_id)
        if entry is None:
            raise JobNotFound(capture_id)
        self.sealing.signer.check(entry.id, entry.workspace_id, expires, sig, time.time())
        if entry.expires_at <= time.time():
            raise ResultUrlExpired(f"the result of {capture_id} is no longer kept")
        return entry

    async def read(self, entry: Shelved) -> bytes | None:
        return await self.store.read(entry.id)

    def result_url(self, base_url: str, entry: Shelved) -> str:
        """A signed URL of a kept result, valid for result_url_ttl_s, never past the time it is kept."""
        expires = result_url_expires(time.time(), self.settings.result_url_ttl_s, entry.expires_at)
        return self.sealing.signer.url(base_url, entry.id, entry.workspace_id, expires)

    async def sweep(self) -> int:
        now = time.time()
        due = [entry for entry in self._entries.values() if entry.expires_at <= now]
        for entry in due:
            await self._drop(entry, "expired")
        return len(due)

    async def _evict(self, keep: str | None = None) -> None:
        """Each account within its share, then the shelf within cache_max_bytes, taking from the account
        holding the most; least recently used first, never the entry just put (`keep`)."""
        quota = int(self.settings.cache_max_bytes * self.settings.cache_account_share)
        while (victim := self._victim(keep, quota)) is not None:
            await self._drop(victim, "evicted")

    def _victim(self, keep: str | None, quota: int) -> Shelved | None:
        """The next entry to evict, if any must go."""
        accounts = heaviest((self.account_of(ws), size) for ws, size in self._bytes_of.items())
        over = [account for account, size in accounts if size > quota]
        if self._bytes > self.settings.cache_max_bytes:
            over.extend(account for account, _ in accounts)
        for account in over:  # the heaviest first; one whose only entry is `keep` is passed over
            victim = next((e for e in self._entries.values()
                           if e.id != keep and self.account_of(e.workspace_id) == account), None)
            if victim is not None:
                return victim
        return None

    async def _drop(self, entry: Shelved, reason: str) -> None:
        if self._forget(entry.id) is None:  # gone meanwhile (a sweep's list, an eviction's): recorded once only
            return
        await self.event_log.append(Event("result.unshelved", workspace_id=entry.workspace_id,
                                          capture_id=entry.id, bytes=entry.size, data={"reason": reason}))
        await self.store.delete(entry.id)
