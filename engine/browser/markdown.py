"""`format: markdown`: the rendered page's main content as CommonMark, for language models.

The page's DOM after its scripts ran, every link and image made absolute in the page itself (the browser resolves
them against the document's base), goes to readability-lxml, which keeps the main content (no navigation,
footers or asides), and markdownify writes that as Markdown: `#` headings, `-` bullets, inline links, images
as `![alt](url)`. Chosen over trafilatura by benchmarks/markdown.py on Zyte's article-extraction benchmark (181
news pages): F1 0.942 against 0.936 over 4-token shingles, at 24 ms against 15 ms a page (p50); and
trafilatura drops an image whose URL does not end in a picture's extension (an SVG, a resized image behind a
query), where the issue asks for every image as a link. A page with no main content to find comes out as its
title.
"""

from __future__ import annotations

import re

# Links and images absolute, data: images (inline bytes) gone: then the DOM as HTML.
ABSOLUTE_DOM = """(() => {
  for (const a of document.querySelectorAll('a[href]')) a.setAttribute('href', a.href);
  for (const img of document.querySelectorAll('img')) {
    const src = img.currentSrc || img.src;
    if (!src || src.startsWith('data:')) img.remove(); else img.setAttribute('src', src);
  }
  return [document.title, '<!DOCTYPE html>' + document.documentElement.outerHTML];
})()"""


def markdown(html: str, url: str | None, title: str) -> str:
    """The main content of `html` as Markdown; its title as a heading when there is none to find."""
    from markdownify import markdownify  # loaded at the first Markdown: 28 MB with lxml and Beautiful Soup
    from readability import Document  # type: ignore[import-untyped]

    document = Document(html, url=url)
    body = str(markdownify(document.summary(html_partial=True), heading_style="ATX", bullets="-",
                           strip=["script", "style"])).strip()
    heading = (document.short_title() or title).strip()
    if heading and not body.startswith("#"):
        body = f"# {heading}\n\n{body}" if body else f"# {heading}"
    return re.sub(r"\n{3,}", "\n\n", body) + "\n" if body else ""
