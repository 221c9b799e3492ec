"""Fits the overlay model on every shape of the corpus and writes engine/browser/overlay-model.json.

    .venv/bin/python -m tests.overlays.build_corpus   # only when the corpus generator changed
    .venv/bin/python -m tests.overlays.train

Every page of the corpus is opened in Chromium and the finder's candidates
are measured there, each labelled with the kind of the labelled overlay it is
(or `none`: headers, tab bars, login forms, backdrops, …), and the model is
fitted on them all (tests.overlays.crossval.fit), with the pages of the first-look sets that were measured
and then joined the training (harness.TRAINED_FIRST_LOOKS). How it does on shapes it
never saw is measured by grouped cross-validation (each shape left out in
turn, tests.overlays.crossval), whose scores are written beside the trees. The first-look pages' rows are
written to tests/overlays/first-look-rows.json under a key of what made them, which the cross-validation
reads instead of measuring them again while the key holds.
The independent vendor set (tests/overlays/vendors) is never looked at here.
"""

from __future__ import annotations

import json
import sys

import trio

from engine.browser.overlays import CLASSES, MODEL_PATH
from tests.overlays.crossval import cross_validate, fit, measured, scores, store_rows
from tests.overlays.harness import TESTS, corpus_browser, corpus_labels, first_look_labels, training_labels


async def main() -> None:
    pages = training_labels()
    async with corpus_browser(TESTS) as (conn, base):
        measured_rows = await measured(conn, base, corpus_labels(), first_look_labels())
        await store_rows(conn, measured_rows, first_look_labels())  # the suite's cross-validation reads them
        rows = [row for page in measured_rows.values() for row in page]
        document = fit(rows)
        document["trained"]["pages"] = len(pages)
        print(f"{len(pages)} pages, {len(rows)} candidates: "
              + ", ".join(f"{c} {document['trained']['perClass'][c]}" for c in CLASSES), file=sys.stderr)
        MODEL_PATH.write_text(written(document))  # the fold runs read the features it names
        folds = await cross_validate(conn, base, corpus_labels(), first_look_labels())
    found = scores(folds)
    document["groupedCrossValidation"] = {
        "shapes": found["shapes"], "pages": found["pages"], "negativePages": found["negative_pages"],
        "recall": {kind: round(r[0], 4) for kind, r in found["recall"].items()},
        "falseRemovals": found["false_removals"],
        "missedShapes": {shape: f"{gone}/{total}" for shape, (_, gone, total) in found["per_shape"].items()
                         if gone < total}}
    MODEL_PATH.write_text(written(document))
    print(json.dumps(document["groupedCrossValidation"], indent=1))
    for name, selector in found["false_removed"]:
        print(f"false removal: {name} {selector}", file=sys.stderr)
    for fold in folds:
        for result in fold.results:
            for selector, gone in result.removed.items():
                if not gone:
                    print(f"missed: {result.name} {selector} ({result.kind_of[selector]})", file=sys.stderr)


def written(document: dict[str, object]) -> str:
    """One key a line: the scores stay readable, the trees take one line."""
    return "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in document.items()) + "\n}\n"


if __name__ == "__main__":
    trio.run(main)
