"""What removeElements does to the page, as scripts evaluated in it: the ad slots the lists name hidden, the
overlays the model chose hidden and what they took given back, and the boxes either leaves bare cleared.

An ad's box is often more than the ad: a frame with its label ("Anzeige", "Advertisement"), a widget's heading
("추천 콘텐츠 by Dable") over the cards that went one by one. `BARE_BOXES` takes such a box too, up to three boxes
up from each ad, when what is left of it is bare: no media shown (nor a picture painted in CSS), 40 characters
at most, not the page's html, body, main or article, and no taller than the ad with its label was, or now no
taller than a label (a hero section holding a banner and a heading painted in CSS stays).
"""

BARE_BOXES = """
  const boxesAround = (ads) => ads.map((el) => {  // each ad's boxes up to three up, with their heights before
    const boxes = [];
    for (let up = el.parentElement; up && boxes.length < 3; up = up.parentElement) boxes.push([up, up.offsetHeight]);
    return [el.offsetHeight, boxes];
  });
  const media = 'img, video, iframe, canvas, embed, object, svg, picture, input, textarea, select';
  // a picture painted in CSS (a photo as a background image, a block of colour with no text) is media too
  const painted = (el) => [...el.querySelectorAll('div, span, figure, a')].slice(0, 50).some((d) => {
    const r = d.getBoundingClientRect(), s = getComputedStyle(d);
    return r.width * r.height >= 10000 && !d.innerText.trim() && (s.backgroundImage !== 'none'
      || !['transparent', 'rgba(0, 0, 0, 0)'].includes(s.backgroundColor));
  });
  const bare = (el) => !/^(html|body|main|article)$/.test(el.localName) && el.innerText.trim().length <= 40
    && ![...el.querySelectorAll(media)].some((m) => m.getClientRects().length) && !painted(el);
  const clearAround = (around) => {
    for (const [height, boxes] of around) {
      for (const [up, was] of boxes) {
        if ((was > height + 120 && up.offsetHeight > 80) || !bare(up)) break;
        up.style.setProperty('display', 'none', 'important');
      }
    }
  };"""

NAMES_EXPRESSION = """(() => {
  const classes = new Set(), ids = new Set();
  for (const el of document.querySelectorAll('[class],[id]')) {
    if (el.id && ids.size < LIMIT) ids.add(el.id);
    if (classes.size < LIMIT) for (const c of el.classList) classes.add(c);
  }
  const heading = document.querySelector('h1');  // a page of classified ads says so ("Mali oglasi")
  return {classes: [...classes], ids: [...ids], heading: heading ? heading.innerText.slice(0, 300) : ''};
})()"""

# The ad slots the cosmetic rules name that the page shows, described (apart: those an earlier pass's sheet hid
# as they came), then hidden by one style sheet.
HIDE_ADS = """(selectors) => {""" + BARE_BOXES + """
  const valid = (list) => { try { document.querySelector(list.join(',')); return true; } catch (e) { return false; } };
  const usable = [];
  for (let i = 0; i < selectors.length; i += 100) {  // one query per hundred, one per selector where one is bad
    const chunk = selectors.slice(i, i + 100);
    if (valid(chunk)) usable.push(...chunk); else usable.push(...chunk.filter((s) => valid([s])));
  }
  // an earlier pass's sheet also hides what the page put in since (an ad's box that came late, its slot
  // hidden at once): off while this pass measures, so that the box it left bare is seen and cleared too
  const earlier = [...document.querySelectorAll('style[data-capture-removal]')];
  const named = (i) => [...document.querySelectorAll(usable.slice(i, i + 100).join(','))];
  const hiddenBefore = new Set();
  for (let i = 0; i < usable.length && earlier.length; i += 100) {
    for (const el of named(i)) if (!el.getClientRects().length) hiddenBefore.add(el);
  }
  for (const sheet of earlier) sheet.disabled = true;
  const shown = [], before = [], seen = new Set(), kept = [];  // an element two hundreds both name is one
  for (let i = 0; i < usable.length && shown.length < LIMIT; i += 100) {
    for (const el of named(i)) {
      if (shown.length >= LIMIT) break;
      if (seen.has(el) || !el.getClientRects().length) continue;
      seen.add(el);
      // a box named so that holds a table is the page's: a page about advertising (#advertise), its rates
      if (el.querySelector('table')) { kept.push([el, getComputedStyle(el).display]); continue; }
      const id = el.id ? `#${el.id}` : '';
      const name = typeof el.className === 'string' ? el.className.trim().split(/\\s+/)[0] : '';
      (hiddenBefore.has(el) ? before : shown).push(`${el.localName}${id}${name ? `.${name}` : ''}`);
    }
  }
  const around = boxesAround([...seen].filter((el) => !kept.some(([k]) => k === el)));
  for (const sheet of earlier) sheet.disabled = false;
  const style = document.createElement('style');
  style.setAttribute('data-capture-removal', '');
  style.textContent = usable.map((s) => `${s} { display: none !important; }`).join('\\n');
  (document.head || document.documentElement).appendChild(style);
  for (const [el, display] of kept) el.style.setProperty('display', display, 'important');  // over the sheet
  clearAround(around);
  return {shown, before};
}"""

# The chosen overlays hidden, then what they took from the page given back.
REMOVE_OVERLAYS = """(indexes, slots = []) => {""" + BARE_BOXES + """
  const els = globalThis.__overlays || [];
  const important = (el, name, value) => el.style.setProperty(name, value, 'important');
  // a slot holding another slot that fills less than half of it, and a picture of its own besides, is the
  // page's box the ad sits in (a photo's figure an in-image unit lies over): the inner one goes, and the box
  // only if it is left bare; one holding nothing else (an in-read player's frame, a widget's cards) is the ad
  const area = (el) => { const r = el.getBoundingClientRect(); return r.width * r.height; };
  const inner = (i) => slots.filter((j) => j !== i && els[j] && els[i] !== els[j] && els[i].contains(els[j])
    && area(els[j]) < 0.5 * area(els[i])).map((j) => els[j]);
  const pictured = (el, ads) => [...el.querySelectorAll('img, svg, picture, video, canvas')].slice(0, 50)
    .some((m) => !ads.some((ad) => ad.contains(m)) && area(m) >= 10000);
  const held = slots.filter((i) => els[i] && inner(i).length && pictured(els[i], inner(i)));
  const around = boxesAround(slots.filter((i) => !held.includes(i)).map((i) => els[i]).filter(Boolean));
  for (const i of indexes) {
    const el = els[i];
    if (!el || held.includes(i)) continue;
    if (el.localName === 'dialog' && el.open) { try { el.close(); } catch (e) { /* not ours to close */ } }
    important(el, 'display', 'none');
  }
  clearAround(around);
  for (const el of [document.documentElement, document.body]) {
    if (!el) continue;
    const s = getComputedStyle(el);
    if (['hidden', 'clip'].includes(s.overflow) || ['hidden', 'clip'].includes(s.overflowY)) {
      important(el, 'overflow', 'visible');
    }
    if (el === document.body && s.position === 'fixed') { important(el, 'position', 'static'); }
    if (s.filter && s.filter.includes('blur')) important(el, 'filter', 'none');
    if (s.pointerEvents === 'none') important(el, 'pointer-events', 'auto');
  }
  const near = document.body ? [...document.body.children].flatMap((c) => [c, ...c.children]).slice(0, 500) : [];
  for (const el of near) {
    const s = getComputedStyle(el);
    if (s.filter && s.filter.includes('blur')) important(el, 'filter', 'none');
  }
  return held;
}"""
