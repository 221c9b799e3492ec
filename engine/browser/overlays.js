// The overlay finder of removeElements (engine/overlays.py): every element that sits over the page
// (fixed, sticky, or absolute above z-index 100; in open shadow roots too), outermost only, measured
// as the model's features. Runs in an isolated world, so the page's scripts neither see nor bend it;
// the elements stay in globalThis.__overlays for the removal that follows.
(words) => {
  const W = innerWidth, H = innerHeight, AREA = Math.max(1, W * H);
  const MAX_ELEMENTS = 20000;
  const lower = (s) => (s || '').toLowerCase();
  // a word with "…" in it is said in parts, up to 16 characters apart ("อายุ…ปี": "age 20 years"; "打开…app":
  // "open the <paper's name> App"), as a language puts a number or a name between them
  const gaps = new Map();
  const gapped = (w) => {
    if (!gaps.has(w)) gaps.set(w, new RegExp(w.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^]{0,16}?'), 'g'));
    const re = gaps.get(w);
    re.lastIndex = 0;
    return re;
  };
  const count = (text, list) => {
    let n = 0;
    for (const w of list) {
      if (w.includes('…')) { const re = gapped(w); while (n < 5 && re.exec(text)) n++; continue; }
      for (let i = text.indexOf(w); i !== -1 && n < 5; i = text.indexOf(w, i + w.length)) n++;
    }
    return Math.min(n, 5) / 5;
  };
  const has = (text, list) => list.some((w) => (w.includes('…') ? gapped(w).test(text) : text.includes(w)));
  const shortText = (el) => { const t = (el && el.innerText) || ''; return t.length <= 80 ? t : ''; };  // its own line
  // "ad-free" is a plan's, "alle anzeigen" a link's, "ad blocker" a wall's: no ad's label
  const adsIn = (text) => words.not_ads.reduce((t, w) => t.split(w).join(' '), text);
  // an ad's label says so at the start or end of one of its parts ("Sponsored by …", "Contenido patrocinado ·
  // Revcontent"); a headline that says "funded by" amid its words is no label
  const labelled = (label) => adsIn(label).split(/[·•|:,–—()[\]]/).some((part) => {
    const said = part.trim();  // a stem may end a few letters short of its word ("reklam" in "reklamy")
    if (/\d/.test(said)) return false;  // a chart's caption ("Advertising 2019–2023"), a price: no ad's label
    return words.ad.some((w) => { const at = said.indexOf(w); return at === 0 || (at > 0 && at + w.length >= said.length - 3); });
  });
  const CONTROLS = 'button, a, [role=button], input[type=button], input[type=submit], [onclick]';
  // a bar that signs the page (©) and asks nothing is the site's own footer, though it links its cookie policy
  const signs = (el) => (el.innerText || '').includes('©') && ![...el.querySelectorAll(CONTROLS)].slice(0, 30)
    .some((b) => { const said = lower(b.innerText); return has(said, words.accept) || has(said, words.reject); });
  // the words an element names itself by: its classes (an SVG's too), its id, its tag
  const ownTokens = (el) => lower(`${el.getAttribute('class') || ''} ${el.id} ${el.localName}`).split(/[^a-z0-9]+/);
  const tokens = (el) => {
    const found = [];
    for (const node of [el, ...el.querySelectorAll('[id],[class]')].slice(0, 200)) found.push(...ownTokens(node));
    return {own: new Set(ownTokens(el)), all: new Set(found)};
  };
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
  // open shadow roots, and the closed ones the removal read through CDP (engine/browser/watching.py)
  const closed = globalThis.__closedRoots || new Map();
  const shadowOf = (el) => el.shadowRoot || closed.get(el) || null;
  const frameOf = (el) => { try { return el.contentDocument; } catch (e) { return null; } };  // same-site, srcdoc
  const saidIn = globalThis.__frameTexts || new Map();  // cross-site frames: what each says, read through CDP

  // An element about to show: its opacity is on its way up (a banner fading in is a banner).
  const fadingIn = (el) => el.getAnimations().some((a) => {
    try {
      const frames = a.effect.getKeyframes(), last = frames[frames.length - 1];
      return a.playState === 'running' && last && last.opacity !== undefined && parseFloat(last.opacity) >= 0.5;
    } catch (e) { return false; }
  });
  const hidden = (el, s) => s.display === 'none' || s.visibility === 'hidden' || (parseFloat(s.opacity) < 0.05 && !fadingIn(el));

  const elements = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (elements.length >= MAX_ELEMENTS) return;
      elements.push(el);
      if (shadowOf(el)) collect(shadowOf(el));
    }
  };
  collect(document);

  const picked = [];
  const pickedSet = new Set();
  const inside = (el) => { for (let p = parentOf(el); p; p = parentOf(p)) if (pickedSet.has(p)) return true; return false; };
  for (const el of elements) {
    if (el === document.documentElement || el === document.body) continue;  // fixed to lock scrolling: the page
    const s = getComputedStyle(el);
    const pos = s.position;
    if (pos !== 'fixed' && pos !== 'sticky' && !(pos === 'absolute' && (parseInt(s.zIndex, 10) || 0) >= 100)) continue;
    if (hidden(el, s)) continue;
    // a lone control is the page's own (a chat launcher, "back to top"): it opens something, it shows nothing,
    // unless it says an offer (a "10 % off" tab)
    const lone = el.matches('button, [role=button], input') || (el.localName === 'a' && (el.innerText || '').trim().length <= 2
      && !el.querySelector('img, svg, video, canvas, iframe'));
    if (lone && !has(lower(el.innerText), words.offer)) continue;
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0));
    if (w * h < 900 || inside(el)) continue;
    if (h < H * 0.15 && signs(el)) continue;
    pickedSet.add(el);
    picked.push({el, s, r, w, h, flow: 0});
  }

  // In the page's flow, not positioned: blocks near the top or the end of the body (or of a wrapper holding
  // the whole page) with consent words and either an accept or reject control or the shape of a notice (short,
  // few links, its purpose said twice: a bar whose one control is an "OK" link, or none); never the site's own
  // footer, header or navigation. And ad slots in the content (an ad name, an ins or a frame, in one of the IAB
  // sizes). Measured by their own box.
  const pageText = Math.max(1, (document.body ? document.body.innerText : '').length);
  // a donation's amount is a number with its currency: a bare year or a pager's "3" is none
  const AMOUNT = /^\s*([€$£¥₹]\s?\d{1,5}([.,]\d{2})?|\d{1,5}([.,]\d{2})?\s?(€|\$|£|¥|₹|eur|usd|kr|zł|kč|ft|lei|₺|₽|₴))\s*$/i;
  const SKIP = ['script', 'style', 'link', 'noscript', 'template', 'meta'];
  const ends = (parent) => {
    const kids = [...parent.children].filter((k) => !SKIP.includes(k.localName));
    return [...kids.slice(0, 3), ...kids.slice(-3)];
  };
  const addFlowing = (el, drawnIab = false, nested = false) => {  // nested: within a candidate, a part it holds
    if (pickedSet.has(el) || (!nested && inside(el)) || picked.length >= 200) return;
    const s = getComputedStyle(el);
    if (hidden(el, s)) return;
    const r = el.getBoundingClientRect();
    const w = Math.min(r.width, W), h = Math.min(r.height, H);
    if (w * h < 900) return;
    pickedSet.add(el);
    picked.push({el, s, r, w, h, flow: 1, drawnIab});
  };
  // The same for an offer's or an app's notice (a subscribers-only wall at the end of the article, an "open in
  // the app" strip above the header): short, few links, with a control, at the body's ends or the article's end.
  if (document.body) {
    const near = ends(document.body);
    for (const wrapper of [...near]) if (wrapper.children.length > 3 && wrapper.getBoundingClientRect().height > H) near.push(...ends(wrapper));
    const closing = new Set();  // the article's last blocks: an offer's wall only (a preferences form ends one)
    for (const box of [...document.querySelectorAll('main, article, [role=main]')].slice(0, 5)) {
      for (const el of [...box.children].slice(-2)) if (!near.includes(el)) closing.add(el);
    }
    for (const el of elements.slice(0, 3000)) {  // a paywall vendor's widget, wherever in the story it sits
      if (!near.includes(el) && ownTokens(el).some((t) => words.walls.includes(t))) closing.add(el);
    }
    // a page about privacy or cookies ("Privacy settings", a cookie policy) holds its own consent forms, an
    // app's page its own download buttons, and a page about its prices its plans
    const heading = document.querySelector('h1');
    const aboutConsent = heading ? has(lower(heading.innerText), words.consent) : false;
    const aboutApp = heading ? has(lower(heading.innerText), words.app) : false;  // an app's own page
    const aboutPrices = has(lower(`${heading ? heading.innerText : ''} ${document.title}`), words.pricing);
    for (const el of new Set([...near, ...closing])) {
      const r = el.getBoundingClientRect();
      if (r.height > H * 0.6 || r.width < W * 0.3) continue;
      // a block holding most of the page's text is the page (a preferences page), not an interruption of it, and
      // so is one holding its story (the columns around the article and its sidebar)
      if ((el.innerText || '').length > 0.5 * pageText || el.matches('main, article') || el.querySelector('main, article')) continue;
      // what it says and its controls, its same-site frames' too (a bar drawn in a srcdoc frame)
      const docs = [el, ...[...el.querySelectorAll('iframe')].slice(0, 3).map(frameOf).filter((d) => d && d.body).map((d) => d.body)];
      const text = docs.map((d) => lower(d.innerText)).join(' ').slice(0, 3000);
      const vendor = [...tokens(el).all].some((t) => words.vendors.includes(t));  // Hello Bar's, Poool's
      const consent = has(text, words.consent) && !closing.has(el) && !aboutConsent;
      const app = has(text, words.app) && !aboutApp;
      if (!consent && !(has(text, words.offer) && !aboutPrices) && !app && !vendor) continue;
      const role = lower(el.getAttribute('role'));
      // `role=banner` is the site's header, unless what it says is an app's (a smart banner so marked: set9, set28)
      if (['footer', 'header', 'nav'].includes(el.localName) || ['contentinfo', 'navigation'].includes(role)
          || (role === 'banner' && !app)) continue;
      const within = (selector) => docs.flatMap((d) => [...d.querySelectorAll(selector)]);
      if (el.querySelector('table')) continue;  // a cookie policy's table of its cookies, a table of rates: the page's
      const controls = within(CONTROLS).slice(0, 30);
      // few links: a donation's amounts ("5 €", "$10") are its choices, not the site's navigation
      const short = text.length < 600 && within('a[href]').filter((a) => !AMOUNT.test(a.innerText || '')).length <= 3;
      if (!consent) {
        if (short && controls.length && !within('input[type=password]').length) addFlowing(el);
        continue;
      }
      const labels = controls.map((b) => lower(`${b.innerText || b.value || ''} ${b.getAttribute('aria-label') || ''}`));
      // a form of choices (its categories' switches) with no answer but to save them is the page's preferences
      const choosing = within('input[type=checkbox], input[type=radio], [role=switch]').length >= 2;
      const notice = short && !signs(el) && ((count(text, words.consent) >= 0.4 && !choosing)
        || labels.some((c) => /(^|[^a-z])ok($|[^a-z])/.test(c)));
      if (notice || labels.some((c) => has(c, words.accept) || has(c, words.reject))) addFlowing(el);
    }
  }
  // up from a box while each box around it adds no more than 40 characters of text and `fits`
  const climb = (el, fits) => {
    let top = el;
    const said = (el.innerText || '').length;
    for (let q = parentOf(el); q && q !== document.body; q = parentOf(q)) {
      if ((q.innerText || '').length > said + 40 || !fits(q, q.getBoundingClientRect())) break;
      top = q;
    }
    return top;
  };
  // the slot is the widest box around an ad that holds nothing else but a short label ("Advertisement")
  const slotAround = (el, r) => climb(el, (p, pr) => pr.width <= r.width + 40 && pr.height <= r.height + 60);
  // a sponsored card is its text beside its picture: boxes of two children at most, over no more than three
  // times the area (not the page's main or header)
  const cardAround = (el) => {
    const r = el.getBoundingClientRect();
    return climb(el, (q, qr) => q.childElementCount <= 2 && qr.height < H * 0.9 && qr.width * qr.height <= 3 * r.width * r.height
      && !SKIP.includes(q.localName) && !['main', 'header', 'footer', 'nav'].includes(q.localName) && !q.querySelector('h1'));
  };
  // an ad server's own frame, by the name it gives it (Google's, AdSense's, media.net's): a slot of any size
  const servedFrame = (f) => /^(google_ads_iframe|aswift_|_mn_main_|_mn_dy_)/.test(lower(f.id || f.name));
  const AD_SIZES = [[728, 90], [300, 250], [336, 280], [160, 600], [300, 600], [320, 50], [320, 100], [970, 90], [970, 250], [468, 60], [250, 250], [120, 600]];
  const adSize = (r) => AD_SIZES.some(([aw, ah]) => Math.abs(r.width - aw) <= 12 && Math.abs(r.height - ah) <= 30);
  // a creative as a site draws one: a box of an ad's size with a few words (a brand, its "−30 %") and no control
  const creative = (el) => el.childElementCount <= 4 && (el.textContent || '').trim().length <= 80
    && !el.querySelector(`${CONTROLS}, select, textarea`) && adSize(el.getBoundingClientRect());
  const DISCOUNT = /(^|\D)[−–-]\s?\d{1,2}\s?%/;  // "−30%", not a range's "10-30%"
  // a picture's own size (a banner scaled to its column keeps it): an image's pixels, an SVG's width and height
  // or view box, a canvas's
  const drawnAt = (pic) => {
    if (pic.localName === 'img') return {width: pic.naturalWidth, height: pic.naturalHeight};
    if (pic.localName === 'video') return {width: pic.videoWidth, height: pic.videoHeight};
    if (pic.localName === 'canvas') return {width: pic.width, height: pic.height};
    if (pic.localName === 'svg') {
      const box = pic.viewBox && pic.viewBox.baseVal;
      const width = parseFloat(pic.getAttribute('width')) || (box ? box.width : 0);
      return {width, height: parseFloat(pic.getAttribute('height')) || (box ? box.height : 0)};
    }
    return {width: 0, height: 0};
  };
  // a page about advertising on the site (a media kit: a table of the ad sizes it sells) shows its formats as
  // its content, labelled as they would be, and a page of classified ads ("Mali oglasi") its list of them (by the
  // classifieds' names: an ad label's word in a headline is often another word's part, "Strafanzeige")
  const title = document.querySelector('h1');
  const aboutAds = [...document.querySelectorAll('table')].slice(0, 10)
    .some((t) => /\b(728|300|970|160)\s*[×x]\s*(90|250|600)\b/.test(t.innerText || ''))
    || (!!title && has(lower(title.innerText), words.classifieds));
  let slots = 0;
  for (const el of elements) {
    if (aboutAds) break;
    if (slots >= 30) break;
    // a banner: a link whose one content (a picture, or a box of a few words) is of an IAB size
    const banner = el.localName === 'a' && el.childElementCount === 1
      && [...el.childNodes].every((n) => n === el.firstElementChild || (n.nodeType === 3 && !n.textContent.trim()))
      && (el.innerText || '').length <= 80;
    // an unnamed, unlabelled creative says what it sells: a discount or an offer
    const drawn = !banner && el.localName === 'div' && (el.textContent || '').length <= 120
      && (DISCOUNT.test(el.textContent) || has(lower(el.textContent), words.offer)) && creative(el);
    if (!banner && !drawn && el.localName !== 'iframe' && el.localName !== 'ins' && !ownTokens(el).some((t) => words.name_ad.includes(t))) continue;
    if (el.querySelector('table') || el.localName === 'table') continue;  // a table of ad rates is the page's
    const around = parentOf(el);  // … and the sample beside it, in a short section about advertising
    if (around && around !== document.body && around.querySelector('table') && (around.innerText || '').length < 1500) continue;
    const r = (banner ? el.firstElementChild : el).getBoundingClientRect();
    if (banner && !adSize(r) && !adSize(drawnAt(el.firstElementChild))) continue;
    // an ad network's widget of no IAB size: named as an ad, labelled as one ("Sponsored", "Реклама"), holding
    // a creative's frame or named by the network itself ("mgid_container_…"), and short (a classifieds list is
    // named and labelled so too, and long)
    const said = (el.innerText || '').length;
    const widget = el.localName !== 'iframe' && r.width >= 200 && r.height >= 90 && r.height < H * 0.9 && said < 800
      && el.querySelectorAll('a[href]').length <= 12 && (has(adsIn(lower(el.innerText)), words.ad) || el.querySelector('iframe')
        || ownTokens(el).some((t) => words.ad_vendors.includes(t)));
    const served = el.localName === 'iframe' && servedFrame(el);
    if (!banner && !adSize(r) && !widget && !served) continue;
    // a frame of the site's that reads as text (a widget, an embedded article) is content, not a creative
    const inner = el.localName === 'iframe' ? frameOf(el) : null;
    if (!served && inner && inner.body && (inner.body.innerText || '').length > 100) continue;
    slots++;
    addFlowing(slotAround(el, r), banner || drawn);
  }
  // A box labelled as an ad in the page's words ("REKLAMA", "Contenido patrocinado · Revcontent", "प्रायोजित"), by
  // any name and in a shadow root too: the nearest box around the label of an ad's size (200×90 or more), short,
  // with few links, neither the page's heading nor its header or footer, the label at its top or bottom. Labels
  // are small (their children hold no elements), so reading their text stays cheap; a label is not a control
  // or a heading ("Neueste Anzeigen" heads a classifieds list).
  let boxes = 0, labels = 0;
  for (const el of elements) {
    if (boxes >= 30 || labels >= 200 || aboutAds) break;  // a page of 20,000 "Anzeige" labels reads 200 of them
    if (el.childElementCount > 3 || [...el.children].some((k) => k.firstElementChild)) continue;
    const label = lower(el.textContent).trim();
    if (!label || label.length > 60 || SKIP.includes(el.localName) || !labelled(label)) continue;
    // "+ Place an ad" is a control, "Advertising cookies" a form's field or a table's cell, not an ad's label
    if (el.matches(`${CONTROLS}, h1, h2`) || el.closest('form, label, table') || inside(el)) continue;
    const lr = el.getBoundingClientRect();
    if (!lr.width || !lr.height) continue;  // a label left in a hidden slot
    labels++;
    let p = null, pr = null, laidOver = false;
    for (let q = parentOf(el), via = el, up = 0; q && q !== document.body && up < 4; via = q, q = parentOf(q), up++) {
      const qr = q.getBoundingClientRect();
      // a box laid over the content (an in-image unit) is the ad, not what it lies on
      const laid = ['absolute', 'fixed'].includes(getComputedStyle(q).position);
      if (laid && qr.width * qr.height >= 900) { p = q; pr = qr; laidOver = true; break; }
      if (qr.width < 200 || qr.height < 90) continue;
      if (qr.height >= H * 0.9 || ['header', 'footer', 'nav'].includes(q.localName) || ownTokens(q).some((t) => words.name_header.includes(t))
        || (q.innerText || '').length > 800 || q.querySelectorAll('a[href]').length > 12 || q.querySelector('h1')) break;
      // a preferences box lists its "advertising" purpose, a page on advertising its rates
      if (has(lower(q.innerText), words.consent) || q.querySelector('table')) break;
      // a list whose one item is labelled (a sponsored read among the site's, or the item is its own label):
      // the ad is that item
      const kids = [...q.children].slice(0, 50), vr = via.getBoundingClientRect();
      const alike = 2 * kids.filter((k) => k.localName === via.localName).length >= kids.length;  // a list's items
      if ((via !== el || (el.childElementCount >= 2 && vr.width * vr.height >= 5000)) && kids.length >= 3 && alike
        && 2 * kids.filter((k) => has(adsIn(lower(k.textContent)), words.ad)).length < kids.length) {
        if (vr.width * vr.height >= 900) { p = via; pr = vr; }
        break;
      }
      // a label heads or foots its ad; one amid paragraphs of text is the story's (a slot the lists emptied)
      const edge = lr.top - qr.top < 60 || qr.bottom - lr.bottom < 60;
      if (!edge || [...q.querySelectorAll('p')].filter((t) => (t.innerText || '').length > 80).length >= 2
        || (q.innerText || '').length > 0.5 * pageText) break;
      p = q; pr = qr;
      break;
    }
    if (!p) continue;
    boxes++;
    addFlowing(laidOver ? p : cardAround(slotAround(p, pr)));  // a laid unit's card is itself, not its photo's box
  }
  // a paid link (rel=sponsored, as search engines ask of ads and affiliate links) shown as a box of its own, a
  // card or a banner, with what holds nothing else; not a link in a paragraph's text
  for (const a of [...document.querySelectorAll('a[rel~=sponsored i]')].slice(0, 30)) {
    let start = a;
    while (start && start !== document.body && getComputedStyle(start).display === 'inline') start = parentOf(start);
    if (!start || start === document.body || (start.innerText || '').length > (a.innerText || '').length + 60) continue;
    const box = cardAround(start), br = box.getBoundingClientRect();
    if (br.width >= 120 && br.height >= 40) addFlowing(box, false, true);  // a list of reads may be one too
  }

  const html = getComputedStyle(document.documentElement);
  const body = document.body ? getComputedStyle(document.body) : html;
  const locked = [html.overflow, html.overflowY, body.overflow, body.overflowY].some((v) => v === 'hidden' || v === 'clip')
    || body.position === 'fixed';
  const alpha = (colour) => {
    const m = /rgba?\(([^)]+)\)/.exec(colour || '');
    if (!m) return 0;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean);
    return parts.length > 3 ? parseFloat(parts[3]) : 1;
  };

  // a dialog shown modally dims the page with its ::backdrop (translucent by default), in the top layer
  const modalBackdrop = (el) => {
    if (el.localName !== 'dialog' || !el.matches(':modal')) return false;
    const b = getComputedStyle(el, '::backdrop');
    return alpha(b.backgroundColor) > 0.05 || (b.backdropFilter && b.backdropFilter !== 'none');
  };
  // a list under its heading (a cart, a reading list) is the page's, though its box has an ad's size
  const listed = (el) => !!el.querySelector('h1, h2, h3, h4') && [...el.querySelectorAll('ul, ol')].some((l) => l.children.length >= 2);
  // a bar laid over the page that holds nothing but a creative (a drawn one, a picture or a frame, and its close
  // button): an anchor ad; the creative is most of it, in area and in words
  const holdsCreative = (el, flow) => {
    if (flow || (el.innerText || '').length > 120) return false;
    const er = el.getBoundingClientRect(), said = (el.innerText || '').trim().length;
    return [...el.querySelectorAll('div, a, img, iframe')].slice(0, 40).some((k) => {
      const kr = k.getBoundingClientRect();
      return kr.width * kr.height >= 0.4 * er.width * er.height && said <= (k.innerText || '').trim().length + 20 && creative(k);
    });
  };
  const candidates = picked.map(({el, s, r, w, h, flow, drawnIab}) => {
    // Its text and controls: its own, its shadow roots', and those of the frames it is or holds (a backdrop
    // that only holds a frame is judged by the frame's content).
    const frameDoc = el.localName === 'iframe' ? frameOf(el) : null;
    const roots = [el];
    if (shadowOf(el)) roots.push(shadowOf(el));
    for (let i = 0; i < roots.length && roots.length < 40; i++) {
      for (const inner of roots[i].querySelectorAll('*')) {
        if (shadowOf(inner)) roots.push(shadowOf(inner));
        if (inner.localName === 'iframe' && frameOf(inner) && frameOf(inner).documentElement) roots.push(frameOf(inner));
      }
    }
    if (frameDoc && frameDoc.documentElement) roots.push(frameDoc);
    const said = [el, ...roots.flatMap((root) => [...root.querySelectorAll('iframe')])].map((f) => saidIn.get(f)).filter(Boolean);
    const all = (selector) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
    // its accessible name, and its dialogs', say its purpose too ("نظرسنجی": a survey)
    const named = [el, ...all('dialog, [role=dialog], [role=alertdialog]')].filter((n) => n.hasAttribute('aria-label'));
    // and its frames' titles ("广告", "3rd party ad content": a slot's frame says what it holds)
    const titled = [el, ...all('iframe')].filter((f) => f.localName === 'iframe' && f.title).slice(0, 5);
    const texts = [lower(el.innerText), ...said.map((f) => lower(f.text)), ...named.map((n) => lower(n.getAttribute('aria-label'))),
      ...titled.map((f) => lower(f.title))];
    for (const root of roots.slice(1)) texts.push(lower(root.body ? root.body.innerText : root.textContent));
    const text = texts.join(' ').replace(/\s+/g, ' ').slice(0, 5000);
    const controls = all(CONTROLS).slice(0, 100).map((b) => ({
      text: lower(`${b.innerText || b.value || ''} ${b.getAttribute('aria-label') || ''} ${b.title || ''}`).replace(/\s+/g, ' ').trim(),
    })).concat(said.flatMap((f) => f.controls.slice(0, 30).map((c) => ({text: lower(c).replace(/\s+/g, ' ').trim()}))));
    // a box that asks the reader to allow or accept, on its own buttons, is at an ad's size by chance (a push card)
    const asks = all('button, input[type=button], input[type=submit]').slice(0, 10)
      .some((b) => has(lower(b.innerText || b.value), words.accept));
    // a chat's greeting asks to start one; an open chat window holds its message field (kept, as the page's),
    // unless it darkens the page around it: an invitation the reader did not open (set28's proactive chats)
    const typing = all('textarea, input:not([type]), input[type=text]').length > 0;
    const names = tokens(el);
    const nameHit = (list) => list.some((t) => names.own.has(t)) ? 1 : (list.some((t) => names.all.has(t)) ? 0.5 : 0);
    const cover = (w * h) / AREA;
    const cx = (Math.max(r.left, 0) + Math.min(r.right, W)) / 2, cy = (Math.max(r.top, 0) + Math.min(r.bottom, H)) / 2;
    const z = parseInt(s.zIndex, 10) || 0;
    const opacity = parseFloat(s.opacity);  // a sheet dims by a translucent colour, or by its own opacity
    const translucent = (alpha(s.backgroundColor) > 0.05 && (alpha(s.backgroundColor) < 0.95 || opacity < 0.95))
      || /gradient\(.*rgba\([^)]*,\s*0?\.\d+\)/.test(s.backgroundImage);  // a sheet fading the page out (a wall's)
    const blurred = s.backdropFilter && s.backdropFilter !== 'none';
    const role = lower(el.getAttribute('role'));
    const dimming = (cover >= 0.9 && (translucent || blurred)) || modalBackdrop(el);
    const features = {
      coverage: cover,
      width: w / W,
      height: h / H,
      top: r.top <= 2 ? 1 : 0,
      bottom: r.bottom >= H - 2 ? 1 : 0,
      centred: Math.abs(cx - W / 2) < W * 0.1 && Math.abs(cy - H / 2) < H * 0.15 ? 1 : 0,
      corner: cover < 0.06 && r.bottom >= H - 120 && (r.right >= W - 120 || r.left <= 120) ? 1 : 0,
      fixed: s.position === 'fixed' ? 1 : 0,
      sticky: s.position === 'sticky' ? 1 : 0,
      absolute: s.position === 'absolute' ? 1 : 0,
      z_index: Math.min(1, Math.log10(1 + Math.max(0, z)) / 10),
      backdrop: dimming ? 1 : 0,
      scroll_locked: locked ? 1 : 0,
      consent_words: count(text, words.consent),
      offer_words: count(text, words.offer),
      ad_words: count(adsIn(text), words.ad),
      chat_words: typing && !dimming ? 0 : count(text, words.chat),
      app_words: count(text, words.app),
      accept_button: controls.some((c) => has(c.text, words.accept) || /(^|[^a-z])ok($|[^a-z])/.test(c.text)) ? 1 : 0,
      reject_button: controls.some((c) => has(c.text, words.reject)) ? 1 : 0,
      close_button: controls.some((c) => has(c.text, words.close) || words.glyphs.includes(c.text)) ? 1 : 0,
      email_input: all('input[type=email], input[name*=mail i], input[autocomplete=email]').length ? 1 : 0,
      password_input: all('input[type=password]').length ? 1 : 0,
      text_length: Math.min(1, Math.log10(1 + text.length) / 4),
      text_share: Math.min(1, (el.innerText || '').length / pageText),
      links: Math.min(all('a[href]').length, 20) / 20,
      navigation: ['header', 'nav', 'search'].includes(el.localName) || ['navigation', 'menubar', 'search'].includes(role)
        || (role === 'banner' && !has(text, words.app))  // a smart banner so marked is no site's header
        || all('nav, search, [role=navigation], [role=menubar], [role=search], input[type=search]').length ? 1 : 0,
      dialog: el.localName === 'dialog' || role === 'dialog' || role === 'alertdialog' || el.getAttribute('aria-modal') === 'true'
        || all('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]').length ? 1 : 0,
      frame: el.localName === 'iframe' || all('iframe').length ? 1 : 0,
      name_consent: nameHit(words.name_consent),
      name_modal: nameHit(words.name_modal),
      name_offer: nameHit(words.name_offer),
      name_ad: Math.max(nameHit(words.name_ad), all('iframe').some(servedFrame) ? 0.5 : 0),
      name_header: nameHit(words.name_header),
      in_flow: flow,
      // nor is a box the reader types in (an opened chat window of 330 × 297: set29)
      ad_size: (adSize(r) && !listed(el) && !asks && !typing) || drawnIab || holdsCreative(el, flow) ? 1 : 0,  // a banner drawn at an IAB size and scaled to its column too
      paid_link: el.matches('a[rel~=sponsored i]') || 2 * all('a[rel~=sponsored i]').length > all('a[href]').length ? 1 : 0,
      // "don't show again today", "not now" beside a checkbox: a layer that offers not to come back interrupts
      show_again: all('input[type=checkbox]').slice(0, 5).some((c) => has(lower([...(c.labels || [])]
        .map((l) => l.innerText).join(' ') || shortText(c.parentElement)), words.close)) ? 1 : 0,
    };
    const id = el.id ? `#${el.id}` : '';
    const cls = (typeof el.className === 'string' ? el.className : '').trim().split(/\s+/).filter(Boolean).slice(0, 3).map((c) => `.${c}`).join('');
    return {features, describe: `${el.localName}${id}${cls}`,
            bareBackdrop: cover >= 0.9 && text.trim().length < 3 && (translucent || blurred) && !frameDoc && el.localName !== 'iframe'};
  });
  globalThis.__overlays = picked.map((p) => p.el);
  return {candidates};
}
