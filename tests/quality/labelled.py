"""The labelled quality set: at least ten pages for each warning code and fifty clean pages, each written by hand
from what such pages look like in the wild (vendors' challenge pages, lazy galleries, unloaded fonts, scripts no
installed font has), not from the checks in engine/browser/quality.py; served under /quality/<name>.

A page's label is the one warning it must raise; a clean page must raise none. `options` are the capture's
request fields beyond its URL (the page's shape needs them: a full page, a narrow viewport, domcontentloaded).
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from engine.rules.quality import WARNING_CODES
from tests.fixture_site import HTML, Answer, Handler, page, route

ICON_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # has a few private-use glyphs (U+F6C5…)
HELD = "/quality/held"  # answers only after HELD_S: an image, a font or a fetch still loading at capture time
HELD_S = 12
LOREM = ("Quality checks read the page before the capture and its pixels after it. A capture that looks right "
         "to the service but wrong to a person is the complaint heard most often. ")


@dataclass(frozen=True)
class Labelled:
    name: str
    code: str | None  # the warning it must raise; None: clean, no warning at all
    html: bytes
    options: dict[str, Any] = field(default_factory=dict)
    status: int = 200


def _article(title: str, paragraphs: int = 3, extra: str = "", lang: str = "en") -> str:
    body = "".join(f"<p>{LOREM}</p>" for _ in range(paragraphs))
    return f"<main lang='{lang}' style='padding:24px;font:16px/1.5 sans-serif'><h1>{title}</h1>{body}{extra}</main>"


def _doc(body: str, head: str = "", title: str = "A fixture page") -> bytes:
    return page(body, f"<title>{title}</title>{head}")


PAGES: list[Labelled] = []


def _add(name: str, code: str | None, html: bytes, *, status: int = 200, **options: Any) -> None:
    PAGES.append(Labelled(name, code, html, options, status))


# ------------------------------------------------------------------ missing_glyphs: scripts no installed font has
_UNCOVERED = {  # Unicode 14 and 15 scripts Debian 12's Noto fonts do not carry
    "vithkuqi": "𐕰𐕱𐕲𐕳𐕴𐕵 𐕶𐕷𐕸", "tangsa": "𖩰𖩱𖩲𖩳𖩴 𖩵𖩶", "cypro-minoan": "𒾐𒾑𒾒𒾓𒾔",
    "old-uyghur": "𐽰𐽱𐽲𐽳𐽴", "toto": "𞊐𞊑𞊒𞊓𞊔", "kawi": "𑼄𑼅𑼆𑼇𑼈", "nag-mundari": "𞓐𞓑𞓒𞓓𞓔",
    "khitan": "𘬀𘬁𘬂𘬃", "dives-akuru": "𑤀𑤁𑤂𑤃𑤄", "makasar": "𑻠𑻡𑻢𑻣𑻤",
}
_GLYPH_SHAPES: list[Callable[[str], str]] = [
    lambda t: _article("A heading", 1, f"<p>{t}</p>"),
    lambda t: f"<h1 style='font-family:serif'>{t}</h1>" + _article("Below", 1),
    lambda t: _article("A table", 1, f"<table border=1><tr><td>name</td><td>{t}</td></tr></table>"),
    lambda t: _article("A button", 1, f"<button>{t}</button>"),
    lambda t: _article("A list", 1, f"<ul><li>one</li><li>{t}</li></ul>"),
    lambda t: _article("A footer", 2) + f"<footer style='position:fixed;bottom:0'>{t}</footer>",
    lambda t: _article("Unknown family", 1, f"<p style=\"font-family:'No Such Font'\">{t}</p>"),
    lambda t: _article("Inline", 1, f"<p>The name <b>{t}</b> is written in its own script.</p>"),
    lambda t: f"<div style='font:40px monospace;padding:40px'>{t}</div>",
    lambda t: _article("A quote", 1, f"<blockquote lang='und'>{t}</blockquote>"),
]
for (script, text), shape in zip(_UNCOVERED.items(), _GLYPH_SHAPES, strict=True):
    _add(f"glyphs-{script}", "missing_glyphs", _doc(shape(text) + _article("More text", 2)))

# ... and private-use characters outside a loaded web font: an icon font that did not load (issue 53)
_ICONS = "<nav style='font:24px sans-serif;padding:20px'>" + "".join(
    f"<i class=fa>&#x{code};</i> {label} " for code, label in (("f015", "Home"), ("f002", "Search"), ("f07a", "Cart"),
                                                             ("f007", "Account"))) + "</nav>"
_add("glyphs-icon-font-404", "missing_glyphs", _doc(_ICONS + _article("Icons"), "<style>@font-face{font-family:"
     "FontAwesome;src:url('/quality/fontawesome-webfont.woff2') format('woff2')}.fa{font-family:FontAwesome}</style>"))
_add("glyphs-icon-font-cdn-down", "missing_glyphs", _doc(_ICONS + _article("Icons"), "<link rel=stylesheet "
     "href='https://cdn.cdn-down.invalid/font-awesome/4.7.0/css/font-awesome.min.css'><style>.fa{font-family:"
     "FontAwesome}</style>"))
_add("glyphs-private-use-bare", "missing_glyphs", _doc(_article("Symbols", 1, "<p>Status: &#xe001; &#xe002; "
     "&#xe003;</p>")))
# ... asked of the renderer, not predicted from fontconfig (issue 53): a loaded icon font that lacks the code point
# draws its box; a private-use character an installed font has (DejaVu's U+F6C5) is still a box unless the page
# names that font (Chromium takes no fallback font for private use)
_add("glyphs-icon-font-lacks-code-point", "missing_glyphs", _doc(_article("Icons", 2, "<p class=i style='font-size:"
     "32px'>&#xf6c5; Home &#xe0a1; Search</p>"), "<style>@font-face{font-family:SiteIcons;src:url('/quality/icon-font."
     "ttf')}.i{font-family:SiteIcons}</style>"))
_add("glyphs-private-use-an-installed-font-has", "missing_glyphs", _doc(_article("Symbols", 1, "<p>Rating: &#xf6c5; "
     "&#xf6c5; &#xf6c5;</p>")))

# ------------------------------------------------------------------ blank: nothing to see, whatever the DOM holds
_add("blank-empty-body", "blank", _doc(""))
_add("blank-whitespace", "blank", _doc("\n   \n<div>   </div>"))
_add("blank-white-on-white", "blank", _doc("<p style='color:#fff'>" + LOREM * 4 + "</p>"))
_add("blank-display-none", "blank", _doc("<main style='display:none'>" + _article("Hidden") + "</main>"))
_add("blank-visibility-hidden", "blank", _doc(_article("Invisible"), "<style>body{visibility:hidden}</style>"))
_add("blank-solid-colour", "blank", _doc("<div style='position:fixed;inset:0;background:#c0392b'></div>"))
_add("blank-offscreen", "blank", _doc("<div style='position:absolute;left:-9999px'>" + _article("Away") + "</div>"))
_add("blank-opacity", "blank", _doc("<div style='opacity:0'>" + _article("Transparent") + "</div>"))
_add("blank-below-fold", "blank", _doc("<div style='margin-top:3000px'>" + _article("Far below") + "</div>"))
_add("blank-dark-on-dark", "blank", _doc("<div style='position:fixed;inset:0;background:#111;color:#111'>"
                                         + _article("Dark") + "</div>"))
_add("blank-script-never-rendered", "blank", _doc("<div id=app></div><script>/* the app's bundle failed */</script>"))

# ------------------------------------------------------------------ images_incomplete: still loading at capture time
_held_img = f"{HELD}?kind=image"
_add("images-after-load", "images_incomplete", _doc(_article("Gallery", 1, "<div id=g></div>")
     + "<script>addEventListener('load', () => { const i = new Image(400, 300); "
       f"i.src = '{_held_img}&n=1'; document.getElementById('g').append(i); }});</script>"))
_add("images-domcontentloaded", "images_incomplete",
     _doc(_article("Hero", 1, f"<img width=600 height=300 src='{_held_img}&n=2'>")), waitUntil="domcontentloaded")
_add("images-picture", "images_incomplete", _doc(_article("Picture", 1, f"<picture><source srcset='{_held_img}&n=3'>"
     f"<img width=300 height=200 src='{_held_img}&n=3b'></picture>")), waitUntil="domcontentloaded")
_add("images-srcset", "images_incomplete", _doc(_article("Srcset", 1, f"<img width=320 height=200 "
     f"srcset='{_held_img}&n=4 1x, {_held_img}&n=4b 2x'>")), waitUntil="domcontentloaded")
_add("images-timer", "images_incomplete", _doc(_article("Timer", 1, "<div id=g></div>")
     + f"<script>setTimeout(() => {{ document.getElementById('g').innerHTML = \"<img width=200 height=200 "
       f"src='{_held_img}&n=5'>\"; }}, 0);</script>"), waitUntil="domcontentloaded")
_add("images-js-gallery", "images_incomplete", _doc(
     "<div id=g style='display:grid;grid-template-columns:repeat(3,1fr)'></div>"
     "<script>addEventListener('load', () => { for (let n = 0; n < 6; n++) { const i = new Image(200, 150); "
     f"i.src = '{_held_img}&n=6' + n; document.getElementById('g').append(i); }} }});</script>"))
_add("images-lazy-viewport-late", "images_incomplete", _doc(_article("Late lazy", 1, "<div id=g></div>")
     + "<script>addEventListener('load', () => { document.getElementById('g').innerHTML = "
       f"\"<img loading=lazy width=300 height=200 src='{_held_img}&n=7'>\"; }});</script>"))
_add("images-background-swap", "images_incomplete", _doc("<header style='height:200px;background:#eee'></header>"
     + _article("Swap", 1, f"<img width=400 height=250 src='data:image/gif;base64,R0lGODlhAQABAAAAACw=' "
       f"data-src='{_held_img}&n=8' id=s>")
     + "<script>addEventListener('load', () => { const s = document.getElementById('s'); s.src = s.dataset.src; });"
       "</script>"))
_add("images-figure", "images_incomplete", _doc(_article("Figure", 1, f"<figure><img width=500 height=280 "
     f"src='{_held_img}&n=9'><figcaption>A figure</figcaption></figure>")), waitUntil="domcontentloaded")
_add("images-avatar-list", "images_incomplete", _doc("<ul>" + "".join(
     f"<li><img width=48 height=48 src='{_held_img}&n=10{k}'> Person {k}</li>" for k in range(5)) + "</ul>"),
     waitUntil="domcontentloaded")

# ... or failed: an error answer, a refused or unreachable host (API.md of issue 53; a broken image used to pass)
_add("images-broken-404", "images_incomplete", _doc(_article("Broken", 2, "<img width=100 height=100 "
     "src='/quality/missing.png' alt='a missing picture'>")))
_add("images-broken-refused", "images_incomplete", _doc(_article("Refused", 2, "<img width=300 height=200 "
     "src='http://127.0.0.1:9/photo.jpg' alt='a photo'>")))
_add("images-broken-unresolvable", "images_incomplete", _doc(_article("CDN down", 2, "".join(
     f"<img width=200 height=120 src='https://img.cdn-down.invalid/{n}.webp' alt='picture {n}'>" for n in range(3)))))

# ------------------------------------------------------------------ stylesheets_failed: the page shows unstyled
_SHEET_SHAPES: list[tuple[str, str]] = [
    ("404", "<link rel=stylesheet href='/quality/missing.css'>"),
    ("500", "<link rel=stylesheet href='/egress/redirect?code=500&to=/x.css'>"),
    ("refused", "<link rel=stylesheet href='http://127.0.0.1:9/site.css'>"),
    ("https-refused", "<link rel=stylesheet href='https://127.0.0.1:9/site.css'>"),
    ("unresolvable", "<link rel=stylesheet href='https://static.cdn-down.invalid/main.css'>"),
    ("import-404", "<style>@import url('/quality/missing-import.css'); main{padding:8px}</style>"),
    ("two-of-three", "<link rel=stylesheet href='data:text/css,h1%7Bcolor:%23333%7D'>"
     "<link rel=stylesheet href='/quality/missing-a.css'><link rel=stylesheet href='/quality/missing-b.css'>"),
    ("print-media", "<link rel=stylesheet media=print href='/quality/missing-print.css'>"),
    ("script-inserted", "<script>document.addEventListener('DOMContentLoaded', () => { const l = "
     "document.createElement('link'); l.rel = 'stylesheet'; l.href = '/quality/missing-late.css'; "
     "document.head.append(l); });</script>"),
    ("framework-cdn", "<link rel=stylesheet href='https://cdn.cdn-down.invalid/npm/bootstrap@5.3/dist/css/"
     "bootstrap.min.css'>"),
]
for name, head in _SHEET_SHAPES:
    _add(f"sheets-{name}", "stylesheets_failed", _doc(_article("Unstyled"), head))

# ------------------------------------------------------------------ fonts_pending: a web font still loading
_FONT_SHAPES: list[tuple[str, str, dict[str, Any]]] = [
    ("face-after-load", "<script>addEventListener('load', () => { const f = new FontFace('Late', "
     f"'url({HELD}?kind=font&n=1)'); document.fonts.add(f); f.load().catch(() => {{}}); }});</script>", {}),
    ("css-swap", f"<style>@font-face{{font-family:Brand;src:url({HELD}?kind=font&n=2);font-display:swap}}"
     "h1{font-family:Brand,serif}</style>", {"waitUntil": "domcontentloaded"}),
    ("css-block", f"<style>@font-face{{font-family:Brand;src:url({HELD}?kind=font&n=3);font-display:block}}"
     "p{font-family:Brand,sans-serif}</style>", {"waitUntil": "domcontentloaded"}),
    ("css-fallback", f"<style>@font-face{{font-family:Body;src:url({HELD}?kind=font&n=4);font-display:fallback}}"
     "body{font-family:Body}</style>", {"waitUntil": "domcontentloaded"}),
    ("css-inserted-late", "<script>addEventListener('load', () => { const s = document.createElement('style'); "
     f"s.textContent = '@font-face{{font-family:Later;src:url({HELD}?kind=font&n=5)}} h1{{font-family:Later}}'; "
     "document.head.append(s); document.fonts.load('16px Later').catch(() => {}); });</script>", {}),
    ("fontface-timer", "<script>setTimeout(() => { const f = new FontFace('Timed', "
     f"'url({HELD}?kind=font&n=6)'); document.fonts.add(f); f.load().catch(() => {{}}); }}, 0);</script>",
     {"waitUntil": "domcontentloaded"}),
    ("icon-font", f"<style>@font-face{{font-family:Icons;src:url({HELD}?kind=font&n=7) format('woff2')}}"
     ".i{font-family:Icons}</style>", {"waitUntil": "domcontentloaded"}),
    ("two-faces", f"<style>@font-face{{font-family:Pair;src:url({HELD}?kind=font&n=8);font-weight:400}}"
     f"@font-face{{font-family:Pair;src:url({HELD}?kind=font&n=9);font-weight:700}}body{{font-family:Pair}}</style>",
     {"waitUntil": "domcontentloaded"}),
    ("unicode-range", f"<style>@font-face{{font-family:Ranged;src:url({HELD}?kind=font&n=10);"
     "unicode-range:U+0000-00FF}body{font-family:Ranged}</style>", {"waitUntil": "domcontentloaded"}),
    ("fonts-load-call", "<script>addEventListener('load', () => { const s = document.createElement('style'); "
     f"s.textContent = '@font-face{{font-family:Called;src:url({HELD}?kind=font&n=11)}}'; document.head.append(s); "
     "document.fonts.load('bold 20px Called').catch(() => {}); });</script>", {}),
]
for name, head, options in _FONT_SHAPES:
    _add(f"fonts-{name}", "fonts_pending", _doc(_article("Fonts") + "<span class=i>★</span>", head), **options)

# ------------------------------------------------------------------ challenge: a bot check instead of the site
_CF_SCRIPT = "<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a1b2c3d'></script>"
_add("challenge-cloudflare-wait", "challenge", _doc(
    "<div class=main-wrapper><h1 class=zone-name-title>shop.example</h1><h2 id=challenge-running>Verifying you are "
    "human. This may take a few seconds.</h2><div id=challenge-stage></div><noscript>Enable JavaScript and cookies "
    f"to continue</noscript></div>{_CF_SCRIPT}", title="Just a moment..."), status=403)
_add("challenge-cloudflare-turnstile", "challenge", _doc(
    "<main><h1>news.example</h1><p>Verify you are human by completing the action below.</p>"
    "<div class=cf-turnstile data-sitekey=0x4AAAAAAA></div><p>news.example needs to review the security of your "
    "connection before proceeding.</p></main>", title="Just a moment..."), status=403)
_add("challenge-cloudflare-blocked", "challenge", _doc(
    "<div id=cf-wrapper><div id=cf-error-details><h1>Sorry, you have been blocked</h1><h2>You are unable to access "
    "example.org</h2><h2>Why have I been blocked?</h2><p>This website is using a security service to protect itself "
    "from online attacks.</p><p>Cloudflare Ray ID: 8a1b2c3d4e5f</p></div></div>",
    title="Attention Required! | Cloudflare"), status=403)
_add("challenge-perimeterx", "challenge", _doc(
    "<div class=px-container><h1>Before we continue...</h1><p>Press & Hold to confirm you are a human (and not a "
    "bot).</p><div id=px-captcha></div><p>Reference ID 3f1c9e2a</p></div>",
    title="Access to this page has been denied"), status=403)
_add("challenge-datadome", "challenge", _doc(
    "<iframe src='https://geo.captcha-delivery.com.invalid/captcha/?initialCid=AHrlqA&cid=x&t=fe' width=100% "
    "height=500 style='border:0'></iframe><script>var dd={'rt':'c','cid':'AHrlqAAAAAMA','hsh':'2211F5'}</script>",
    title="example.fr"), status=403)
_add("challenge-imperva", "challenge", _doc(
    "<iframe id=main-iframe src='/_Incapsula_Resource?SWUDNSAI=31&xinfo=10-1' frameborder=0 width=100% "
    "height=100%>Request unsuccessful. Incapsula incident ID: 1234000560012345678-90123456789</iframe>",
    head="<meta name=ROBOTS content='NOINDEX, NOFOLLOW'>", title=""))
_add("challenge-akamai", "challenge", _doc(
    "<div id=sec-if-cpt-container><div class=behavioral-content><h1>Powered and protected by Privacy</h1><p>"
    "Checking your browser before you access the site.</p><div id=sec-cpt-if></div></div></div>",
    title="Security check"))
_add("challenge-aws-waf", "challenge", _doc(
    "<div id=captcha-container></div><noscript><h1>JavaScript is disabled</h1></noscript>"
    "<script>window.gokuProps = {\"key\":\"AQIDAHjcYu\",\"iv\":\"CgAHRzM\",\"context\":\"Yb0v\"};</script>",
    title="Human Verification"), status=405)
_add("challenge-google-sorry", "challenge", _doc(
    "<div style='margin:20px;font:13px arial'><div class=g-recaptcha data-sitekey=6LfwuyUT></div><hr><div>"
    "About this page<br><br>Our systems have detected unusual traffic from your computer network. This page checks "
    "to see if it's really you sending the requests, and not a robot.</div></div>", title="https://www.example.com/"),
    status=429)
_add("challenge-hcaptcha-bare", "challenge", _doc(
    "<main style='display:grid;place-items:center;height:90vh'><form><h2>One more step</h2><p>Please complete the "
    "security check to access forum.example</p><div class=h-captcha data-sitekey=10000000-ffff></div>"
    "<button>Continue</button></form></main>", title="forum.example"))
_add("challenge-ddos-guard", "challenge", _doc(
    "<div id=ddg-l7-captcha><h1>Checking your browser before accessing site.example</h1><p>This process is "
    "automatic. Your browser will redirect to your requested content shortly.</p><p>DDoS protection by DDoS-Guard"
    "</p></div>", title="DDoS-Guard"))
_add("challenge-sucuri", "challenge", _doc(
    "<div id=main-container><h1>Access Denied - Sucuri Website Firewall</h1><p>If you are the site owner, please "
    "contact us.</p><table><tr><td>Block reason:</td><td>Access from your area has been temporarily limited for "
    "security reasons.</td></tr></table></div>", title="Sucuri WebSite Firewall - Access Denied"), status=403)

# ------------------------------------------------------------------ overlay_remaining: something covers the view
_BACKDROP = "position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:1000;display:grid;place-items:center"
_OVERLAYS = [
    ("newsletter", f"<div class=newsletter-modal style='{_BACKDROP}'><div role=dialog aria-modal=true "
     "style='background:#fff;width:70vw;height:70vh;padding:30px'><h2>Join our newsletter</h2>"
     "<p>Subscribe and get 10% off your first order.</p><input type=email placeholder='you@example.com'>"
     "<button>Subscribe</button><button aria-label=close>×</button></div></div>"),
    ("cookie-wall", f"<div id=cookie-wall style='{_BACKDROP}'><div style='background:#fff;width:80vw;height:75vh;"
     "padding:30px'><h2>We value your privacy</h2><p>We and our partners use cookies to store and access personal "
     "data on your device for tracking and personalised ads.</p><button>Accept all</button><button>Reject all"
     "</button></div></div>"),
    ("cookie-fullscreen", "<div class=consent-layer style='position:fixed;inset:0;background:#fff;z-index:99999;"
     "padding:40px'><h2>Datenschutz-Einstellungen</h2><p>Wir verwenden Cookies und ähnliche Technologien, um "
     "personenbezogene Daten zu verarbeiten. Mit Zustimmung akzeptieren Sie das Tracking.</p><button>Alle "
     "akzeptieren</button><button>Ablehnen</button></div>"),
    ("paywall", f"<div class=paywall-overlay style='{_BACKDROP}'><div style='background:#fff;width:75vw;height:70vh;"
     "padding:30px'><h2>Keep reading with unlimited access</h2><p>Subscribe now: your first month is free. Premium "
     "subscription, cancel anytime.</p><button>Subscribe</button><a href='#'>No thanks</a></div></div>"),
    ("app-interstitial", "<div class=app-interstitial style='position:fixed;inset:0;background:#fafafa;z-index:5000;"
     "text-align:center;padding-top:20vh'><h2>Open in the app</h2><p>Get the app for a better experience. Download "
     "on the App Store or Google Play.</p><button>Open in app</button><button>Not now</button></div>"),
    ("ad-interstitial", f"<div id=ad-interstitial class=interstitial-ad style='{_BACKDROP}'><div style='background:"
     "#ddd;width:80vw;height:80vh'><small>Advertisement</small><div style='height:60vh;background:#e44'></div>"
     "<button>Close ad ×</button></div></div>"),
    ("dialog-element", "<dialog id=promo open style='position:fixed;inset:0;width:85vw;height:80vh;z-index:900;"
     "margin:auto'><h2>Special offer</h2><p>Sign up for our newsletter and receive a discount code today.</p>"
     "<input type=email><button>Sign up</button><button>No thanks</button></dialog>"
     f"<div style='{_BACKDROP};z-index:800'></div>"),
    ("chat-takeover", "<div class=chat-widget-fullscreen style='position:fixed;inset:0;z-index:2147483000;"
     "background:#fff;padding:30px'><h3>Hi! How can we help?</h3><p>Chat with our support team. Message us any "
     "time.</p><textarea></textarea><button>Start chat</button><button aria-label='close chat'>×</button></div>"),
    ("survey", f"<div class=survey-popup style='{_BACKDROP}'><div role=dialog style='background:#fff;width:72vw;"
     "height:72vh;padding:24px'><h2>Before you go…</h2><p>Subscribe to our newsletter for weekly deals and a 15% "
     "discount.</p><input type=email><button>Subscribe</button><button>×</button></div></div>"),
    ("region-popup", f"<div class=modal-overlay style='{_BACKDROP}'><div class=modal role=dialog aria-modal=true "
     "style='background:#fff;width:70vw;height:65vh;padding:24px'><h2>Welcome! Sign up and save</h2><p>Join our "
     "mailing list: exclusive offers, 20% off your first order.</p><input type=email placeholder=E-mail><button>"
     "Join</button><button>No, thanks</button></div></div>"),
]
for name, overlay in _OVERLAYS:
    _add(f"overlay-{name}", "overlay_remaining", _doc(_article("Behind the overlay", 6) + overlay))
# however it is built: no consent or newsletter wording, no backdrop, a fixed layer over most of the view (issue 53)
_add("overlay-age-gate", "overlay_remaining", _doc(_article("Wine of the month", 6) + "<div class=gate "
     "style='position:fixed;left:4%;top:4%;width:92%;height:92%;background:#2b1d14;color:#f5e6c8;z-index:50;"
     "display:grid;place-items:center'><div><p>Are you of legal drinking age?</p><button>Yes</button>"
     "<button>No</button></div></div>"))
_add("overlay-solid-panel", "overlay_remaining", _doc(_article("Under the panel", 6) + "<aside style='position:"
     "fixed;right:0;top:0;width:85vw;height:100vh;background:#fdfdfd;box-shadow:0 0 20px #0006;z-index:9'>"
     "<p style='padding:20px'>Menu</p></aside>"))

# ------------------------------------------------------------------ partial: taller than the pixel cap
_NARROW: dict[str, Any] = {"viewport": {"width": 320, "height": 480}, "fullPage": True}
_add("partial-long-article", "partial", _doc(_article("Long", 260)), **_NARROW)
_add("partial-tall-div", "partial", _doc("<div style='height:18000px;background:linear-gradient(#fff,#9cf)'>"
                                         "<h1>Tall</h1></div>"), **_NARROW)
_add("partial-list", "partial", _doc("<ol>" + "<li>an item of a very long list</li>" * 1200 + "</ol>"), **_NARROW)
_add("partial-table", "partial", _doc("<table>" + "<tr><td>a row</td><td>of a long table</td></tr>" * 800
                                      + "</table>"), **_NARROW)
_add("partial-images", "partial", _doc("".join(f"<div style='height:700px;background:hsl({k * 14},60%,70%)'>{k}"
                                               "</div>" for k in range(26))), **_NARROW)
_add("partial-scale-two", "partial", _doc("<div style='height:8800px'>" + _article("Twice", 2) + "</div>"),
     viewport={"width": 320, "height": 480, "deviceScaleFactor": 2}, fullPage=True)
_add("partial-margin", "partial", _doc("<p style='margin-bottom:17500px'>top</p><p>bottom</p>"), **_NARROW)
_add("partial-sections", "partial", _doc("".join(f"<section style='min-height:1200px'><h2>Section {k}</h2></section>"
                                                 for k in range(15))), **_NARROW)
_add("partial-padding", "partial", _doc("<main style='padding-bottom:17000px'>" + _article("Padded") + "</main>"),
     **_NARROW)
_add("partial-grid", "partial", _doc("<div style='display:grid;grid-auto-rows:600px'>" + "".join(
     f"<div>{k}</div>" for k in range(30)) + "</div>"), **_NARROW)

# ------------------------------------------------------------------ clean: fifty pages that must raise nothing
_IMAGE = "/quality/image"
_LANGS = [  # (lang, heading, a sentence): scripts the installed fonts carry
    ("de", "Über uns", "Wir verwenden Straßennamen, Umlaute und ß in jedem Absatz unserer Seite."),
    ("fr", "À propos", "Les pages déjà rendues gardent leurs accents : é, è, ê, ç et œ."),
    ("ja", "会社概要", "日本語のテキストは、ひらがな、カタカナ、漢字で書かれています。"),
    ("zh", "关于我们", "这是一个用简体中文写的段落，用来检查字体是否完整。"),
    ("ko", "회사 소개", "한국어 문장은 한글로 쓰여 있으며 모든 글자가 보여야 합니다."),
    ("th", "เกี่ยวกับเรา", "ภาษาไทยต้องแสดงผลได้ครบทุกตัวอักษรในหน้านี้"),
    ("ar", "من نحن", "هذه فقرة مكتوبة باللغة العربية لاختبار الخطوط."),
    ("he", "אודות", "זוהי פסקה בעברית כדי לבדוק שהגופנים מלאים."),
    ("hi", "हमारे बारे में", "यह अनुच्छेद हिंदी में लिखा गया है ताकि फ़ॉन्ट की जाँच हो सके।"),
    ("ru", "О нас", "Этот абзац написан по-русски, чтобы проверить шрифты."),
    ("el", "Σχετικά με εμάς", "Αυτή η παράγραφος είναι γραμμένη στα ελληνικά."),
    ("en", "Emoji 🎉", "Launch day 🚀 with coffee ☕ and a thumbs up 👍🏽 from the team 👩‍💻."),
    ("bn", "আমাদের সম্পর্কে", "এই অনুচ্ছেদটি বাংলায় লেখা হয়েছে।"),
    ("ta", "எங்களைப் பற்றி", "இந்த பத்தி தமிழில் எழுதப்பட்டுள்ளது."),
    ("ka", "ჩვენს შესახებ", "ეს აბზაცი ქართულად არის დაწერილი."),
    ("am", "ስለ እኛ", "ይህ አንቀጽ በአማርኛ የተጻፈ ነው።"),
    ("vi", "Giới thiệu", "Đoạn văn này được viết bằng tiếng Việt có dấu đầy đủ."),
    ("en", "Maths ∑", "The sum ∑ᵢ xᵢ² ≤ ∞, with α, β, γ and arrows → ⇒ ↔ in the text."),
]
for index, (lang, heading, sentence) in enumerate(_LANGS):
    _add(f"clean-lang-{index:02d}-{lang}", None, _doc(_article(heading, 2, f"<p>{sentence}</p>", lang)))

_add("clean-sticky-header", None, _doc("<header style='position:sticky;top:0;background:#234;color:#fff;padding:12px'>"
     "<nav><a href='#'>Home</a> <a href='#'>News</a></nav></header>" + _article("Sticky", 8)))
_add("clean-small-cookie-banner", None, _doc(_article("Banner", 4) + "<div id=cookie-notice style='position:fixed;"
     "bottom:0;left:0;right:0;background:#222;color:#fff;padding:10px'>We use cookies. <button>OK</button></div>"))
_add("clean-chat-bubble", None, _doc(_article("Bubble", 4) + "<div class=chat-launcher style='position:fixed;"
     "right:16px;bottom:16px;width:56px;height:56px;border-radius:50%;background:#36f'></div>"))
_add("clean-images", None, _doc(_article("Pictures", 1, "".join(
     f"<img width=160 height=120 src='{_IMAGE}?n={k}'>" for k in range(6)))))
_add("clean-lazy-below-fold", None, _doc(_article("Lazy", 2) + "<div style='height:2500px'></div>"
     f"<img loading=lazy width=300 height=200 src='{_IMAGE}?n=lazy'>"))
# a few lines of plain text are under 1 % of a large screen's pixels, and were called blank (issue 53)
_add("clean-three-lines", None, _doc("<p style='font:13px sans-serif'>Opening hours: Monday to Friday, 9 to 5.<br>"
     "Closed on public holidays.<br>Call 555-0100 for an appointment.</p>"), viewport={"width": 1920, "height": 1080})
# an app whose whole page lives in one fixed full-screen shell: the shell is the page, not over it
_add("clean-app-shell", None, _doc("<div id=app style='position:fixed;inset:0;overflow:auto;background:#fafafa'>"
     + _article("An app", 6) + "</div>"))
# an icon font that loads: its private-use characters are its own (DejaVu Sans served as the icon font)
_add("clean-icon-font-loaded", None, _doc(_article("Icons", 2, "<p class=i style='font-size:32px'>&#xf6c5; &#xf400;"
     "</p>"), "<style>@font-face{font-family:SiteIcons;src:url('/quality/icon-font.ttf')}.i{font-family:SiteIcons}"
     "</style>"))
_add("clean-private-use-in-a-named-font", None, _doc(_article("Icons", 2, "<p style=\"font:32px 'DejaVu Sans'\">"
     "&#xf401; &#xf402; &#xf6c5;</p>")))
_add("clean-stylesheet-loaded", None, _doc(_article("Styled", 3), "<link rel=stylesheet "
     "href='data:text/css,main%7Bcolor:%23222%7D'>"))
_add("clean-data-font", None, _doc(_article("Data font", 3), "<style>@font-face{font-family:Inline;src:local('DejaVu "
     "Sans')}body{font-family:Inline,sans-serif}</style>"))
_add("clean-login-recaptcha", None, _doc("<header style='background:#1a3d6d;color:#fff;padding:18px'><b>Example "
     f"Bank</b> <img src='{_IMAGE}?n=logo&w=120&h=40' width=120 height=40></header>"
     "<form style='margin:40px auto;width:420px;padding:32px;background:#f1f4f8;border:1px solid #ccd'>"
     "<h1>Sign in</h1><label>Email <input type=email>"
     "</label><label>Password <input type=password></label><div class=g-recaptcha data-sitekey=6Lc></div><button>"
     "Sign in</button><p>This site is protected by reCAPTCHA.</p></form>", title="Sign in"))
_add("clean-captcha-article", None, _doc(_article("How CAPTCHAs work", 12, "<p>Sites ask you to verify you are human "
     "and to press and hold a button; this article explains why a checking your browser page appears.</p>"),
     title="How CAPTCHAs work"))
_add("clean-contact-form", None, _doc("<form style='padding:30px'><h1>Contact</h1><input placeholder=Name><input "
     "type=email><input placeholder=Subject><textarea></textarea><div class=h-captcha></div><button>Send</button>"
     "</form>" + _article("Reach us", 2)))
_add("clean-dark-theme", None, _doc("<div style='background:#111;color:#eee;min-height:100vh'>" + _article("Dark", 4)
                                    + "</div>"))
_add("clean-table", None, _doc("<table border=1 style='margin:20px'>" + "".join(
     f"<tr><td>row {k}</td><td>{k * 17}</td><td>value</td></tr>" for k in range(30)) + "</table>"))
_add("clean-full-page", None, _doc(_article("Whole page", 30)), fullPage=True)
_add("clean-selector", None, _doc(_article("Element", 2, "<section id=card style='padding:20px;border:1px solid'>"
     "<h2>Card</h2><p>Only this card is captured.</p></section>")), selector="#card")
_add("clean-jpeg", None, _doc(_article("JPEG", 4)), format="jpeg")
_add("clean-webp", None, _doc(_article("WebP", 4)), format="webp")
_add("clean-pdf", None, _doc(_article("PDF", 4)), format="pdf")
_add("clean-html", None, _doc(_article("HTML", 4)), format="html")
_add("clean-svg", None, _doc("<svg width=600 height=400><rect width=600 height=400 fill='#eef'/><circle cx=300 "
     "cy=200 r=120 fill='#f80'/></svg>" + _article("Drawing", 1)))
_add("clean-canvas", None, _doc("<canvas id=c width=500 height=300></canvas><script>const x = document."
     "getElementById('c').getContext('2d'); x.fillStyle = '#396'; x.fillRect(20, 20, 300, 200);</script>"
     + _article("Canvas", 1)))
_add("clean-hero-image", None, _doc(f"<img src='{_IMAGE}?n=hero&w=1280&h=500' width=1280 height=500>"
                                    + _article("Hero", 2)))
_add("clean-grid-cards", None, _doc("<div style='display:grid;grid-template-columns:repeat(3,1fr);gap:12px;"
     "padding:12px'>" + "".join(f"<div style='border:1px solid #ccc;padding:8px'><h3>Card {k}</h3><p>{LOREM}</p>"
                                f"</div>" for k in range(9)) + "</div>"))
_add("clean-nav-menu", None, _doc("<nav style='display:flex;gap:20px;padding:16px;background:#eee'>" + "".join(
     f"<a href='#'>Menu {k}</a>" for k in range(8)) + "</nav>" + _article("Menu", 3)))
_add("clean-long-status-404", None, _doc(_article("Not found", 2, "<p>The page you asked for is not here.</p>")),
     status=404)
_add("clean-error-503", None, _doc(_article("Maintenance", 1, "<p>We are down for maintenance; back soon.</p>")),
     status=503)
_add("clean-quote-page", None, _doc("<blockquote style='font:32px serif;margin:80px'>" + LOREM + "</blockquote>"))
_add("clean-footer-fixed", None, _doc(_article("Footer", 5) + "<footer style='position:fixed;bottom:0;width:100%;"
     "background:#ddd;padding:8px'>© 2026 Example</footer>"))
_add("clean-video-poster", None, _doc(f"<video width=480 height=270 poster='{_IMAGE}?n=poster&w=480&h=270'></video>"
                                      + _article("Video", 1)))
_add("clean-iframe-local", None, _doc("<iframe srcdoc='<p>Framed text, same origin.</p>' width=500 height=120>"
                                      "</iframe>" + _article("Frame", 2)))
_add("clean-mobile", None, _doc(_article("Phone", 4)), viewport={"width": 390, "height": 844, "mobile": True})
_add("clean-scaled", None, _doc(_article("Retina", 3)), viewport={"width": 800, "height": 600, "deviceScaleFactor": 2})
_add("clean-sidebar", None, _doc("<div style='display:flex'><aside style='width:220px;background:#f4f4f4;padding:12px'>"
     "<ul><li>One</li><li>Two</li></ul></aside>" + _article("Sidebar", 4) + "</div>"))


# ------------------------------------------------------------------ the bar
RECALL = 0.95  # of each code's pages that must raise it
PRECISION = 0.95  # of the pages raising `challenge` that must be challenges


def assert_recognised(raised: dict[str, set[str]]) -> None:
    """The bar (issue 36), given the codes each page of PAGES raised: each code on at least RECALL of its pages,
    `challenge` right on at least PRECISION of the pages it is raised on, nothing on the clean pages."""
    assert set(raised) == {p.name for p in PAGES}
    labels = Counter(p.code for p in PAGES)
    assert all(labels[code] >= 10 for code in WARNING_CODES)
    assert labels[None] >= 50
    report = sorted((name, sorted(codes)) for name, codes in raised.items() if codes)
    for code in WARNING_CODES:
        missed = [p.name for p in PAGES if p.code == code and code not in raised[p.name]]
        assert 1 - len(missed) / labels[code] >= RECALL, (code, missed, report)
    challenged = [name for name, codes in raised.items() if "challenge" in codes]
    right = [name for name in challenged if name.startswith("challenge-")]
    assert len(right) / max(1, len(challenged)) >= PRECISION, (challenged, report)
    assert {p.name: raised[p.name] for p in PAGES if p.code is None and raised[p.name]} == {}, report


# ------------------------------------------------------------------ served by the fixture site
def _serve(labelled: Labelled) -> None:
    route(f"/quality/{labelled.name}")(lambda _: (labelled.status, HTML, labelled.html))


for _labelled in PAGES:
    _serve(_labelled)


@route("/quality/icon-font.ttf")
def icon_font(handler: Handler) -> Answer:
    return 200, {"content-type": "font/ttf"}, ICON_FONT.read_bytes()


@route(HELD)
def held(handler: Handler) -> Answer:
    """An image or font that is still loading when any capture of these pages is taken."""
    handler.server.stopping.wait(HELD_S)
    return 404, HTML, b""


@route(_IMAGE)
def image(handler: Handler) -> Answer:
    """A small PNG of one colour per `?n=` (and `w`, `h` in pixels), at once."""
    width, height = int(handler.query.get("w", "160")), int(handler.query.get("h", "120"))
    hue = sum(handler.query.get("n", "0").encode()) * 37 % 360
    picture = Image.new("RGB", (width, height), f"hsl({hue}, 60%, 55%)")
    out = io.BytesIO()
    picture.save(out, "PNG")
    return 200, {"content-type": "image/png"}, out.getvalue()


@route("/quality/long-poll")
def long_poll(_: Handler) -> Answer:
    """Loaded at once, then a request that stays open (a long poll, as chat widgets and live pages hold)."""
    return 200, HTML, _doc(_article("Live", 2) + f"<script>addEventListener('load', () => fetch('{HELD}?kind=poll"
                                                 "&token=s3cret'));</script>")


LAZY_COLOURS = [(200, 40, 40), (40, 160, 60), (40, 70, 200), (220, 160, 0), (150, 40, 180), (0, 160, 170),
                (230, 90, 20), (90, 90, 90), (120, 180, 30), (200, 40, 130)]
LAZY_TOP, LAZY_GAP, LAZY_SIZE = 500, 260, 100  # CSS px: the first image's top, between tops, each side


@route("/quality/lazy")
def lazy(_: Handler) -> Answer:
    """Ten native lazy images down a page 3,100 px tall (Chromium defers those more than about 1,250 px below
    the viewport: half of them), each a block of its own colour, each answered after its own short delay
    (/quality/slow-block): a full page must show all ten."""
    images = "".join(f"<img loading=lazy width={LAZY_SIZE} height={LAZY_SIZE} src='/quality/slow-block?n={n}' "
                     f"style='position:absolute;left:20px;top:{LAZY_TOP + n * LAZY_GAP}px'>"
                     for n in range(len(LAZY_COLOURS)))
    return 200, HTML, _doc(f"<div style='position:relative;height:{LAZY_TOP + len(LAZY_COLOURS) * LAZY_GAP}px'>"
                           f"<h1 style='margin:0 20px'>Lazy gallery</h1>{images}</div>")


@route("/quality/slow-block")
def slow_block(handler: Handler) -> Answer:
    n = int(handler.query.get("n", "0"))
    handler.server.stopping.wait(0.02 * (n % 5))  # 0-80 ms: the images arrive out of order
    picture = Image.new("RGB", (LAZY_SIZE, LAZY_SIZE), LAZY_COLOURS[n % len(LAZY_COLOURS)])
    out = io.BytesIO()
    picture.save(out, "PNG")
    return 200, {"content-type": "image/png", "cache-control": "no-store"}, out.getvalue()
