"""A PDF's header and footer templates (`pdf.headerTemplate`, `pdf.footerTemplate`) made inert before Chromium
prints them: nothing that runs or loads.

Chromium fills the classes `pageNumber`, `totalPages`, `date`, `title` and `url` of the template's elements and
draws it in the page's margin. A template is a stranger's HTML: nh3 (the ammonia sanitiser) keeps only
formatting tags, `class` and `style`, style properties that cannot name a URL, and images whose source is a
`data:` URI; scripts, styles sheets, event handlers, links and every other URL are dropped, so a template
neither runs code nor makes a request. The fonts are the page's: Chromium falls back, glyph by glyph, to the
installed fonts that cover the script (Noto's Thai and CJK among them).
"""

from __future__ import annotations

import nh3

TAGS = {"div", "span", "p", "b", "strong", "i", "em", "u", "small", "sub", "sup", "br", "hr", "img",
        "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "thead", "tbody", "tr", "td", "th"}
ATTRIBUTES = {"*": {"class", "style"}, "img": {"src", "width", "height", "alt"}, "td": {"colspan"},
              "th": {"colspan"}}
# none of these takes a url(): backgrounds, list images, masks, fonts by URL and the like are dropped
STYLE_PROPERTIES = {
    "font-size", "font-family", "font-weight", "font-style", "color", "text-align", "text-decoration",
    "vertical-align", "line-height", "letter-spacing", "white-space", "width", "height", "max-width",
    "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
    "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
    "border", "border-top", "border-bottom", "display", "float", "opacity", "background-color",
}
# Chromium draws a template at a tiny default size: 10 px unless the template says otherwise, across the page
FRAME = '<div style="font-size:10px;width:100%;margin:0 10mm;font-family:sans-serif">{}</div>'
BLANK = "<span></span>"  # for the one not given: Chromium's default would print the date and the title


def inert(template: str) -> str:
    """The template as Chromium will print it: sanitised, in a frame that gives it a readable size."""
    return FRAME.format(nh3.clean(template, tags=TAGS, attributes=ATTRIBUTES, url_schemes={"data"},
                                  filter_style_properties=STYLE_PROPERTIES, link_rel=None, strip_comments=True))
