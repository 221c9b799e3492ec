"""Every major script renders as glyphs, not as the boxes (tofu) of code points no font has."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from tests.conftest import Workspace

# Four code points of each script; TOFU is four unassigned ones, drawn as whatever stands in for a missing glyph.
SAMPLES = {
    "Latin": "Abcd", "Greek": "Αβγδ", "Cyrillic": "Абвг", "Arabic": "ابتث", "Hebrew": "אבגד",
    "Armenian": "Աբգդ", "Georgian": "აბგდ", "Lao": "ກຂຄງ", "Han": "漢字文化", "Hangul": "한국어글",
    "Thai": "กขคง", "Myanmar": "ကခဂဃ", "Devanagari": "कखगघ", "Bengali": "কখগঘ", "Tamil": "கஙசஞ",
    "Khmer": "កខគឃ", "Ethiopic": "ሀለሐመ", "Sinhala": "කඛගඝ", "Gujarati": "કખગઘ", "Telugu": "కఖగఘ",
}
TOFU = "\u0378\u0379\u0380\u0381"
ROW_PX = 100


def test_every_major_script_renders_as_glyphs(pro: Workspace) -> None:
    rows = [TOFU, *SAMPLES.values()]
    html = "".join(f"<div style='font-size:64px;height:{ROW_PX}px;white-space:nowrap;overflow:hidden'>{text}</div>"
                   for text in rows)
    answer = pro.capture(html=f"<body style='margin:0'>{html}</body>", viewport={"width": 800, "height": 200},
                         fullPage=True)
    assert answer.status_code == 200, answer.text
    image = Image.open(io.BytesIO(answer.content)).convert("L")
    crops = [image.crop((0, i * ROW_PX, 800, (i + 1) * ROW_PX)) for i in range(len(rows))]
    tofu = crops[0]
    blank = Image.new("L", tofu.size, 255)
    assert ImageChops.difference(tofu, blank).getbbox() is not None, "even missing glyphs draw something"
    as_tofu = [name for name, crop in zip(SAMPLES, crops[1:], strict=True)
               if ImageChops.difference(crop, tofu).getbbox() is None]
    blank_rows = [name for name, crop in zip(SAMPLES, crops[1:], strict=True)
                  if ImageChops.difference(crop, blank).getbbox() is None]
    assert (as_tofu, blank_rows) == ([], [])
