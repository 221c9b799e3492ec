"""The fixture site's pages. Each one makes a capture option observable."""

from __future__ import annotations

import html
import time
from pathlib import Path

from tests.fixture_site import GATE_S, HTML, Answer, Handler, page, route


def _ok(body: str, head: str = "") -> Answer:
    return 200, HTML, page(body, head)


@route("/simple")
def simple(_: Handler) -> Answer:
    return _ok("<h1 style='font:40px sans-serif'>Simple fixture 你好 😀</h1>")


@route("/script-dom")
def script_dom(_: Handler) -> Answer:
    return _ok("<div id=root></div><script>const d = document.createElement('p');"
               "d.id = 'made-by-script'; d.textContent = 'built at runtime';"
               "document.getElementById('root').appendChild(d);</script>")


@route("/scheme")
def scheme(_: Handler) -> Answer:
    css = ("body{background:rgb(255,255,255)} @media (prefers-color-scheme: dark)"
           "{body{background:rgb(0,0,0)}} html,body{height:100%}")
    return _ok("", f"<style>{css}</style>")


@route("/probe")
def probe(handler: Handler) -> Answer:
    """Everything the browser tells a page about its environment, as DOM text.

    `?fit=device` adds a width=device-width viewport meta, so a mobile layout
    viewport is the device's width rather than the 980 px legacy default.
    """
    script = """
      const out = {
        tz: new Date(0).toString(),
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: navigator.language,
        ua: navigator.userAgent,
        width: innerWidth, height: innerHeight, dpr: devicePixelRatio,
        touch: navigator.maxTouchPoints, mobile: matchMedia('(pointer: coarse)').matches,
        motion: matchMedia('(prefers-reduced-motion: reduce)').matches,
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        cookie: document.cookie,
        stored: localStorage.getItem('mark'),
      };
      document.getElementById('out').textContent = JSON.stringify(out);
    """
    fit = handler.query.get("fit") == "device"
    head = "<meta name=viewport content='width=device-width'>" if fit else ""
    return _ok(f"<pre id=out></pre><script>{script}</script>", head)


@route("/leave-marks")
def leave_marks(_: Handler) -> Answer:
    return _ok("<p>marking</p><script>document.cookie = 'mark=from-first; path=/';"
               "localStorage.setItem('mark', 'from-first');</script>")


@route("/headers")
def headers(handler: Handler) -> Answer:
    rows = "".join(f"<li>{html.escape(k.lower())}={html.escape(v)}</li>"
                   for k, v in handler.headers.items())
    return _ok(f"<ul id=headers>{rows}</ul>")


@route("/tall")
def tall(handler: Handler) -> Answer:
    height = int(handler.query.get("h", "20000"))
    bands = "".join(
        f"<div style='height:1000px;background:hsl({(i * 37) % 360},70%,50%);"
        "font:60px sans-serif'>"
        f"band {i}</div>" for i in range(height // 1000))
    return _ok(bands)


@route("/box")
def box(_: Handler) -> Answer:
    return _ok("<div style='height:300px'></div><div id=box style='margin-left:100px;width:240px;"
               "height:120px;background:rgb(255,0,0)'></div><div style='height:2000px'></div>")


@route("/transparent")
def transparent(_: Handler) -> Answer:
    return _ok("<p style='font:30px sans-serif'>no background</p>")


@route("/never-loads")
def never_loads(_: Handler) -> Answer:
    return _ok("<p>waiting forever</p><img src='/hang'>")


@route("/hang")
def hang(handler: Handler) -> Answer:
    handler.server.stopping.wait(90)
    return 200, {"content-type": "image/png"}, b""


@route("/slow-image")
def slow_image(handler: Handler) -> Answer:
    time.sleep(float(handler.query.get("s", "1.5")))
    svg = b"<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"
    return 200, {"content-type": "image/svg+xml"}, svg


@route("/slow-font")
def slow_font(handler: Handler) -> Answer:
    """The font of /gated-font, sent `?s=` seconds after it is asked for: a page whose server is slow."""
    time.sleep(float(handler.query.get("s", "1")))
    return 200, {"content-type": "font/ttf"}, Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf").read_bytes()


@route("/gated-font")
def gated_font(handler: Handler) -> Answer:
    """A web font (DejaVu Serif Bold: unlike the fallback monospace) sent once the test opens the gate `?name=`
    (or after GATE_S), as a large font from a page's own server arrives late."""
    handler.server.gates[handler.query["name"]].wait(GATE_S)
    return 200, {"content-type": "font/ttf"}, Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf").read_bytes()


@route("/late-font-page")
def late_font_page(handler: Handler) -> Answer:
    """A heading in a web font from `?font=` (the slow one, or a missing one) and a picture that comes late."""
    font = html.escape(handler.query["font"])
    head = (f"<style>@font-face{{font-family:Late;src:url('{font}') format('truetype')}}"
            "h1{font:48px Late, monospace} body{margin:20px}</style>")
    image = html.escape(handler.query.get("img", ""))
    return _ok("<h1>Fonts arrive late</h1><p>Body text.</p>"
               + (f"<img width=40 height=40 src='{image}'>" if image else ""), head)


@route("/endless-feed")
def endless_feed(handler: Handler) -> Answer:
    """A feed that loads eight more posts whenever its bottom comes into view (IntersectionObserver on a
    sentinel, as infinite scroll is built), without end."""
    script = """
      const feed = document.getElementById('feed'), end = document.getElementById('end');
      let n = 0;
      const more = () => { for (let k = 0; k < 8; k++, n++) { const p = document.createElement('article');
        p.style.cssText = 'height:100px;margin:8px;background:hsl(' + (n * 37 % 360) + ',50%,80%)';
        p.textContent = 'Post ' + n; feed.append(p); } };
      more();
      new IntersectionObserver((seen) => { if (seen.some((e) => e.isIntersecting)) setTimeout(more, 30); })
        .observe(end);"""
    return _ok("<h1>Feed</h1><div id=feed></div><div id=end style='height:1px'></div>"
               f"<script>{script}</script>")


@route("/slow-load")
def slow_load(handler: Handler) -> Answer:
    """Its load event comes only after `?s=` seconds: well inside the default timeout."""
    seconds = float(handler.query.get("s", "5"))
    return _ok(f"<p>loading slowly</p><img src='/slow-image?s={seconds}'>")


@route("/after-dom")
def after_dom(handler: Handler) -> Answer:
    """'loaded' appears only after an image held at `?gate=`: domcontentloaded captures before it."""
    return _ok(f"<p id=state>parsing</p><img src='/gate?name={_gate(handler)}' "
               "onload=\"document.getElementById('state').textContent='loaded'\">")


@route("/after-load")
def after_load(handler: Handler) -> Answer:
    """Fetches `?gate=` after the load event: only networkidle waits for the answer."""
    script = (f"addEventListener('load', () => fetch('/gate?name={_gate(handler)}')"
              ".then(() => { document.getElementById('state').textContent = 'idle'; }));")
    return _ok(f"<p id=state>loaded</p><script>{script}</script>")


@route("/late-element")
def late_element(handler: Handler) -> Answer:
    """An element added once `?gate=` opens."""
    script = (f"fetch('/gate?name={_gate(handler)}').then(() => document.body.insertAdjacentHTML('beforeend',"
              "'<p id=late>arrived late</p>'));")
    return _ok(f"<p>early</p><script>{script}</script>")


@route("/delayed-text")
def delayed_text(handler: Handler) -> Answer:
    """Its text changes once `?gate=` opens."""
    script = (f"fetch('/gate?name={_gate(handler)}')"
              ".then(() => { document.getElementById('t').textContent = 'later'; });")
    return _ok(f"<p id=t>sooner</p><script>{script}</script>")


def _gate(handler: Handler) -> str:
    return html.escape(handler.query.get("gate", ""), quote=True)


@route("/click")
def click(_: Handler) -> Answer:
    return _ok("<button id=go onclick=\"document.getElementById('t').textContent='clicked'\">"
               "go</button><p id=t>not clicked</p>")


@route("/hide")
def hide(_: Handler) -> Answer:
    return _ok("<div id=banner style='position:fixed;inset:0;background:rgb(255,0,0)'></div>",
               "<style>html,body{background:rgb(255,255,255)}</style>")


@route("/mask")
def mask(handler: Handler) -> Answer:
    """For `mask`: two prices (class `price`), a red 200×100 block in the flow with its text and a blue 100×50 box
    fixed at the viewport's bottom right, and a green 300×150 block under the red one; 2000 px tall, white.
    `?positioned=1`: the body positioned, with a margin and a border (what is laid in it is offset by them)."""
    body = "body{position:relative;margin:10px 0 0 30px !important;border-top:25px solid #fff}"
    return _ok("<div style='height:60px'></div><div class=price style='margin-left:60px;width:200px;height:100px;"
               "background:rgb(255,0,0);color:#fff;font:20px sans-serif'>149,00 &euro;</div>"
               "<div id=content style='margin-left:60px;width:300px;height:150px;background:rgb(0,160,0)'></div>"
               "<div class=price style='position:fixed;right:20px;bottom:20px;width:100px;height:50px;"
               "background:rgb(0,0,255)'></div><div style='height:1690px'></div>",
               "<style>html,body{background:rgb(255,255,255)}"
               f"{body if 'positioned' in handler.query else ''}</style>")


@route("/status")
def status(handler: Handler) -> Answer:
    code = int(handler.query.get("code", "200"))
    return code, HTML, page(f"<h1>status {code}</h1>")


@route("/pages")
def pages(handler: Handler) -> Answer:
    count = int(handler.query.get("n", "3"))
    body = "".join(f"<div style='height:100vh;break-after:page'>page {i + 1}</div>"
                   for i in range(count))
    return _ok(body, "<style>@page{margin:0} div:last-child{break-after:auto}</style>")


@route("/drop")
def drop(handler: Handler) -> Answer:
    """Closes the connection without an answer: the browser cannot load the page."""
    handler.close_connection = True
    handler.connection.shutdown(2)
    raise ConnectionAbortedError("dropped on purpose")


@route("/huge-element")
def huge_element(_: Handler) -> Answer:
    """An element whose box is a million pixels on each side (so is the page it stretches)."""
    return _ok("<div id=huge style='width:1000000px;height:1000000px;"
               "background:linear-gradient(135deg,rgb(255,0,0),rgb(0,0,255))'></div>")


@route("/noise")
def noise(handler: Handler) -> Answer:
    """A canvas of random pixels `?w=` by `?h=`: nothing compresses it."""
    width, height = int(handler.query.get("w", "1280")), int(handler.query.get("h", "2000"))
    return _ok(f"<canvas id=noise width={width} height={height} style='display:block'></canvas><script>"
               "const c = document.getElementById('noise'), x = c.getContext('2d');"
               "const img = x.createImageData(c.width, c.height), d = img.data;"
               "for (let i = 0; i < d.length; i += 65536) crypto.getRandomValues(d.subarray(i, i + 65536));"
               "for (let i = 3; i < d.length; i += 4) d[i] = 255;"
               "x.putImageData(img, 0, 0);</script>")


@route("/lazy")
def lazy(_: Handler) -> Answer:
    """30 lazy images below the fold, each a green square once loaded (grey placeholders until then), under a
    fixed red header 40 px tall."""
    images = "".join(f"<img loading=lazy src='/green.svg?n={n}' width=200 height=200 "
                     "style='display:block;margin:200px 0;background:#888'>" for n in range(30))
    header = "<div style='position:fixed;top:0;left:0;right:0;height:40px;background:rgb(255,0,0)'></div>"
    return _ok(f"{header}<div style='height:1000px'></div>{images}")


@route("/images")
def images(handler: Handler) -> Answer:
    """`n` small images (20), each its own request; `t` tags them (`/green.svg?t=…&n=…`)."""
    tag = handler.query.get("t", "")
    return _ok("".join(f"<img src='/green.svg?t={tag}&n={n}' width=20 height=20>"
                       for n in range(int(handler.query.get("n", "20")))))


@route("/green.svg")
def green(_: Handler) -> Answer:
    svg = b"<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'><rect width='200' height='200' " \
          b"fill='rgb(0,160,0)'/></svg>"
    return 200, {"content-type": "image/svg+xml"}, svg


# --- removeElements (issue 21) -----------------------------------------------------------------

CORPUS = Path(__file__).parent / "overlays" / "pages"
CONSENT_HOST = "consent.test"  # another site than fixture.test: Chromium renders its frames in their own process
# On EasyList/EasyPrivacy, not HSTS-preloaded; the tests' hosts file maps them to loopback.
AD_HOSTS = ("securepubads.g.doubleclick.net", "sb.scorecardresearch.com")


@route("/corpus")
def corpus_page(handler: Handler) -> Answer:
    """`?page=`: a page of the labelled overlay corpus (tests/overlays/pages)."""
    name = handler.query.get("page", "")
    if name not in {p.name for p in CORPUS.glob("*.html")}:
        return 404, HTML, page("<h1>no such corpus page</h1>")
    return 200, HTML, (CORPUS / name).read_bytes()


@route("/late-script")
def late_script(handler: Handler) -> Answer:
    """`?page=`: a corpus page whose pop-up came 400 ms after the load by a timer, shown instead once a script the
    page adds after the load has come (the server answers it 0.6 s late): no timer is due at the settle point."""
    name = handler.query.get("page", "")
    if name not in {p.name for p in CORPUS.glob("*.html")}:
        return 404, HTML, page("<h1>no such corpus page</h1>")
    html = (CORPUS / name).read_text()
    timer = ("addEventListener('load', () => setTimeout(() => {", "}, 400));</script>")
    if timer[0] not in html or timer[1] not in html:
        return 404, HTML, page("<h1>no pop-up shown by a timer on that page</h1>")
    html = html.replace(timer[0], "addEventListener('load', () => { const s = document.createElement('script');"
                                  " s.src = '/slow-script?s=0.6'; s.onload = () => {")
    return 200, HTML, html.replace(timer[1], "}; document.head.appendChild(s); });</script>").encode()


@route("/slow-script")
def slow_script(handler: Handler) -> Answer:
    """A script with `s` seconds of latency: what the page under test is (no ordering of the test rests on it; the
    watch waits at most LATE_WAIT_S, 1 s, for it). Cut short when the site stops."""
    handler.server.stopping.wait(float(handler.query.get("s", "0.6")))
    return 200, {"content-type": "text/javascript"}, b"window.slowScriptRan = true;"


@route("/with-ads")
def with_ads(handler: Handler) -> Answer:
    """A page loading a script from an ad server and a pixel from a tracker (both names map to this server),
    and an image of its own."""
    port = handler.server.server_address[1]
    return 200, HTML, page(
        f"<h1>Ads</h1><img src='/marker?v=own-{handler.query.get('t', '')}' width=10 height=10>"
        f"<script src='http://{AD_HOSTS[0]}:{port}/marker?v=gpt'></script>"
        f"<img src='http://{AD_HOSTS[1]}:{port}/marker?v=collect' width=1 height=1>")


@route("/ad-slots")
def ad_slots(handler: Handler) -> Answer:
    """Three ads the lists know (`ins.adsbygoogle`, blue): one in a red box with only its label, one in the
    story's green box, one in an orange hero section whose heading is its only text."""
    ad = ("<ins class='adsbygoogle' data-ad-client='ca-pub-0000000000000000' data-ad-slot='1'"
          " style='display:block;width:300px;height:120px;background:#1010d0'></ins>")
    story = "Der Gemeinderat hat am Dienstag den neuen Radweg entlang des Flusses beschlossen. " * 3
    return _ok(f"<div id=slot style='background:#d01010;padding:24px'><div>Anzeige</div>{ad}</div>"
               f"<div id=story style='background:#10a010;padding:24px'><p>{story}</p>{ad}</div>"
               f"<div id=hero style='background:#e0a000;height:360px;padding:24px'><h1>Sommer</h1>{ad}</div>",
               "<style>body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/late-ads")
def late_ads(handler: Handler) -> Answer:
    """Ads that come 300 ms after the load, once the first pass is over. `?kind=box`: an auto-placed red box
    with its label and an `ins.adsbygoogle` (blue), which the sheet of the first pass (it hid the blue one in
    the green story) hides as it comes, leaving the box bare. `?kind=shadow`: a purple 300×250 creative under
    "REKLAMA", drawn into a shadow root of an empty box: no change the document itself sees."""
    ad = ("<ins class='adsbygoogle' data-ad-client='ca-pub-0000000000000000' data-ad-slot='3'"
          " style='display:block;width:300px;height:120px;background:#1010d0'></ins>")
    late = (f"const box = document.createElement('div'); box.className = 'google-auto-placed';"
            f" box.style.cssText = 'background:#d01010;padding:24px'; box.innerHTML = {'<div>Anzeige</div>' + ad!r};"
            " document.getElementById('story').after(box);")
    if handler.query.get("kind") == "shadow":
        creative = ("<div style='font:10px sans-serif;color:#999'>REKLAMA</div><div style='width:300px;height:250px;"
                    "background:#8010c0;color:#fff;font:20px sans-serif'>Domki w g&oacute;rach</div>")
        late = f"document.getElementById('host').attachShadow({{mode: 'open'}}).innerHTML = {creative!r};"
    story = "Der Gemeinderat hat am Dienstag den neuen Radweg entlang des Flusses beschlossen. " * 3
    return _ok(f"<div id=story style='background:#10a010;padding:24px'><p>{story}</p>{ad}</div><div id=host></div>"
               f"<script>addEventListener('load', () => setTimeout(() => {{ {late} }}, 300));</script>",
               "<style>body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/framed-ads")
def framed_ads(handler: Handler) -> Answer:
    """Ads no list names and no label says: a bar fixed at the bottom (random class) holding a 728×90 frame of a
    teal (#008080) creative and its close tab, and a native widget named by its network (`mgid_container_…`)
    whose three purple (#8010c0) teasers sit under "You may also like"; the green (#10a010) story stays."""
    creative = "<body style='margin:0;height:90px;background:#008080;color:#fff;font:18px sans-serif'>Nordlys</body>"
    teasers = "".join("<a href='#' style='display:block;width:200px;color:#222'><div style='height:110px;"
                      f"background:#8010c0'></div>{headline}</a>" for headline in
                      ("Homeowners turn to this solar offer", "A morning habit doctors love", "The new SUV"))
    story = "The council approved the new cycle path along the river on Tuesday evening. " * 4
    return _ok(f"<div id=story style='background:#10a010;padding:24px'><p>{story}</p></div>"
               "<div id=mgid_container_1759 style='margin:16px 0'><div>You may also like</div>"
               f"<div style='display:flex;gap:12px'>{teasers}</div></div>"
               "<div class=q7x-2k style='position:fixed;left:0;right:0;bottom:0;height:110px;background:#fff;"
               "z-index:900;display:flex;justify-content:center;align-items:center'><button>&times;</button>"
               f"<iframe width=728 height=90 style='border:0' srcdoc=\"{creative}\"></iframe></div>",
               "<style>body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/words-apart")
def words_apart(handler: Handler) -> Answer:
    """What says its purpose in parts or in a frame's title only: an "open the <paper> App" strip at the top of
    the body (red, #d01010), a Thai age gate asking "are you 20 full years of age" over the page (purple,
    #8010c0), and a couplet ad fixed at the side whose 120×300 frame (teal, #008080) only its title calls an
    ad ("广告"); the green (#10a010) story stays."""
    creative = "<body style='margin:0;height:300px;background:#008080'></body>"
    story = "市议会周二晚间批准了沿河修建新自行车道的计划。" * 6
    return _ok("<div style='display:flex;gap:12px;align-items:center;padding:10px 32px;background:#d01010;"
               "color:#fff'><button>&times;</button><div><strong>打开城市晨报App</strong><br>阅读体验更流畅</div>"
               "<a href='#' style='margin-left:auto;color:#fff'>打开</a></div>"
               f"<div id=story style='background:#10a010;padding:24px;margin:0 160px'><p>{story}</p></div>"
               "<div style='position:fixed;right:8px;top:200px;z-index:500'><iframe title='广告' width=120 "
               f"height=300 style='border:0;display:block' srcdoc=\"{creative}\"></iframe><a href='#'>关闭</a></div>"
               "<div role=dialog aria-modal=true style='position:fixed;left:340px;top:300px;width:600px;height:300px;"
               "z-index:999;background:#8010c0;color:#fff;text-align:center'>"
               "<h2>คุณมีอายุ 20 ปีบริบูรณ์ขึ้นไปหรือไม่?</h2><button>ใช่</button><button>ไม่ใช่</button></div>",
               "<style>html,body{overflow:hidden}body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/offline-and-donation")
def offline_and_donation(handler: Handler) -> Answer:
    """A site's own asks no list names: a donation bar in the page's flow at the top of the body (red, #d01010)
    whose five links are its amounts and its two answers, and a fixed toast saying the reader is offline (orange,
    #e0a000); the green (#10a010) story stays."""
    amounts = "".join(f"<a href='#' style='color:#fff;margin:0 6px'>{n} €</a>" for n in (5, 10, 20))
    story = "Der Gemeinderat hat am Dienstag den neuen Radweg entlang des Flusses beschlossen. " * 4
    return _ok("<div style='background:#d01010;color:#fff;padding:16px 32px'><h2>Diese Zeitung lebt von ihren "
               "Leserinnen und Lesern</h2><p>Kein Milliardär, kein Konzern: nur Sie.</p>"
               f"{amounts}<a href='#' style='color:#fff'>Jetzt spenden</a> <a href='#' style='color:#fff'>Später</a>"
               f"</div><div id=story style='background:#10a010;padding:24px'><p>{story}</p></div>"
               "<div role=status style='position:fixed;left:24px;bottom:24px;width:420px;height:60px;z-index:300;"
               "background:#e0a000'>Sie sind offline. Einige Meldungen werden nicht aktualisiert."
               "<button>&times;</button></div>",
               "<style>body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/labelled-ads")
def labelled_ads(handler: Handler) -> Answer:
    """Ads no list or name knows, labelled in the page's words: a native grid of three purple (#8010c0) cards under
    "Contenido patrocinado" in a shadow root, a teal (#008080) billboard frame of no IAB size under "REKLAMA". And
    what stays: an orange (#e0a000) classifieds list ("Neueste Anzeigen", "+ Anzeige aufgeben") and the green
    (#10a010) story, whose byline says who sponsored it and amid whose paragraphs a slot the lists empty keeps
    its label."""
    headlines = ("Así lucen hoy las actrices de los 90", "El truco para dormir que arrasa en Madrid",
                 "Jubilados: nueva ayuda para placas solares")
    cards = "".join("<a href='#' style='display:block;width:200px;color:#222'><div style='height:110px;"
                    f"background:#8010c0'></div>{headline}</a>" for headline in headlines)
    grid = (f"<div style='font:11px sans-serif;color:#888'>Contenido patrocinado &middot; Revcontent</div>"
            f"<div style='display:flex;gap:12px'>{cards}</div>")
    creative = ("<body style='margin:0;height:200px;background:#008080;color:#fff;font:20px sans-serif'>"
                "Domki w g&oacute;rach od 199 z&#322;</body>")
    story = "El ayuntamiento ampl&iacute;a el horario de las bibliotecas durante los ex&aacute;menes. " * 3
    listed = ("<div>Anzeige</div><ins class='adsbygoogle' data-ad-client='ca-pub-0000000000000000' data-ad-slot='2'"
              " style='display:block;width:300px;height:120px;background:#1010d0'></ins>")  # the lists empty it
    return _ok("<div id=story style='background:#10a010;padding:24px'><p>Sponsored by the city library</p>"
               f"<p>{story}</p>{listed}<p>{story} <a href='#'>Horario completo</a></p></div>"
               "<div id=g7h2k style='margin:16px 0'></div>"
               "<div id=q9z style='margin:16px 0'><div style='font:10px sans-serif;color:#999'>REKLAMA</div>"
               f"<iframe width=750 height=200 style='border:0;display:block' srcdoc=\"{creative}\"></iframe></div>"
               "<section id=listings style='background:#e0a000;padding:24px'><h2>Neueste Anzeigen</h2>"
               "<div>Damenfahrrad 28 Zoll, 7 G&auml;nge &middot; 120 &euro;</div>"
               "<div>Kinderwagen &middot; 90 &euro;</div>"
               "<a href='#'>+ Anzeige aufgeben</a></section>"
               f"<script>document.getElementById('g7h2k').attachShadow({{mode: 'open'}}).innerHTML = {grid!r};"
               "</script>",
               "<style>body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/sponsored-cards")
def sponsored_cards(handler: Handler) -> Answer:
    """Ads as cards, by no known name: a sponsored card whose brown (#a05000) picture sits beside the text that
    carries its label ("Patrocinado"), and a widget whose yellow (#f0e000) box heads three labelled cards ("광고")
    with its own words only ("추천 콘텐츠"): the picture and the emptied widget go with their cards. In a list of
    reads, the one item whose link is marked paid (rel=sponsored, cyan #00b0d0) goes; the others (pink #e07090) and
    the story (green #10a010), with a paid link in its text, stay."""
    story = "A prefeitura ampliou o horário das bibliotecas durante o período de provas. " * 4
    card = ("<div id=n3k style='margin:16px 0'><article style='display:flex;gap:16px'><div><svg width=220 height=140>"
            "<rect width=220 height=140 fill='#a05000'/></svg></div><div style='width:400px'><span style='font:11px "
            "sans-serif;color:#888'>Patrocinado &middot; Banco Aurora</span><h3><a href='#'>Cinco passos para "
            "organizar as finan&ccedil;as</a></h3><p>Planejar a reserva de emerg&ecirc;ncia faz diferen&ccedil;a."
            "</p></div></article></div>")
    titles = ("의사들도 놀란 아침 습관", "아무도 모르는 마을 20곳", "집주인들이 지붕을 바꾸는 이유")
    items = "".join(f"<li class=q{i}x style='width:220px'><a href='#' style='display:block;color:#222'><svg width=220 "
                    f"height=100><rect width=220 height=100 fill='#8010c0'/></svg><div>{title}</div>"
                    f"<div style='font-size:11px;color:#888'>광고 &middot; 홈리빙</div></a></li>"
                    for i, title in enumerate(titles))
    widget = (f"<div id=w7v style='background:#f0e000;padding:8px'><div style='font-weight:bold'>추천 콘텐츠</div>"
              f"<ul style='display:flex;gap:12px;list-style:none;margin:0;padding:0'>{items}</ul></div>")
    read = "".join(f"<li style='display:flex;gap:8px;margin:8px 0'><div style='width:80px;height:60px;background:"
                   f"{colour}'></div><div><a href='#'{rel}>{title}</a><small> {note}</small></div></li>"
                   for colour, rel, title, note in (
                       ("#e07090", "", "Metr&ocirc; ganha nova esta&ccedil;&atilde;o", "12/03"),
                       ("#00b0d0", " rel='sponsored nofollow'", "F&eacute;rias de ver&atilde;o com 40 % off", "Velora"),
                       ("#e07090", "", "Obras na avenida terminam em maio", "12/03")))
    paid = ("<p>Levamos a <a href='#' rel='sponsored'>mochila da Trilha</a> em todas as caminhadas.</p>")
    return _ok(f"<ol style='list-style:none;padding:0;width:320px'>{read}</ol>"
               f"<div id=story style='background:#10a010;padding:24px'><p>{story}</p>{paid}</div>{card}"
               f"<div id=story2 style='background:#10a010;padding:24px'><p>{story}</p></div>{widget}",
               "<style>body{margin:0 auto;max-width:760px;background:#fff;font:14px sans-serif}</style>")


@route("/pricing")
def pricing(handler: Handler) -> Answer:
    """A page about its own prices (its heading says so): its three plans (orange #e0a000), each with a
    "Subscribe" button, close the page in the flow, as an offer's wall would, and stay."""
    plans = "".join(f"<div style='background:#e0a000;padding:16px;width:200px'><h3>{name}</h3><div>${price}/month"
                    "</div><a href='#'>Subscribe</a></div>" for name, price in (("Hobby", 0), ("Team", 29),
                                                                                ("Business", 99)))
    text = "Every plan includes unlimited projects, automatic backups and e-mail support. " * 4
    return _ok(f"<main><h1>Lumen Cloud pricing</h1><p>{text}</p><p>{text}</p>"
               f"<section id=plans style='display:flex;gap:16px'>{plans}</section></main>",
               "<style>body{margin:0 auto;max-width:760px;background:#fff;font:14px sans-serif}</style>")


@route("/notice-layer")
def notice_layer(handler: Handler) -> Answer:
    """Two layers with no offer, no consent and no ad: a notice of tonight's maintenance over a dimmed page (red,
    #d01010, its sheet a separate element), which offers a checkbox "Heute nicht mehr anzeigen" beside its close,
    and an app's sheet at the bottom (orange, #e0a000) whose one other choice is to continue in the browser. The
    page's own cookie preferences (pink, #e07090) hold checkboxes too, of categories; the story (green) stays."""
    story = "Die Stadtwerke erneuern im Sommer die Wasserleitungen in der Altstadt, Straße für Straße. " * 4
    prefs = "".join(f"<label><input type=checkbox checked> {name}</label> " for name in ("Statistik", "Marketing"))
    return _ok(f"<main><h1>Altstadt</h1><div id=story style='background:#10a010;padding:24px'><p>{story}</p></div>"
               f"<form id=prefs style='background:#e07090;padding:16px;width:400px'>{prefs}<button>Speichern"
               "</button></form></main><div style='position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:90'>"
               "</div><div style='position:absolute;left:440px;top:120px;width:380px;z-index:100;background:#d01010;"
               "color:#fff;padding:20px'><p><b>Hinweis:</b> Wegen Wartungsarbeiten ist das Kundenkonto heute Nacht "
               "von 2 bis 4 Uhr nicht erreichbar.</p><label><input type=checkbox> Heute nicht mehr anzeigen</label>"
               "<button>Schließen</button></div><div role=dialog style='position:fixed;left:0;right:0;bottom:0;"
               "height:110px;z-index:95;background:#e0a000'><p>Lies die Altstadt-Nachrichten schneller in unserer "
               "App</p><button>App öffnen</button><button>Im Browser fortfahren</button></div>",
               "<style>body{margin:0 auto;max-width:1000px;background:#fff;font:14px sans-serif}</style>")


@route("/own-controls")
def own_controls(handler: Handler) -> Answer:
    """A news page's own things beside two that interrupt it. Its own: a chat launcher (blue #1010d0, a lone
    button whose accessible name says "abonnés"), the plans that close the story promising reading "ad-free"
    (orange #e0a000, "reklámmentes"), a cookie preferences box that lists "Werbung: aus" (pink #e07090). Not its
    own: a "10 % off" tab (purple #8010c0, a lone control that says an offer, named a promotion) and Media.net's
    frame (cyan #00b0d0, `_mN_main_…`, of no IAB size). The story (green #10a010) stays."""
    story = "A Balaton északi partján újra virágzik a kézműves borászat, a pincék száma megduplázódott. " * 3
    plans = "".join(f"<div style='background:#e0a000;padding:16px;width:200px'><h4>{name}</h4><div>{price} Ft / hó"
                    "</div><p>Korlátlan cikk, reklámmentes olvasás</p><button>Előfizetek</button></div>"
                    for name, price in (("Digitális", "1 490"), ("Nyomtatott", "3 990"), ("Éves", "1 190")))
    related = ("<body style='margin:0;background:#00b0d0;font:15px sans-serif'><div>Related searches</div>"
               + "".join(f"<a href='#' style='display:block;margin:6px;color:#fff'>{t} ›</a>"
                         for t in ("Wine tours prices", "Best family holidays", "Travel insurance quotes")) + "</body>")
    return _ok(f"<main><h1>Kézműves borászat a Balatonnál</h1><div id=story style='background:#10a010;padding:24px'>"
               f"<p>{story}</p></div><div id=754434444 style='margin:18px 0'><iframe id=_mN_main_754434444_0 "
               f"width=100% height=180 style='border:0;width:100%' srcdoc=\"{html.escape(related)}\"></iframe></div>"
               "<div id=prefs style='background:#e07090;padding:16px;margin:16px 0;width:400px'><p style='margin:0'>"
               "Aktuelle Auswahl: notwendig an, Statistik an, Werbung aus</p><button>Cookie-Einstellungen ändern"
               f"</button></div><section id=plans style='display:flex;gap:12px'>{plans}</section></main>"
               "<button aria-label='Ouvrir la messagerie du service abonnés' style='position:fixed;right:22px;"
               "bottom:22px;z-index:2000;width:60px;height:60px;border:0;background:#1010d0;color:#fff'>💬</button>"
               "<div role=button class=promo-tab style='position:fixed;left:0;top:300px;z-index:2147483000;"
               "background:#8010c0;color:#fff;padding:12px 18px;width:160px'>Get 10 % off your first order</div>",
               "<style>body{margin:0 auto;max-width:760px;background:#fff;font:14px sans-serif}</style>")


@route("/feed")
def feed(handler: Handler) -> Answer:
    """A feed of five cards, one of them a native ad that carries its own label ("Реклама · Solvita", its picture
    purple #8010c0): that card goes, the site's four (pink #e07090) stay. A "most read" list (orange #e0a000) whose
    headline says "sponsored by" amid its words, and a fixed footer bar that signs the page (©, blue #1010d0) and
    links its cookie policy, stay. A consent bar (cyan #00b0d0) that slides in from the top over a second, set
    going by a timer, goes. The story (green #10a010) stays."""
    story = "Городская администрация сообщила, что реконструкция набережной будет завершена к осени. " * 4
    cards = "".join(f"<div class=card style='background:#fff;border:1px solid #ddd'><div style='height:100px;"
                    f"background:{colour}'></div><p>{text}</p>{label}</div>" for colour, text, label in (
                        ("#e07090", "На набережной появятся велодорожка и амфитеатр", ""),
                        ("#e07090", "Жители просят продлить работу парома", ""),
                        ("#8010c0", "Получите скидку 15 % на первый заказ", "<span>Реклама · Solvita</span>"),
                        ("#e07090", "Кафе на набережной ждут туристов", ""),
                        ("#e07090", "В мэрии обещали закончить к осени", "")))
    headlines = ("The new bridge, partly sponsored by the port, opens", "Ferry timetable changes in May",
                 "Library extends its opening hours")
    read = "".join(f"<li><a href='#'>{h}</a></li>" for h in headlines)
    return _ok(f"<div style='height:120px'></div><div id=story style='background:#10a010;padding:24px'><p>{story}"
               "</p></div><section id=feed style='display:grid;grid-template-columns:repeat(5,1fr);gap:12px'>"
               f"{cards}</section><section id=most-read style='background:#e0a000;width:340px;padding:8px'>"
               f"<h3>Most read</h3><ol>{read}</ol></section>"
               "<div style='position:fixed;bottom:0;left:0;right:0;height:40px;background:#1010d0;color:#fff'>"
               "© Riverside Herald · <a href='#'>Contact</a> · <a href='#'>Cookie policy</a> · <a href='#'>Help</a>"
               "</div><div id=cc style='position:fixed;top:0;left:0;right:0;padding:20px;background:#00b0d0;"
               "z-index:1000;transform:translateY(-100%);transition:transform 1s'>We use cookies to measure our "
               "audience and personalise ads. <button>Accept all</button> <button>Reject all</button></div>"
               "<script>setTimeout(() => { document.getElementById('cc').style.transform = 'none'; }, 300);"
               "</script>",
               "<style>body{margin:0 auto;max-width:760px;background:#fff;font:14px sans-serif}</style>")


@route("/rates")
def rates(handler: Handler) -> Answer:
    """A page about advertising on the site. Its #advertise section (a name the ad lists hide) holds a table of
    rates (orange #e0a000) and a 300×250 sample (pink #e07090); its cookie policy at the body's end says "we use
    cookies … Accept" over a table of its cookies and a button (blue #1010d0): all the page's, all stay. The
    story (green #10a010) stays."""
    story = "Unsere Zeitung erreicht jeden Monat zwei Millionen Leser in der Region und im ganzen Land. " * 3
    rows = "".join(f"<tr><td>{size}</td><td>{price}</td></tr>" for size, price in (
        ("728×90 Leaderboard", "€ 6 CPM"), ("300×250 Medium Rectangle", "€ 8 CPM"), ("970×250 Billboard", "€ 14 CPM")))
    return _ok(f"<div id=story style='background:#10a010;padding:24px'><p>{story}</p></div>"
               "<section id=advertise><h2>Werben Sie bei uns</h2><table style='background:#e0a000;width:100%'>"
               f"<tr><th>Format</th><th>Preis</th></tr>{rows}</table><div class=ad-sample-300x250 "
               "style='width:300px;height:250px;background:#e07090'>300×250</div><a href='#'>Mediadaten (PDF)</a>"
               "</section><section id=cookie-policy><h2>Cookie-Richtlinie</h2><p>Wir verwenden Cookies, um Ihre "
               "Erfahrung zu verbessern und Anzeigen zu personalisieren. Mit einem Klick auf „Akzeptieren“ stimmen "
               "Sie der Verwendung zu.</p><table style='background:#1010d0;color:#fff'><tr><th>Cookie</th>"
               "<th>Dauer</th></tr><tr><td>session_id</td><td>24 h</td></tr></table><button "
               "style='background:#1010d0;color:#fff;width:200px;height:40px'>Einstellungen</button></section>",
               "<style>body{margin:0 auto;max-width:960px;background:#fff;font:14px sans-serif}</style>")


@route("/creatives")
def creatives(handler: Handler) -> Answer:
    """Ads by no name and no label: a 728×90 creative in the flow that says a discount ("Nordlicht Reisen −30%",
    purple #8010c0) and a fixed bar at the bottom holding only a 320×50 one and its close button (cyan #00b0d0)
    go. The story (green #10a010) stays."""
    story = "Der Stadtrat hat gestern den neuen Verkehrsplan beschlossen; die Arbeiten beginnen im Herbst. " * 3
    creative = ("<div style='width:{w}px;height:{h}px;background:{c};color:#fff;display:flex;flex-direction:column;"
                "align-items:center;justify-content:center'><span>Nordlicht Reisen</span><span>−30%</span></div>")
    return _ok(f"<div id=story style='background:#10a010;padding:24px'><p>{story}</p></div>"
               f"<div style='text-align:center;padding:10px 0;background:#eee'>"
               f"{creative.format(w=728, h=90, c='#8010c0')}</div><p>{story}</p>"
               "<div style='position:fixed;bottom:0;left:calc(50% - 180px);width:360px;z-index:999;"
               "background:#fafafa'><button aria-label='Schließen'>✕</button>"
               f"{creative.format(w=320, h=50, c='#00b0d0')}</div>",
               "<style>body{margin:0 auto;max-width:960px;background:#fff;font:14px sans-serif}</style>")


@route("/classifieds")
def classifieds(handler: Handler) -> Answer:
    """A page of classified ads ("Kleinanzeigen"): its list's items are named `ad-item`, as the ad lists' generic
    rules hide, and each says "Anzeige"; they are the page's content (orange #e0a000) and stay. The story (green
    #10a010) stays."""
    items = "".join(f"<li class=ad-item style='background:#e0a000;height:60px;margin:6px 0'>Anzeige {n}: {text}</li>"
                    for n, text in enumerate(("Zweizimmerwohnung am Hafen, 650 € im Monat", "Golf VI, 2011, 5.900 €",
                                              "Kinderfahrrad 20 Zoll, wie neu, 80 €"), 1))
    return _ok("<h1>Kleinanzeigen aus der Region</h1><div id=story style='background:#10a010;padding:24px'>"
               "<p>Unsere Leser bieten an: Wohnungen, Autos und alles fürs Haus.</p></div>"
               f"<ul id=listing class=ad-list>{items}</ul>",
               "<style>body{margin:0 auto;max-width:760px;background:#fff;font:14px sans-serif}</style>")


@route("/unnamed-overlays")
def unnamed_overlays(handler: Handler) -> Answer:
    """Overlays by no known name, each saying its purpose one way: a billboard drawn at 970×250 and scaled to a
    700 px column (a link holding one SVG, blue #1010d0, no label), a survey whose purpose is only in its
    accessible name (red #d01010, "نظرسنجی"), a discount offer in a dialog shown modally (purple #8010c0, dimmed by
    its ::backdrop). The story (green #10a010) stays."""
    story = "La biblioteca amplía su horario durante los exámenes y abre también los domingos por la tarde. " * 3
    billboard = ("<a href='#'><svg width=970 height=250 viewBox='0 0 970 250' style='width:100%;height:auto;"
                 "display:block'><rect width=970 height=250 fill='#1010d0'/></svg></a>")
    survey = ("<div role=dialog aria-label='نظرسنجی' style='position:fixed;right:16px;bottom:16px;width:360px;"
              "z-index:99999;padding:24px;background:#d01010;color:#fff;font-size:18px' dir=rtl>"
              "<div>نظر شما برای ما مهم است "
              "<span role=button aria-label='بستن'>×</span></div><div>از مطالب ما چقدر راضی هستید؟"
              "<div><span>😞</span> <span>😐</span> <span>🙂</span> <span>😍</span></div></div></div>")
    offer = ("<dialog id=leave class=leave-d style='background:#8010c0;color:#fff;width:420px;padding:24px'>"
             "<form method=dialog><button aria-label='关闭'>×</button></form><div>先别走！</div>"
             "<p>订阅电子版，首月仅需1元，还可获赠出行攻略电子书。</p><button>立即领取</button><p>不了，谢谢</p></dialog>"
             "<script>document.getElementById('leave').showModal();</script>")
    return _ok(f"<div style='width:700px;margin:0 auto'><div id=story style='background:#10a010;padding:24px'>"
               f"<p>{story}</p></div><div style='margin:16px 0'>{billboard}</div></div>{survey}{offer}",
               "<style>body{margin:0 auto;max-width:780px;background:#fff;font:14px sans-serif}</style>")


@route("/in-flow-notices")
def in_flow_notices(handler: Handler) -> Answer:
    """A privacy-settings page (its heading says so): the site's own consent form (orange #e0a000) in the flow at
    the body's end stays. Above the page, a promotion bar drawn in a srcdoc frame of a pop-up vendor's naming
    (pink #c2185b, "hellobar"), whose words only the frame holds, goes."""
    bar = ("<body style='margin:0'><div style='height:50px;background:#c2185b;color:#fff'>Spring sale: 20 % off "
           "everything with code SPRING20 <a href='#'>Shop now</a></div></body>")
    form = ("<form id=settings style='background:#e0a000;padding:24px'><h2>Your cookie preferences</h2>"
            "<label><input type=checkbox checked disabled> Necessary cookies</label> <label><input type=checkbox>"
            " Analytics cookies</label> <label><input type=checkbox> Advertising cookies</label>"
            "<button type=button>Save preferences</button></form>")
    text = "We use the settings below to decide which cookies this site may set on your device. " * 3
    return _ok(f"<div id=hellobar-bar class=HB-Bar><iframe srcdoc=\"{bar}\" style='display:block;width:100%;"
               f"height:50px;border:0'></iframe></div><main><h1>Privacy settings</h1><p>{text}</p></main>{form}",
               "<style>body{margin:0;background:#fff;font:14px sans-serif}</style>")


@route("/sourcepoint")
def sourcepoint_page(handler: Handler) -> Answer:
    """A consent message the way Sourcepoint shows one: a cross-site frame in a fixed container, which the page
    removes when the frame says a choice was made. Marker block #00a86b, the message #ff00cc."""
    port = handler.server.server_address[1]
    return 200, HTML, page(
        "<h1>Sourcepoint</h1><div style='background:#00a86b;width:420px;height:160px'></div>"
        "<div id='sp_message_container_1234' style='position:fixed;left:0;right:0;bottom:0;height:260px;"
        "z-index:2147483647'><iframe style='width:100%;height:100%;border:0' "
        f"src='http://{CONSENT_HOST}:{port}/index.html?message_id=1234'></iframe></div>"
        "<script>addEventListener('message', (e) => { if (e.data === 'sp.choice') "
        "document.querySelector('[id^=sp_message_container_]').remove(); });</script>")


@route("/index.html")
def sourcepoint_message(handler: Handler) -> Answer:
    """The message inside the frame: accept (choice type 11) or reject (13), each telling the page."""
    return 200, HTML, page(
        "<div class='message' style='background:#ff00cc;height:260px;padding:20px'>We and our partners use "
        "cookies and process personal data. <button class='sp_choice_type_11'>Accept all</button> "
        "<button class='sp_choice_type_13'>Reject all</button></div><script>document.querySelectorAll("
        "'button').forEach(b => b.addEventListener('click', () => parent.postMessage('sp.choice', '*')));"
        "</script>")


@route("/frame-backdrop")
def frame_backdrop(handler: Handler) -> Answer:
    """A consent platform no rule set knows: a full-viewport dimming sheet that only holds a cross-site frame,
    whose message (#ff00cc) is all the sheet says. Marker block #00a86b."""
    port = handler.server.server_address[1]
    return 200, HTML, page(
        "<h1>Frame backdrop</h1><div style='background:#00a86b;width:420px;height:160px'></div>"
        "<div style='position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:2147483000;display:flex;"
        "align-items:center;justify-content:center'><iframe style='width:560px;height:300px;border:0' "
        f"src='http://{CONSENT_HOST}:{port}/privacy-message'></iframe></div>")


@route("/privacy-message")
def privacy_message(handler: Handler) -> Answer:
    return 200, HTML, page(
        "<div style='background:#ff00cc;height:300px;padding:20px'><h3>Ihre Privatsphäre</h3><p>Wir verwenden "
        "Cookies und verarbeiten personenbezogene Daten, um Inhalte zu personalisieren. Mit Ihrer Einwilligung "
        "helfen Sie uns.</p><button>Alle akzeptieren</button> <button>Ablehnen</button></div>")


# --- format webm (issue 22) ---------------------------------------------------------------------

@route("/animated")
def animated(handler: Handler) -> Answer:
    """A CSS animation: a red box crossing a white page from x=0 to x=1000 over 2 s, 1 s after it is first shown
    (so a recording catches its start), then staying at the end."""
    return 200, HTML, page(
        "<div id=box></div>",
        "<style>#box{position:absolute;top:100px;left:0;width:100px;height:100px;background:#f00;"
        "animation:cross 2s linear 1s forwards} @keyframes cross{from{left:0}to{left:1000px}}</style>")


STRIPES = 100  # /striped: 100 bands of 100 px, band n painted rgb(n * 2.5, 80, 200)


@route("/striped")
def striped(handler: Handler) -> Answer:
    """10,000 px of bands whose red channel tells how far down the page they are. With `?scrolled=NAME`, its
    first scroll asks for `/scrolled?NAME`: a recording with `scroll` starts scrolling at its first frame."""
    bands = "".join(f"<div style='height:100px;background:rgb({round(n * 2.5)},80,200)'></div>"
                    for n in range(STRIPES))
    name = html.escape(handler.query.get("scrolled", ""), quote=True)
    beacon = f"<script>addEventListener('scroll', () => fetch('/scrolled?{name}'), {{once: true}})</script>"
    return 200, HTML, page(bands, beacon if name else "")


@route("/framed-alert")
def framed_alert(handler: Handler) -> Answer:
    """A cross-site frame that opens an alert as it loads (a dialog must not stall a capture)."""
    port = handler.server.server_address[1]
    return 200, HTML, page(f"<h1>Framed alert</h1><iframe src='http://{CONSENT_HOST}:{port}/alerting'></iframe>")


@route("/alerting")
def alerting(handler: Handler) -> Answer:
    return 200, HTML, page("<p>inside</p><script>alert('from the frame')</script>")


@route("/heap")
def heap(handler: Handler) -> Answer:
    """A page that keeps `?mb=` megabytes of JavaScript arrays alive (doubles, 1 MiB each): its JS heap grows."""
    megabytes = int(handler.query.get("mb", "32"))
    script = (f"window.kept = []; for (let i = 0; i < {megabytes}; i++) kept.push(new Array(131072).fill(i + 0.5));"
              "document.getElementById('out').textContent = 'kept ' + kept.length + ' MiB';")
    return _ok(f"<p id=out></p><script>{script}</script>")


@route("/geolocation")
def geolocation(_: Handler) -> Answer:
    """What navigator.geolocation answers the page (a position or an error) as DOM text; #answered once it did."""
    script = """
      const answer = facts => {
        document.getElementById('out').textContent = JSON.stringify(facts);
        document.body.append(Object.assign(document.createElement('i'), {id: 'answered'}));
      };
      navigator.geolocation.getCurrentPosition(
        p => answer({latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy}),
        e => answer({error: e.code}), {timeout: 3000});
    """
    return _ok(f"<pre id=out></pre><script>{script}</script>")


OPEN_GRAPH = {"title": "Fixture & Sons", "type": "article", "image": "https://cdn.fixture.test/card.png",
              "image:width": "1200", "description": "Open Graph text ünïcode 😀"}


@route("/og")
def open_graph(_: Handler) -> Answer:
    """Metadata for responseType json: a title, a description, the og: tags of OPEN_GRAPH (one twice: the first
    counts) and a look-alike that is not one (name=, not property=)."""
    tags = "".join(f"<meta property='og:{name}' content='{html.escape(value, quote=True)}'>"
                   for name, value in OPEN_GRAPH.items())
    head = (f"<title>Fixture &amp; page</title><meta name=description content='A page that describes itself'>"
            f"{tags}<meta property='og:title' content='second title'><meta name='og:site_name' content='not og'>")
    return _ok("<h1>Open Graph</h1>", head)


@route("/moved")
def moved(handler: Handler) -> Answer:
    """A 302 to `?to=` (a path of this site)."""
    return 302, {"location": handler.query.get("to", "/simple")}, b""


@route("/solid")
def solid(handler: Handler) -> Answer:
    """A page of one colour, `?rgb=r,g,b` (digits and commas only)."""
    rgb = "".join(c for c in handler.query.get("rgb", "0,128,255") if c.isdigit() or c == ",")
    return _ok("", f"<style>html,body{{height:100%;background:rgb({rgb})}}</style>")


NEWS = Path(__file__).parent / "news_corpus"  # twelve pages of Zyte's article-extraction-benchmark (MIT)


@route("/news")
def news(handler: Handler) -> Answer:
    """`?page=`: a saved news page of tests/news_corpus, as its site served it."""
    import gzip

    name = Path(handler.query.get("page", "")).name
    path = NEWS / f"{name}.html.gz"
    if not name or not path.is_file():
        return 404, HTML, page("<h1>no such news page</h1>")
    return 200, HTML, gzip.decompress(path.read_bytes())


@route("/article")
def article(_: Handler) -> Answer:
    """A story among a site's navigation and footer; its headline and last paragraph are written by script."""
    return _ok(
        "<nav><a href='/'>Home</a> | <a href='/sport'>Sport</a> | <a href='/weather'>Weather</a></nav>"
        "<main><article><h1 id=headline></h1>"
        "<p>The harbour of Portmellon reopened on Tuesday after a winter of repairs to its granite walls, "
        "which the storms of the last three years had breached twice. Fishing boats returned within the hour.</p>"
        "<h2>What changed</h2><ul><li>New sea gates on the eastern arm</li><li>A deeper channel at low tide</li>"
        "<li>Lights on the breakwater</li></ul>"
        "<p>The council published <a href='/reports/harbour-2026.pdf'>the engineers' report</a> and a "
        "<a href='https://example.org/map'>map of the works</a>.</p>"
        "<figure><img src='/green.svg?article' alt='The new sea gates'><figcaption>The new sea gates"
        "</figcaption></figure><p id=last></p></article></main>"
        "<footer><p>Copyright Portmellon Gazette. All rights reserved.</p><a href='/privacy'>Privacy</a></footer>"
        "<script>document.getElementById('headline').textContent = 'Portmellon harbour reopens after repairs';"
        "document.getElementById('last').textContent = 'Harbour dues stay at last year\\u2019s rates until "
        "the summer, the harbour master said, and the slipway opens to visitors next month.';</script>")


# /changing's pages by name, as /changing/set left them: what a monitor's test changes between runs
CHANGING: dict[str, dict[str, str]] = {}
CHANGING_DEFAULTS = {"block": "#2060c0", "ad": "Buy one today", "para": "The first paragraph says one thing."}


@route("/changing")
def changing(handler: Handler) -> Answer:
    """For monitors: a page that changes when a test says (`/changing/set?name=…&block=…&ad=…&para=…`). A block
    of `block` colour at 100,200 sized 200×150; an ad (class `ad`) at 600,200 sized 300×100 with the text `ad`,
    in a colour of its own each time; a paragraph `para` at 100,450; white, 1280 wide."""
    state = CHANGING_DEFAULTS | CHANGING.get(handler.query.get("name", ""), {})
    hue = sum(state["ad"].encode()) % 360
    return _ok("<h1 style='position:absolute;left:100px;top:40px;margin:0;font:32px sans-serif'>Prices</h1>"
               f"<div id=block style='position:absolute;left:100px;top:200px;width:200px;height:150px;"
               f"background:{html.escape(state['block'])}'></div>"
               f"<div class=ad style='position:absolute;left:600px;top:200px;width:300px;height:100px;"
               f"background:hsl({hue},70%,50%);font:20px sans-serif'>{html.escape(state['ad'])}</div>"
               f"<p style='position:absolute;left:100px;top:450px;margin:0;font:18px sans-serif'>"
               f"{html.escape(state['para'])}</p>", "<style>html,body{background:#fff}</style>")


@route("/changing/set")
def changing_set(handler: Handler) -> Answer:
    query = dict(handler.query)
    CHANGING.setdefault(query.pop("name", ""), {}).update(query)
    return _ok("<p>set</p>")
