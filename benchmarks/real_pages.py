"""Quality verdicts on real pages nobody here wrote (issue 53): per-code precision and recall.

    .venv/bin/python -m benchmarks.real_pages --readability DIR --zyte DIR [--limit N] [--runs bare served]

DIRs are checkouts of Mozilla's readability (its `test/test-pages/*/source.html`, Apache-2.0: 130 pages) and
Zyte's article-extraction-benchmark (`html/*.html.gz`, MIT: 181 news pages), in a dozen languages. Each page
is served from a loopback server of this benchmark's own and captured full page by `run.py serve` (pool 2)
whose egress reaches that server only. Two runs:
- `bare`: the page's http(s) URLs point at the server (`/ext/<page>/<host>/…`), which answers 404 to all
  but the page, as on a bad day for its CDN; what scripts build at run time is refused by the egress guard;
- `served`: the same URLs answered: images with a picture, style sheets and scripts with an empty file.
Ground truth comes from the page's markup and the server's log, never from the verdict's code: images (at
least three `<img src>` in the markup and image requests that got 404: a positive; neither: a negative),
style sheets (a style sheet request that got 404: positive, else negative), characters no installed font
has (`fc-list :charset=…` per character of the visible text), and blank from the PNG itself (every pixel one
colour: Pillow's extrema over the whole image, not the verdict's sample). Prints, per run and code, TP FP FN
TN, precision and recall. Loopback only, bounded by the page count.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import html as html_lib
import io
import re
import subprocess
import threading
import time
import unicodedata
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import httpx
from PIL import Image

CODES = ("images_incomplete", "stylesheets_failed", "missing_glyphs", "blank")
TAG = re.compile(r"<(\w+)\b([^>]*)>", re.S)
ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", re.S)
HIDDEN_BLOCKS = re.compile(r"<(script|style|noscript|template|svg)\b.*?</\1\s*>|<!--.*?-->", re.S | re.I)
PAGE_PATH = re.compile(r"/p/(\d+)/")
OWN_PATH = re.compile(r"/(?:p|ext)/(\d+)/")  # what a page asked for: its relative URLs and its outside ones
LANG = re.compile(r"<html[^>]*\blang=[\"']?([A-Za-z]+)", re.I)
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73000000164944415478"
                    "9c63f8cfc0f09f81e13f03c37f06860c0c000038f407f9a3ed8f1d0000000049454e44ae426082")


@dataclass(frozen=True)
class Page:
    name: str  # corpus:id
    html: bytes
    lang: str


@dataclass(frozen=True)
class Truth:
    """What the page itself says of a capture served with nothing beyond it."""

    images: int  # <img src> outside data:, noscript and template: each fails when nothing is served
    stylesheets: int  # linked style sheets outside data:
    uncovered: str  # visible characters no installed font has
    text: int  # characters of visible text


def _attributes(raw: str) -> dict[str, str]:
    return {name.lower(): html_lib.unescape(value.strip("\"'")) for name, value in ATTRIBUTE.findall(raw)}


def truth(document: str) -> Truth:
    body = HIDDEN_BLOCKS.sub(" ", document)
    images = stylesheets = 0
    for tag, raw in TAG.findall(body):
        attributes = _attributes(raw)
        if tag.lower() == "img":
            src = attributes.get("src", "").strip()
            size = [attributes.get(side, "") for side in ("width", "height")]
            if src and not src.startswith("data:") and "0" not in size and "1" not in size:  # not a tracking pixel
                images += 1
        elif tag.lower() == "link":
            rel = attributes.get("rel", "").lower().split()
            href = attributes.get("href", "").strip()
            if "stylesheet" in rel and "alternate" not in rel and href and not href.startswith("data:"):
                stylesheets += 1
    text = html_lib.unescape(re.sub(r"<[^>]*>", " ", body))
    chars = {c for c in text if ord(c) > 0x7E and unicodedata.category(c) not in {"Cc", "Cf", "Zs", "Zl", "Zp", "Cs"}
             and not 0xFE00 <= ord(c) <= 0xFE0F}
    uncovered = "".join(sorted(c for c in chars if not _installed_font_has(c)))
    return Truth(images, stylesheets, uncovered, len(" ".join(text.split())))


@functools.cache
def _installed_font_has(char: str) -> bool:
    """fontconfig asked about this one character: does any installed font have it?"""
    found = subprocess.run(["fc-list", f":charset={ord(char):x}", "family"], capture_output=True, text=True,
                           timeout=30, check=False)
    return bool(found.stdout.strip())


def expected(t: Truth, failed: Counter[str]) -> dict[str, bool | None]:
    """Per code: True (must be raised), False (must not be), None (not judged on this page). `failed`: the
    server's log of what the page asked for and got 404 (bare run; none served). Blank is the pixels'
    (Captured.one_colour)."""
    return {
        # at least three <img> and failures in the log: some broken image shows; no <img> and none failed: none
        "images_incomplete": True if t.images >= 3 and failed["image"] else (
            False if t.images == 0 and not failed["image"] else None),
        "stylesheets_failed": bool(failed["stylesheet"]),
        "missing_glyphs": bool(t.uncovered),
    }


def load(readability: Path | None, zyte: Path | None, limit: int | None) -> list[Page]:
    pages = []
    if readability is not None:
        for source in sorted(readability.glob("test/test-pages/*/source.html")):
            pages.append(_page(f"readability:{source.parent.name}", source.read_bytes()))
    if zyte is not None:
        for source in sorted(zyte.glob("html/*.html.gz")):
            pages.append(_page(f"zyte:{source.name.split('.')[0][:12]}", gzip.decompress(source.read_bytes())))
    return pages[:limit] if limit else pages


def load_gzipped(directory: Path, prefix: str) -> list[Page]:
    """Every `*.html.gz` of a directory (the suite's sample: tests/real_pages, tests/news_corpus)."""
    return [_page(f"{prefix}:{path.name.split('.')[0][:40]}", gzip.decompress(path.read_bytes()))
            for path in sorted(directory.glob("*.html.gz"))]


def _page(name: str, data: bytes) -> Page:
    found = LANG.search(data[:20000].decode("utf-8", "replace"))
    return Page(name, data, found[1].lower() if found else "?")


class PageServer(ThreadingHTTPServer):
    """The pages at /p/<n>, and with `served`, whatever else they ask for; every request logged."""

    daemon_threads = True

    def __init__(self, pages: list[Page]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.pages, self.served = pages, False
        self.failed: dict[int, Counter[str]] = {}  # page -> kind ("stylesheet", "image") -> requests answered 404
        self.lock = threading.Lock()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def document(self, n: int) -> bytes:
        """The page, its outside URLs pointed at this server's /ext/<n>/<host>/… (answered 404 in the bare run,
        as a CDN that is down; served in the other), so that the log sees what the page asks for."""
        text = self.pages[n].html.decode("utf-8", "replace")
        text = re.sub(r"(?i)\bhttps?://([a-z0-9.-]+(?::\d+)?)/", lambda m: f"{self.base}/ext/{n}/{m[1]}/", text)
        text = re.sub(r"""(?i)((?:src|href|srcset)\s*=\s*["']?)//([a-z0-9.-]+)/""",
                      lambda m: f"{m[1]}{self.base}/ext/{n}/{m[2]}/", text)
        return text.encode()

    def asked(self, path: str, referer: str, kind: str, status: int) -> None:
        """A request logged to the page it came for: by its path, else by its Referer (a root-relative URL)."""
        own = OWN_PATH.match(path) or OWN_PATH.match(urlsplit(referer).path)
        if own is not None and status == 404:
            with self.lock:
                self.failed.setdefault(int(own[1]), Counter())[kind] += 1


class _Handler(BaseHTTPRequestHandler):
    server: PageServer

    def do_GET(self) -> None:  # the stdlib calls it by this name
        status, kind, body = self._answer()
        self.server.asked(self.path, self.headers.get("referer", ""), self._kind(), status)
        self.send_response(status)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _kind(self) -> str:
        """What the browser asked for, by its Accept header (Chromium's differs per resource type)."""
        accept = self.headers.get("accept", "")
        if accept.startswith("text/css") or unquote(self.path).split("?")[0].endswith(".css"):
            return "stylesheet"
        if accept.startswith("image/"):
            return "image"
        return "other"

    def _answer(self) -> tuple[int, str, bytes]:
        if page := PAGE_PATH.fullmatch(self.path.split("?")[0]):
            return 200, "text/html; charset=utf-8", self.server.document(int(page[1]))
        if not self.server.served:
            return 404, "text/plain", b"not served"
        kind = self._kind()
        if kind == "stylesheet":
            return 200, "text/css", b""
        if kind == "image":
            return 200, "image/png", PNG
        return 200, "text/javascript", b""

    def log_message(self, *args: object) -> None:
        pass


@dataclass(frozen=True)
class Captured:
    codes: set[str]  # the warnings raised
    one_colour: bool  # the PNG itself, every pixel alike: the pixels' own truth for blank (an anti-flicker
    # snippet whose script never came keeps a whole page at opacity 0: blank, however much text it holds)


def capture(client: httpx.Client, url: str) -> Captured | None:
    answer = client.post("/api/screenshot", json={"url": url, "fullPage": True, "timeoutMs": 30000,
                                                  "bestAttempt": True})
    if answer.status_code != 200:
        return None
    with Image.open(io.BytesIO(answer.content)) as image:
        extrema: list[tuple[int, int]] = list(image.convert("RGB").getextrema())  # type: ignore[arg-type]
    codes = {code for code in answer.headers.get("x-capture-warnings", "").split(",") if code}
    return Captured(codes, all(low == high for low, high in extrema))


def judge(pages: list[Page], captured: list[Captured | None],
          failed: dict[int, Counter[str]]) -> dict[str, Counter[str]]:
    table: dict[str, Counter[str]] = {code: Counter() for code in CODES}
    for n, (page, seen) in enumerate(zip(pages, captured, strict=True)):
        if seen is None:
            continue
        codes = seen.codes
        wanted_codes = expected(truth(page.html.decode("utf-8", "replace")), failed.get(n, Counter()))
        wanted_codes["blank"] = seen.one_colour
        if seen.one_colour:  # a page that shows nothing shows no broken image either
            wanted_codes["images_incomplete"] = None
        for code, wanted in wanted_codes.items():
            if wanted is not None:
                table[code][("T" if (code in codes) == wanted else "F") + ("P" if code in codes else "N")] += 1
    return table


def report(run: str, table: dict[str, Counter[str]]) -> None:
    print(f"\n{run}: code                 TP   FP   FN   TN   precision  recall")
    for code, c in table.items():
        precision = c["TP"] / (c["TP"] + c["FP"]) if c["TP"] + c["FP"] else float("nan")
        recall = c["TP"] / (c["TP"] + c["FN"]) if c["TP"] + c["FN"] else float("nan")
        print(f"  {code:20} {c['TP']:4} {c['FP']:4} {c['FN']:4} {c['TN']:4}   {precision:8.3f}  {recall:6.3f}")


def main() -> None:
    from benchmarks.service import start

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readability", type=Path)
    parser.add_argument("--zyte", type=Path)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--runs", nargs="+", default=["bare", "served"], choices=["bare", "served"])
    args = parser.parse_args()
    pages = load(args.readability, args.zyte, args.limit)
    print(f"{len(pages)} pages; languages: {Counter(p.lang for p in pages).most_common()}")
    server = PageServer(pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    service = start(server.server_address[1], pool_size=2)
    try:
        with httpx.Client(base_url=service.url, headers={"x-api-key": service.key}, timeout=120) as client:
            for run in args.runs:
                server.served, server.failed = run == "served", {}
                started = time.monotonic()
                with ThreadPoolExecutor(2) as workers:
                    answers = list(workers.map(lambda n: capture(client, f"{server.base}/p/{n}/"), range(len(pages))))
                print(f"\n{run}: {sum(a is not None for a in answers)} of {len(pages)} captured in "
                      f"{time.monotonic() - started:.0f} s")
                report(run, judge(pages, answers, server.failed))
                for n, (page, seen) in enumerate(zip(pages, answers, strict=True)):
                    t, log = truth(page.html.decode("utf-8", "replace")), server.failed.get(n, Counter())
                    print(f"    {page.name:34} {page.lang:3} img={t.images:3}/{log['image']:<3} "
                          f"css={t.stylesheets:2}/{log['stylesheet']:<2} "
                          f"tofu={len(t.uncovered):2} one-colour={int(seen.one_colour) if seen else '-'} "
                          f"raised={sorted(seen.codes) if seen is not None else 'FAILED'}")
    finally:
        service.stop()
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
