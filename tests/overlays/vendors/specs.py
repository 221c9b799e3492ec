"""The vendor set's pages: which vendor's markup, configured how, in which language, labelled how, cited where.

Each SOURCES entry is what the README cites: the npm package (name@version, the file copied under
pages/lib/) or the vendor's documentation page, and the licence. Texts that a vendor leaves to the site
(a library's `content` option, an ad's creative) are written here in the page's language; a vendor's own
translations (Klaro, tarteaucitron, CookieNoticeJS) are the library's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass
class Page:
    """One page: its file name's parts, the vendor's markup around the page's own content, and its labels."""

    number: int
    vendor: str
    shape: str
    lang: str
    source: str  # the key of its source in specs.SOURCES
    remove: list[tuple[str, str]]  # (selector, kind)
    head: str = ""
    before: str = ""  # right after <body>
    inline: str = ""  # inside the article, after its first paragraph
    after: str = ""  # after the page's main, at the end of <body>
    css: str = ""
    below: str = ""  # after the article, before the marker (a below-article widget)
    article: tuple[str, list[str]] | None = None  # the page's own article, when not texts.ARTICLES[lang]
    keep: list[str] = field(default_factory=list)  # look-alikes that must stay, beyond article and marker

    @property
    def name(self) -> str:
        return f"{self.number:03d}-{self.vendor}-{self.shape}-{self.lang}.html"



SOURCES: dict[str, tuple[str, str]] = {
    "osano": ("npm cookieconsent@3.1.1 (Osano), build/cookieconsent.min.js and build/cookieconsent.min.css, "
              "copied to pages/lib/cookieconsent-3.1.1/; rendered live by `cookieconsent.initialise` with the "
              "README's documented options (position, type, theme, content)", "MIT"),
    "orestbida": ("npm vanilla-cookieconsent@3.1.0 (Orest Bida), dist/cookieconsent.umd.js and "
                  "dist/cookieconsent.css, copied to pages/lib/vanilla-cookieconsent-3.1.0/; rendered live by "
                  "`CookieConsent.run` with the documented guiOptions layouts (box, bar, cloud) and "
                  "hideFromBots: false", "MIT"),
    "klaro": ("npm klaro@0.7.22 (KIProtect), dist/klaro.js (with its CSS and its own translations), copied to "
              "pages/lib/klaro-0.7.22/; rendered live from a `klaroConfig` (lang, mustConsent, services)",
              "BSD-3-Clause"),
    "tarteaucitron": ("npm tarteaucitronjs@1.34.0 (Amauri Champeaux), tarteaucitron.js, "
                      "tarteaucitron.services.js, css/tarteaucitron.css and lang/tarteaucitron.{en,de,fr,es,it,"
                      "nl,pl,pt}.js, copied to pages/lib/tarteaucitronjs-1.34.0/; rendered live by "
                      "`tarteaucitron.init` with the README's options and one declared job (gtag, never loaded "
                      "without consent)", "MIT"),
    "cookienotice": ("npm cookie-notice@1.3.9 (CookieNoticeJS, Alessandro Benoit, Bernhard Behrendt), "
                     "dist/cookie.notice.js, copied to pages/lib/cookie-notice-1.3.9/; rendered live by "
                     "`new cookieNoticeJS({...})` (its text follows navigator.language, so English)", "MIT"),
    "cookieseubanner": ("npm cookies-eu-banner@3.0.0 (Alex-D), dist/cookies-eu-banner.global.js, copied to "
                        "pages/lib/cookies-eu-banner-3.0.0/; the `<template id=\"cookies-eu-banner-template\">` "
                        "markup is the package README's, shown live by `CookiesEuBanner.createCookiesBanner`",
                        "MIT"),
    "cookiealert": ("npm bootstrap-cookie-alert@1.2.2 (Wruczek), cookiealert.css and cookiealert.js, copied to "
                    "pages/lib/bootstrap-cookie-alert-1.2.2/; the `div.alert.cookiealert` markup is the package "
                    "README's, shown live by cookiealert.js", "MIT"),
    "mozilla": ("npm @mozmeao/consent-banner@1.1.1 (Mozilla), index.js and styles.css, with its peer "
                "@mozmeao/cookie-helper@1.1.0 index.js, copied to pages/lib/mozmeao-consent-banner-1.1.1/ and "
                "pages/lib/mozmeao-cookie-helper-1.1.0/; the `aside.moz-consent-banner` markup is the README's "
                "recommended banner HTML, opened live by `MozConsentBanner.init` through its mozConsentOpen "
                "event as the README shows", "MPL-2.0"),
    "govuk": ("npm govuk-frontend@6.6.0 (Government Digital Service), "
              "dist/govuk/components/cookie-banner/template-default.html and fixtures.json (the rendered "
              "component), with dist/govuk/govuk-frontend.min.css copied to pages/lib/govuk-frontend-6.6.0/",
              "MIT"),
    "onetrust": ("OneTrust Cookie Consent banner: its documented DOM ids and classes (#onetrust-consent-sdk, "
                 "#onetrust-banner-sdk with the otFlat / otCenterRounded templates, #onetrust-policy-text, "
                 "#onetrust-button-group, #onetrust-accept-btn-handler, #onetrust-reject-all-handler, "
                 "#onetrust-pc-btn-handler, .onetrust-pc-dark-filter) as in "
                 "https://my.onetrust.com/articles/en_US/Knowledge/UUID-7478d3b4-18eb-3ac0-a6fd-fb7ebff9f8dc "
                 "(the SDK is served from the vendor's CDN per customer, not published as a package: this "
                 "page is a reconstruction of the rendered banner with those ids, its CSS abridged)",
                 "markup reconstructed for testing; ids and class names are the vendor's"),
    "cookiebot": ("Cookiebot CMP (Usercentrics) dialog: its documented DOM ids (#CybotCookiebotDialog with "
                  "data-template popup / slideup, #CybotCookiebotDialogBodyContentTitle, "
                  "#CybotCookiebotDialogBodyContentText, #CybotCookiebotDialogFooter, "
                  "#CybotCookiebotDialogBodyButtonDecline, #CybotCookiebotDialogBodyLevelButtonCustomize, "
                  "#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll) as in "
                  "https://www.cookiebot.com/us/developer/ (uc.js is served per customer from the vendor's "
                  "CDN: this page is a reconstruction of the rendered dialog with those ids, its CSS abridged)",
                  "markup reconstructed for testing; ids and class names are the vendor's"),
    "adsense": ("Google AdSense ad unit code as documented at https://support.google.com/adsense/answer/9274634 "
                "(`<ins class=\"adsbygoogle\" style=\"display:inline-block;width:...;height:...\" "
                "data-ad-client=\"ca-pub-...\" data-ad-slot=\"...\">` and `(adsbygoogle = window.adsbygoogle "
                "|| []).push({})`), adsbygoogle.js not loaded; the ins is filled as the network fills it "
                "(data-adsbygoogle-status=\"done\", an aswift_N iframe) with a local creative from "
                "pages/creatives/; the anchor ad is the auto-ads anchor (ins.adsbygoogle-noablate, fixed at "
                "the bottom)", "snippet from vendor documentation; creatives written for this set"),
    "gpt": ("Google Publisher Tag as documented at https://developers.google.com/publisher-tag/guides/get-started "
            "and https://support.google.com/admanager/answer/1638622 (`<div id=\"div-gpt-ad-...\">` with "
            "googletag.defineSlot / googletag.display), gpt.js not loaded; the div is filled as GPT fills it "
            "(a google_ads_iframe_..._container__ div and iframe) with a local creative from pages/creatives/",
            "snippet from vendor documentation; creatives written for this set"),
    "taboola": ("Taboola widget placement as documented in Taboola's JS tag integration "
                "(https://developers.taboola.com/web-integrations/docs/js-tag-how-to-implement): `<div "
                "id=\"taboola-below-article-thumbnails\">` and `window._taboola.push({mode, container, "
                "placement, target_type})`, loader.js not loaded; the container is filled with Taboola's "
                "rendered classes (trc_related_container, trc_rbox_container, videoCube, "
                "trc_rbox_header with the \"Sponsored Links by Taboola\" attribution) and local images",
                "snippet from vendor documentation; fill reconstructed"),
    "outbrain": ("Outbrain widget as documented in Outbrain's JS widget integration "
                 "(https://developer.outbrain.com/standard-js-detailed-implementation-guide/): "
                 "`<div class=\"OUTBRAIN\" data-src=\"...\" data-widget-id=\"AR_1\">`, outbrain.js not loaded; "
                 "the div is filled with "
                 "Outbrain's rendered classes (ob-widget, ob-widget-header \"Empfohlen von\" (recommended by), "
                 "ob-dynamic-rec-container, ob-rec-text) and local images", "snippet from vendor documentation; fill "
                 "reconstructed"),
    "bioep": ("npm exit-intent-popup@1.0.0 (beeker.io bioEp), js/bioep.min.js, copied to "
              "pages/lib/exit-intent-popup-1.0.0/; the popup is the README's \"Template\" (html and css "
              "options; its remote image replaced by a local SVG, its Google font dropped), shown live with "
              "the documented showOnDelay / delay / cookieExp options", "MIT"),
    "site": ("written for this set: a look-alike that is the page's own (no vendor)", "this repository's"),
}

AD_LABEL = {"en": "Advertisement", "de": "Anzeige", "fr": "Publicité", "es": "Anuncio", "it": "Pubblicità",
            "nl": "Advertentie", "pl": "Reklama", "pt": "Anúncio"}
AD_TEXT = {"en": "Fresh coffee, delivered weekly", "de": "Frischer Kaffee, jede Woche geliefert",
           "fr": "Du café frais livré chaque semaine", "es": "Café recién tostado cada semana",
           "it": "Caffè fresco ogni settimana", "nl": "Verse koffie, elke week bezorgd",
           "pl": "Świeża kawa co tydzień", "pt": "Café fresco todas as semanas"}


def _lib(path: str) -> str:
    if path.endswith(".css"):
        return f'<link rel="stylesheet" href="lib/{path}">'
    return f'<script src="lib/{path}"></script>'


def _script(code: str) -> str:
    return f"<script>\n{code}\n</script>"


# --- Osano cookieconsent 3 -------------------------------------------------------------------------------
OSANO_TEXT = {
    "en": {"message": "This website uses cookies to ensure you get the best experience on our website.",
           "dismiss": "Got it!", "allow": "Allow cookies", "deny": "Decline", "link": "Learn more",
           "href": "privacy.html"},
    "de": {"message": "Diese Website verwendet Cookies, damit Sie die bestmögliche Erfahrung auf unserer "
                      "Website machen.", "dismiss": "Verstanden!", "allow": "Cookies erlauben",
           "deny": "Ablehnen", "link": "Mehr erfahren", "href": "datenschutz.html"},
    "fr": {"message": "Ce site utilise des cookies pour vous garantir la meilleure expérience sur notre site.",
           "dismiss": "J'ai compris", "allow": "Autoriser les cookies", "deny": "Refuser",
           "link": "En savoir plus", "href": "confidentialite.html"},
    "es": {"message": "Este sitio web utiliza cookies para garantizar que obtenga la mejor experiencia.",
           "dismiss": "Entendido", "allow": "Permitir cookies", "deny": "Rechazar", "link": "Más información",
           "href": "privacidad.html"},
}


def osano(number: int, lang: str, shape: str, options: dict[str, object]) -> Page:
    config = {"palette": {"popup": {"background": "#000"}, "button": {"background": "#f1d600"}},
              **options, "content": OSANO_TEXT[lang]}
    return Page(number, "osano", shape, lang, "osano", [(".cc-window", "cookieBanners")],
                head=_lib("cookieconsent-3.1.1/cookieconsent.min.css"),
                after=_lib("cookieconsent-3.1.1/cookieconsent.min.js")
                + _script(f"window.cookieconsent.initialise({json.dumps(config, ensure_ascii=False)});"))


# --- vanilla-cookieconsent 3 -----------------------------------------------------------------------------
VCC_TEXT = {
    "en": ("Hello traveller, it's cookie time!",
           "We use essential cookies to make our site work. With your consent, we may also use non-essential "
           "cookies to improve user experience and analyze website traffic.",
           "Accept all", "Reject all", "Manage preferences"),
    "it": ("Questo sito utilizza i cookie",
           "Utilizziamo cookie essenziali per il funzionamento del sito. Con il tuo consenso useremo anche "
           "cookie non essenziali per migliorare l'esperienza e analizzare il traffico.",
           "Accetta tutti", "Rifiuta tutti", "Gestisci preferenze"),
    "nl": ("Wij gebruiken cookies",
           "We gebruiken noodzakelijke cookies om onze site te laten werken. Met uw toestemming gebruiken we "
           "ook andere cookies om de ervaring te verbeteren en het verkeer te analyseren.",
           "Alles accepteren", "Alles weigeren", "Voorkeuren beheren"),
    "pl": ("Ta strona używa plików cookie",
           "Używamy niezbędnych plików cookie, aby strona działała. Za Twoją zgodą użyjemy także innych plików "
           "cookie, aby poprawić działanie strony i analizować ruch.",
           "Akceptuj wszystkie", "Odrzuć wszystkie", "Zarządzaj preferencjami"),
    "pt": ("Este site utiliza cookies",
           "Usamos cookies essenciais para o funcionamento do site. Com o seu consentimento, usaremos também "
           "cookies não essenciais para melhorar a experiência e analisar o tráfego.",
           "Aceitar todos", "Rejeitar todos", "Gerir preferências"),
}


def vanilla(number: int, lang: str, shape: str, modal: dict[str, str], wall: bool = False) -> Page:
    title, description, accept, reject, manage = VCC_TEXT[lang]
    config = {
        "hideFromBots": False, "disablePageInteraction": wall,
        "guiOptions": {"consentModal": modal},
        "categories": {"necessary": {"readOnly": True, "enabled": True}, "analytics": {}},
        "language": {"default": lang, "translations": {lang: {
            "consentModal": {"title": title, "description": description, "acceptAllBtn": accept,
                             "acceptNecessaryBtn": reject, "showPreferencesBtn": manage},
            "preferencesModal": {"title": manage, "acceptAllBtn": accept, "acceptNecessaryBtn": reject,
                                 "savePreferencesBtn": "OK", "closeIconLabel": "×", "sections": []}}}},
    }
    return Page(number, "orestbida", shape, lang, "orestbida", [("#cc-main .cm", "cookieBanners")],
                head=_lib("vanilla-cookieconsent-3.1.0/cookieconsent.css"),
                after=_lib("vanilla-cookieconsent-3.1.0/cookieconsent.umd.js")
                + _script(f"CookieConsent.run({json.dumps(config, ensure_ascii=False)});"))


# --- Klaro -----------------------------------------------------------------------------------------------
def klaro(number: int, lang: str, shape: str, modal: bool) -> Page:
    config = {"lang": lang, "mustConsent": modal, "acceptAll": True, "privacyPolicy": "#privacy",
              "services": [{"name": "matomo", "title": "Matomo", "purposes": ["analytics"]},
                           {"name": "youtube", "title": "YouTube", "purposes": ["marketing"]}]}
    selector = "#klaro .cookie-modal" if modal else "#klaro .cookie-notice"
    return Page(number, "klaro", shape, lang, "klaro", [(selector, "cookieBanners")],
                head=_script(f"var klaroConfig = {json.dumps(config)};")
                + '<script defer data-config="klaroConfig" src="lib/klaro-0.7.22/klaro.js"></script>')


# --- tarteaucitron ---------------------------------------------------------------------------------------
def tarteaucitron(number: int, lang: str, orientation: str) -> Page:
    options = {"privacyUrl": "", "bodyPosition": "bottom", "hashtag": "#tarteaucitron",
               "cookieName": "tarteaucitron", "orientation": orientation, "groupServices": False,
               "showDetailsOnClick": True, "serviceDefaultState": "wait", "showAlertSmall": False,
               "cookieslist": False, "closePopup": False, "showIcon": True, "iconPosition": "BottomRight",
               "adblocker": False, "DenyAllCta": True, "AcceptAllCta": True, "highPrivacy": True,
               "alwaysNeedConsent": False, "handleBrowserDNTRequest": False, "removeCredit": False,
               "moreInfoLink": True, "useExternalCss": False, "useExternalJs": False, "readmoreLink": "",
               "mandatory": True, "mandatoryCta": False}
    return Page(number, "tarteaucitron", orientation, lang, "tarteaucitron",
                [("#tarteaucitronAlertBig", "cookieBanners")],
                head=_script(f'var tarteaucitronForceLanguage = "{lang}";')
                + _lib("tarteaucitronjs-1.34.0/tarteaucitron.js")
                + _script(f"tarteaucitron.init({json.dumps(options)});\n"
                          "(tarteaucitron.job = tarteaucitron.job || []).push('gtag');"))


# --- CookieNoticeJS --------------------------------------------------------------------------------------
def cookie_notice(number: int, position: str) -> Page:
    options = {"cookieNoticePosition": position, "learnMoreLinkEnabled": True,
               "learnMoreLinkHref": "cookie-policy.html", "expiresIn": 30}
    return Page(number, "cookienotice", position, "en", "cookienotice", [("#cookieNotice", "cookieBanners")],
                after=_lib("cookie-notice-1.3.9/cookie.notice.js")
                + _script("document.addEventListener('DOMContentLoaded', function () {\n"
                          f"  new cookieNoticeJS({json.dumps(options)});\n}});"))


# --- cookies-eu-banner -----------------------------------------------------------------------------------
CEB_TEXT = {
    "en": ("By continuing to visit this site, you accept the use of cookies by Google Analytics for "
           "statistical purposes.", "Reject", "Accept"),
    "fr": ("En poursuivant votre navigation sur ce site, vous acceptez l'utilisation de cookies par Google "
           "Analytics à des fins statistiques.", "Refuser", "Accepter"),
}


def cookies_eu_banner(number: int, lang: str) -> Page:
    text, reject, accept = CEB_TEXT[lang]
    template = (f'<template id="cookies-eu-banner-template">\n\t<div id="cookies-eu-banner">\n\t\t{text}\n'
                f'\t\t<button id="cookies-eu-reject">{reject}</button>\n'
                f'\t\t<button id="cookies-eu-accept">{accept}</button>\n\t</div>\n</template>')
    return Page(number, "cookieseubanner", "template", lang, "cookieseubanner",
                [("#cookies-eu-banner", "cookieBanners")],
                after=template + _lib("cookies-eu-banner-3.0.0/cookies-eu-banner.global.js")
                + _script("CookiesEuBanner.createCookiesBanner({\n\tonAccept: () => {},\n});"))


# --- Bootstrap Cookie Alert ------------------------------------------------------------------------------
CA_TEXT = {
    "en": ("Do you like cookies?", "We use cookies to ensure you get the best experience on our website.",
           "Learn more", "I agree"),
    "pl": ("Lubisz ciasteczka?", "Używamy plików cookie, aby zapewnić najlepsze działanie naszej strony.",
           "Dowiedz się więcej", "Zgadzam się"),
}


def cookie_alert(number: int, lang: str) -> Page:
    question, text, more, agree = CA_TEXT[lang]
    markup = ('<!-- START Bootstrap-Cookie-Alert -->\n<div class="alert text-center cookiealert" role="alert">\n'
              f'    <b>{question}</b> &#x1F36A; {text} <a href="cookie-policy.html" target="_blank">{more}</a>\n\n'
              '    <button type="button" class="btn btn-primary btn-sm acceptcookies">\n'
              f'        {agree}\n    </button>\n</div>\n<!-- END Bootstrap-Cookie-Alert -->')
    return Page(number, "cookiealert", "bar", lang, "cookiealert", [(".cookiealert", "cookieBanners")],
                head=_lib("bootstrap-cookie-alert-1.2.2/cookiealert.css"),
                after=markup + _lib("bootstrap-cookie-alert-1.2.2/cookiealert.js"))


# --- Mozilla consent banner ------------------------------------------------------------------------------
MOZ_TEXT = {
    "en": ("Help us improve your Mozilla experience",
           "In addition to Cookies necessary for this site to function, we’d like your permission to set some "
           "additional Cookies to better understand your browsing needs and improve your experience. Rest "
           "assured - we value your privacy.", "Accept All Additional Cookies", "Reject All Additional Cookies",
           "Cookie settings"),
    "de": ("Helfen Sie uns, Ihr Mozilla-Erlebnis zu verbessern",
           "Zusätzlich zu den Cookies, die für das Funktionieren dieser Website notwendig sind, bitten wir um "
           "Ihre Erlaubnis, weitere Cookies zu setzen, um Ihre Bedürfnisse beim Surfen besser zu verstehen. "
           "Ihre Privatsphäre ist uns wichtig.", "Alle zusätzlichen Cookies akzeptieren",
           "Alle zusätzlichen Cookies ablehnen", "Cookie-Einstellungen"),
}


def mozilla(number: int, lang: str) -> Page:
    heading, text, accept, reject, settings = MOZ_TEXT[lang]
    markup = (
        '<aside class="moz-consent-banner" id="moz-consent-banner" role="region" aria-label="Cookie Banner" '
        'data-nosnippet="true">\n    <div class="moz-consent-banner-content">\n'
        f'        <h2  class="moz-consent-banner-heading">{heading}</h2>\n'
        f'        <div class="moz-consent-banner-copy">\n            <p>\n                {text}\n            </p>\n'
        '            <div class="moz-consent-banner-controls">\n'
        '                <button type="button" id="moz-consent-banner-button-accept" class="moz-consent-banner-button '
        f'moz-consent-banner-button-accept">\n                    {accept}\n                </button>\n'
        '                <button type="button" id="moz-consent-banner-button-reject" class="moz-consent-banner-button '
        f'moz-consent-banner-button-reject">\n                    {reject}\n                </button>\n'
        f'                <a href="cookie-settings.html">\n                    {settings}\n                </a>\n'
        '            </div>\n        </div>\n    </div>\n</aside>')
    code = ("function openBanner() {\n"
            "  document.getElementById('moz-consent-banner').classList.add('is-visible');\n}\n"
            "function closeBanner() {\n"
            "  document.getElementById('moz-consent-banner').classList.remove('is-visible');\n}\n"
            "window.addEventListener('mozConsentOpen', openBanner, false);\n"
            "window.addEventListener('mozConsentClose', closeBanner, false);\n"
            "MozConsentBanner.init({ helper: window.CookieHelper, cookieDomain: location.hostname });")
    return Page(number, "mozilla", "banner", lang, "mozilla", [("#moz-consent-banner", "cookieBanners")],
                head=_lib("mozmeao-consent-banner-1.1.1/styles.css"), before=markup,
                after=_lib("mozmeao-cookie-helper-1.1.0/index.js") + _lib("mozmeao-consent-banner-1.1.1/index.js")
                + _script(code))


# --- GOV.UK Frontend cookie banner -----------------------------------------------------------------------
GOVUK_DEFAULT = """<div class="govuk-cookie-banner" data-nosnippet role="region" aria-label="Cookie banner">
  <div class="govuk-cookie-banner__message govuk-width-container">

    <div class="govuk-grid-row">
      <div class="govuk-grid-column-two-thirds">
        <h2 class="govuk-cookie-banner__heading govuk-heading-m">
          Cookies on this government service
        </h2>
        <div class="govuk-cookie-banner__content">
          <p class="govuk-body">We use analytics cookies to help understand how users use our service.</p>
        </div>
      </div>
    </div>

    <div class="govuk-button-group">
      <button type="submit" value="accept" name="cookies" class="govuk-button" data-module="govuk-button">
        Accept analytics cookies
      </button>
      <button type="submit" value="reject" name="cookies" class="govuk-button" data-module="govuk-button">
        Reject analytics cookies
      </button>
      <a class="govuk-link" href="/cookie-preferences">View cookie preferences</a>
    </div>

  </div>
</div>"""


def govuk(number: int, shape: str, markup: str) -> Page:
    return Page(number, "govuk", shape, "en", "govuk", [(".govuk-cookie-banner", "cookieBanners")],
                head=_lib("govuk-frontend-6.6.0/govuk-frontend.min.css"),
                before=f'<form method="post" action="#" class="govuk-template__body">{markup}</form>')

GOVUK_WITH_HTML = """<div class="govuk-cookie-banner" data-nosnippet role="region" aria-label="Cookie banner">
  <div class="govuk-cookie-banner__message govuk-width-container">

    <div class="govuk-grid-row">
      <div class="govuk-grid-column-two-thirds">
        <h2 class="govuk-cookie-banner__heading govuk-heading-m">
          Cookies on <span>my service</span>
        </h2>
        <div class="govuk-cookie-banner__content">
          <p class="govuk-body">We use cookies in <span>our service</span>.</p>
          @@SECOND@@
        </div>
      </div>
    </div>

    <div class="govuk-button-group">
      <button type="submit" value="accept" name="cookies" class="govuk-button" data-module="govuk-button">
        Accept analytics cookies
      </button>
      <button type="submit" value="reject" name="cookies" class="govuk-button" data-module="govuk-button">
        Reject analytics cookies
      </button>
      <a class="govuk-link" href="/cookie-preferences">View cookie preferences</a>
    </div>

  </div>
</div>""".replace("@@SECOND@@", '<p class="govuk-body">We’d like to use analytics cookies so we can '
                                  'understand how you use the Design System and make improvements.</p>')


# --- OneTrust (reconstructed from its documented ids) ----------------------------------------------------
OT_TEXT = {
    "en": ("We use cookies and similar technologies to personalise content and ads, to provide social media "
           "features and to analyse our traffic. By clicking \u201cAccept All Cookies\u201d, you agree to the "
           "storing of cookies on your device.", "Cookie Settings", "Reject All", "Accept All Cookies",
           "Privacy Preference Center"),
    "de": ("Wir verwenden Cookies und ähnliche Technologien, um Inhalte und Anzeigen zu personalisieren, "
           "Funktionen für soziale Medien anbieten zu können und die Zugriffe auf unsere Website zu analysieren. "
           "Mit \u201eAlle Cookies akzeptieren\u201c stimmen Sie der Speicherung von Cookies auf Ihrem Gerät zu.",
           "Cookie-Einstellungen", "Alle ablehnen", "Alle Cookies akzeptieren", "Datenschutz-Präferenz-Center"),
}
OT_CSS = (
    "#onetrust-banner-sdk{-ms-text-size-adjust:100%;-webkit-text-size-adjust:100%;box-shadow:0 0 18px "
    "rgba(0,0,0,.2);font-family:inherit;font-size:16px;background-color:#fff;color:#696969}"
    "#onetrust-banner-sdk.otFlat{position:fixed;z-index:2147483645;bottom:0;right:0;left:0;max-height:90%;"
    "overflow-x:hidden;overflow-y:auto}"
    "#onetrust-banner-sdk.otCenterRounded{z-index:2147483645;top:10%;position:fixed;right:0;width:100%;"
    "max-width:650px;border-radius:2.5px;left:1em;margin:0 auto;font-size:14px;max-height:90%;"
    "overflow-x:hidden;overflow-y:auto}"
    "#onetrust-banner-sdk .ot-sdk-container{width:100%;padding:0;margin:0 auto;box-sizing:border-box}"
    "#onetrust-banner-sdk .ot-sdk-row{display:flex;flex-wrap:wrap;align-items:center}"
    "#onetrust-banner-sdk #onetrust-group-container{flex:2 1 480px;padding:20px 30px}"
    "#onetrust-banner-sdk #onetrust-policy-text{font-size:.813em;line-height:1.5;margin:0}"
    "#onetrust-banner-sdk #onetrust-button-group-parent{flex:1 1 260px;padding:20px 30px}"
    "#onetrust-banner-sdk #onetrust-button-group{display:flex;flex-wrap:wrap;gap:10px}"
    "#onetrust-banner-sdk button{font-size:.813em;font-weight:600;padding:12px 10px;min-width:125px;"
    "border:1px solid #68b631;border-radius:2px;cursor:pointer}"
    "#onetrust-banner-sdk #onetrust-accept-btn-handler,#onetrust-banner-sdk #onetrust-reject-all-handler{"
    "background-color:#68b631;color:#fff}"
    "#onetrust-banner-sdk #onetrust-pc-btn-handler{background:#fff;color:#68b631}"
    "#onetrust-banner-sdk .ot-sdk-three{flex:0 0 auto}"
    ".onetrust-pc-dark-filter{background:rgba(0,0,0,.5);z-index:2147483646;width:100%;height:100%;"
    "overflow:hidden;position:fixed;top:0;bottom:0;left:0}"
    ".onetrust-pc-dark-filter.ot-hide{display:none!important}"
)


def onetrust(number: int, lang: str, template: str) -> Page:
    policy, settings, reject, accept, _center = OT_TEXT[lang]
    modal = template == "otCenterRounded"
    markup = (
        '<div id="onetrust-consent-sdk">'
        f'<div class="onetrust-pc-dark-filter{"" if modal else " ot-hide"} ot-fade-in"></div>'
        f'<div id="onetrust-banner-sdk" class="{template}" tabindex="0" role="region" aria-label="Cookie banner">'
        '<div role="alertdialog" aria-describedby="onetrust-policy-text" aria-modal="true" '
        'aria-label="Privacy">'
        '<div class="ot-sdk-container"><div class="ot-sdk-row">'
        '<div id="onetrust-group-container" class="ot-sdk-eight ot-sdk-columns">'
        '<div class="banner_logo"></div>'
        f'<div id="onetrust-policy"><div id="onetrust-policy-text">{policy}</div></div></div>'
        '<div id="onetrust-button-group-parent" class="ot-sdk-three ot-sdk-columns">'
        '<div id="onetrust-button-group">'
        f'<button id="onetrust-pc-btn-handler" aria-label="{settings}">{settings}</button>'
        f'<button id="onetrust-reject-all-handler">{reject}</button>'
        f'<button id="onetrust-accept-btn-handler">{accept}</button>'
        '</div></div></div></div></div></div></div>')
    remove = [("#onetrust-banner-sdk", "cookieBanners")]
    if modal:
        remove.append(("#onetrust-consent-sdk .onetrust-pc-dark-filter", "cookieBanners"))
    return Page(number, "onetrust", "flat" if not modal else "center", lang, "onetrust", remove,
                css=OT_CSS, after=markup)


# --- Cookiebot (reconstructed from its documented ids) ---------------------------------------------------
CB_TEXT = {
    "en": ("This website uses cookies",
           "We use cookies to personalise content and ads, to provide social media features and to analyse "
           "our traffic. We also share information about your use of our site with our social media, "
           "advertising and analytics partners.", "Deny", "Customize", "Allow all"),
    "it": ("Questo sito web utilizza i cookie",
           "Utilizziamo i cookie per personalizzare contenuti ed annunci, per fornire funzionalità dei social "
           "media e per analizzare il nostro traffico. Condividiamo inoltre informazioni sul modo in cui "
           "utilizza il nostro sito con i nostri partner.", "Rifiuta", "Personalizza", "Consenti tutti"),
}
CB_CSS = (
    "#CybotCookiebotDialog{box-sizing:border-box;background:#fff;color:#141414;font-family:Helvetica,Arial,"
    "sans-serif;font-size:15px;letter-spacing:.1px;line-height:24px;z-index:2147483631;"
    "box-shadow:0 32px 68px rgba(0,0,0,.3);border-radius:8px;position:fixed}"
    "#CybotCookiebotDialog[data-template=popup]{left:50%;top:50%;transform:translate(-50%,-50%);"
    "width:calc(100% - 16px);max-width:900px;max-height:calc(100vh - 16px)}"
    "#CybotCookiebotDialog[data-template=slideup]{left:50%;bottom:8px;transform:translateX(-50%);"
    "width:calc(100% - 16px);max-width:1124px}"
    "#CybotCookiebotDialogHeader{border-bottom:1px solid #d6d6d6;padding:16px 24px;font-weight:700}"
    "#CybotCookiebotDialogBody{padding:16px 24px}"
    "#CybotCookiebotDialogBodyContentTitle{font-weight:700;margin-bottom:8px}"
    "#CybotCookiebotDialogFooter{padding:16px 24px;display:flex;gap:8px;justify-content:flex-end}"
    "#CybotCookiebotDialogFooter .CybotCookiebotDialogBodyButton{border:2px solid #1032cf;border-radius:4px;"
    "font-weight:600;padding:12px 18px;background:#fff;color:#141414}"
    "#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll{background:#1032cf!important;color:#fff!important}"
    )


def cookiebot(number: int, lang: str, template: str) -> Page:
    title, text, deny, customize, allow = CB_TEXT[lang]
    markup = (
        f'<div id="CybotCookiebotDialog" name="CybotCookiebotDialog" role="dialog" aria-modal="true" '
        f'aria-labelledby="CybotCookiebotDialogBodyContentTitle" tabindex="-1" lang="{lang}" dir="ltr" '
        f'class="CybotEdge CybotCookiebotDialogActive" data-template="{template}" style="display: block;">'
        '<div class="CybotCookiebotDialogContentWrapper">'
        '<div id="CybotCookiebotDialogHeader"><div id="CybotCookiebotDialogHeaderLogosWrapper">'
        '<span id="CybotCookiebotDialogPoweredByText">Cookiebot</span></div></div>'
        '<div id="CybotCookiebotDialogTabContent"><div id="CybotCookiebotDialogTabContentDetails">'
        '<div id="CybotCookiebotDialogBody"><div id="CybotCookiebotDialogBodyContent">'
        f'<h2 id="CybotCookiebotDialogBodyContentTitle" lang="{lang}">{title}</h2>'
        f'<div id="CybotCookiebotDialogBodyContentText" lang="{lang}">{text}</div></div></div></div></div>'
        '<div id="CybotCookiebotDialogFooter"><div id="CybotCookiebotDialogBodyButtonsWrapper">'
        '<button id="CybotCookiebotDialogBodyButtonDecline" class="CybotCookiebotDialogBodyButton">'
        f'{deny}</button>'
        '<button id="CybotCookiebotDialogBodyLevelButtonCustomize" class="CybotCookiebotDialogBodyButton">'
        f'{customize}</button>'
        '<button id="CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll" '
        f'class="CybotCookiebotDialogBodyButton">{allow}</button></div></div></div></div>')
    remove = [("#CybotCookiebotDialog", "cookieBanners")]
    return Page(number, "cookiebot", template, lang, "cookiebot", remove, css=CB_CSS, after=markup)


# --- ad creatives: what a network would serve into its slot ----------------------------------------------
def creative_name(width: int, height: int, lang: str) -> str:
    return f"ad-{width}x{height}-{lang}.html"


def creative(width: int, height: int, lang: str) -> str:
    size = 12 if height < 100 else 20
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>'
            "html,body{margin:0;overflow:hidden}"
            f".ad{{box-sizing:border-box;width:{width}px;height:{height}px;display:flex;align-items:center;"
            "justify-content:center;gap:10px;flex-direction:" + ("column" if width < height else "row") + ";"
            "background:linear-gradient(135deg,#6b2fb3,#d4386c);color:#fff;font:bold "
            f"{size}px/1.2 Arial,sans-serif;text-align:center;padding:6px;position:relative}}"
            ".tag{position:absolute;top:2px;right:4px;font:10px Arial,sans-serif;background:#fff;color:#555;"
            "padding:0 3px}.cta{background:#ffd400;color:#222;padding:4px 10px;border-radius:3px}"
            f'</style></head><body><div class="ad"><span class="tag">{AD_LABEL[lang]} ⓘ</span>'
            f'<span>{AD_TEXT[lang]}</span><span class="cta">›</span></div></body></html>\n')


SIZES = [(728, 90), (300, 250), (160, 600), (320, 50), (336, 280), (970, 250)]


TAG = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">'
       '<path d="M10 10h70l30 30-30 30H10z" fill="#f21b1b"/><circle cx="78" cy="40" r="6" fill="#fff"/>'
       '<text x="20" y="48" font-family="Arial" font-size="22" font-weight="bold" fill="#fff">%</text></svg>\n')


def creatives() -> dict[str, str]:
    made = {creative_name(w, h, lang): creative(w, h, lang) for w, h in SIZES for lang in AD_LABEL}
    made["tag.svg"] = TAG
    return made


def _iframe(frame_id: str, width: int, height: int, lang: str, extra: str = "") -> str:
    return (f'<iframe id="{frame_id}" name="{frame_id}" width="{width}" height="{height}" frameborder="0" '
            f'marginwidth="0" marginheight="0" scrolling="no" {extra}'
            f'src="creatives/{creative_name(width, height, lang)}"></iframe>')


def adsense(number: int, lang: str, width: int, height: int, where: str, slot: str) -> Page:
    ins = (f'<ins class="adsbygoogle" style="display:inline-block;width:{width}px;height:{height}px" '
           f'data-ad-client="ca-pub-1234567890123456" data-ad-slot="{slot}" data-adsbygoogle-status="done" '
           f'data-ad-status="filled"><div id="aswift_0_host" style="border: none; height: {height}px; '
           f'width: {width}px; margin: 0px; padding: 0px; position: relative; visibility: visible; '
           f'background-color: transparent; display: inline-block; overflow: hidden;">'
           + _iframe("aswift_0", width, height, lang,
                     'allowtransparency="true" aria-label="Advertisement" tabindex="0" '
                     'style="left:0;position:absolute;top:0;border:0;width:' f'{width}px;height:{height}px;" ')
           + "</div></ins>\n<script>\n     (adsbygoogle = window.adsbygoogle || []).push({});\n</script>")
    page = Page(number, "adsense", f"{width}x{height}", lang, "adsense", [("ins.adsbygoogle", "ads")])
    if where == "sidebar":
        page.css = ".with-rail{display:flex;gap:24px;justify-content:center}.rail{padding-top:24px}"
        page.before = '<div class="with-rail"><aside class="rail">' + ins + "</aside>"
        page.after = "</div>"
        page.css += "main.page{margin:0}"
    elif where == "top":
        page.before = f'<div class="leaderboard" style="text-align:center;padding:12px 0">{ins}</div>'
    else:
        page.inline = f'<div class="ad-in-article" style="text-align:center;margin:20px 0">{ins}</div>'
    return page


def adsense_anchor(number: int, lang: str) -> Page:
    ins = ('<ins class="adsbygoogle adsbygoogle-noablate" data-adsbygoogle-status="done" '
           'style="display: block; position: fixed !important; bottom: 0px; left: 0px !important; '
           'right: 0px !important; width: 100% !important; height: 66px !important; z-index: 2147483647; '
           'background-color: rgb(250, 250, 250) !important; box-shadow: rgba(0, 0, 0, 0.2) 0px -1px 5px -1px, '
           'rgba(0, 0, 0, 0.1) 0px 1px 2px -1px; text-align: center;" data-anchor-status="displayed" '
           'data-anchor-shown="true" data-ad-client="ca-pub-1234567890123456">'
           '<div class="grippy-host" style="position:absolute;top:-24px;left:50%;width:48px;height:24px;'
           'background:#fafafa;box-shadow:0 -1px 5px -1px rgba(0,0,0,.2)"></div>'
           '<div id="aswift_1_host" style="border: none; height: 50px; width: 320px; margin: 8px auto 0; '
           'padding: 0px; position: relative; visibility: visible; background-color: transparent; '
           'display: inline-block;">' + _iframe("aswift_1", 320, 50, lang,
                                                'allowtransparency="true" aria-label="Advertisement" ')
           + "</div></ins>")
    return Page(number, "adsense", "anchor", lang, "adsense", [("ins.adsbygoogle", "ads")], after=ins)


def gpt(number: int, lang: str, width: int, height: int, unit: str, div: str, where: str) -> Page:
    frame = f"google_ads_iframe_{unit}_0"
    slot = (f'<div id="{div}" style="min-width: {width}px; min-height: {height}px;" '
            f'data-google-query-id="CNv8t7fV5IkDFQ"><div id="{frame}__container__" style="border: 0pt none;">'
            + _iframe(frame, width, height, lang,
                      'title="3rd party ad content" role="region" aria-label="Advertisement" tabindex="0" '
                      'style="border: 0px; vertical-align: bottom;" data-load-complete="true" ')
            + "</div></div>\n<script>\n  googletag.cmd.push(function() { googletag.display("
            f"'{div}'); }});\n</script>")
    head = _script("window.googletag = window.googletag || {cmd: []};\ngoogletag.cmd.push(function() {\n"
                   f"  googletag.defineSlot('{unit}', [{width}, {height}], '{div}').addService(googletag.pubads());\n"
                   "  googletag.pubads().enableSingleRequest();\n  googletag.enableServices();\n});")
    page = Page(number, "gpt", f"{width}x{height}", lang, "gpt", [(f"#{div}", "ads")], head=head)
    box = f'<div class="ad-slot" style="text-align:center;margin:20px 0">{slot}</div>'
    if where == "top":
        page.before = box
    else:
        page.inline = box
    return page


def taboola(number: int, lang: str) -> Page:
    cards = "".join(
        f'<div class="videoCube trc_spotlight_item origin-default thumbnail_top syndicatedItem">'
        f'<a class="item-thumbnail-href" href="#sponsored-{i}" rel="nofollow"><span class="thumbBlock" '
        f'style="display:block;height:120px;background:{colour}"></span></a>'
        f'<a class="item-label-href" href="#sponsored-{i}" rel="nofollow"><span class="video-label-box">'
        f'<span class="video-title">{title}</span><span class="branding">{brand}</span></span></a></div>'
        for i, (colour, title, brand) in enumerate([
            ("#c9a66b", "Doctors stunned by this simple morning habit", "Health Daily"),
            ("#6b8fc9", "The 10 most beautiful villages you have never heard of", "TravelTips"),
            ("#9bc96b", "This new gadget is selling out everywhere", "GadgetZone"),
        ]))
    widget = (
        '<div id="taboola-below-article-thumbnails" class="trc_related_container trc_spotlight_widget '
        'tbl-feed-container" data-placement-name="Below Article Thumbnails">'
        '<div class="trc_rbox_container"><div class="trc_rbox thumbnails-a trc-content-sponsored">'
        '<div class="trc_rbox_header trc_rbox_border_elm"><div class="trc_rbox_header_span">You May Like</div>'
        '<span class="trc_header_ext"><a class="trc_attribution_position_top" href="#about-taboola" '
        'rel="nofollow"><span class="trc_logos_v_align">Sponsored Links by Taboola</span></a></span></div>'
        '<div class="trc_rbox_outer"><div class="trc_rbox_div trc_rbox_border_elm">'
        f'<div class="videoCube_wrapper" style="display:grid;grid-template-columns:repeat(3,1fr);gap:12px">{cards}'
        "</div></div></div></div></div></div>\n"
        "<script type=\"text/javascript\">\n  window._taboola = window._taboola || [];\n  _taboola.push({\n"
        "    mode: 'thumbnails-a',\n    container: 'taboola-below-article-thumbnails',\n"
        "    placement: 'Below Article Thumbnails',\n    target_type: 'mix'\n  });\n</script>")
    head = _script("window._taboola = window._taboola || [];\n_taboola.push({article:'auto'});")
    css = (".trc_rbox_header{font:bold 18px Arial,sans-serif;display:flex;justify-content:space-between;"
           "margin:24px 0 8px}.trc_header_ext{font:11px Arial,sans-serif;color:#999}"
           ".video-title{display:block;font:bold 14px Arial,sans-serif;color:#222}.branding{font:12px Arial;"
           "color:#999}.videoCube a{text-decoration:none}")
    return Page(number, "taboola", "below-article", lang, "taboola",
                [("#taboola-below-article-thumbnails", "ads")], head=head, css=css, below=widget)


def outbrain(number: int, lang: str) -> Page:
    titles = {"de": [("#b57a4a", "So sparen Sie jeden Monat bei den Stromkosten", "Energie heute"),
                     ("#4a7ab5", "Diese Reiseziele sind im Herbst noch ein Geheimtipp", "Reisewelt"),
                     ("#4ab57a", "Warum alle plötzlich über dieses Gartenwerkzeug sprechen", "Garten & Co")]}
    recs = "".join(
        f'<li class="ob-dynamic-rec-container ob-recIdx-{i} ob-p"><a class="ob-dynamic-rec-link" '
        f'href="#promoted-{i}" rel="nofollow"><div class="ob-rec-image-container"><div class="ob-image-ratio">'
        f'</div><span class="ob-rec-image" style="display:block;height:110px;background:{colour}"></span>'
        f'</div><span class="ob-rec-text">{title}</span><span class="ob-rec-source">{source}</span></a></li>'
        for i, (colour, title, source) in enumerate(titles[lang]))
    widget = (
        '<div class="OUTBRAIN" data-src="./" data-widget-id="AR_1" data-ob-template="DE_Example" '
        'data-ob-mark="true"><div class="ob-widget ob-feed-layout AR_1" data-dynamic-truncate="true">'
        '<div class="ob-widget-header"><span class="ob-widget-text">Empfohlen von</span>'
        '<a class="ob_what" href="#what-is-outbrain" rel="nofollow"><span class="ob_logo">Outbrain</span></a>'
        '</div><ul class="ob-widget-items-container" style="display:grid;grid-template-columns:repeat(3,1fr);'
        f'gap:12px;list-style:none;padding:0">{recs}</ul></div></div>')
    css = (".ob-widget-header{display:flex;justify-content:space-between;font:bold 16px Arial,sans-serif;"
           "margin:24px 0 8px}.ob-rec-text{display:block;font:bold 14px Arial,sans-serif;color:#222}"
           ".ob-rec-source{font:12px Arial;color:#999}.ob-dynamic-rec-link{text-decoration:none}")
    return Page(number, "outbrain", "feed", lang, "outbrain", [(".OUTBRAIN", "ads")], css=css, below=widget)


# --- bioEp exit-intent popup -----------------------------------------------------------------------------
BIOEP_TEXT = {
    "en": ("HOLD ON!", "Click the button below to get a special discount", "This offer will NOT show again!",
           "CLAIM YOUR DISCOUNT"),
    "fr": ("ATTENDEZ !", "Cliquez sur le bouton ci-dessous pour obtenir une remise spéciale",
           "Cette offre ne sera PLUS proposée !", "PROFITER DE LA REMISE"),
}
TAG_SVG = ("creatives/tag.svg")


def bioep(number: int, lang: str) -> Page:
    wait, click, once, claim = BIOEP_TEXT[lang]
    html = (f'<div id="bio_ep_content"><img src="{TAG_SVG}" alt="" />'
            f"<span>{wait}</span><span>{click}</span><span>{once}</span>"
            f'<a href="#YOURURLHERE" class="bio_btn">{claim}</a></div>')
    css = ("#bio_ep {width: 400px; height: 300px; color: #333; background-color: #fafafa; text-align: center;}"
           '#bio_ep_content {padding: 24px 0 0 0; font-family: "Titillium Web";}'
           "#bio_ep_content span:nth-child(2) {display: block; color: #f21b1b; font-size: 32px; font-weight: 600;}"
           "#bio_ep_content span:nth-child(3) {display: block; font-size: 16px;}"
           "#bio_ep_content span:nth-child(4) {display: block; margin: -5px 0 0 0; font-size: 16px; "
           "font-weight: 600;}"
           ".bio_btn {display: inline-block; margin: 18px 0 0 0; padding: 7px; color: #fff; font-size: 14px; "
           "font-weight: 600; background-color: #70bb39; border: 1px solid #47ad0b; cursor: pointer; "
           "-webkit-appearance: none; -moz-appearance: none; border-radius: 0; text-decoration: none;}")
    options = {"html": html, "css": css, "cookieExp": 0, "delay": 0, "showOnDelay": True}
    return Page(number, "bioep", "exit-intent", lang, "bioep",
                [("#bio_ep", "popups"), ("#bio_ep_bg", "popups")],
                after=_lib("exit-intent-popup-1.0.0/bioep.min.js")
                + _script(f"bioEp.init({json.dumps(options, ensure_ascii=False)});"))


# --- negatives: the page's own elements that look like overlays and must stay ----------------------------
POLICY = {
    "en": ("Cookie policy", [
        "This cookie policy explains what cookies are, which cookies this website sets and how you can "
        "control them. A cookie is a small text file that a website stores in your browser.",
        "We set strictly necessary cookies that keep you signed in and remember the items in your basket. "
        "With your consent we also set analytics cookies that count visits anonymously.",
        "You can change your choice at any time on the cookie settings page, and you can delete cookies "
        "through the settings of your browser. Blocking necessary cookies may stop parts of the site working.",
        "Questions about this policy can be sent to our data protection officer at the address on the "
        "contact page. This policy was last updated in March.",
    ]),
    "de": ("Cookie-Richtlinie", [
        "Diese Cookie-Richtlinie erklärt, was Cookies sind, welche Cookies diese Website setzt und wie Sie "
        "sie steuern können. Ein Cookie ist eine kleine Textdatei, die eine Website in Ihrem Browser speichert.",
        "Wir setzen technisch notwendige Cookies, damit Sie angemeldet bleiben und Ihr Warenkorb erhalten "
        "bleibt. Mit Ihrer Einwilligung setzen wir außerdem Analyse-Cookies, die Besuche anonym zählen.",
        "Sie können Ihre Auswahl jederzeit auf der Seite der Cookie-Einstellungen ändern und Cookies in den "
        "Einstellungen Ihres Browsers löschen.",
        "Fragen zu dieser Richtlinie richten Sie bitte an unseren Datenschutzbeauftragten. Stand: März.",
    ]),
    "it": ("Informativa sui cookie", [
        "Questa informativa spiega cosa sono i cookie, quali cookie utilizza questo sito e come puoi "
        "gestirli. Un cookie è un piccolo file di testo che un sito salva nel tuo browser.",
        "Utilizziamo cookie tecnici necessari per mantenere l'accesso e ricordare il carrello. Con il tuo "
        "consenso utilizziamo anche cookie analitici che contano le visite in forma anonima.",
        "Puoi modificare la tua scelta in qualsiasi momento dalla pagina delle impostazioni dei cookie e "
        "cancellare i cookie dalle impostazioni del browser.",
        "Per domande su questa informativa puoi scrivere al nostro responsabile della protezione dei dati.",
    ]),
    "pt": ("Definições de cookies", [
        "Nesta página pode escolher que cookies aceita neste site. Os cookies necessários não podem ser "
        "desativados, porque sem eles o site não funciona.",
        "Os cookies de análise ajudam-nos a perceber que páginas são mais visitadas. Os cookies de "
        "personalização lembram as suas preferências de idioma e de apresentação.",
        "As suas escolhas ficam guardadas durante seis meses e pode alterá-las a qualquer momento.",
        "Para mais informação, consulte a nossa política de privacidade.",
    ]),
}


def site(number: int, shape: str, lang: str, keep: str, *, before: str = "", after: str = "", css: str = "",
         below: str = "", head: str = "", policy: bool = False) -> Page:
    return Page(number, "site", shape, lang, "site", [], head=head, before=before, after=after, css=css,
                below=below, keep=[keep], article=POLICY[lang] if policy else None)


NAV = {"en": ["Home", "News", "Sport", "Culture", "Contact"], "de": ["Start", "Nachrichten", "Sport", "Kultur"],
       "fr": ["Accueil", "Actualités", "Sport", "Culture"], "pl": ["Strona główna", "Wiadomości", "Sport"],
       "es": ["Inicio", "Noticias", "Deportes"], "it": ["Home", "Notizie", "Sport"], "nl": ["Home", "Nieuws"],
       "pt": ["Início", "Loja"]}


def _links(lang: str) -> str:
    return "".join(f'<a href="#{i}" style="color:inherit;margin-right:18px;text-decoration:none">{text}</a>'
                   for i, text in enumerate(NAV[lang]))


def negatives(start: int) -> list[Page]:
    n = iter(range(start, start + 100))
    header_css = "body{padding-top:64px}"
    pages = [
        site(next(n), "fixed-header", "en", "#site-header", css=header_css,
             before='<header id="site-header" style="position:fixed;top:0;left:0;right:0;height:64px;'
                    'background:#12324a;color:#fff;z-index:100;display:flex;align-items:center;padding:0 24px;'
                    'font:bold 16px Arial,sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.3)">'
                    f'<span style="margin-right:40px;font-size:22px">The River Gazette</span>{_links("en")}</header>'),
        site(next(n), "fixed-header", "de", "#site-header", css=header_css,
             before='<header id="site-header" class="site-header" style="position:fixed;top:0;left:0;right:0;'
                    'height:64px;background:#fff;color:#222;z-index:1000;display:flex;align-items:center;'
                    'padding:0 24px;border-bottom:3px solid #c00;font:16px Arial,sans-serif">'
                    f'<b style="margin-right:40px;font-size:22px">Stadtanzeiger</b>{_links("de")}'
                    '<button type="button" style="margin-left:auto">Suche</button></header>'),
        site(next(n), "sticky-nav", "fr", "#site-nav",
             before='<div style="height:120px;background:#eee;display:flex;align-items:center;padding:0 24px;'
                    'font:bold 28px Georgia">Le Quotidien du Marché</div><nav id="site-nav" style="position:sticky;'
                    'top:0;z-index:50;background:#1d3557;color:#fff;padding:14px 24px;font:15px Arial,sans-serif">'
                    f'{_links("fr")}</nav>'),
        site(next(n), "sticky-toc", "es", "#toc",
             css=".layout{display:flex;gap:24px;justify-content:center}main.page{margin:0}",
             before='<div class="layout"><aside id="toc" style="position:sticky;top:16px;align-self:flex-start;'
                    'width:220px;margin-top:24px;padding:12px 16px;border-left:4px solid #2a9d8f;background:#f4f7f6;'
                    'font:14px Arial,sans-serif"><b>Contenido</b><ol><li><a href="#a">Historia</a></li>'
                    '<li><a href="#b">Restauración</a></li><li><a href="#c">Visitas</a></li></ol></aside>',
             after="</div>"),
        site(next(n), "cookie-policy", "en", "#policy-contact", policy=True,
             below='<section id="policy-contact" style="border:1px solid #ccc;padding:16px;font:14px Arial">'
                   '<h2>Manage your cookie settings</h2><p>Necessary cookies are always on. You can turn analytics '
                   'cookies on or off on the <a href="cookie-settings.html">cookie settings page</a>.</p></section>'),
        site(next(n), "cookie-policy", "de", "#policy-table", policy=True,
             below='<table id="policy-table" style="border-collapse:collapse;font:14px Arial"><tr><th>Cookie</th>'
                   '<th>Zweck</th><th>Dauer</th></tr><tr><td>session</td><td>Anmeldung</td><td>Sitzung</td></tr>'
                   '<tr><td>consent</td><td>Speichert Ihre Cookie-Auswahl</td><td>6 Monate</td></tr></table>'),
        site(next(n), "cookie-policy", "it", "#policy-note", policy=True,
             below='<aside id="policy-note" style="background:#fff8e1;border-left:4px solid #f0a500;padding:12px '
                   '16px;font:14px Arial">Puoi cancellare i cookie in qualsiasi momento dalle impostazioni del '
                   'browser. <button type="button">Impostazioni cookie</button></aside>'),
        site(next(n), "cookie-settings-page", "pt", "#cookie-settings-form", policy=True,
             below='<form id="cookie-settings-form" style="border:1px solid #ccc;padding:16px;font:15px Arial">'
                   '<label><input type="checkbox" checked disabled> Necessários</label><br><label><input '
                   'type="checkbox"> Análise</label><br><label><input type="checkbox"> Personalização</label><br>'
                   '<button type="button">Guardar preferências</button></form>'),
        site(next(n), "login-modal", "en", "#login-modal",
             after='<div id="login-modal" role="dialog" aria-modal="true" aria-labelledby="login-title" '
                   'style="position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);width:360px;'
                   'background:#fff;border-radius:8px;box-shadow:0 10px 40px rgba(0,0,0,.35);padding:28px;'
                   'z-index:500;font:15px Arial,sans-serif"><h2 id="login-title">Sign in to your account</h2>'
                   '<form action="#"><label>Email<br><input type="email" style="width:100%"></label><br><br>'
                   '<label>Password<br><input type="password" style="width:100%"></label><br><br>'
                   '<button type="submit">Sign in</button> <a href="#forgot">Forgot password?</a></form></div>'),
        site(next(n), "login-modal", "nl", "#login-dialog",
             after='<dialog id="login-dialog" open style="position:fixed;top:20%;margin:0 auto;width:380px;'
                   'border:0;border-radius:10px;box-shadow:0 10px 40px rgba(0,0,0,.35);padding:28px;'
                   'z-index:500;font:15px Arial,sans-serif"><h2>Inloggen bij Mijn Omgeving</h2><form action="#">'
                   '<label>Gebruikersnaam<br><input style="width:100%"></label><br><br><label>Wachtwoord<br>'
                   '<input type="password" style="width:100%"></label><br><br><button type="submit">Inloggen'
                   '</button></form></dialog>'),
        site(next(n), "canvas-app", "en", "#app-canvas",
             css="main.page{position:relative;z-index:1;background:rgba(255,255,255,.94);margin:24px;"
                 "max-width:460px}",
             before='<canvas id="app-canvas" width="1280" height="800" style="position:fixed;top:0;left:0;'
                    'width:100vw;height:100vh;z-index:0;display:block"></canvas>',
             after="<script>\n(function () {\n"
                   "  var c = document.getElementById('app-canvas'), g = c.getContext('2d');\n"
                   "  for (var i = 0; i < 40; i++) { g.fillStyle = 'hsl(' + (i * 9) + ',60%,70%)';\n"
                   "    g.fillRect((i * 97) % 1280, (i * 53) % 800, 160, 120); }\n})();\n</script>"),
        site(next(n), "map-app", "pl", "#map",
             css="main.page{position:relative;z-index:2;background:#fff;margin:16px;max-width:440px;"
                 "box-shadow:0 2px 10px rgba(0,0,0,.3)}",
             before='<div id="map" class="map-container" role="application" aria-label="Mapa" '
                    'style="position:fixed;inset:0;z-index:1;background:repeating-linear-gradient(0deg,#e8eedf 0 '
                    '63px,#fff 63px 64px),repeating-linear-gradient(90deg,#e8eedf 0 63px,#fff 63px 64px);'
                    'background-blend-mode:multiply"><div class="map-controls" style="position:absolute;'
                    'right:16px;top:16px;background:#fff;font:bold 20px Arial;padding:4px 10px">+<br>−</div></div>'),
        site(next(n), "add-to-cart-bar", "pt", "#buy-bar", css="body{padding-bottom:72px}",
             after='<div id="buy-bar" style="position:fixed;left:0;right:0;bottom:0;height:64px;background:#fff;'
                   'border-top:1px solid #ddd;box-shadow:0 -2px 8px rgba(0,0,0,.1);display:flex;align-items:center;'
                   'justify-content:flex-end;gap:20px;padding:0 24px;z-index:90;font:16px Arial,sans-serif">'
                   '<span>Livro de fotografias do cais</span><b>24,90 €</b><button type="button" '
                   'style="background:#e76f51;color:#fff;border:0;padding:12px 20px">Adicionar ao carrinho</button>'
                   '</div>'),
        site(next(n), "media-player", "en", "#player",
             after='<div id="player" class="podcast-player" role="region" aria-label="Audio player" '
                   'style="position:fixed;left:0;right:0;bottom:0;height:72px;background:#1b1b1b;color:#fff;'
                   'display:flex;align-items:center;gap:16px;padding:0 24px;z-index:80;font:14px Arial">'
                   '<button type="button" aria-label="Play">▶</button><span>Episode 12: The stone bridge</span>'
                   '<progress value="32" max="100" style="flex:1"></progress><span>12:04 / 38:10</span></div>'),
        site(next(n), "back-to-top", "fr", "#back-to-top",
             after='<a id="back-to-top" href="#article" aria-label="Retour en haut" style="position:fixed;'
                   'right:24px;bottom:24px;width:44px;height:44px;border-radius:50%;background:#1d3557;'
                   'color:#fff;display:flex;align-items:center;justify-content:center;text-decoration:none;'
                   'font:bold 20px Arial;z-index:60">↑</a>'),
        site(next(n), "sticky-sidebar", "it", "#related",
             css=".layout{display:flex;gap:24px;justify-content:center}main.page{margin:0}",
             before='<div class="layout">',
             after='<aside id="related" style="position:sticky;top:16px;align-self:flex-start;width:240px;'
                   'margin-top:24px;padding:16px;background:#f5f5f5;font:14px Arial"><h3>Articoli correlati</h3>'
                   '<ul><li><a href="#r1">Le campane della città</a></li><li><a href="#r2">Gli orologiai della '
                   'valle</a></li></ul></aside></div>'),
        site(next(n), "app-toolbar", "de", "#editor-toolbar", css="body{padding-bottom:56px}",
             after='<div id="editor-toolbar" role="toolbar" aria-label="Werkzeuge" style="position:fixed;left:0;'
                   'right:0;bottom:0;height:48px;background:#2b2d42;color:#fff;display:flex;align-items:center;'
                   'gap:8px;padding:0 16px;z-index:70;font:14px Arial"><button type="button">Fett</button>'
                   '<button type="button">Kursiv</button><button type="button">Link</button><span '
                   'style="margin-left:auto">Gespeichert</span></div>'),
        site(next(n), "search-overlay", "es", "#search-overlay",
             after='<div id="search-overlay" role="search" style="position:fixed;top:0;left:0;right:0;'
                   'background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.2);padding:24px;z-index:400;'
                   'font:16px Arial"><form action="#"><label for="q">Buscar en el archivo</label><br>'
                   '<input id="q" type="search" value="tranvía" autofocus style="width:60%;font-size:20px">'
                   '<button type="submit">Buscar</button></form><p>3 resultados para «tranvía»</p></div>'),
        site(next(n), "bottom-nav", "nl", "#bottom-nav", css="body{padding-bottom:64px}",
             after='<nav id="bottom-nav" style="position:fixed;left:0;right:0;bottom:0;height:56px;'
                   'background:#fff;border-top:1px solid #ccc;display:flex;justify-content:space-around;'
                   'align-items:center;z-index:75;font:13px Arial">'
                   '<a href="#home">Home</a><a href="#nieuws">Nieuws</a><a href="#zoeken">Zoeken</a>'
                   '<a href="#profiel">Profiel</a></nav>'),
        site(next(n), "fixed-header", "pl", "#site-header", css=header_css,
             before='<header id="site-header" style="position:fixed;top:0;left:0;right:0;height:64px;'
                    'background:#264653;color:#fff;z-index:100;display:flex;align-items:center;padding:0 24px;'
                    f'font:16px Arial,sans-serif"><b style="margin-right:40px">Kurier Kolejowy</b>{_links("pl")}'
                    '</header>'),
    ]
    return pages


def pages() -> list[Page]:
    n = iter(range(1, 1000))
    overlay = [
        osano(next(n), "en", "bar-bottom", {"position": "bottom", "theme": "block"}),
        osano(next(n), "de", "floating-left", {"position": "bottom-left", "type": "opt-in", "theme": "classic"}),
        osano(next(n), "fr", "bar-top", {"position": "top", "type": "opt-out", "theme": "block"}),
        osano(next(n), "es", "floating-right", {"position": "bottom-right", "theme": "edgeless"}),
        vanilla(next(n), "en", "box", {"layout": "box", "position": "bottom right"}),
        vanilla(next(n), "it", "bar", {"layout": "bar", "position": "bottom"}),
        vanilla(next(n), "nl", "cloud", {"layout": "cloud inline", "position": "bottom center"}),
        vanilla(next(n), "pl", "wall", {"layout": "box wide", "position": "middle center"}, wall=True),
        vanilla(next(n), "pt", "box-left", {"layout": "box inline", "position": "bottom left"}),
        klaro(next(n), "de", "notice", False),
        klaro(next(n), "fr", "notice", False),
        klaro(next(n), "it", "modal", True),
        klaro(next(n), "nl", "notice", False),
        klaro(next(n), "pl", "modal", True),
        tarteaucitron(next(n), "fr", "bottom"),
        tarteaucitron(next(n), "en", "middle"),
        tarteaucitron(next(n), "de", "top"),
        tarteaucitron(next(n), "es", "popup"),
        tarteaucitron(next(n), "pt", "banner"),
        cookie_notice(next(n), "bottom"),
        cookie_notice(next(n), "top"),
        cookies_eu_banner(next(n), "en"),
        cookies_eu_banner(next(n), "fr"),
        cookie_alert(next(n), "en"),
        cookie_alert(next(n), "pl"),
        mozilla(next(n), "en"),
        mozilla(next(n), "de"),
        govuk(next(n), "default", GOVUK_DEFAULT),
        govuk(next(n), "with-html", GOVUK_WITH_HTML),
        onetrust(next(n), "en", "otFlat"),
        onetrust(next(n), "de", "otCenterRounded"),
        cookiebot(next(n), "en", "popup"),
        cookiebot(next(n), "it", "slideup"),
        adsense(next(n), "en", 728, 90, "top", "1234567890"),
        adsense(next(n), "de", 300, 250, "inline", "2345678901"),
        adsense(next(n), "fr", 160, 600, "sidebar", "3456789012"),
        adsense(next(n), "es", 336, 280, "inline", "4567890123"),
        adsense_anchor(next(n), "en"),
        gpt(next(n), "en", 728, 90, "/1234/travel/asia", "div-gpt-ad-123456789-0", "top"),
        gpt(next(n), "it", 300, 250, "/6355419/Travel/Europe/France/Paris", "banner-ad", "inline"),
        gpt(next(n), "nl", 970, 250, "/1234/nieuws/billboard", "div-gpt-ad-1700000000000-0", "top"),
        taboola(next(n), "en"),
        outbrain(next(n), "de"),
        bioep(next(n), "en"),
        bioep(next(n), "fr"),
    ]
    return overlay + negatives(next(n))
