"""Checks of the vendor set that need no browser: every reference a page makes stays on its own server.

A reference is an attribute that the browser fetches or navigates (src, href, srcset, action, poster, data,
formaction, background, xlink:href), a CSS url() or @import (in a style attribute, a <style> element or a
copied stylesheet), or an address written in a script that the page runs (inline). A reference fails when it
is absolute (a scheme other than data: or about:, or a protocol-relative `//`) or names an IP literal.

Copied libraries' scripts are not read here: they hold addresses of services that they load only on
consent, which the pages never give; the browser test holds that no request leaves the loopback server.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

URL_ATTRIBUTES = {"src", "href", "srcset", "action", "poster", "data", "formaction", "background", "xlink:href",
                  "ping", "manifest", "cite", "longdesc", "imagesrcset"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]*)|@import\s+(?:url\()?\s*['"]?([^'");\s]+)""", re.I)
SCRIPT_URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}|https?://|\b\d{1,3}(?:\.\d{1,3}){3}\b""")
IP = re.compile(r"^\[?[0-9a-f:.]*\d[0-9a-f:.]*\]?$", re.I)


def bad_reference(value: str) -> bool:
    """An address that would leave the page's own server."""
    for part in re.split(r",\s*", value.strip()):  # srcset: "a.png 1x, b.png 2x"
        address = part.strip().split(" ")[0] if part.strip() else ""
        if not address or address.startswith("#"):
            continue
        if address.startswith("//") or address.startswith("\\\\"):
            return True
        scheme = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):", address)
        if scheme and scheme.group(1).lower() not in ("data", "about", "javascript", "mailto", "blob"):
            return True
        host = address.split("/")[0]
        if IP.match(host) and "." in host:
            return True
    return False


def css_references(css: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in CSS_URL.finditer(css) if (m.group(1) or m.group(2))]


class _Scan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in: str | None = None
        self._script_runs = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name.lower() in URL_ATTRIBUTES and bad_reference(value):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name.lower() == "style":
                self.found += [f"<{tag} style url({u})>" for u in css_references(value) if bad_reference(u)]
            if name.lower().startswith("on") and SCRIPT_URL.search(value):
                self.found.append(f"<{tag} {name}> names an address")
        if tag in ("style", "script"):
            kind = dict(attrs).get("type") or "text/javascript"
            self._in = tag
            self._script_runs = tag == "style" or "javascript" in kind or kind == "module"

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.found += [f"<style> url({u})" for u in css_references(data) if bad_reference(u)]
        elif self._in == "script" and self._script_runs:
            self.found += [f"<script> {m.group(0)}" for m in SCRIPT_URL.finditer(data)]


def internet_references(path: Path) -> list[str]:
    """What in this file (a page, a creative, a stylesheet) would reach beyond the page's own server."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".css":
        return [f"url({u})" for u in css_references(text) if bad_reference(u)]
    if path.suffix == ".svg":
        text = re.sub(r'\sxmlns(:\w+)?="[^"]*"', "", text)  # a namespace name is never fetched
    scan = _Scan()
    scan.feed(text)
    scan.close()
    return scan.found


def every_file(pages: Path) -> list[Path]:
    """The pages, the creatives and every copied stylesheet."""
    return sorted([*pages.glob("*.html"), *(pages / "creatives").glob("*"), *(pages / "lib").rglob("*.css")])
