"""Who may act and what they may spend: people and their logins, workspaces and their members, API keys, the quota
ledger.
"""

from __future__ import annotations

from actors.accounts.keys import ApiKeys, Principal
from actors.accounts.ledger import MONTH_USAGE, QuotaLedger, Usage
from actors.accounts.memberships import Memberships
from actors.accounts.people import HashingBusy, LoginThrottled, People, client_key

__all__ = [
    "MONTH_USAGE", "ApiKeys", "HashingBusy", "LoginThrottled", "Memberships", "People", "Principal",
    "QuotaLedger", "Usage", "client_key",
]
