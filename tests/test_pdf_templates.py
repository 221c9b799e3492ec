"""PDF headers and footers, the outline and tagged PDF (issue 40): read back from the PDF with pypdf."""

from __future__ import annotations

import io
from typing import Any

import pypdfium2 as pdfium
from PIL import ImageOps
from pypdf import PdfReader

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer

CHAPTERS = ("Chapter One", "Chapter Two", "Chapter Three")
# three printed pages, a heading at the top of each, a title for the header
BOOK = ("<!DOCTYPE html><html><head><title>The Book</title></head><body>" + "".join(
    f'<h1>{name}</h1><h2>Part {n}</h2><p>Text of {name.lower()}.</p><div style="break-after: page"></div>'
    for n, name in enumerate(CHAPTERS, 1)) + "</body></html>")
ROOM = {"top": 20, "bottom": 20, "left": 10, "right": 10}  # the margins the header and the footer print in


def _pdf(pro: Workspace, **pdf: Any) -> PdfReader:
    answer = pro.capture(html=BOOK, format="pdf", pdf={"marginMm": ROOM, **pdf})
    assert answer.status_code == 200, answer.text
    return PdfReader(io.BytesIO(answer.content))


def _fonts(reader: PdfReader) -> set[str]:
    found = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for each in (font, *(d.get_object() for d in font.get("/DescendantFonts", []))):
                if "/BaseFont" in each:
                    found.add(str(each["/BaseFont"]))
    return found


def test_every_page_carries_its_number_and_the_total(pro: Workspace) -> None:
    reader = _pdf(pro, headerTemplate='<span class="title"></span>',
                  footerTemplate='Page <span class="pageNumber"></span> of <span class="totalPages"></span>')
    assert len(reader.pages) == 3
    for number, page in enumerate(reader.pages, 1):
        text = page.extract_text()
        assert f"Page {number} of 3" in text, text
        assert "The Book" in text  # the header's title
    plain = PdfReader(io.BytesIO(pro.capture(html=BOOK, format="pdf", pdf={"marginMm": ROOM}).content))
    assert "Page 1 of 3" not in plain.pages[0].extract_text()  # none without a template
    assert "The Book" not in plain.pages[0].extract_text()


def test_the_outline_holds_the_documents_headings(pro: Workspace) -> None:
    reader = _pdf(pro, outline=True)

    def titles(entries: list[Any]) -> list[str]:
        return [t for entry in entries for t in (titles(entry) if isinstance(entry, list) else [entry.title])]
    assert [t for t in titles(reader.outline) if t.startswith("Chapter")] == list(CHAPTERS)
    assert "Part 2" in titles(reader.outline)
    assert _pdf(pro).outline == []  # none unless asked


def test_a_tagged_pdf_has_its_structure_tree(pro: Workspace) -> None:
    root = _pdf(pro, tagged=True).trailer["/Root"]
    assert bool(root["/MarkInfo"]["/Marked"])
    assert "/StructTreeRoot" in root
    assert "/StructTreeRoot" not in _pdf(pro).trailer["/Root"]


def _footer_ink(pro: Workspace, text: str) -> bytes:
    """The footer of page 1 drawn at 144 dpi, cut to its ink: the glyphs, wherever they sit."""
    pdf = pdfium.PdfDocument(_pdf(pro, footerTemplate=f'<span style="font-size:24px">{text}</span>').stream.getvalue())
    image = pdf[0].render(scale=2).to_pil().convert("L")
    footer = image.crop((0, image.height - 100, image.width, image.height))
    ink = ImageOps.invert(footer).getbbox()
    assert ink is not None, f"nothing drawn for {text!r}"
    return footer.crop(ink).tobytes()


def test_thai_and_cjk_in_a_footer_are_glyphs_not_tofu(pro: Workspace) -> None:
    """A character no font has is drawn as the same empty box whatever it is (two private-use characters
    come out alike); Thai and Japanese come out as glyphs of their own, from the installed Noto fonts, and
    read back as text."""
    assert _footer_ink(pro, "\ue000") == _footer_ink(pro, "\ue001")  # tofu: one box for both
    assert _footer_ink(pro, "ห") != _footer_ink(pro, "น")
    assert _footer_ink(pro, "日") != _footer_ink(pro, "本")
    reader = _pdf(pro, footerTemplate='หน้า <span class="pageNumber"></span> 日本語のページ')
    assert "本語のページ" in reader.pages[0].extract_text()
    assert any("Thai" in font for font in _fonts(reader))


def test_a_template_neither_runs_nor_loads(pro: Workspace, site: FixtureServer) -> None:
    beacon = f"{site.base}/simple?template-beacon"
    reader = _pdf(pro, headerTemplate=(
        f'<img src="{beacon}=img"><script>document.write("SCRIPTED")</script>'
        f'<div style="background-image: url({beacon}=css)" onclick="x()">Header text</div>'
        f'<link rel="stylesheet" href="{beacon}=link"><style>@import url("{beacon}=import");</style>'
        f'<img src="x" onerror="document.write(\'HANDLED\')">'))
    text = reader.pages[0].extract_text()
    assert "Header text" in text
    assert "SCRIPTED" not in text
    assert "HANDLED" not in text
    assert [path for path, _ in site.requests if "template-beacon" in path] == []
