"""Markdown (issue 40): two maintained extraction libraries on the news pages of a published corpus, to choose
the one `format: markdown` uses.

    .venv/bin/python -m benchmarks.markdown --corpus DIR [--limit N]

DIR is a checkout of Zyte's article-extraction-benchmark (github.com/scrapinghub/article-extraction-benchmark,
MIT): `html/*.html.gz` (181 news and blog pages) and `ground-truth.json` (each page's article body). Each library
makes Markdown of each page; the Markdown's text (links' and images' URLs left out) is scored against the
article body as the corpus' own evaluate.py does: precision, recall and F1 over 4-token shingles, each page
weighted alike. And the time per page. Candidates: trafilatura (Markdown output of its own) and
readability-lxml's main content converted by markdownify. Runs offline, on the files.
"""

from __future__ import annotations

import argparse
import gzip
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import orjson

TOKEN = re.compile(r"\w+", re.UNICODE)
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def with_trafilatura(html: str, url: str) -> str:
    import trafilatura

    return trafilatura.extract(html, url=url, output_format="markdown", include_links=True, include_images=True,
                               include_tables=True, favor_recall=True) or ""


def with_readability(html: str, url: str) -> str:
    from engine.browser.markdown import markdown

    return markdown(html, url, "")  # what the service does


def _shingles(text: str, n: int = 4) -> Counter[tuple[str, ...]]:
    tokens = TOKEN.findall(text)
    return Counter(tuple(tokens[i:i + n]) for i in range(max(1, len(tokens) - n + 1)) if tokens[i:i + n])


def score(true: str, markdown: str) -> tuple[float, float]:
    """(precision, recall) of the Markdown's text against the article body, over 4-token shingles."""
    expected, found = _shingles(true), _shingles(LINK.sub(r"\1", markdown))
    tp = sum((expected & found).values())
    fp, fn = sum(found.values()) - tp, sum(expected.values()) - tp
    precision = 1.0 if fp == fn == 0 else (0.0 if tp == fp == 0 else tp / (tp + fp))
    recall = 1.0 if fp == fn == 0 else (0.0 if tp == fn == 0 else tp / (tp + fn))
    return precision, recall


def measure(make: Callable[[str, str], str], pages: list[tuple[str, str, str]]) -> dict[str, float]:
    precisions, recalls, times = [], [], []
    for html, url, body in pages:
        began = time.perf_counter()
        markdown = make(html, url)
        times.append(time.perf_counter() - began)
        precision, recall = score(body, markdown)
        precisions.append(precision)
        recalls.append(recall)
    p, r = statistics.mean(precisions), statistics.mean(recalls)
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0,
            "p50_ms": statistics.median(times) * 1000, "p95_ms": sorted(times)[int(len(times) * 0.95)] * 1000}


def load(corpus: Path, limit: int | None) -> list[tuple[str, str, str]]:
    truth = orjson.loads((corpus / "ground-truth.json").read_bytes())
    pages = []
    for name, item in sorted(truth.items())[:limit]:
        html = gzip.decompress((corpus / "html" / f"{name}.html.gz").read_bytes()).decode("utf-8", errors="replace")
        pages.append((html, item.get("url", ""), item["articleBody"]))
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.markdown", description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True, help="a checkout of article-extraction-benchmark")
    parser.add_argument("--limit", type=int, help="the first N pages only")
    args = parser.parse_args()
    pages = load(args.corpus, args.limit)
    print(f"{len(pages)} pages")
    for name, make in (("trafilatura", with_trafilatura), ("readability+markdownify", with_readability)):
        found = measure(make, pages)
        print(f"  {name:<24} F1 {found['f1']:.3f}  precision {found['precision']:.3f}  recall {found['recall']:.3f}"
              f"  p50 {found['p50_ms']:.0f} ms  p95 {found['p95_ms']:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
