"""Bot and CAPTCHA challenges: the markers their vendors' interstitial pages carry, and the rule that tells a
challenge from a site that merely embeds a CAPTCHA (a login form, a contact form) or a vendor's sensor script.

Strong markers belong to the interstitial alone (Cloudflare's challenge form and its orchestration script,
DataDome's and Imperva's frames, HUMAN's press-and-hold, Akamai's and AWS WAF's CAPTCHA containers): one is
enough. A CAPTCHA widget counts only on a page that holds little else; a challenge's words only on a short page.
"""

from __future__ import annotations

import re
from typing import Any

STRONG_SELECTORS = (
    "#challenge-form", "#challenge-stage", "#challenge-running", "#cf-challenge-running", "#cf-please-wait",
    ".cf-browser-verification", "#turnstile-wrapper", "#cf-chl-widget",  # Cloudflare
    "#px-captcha", "#px-captcha-wrapper", "#px-captcha-modal",  # HUMAN (PerimeterX)
    "#sec-if-cpt-container", "#sec-cpt-if",  # Akamai Bot Manager
    "iframe[src*='captcha-delivery.com']",  # DataDome
    "iframe[src*='_incapsula_resource' i]",  # Imperva
    "#ddg-captcha", "#ddg-l7-captcha",  # DDoS-Guard
    "form[action*='/cdn-cgi/l/chk_captcha']", "form[action*='/cdn-cgi/l/chk_jschl']",
)
WIDGET_SELECTORS = (
    ".g-recaptcha", ".h-captcha", ".cf-turnstile", "iframe[src*='/recaptcha/']", "iframe[src*='hcaptcha.com']",
    "iframe[src*='challenges.cloudflare.com']", "iframe[src*='arkoselabs.com']", "iframe[src*='funcaptcha.com']",
    "#captcha-container", "[id*='captcha' i]",
)
INLINE_MARKERS = ("_cf_chl_opt", "window.gokuProps", "var dd={'rt':", "var dd={\"rt\":", "_Incapsula_Resource",
                  "ddos-guard.net/.well-known")
URL_MARKERS = ("/cdn-cgi/challenge-platform/h/", "captcha-delivery.com", "/_Incapsula_Resource",
               "captcha.awswaf.com", "challenge.awswaf.com", "check.ddos-guard.net")
TITLES = re.compile(
    r"^\s*(just a moment|attention required! \| cloudflare|please wait\.*\s*\| cloudflare|checking your browser"
    r"|verifying you are human|access to this page has been denied|pardon our interruption|are you a robot"
    r"|robot or human|human verification|bot verification|security check|ddos-guard|one more step"
    r"|sucuri website firewall|you have been blocked|access denied \| .* used cloudflare)", re.I)
PHRASES = re.compile(
    r"verify(ing)? (that )?you are (a )?human|checking (your|if the site connection is secure)|checking your browser"
    r"|press (&|and) hold|complete the security check|unusual traffic from your computer network"
    r"|are you a robot|not a robot|pardon our interruption|incapsula incident id|why have i been blocked"
    r"|enable javascript and cookies to continue|confirm you are (a )?human|prove you('| a)re (not a robot|human)"
    r"|ddos protection by|needs to review the security of your connection|you have been blocked", re.I)
SHORT_TEXT = 1500  # characters of visible text: a challenge page says little more
BARE_INPUTS = 2  # a widget on a page with more fields than this is a form's, not a challenge's


def markers() -> dict[str, Any]:
    """What the page-side inspection (engine/browser/quality.js) looks for."""
    return {"strong": STRONG_SELECTORS, "widgets": WIDGET_SELECTORS, "inline": INLINE_MARKERS, "urls": URL_MARKERS}


def challenge_detail(found: dict[str, Any], title: str) -> str | None:
    """Why the page is a challenge (the marker that says so), or None."""
    strong = [*found.get("selectors", []), *found.get("inline", []), *found.get("urls", [])]
    if strong:
        return f"the page carries a challenge's marker ({strong[0]})"
    if TITLES.search(title):
        return f"the page's title is a challenge's ({title[:80]!r})"
    text = found.get("text")
    if text is None or len(text.strip()) > SHORT_TEXT:
        return None
    phrase = PHRASES.search(text)
    if phrase:
        return f"the page asks the visitor to prove they are human ({phrase[0]!r})"
    if found.get("widgets") and not found.get("passwords") and found.get("inputs", 0) <= BARE_INPUTS:
        return f"the page is a CAPTCHA ({found['widgets'][0]}) and little else"
    return None
