// What a settled page says of the capture about to be taken (engine/browser/quality.py), read in its main frame
// just before the render. Called with the captured area ('viewport', 'page' or a CSS selector), the challenge
// markers to look for and the image URLs whose load failed (the page's network events, engine/browser/page_state.py).
// Every list is bounded, so a page cannot make the answer large.
(area, markers, failedUrls) => {
  const MOST = 20;  // items named per list
  const vw = innerWidth, vh = innerHeight;
  let box = {left: 0, top: 0, right: vw, bottom: vh};  // the captured area, in viewport coordinates
  if (area === 'page') {
    const root = document.documentElement;
    box = {left: -scrollX, top: -scrollY, right: Math.max(root.scrollWidth, vw) - scrollX,
           bottom: Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0) - scrollY};
  } else if (area !== 'viewport') {
    const el = document.querySelector(area);
    if (el) { const r = el.getBoundingClientRect(); box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }
  }
  const inside = (r) => r.width > 0 && r.height > 0 && r.right > box.left && r.left < box.right
    && r.bottom > box.top && r.top < box.bottom;
  const shown = (el) => {
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.05;
  };
  const bare = (url) => { try { const u = new URL(url, location.href); return u.origin + u.pathname; }
                          catch (e) { return String(url).slice(0, 200); } };

  // Images in the area not loaded and decoded: still loading, or lazy and never asked for; and those whose load
  // failed (an error answer, a refused or unreachable host: the network said so), which show as broken images.
  const failedSet = new Set(failedUrls);
  const images = [], brokenImages = [];
  let imageCount = 0, broken = 0;
  for (const img of document.images) {
    const r = img.getBoundingClientRect();
    if (!inside(r) || !shown(img)) continue;
    imageCount += 1;
    const src = img.currentSrc || img.src;
    if (img.complete) {
      if (src && failedSet.has(src)) { broken += 1; if (brokenImages.length < MOST) brokenImages.push(bare(src)); }
      continue;
    }
    if (images.length < MOST) images.push(bare(src || img.getAttribute('data-src') || ''));
  }

  // Web fonts: the set's status, and the families still loading.
  const loading = [];
  const families = new Set();
  for (const face of document.fonts) {
    const family = face.family.replace(/^["']|["']$/g, '');
    if (face.status === 'loading' && loading.length < MOST && !loading.includes(family)) loading.push(family);
    if (face.status === 'loaded') families.add(family.toLowerCase());
  }

  // The text drawn in the area, as its distinct characters: those set in a loaded web font apart (the
  // font's own characters, whatever they are), the rest for the installed fonts to cover. The first text node
  // of each is kept for engine/browser/glyphs.js, which asks the renderer how the suspect ones were drawn.
  const chars = new Set(), webChars = new Set(), nodeOf = new Map();
  window[Symbol.for('capture.glyphs')] = nodeOf;
  let textLength = 0, nodes = 0;
  if (document.body) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const usesWebFont = new Map();
    while (walker.nextNode() && nodes < 20000 && nodeOf.size < 4000) {
      const node = walker.currentNode, parent = node.parentElement;
      const text = node.data;
      if (!parent || !text.trim() || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      nodes += 1;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (!inside(r) || !shown(parent)) continue;
      textLength += text.trim().length;
      let web = usesWebFont.get(parent);
      if (web === undefined) {
        const list = getComputedStyle(parent).fontFamily.split(',').map((f) => f.trim().replace(/^["']|["']$/g, '').toLowerCase());
        web = list.some((f) => families.has(f));
        usesWebFont.set(parent, web);
      }
      for (const c of text) {
        if (c.codePointAt(0) <= 0x7e || nodeOf.has(c)) continue;
        (web ? webChars : chars).add(c);
        nodeOf.set(c, node);
      }
    }
  }
  const media = [...document.querySelectorAll('img, svg, canvas, video, iframe, embed, object, input, textarea, select, button')]
    .filter((el) => inside(el.getBoundingClientRect()) && shown(el)).length;

  // Whether positioned layers cover most of the viewport (at least 5 of 9 points spread over it): only then
  // is the overlay finder asked what they are. And the outermost fixed or sticky layer at each point: one that
  // covers most of the viewport yet holds little of the page's text lies over the page (a modal, an age gate,
  // a solid panel), however it is built; an app's own full-screen shell holds the page's text.
  let layered = 0;
  const fixedLayers = new Set();
  for (const fx of [0.2, 0.5, 0.8]) {
    for (const fy of [0.2, 0.5, 0.8]) {
      let positioned = false, outermost = null;
      for (let el = document.elementFromPoint(vw * fx, vh * fy); el && el !== document.body
           && el !== document.documentElement; el = el.parentElement) {
        const position = getComputedStyle(el).position;
        if (position === 'fixed' || position === 'sticky' || position === 'absolute') positioned = true;
        if (position === 'fixed' || position === 'sticky') outermost = el;
      }
      layered += positioned;
      if (outermost) fixedLayers.add(outermost);
    }
  }
  let layer = null, pageText = null;  // the page's text is read only when a layer covers most of the view
  const textOf = (el) => el.textContent.replace(/\s+/g, ' ').length;
  for (const el of fixedLayers) {
    const r = el.getBoundingClientRect();
    const share = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0))
      * Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0)) / (vw * vh);
    if (share < 0.6 || !shown(el) || (layer && share <= layer.share)) continue;
    if (pageText === null) pageText = document.body ? textOf(document.body) : 0;
    if (pageText > 0 && textOf(el) < pageText / 2) {
      const name = el.id ? '#' + el.id : (typeof el.className === 'string' && el.className.trim()
        ? '.' + el.className.trim().split(/\s+/)[0] : '');
      layer = {share, describe: (el.tagName.toLowerCase() + name).slice(0, 80)};
    }
  }

  // Bot and CAPTCHA challenges: which of their vendors' markers (engine/browser/challenges.py) the page carries.
  const seen = (list) => list.filter((selector) => { try { return !!document.querySelector(selector); }
                                                     catch (e) { return false; } });
  const inline = [...document.querySelectorAll('script:not([src])')].slice(0, 30).map((s) => s.text.slice(0, 3000)).join('\n');
  const urls = [...document.querySelectorAll('script[src], iframe[src]')].slice(0, 150).map((el) => el.src);
  const challenge = {
    selectors: seen(markers.strong), widgets: seen(markers.widgets),
    inline: markers.inline.filter((m) => inline.includes(m)),
    urls: markers.urls.filter((m) => urls.some((u) => u.includes(m))),
    // a challenge page says little: the text of a long page is not read (innerText lays it out)
    text: document.body && document.body.textContent.length < 20000 ? document.body.innerText.slice(0, 3000) : null,
    inputs: document.querySelectorAll('input:not([type=hidden]), textarea, select').length,
    passwords: document.querySelectorAll('input[type=password]').length,
  };

  return {
    images, brokenImages, broken, imageCount, fontsStatus: document.fonts.status, fontsLoading: loading,
    chars: [...chars].join(''), webChars: [...webChars].join(''), textLength, media,
    title: document.title.slice(0, 300), challenge, covered: layered >= 5, layer,
  };
}
