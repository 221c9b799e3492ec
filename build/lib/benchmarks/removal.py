"""How well removeElements does on the corpus's held-out split (issue 21), per kind and per layer.

    .venv/bin/python -m benchmarks.removal

Every page of the `test` split of tests/overlays (never used to train the model) is opened in Chromium with
the service's flags and all three layers on; then each labelled overlay is checked gone and each element
that must stay checked shown. Prints recall per kind, which layer removed what, the false removals
(the bar: none), and how close the negatives' overlays came to the model's threshold. Its latency
cost is `python -m benchmarks.options --only removeElements`. Loopback only, bounded by the corpus.
"""

from __future__ import annotations

import collections
import time

import trio

from engine.browser.overlays import OverlayModel
from tests.overlays import harness


async def main() -> None:
    labels = harness.labels()
    names = [name for name, label in labels.items() if label["split"] == "test"]
    started = time.monotonic()
    async with harness.corpus_browser() as (conn, base):
        results = [await harness.evaluate(conn, base, name) for name in names]
        negatives = [name for name in names if not labels[name]["remove"]]
        closest = []
        for name in negatives:
            for features, _, describe in await harness.features(conn, base, name):
                verdict = OverlayModel.shipped().probabilities(features)
                closest.append((max(verdict[1:]), name, describe))
    scores = harness.summary(results)
    print(f"held-out split: {scores['pages']} pages ({scores['negative_pages']} negatives), "
          f"{time.monotonic() - started:.1f} s")
    for kind, (recall, gone, total) in sorted(scores["recall"].items()):
        print(f"  {kind:14} recall {recall:6.1%}  ({gone}/{total})")
    layers = collections.Counter((r["kind"], r["layer"]) for result in results for r in result.reported)
    print("  removals by layer: " + ", ".join(f"{kind}/{layer} {n}" for (kind, layer), n in sorted(layers.items())))
    print(f"  false removals: {scores['false_removals']} (on negative pages: {scores['false_on_negative_pages']})")
    for name, selector in scores["false_removed"]:
        print(f"    {name} {selector}")
    threshold = OverlayModel.shipped().threshold
    print(f"  model threshold {threshold}; the negatives' overlays closest to it:")
    for probability, name, describe in sorted(closest, reverse=True)[:5]:
        print(f"    {probability:.3f}  {name}  {describe}")


if __name__ == "__main__":
    trio.run(main)
