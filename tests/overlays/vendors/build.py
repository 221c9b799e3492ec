"""Writes the vendor set: pages/, pages/creatives/, labels.json and README.md's page list.

Each overlay page is one vendor's published markup (a library copied under pages/lib/ from its npm package,
run live with the vendor's documented configuration, or the vendor's documented snippet), inside a page of
its own content (tests/overlays/vendors/texts.py) and a marker block. The page list, each page's labels and
each page's cited source come from the same spec below, so they cannot disagree.

This set is never trained on and never used to choose features, words or thresholds: it is only asserted.

    .venv/bin/python -m tests.overlays.vendors.build
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from tests.overlays.vendors import specs
from tests.overlays.vendors.specs import Page
from tests.overlays.vendors.texts import ARTICLES

HERE = Path(__file__).parent
PAGES = HERE / "pages"
MARKER = '<div id="marker" class="marker" style="width:420px;height:160px;background:#00a86b"></div>'
BASE_CSS = ("body{margin:0;font:16px/1.6 Georgia,serif;color:#222;background:#fff}"
            "main.page{max-width:760px;margin:0 auto;padding:24px 20px 80px}"
            "h1{font:bold 30px/1.25 Arial,sans-serif;margin:16px 0}")


def render(page: Page) -> str:
    title, paragraphs = page.article or ARTICLES[page.lang]
    body = [f"<p>{html.escape(text)}</p>" for text in paragraphs]
    article = body[0] + page.inline + "".join(body[1:3])
    return (f'<!doctype html>\n<html lang="{page.lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>{BASE_CSS}{page.css}</style>\n{page.head}\n</head>\n"
            f"<body>\n{page.before}\n<main class=\"page\">\n<article id=\"article\">\n<h1>{html.escape(title)}</h1>\n"
            f"{article}\n</article>\n{page.below}\n{MARKER}\n<p class=\"coda\">{html.escape(paragraphs[3])}</p>\n</main>\n"
            f"{page.after}\n</body>\n</html>\n")


def label(page: Page) -> dict[str, object]:
    return {
        "kind": f"{page.vendor}-{page.shape}",
        "vendor": page.vendor,
        "lang": page.lang,
        "source": page.source,
        "remove": [{"selector": selector, "kind": kind} for selector, kind in page.remove],
        "keep": [{"selector": selector} for selector in ["#article", "#marker", *page.keep]],
        "split": "independent",
    }


def main() -> None:
    all_pages = specs.pages()
    for old in PAGES.glob("*.html"):
        old.unlink()
    (PAGES / "creatives").mkdir(exist_ok=True)
    for name, text in specs.creatives().items():
        (PAGES / "creatives" / name).write_text(text)
    labels = {}
    for page in all_pages:
        (PAGES / page.name).write_text(render(page))
        labels[page.name] = label(page)
    (HERE / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(all_pages)} pages")


if __name__ == "__main__":
    main()
