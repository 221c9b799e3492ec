"""responseType json: what a page says about itself (title, description, og: tags), and how long each step of
its capture took. Read in the page once it settled (engine.browser.recipes.take_capture)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# What a page says about itself, read in its own world after it settled; every value bounded, so a page
# cannot make the answer large (a title of megabytes is cut, the 51st og: tag is left out).
FACTS_SCRIPT = """(() => {
  const text = (value, most) => typeof value === 'string' ? value.slice(0, most) : null;
  const meta = document.querySelector('meta[name="description" i]');
  const openGraph = {};
  for (const tag of [...document.querySelectorAll('meta[property^="og:" i]')].slice(0, 50)) {
    const name = tag.getAttribute('property').slice(3).toLowerCase();
    if (!(name in openGraph)) openGraph[name] = text(tag.getAttribute('content') ?? '', 2000);
  }
  return {title: text(document.title, 1000), description: meta ? text(meta.getAttribute('content') ?? '', 4000)
          : null, openGraph};
})()"""


@dataclass(frozen=True)
class PageFacts:
    """responseType json: what the page said about itself and how long each step took."""

    final_url: str | None  # where the main document ended, redirects followed; none for an html capture
    title: str | None
    description: str | None
    open_graph: dict[str, str]
    timings_ms: dict[str, int]  # load (navigation to the wait condition), settle, render

    def as_json(self) -> dict[str, Any]:
        return {"finalUrl": self.final_url, "title": self.title, "description": self.description,
                "openGraph": self.open_graph, "timings": self.timings_ms}
