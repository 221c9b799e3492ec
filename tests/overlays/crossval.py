"""The overlay model fitted, and judged by grouped cross-validation: whole shapes left out of training.

The corpus's pages come in shapes (a label's `kind`: `cookie-bar-bottom`,
`family-chat-launcher`, `novel-sticky-consent`, …), three generated pages of each
generated shape and one of each hand-written one. Split by page, a test page
has two siblings of the same build in training, which measures memory. Here
the shapes are left out whole, in FOLDS groups in turn: the model is fitted on
the other groups' pages and all three layers run on the left-out pages with
that model, so the recall per shape says how the service does on a shape it
never saw (nor six others: stricter than one at a time, and a twelfth of the fits).

    .venv/bin/python -m benchmarks.removal   # prints it, per shape and per kind

The suite asserts the bar (tests/test_removal.py); `tests/overlays/train.py` fits the shipped model on every
shape and writes these scores beside it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson
from sklearn.ensemble import GradientBoostingClassifier

from engine.browser.cdp import CdpConnection
from engine.browser.overlays import CLASSES, FEATURES, OverlayModel, has_purpose
from tests.imports import imported_names
from tests.overlays.harness import TESTS, PageResult, evaluate_many, features_of_many, summary

MARGIN = 0.05  # a kind's threshold sits this far above the piece of content trained on most like that kind
MIN_THRESHOLD = 0.5
TABS = 4  # pages open at once: a page's visit mostly waits on its own timers (the consent platforms' look)
FOLDS = 12  # each leaves out every twelfth shape (by name): 7 of the corpus's 84, whole
TREES, DEPTH, RATE = 100, 3, 0.1  # depth 2 did as well on the first-look sets left out, 95.1 % here

Row = tuple[tuple[float, ...], str, str]  # features, class, description
ROOT = TESTS.parent
ROWS_PATH = Path(__file__).with_name("first-look-rows.json")  # written by train.py, keyed by what makes its rows
# What a page's rows depend on besides the page: the finder and its words, how a capture opens and prepares a page
# (the browser wing, the request's rules, the settings' flags: of their modules, those the harness imports), and
# this harness. The model is not among them.
HARNESS = "tests/overlays/harness.py"
ROW_SOURCES = ("engine/browser", "engine/rules", "engine/operations/settings.py", HARNESS)


def fit(rows: list[Row]) -> dict[str, Any]:
    """Gradient-boosted trees (TREES stages of depth DEPTH, classes weighted to balance) on the rows that say a
    purpose (Candidate.purposeful: the others are never removed, so the model has nothing to tell about them,
    and a chat launcher's corner would only teach it that corners are content), as the model document
    OverlayModel reads; each overlay kind's threshold is set above the highest probability of that kind any `none`
    candidate got, so that no trained-on piece of real content would be removed (and a poster that looks like an ad
    raises the ads' bar only)."""
    rows = [row for row in rows if has_purpose(row[0])]  # the rest is never removed: nothing for it to learn
    x = np.array([r[0] for r in rows])
    y = np.array([CLASSES.index(r[1]) for r in rows])
    counts = np.bincount(y, minlength=len(CLASSES))
    weights = len(y) / (len(CLASSES) * np.maximum(counts[y], 1))
    model = GradientBoostingClassifier(n_estimators=TREES, max_depth=DEPTH, learning_rate=RATE, random_state=0)
    model.fit(x, y, sample_weight=weights)
    stages = [[_nodes(tree) for tree in stage] for stage in model.estimators_]
    leaves = np.array([[tree.predict(x[:1])[0] for tree in stage] for stage in model.estimators_]).sum(axis=0)
    init = model.decision_function(x[:1])[0] - RATE * leaves  # the prior, which scikit-learn keeps to itself
    document = {
        "features": list(FEATURES), "classes": list(CLASSES),
        "init": [round(float(v), 6) for v in init], "learningRate": RATE, "stages": stages,
        "thresholds": dict.fromkeys(CLASSES[1:], 0.5),
        "trained": {"at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                    "candidates": len(rows),
                    "perClass": {c: int((y == i).sum()) for i, c in enumerate(CLASSES)}},
    }
    ours = OverlayModel(document)
    content = [ours.probabilities(tuple(r)) for r, label in zip(x, y, strict=True) if label == 0]
    document["thresholds"] = {kind: round(min(0.95, max(MIN_THRESHOLD, max((p[k] for p in content), default=0.0)
                                                       + MARGIN)), 4) for k, kind in enumerate(CLASSES) if k}
    return document


def _nodes(tree: Any) -> list[list[float]]:
    """A fitted regression tree as OverlayModel's nodes."""
    t = tree.tree_
    return [[int(t.feature[i]) if t.children_left[i] >= 0 else -1, round(float(t.threshold[i]), 6),
             int(t.children_left[i]), int(t.children_right[i]), round(float(t.value[i][0][0]), 6)]
            for i in range(t.node_count)]


async def measured(conn: CdpConnection, base: str, labels: dict[str, dict[str, Any]],
                   kept: dict[str, dict[str, Any]] | None = None) -> dict[str, list[Row]]:
    """Every page's candidates, as the model is shown them (harness.features_of_many). The pages of `kept` (the
    first-look sets in training, 7 of 8 pages) are taken from ROWS_PATH when its key is theirs today
    (rows_key): the same rows a measurement gives, without two minutes of it; else they are measured too."""
    kept = kept or {}
    key = await rows_key(conn, kept)
    stored = orjson.loads(ROWS_PATH.read_bytes()) if ROWS_PATH.exists() else {}
    if stored.get("key") == key:
        known = {name: [(tuple(f), c, d) for f, c, d in rows] for name, rows in stored["rows"].items()}
        return await features_of_many(conn, base, list(labels), labels, TABS) | known
    return await features_of_many(conn, base, list(labels | kept), labels | kept, TABS)


async def store_rows(conn: CdpConnection, rows: dict[str, list[Row]], kept: dict[str, dict[str, Any]]) -> None:
    """The rows of `kept`'s pages written to ROWS_PATH under today's key (train.py, after measuring them)."""
    document = {"key": await rows_key(conn, kept), "rows": {name: rows[name] for name in sorted(kept)}}
    ROWS_PATH.write_text(json.dumps(document, separators=(",", ":")) + "\n")


async def rows_key(conn: CdpConnection, pages: dict[str, dict[str, Any]]) -> str:
    """rows_digest with the Chromium that measures."""
    return rows_digest((await conn.send("Browser.getVersion"))["product"], pages)


def rows_digest(browser: str, pages: dict[str, dict[str, Any]], root: Path = ROOT) -> str:
    """A digest of everything a page's rows are made of: ROW_SOURCES' files under `root`, the pages (served from
    `root`/tests) and their labels, and the browser; any change to one gives another key, and the stored rows
    are measured again."""
    digest = hashlib.sha256(browser.encode())
    files = [f for source in ROW_SOURCES for f in sorted((root / source).rglob("*") if (root / source).is_dir()
                                                          else [root / source])]
    # of the wings' modules, those the harness runs (it imports them, or they do): a Monitors' comparison is not
    # a removal's part; their scripts and word lists are read by path, and all count
    imported, named = _imported(root / HARNESS, root), {root / source for source in ROW_SOURCES}
    for path in files:
        if path.suffix == ".py" and path not in imported and path not in named:
            continue
        if path.is_file() and path.name != "overlay-model.json" and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    for name, label in sorted(pages.items()):
        page = (root / "tests" / name).read_bytes()
        digest.update(name.encode() + orjson.dumps(label, option=orjson.OPT_SORT_KEYS) + page)
    return digest.hexdigest()


def _imported(start: Path, root: Path) -> set[Path]:
    """`start` and the modules under `root` it imports, directly or through them (each imported name that is a
    module's file)."""
    found, todo = {start}, [start]
    while todo:
        for name in imported_names(todo.pop()):
            for path in (root / f"{name.replace('.', '/')}.py", root / name.replace(".", "/") / "__init__.py"):
                if path.is_file() and path not in found:
                    found.add(path)
                    todo.append(path)
    return found


@dataclass(frozen=True)
class Fold:
    shape: str  # the shape left out
    results: list[PageResult]  # its pages, with the model fitted without its fold's shapes


async def cross_validate(conn: CdpConnection, base: str, labels: dict[str, dict[str, Any]],
                         also_trained: dict[str, dict[str, Any]] | None = None) -> list[Fold]:
    """The shapes of `labels` left out in FOLDS groups, each page judged by a model that never saw its shape; the
    pages of `also_trained` (the first-look sets that joined the training) are in every fold's training, never
    judged."""
    rows = await measured(conn, base, labels, also_trained)
    shapes = sorted({label["kind"] for label in labels.values()})
    fold_of = {shape: at % FOLDS for at, shape in enumerate(shapes)}
    models = [OverlayModel(fit([row for name, page in rows.items()
                                if name not in labels or fold_of[labels[name]["kind"]] != fold for row in page]))
              for fold in range(FOLDS)]
    results = await evaluate_many(conn, base, labels, lambda name: models[fold_of[labels[name]["kind"]]], TABS)
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
