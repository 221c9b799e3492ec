"""Pages written by hand, not by the generator's templates: shapes, words and markup the generator does not
make, each a shape of its own. In grouped cross-validation (tests/overlays/crossval.py) each is left out in
turn, so the scores say how the model does on overlays built differently from every one it learned on.

Each page: (language, html, remove: {label: kind}, keep: [label]); labels are data-label values.
"""

from __future__ import annotations

OVERLAY = "#ff00cc"
MARKER = "#00a86b"

ARTICLE = f"""<main data-label="k-main" style="max-width:720px;margin:0 auto;padding:16px">
<h1>{{title}}</h1><div data-label="k-marker" style="background:{MARKER};width:420px;height:160px"></div>
<p>{{text}}</p><p>{{text}}</p><p>{{text}}</p><p>{{text}}</p><p>{{text}}</p><p>{{text}}</p></main>"""
EN = ("Tides of the old canal", "Boats came back to the canal this year after a decade of silence, and with them "
      "the small cafés along the water that had closed one after another.")
DE = ("Die Brücke am Fluss", "Nach zwei Jahren Bauzeit ist die alte Brücke wieder offen, und die Händler auf dem "
      "Markt freuen sich über mehr Kundschaft aus dem Nachbarviertel.")
FR = ("Le marché du samedi", "Chaque samedi, les producteurs de la région installent leurs stands sur la place, "
      "et les habitants viennent y chercher fruits, fromages et pain frais.")
ES = ("La plaza mayor", "La plaza mayor vuelve a llenarse de vida con conciertos al aire libre y mercados de "
      "artesanía durante todo el verano.")
IT = ("Il vecchio mulino", "Il mulino sul fiume è stato restaurato da un gruppo di volontari e ora ospita un "
      "piccolo museo dedicato alla storia della valle.")
NL = ("De nieuwe fietsroute", "De gemeente opent deze maand een nieuwe fietsroute langs de dijk, met rustpunten "
      "en uitzicht over de polder.")
PT = ("O farol da praia", "O farol da praia foi pintado de novo e recebe visitantes todos os fins de semana, "
      "com vista para toda a baía.")
PL = ("Stary dworzec", "Stary dworzec kolejowy został odnowiony i działa w nim teraz biblioteka oraz kawiarnia "
      "dla podróżnych.")


def article(words: tuple[str, str]) -> str:
    return ARTICLE.format(title=words[0], text=words[1])


def page(lang: str, body: str, style: str = "") -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>body{{margin:0;'
            f'font:15px/1.6 Georgia,serif}} {style}</style></head><body>{body}</body></html>')


NOVEL: dict[str, tuple[str, str, dict[str, str], list[str]]] = {
    # A consent bar that is sticky, not fixed, at the end of the body, with a "Save choices" wording.
    "novel-sticky-consent": ("en", page("en", article(EN) + f"""<section data-label="o1" style="position:sticky;
bottom:0;background:{OVERLAY};padding:14px 20px;z-index:40">This site stores small files on your device
(cookies) so that it works and so we can see how it is used, with your permission.
<button>Allow</button> <button>Refuse</button> <a href="#p">Privacy notice</a></section>"""),
        {"o1": "cookieBanners"}, ["k-main", "k-marker"]),
    # A consent box absolutely placed with a huge z-index inside a relatively placed wrapper; German.
    "novel-absolute-consent": ("de", page("de", f"""<div style="position:relative">{article(DE)}
<div data-label="o1" style="position:absolute;top:80px;right:30px;width:360px;background:{OVERLAY};padding:18px;
z-index:999999">Wir nutzen Cookies und vergleichbare Technologien. Ihre Einwilligung ist freiwillig und kann
jederzeit widerrufen werden. <button>Zustimmen</button> <button>Nur notwendige</button></div></div>"""),
        {"o1": "cookieBanners"}, ["k-main", "k-marker"]),
    # A newsletter prompt with no e-mail field, only a button that opens a form; French.
    "novel-newsletter-button": ("fr", page("fr", article(FR) + f"""<div class="nl" data-label="o1"
style="position:fixed;left:50%;top:30%;transform:translateX(-50%);width:440px;background:{OVERLAY};padding:26px;
z-index:7000;box-shadow:0 0 0 100vmax rgba(0,0,0,.5)"><p><b>Ne manquez rien !</b> Recevez notre lettre
d'information chaque vendredi.</p><button>Je m'inscris</button> <button aria-label="Fermer">✕</button></div>"""),
        {"o1": "popups"}, ["k-main", "k-marker"]),
    # A chat widget whose launcher lives in a shadow root; Spanish label only in aria.
    "novel-shadow-chat": ("es", page("es", article(ES) + """<chat-widget data-label="o1" style="position:fixed;
right:16px;bottom:16px;z-index:2147483647;display:block;width:70px;height:70px"></chat-widget><script>
document.querySelector('chat-widget').attachShadow({mode: 'open'}).innerHTML =
"<button aria-label='Abrir chat de ayuda' style='width:70px;height:70px;border-radius:35px;border:0;"
+ "background:#5a6b7c'>?</button>";</script>"""), {}, ["k-main", "k-marker", "o1"]),  # the site's own (issue 54)
    # A paywall that covers the lower half with a gradient and a subscription offer; Italian.
    "novel-paywall-fade": ("it", page("it", article(IT) + f"""<div data-label="o1" style="position:fixed;
left:0;right:0;bottom:0;height:48vh;background:{OVERLAY};z-index:60;padding:30px;text-align:center">
<h2>Continua a leggere</h2><p>Abbonati per leggere tutti gli articoli senza limiti. Disdici quando vuoi.</p>
<button>Abbonati ora</button> <a href="#accedi">Sei già abbonato? Accedi</a></div>""",
                                          "html{overflow:hidden}"),
        {"o1": "popups"}, ["k-main", "k-marker"]),
    # An app banner as role=banner at the bottom with an app-store link; Dutch.
    "novel-app-bottom": ("nl", page("nl", article(NL) + f"""<div role="complementary" data-label="o1"
style="position:fixed;bottom:0;left:0;right:0;height:76px;background:{OVERLAY};z-index:500;display:flex;
align-items:center;gap:14px;padding:0 14px"><span>Lees sneller in onze app</span><a href="#ios">App Store</a>
<a href="#android">Google Play</a><button aria-label="sluiten">×</button></div>"""),
        {"o1": "popups"}, ["k-main", "k-marker"]),
    # A discount pop-up in Portuguese with a backdrop in the same element (box-shadow) and a code.
    "novel-discount": ("pt", page("pt", article(PT) + f"""<div data-label="o1" style="position:fixed;inset:0;
background:rgba(0,0,0,.55);z-index:9000;display:flex;align-items:center;justify-content:center"><div
style="background:{OVERLAY};padding:30px;width:420px">Ganhe 15% de desconto na primeira compra com o código
BEMVINDO. <button>Quero o desconto</button> <button>Agora não</button></div></div>"""),
        {"o1": "popups"}, ["k-main", "k-marker"]),
    # A Polish cookie wall without the word cookie: "pliki" and "zgoda" only.
    "novel-polish-wall": ("pl", page("pl", article(PL) + f"""<div data-label="o1" style="position:fixed;inset:0;
background:{OVERLAY};z-index:100000;padding:80px">Twoja prywatność jest dla nas ważna. Przetwarzamy dane osobowe
w celach statystycznych i marketingowych na podstawie Twojej zgody. <button>Akceptuję</button>
<button>Odrzuć wszystkie</button></div>""", "body{overflow:hidden}"), {"o1": "cookieBanners"},
        ["k-main", "k-marker"]),
    # A sticky leaderboard ad at the top under the header, labelled in German.
    "novel-top-ad": ("de", page("de", f"""<div data-label="o1" style="position:sticky;top:0;height:110px;
background:{OVERLAY};z-index:30;text-align:center"><small>Anzeige</small><iframe style="width:728px;height:90px;
border:0" srcdoc="&lt;body style='background:#ff00cc'&gt;"></iframe></div>""" + article(DE)),
        {"o1": "ads"}, ["k-main", "k-marker"]),
    # The classes an outside set found missed (issue 35) ------------------------------------------------------
    # A consent bar inserted first in the body, in the page's flow (neither fixed nor absolute), plain wording.
    "novel-inflow-consent": ("en", page("en", f"""<div data-label="o1" style="background:{OVERLAY};padding:12px
20px;font-size:14px">This website uses cookies to give you the best experience. By continuing you agree to our use
of cookies. <button>Accept</button> <button>Decline</button> <a href="#more">Learn more</a></div>""" + article(EN)),
        {"o1": "cookieBanners"}, ["k-main", "k-marker"]),
    # A consent platform's full-viewport fixed backdrop whose message is an srcdoc frame in it.
    "novel-srcdoc-backdrop": ("de", page("de", article(DE) + f"""<div data-label="o1" style="position:fixed;
inset:0;background:rgba(0,0,0,.5);z-index:2147483000;display:flex;align-items:center;justify-content:center">
<iframe title="Consent" style="width:560px;height:300px;border:0" srcdoc="&lt;body style='margin:0;padding:20px;
background:{OVERLAY};font:14px sans-serif'&gt;&lt;h3&gt;Ihre Privatsphäre&lt;/h3&gt;&lt;p&gt;Wir verwenden
Cookies und verarbeiten personenbezogene Daten, um Inhalte zu personalisieren. Mit Ihrer Einwilligung
helfen Sie uns.&lt;/p&gt;&lt;button&gt;Alle akzeptieren&lt;/button&gt; &lt;button&gt;Ablehnen&lt;/button&gt;"></iframe>
</div>""", "html{overflow:hidden}"), {"o1": "cookieBanners"}, ["k-main", "k-marker"]),
    # A consent dialog whose text lives in a closed shadow root: only its host is seen by page scripts.
    "novel-closed-shadow-consent": ("fr", page("fr", article(FR) + f"""<div id="cmp" data-label="o1"
style="position:fixed;left:0;right:0;bottom:0;z-index:99999"></div><script>
document.getElementById('cmp').attachShadow({{mode: 'closed'}}).innerHTML = "<div style='background:{OVERLAY};"
+ "padding:18px'><b>Nous respectons votre vie privée</b><p>Nous utilisons des cookies et des traceurs pour mesurer"
+ " l'audience. Vous pouvez donner votre consentement ou le refuser.</p><button>Tout accepter</button> "
+ "<button>Continuer sans accepter</button></div>";</script>"""), {"o1": "cookieBanners"}, ["k-main", "k-marker"]),
    # A newsletter pop-up that appears 400 ms after the load (after the rules layer's first look).
    "novel-late-popup": ("es", page("es", article(ES) + f"""<script>addEventListener('load', () => setTimeout(() => {{
const box = document.createElement('div'); box.setAttribute('data-label', 'o1');
box.style.cssText = 'position:fixed;top:20%;left:50%;transform:translateX(-50%);width:440px;padding:28px;'
  + 'background:{OVERLAY};z-index:9999';
box.innerHTML = '<h2>¡No te lo pierdas!</h2><p>Suscríbete a nuestro boletín y recibe las noticias cada mañana.</p>'
  + '<input type="email" placeholder="Tu correo"> <button>Suscribirme</button> <button aria-label="Cerrar">×</button>';
document.body.appendChild(box); }}, 400));</script>"""), {"o1": "popups"}, ["k-main", "k-marker"]),
    # Generic ad containers in the content: a named container, AdSense's ins, an unnamed leaderboard frame.
    "novel-ad-containers": ("it", page("it", f"""<div data-label="o1" style="text-align:center;margin:8px auto;
width:728px"><iframe style="width:728px;height:90px;border:0" srcdoc="&lt;body style='margin:0;background:{OVERLAY}'
&gt;"></iframe></div>""" + article(IT) + f"""<div class="ad-container" data-label="o2" style="width:300px;
height:250px;margin:20px auto;background:{OVERLAY}"><small>Pubblicità</small><iframe style="width:300px;height:230px;
border:0" srcdoc="&lt;body style='margin:0;background:{OVERLAY}'&gt;"></iframe></div><ins class="adsbygoogle"
data-label="o3" data-ad-client="ca-pub-3940256099942544" data-ad-slot="1234567890" style="display:block;
width:728px;height:90px;margin:0 auto;background:{OVERLAY}"></ins>"""),
        {"o1": "ads", "o2": "ads", "o3": "ads"}, ["k-main", "k-marker"]),
    # Negatives -----------------------------------------------------------------------------------------------
    # An announcement bar the shop itself shows at the top: free shipping (a site's own message, kept).
    "novel-announcement-bar": ("en", page("en", """<div data-label="k-bar" style="position:sticky;top:0;
background:#1b4332;color:white;padding:8px;text-align:center;z-index:10">Free delivery on orders over €50 ·
<a href="#shipping" style="color:white">Details</a></div>""" + article(EN)), {}, ["k-bar", "k-main", "k-marker"]),
    # A privacy settings page whose content is a form of toggles (the page's purpose), fixed save bar.
    "novel-privacy-settings": ("de", page("de", f"""<main data-label="k-main" style="padding:20px 20px 90px">
<h1>Datenschutz-Einstellungen</h1><div data-label="k-marker" style="background:{MARKER};width:420px;
height:160px"></div><p>Hier legen Sie fest, welche Cookies wir verwenden dürfen.</p><label><input type="checkbox"
checked> Notwendige Cookies</label><br><label><input type="checkbox"> Statistik</label><br><label>
<input type="checkbox"> Marketing</label></main><div data-label="k-save" style="position:fixed;bottom:0;left:0;
right:0;background:#eee;padding:14px;z-index:5"><button>Auswahl speichern</button> <a href="/">Zurück zur
Startseite</a></div>"""), {}, ["k-main", "k-marker", "k-save"]),
    # A photo viewer that is the page: full-screen dark layer with the image and a close link.
    "novel-photo-viewer": ("fr", page("fr", f"""<div data-label="k-viewer" style="position:fixed;inset:0;
background:#111;color:#eee;display:flex;flex-direction:column;align-items:center;justify-content:center">
<div data-label="k-marker" style="background:{MARKER};width:420px;height:160px"></div><p>{FR[1]}</p>
<a href="#prev" style="color:#eee">← Précédente</a> <a href="#next" style="color:#eee">Suivante →</a></div>""")
                           , {}, ["k-viewer", "k-marker"]),
    # A docs page with a sticky left menu and a sticky "on this page" outline; Spanish.
    "novel-docs-layout": ("es", page("es", f"""<div style="display:flex"><nav data-label="k-nav"
style="position:sticky;top:0;height:100vh;width:220px;background:#f3f3f3;padding:12px"><a href="#a">Inicio</a><br>
<a href="#b">Guía</a><br><a href="#c">Referencia</a></nav>{article(ES)}<aside data-label="k-outline"
style="position:sticky;top:0;height:200px;width:180px;padding:12px">En esta página<br><a href="#1">Uno</a><br>
<a href="#2">Dos</a></aside></div>"""), {}, ["k-nav", "k-outline", "k-main", "k-marker"]),
    # A live-blog ticker fixed at the bottom: the site's own news, in Italian.
    "novel-live-ticker": ("it", page("it", article(IT) + """<div data-label="k-ticker" style="position:fixed;
bottom:0;left:0;right:0;height:44px;background:#c1121f;color:white;padding:10px;z-index:20">IN DIRETTA: il
consiglio comunale approva il bilancio · <a href="#live" style="color:white">Segui la diretta</a></div>"""),
        {}, ["k-ticker", "k-main", "k-marker"]),
    # A login page whose form is a centred card with a translucent sheet behind it; Dutch.
    "novel-login-card": ("nl", page("nl", f"""<div style="position:fixed;inset:0;background:rgba(20,20,60,.7)">
</div><form data-label="k-form" style="position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);
width:380px;background:white;padding:28px;z-index:2"><h2>Welkom terug</h2><div data-label="k-marker"
style="background:{MARKER};width:320px;height:60px"></div><input type="email" placeholder="E-mailadres"><br>
<input type="password" placeholder="Wachtwoord"><br><button>Inloggen</button> <a href="#reg">Account
aanmaken</a></form>"""), {}, ["k-form", "k-marker"]),
    # A video lesson page whose player sticks to the corner while reading (a mini player): the page's content.
    "novel-mini-player": ("pt", page("pt", article(PT) + f"""<div data-label="k-player" style="position:fixed;
right:20px;bottom:20px;width:320px;height:180px;background:#000;z-index:50"><div style="background:{MARKER};
width:120px;height:60px"></div><button>⏸</button> <span style="color:white">Aula 3: o farol</span></div>"""),
        {}, ["k-player", "k-main", "k-marker"]),
}
