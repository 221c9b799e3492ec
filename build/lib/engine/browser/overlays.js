// The overlay finder of removeElements (engine/overlays.py): every element that sits over the page
// (fixed, sticky, or absolute above z-index 100; in open shadow roots too), outermost only, measured
// as the model's features. Runs in an isolated world, so the page's scripts neither see nor bend it;
// the elements stay in globalThis.__overlays for the removal that follows.
(words) => {
  const W = innerWidth, H = innerHeight, AREA = Math.max(1, W * H);
  const MAX_ELEMENTS = 20000;
  const lower = (s) => (s || '').toLowerCase();
  const count = (text, list) => {
    let n = 0;
    for (const w of list) {
      for (let i = text.indexOf(w); i !== -1 && n < 5; i = text.indexOf(w, i + w.length)) n++;
    }
    return Math.min(n, 5) / 5;
  };
  const has = (text, list) => list.some((w) => text.includes(w));
  const tokens = (el) => {
    const cls = typeof el.className === 'string' ? el.className : (el.getAttribute('class') || '');
    const found = [];
    for (const node of [el, ...el.querySelectorAll('[id],[class]')].slice(0, 200)) {
      const c = typeof node.className === 'string' ? node.className : (node.getAttribute('class') || '');
      found.push(...lower(`${c} ${node.id} ${node.localName}`).split(/[^a-z0-9]+/));
    }
    return {own: new Set(lower(`${cls} ${el.id} ${el.localName}`).split(/[^a-z0-9]+/)), all: new Set(found)};
  };
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;

  const elements = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (elements.length >= MAX_ELEMENTS) return;
      elements.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);

  const picked = [];
  const pickedSet = new Set();
  const inside = (el) => { for (let p = parentOf(el); p; p = parentOf(p)) if (pickedSet.has(p)) return true; return false; };
  for (const el of elements) {
    const s = getComputedStyle(el);
    const pos = s.position;
    if (pos !== 'fixed' && pos !== 'sticky' && !(pos === 'absolute' && (parseInt(s.zIndex, 10) || 0) >= 100)) continue;
    if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) < 0.05) continue;
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0));
    if (w * h < 900 || inside(el)) continue;
    pickedSet.add(el);
    picked.push({el, s, r, w, h});
  }

  const html = getComputedStyle(document.documentElement);
  const body = document.body ? getComputedStyle(document.body) : html;
  const locked = [html.overflow, html.overflowY, body.overflow, body.overflowY].some((v) => v === 'hidden' || v === 'clip')
    || body.position === 'fixed';
  const pageText = Math.max(1, (document.body ? document.body.innerText : '').length);
  const CONTROLS = 'button, a, [role=button], input[type=button], input[type=submit], [onclick]';
  const alpha = (colour) => {
    const m = /rgba?\(([^)]+)\)/.exec(colour || '');
    if (!m) return 0;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean);
    return parts.length > 3 ? parseFloat(parts[3]) : 1;
  };

  const candidates = picked.map(({el, s, r, w, h}) => {
    let frameDoc = null;
    if (el.localName === 'iframe') { try { frameDoc = el.contentDocument; } catch (e) { frameDoc = null; } }
    const roots = [el];
    if (el.shadowRoot) roots.push(el.shadowRoot);
    if (frameDoc) roots.push(frameDoc);
    for (const root of [...roots]) for (const host of root.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
    const texts = [lower(el.innerText)];
    for (const root of roots.slice(1)) texts.push(lower(root.body ? root.body.innerText : root.textContent));
    const text = texts.join(' ').replace(/\s+/g, ' ').slice(0, 5000);
    const all = (selector) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
    const controls = all(CONTROLS).slice(0, 100).map((b) => ({
      text: lower(`${b.innerText || b.value || ''} ${b.getAttribute('aria-label') || ''} ${b.title || ''}`).replace(/\s+/g, ' ').trim(),
    }));
    const names = tokens(el);
    const nameHit = (list) => list.some((t) => names.own.has(t)) ? 1 : (list.some((t) => names.all.has(t)) ? 0.5 : 0);
    const cover = (w * h) / AREA;
    const cx = (Math.max(r.left, 0) + Math.min(r.right, W)) / 2, cy = (Math.max(r.top, 0) + Math.min(r.bottom, H)) / 2;
    const z = parseInt(s.zIndex, 10) || 0;
    const translucent = alpha(s.backgroundColor) > 0.05 && alpha(s.backgroundColor) < 0.95;
    const blurred = s.backdropFilter && s.backdropFilter !== 'none';
    const role = lower(el.getAttribute('role'));
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
      backdrop: cover >= 0.9 && (translucent || blurred) ? 1 : 0,
      scroll_locked: locked ? 1 : 0,
      consent_words: count(text, words.consent),
      offer_words: count(text, words.offer),
      ad_words: count(text, words.ad),
      chat_words: count(text, words.chat),
      app_words: count(text, words.app),
      accept_button: controls.some((c) => has(c.text, words.accept) || /(^|[^a-z])ok($|[^a-z])/.test(c.text)) ? 1 : 0,
      reject_button: controls.some((c) => has(c.text, words.reject)) ? 1 : 0,
      close_button: controls.some((c) => has(c.text, words.close) || words.glyphs.includes(c.text)) ? 1 : 0,
      email_input: all('input[type=email], input[name*=mail i], input[autocomplete=email]').length ? 1 : 0,
      password_input: all('input[type=password]').length ? 1 : 0,
      text_length: Math.min(1, Math.log10(1 + text.length) / 4),
      text_share: Math.min(1, (el.innerText || '').length / pageText),
      links: Math.min(all('a[href]').length, 20) / 20,
      navigation: ['header', 'nav'].includes(el.localName) || ['navigation', 'banner', 'menubar'].includes(role)
        || all('nav, [role=navigation], [role=menubar]').length ? 1 : 0,
      dialog: el.localName === 'dialog' || role === 'dialog' || role === 'alertdialog' || el.getAttribute('aria-modal') === 'true'
        || all('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]').length ? 1 : 0,
      frame: el.localName === 'iframe' || all('iframe').length ? 1 : 0,
      name_consent: nameHit(words.name_consent),
      name_modal: nameHit(words.name_modal),
      name_ad: nameHit(words.name_ad),
      name_header: nameHit(words.name_header),
    };
    const id = el.id ? `#${el.id}` : '';
    const cls = (typeof el.className === 'string' ? el.className : '').trim().split(/\s+/).filter(Boolean).slice(0, 3).map((c) => `.${c}`).join('');
    return {features, describe: `${el.localName}${id}${cls}`,
            bareBackdrop: cover >= 0.9 && text.trim().length < 3 && (translucent || blurred) && !frameDoc && el.localName !== 'iframe'};
  });
  globalThis.__overlays = picked.map((p) => p.el);
  return {candidates};
}
