"""`format: markdown`: the rendered page's main content as CommonMark, for language models.

The page's DOM after its scripts ran, every link and image made absolute in the page itself (the browser resolves
them against the document's base), goes to readability-lxml, which keeps the main content (no navigation,
footers or asides), and markdownify writes that as Markdown: `#` headings, `-` bullets, inline links, images
as `![alt](url)`. Chosen over trafilatura by benchmarks/markdown.py on Zyte's article-extraction benchmark (181
news pages): F1 0.942 against 0.936 over 4-token shingles, at 24 ms against 15 ms a page (p50); and
trafilatura drops an image whose URL does not end in a picture's extension (an SVG, a resized image behind a
query), where the issue asks for every image as a link. A page with no main content to find comes out as its
title.

The extraction runs in a process of its own (`python -m engine.browser.markdown`, kept between captures, at
most two at once), not in a thread: a thread cannot be stopped, and a 16 MB DOM held readability for 56 s and
1.4 GB. The process is killed at the capture's deadline, lives under an address-space limit, is given at most
MAX_DOM_CHARS of the DOM (issue 52), and runs as Chromium's unprivileged user without the service's
environment: it parses what a stranger's page made.
"""

from __future__ import annotations

import logging
import re
import resource
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import trio

from engine.browser.browser_user import BrowserAccount, browser_environment
from engine.rules.errors import RenderFailed

MAX_DOM_CHARS = 5 * 1024 * 1024  # of the serialised DOM handed over; the rest is cut (issue 52)
# Links and images absolute, data: images (inline bytes), scripts and styles (never Markdown) gone: then the DOM
# as HTML, at most MAX_DOM_CHARS of it.
# Called with whether the document has no address of its own (an `html` capture's): then its relative links stay
# as written, unless a <base> gives them one.
ABSOLUTE_DOM = """((addressless) => {
  const own = !addressless || document.querySelector('base[href]') !== null;
  for (const a of document.querySelectorAll('a[href]')) if (own) a.setAttribute('href', a.href);
  for (const img of document.querySelectorAll('img')) {
    const src = img.currentSrc || img.src;
    if (!src || src.startsWith('data:')) img.remove(); else if (own) img.setAttribute('src', src);
  }
  for (const el of document.querySelectorAll('script, style, noscript, template')) el.remove();
  return [document.title, ('<!DOCTYPE html>' + document.documentElement.outerHTML).slice(0, MAX_DOM_CHARS)];
})""".replace("MAX_DOM_CHARS", str(MAX_DOM_CHARS))


LIST_LINK_DENSITY = 0.2  # a bulleted list in the main content kept whole when at most this share of it is links


def markdown(html: str, url: str | None, title: str) -> str:
    """The main content of `html` as Markdown; its title as a heading when there is none to find."""
    from markdownify import markdownify  # loaded at the first Markdown: 28 MB with lxml and Beautiful Soup
    from readability import Document  # type: ignore[import-untyped]

    class KeepingLists(Document):  # type: ignore[misc]
        """readability drops a `<ul>` of under 25 characters (min_text_length) from the main content, as it drops
        a short `<div>`: a list of two short items went missing (API.md promises `-` bullets). A list that is
        mostly text stays; one that is mostly links is judged as readability judges it (a menu, a share bar)."""

        def get_preserved_elements(self, node: Any) -> dict[Any, bool]:
            kept: dict[Any, bool] = super().get_preserved_elements(node)
            kept.update({element: True for element in self.tags(node, "ul")
                         if self.get_link_density(element) <= LIST_LINK_DENSITY})
            return kept

    document = KeepingLists(html, url=url)
    body = str(markdownify(document.summary(html_partial=True), heading_style="ATX", bullets="-",
                           strip=["script", "style"])).strip()
    heading = (document.short_title() or title).strip()
    if heading and not body.startswith("#"):
        body = f"# {heading}\n\n{body}" if body else f"# {heading}"
    return re.sub(r"\n{3,}", "\n\n", body) + "\n" if body else ""


# ------------------------------------------------------------------ the extractor: a process the deadline can stop
EXTRACTOR_MEMORY = 1024 * 1024 * 1024  # RLIMIT_AS of an extractor process: lxml's tree of a 5 MB DOM is ~300 MB
KILL_WAIT_S = 5.0  # a killed extractor reaped within this
EXTRACTORS = trio.CapacityLimiter(2)  # extractions at once, the service's together: one core each
log = logging.getLogger("capture.markdown")
_idle: list[trio.Process] = []
_account: BrowserAccount | None = None
_FRAME = struct.Struct(">I")
ROOT = Path(__file__).resolve().parents[2]  # where `engine` is found by the extractor's `python -m`


async def extract(html: str, url: str | None, title: str) -> str:
    """`markdown(html, url, title)` in an extractor process, stopped (killed) when the caller's deadline passes;
    at most MAX_DOM_CHARS of `html`. A process that answered is kept for the next one."""
    request = orjson.dumps({"html": html[:MAX_DOM_CHARS], "url": url, "title": title})
    async with EXTRACTORS:
        process = _idle.pop() if _idle else await _started()
        try:
            assert process.stdin is not None
            assert process.stdout is not None
            await process.stdin.send_all(_FRAME.pack(len(request)) + request)
            answer = orjson.loads(await _frame(process.stdout))
        except BaseException:
            process.kill()  # mid-way through a page: never handed out again
            with trio.move_on_after(KILL_WAIT_S, shield=True):  # SIGKILL: at once; bounded all the same
                await process.wait()
            raise
        _idle.append(process)
    if "error" in answer:
        raise RenderFailed(f"the markdown extraction failed: {answer['error']}")
    return str(answer["markdown"])


def run_extractors_as(account: BrowserAccount | None) -> None:
    """The user the extractors run as: Chromium's unprivileged one where the service may switch users (they
    parse what a stranger's page made, as the renderer does), else the service's own."""
    global _account
    _account = account


async def _started() -> trio.Process:
    global _account

    def limited() -> None:  # in the child, after its switch to the account, before Python starts
        resource.setrlimit(resource.RLIMIT_AS, (EXTRACTOR_MEMORY, EXTRACTOR_MEMORY))
    while True:
        switch: dict[str, Any] = {} if _account is None else {
            "user": _account.uid, "group": _account.gid, "extra_groups": []}
        try:  # never the service's environment (CAPTURE_* settings, payload keys among them)
            return await trio.lowlevel.open_process(
                [sys.executable, "-m", "engine.browser.markdown"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                preexec_fn=limited, cwd=ROOT, env=browser_environment(None), **switch)
        except PermissionError as exc:
            if not switch:  # not the account's: it was the service's own user that could not
                raise
            if _account is None:  # another extractor, started beside this one, found it out first
                continue
            # an interpreter the account cannot run (a Python installed under /root): the service's own user,
            # still without its environment; a system install (Debian's python3) runs it as the account
            log.warning("markdown extraction runs as the service's user: %s cannot run %s (%s)", _account.name,
                        sys.executable, exc)
            _account = None


async def _frame(stream: trio.abc.ReceiveStream) -> bytes:
    data = b""
    while len(data) < _FRAME.size or len(data) < _FRAME.size + _FRAME.unpack_from(data)[0]:
        chunk = await stream.receive_some(1 << 20)
        if not chunk:
            raise RenderFailed("the markdown extractor ended without an answer (over its memory?)")
        data += chunk
    return data[_FRAME.size:]


def _serve() -> None:
    """An extractor process: framed requests on stdin, framed answers on stdout, until stdin closes."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while header := stdin.read(_FRAME.size):
        asked = orjson.loads(stdin.read(_FRAME.unpack(header)[0]))
        try:
            answer = {"markdown": markdown(asked["html"], asked["url"], asked["title"])}
        except MemoryError:
            answer = {"error": f"over the extractor's {EXTRACTOR_MEMORY >> 20} MB"}
        except Exception as exc:  # a page the libraries cannot read: said, and the process serves on
            answer = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        body = orjson.dumps(answer)
        stdout.write(_FRAME.pack(len(body)) + body)
        stdout.flush()


if __name__ == "__main__":
    _serve()
