"""Full-page fixtures (issue 36): a hero one viewport tall, a sticky header, a fixed footer, a page taller than
the pixel cap painted in numbered bands, and an infinite scroll; served under /full/<name>. Each paints what the
test looks for in colours of its own, so the capture's pixels say where each part came out."""

from __future__ import annotations

from tests.fixture_site import HTML, Answer, Handler, page, route

HERO = (200, 30, 30)
HEADER = (30, 160, 70)
FOOTER = (40, 80, 210)
BAND_PX = 100  # the tall page's bands
TALL_BANDS = 200  # 20,000 px: past the 16,384 px cap
LOREM = "<p>Content below the fold, long enough to scroll past several screens of it.</p>" * 12


def band_colour(index: int) -> tuple[int, int, int]:
    """A colour per band, far from its neighbours' (a repeated band shows another band's colour)."""
    return (index * 37 % 256, index * 91 % 256, index * 53 % 256)


def _css(colour: tuple[int, int, int]) -> str:
    return f"rgb{colour}"


@route("/full/hero")
def hero(_: Handler) -> Answer:
    return 200, HTML, page(f"<section style='height:100vh;background:{_css(HERO)}'></section>"
                           f"<main style='padding:20px'>{LOREM * 3}</main>")


@route("/full/sticky-header")
def sticky_header(_: Handler) -> Answer:
    return 200, HTML, page(f"<header style='position:sticky;top:0;height:60px;background:{_css(HEADER)}'></header>"
                           f"<main style='padding:20px'>{LOREM * 4}</main>")


@route("/full/fixed-footer")
def fixed_footer(_: Handler) -> Answer:
    return 200, HTML, page(f"<main style='padding:20px 20px 80px'>{LOREM * 4}</main><footer style='position:fixed;"
                           f"bottom:0;left:0;right:0;height:50px;background:{_css(FOOTER)}'></footer>")


@route("/full/bands")
def bands(_: Handler) -> Answer:
    return 200, HTML, page("".join(f"<div style='height:{BAND_PX}px;background:{_css(band_colour(i))}'></div>"
                                   for i in range(TALL_BANDS)))


@route("/full/infinite")
def infinite(_: Handler) -> Answer:
    """Another 2,000 px each time the reader nears the end: it never ends."""
    return 200, HTML, page("<main id=feed></main><script>let n = 0; const feed = document.getElementById('feed');"
                           "const more = () => { for (let i = 0; i < 10; i++) { const d = document.createElement("
                           "'div'); d.style.cssText = 'height:200px;background:hsl(' + (n * 47 % 360) + ',60%,70%)';"
                           " d.textContent = 'item ' + (n++); feed.append(d); } };"
                           "more(); addEventListener('scroll', () => { if (scrollY + innerHeight > document."
                           "documentElement.scrollHeight - 1000) more(); });</script>")
