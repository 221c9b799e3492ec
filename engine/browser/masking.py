"""`mask`: each matching element's box painted over in one colour just before the screenshot, the layout unchanged
(the boxes are laid over the page, nothing in it is moved or hidden).

A box is where the element shows at that moment: laid over the document at its place there (a fixed element's box
fixed with it, so that a full page moves both to the end together). At most MAX_BOXES boxes per capture.
"""

from __future__ import annotations

import orjson

from engine.browser.page import Page
from engine.browser.page.steps import check_selector, evaluate, js_literal
from engine.rules.options import Mask

MAX_BOXES = 1000  # painted per capture: a selector matching a whole page's elements stops there

PAINT = """((selectors, colour, most) => {
  const layer = document.body || document.documentElement;  // where a full page finds the fixed boxes to move
  const boxes = [];  // measured first, laid after: one layout, not one per box
  for (const el of document.querySelectorAll(selectors.join(','))) {
    if (boxes.length >= most) break;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) boxes.push([r, getComputedStyle(el).position === 'fixed']);
  }
  const lay = (r, fixed, dx = 0, dy = 0) => {
    const box = document.createElement('div');
    for (const [name, value] of [['position', fixed ? 'fixed' : 'absolute'], ['margin', '0'], ['padding', '0'],
        ['border', '0'], ['background', colour], ['z-index', '2147483647'], ['pointer-events', 'none'],
        ['width', `${r.width}px`], ['height', `${r.height}px`], ['transform', 'none'], ['opacity', '1'],
        ['left', `${r.left + (fixed ? 0 : scrollX) - dx}px`], ['top', `${r.top + (fixed ? 0 : scrollY) - dy}px`]]) {
      box.style.setProperty(name, value, 'important');
    }
    return box;
  };
  // a positioned body moves what is laid in it by its own corner: a probe at 0, 0 says by how much
  const probe = layer.appendChild(lay({left: -scrollX, top: -scrollY, width: 1, height: 1}, false));
  const corner = probe.getBoundingClientRect();
  probe.remove();
  const laid = document.createDocumentFragment();
  for (const [r, fixed] of boxes) {
    laid.appendChild(fixed ? lay(r, true) : lay(r, false, corner.left + scrollX, corner.top + scrollY));
  }
  layer.appendChild(laid);
  return boxes.length;
})"""


async def paint(page: Page, mask: Mask) -> int:
    """The mask's boxes laid over the page; how many. A selector the page cannot query is the client's error."""
    for index, selector in enumerate(mask.selectors):
        await check_selector(page, f"mask.selectors[{index}]", selector)
    return int(await evaluate(
        page, f"{PAINT}({orjson.dumps(list(mask.selectors)).decode()}, {js_literal(mask.color)}, {MAX_BOXES})") or 0)
