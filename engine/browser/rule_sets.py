"""removeElements' rule sets, vendored by ./bootstrap.sh and read once: DuckDuckGo's autoconsent (its content
script and consent-platform rules) and EasyList with EasyPrivacy in Brave's adblock engine."""

from __future__ import annotations

import functools
import re
import threading
from dataclasses import dataclass
from pathlib import Path

import adblock
import orjson
import trio

from engine.rules.errors import RenderFailed

VENDOR = Path(__file__).resolve().parents[2] / "vendor"  # the checkout's ./vendor, beside engine/


class RuleSetsMissing(RenderFailed):
    """./vendor lacks a rule set: the service was installed without ./bootstrap.sh."""


@dataclass(frozen=True)
class RuleSets:
    autoconsent: str  # its content script
    generic_rules: tuple[str, ...]  # the JSON of each rule that may apply on any site
    site_rules: tuple[tuple[re.Pattern[str], str], ...]  # (urlPattern, JSON) of the site-specific ones
    ads: adblock.Engine


_lock = threading.Lock()


@functools.cache
def _load(vendor: Path) -> RuleSets:
    with _lock:
        try:
            autoconsent = (vendor / "autoconsent" / "autoconsent.playwright.js").read_text()
            rules = orjson.loads((vendor / "autoconsent" / "rules.json").read_bytes())["autoconsent"]
            lists = [(vendor / "easylist" / name).read_text() for name in ("easylist.txt", "easyprivacy.txt")]
        except OSError as exc:
            raise RuleSetsMissing(f"removeElements: the rule sets are not installed ({exc.filename}); "
                                  "./bootstrap.sh fetches them") from exc
        generic, site = [], []
        for rule in rules:
            text = orjson.dumps(rule).decode()
            pattern = (rule.get("runContext") or {}).get("urlPattern")
            try:
                site.append((re.compile(pattern), text)) if pattern else generic.append(text)
            except re.error:
                generic.append(text)  # a pattern Python cannot read: offered everywhere, autoconsent decides
        filters = adblock.FilterSet()
        for text in lists:
            filters.add_filter_list(text)
        return RuleSets(autoconsent, tuple(generic), tuple(site), adblock.Engine(filters, optimize=True))


async def rule_sets(vendor: Path = VENDOR) -> RuleSets:
    """The rule sets, read (in a thread, the first time) from `vendor`."""
    if vendor not in _loaded:
        _loaded[vendor] = await trio.to_thread.run_sync(_load, vendor)
    return _loaded[vendor]


_loaded: dict[Path, RuleSets] = {}
