"""Trains the overlay model on the corpus's training split and writes engine/browser/overlay-model.json.

    .venv/bin/python -m tests.overlays.build_corpus   # only when the corpus generator changed
    .venv/bin/python -m tests.overlays.train

Every page of the `train` split is opened in Chromium and the finder's
candidates are measured there, each labelled with the kind of the labelled
overlay it is (or `none`: headers, tab bars, login forms, backdrops, …).
A multinomial logistic regression (scikit-learn, balanced class weights) is
fitted on the standardised features; the threshold is set above the highest
overlay probability any `none` candidate of the training split got, so that
no trained-on piece of real content would be removed. Then the three layers
run on the held-out `test` split, and the scores they reach are written into
the model file beside the weights.
"""

from __future__ import annotations

import datetime as dt
import json
import sys

import numpy as np
import trio
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from engine.browser.overlays import CLASSES, FEATURES, MODEL_PATH
from tests.overlays.harness import corpus_browser, evaluate, features, labels, summary

MARGIN = 0.05
MIN_THRESHOLD = 0.5


async def main() -> None:
    pages = labels()
    train = [name for name, label in pages.items() if label["split"] == "train"]
    test = [name for name, label in pages.items() if label["split"] == "test"]
    rows: list[tuple[tuple[float, ...], str, str]] = []
    async with corpus_browser() as (conn, base):
        for name in train:
            rows += await features(conn, base, name)
        x = np.array([r[0] for r in rows])
        y = np.array([CLASSES.index(r[1]) for r in rows])
        print(f"{len(train)} training pages, {len(rows)} candidates: "
              + ", ".join(f"{c} {int((y == i).sum())}" for i, c in enumerate(CLASSES)), file=sys.stderr)
        scaler = StandardScaler().fit(x)
        scale = np.where(scaler.scale_ == 0, 1.0, scaler.scale_)
        model = LogisticRegression(class_weight="balanced", C=1.0, max_iter=5000)
        model.fit((x - scaler.mean_) / scale, y)
        probabilities = model.predict_proba((x - scaler.mean_) / scale)
        none_rows = probabilities[y == 0]
        worst = float(none_rows[:, 1:].max()) if len(none_rows) else 0.0
        threshold = min(0.95, max(MIN_THRESHOLD, worst + MARGIN))
        document = {
            "features": list(FEATURES), "classes": list(CLASSES),
            "mean": scaler.mean_.tolist(), "scale": scale.tolist(),
            "coef": model.coef_.tolist(), "intercept": model.intercept_.tolist(),
            "threshold": round(threshold, 4),
            "trained": {"at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "pages": len(train),
                        "candidates": len(rows)},
        }
        MODEL_PATH.write_text(json.dumps(document, indent=1) + "\n")
        results = [await evaluate(conn, base, name) for name in test]
    scores = summary(results)
    document["heldOut"] = {"pages": scores["pages"], "negativePages": scores["negative_pages"],
                           "recall": {kind: round(r[0], 4) for kind, r in scores["recall"].items()},
                           "falseRemovals": scores["false_removals"]}
    MODEL_PATH.write_text(json.dumps(document, indent=1) + "\n")
    print(json.dumps(document["heldOut"], indent=1))
    for name, selector in scores["false_removed"]:
        print(f"false removal: {name} {selector}", file=sys.stderr)
    for result in results:
        for selector, gone in result.removed.items():
            if not gone:
                print(f"missed: {result.name} {selector} ({result.kind_of[selector]})", file=sys.stderr)


if __name__ == "__main__":
    trio.run(main)
