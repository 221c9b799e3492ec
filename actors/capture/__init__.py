"""One capture from request to answer: admission, the one flow every capture takes, the shelf and the result files, and
each attempt in analytics.
"""

from __future__ import annotations

from actors.capture.admission import Admission
from actors.capture.attempts import Attempts
from actors.capture.flow import Captures, Made
from actors.capture.intake import Delivery, Intake
from actors.capture.results import ResultStore
from actors.capture.shelf import SHELF_HITS, SHELF_REPLAY, Shelf, Shelved, cache_key

__all__ = [
    "SHELF_HITS", "SHELF_REPLAY", "Admission", "Attempts", "Captures", "Delivery", "Intake", "Made",
    "ResultStore", "Shelf", "Shelved", "cache_key",
]
