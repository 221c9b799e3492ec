"""The overlay model fitted, and judged by grouped cross-validation: whole shapes left out of training.

The corpus's pages come in shapes (a label's `kind`: `cookie-bar-bottom`,
`family-chat-launcher`, `novel-sticky-consent`, …), three generated pages of each
generated shape and one of each hand-written one. Split by page, a test page
has two siblings of the same build in training, which measures memory. Here
each shape is left out in turn: the model is fitted on every other shape's
pages and all three layers run on the left-out pages with that model, so the
recall per shape says how the service does on a shape it never saw.

    .venv/bin/python -m benchmarks.removal   # prints it, per shape and per kind

The suite asserts the bar (tests/test_removal.py); `tests/overlays/train.py` fits the shipped model on every
shape and writes these scores beside it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from engine.browser.cdp import CdpConnection
from engine.browser.overlays import CLASSES, FEATURES, OverlayModel, has_purpose
from tests.overlays.harness import PageResult, evaluate_many, features_of_many, summary

MARGIN = 0.05  # the threshold sits this far above the most overlay-like piece of content trained on
MIN_THRESHOLD = 0.5

Row = tuple[tuple[float, ...], str, str]  # features, class, description


def fit(rows: list[Row]) -> dict[str, Any]:
    """A multinomial logistic regression (balanced class weights) on the standardised features of the rows that
    say a purpose (Candidate.purposeful: the others are never removed, so the model has nothing to tell about
    them, and a chat launcher's corner would only teach it that corners are content), as the model document
    OverlayModel reads; its threshold is set above the highest overlay probability any `none` candidate got,
    so that no trained-on piece of real content would be removed."""
    rows = [row for row in rows if has_purpose(row[0])]  # the rest is never removed: nothing for it to learn
    x = np.array([r[0] for r in rows])
    y = np.array([CLASSES.index(r[1]) for r in rows])
    scaler = StandardScaler().fit(x)
    scale = np.where(scaler.scale_ == 0, 1.0, scaler.scale_)
    model = LogisticRegression(class_weight="balanced", C=1.0, max_iter=5000)
    model.fit((x - scaler.mean_) / scale, y)
    probabilities = model.predict_proba((x - scaler.mean_) / scale)
    none_rows = probabilities[y == 0]
    worst = float(none_rows[:, 1:].max()) if len(none_rows) else 0.0
    return {
        "features": list(FEATURES), "classes": list(CLASSES),
        "mean": scaler.mean_.tolist(), "scale": scale.tolist(),
        "coef": model.coef_.tolist(), "intercept": model.intercept_.tolist(),
        "threshold": round(min(0.95, max(MIN_THRESHOLD, worst + MARGIN)), 4),
        "trained": {"at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                    "candidates": len(rows),
                    "perClass": {c: int((y == i).sum()) for i, c in enumerate(CLASSES)}},
    }


async def measured(conn: CdpConnection, base: str, labels: dict[str, dict[str, Any]]) -> dict[str, list[Row]]:
    """Every page's candidates, measured on the bare page."""
    return await features_of_many(conn, base, list(labels), labels)


@dataclass(frozen=True)
class Fold:
    shape: str  # the shape left out
    results: list[PageResult]  # its pages, with the model fitted on every other shape


async def cross_validate(conn: CdpConnection, base: str, labels: dict[str, dict[str, Any]],
                         also_trained: dict[str, dict[str, Any]] | None = None) -> list[Fold]:
    """Each shape of `labels` left out in turn, its pages judged by a model that never saw it; the pages of
    `also_trained` (the first-look sets that joined the training) are in every fold's training, never judged."""
    everything = labels | (also_trained or {})
    rows = await measured(conn, base, everything)
    shapes: dict[str, list[str]] = {}
    for name, label in labels.items():
        shapes.setdefault(label["kind"], []).append(name)
    models = {shape: OverlayModel(fit([row for name, page in rows.items()
                                       if name not in labels or labels[name]["kind"] != shape for row in page]))
              for shape in shapes}
    results = await evaluate_many(conn, base, labels, lambda name: models[labels[name]["kind"]])
    by_shape: dict[str, list[PageResult]] = {}
    for result in results:
        by_shape.setdefault(labels[result.name]["kind"], []).append(result)
    return [Fold(shape, found) for shape, found in by_shape.items()]


def scores(folds: list[Fold]) -> dict[str, Any]:
    """harness.summary over every left-out page, and recall per left-out shape."""
    out = summary([result for fold in folds for result in fold.results])
    per_shape = {}
    for fold in folds:
        wanted = [gone for result in fold.results for gone in result.removed.values()]
        if wanted:
            per_shape[fold.shape] = (sum(wanted) / len(wanted), sum(wanted), len(wanted))
    out["per_shape"] = per_shape
    out["shapes"] = len(folds)
    return out
