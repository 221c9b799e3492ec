"""Families of overlays and look-alikes, not fixtures (issue 54): each page of a family is drawn at random from
its variants (the language of its words, its colours, its place, its controls), so that no single page can be
memorised and a family is learned as a family.

The overlays' words come from engine/browser/overlay-words.json (69 languages): a notice is written from the
language's own banner vocabulary, as a banner in that language would hold it; the article under it stays in
one of the corpus's eight languages (tests/overlays/texts.py).

Overlays: consent notices in the page's flow at the top or the end of the body (a button, an "OK" link, or no
control at all), fixed notices with only "×" or nothing, full-viewport containers whose message is a frame,
modals that lock the page's scrolling (consent, or an offer), push-permission cards, proactive chat invitations
over a dimmed page.
Look-alikes that must stay: an editor's fixed toolbar (`role=toolbar`), a chat launcher, a media player's
control bar, a recipe's sticky jump bar (cookies the biscuit), an opened image lightbox, a login modal the page
opened on purpose, a share and print bar, a site footer whose links speak of privacy and cookies, a shop's own
sale strip in the flow (a countdown and an offer, no close).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.overlays.build_corpus import Page

WORDS_PATH = Path(__file__).resolve().parents[2] / "engine" / "browser" / "overlay-words.json"
COLOURS = ("#fde2f3", "#1f2937", "#fef3c7", "#ffffff", "#0b5394", "#e8f5e9")


@functools.cache
def _languages() -> dict[str, dict[str, Any]]:
    languages: dict[str, dict[str, Any]] = json.loads(WORDS_PATH.read_text())["languages"]
    return languages


def voice(p: Page) -> dict[str, Any]:
    """The words of one language, drawn for this page."""
    tag = p.rng.choice(sorted(_languages()))
    return _languages()[tag] | {"tag": tag}


def said(p: Page, words: dict[str, Any], category: str, n: int) -> str:
    """`n` of the language's words of `category`, strung as a notice holds them."""
    picked = p.rng.sample(words[category], min(n, len(words[category])))
    return " · ".join(picked)


def _colour(p: Page) -> str:
    return p.rng.choice(COLOURS)


def consent_inflow(p: Page, where: str) -> None:
    """A consent notice in the page's flow, first or last in the body, its control a button, a link, or none."""
    w = voice(p)
    control = p.rng.choice([
        f"<button>{p.rng.choice(w['accept'])}</button>", f'<a href="#">{p.rng.choice(w["accept"])}</a>',
        '<a href="#">OK</a>', ""])
    bar = (f'<div class="{p.name(p.rng.choice(["notice", "info-bar", "site-msg", "cookie-info"]))}" '
           f'{p.label("cookieBanners")} lang="{w["tag"]}" style="background:{_colour(p)};color:#111;padding:'
           f'{p.rng.choice([8, 12, 18])}px 24px;font-size:{p.rng.choice([12, 13, 15])}px;border:1px solid #999">'
           f'{said(p, w, "consent", 3)}. {said(p, w, "consent", 2)}. {control}</div>')
    p.body.insert(0, bar) if where == "top" else p.body.append(bar)


def consent_fixed_bare(p: Page) -> None:
    """A fixed consent notice whose only control is "×", an "OK" link, or nothing."""
    w = voice(p)
    place = p.rng.choice(["bottom:0;left:0;right:0", "top:0;left:0;right:0", "bottom:16px;left:16px;width:360px",
                          "bottom:16px;right:16px;width:320px"])
    control = p.rng.choice(["<button aria-label='x'>×</button>", '<a href="#">OK</a>', "", "<span>✕</span>"])
    p.body.append(f'<div class="{p.name(p.rng.choice(["note", "cookie-note", "privacy-msg", "bar"]))}" '
                  f'{p.label("cookieBanners")} lang="{w["tag"]}" style="position:fixed;{place};z-index:'
                  f'{p.rng.choice([50, 999, 100000])};background:{_colour(p)};color:#222;padding:14px;font-size:13px">'
                  f'{said(p, w, "consent", 2)}. {said(p, w, "consent", 2)}. {control}</div>')


def frame_wall(p: Page) -> None:
    """A full-viewport fixed container whose message is a frame (srcdoc, or the site's own page)."""
    w = voice(p)
    p.lock = p.rng.random() < 0.6
    inner = (f"<body style='margin:0;font:15px sans-serif;background:#fff;padding:24px'><h2>"
             f"{p.rng.choice(w['consent'])}</h2><p>{said(p, w, 'consent', 4)}.</p><button>"
             f"{p.rng.choice(w['accept'])}</button> <button>{p.rng.choice(w['reject'])}</button></body>")
    ids = ["sp_message_container_1", "consent-wall", "cmp-container", "privacy-frame-host", "gate"]
    p.body.append(f'<div id="{p.name(p.rng.choice(ids))}" {p.label("cookieBanners")} style="position:fixed;inset:0;'
                  f'z-index:2147483640;background:rgba(0,0,0,{p.rng.choice([0.4, 0.6, 0.8])});display:flex;'
                  f'align-items:center;justify-content:center"><iframe title="{p.rng.choice(w["consent"])}" '
                  f'srcdoc="{inner.replace(chr(34), "&quot;")}" style="width:{p.rng.choice([520, 640, 760])}px;'
                  f'height:{p.rng.choice([360, 420])}px;border:0"></iframe></div>')


def locking_modal(p: Page, kind: str) -> None:
    """A modal over a dimmed backdrop that switches the page's scrolling off: consent, or an offer."""
    w = voice(p)
    p.lock = True
    words = "consent" if kind == "cookieBanners" else "offer"
    field = "" if kind == "cookieBanners" or p.rng.random() < 0.4 else "<input type=email placeholder='@'>"
    p.body.append(f'<div class="{p.name(p.rng.choice(["modal-root", "layer", "box-wrap", "m"]))}" {p.label(kind)} '
                  f'lang="{w["tag"]}" style="position:fixed;inset:0;z-index:{p.rng.choice([1000, 99999])};'
                  f'background:rgba(0,0,0,.{p.rng.choice([4, 5, 7])});display:flex;align-items:center;'
                  f'justify-content:center"><div role="{p.rng.choice(["dialog", "document", "group"])}" '
                  f'style="background:{_colour(p)};color:#222;width:{p.rng.choice([420, 520, 600])}px;padding:26px">'
                  f'<h2>{p.rng.choice(w[words])}</h2><p>{said(p, w, words, 3)}.</p>{field}<button>'
                  f'{p.rng.choice(w["accept"] if words == "consent" else w["offer"])}</button> <button>'
                  f'{p.rng.choice(w["close"])}</button></div></div>')


def push_card(p: Page) -> None:
    """A card asking to allow notifications: "Allow" and "Later"."""
    w = voice(p)
    p.body.append(f'<div class="{p.name("push-ask")}" {p.label("popups")} lang="{w["tag"]}" style="position:fixed;'
                  f'top:12px;left:50%;transform:translateX(-50%);width:420px;background:#fff;box-shadow:0 4px 20px '
                  f'#0005;padding:18px;z-index:99999">🔔 {said(p, w, "offer", 2)}<br><button>'
                  f'{p.rng.choice(w["accept"])}</button> <button>{p.rng.choice(w["close"])}</button></div>')


def chat_invitation(p: Page) -> None:
    """A proactive chat's invitation the reader did not open, over a dimmed backdrop: an agent's greeting, a box to
    type in, "no thanks" and "start a chat" (set28; the site's own chat panel, opened, has no backdrop and stays)."""
    w = voice(p)
    greeting = p.rng.choice(_chat_words())
    field = p.rng.choice(["<textarea placeholder='…'></textarea>", "<input type=text placeholder='…'>", ""])
    p.lock = p.rng.random() < 0.3
    p.body.append(f'<div class="{p.name(p.rng.choice(["chat-invitation", "proactive-chat", "pc-layer", "invite"]))}" '
                  f'{p.label("popups")} role="{p.rng.choice(["dialog", "group"])}" style="position:fixed;inset:0;'
                  f'z-index:{p.rng.choice([9999, 2147483000])};background:rgba(0,0,0,.{p.rng.choice([35, 5, 6])});'
                  f'display:flex;align-items:{p.rng.choice(["center", "flex-end"])};justify-content:center">'
                  f'<div style="background:{_colour(p)};color:#222;width:{p.rng.choice([340, 400, 460])}px;'
                  f'padding:20px;border-radius:12px"><b>{p.rng.choice(["Anna", "Mika", "Li", "Sara"])}</b> '
                  f'<small>online</small><p>{greeting}?</p>{field}<button>{p.rng.choice(w["close"])}</button> '
                  f'<button>{greeting}</button></div></div>')


@functools.cache
def _chat_words() -> tuple[str, ...]:
    words: list[str] = json.loads(WORDS_PATH.read_text())["chatWords"]["words"]
    return tuple(words)


# ---- look-alikes that must stay --------------------------------------------------------------------------------

def editor_toolbar(p: Page) -> None:
    w = voice(p)
    edge = p.rng.choice(["top:0", "bottom:0"])
    tools = "".join(f"<button>{b}</button>" for b in ("B", "I", "U", "🔗", "≡", "Save"))
    p.body.append(f'<div role="toolbar" aria-label="Formatting" class="{p.name("editor-toolbar")}" {p.label(None)} '
                  f'style="position:fixed;{edge};left:0;right:0;height:44px;background:#f3f4f6;z-index:'
                  f'{p.rng.choice([10, 1000])};display:flex;gap:6px;padding:6px">{tools}<button>'
                  f'{p.rng.choice(w["close"])}</button></div><div contenteditable="true" style="min-height:80px">'
                  '</div>')


def chat_launcher(p: Page) -> None:
    side = p.rng.choice(["right", "left"])
    p.body.append(f'<button class="{p.name(p.rng.choice(["chat-launcher", "support-bubble", "help-btn"]))}" '
                  f'{p.label(None)} aria-label="{p.t["chat"]}" style="position:fixed;bottom:20px;{side}:20px;'
                  f'width:{p.rng.choice([56, 64])}px;height:{p.rng.choice([56, 64])}px;border-radius:32px;border:0;'
                  f'background:{_colour(p)};z-index:2147483000">{p.rng.choice(["💬", "?", ""])}</button>')


def media_controls(p: Page) -> None:
    w = voice(p)
    p.body.append(f'<div class="{p.name("player-controls")}" {p.label(None)} style="position:fixed;bottom:0;left:0;'
                  f'right:0;height:56px;background:#111;color:#eee;z-index:500;display:flex;gap:10px;'
                  f'align-items:center;padding:0 16px"><button aria-label="play">▶</button><button aria-label='
                  f'"pause">⏸</button><input type="range" aria-label="volume"><span>03:12 / 45:00</span>'
                  f'<button>{p.rng.choice(w["close"])}</button></div>')


def jump_bar(p: Page) -> None:
    """A recipe's sticky bar: cookies the biscuit, print and share."""
    dish = p.rng.choice(["Chocolate chip cookies", "Oatmeal cookies", "Ginger cookies"])
    p.body.insert(1, f'<div class="{p.name("cookie-recipe-bar")}" {p.label(None)} style="position:sticky;top:0;'
                     f'background:#fff7ed;z-index:20;padding:10px 20px">{dish}'
                     f' · <a href="#recipe">Jump to recipe</a> · <a href="#print">Print</a> · '
                     f'<a href="#share">Share</a></div>')


def lightbox(p: Page) -> None:
    w = voice(p)
    p.body.append(f'<div class="{p.name("lightbox")}" role="dialog" aria-label="photo" {p.label(None)} '
                  f'style="position:fixed;top:10%;left:25%;width:50%;height:70%;background:#000;z-index:3000">'
                  f'<div style="background:#345;height:85%"></div><button>{p.rng.choice(w["close"])}</button>'
                  f'<span style="color:#ccc">1 / 12</span></div>')


def login_modal(p: Page) -> None:
    t = p.t
    p.body.append(f'<div class="{p.name("signin-modal")}" role="dialog" aria-modal="true" {p.label(None)} '
                  f'style="position:fixed;top:20%;left:35%;width:30%;background:#fff;padding:24px;z-index:900;'
                  f'box-shadow:0 0 0 100vmax #0006"><h2>{t["signin"]}</h2><input type="text"><input '
                  f'type="password" placeholder="{t["password"]}"><button>{t["login"]}</button>'
                  f'<a href="#">{t["forgot"]}</a></div>')


def share_bar(p: Page) -> None:
    p.body.append(f'<div class="{p.name("share-tools")}" {p.label(None)} style="position:fixed;top:30%;left:0;'
                  f'width:48px;background:#eee;z-index:100;display:flex;flex-direction:column">'
                  + "".join(f'<a href="#{k}" aria-label="{k}">{g}</a>' for k, g in
                            (("print", "🖨"), ("mail", "✉"), ("share", "⤴"), ("copy", "⧉")))
                  + "</div>")


def sale_strip(p: Page) -> None:
    """A shop's or a newspaper's own sale strip in the page's flow, first or last in the body: its offer, a running
    countdown and a link, and no way to close it; part of the page like its header (set28's 14 false removals)."""
    w = voice(p)
    clock = f"{p.rng.randint(0, 47):02d}:{p.rng.randint(0, 59):02d}:{p.rng.randint(0, 59):02d}"
    strip = (f'<div class="{p.name(p.rng.choice(["promo-countdown", "sale-strip", "announcement", "top-strip"]))}" '
             f'{p.label(None)} lang="{w["tag"]}" style="background:{_colour(p)};padding:{p.rng.choice([6, 8, 10])}px '
             f'16px;text-align:center;font-size:{p.rng.choice([13, 14, 15])}px">{said(p, w, "offer", 2)} '
             f'<b>{clock}</b> · <a href="#sale">{p.rng.choice(w["offer"])}</a></div>')
    p.body.insert(0, strip) if p.rng.random() < 0.75 else p.body.append(strip)


def privacy_footer(p: Page) -> None:
    """The site's own footer at the end of the body, its links about privacy and cookies."""
    w = voice(p)
    links = " · ".join(f'<a href="#{i}">{word}</a>' for i, word in enumerate(p.rng.sample(w["consent"], 3)))
    p.body.append(f'<footer class="{p.name("site-footer")}" {p.label(None)} style="background:#222;color:#ddd;'
                  f'padding:20px">© 2026 · {links} · <a href="#c">{p.t["contact"]}</a></footer>')


FAMILY_POSITIVES: dict[str, Callable[[Page], None]] = {
    "family-consent-inflow-top": lambda p: consent_inflow(p, "top"),
    "family-consent-inflow-bottom": lambda p: consent_inflow(p, "bottom"),
    "family-consent-fixed-bare": consent_fixed_bare,
    "family-frame-wall": frame_wall,
    "family-locking-consent": lambda p: locking_modal(p, "cookieBanners"),
    "family-locking-offer": lambda p: locking_modal(p, "popups"),
    "family-push-card": push_card,
    "family-chat-invitation": chat_invitation,
}
FAMILY_NEGATIVES: dict[str, Callable[[Page], None]] = {
    "family-editor-toolbar": editor_toolbar,
    "family-chat-launcher": chat_launcher,
    "family-media-controls": media_controls,
    "family-jump-bar": jump_bar,
    "family-lightbox": lightbox,
    "family-login-modal": login_modal,
    "family-share-bar": share_bar,
    "family-privacy-footer": privacy_footer,
    "family-sale-strip": sale_strip,
}
