"""Layer 2 of removeElements: what overlays a page, in numbers, and the model that says what each overlay is.

`engine/browser/overlays.js` finds the candidates in the page (fixed or sticky elements, absolutely placed ones
above z-index 100; in-flow blocks near the body's top or end with consent words and an accept or reject control; ad
slots of the IAB sizes; inside open shadow roots and the closed ones engine.browser.watching hands over) and
measures each with the FEATURES below, reading the text and controls of the frames a candidate is or holds;
`OverlayModel` turns a candidate's numbers into a kind: `none` (the page's own content), `cookieBanners`, `popups`
or `ads`. The model is a set of gradient-boosted decision trees (a linear model could not take pop-ups that say
their purpose in many ways without losing others) fitted by `tests/overlays/train.py` on every shape of the labelled
corpus in `tests/overlays/` and the first-look sets that joined it, stored as `engine/browser/overlay-model.json`
(its trees, each kind's threshold, its grouped cross-validation scores: the shapes left out whole, in twelve groups).

Words are matched in lower case as substrings, so a stem covers its forms (`akzept` for akzeptieren and akzeptiert).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

KINDS = ("cookieBanners", "popups", "ads")  # the removeElements flags, and what the model can call an overlay
CLASSES = ("none", *KINDS)
MAX_REPORTED = 50  # ad slots (cosmetic rules) described and counted per capture, and removals listed in a job
MODEL_PATH = Path(__file__).with_name("overlay-model.json")
FINDER_PATH = Path(__file__).with_name("overlays.js")
WORDS_PATH = Path(__file__).with_name("overlay-words.json")  # 69 languages' banner words, each entry cited there
FEATURES = (  # each lies in [0, 1]; the finder computes them in this order
    "coverage",        # share of the viewport the element covers
    "width",           # its visible width / the viewport's
    "height",          # its visible height / the viewport's
    "top",             # touches the top edge
    "bottom",          # touches the bottom edge
    "centred",         # its centre near the viewport's centre
    "corner",          # small and in a bottom corner (chat bubbles, toasts)
    "fixed",           # position: fixed
    "sticky",          # position: sticky
    "absolute",        # position: absolute (with z-index >= 100)
    "z_index",         # log10(1 + z-index) / 10
    "backdrop",        # covers the viewport with a translucent colour or a backdrop blur
    "scroll_locked",   # the page's own scrolling is switched off (html/body overflow hidden, body fixed)
    "consent_words",   # consent vocabulary in its text (cookie, datenschutz, consentement, …)
    "offer_words",     # newsletter, subscription and paywall vocabulary
    "ad_words",        # advertisement labels (Anzeige, publicité, sponsored, …)
    "chat_words",      # chat and support vocabulary, of a box with no field to type in (a greeting, not the chat)
    "app_words",       # "open in the app" vocabulary
    "accept_button",   # a control that accepts or agrees
    "reject_button",   # a control that rejects or declines
    "close_button",    # a control that closes (×, close, schließen, …)
    "email_input",     # an e-mail field
    "password_input",  # a password field: a login form is the page's purpose, not an interruption
    "text_length",     # log10(1 + characters of its text) / 4
    "text_share",      # its share of the page's whole text
    "links",           # links in it, up to 20, / 20
    "navigation",      # it is or holds the site's own landmarks: a header, nav, menu bar or search (field)
    "dialog",          # it is or holds a dialog (dialog element, role=dialog, aria-modal)
    "frame",           # it is or holds an iframe
    "name_consent",    # its id or class names speak of cookies or consent
    "name_modal",      # … of a modal, pop-up, overlay, dialog (a form, not a purpose)
    "name_offer",      # … of a newsletter, subscription, paywall, promotion, app banner (a purpose)
    "name_ad",         # … of an ad
    "name_header",     # … of a header, navigation, menu, sidebar, footer
    "in_flow",         # not positioned: a block near the body's top or end, or an ad slot in the content
    "ad_size",         # its box is one of the IAB ad sizes (728x90, 300x250, 160x600, 320x50, …)
    "paid_link",       # it is a link marked paid (rel=sponsored, as search engines ask of ads) or most of its are
    "show_again",      # a checkbox saying not to show it again (today, now): an interruption's own choice
)

PAGE_TEXT_SHARE = 0.9  # an element holding this share of the page's text is the page
_CONSENT_WORDS, _TEXT_LENGTH, _OFFER, _PASSWORD, _TEXT_SHARE = (FEATURES.index(name) for name in (
    "consent_words", "text_length", "offer_words", "password_input", "text_share"))
# What a box says it is itself, whatever the trees say (OverlayModel.judge): links marked paid (rel=sponsored, as
# search engines ask), or a box named for consent that speaks of it and offers both choices (each feature above 0)
_SAID = {"ads": ("paid_link",), "cookieBanners": ("consent_words", "accept_button", "reject_button", "name_consent")}
_PURPOSE = tuple(FEATURES.index(name) for name in (
    "consent_words", "offer_words", "ad_words", "app_words", "chat_words", "accept_button", "reject_button",
    "email_input", "name_consent", "name_offer", "name_ad", "ad_size", "paid_link", "show_again"))


def has_purpose(features: tuple[float, ...]) -> bool:
    """Candidate.purposeful of a candidate's FEATURES; what holds nearly all the page's text is the page (a photo
    viewer, an app's shell), and a login form is the page's purpose unless it says an offer's words twice (a wall)."""
    return (features[_TEXT_SHARE] < PAGE_TEXT_SHARE and any(features[at] > 0 for at in _PURPOSE)
            and not (features[_PASSWORD] > 0 and features[_OFFER] < 0.4))


_WORDS_FILE = orjson.loads(WORDS_PATH.read_bytes())
_ASKS = tuple(FEATURES.index(name) for name in ("accept_button", "reject_button", "close_button", "frame"))

def asks_consent(features: tuple[float, ...]) -> bool:
    """Whether a candidate can be a consent banner: it offers a choice (accept, reject, close), holds a frame, says
    consent words twice or nothing (a platform's backdrop); not a recipe site's "cookie" bar of links and no choice."""
    return (features[_CONSENT_WORDS] >= 0.4 or any(features[at] > 0 for at in _ASKS)
            or features[_TEXT_LENGTH] < 0.1)


WORDS: dict[str, tuple[str, ...]] = {
    "consent": (
        "cookie", "consent", "gdpr", "privacy", "personal data", "tracking", "partners",
        "datenschutz", "einwilligung", "zustimm", "personenbezogen",
        "consentement", "confidentialité", "données personnelles", "traceurs",
        "consentimiento", "privacidad", "datos personales",
        "consenso", "riservatezza", "dati personali",
        "toestemming", "persoonsgegevens",
        "consentimento", "privacidade", "dados pessoais",
        "zgod", "prywatnoś", "ciasteczk", "dane osobowe", "plików cookie",
    ),
    "offer": (
        "newsletter", "subscribe", "subscription", "sign up", "join our", "discount", "% off", "inbox", "premium",
        "free articles", "keep reading", "continue reading", "unlimited access",
        "abonn", "anmelden", "rabatt", "weiterlesen", "gratis", "jetzt registrieren",
        "s'abonner", "inscri", "réduction", "offre", "lisez",
        "suscr", "descuento", "oferta", "seguir leyendo",
        "iscriviti", "abbonat", "sconto", "offerta", "continua a leggere",
        "inschrijven", "aanmelden", "korting", "lees verder",
        "assin", "desconto", "continuar lendo", "cadastre",
        "zapisz się", "subskryp", "rabat", "prenumerat", "czytaj dalej",
        # asking for notifications, and for a survey's answers
        "notification", "benachrichtigung", "notificaç", "notificacion", "notifica", "meldingen", "powiadomie",
        "уведомлен", "oznámení", "bildirim", "通知", "알림", "survey", "your opinion", "umfrage",
        "ihre meinung", "enquête", "votre avis", "encuesta", "su opinión", "sondaggio", "pesquisa",
        "sua opinião", "ankiet", "опрос", "dotazník", "anket", "アンケート", "调查", "설문", "vragenlijst", "průzkum",
        "kysely", "enkät", "kérdőív", "chestionar", "опитування", "问卷", "問卷", "استطلاع",
        # asking for a donation, a recommendation score, a visit to a new site
        "donate", "donation", "support our journalism", "spenden", "faire un don", "soutenez-nous", "donar ",
        "donación", "doação", "donazione", "sostienici", "doneer", "wesprzyj", "пожертв", "寄付", "捐赠", "후원",
        "likely are you to recommend", "wie wahrscheinlich", "recommanderiez", "recomendarías", "raccomanderesti",
        "polecił", "порекомендуете", "new website", "our new site", "neue website", "nouveau site",
        "nuevo sitio web", "nuovo sito", "nieuwe website", "nowa strona", "новый сайт",
        # asking to sign in, or for a minute of a survey
        "sign in with", "continue with google", "continue as", "quick survey", "short survey", "a few questions",
        "got a minute", "would you recommend", "zou aanbevelen", "weiterempfehlen", "recommanderiez",
        "recomendaría", "consiglieresti",
    ),
    "ad": (
        "advertisement", "sponsored", "anzeige", "werbung", "gesponsert", "publicité", "sponsorisé", "publicidad",
        "patrocinado", "pubblicità", "sponsorizzato", "advertentie", "gesponsord", "publicidade", "reklama",
        "sponsorowane", "ad choices", "adchoices",
    ),
    "chat": (
        "chat", "need help", "how can we help", "support", "message us", "live help", "hilfe", "assistance",
        "ayuda", "aiuto", "hulp", "ajuda", "pomoc", "posso ajudar", "podemos ayudar", "können wir helfen",
    ),
    "app": (
        "open in app", "get the app", "download the app", "app store", "google play", "in the app", "our app",
        "in der app", "zur app", "l'application", "la app", "nell'app", "de app", "no app", "w aplikacji",
        "aplikacj", "install the app", "install our app", "app installieren", "installer l'app", "instalar la app",
        "baixe o app", "baixar o app", "descarregue o app", "descarregue a app", "instale o app", "abra o app",
        "★★★★",  # a store's rating, as app banners show it beside their one "Open" or "Install"
    ),
    "accept": (
        "accept", "agree", "allow", "got it", "i understand", "akzept", "zustimm", "einverstanden",
        "alle erlauben", "accepter", "j'accepte", "d'accord", "aceptar", "acepto", "accett", "accetto",
        "accepteren", "akkoord", "aceitar", "aceito", "concordo", "akceptuj", "zgadzam", "zgoda", "rozumiem",
    ),
    "reject": (
        "reject", "decline", "refuse", "deny", "necessary only", "only necessary", "essential only", "ablehnen",
        "nur notwendige", "refuser", "continuer sans", "rechazar", "rifiut", "rifiuta", "weigeren", "afwijzen",
        "rejeitar", "recusar", "odrzuć", "odrzuc", "nie zgadzam",
    ),
    "close": (
        "close", "dismiss", "no thanks", "no, thanks", "not now", "maybe later", "schließen", "nein danke",
        "fermer", "non merci", "cerrar", "no gracias", "chiudi", "no grazie", "sluiten", "nee bedankt", "fechar",
        "não obrigado", "zamknij", "nie, dziękuję",
        # not to be shown again: the choice a notice's or a promotion's layer offers beside its close
        "don't show again", "do not show again", "don't show this again", "nicht mehr anzeigen",
        "nicht wieder anzeigen", "ne plus afficher", "no volver a mostrar", "no mostrar de nuevo", "non mostrare più",
        "niet meer tonen", "não mostrar novamente", "não mostrar de novo", "nie pokazuj ponownie",
        "больше не показывать", "今日は表示しない", "今後表示しない", "不再显示", "今天不再显示", "不再顯示",
        # an app's sheet: staying on the web is its decline
        "continue in browser", "continue in the browser", "stay in browser", "im browser fortfahren",
        "weiter im browser", "continuer dans le navigateur", "continuar en el navegador", "continua nel browser",
        "continuar no navegador", "doorgaan in de browser", "kontynuuj w przeglądarce", "продолжить в браузере",
        "tarayıcıda devam et", "ブラウザで続ける", "在浏览器中继续", "继续使用浏览器", "브라우저로 계속",
        "모바일 웹으로 볼게요", "ब्राउज़र में जारी रखें", "المتابعة في المتصفح", "lanjutkan di browser",
        "tiếp tục trên trình duyệt", "ดำเนินการต่อในเบราว์เซอร์",
    ),
}


def _with_languages(own: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The lists above joined with overlay-words.json's (the 24 EU languages and 45 more, cited there), all matched."""
    languages = _WORDS_FILE["languages"].values()
    return {category: tuple(dict.fromkeys([*words, *(w for lang in languages for w in lang.get(category, ()))]))
            for category, words in own.items()}


WORDS = _with_languages(WORDS)
CLOSE_GLYPHS = ("×", "✕", "✖", "╳", "x", "✗")  # a control whose whole text is one of these closes
NAMES: dict[str, tuple[str, ...]] = {  # tokens of id and class names (split at anything but letters and digits)
    "consent": ("cookie", "cookies", "consent", "gdpr", "cmp", "privacy", "tracking", "onetrust", "didomi",
                "cookiebot", "usercentrics", "cookiebanner", "cookienotice", "cookieconsent",  # no cc: Crisp's too
                "cmpbox", "cmpstyleroot"),  # consentmanager's boxes
    "modal": ("modal", "popup", "pop", "overlay", "dialog", "lightbox", "interstitial", "chat", "widget", "launcher",
              "toast", "drawer", "sheet", "slidein"),
    "offer": ("newsletter", "subscribe", "subscription", "signup", "paywall", "regwall", "promo", "promotion", "offer",
              "coupon", "discount", "smartbanner", "appbanner", "optin", "leadgen", "exitintent"),
    "ad": ("ad", "ads", "advert", "adverts", "advertisement", "sponsor", "sponsored", "adslot", "adunit", "dfp",
           "gpt", "adsbygoogle", "banner-ad", "anchor-ad", "stickyad",
           # ad networks' own names for their slots and widgets
           "rtb", "teads", "taboola", "outbrain", "mgid", "mgwidget", "amzn", "adthrive", "ezoic", "prebid",
           "criteo", "revcontent", "nativo", "adnxs", "adform", "smartadserver", "pubmatic", "adsense", "googleads"),
    "header": ("header", "nav", "navbar", "navigation", "menu", "toolbar", "masthead", "topbar", "sidebar",
               "footer", "toc", "breadcrumb", "tabs", "tabbar"),
}


OFFER_VENDORS, AD_VENDORS = (tuple(t for group in _WORDS_FILE["vendorNames"][kind].values() for t in group)
                             for kind in ("offer", "ad"))  # pop-up, survey, push, paywall; ad servers, networks
NAMES["offer"], NAMES["ad"] = NAMES["offer"] + OFFER_VENDORS, NAMES["ad"] + AD_VENDORS
WORDS["offer"] += tuple(w for key, group in _WORDS_FILE["prompts"].items() if key != "about" for w in group)
WORDS["chat"] += tuple(_WORDS_FILE["chatWords"]["words"])  # support launchers' and chat windows' words
# a page about its prices keeps its plans; words holding an ad label that are none: a plan's "ad-free", German's
# "anzeigen" (to show), an ad-block wall's "ad blocker": taken out of a text before its ad labels are counted
WORDS.update(pricing=tuple(_WORDS_FILE["pricingPages"]["words"]),
             not_ads=(*_WORDS_FILE["adFree"]["words"], *_WORDS_FILE["prompts"]["adBlock"]))
WORDS["classifieds"] = tuple(_WORDS_FILE["classifieds"]["words"])  # a page listing ads: its content


@dataclass(frozen=True)
class Candidate:
    """One overlay the finder measured: its features (FEATURES order) and a short description (tag#id.class)."""

    index: int
    features: tuple[float, ...]
    describe: str
    bare_backdrop: bool  # a translucent sheet with no content of its own: goes with the overlay it darkens

    @property
    def purposeful(self) -> bool:
        """Whether anything about it says what it is for (its words, controls, fields, names, an ad's size or paid
        link). A removal needs that besides the model's score: never position, size or a close button alone."""
        return has_purpose(self.features)


@dataclass(frozen=True)
class Verdict:
    candidate: Candidate
    kind: str  # one of CLASSES
    score: float  # the model's probability for that kind


class OverlayModel:
    """Gradient-boosted regression trees over FEATURES, one per class and stage, from overlay-model.json: a class's
    score is its prior plus `learningRate` times its trees' leaves; probabilities are the scores' softmax."""

    def __init__(self, document: dict[str, Any]) -> None:
        if tuple(document["features"]) != FEATURES or tuple(document["classes"]) != CLASSES:
            raise ValueError("the overlay model was trained on other features or classes: retrain it "
                             "(python -m tests.overlays.train)")
        self.init: list[float] = document["init"]
        self.rate = float(document["learningRate"])
        # each stage: one tree per class; a tree: nodes [feature, threshold, left, right, leaf value] (-1: a leaf)
        self.stages: list[list[list[list[float]]]] = document["stages"]
        # each overlay kind's own bar: a piece of content that looks like an ad raises the ads' bar, not the pop-ups'
        self.thresholds: dict[str, float] = {kind: float(document["thresholds"][kind]) for kind in CLASSES[1:]}
        self.document = document

    @classmethod
    @functools.cache
    def shipped(cls) -> OverlayModel:
        """The model in the repository, read once."""
        return cls(orjson.loads(MODEL_PATH.read_bytes()))

    def probabilities(self, features: tuple[float, ...]) -> list[float]:
        scores = list(self.init)
        for stage in self.stages:
            for k, tree in enumerate(stage):
                scores[k] += self.rate * _leaf(tree, features)
        top = max(scores)
        exps = [math.exp(score - top) for score in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def judge(self, candidate: Candidate) -> Verdict:
        """What the box says it is (_SAID), else the most probable kind (an overlay kind at its threshold or above)."""
        features = candidate.features
        probabilities = self.probabilities(features)
        said = [kind for kind, names in _SAID.items() if all(features[FEATURES.index(n)] > 0 for n in names)]
        if said:
            return Verdict(candidate, said[0], probabilities[CLASSES.index(said[0])])
        best = max(range(len(CLASSES)), key=probabilities.__getitem__)
        kind = CLASSES[best]
        if (kind != "none" and probabilities[best] < self.thresholds[kind]) or (
                kind == "cookieBanners" and not asks_consent(candidate.features)):
            return Verdict(candidate, "none", probabilities[0])
        return Verdict(candidate, kind, probabilities[best])


def _leaf(tree: list[list[float]], features: tuple[float, ...]) -> float:
    node = tree[0]
    while node[0] >= 0:
        node = tree[int(node[2] if features[int(node[0])] <= node[1] else node[3])]
    return node[4]


def finder_expression() -> str:
    """The finder, called with the word lists: evaluated in an isolated world of the page's main frame."""
    words = {**WORDS, "glyphs": CLOSE_GLYPHS, **{f"name_{k}": v for k, v in NAMES.items()}, "vendors": OFFER_VENDORS,
             "ad_vendors": AD_VENDORS, "walls": _WORDS_FILE["vendorNames"]["offer"]["paywalls"]}  # walls: anywhere
    return f"({_finder_source()})({orjson.dumps(words).decode()})"


@functools.cache
def _finder_source() -> str:
    return FINDER_PATH.read_text().strip().rstrip(";")


def candidates(found: dict[str, Any]) -> list[Candidate]:
    """The finder's answer as Candidates; a feature out of [0, 1] or a wrong count is a finder bug."""
    return [Candidate(index, tuple(float(item["features"][name]) for name in FEATURES),
                      str(item.get("describe", ""))[:120], bool(item.get("bareBackdrop")))
            for index, item in enumerate(found.get("candidates", []))]
