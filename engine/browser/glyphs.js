// How the renderer drew the characters no installed font has (engine/browser/glyphs.py), read after
// engine/browser/quality.js left the first text node of each character in the page. Called with those
// characters (at most glyphs.py's MOST_ASKED) and whether to answer the nodes themselves (for CSS.
// getPlatformFontsForNode) or, for each character, whether it comes out as its font's missing-glyph box: drawn
// on a small canvas in its node's font beside U+10FFFD (a private-use code point no font has), the same
// pixels mean the same box. The canvas is 48 px square whatever the page: the check costs the same on any page.
(suspects, wantNodes) => {
  const nodeOf = window[Symbol.for('capture.glyphs')] || new Map();
  const found = suspects.map((c) => nodeOf.get(c) || null);
  if (wantNodes) return found;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 48;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const drawn = (c) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.fillText(c, 4, 36);
    return ctx.getImageData(0, 0, 48, 48).data;
  };
  return found.map((node, i) => {
    const parent = node && node.parentElement;
    if (!parent) return null;
    const s = getComputedStyle(parent);
    ctx.font = '1px serif';
    ctx.font = `${s.fontStyle} ${s.fontWeight} 32px ${s.fontFamily}`;
    if (ctx.font.startsWith('1px')) return null;  // a font the canvas does not take: no answer
    const box = drawn('\u{10FFFD}'), glyph = drawn(suspects[i]);
    return glyph.every((v, k) => v === box[k]);
  });
}
