"""How well removeElements does on shapes it never saw (issue 35), per kind, per shape and per layer.

    .venv/bin/python -m benchmarks.removal
    .venv/bin/python -m benchmarks.removal --set tests/overlays_firstlook/set1   # one set alone, at first look

Grouped cross-validation on the corpus of tests/overlays: each shape (template) left out of the model's
training in turn, all three layers run on its pages with that model (tests.overlays.crossval); then, when
it is there, the independent vendor set of tests/overlays/vendors (real consent platforms' and ad tags'
markup, never trained on), by name and by address. With `--set DIR`, only that set (a folder with labels.json
and pages/, the vendor set's shape: the first-look sets of tests/overlays_firstlook), by name and by address.
Each labelled overlay is checked gone and each element that must stay checked shown. Prints recall per kind,
the shapes with a miss, which layer removed what, the false removals (the bar: none). Its latency cost is
`python -m benchmarks.options --only removeElements`. Loopback only, bounded by the sets.
"""

from __future__ import annotations

import argparse
import collections
import time
from pathlib import Path
from typing import Any

import trio

from tests.overlays import crossval, harness

VENDORS = Path(harness.HERE) / "vendors"


def report(title: str, scores: dict[str, Any], results: list[harness.PageResult]) -> None:
    print(f"{title}: {scores['pages']} pages ({scores['negative_pages']} negatives)")
    for kind, (recall, gone, total) in sorted(scores["recall"].items()):
        print(f"  {kind:14} recall {recall:6.1%}  ({gone}/{total})")
    layers = collections.Counter((r["kind"], r["layer"]) for result in results for r in result.reported)
    print("  removals by layer: " + ", ".join(f"{kind}/{layer} {n}" for (kind, layer), n in sorted(layers.items())))
    print(f"  false removals: {scores['false_removals']} (on negative pages: {scores['false_on_negative_pages']})")
    for name, selector in scores["false_removed"]:
        print(f"    {name} {selector}")
    for result in results:
        for selector, gone in result.removed.items():
            if not gone:
                print(f"  missed: {result.name} {selector} ({result.kind_of[selector]})")


async def independent(folder: Path, title: str) -> None:
    """A set in the vendor set's shape, by name and by address."""
    labels = harness.labels(folder)
    for by_address in (False, True):
        started = time.monotonic()
        async with harness.corpus_browser(folder / "pages", by_address) as (conn, base):
            results = await harness.evaluate_many(conn, base, labels)
        took = time.monotonic() - started
        report(f"{title} by {'address' if by_address else 'name'} ({took:.0f} s)", harness.summary(results), results)


async def main(only: Path | None) -> None:
    if only is not None:
        await independent(only, f"the set of {only}")
        return
    started = time.monotonic()
    async with harness.corpus_browser(harness.TESTS) as (conn, base):
        folds = await crossval.cross_validate(conn, base, harness.corpus_labels(), harness.first_look_labels())
    scores = crossval.scores(folds)
    took = time.monotonic() - started
    report(f"grouped cross-validation, {scores['shapes']} shapes each left out in turn ({took:.0f} s)", scores,
           [result for fold in folds for result in fold.results])
    if (VENDORS / "labels.json").exists():
        await independent(VENDORS, "independent vendor set")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", type=Path, help="measure only this set (labels.json and pages/), by name and address")
    trio.run(main, parser.parse_args().set)
