"""Every capture option, end to end: each test fails if the service ignored its option.

Captures go through the running service to the loopback fixture site. Where a
page's default rendering would already satisfy an assertion, a control capture
without the option shows that the fixture tells the two apart.
"""

from __future__ import annotations

import colorsys
import html
import io
import json
import re
from typing import Any

import httpx
import pypdf
import pytest
from PIL import Image, ImageChops

from tests.conftest import Service, Workspace, running_service
from tests.fixture_site import FixtureServer

RED, WHITE, BLACK = (255, 0, 0), (255, 255, 255), (0, 0, 0)


@pytest.fixture(scope="module")
def ws(service: Service) -> Workspace:
    """One pro workspace for the module: its key's rate budget covers every capture here."""
    return service.workspace("pro")


def show(answer: httpx.Response) -> str:
    """An answer for a failure message: problem documents and HTML in full, images by size."""
    kind = answer.headers.get("content-type", "")
    if kind.startswith(("text/", "application/problem+json", "application/json")):
        return f"{answer.status_code} {answer.text[:1000]}"
    return f"{answer.status_code} {kind}, {len(answer.content)} bytes"


def ok(answer: httpx.Response) -> httpx.Response:
    assert answer.status_code == 200, show(answer)
    return answer


def image(answer: httpx.Response) -> Image.Image:
    return Image.open(io.BytesIO(ok(answer).content))


def rgb(answer: httpx.Response) -> Image.Image:
    return image(answer).convert("RGB")


def dom(answer: httpx.Response) -> str:
    assert ok(answer).headers["content-type"].startswith("text/html"), show(answer)
    return answer.text


def text_of(answer: httpx.Response, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</', dom(answer), re.S)
    assert match, f"no #{element_id} in {answer.text[:500]}"
    return html.unescape(match[1])


def probe(answer: httpx.Response) -> dict[str, Any]:
    """The /probe page's JSON report of its environment."""
    facts: dict[str, Any] = json.loads(text_of(answer, "out"))
    return facts


def problem(answer: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, show(answer)
    assert answer.headers["content-type"].startswith("application/problem+json"), show(answer)
    body: dict[str, Any] = answer.json()
    assert body["code"] == code, body
    return body


def fields(body: dict[str, Any]) -> set[str]:
    return {error["field"] for error in body.get("errors", [])}


def headers_seen(site: FixtureServer, path: str) -> dict[str, str]:
    """The headers of the fixture site's request for exactly `path` (query included)."""
    found = [headers for seen, headers in site.requests if seen == path]
    assert found, f"the fixture site never saw {path}"
    return {name.lower(): value for name, value in found[-1].items()}


def close(pixel: tuple[int, ...], expected: tuple[int, ...], slack: int = 3) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, expected, strict=True))


# --- input ------------------------------------------------------------------------------------


def test_url_is_loaded(ws: Workspace, site: FixtureServer) -> None:
    answer = ws.capture(url=f"{site.base}/simple?t=url", format="html")
    assert "Simple fixture 你好 😀" in dom(answer)
    assert answer.headers["x-target-status"] == "200"
    assert headers_seen(site, "/simple?t=url")


def test_html_is_rendered_instead_of_a_url(ws: Workspace) -> None:
    source = ("<style>html,body{margin:0;background:rgb(0,128,0)}</style>"
              "<p id=t>from the client</p>"
              "<script>document.getElementById('t').textContent += ' and its script'</script>")
    assert text_of(ws.capture(html=source, format="html"), "t") == "from the client and its script"
    assert close(rgb(ws.capture(html=source)).getpixel((640, 700)), (0, 128, 0))


def test_html_up_to_the_body_limit_is_rendered_and_past_it_refused(ws: Workspace) -> None:
    """API.md (issue 53): `html` up to max_body_bytes (5 MiB by default); real news pages run 1-2 MB of markup
    and were refused at 512 KiB. The test service keeps the default."""
    limit = 5 * 1024 * 1024
    paragraph = "<p>" + "Words of a long article, one after another. " * 40 + "</p>\n"
    big = "<h1 id=t>big document</h1>" + paragraph * (3 * 1024 * 1024 // len(paragraph))  # 3 MB
    assert text_of(ws.capture(html=big, format="html", timeoutMs=30000), "t") == "big document"
    too_big = ws.capture(html="<p>" + "x" * limit + "</p>")
    assert too_big.status_code == 413, too_big.text
    assert too_big.json()["code"] == "payload_too_large"


# --- screen -----------------------------------------------------------------------------------


def test_viewport_sets_size_scale_and_mobile(ws: Workspace, site: FixtureServer) -> None:
    small = {"width": 500, "height": 300, "deviceScaleFactor": 2}
    assert image(ws.capture(url=f"{site.base}/simple", viewport=small)).size == (1000, 600)
    desktop = probe(ws.capture(url=f"{site.base}/probe", format="html", viewport=small))
    assert (desktop["width"], desktop["height"], desktop["dpr"]) == (500, 300, 2)
    # A mobile viewport lays out a page without a viewport meta at the 980 px legacy width.
    mobile = probe(ws.capture(url=f"{site.base}/probe", format="html",
                              viewport={**small, "mobile": True}))
    assert (mobile["width"], mobile["dpr"]) == (980, 2)


def test_device_preset_sets_size_user_agent_and_touch(ws: Workspace, site: FixtureServer) -> None:
    shot = image(ws.capture(url=f"{site.base}/simple", device="iphone-15"))
    assert shot.size == (393 * 3, 852 * 3)
    fitted = f"{site.base}/probe?fit=device"
    phone = probe(ws.capture(url=fitted, format="html", device="iphone-15"))
    assert (phone["width"], phone["height"], phone["dpr"]) == (393, 852, 3)
    assert "iPhone" in phone["ua"]
    assert phone["touch"] > 0
    desktop = probe(ws.capture(url=fitted, format="html", device="desktop-hd"))
    assert (desktop["width"], desktop["height"], desktop["dpr"]) == (1920, 1080, 1)
    assert desktop["touch"] == 0
    assert "iPhone" not in desktop["ua"]


def test_full_page_captures_every_band_up_to_the_cap(ws: Workspace, site: FixtureServer) -> None:
    shot = rgb(ws.capture(url=f"{site.base}/tall?h=20000", fullPage=True))
    assert shot.size == (1280, 16384)
    # Each 1000 px band has its own hue; a capture repeating the viewport would not.
    for band in range(17):
        hue = (band * 37) % 360
        expected = tuple(round(c * 255) for c in colorsys.hls_to_rgb(hue / 360, 0.5, 0.7))
        y = min(band * 1000 + 500, 16383)
        assert close(shot.getpixel((5, y)), expected), (band, shot.getpixel((5, y)), expected)
    assert shot.crop((0, 15584, 1280, 16384)).tobytes() != shot.crop((0, 0, 1280, 800)).tobytes()


def test_selector_captures_only_that_element(ws: Workspace, site: FixtureServer) -> None:
    shot = rgb(ws.capture(url=f"{site.base}/box", selector="#box"))
    assert shot.size == (240, 120)
    assert shot.getextrema() == ((255, 255), (0, 0), (0, 0))  # red, every pixel
    problem(ws.capture(url=f"{site.base}/box", selector="#absent"), 422, "selector_not_found")


# --- timing -----------------------------------------------------------------------------------


def test_click_happens_before_the_capture(ws: Workspace, site: FixtureServer) -> None:
    assert text_of(ws.capture(url=f"{site.base}/click", format="html"), "t") == "not clicked"
    clicked = ws.capture(url=f"{site.base}/click", format="html", click="#go")
    assert text_of(clicked, "t") == "clicked"
    problem(ws.capture(url=f"{site.base}/click", click="#absent"), 422, "selector_not_found")


def gated(ws: Workspace, site: FixtureServer, path: str, *, opened: bool, **fields: Any) -> httpx.Response:
    """A capture of `path` whose page waits on a gate: opened once the page reaches it, or kept shut."""
    gate = site.gate()
    def capture() -> httpx.Response:
        return ws.capture(url=f"{site.base}{path}?gate={gate.name}", format="html", **fields)
    if opened:
        return gate.opened_when_reached(capture)
    try:
        return capture()
    finally:
        gate.open()  # let the fixture's request go


def test_wait_until_picks_the_moment_of_capture(ws: Workspace, site: FixtureServer) -> None:
    def state(path: str, wait_until: str, opened: bool) -> str:
        return text_of(gated(ws, site, path, opened=opened, waitUntil=wait_until), "state")

    assert state("/after-dom", "domcontentloaded", opened=False) == "parsing"  # the image is still held
    assert state("/after-dom", "load", opened=True) == "loaded"
    assert state("/after-load", "load", opened=False) == "loaded"  # the fetch that follows load is still held
    assert state("/after-load", "networkidle", opened=True) == "idle"


def test_wait_for_selector_waits_for_the_element(ws: Workspace, site: FixtureServer) -> None:
    assert 'id="late"' not in dom(gated(ws, site, "/late-element", opened=False))
    waited = gated(ws, site, "/late-element", opened=True, waitForSelector="#late")
    assert text_of(waited, "late") == "arrived late"


def test_delay_waits_after_load(ws: Workspace, site: FixtureServer) -> None:
    assert text_of(gated(ws, site, "/delayed-text", opened=False), "t") == "sooner"
    delayed = gated(ws, site, "/delayed-text", opened=True, delayMs=1500)
    assert text_of(delayed, "t") == "later"


def test_timeout_bounds_the_whole_capture(ws: Workspace, site: FixtureServer) -> None:
    # /slow-load finishes after 5 s, well inside the default 30 s: only a honoured
    # timeoutMs turns it into a timeout.
    problem(ws.capture(url=f"{site.base}/slow-load?s=5", timeoutMs=1500), 504, "render_timeout")
    problem(ws.capture(url=f"{site.base}/never-loads", timeoutMs=1500), 504, "render_timeout")


# --- output -----------------------------------------------------------------------------------


def test_jpeg_quality_changes_the_size(ws: Workspace, site: FixtureServer) -> None:
    low = ws.capture(url=f"{site.base}/tall?h=2000", format="jpeg", quality=10)
    high = ws.capture(url=f"{site.base}/tall?h=2000", format="jpeg", quality=95)
    assert image(low).format == image(high).format == "JPEG"
    assert len(low.content) < len(high.content)


def test_omit_background_leaves_empty_areas_transparent(ws: Workspace, site: FixtureServer) -> None:
    opaque = image(ws.capture(url=f"{site.base}/transparent")).convert("RGBA")
    assert opaque.getpixel((1200, 700)) == (*WHITE, 255)
    clear = image(ws.capture(url=f"{site.base}/transparent", omitBackground=True)).convert("RGBA")
    assert clear.getpixel((1200, 700))[3] == 0
    assert clear.getpixel((0, 0))[3] == 0


def test_pdf_paper_format_landscape_and_page_ranges(ws: Workspace, site: FixtureServer) -> None:
    def pdf(**options: Any) -> pypdf.PdfReader:
        answer = ok(ws.capture(url=f"{site.base}/pages?n=3", format="pdf", **options))
        assert answer.headers["content-type"] == "application/pdf"
        return pypdf.PdfReader(io.BytesIO(answer.content))

    def size(reader: pypdf.PdfReader) -> tuple[int, int]:
        box = reader.pages[0].mediabox
        return round(box.width), round(box.height)

    a4 = pdf()
    assert (len(a4.pages), size(a4)) == (3, (596, 842))
    letter = pdf(pdf={"paperFormat": "Letter", "landscape": True})
    assert (len(letter.pages), size(letter)) == (3, (792, 612))
    assert len(pdf(pdf={"pageRanges": "2"}).pages) == 1
    assert len(pdf(pdf={"pageRanges": "1-2"}).pages) == 2


# --- emulation --------------------------------------------------------------------------------


def test_dark_mode_changes_a_pixel(ws: Workspace, site: FixtureServer) -> None:
    assert rgb(ws.capture(url=f"{site.base}/scheme")).getpixel((640, 400)) == WHITE
    assert rgb(ws.capture(url=f"{site.base}/scheme", darkMode=True)).getpixel((640, 400)) == BLACK


@pytest.fixture(scope="module")
def default_probe(ws: Workspace, site: FixtureServer) -> dict[str, Any]:
    return probe(ws.capture(url=f"{site.base}/probe?t=default", format="html"))


@pytest.fixture(scope="module")
def emulated_probe(ws: Workspace, site: FixtureServer) -> dict[str, Any]:
    """One capture with every environment option set; each test below checks its own."""
    return probe(ws.capture(url=f"{site.base}/probe?t=emulated", format="html", darkMode=True,
                            reducedMotion=True, userAgent="FixtureBot/1.0 (options test)",
                            locale="de-DE", timezone="Asia/Tokyo"))


def test_dark_mode_reaches_media_queries(default_probe: dict[str, Any],
                                         emulated_probe: dict[str, Any]) -> None:
    assert (default_probe["dark"], emulated_probe["dark"]) == (False, True)


def test_reduced_motion(default_probe: dict[str, Any], emulated_probe: dict[str, Any]) -> None:
    assert (default_probe["motion"], emulated_probe["motion"]) == (False, True)


def test_user_agent(default_probe: dict[str, Any], emulated_probe: dict[str, Any],
                    site: FixtureServer) -> None:
    assert "FixtureBot" not in default_probe["ua"]
    assert emulated_probe["ua"] == "FixtureBot/1.0 (options test)"
    assert headers_seen(site, "/probe?t=emulated")["user-agent"] == "FixtureBot/1.0 (options test)"


def test_locale(default_probe: dict[str, Any], emulated_probe: dict[str, Any],
                site: FixtureServer) -> None:
    assert (default_probe["language"], emulated_probe["language"]) == ("en-US", "de-DE")
    assert headers_seen(site, "/probe?t=default")["accept-language"].startswith("en-US")
    assert headers_seen(site, "/probe?t=emulated")["accept-language"].startswith("de-DE")


def test_timezone_changes_rendered_text(default_probe: dict[str, Any],
                                        emulated_probe: dict[str, Any]) -> None:
    assert (default_probe["zone"], emulated_probe["zone"]) == ("UTC", "Asia/Tokyo")
    assert "1970 00:00:00 GMT+0000" in default_probe["tz"]
    assert "1970 09:00:00 GMT+0900" in emulated_probe["tz"]


def test_geolocation_is_granted_and_emulated_in_its_capture_only(
        tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """One browser session (pool_size 1) for both captures: the grant belongs to the first capture's context,
    so the second, on the same browser without the option, is refused (PERMISSION_DENIED is code 1)."""
    with running_service(tmp_path_factory.mktemp("geolocation") / "data", site, CAPTURE_POOL_SIZE="1") as service:
        ws = service.workspace("pro")
        where = {"latitude": 48.8584, "longitude": 2.2945, "accuracy": 25}
        located = probe(ws.capture(url=f"{site.base}/geolocation?with", format="html", geolocation=where,
                                   waitForSelector="#answered"))
        assert located == where
        refused = probe(ws.capture(url=f"{site.base}/geolocation?without", format="html",
                                   waitForSelector="#answered"))
        assert refused == {"error": 1}
        bad = ws.capture(url=f"{site.base}/simple", geolocation={"latitude": 91, "longitude": 0})
        assert problem(bad, 422, "invalid_request")["errors"][0]["field"] == "geolocation.latitude"


# --- page changes -----------------------------------------------------------------------------


def test_hide_selectors_hides_the_overlay(ws: Workspace, site: FixtureServer) -> None:
    assert rgb(ws.capture(url=f"{site.base}/hide")).getpixel((640, 400)) == RED
    hidden = ws.capture(url=f"{site.base}/hide", hideSelectors=["#banner"])
    assert rgb(hidden).getpixel((640, 400)) == WHITE


def test_mask_paints_each_box_over_and_moves_nothing(ws: Workspace, site: FixtureServer) -> None:
    """Each matching element's box painted over in the mask's colour, the fixed one too (with its box at the end
    of a full page), where the page showed them, in a positioned body too; the block under them stays where it
    was."""
    magenta, blue, green = (255, 0, 255), (0, 0, 255), (0, 160, 0)
    viewport = {"width": 800, "height": 600}

    def counted(answer: httpx.Response) -> tuple[dict[Any, int], tuple[int, int, int, int] | None]:
        """The picture's colours counted, and where its green block is."""
        picture = rgb(answer)
        colours = {colour: n for n, colour in picture.getcolors(1 << 22) or []}
        red_, green_, blue_ = picture.point([255 if v == c else 0 for c in green for v in range(256)]).split()
        return colours, ImageChops.multiply(ImageChops.multiply(red_, green_), blue_).getbbox()

    plain, plain_box = counted(ws.capture(url=f"{site.base}/mask", viewport=viewport))
    assert 0.9 * 200 * 100 < plain.get(RED, 0) < 200 * 100, plain  # less its white text
    assert plain.get(blue) == 100 * 50, plain
    masked, masked_box = counted(ws.capture(url=f"{site.base}/mask", viewport=viewport,
                                            mask={"selectors": [".price"]}))
    assert masked.get(magenta) == 200 * 100 + 100 * 50, masked  # the red block's text too
    assert RED not in masked
    assert blue not in masked
    assert masked.get(green) == plain.get(green) == 300 * 150
    assert masked_box == plain_box == (60, 160, 360, 310)
    shifted, _ = counted(ws.capture(url=f"{site.base}/mask?positioned=1", viewport=viewport,
                                    mask={"selectors": [".price"]}))
    assert shifted.get(magenta) == 200 * 100 + 100 * 50, shifted
    assert RED not in shifted  # laid where the boxes are, not from the body's corner
    assert blue not in shifted
    full, _ = counted(ws.capture(url=f"{site.base}/mask", viewport=viewport, fullPage=True,
                                 mask={"selectors": [".price", "#nothing"], "color": "#00a0a0"}))
    assert full.get((0, 160, 160)) == 200 * 100 + 100 * 50, full
    assert blue not in full
    for body, field in (({"format": "pdf", "mask": {"selectors": [".price"]}}, "mask"),
                        ({"mask": {"selectors": [".price"], "color": "magenta"}}, "mask.color"),
                        ({"mask": {"selectors": []}}, "mask.selectors"),
                        ({"mask": {"selectors": [".price", "a[["]}}, "mask.selectors[1]")):
        refused = ws.capture(url=f"{site.base}/mask", **body)
        assert problem(refused, 422, "invalid_request")["errors"][0]["field"] == field, show(refused)


def test_mask_paints_at_most_a_thousand_boxes(ws: Workspace) -> None:
    """Its worst input: a selector matching 20,000 elements. The first 1,000 are painted (engine.browser.masking's
    MAX_BOXES), in the document's order, and the capture answers."""
    cells = "<i style='display:inline-block;width:8px;height:8px;background:#000'></i>" * 20000
    answer = ws.capture(html=f"<body style='margin:0;line-height:0;width:800px'>{cells}</body>",
                        viewport={"width": 800, "height": 600}, mask={"selectors": ["i"]})
    colours = {colour: n for n, colour in rgb(answer).getcolors(1 << 22) or []}
    assert colours.get((255, 0, 255)) == 1000 * 8 * 8, colours  # ten rows of a hundred
    assert colours.get(BLACK) == (600 // 8 - 10) * 100 * 8 * 8, colours


def test_css_is_injected(ws: Workspace, site: FixtureServer) -> None:
    styled = ws.capture(url=f"{site.base}/transparent",
                        css="html, body { background: rgb(0, 0, 255) }")
    assert rgb(styled).getpixel((1200, 700)) == (0, 0, 255)  # white without: see omitBackground


# --- what the target sees ---------------------------------------------------------------------


def test_headers_reach_the_target(ws: Workspace, site: FixtureServer) -> None:
    answer = ws.capture(url=f"{site.base}/headers?t=extra", format="html",
                        headers={"X-Fixture-Probe": "sent by the options test"})
    assert "<li>x-fixture-probe=sent by the options test</li>" in dom(answer)
    assert headers_seen(site, "/headers?t=extra")["x-fixture-probe"] == "sent by the options test"


@pytest.mark.parametrize("name", ["Host", "Cookie", "Proxy-Authorization", "Connection"])
def test_refused_headers(ws: Workspace, site: FixtureServer, name: str) -> None:
    path = f"/headers?t=refused-{name}"
    answer = ws.capture(url=f"{site.base}{path}", headers={name: "x"})
    body = problem(answer, 422, "invalid_request")
    assert any(field.startswith("headers") for field in fields(body)), body
    assert path not in [seen for seen, _ in site.requests]


def test_cookies_reach_the_page(ws: Workspace, site: FixtureServer) -> None:
    cookies = [{"name": "flavour", "value": "oat"},
               {"name": "batch", "value": "7", "domain": "127.0.0.1"}]
    seen = probe(ws.capture(url=f"{site.base}/probe?t=cookies", format="html", cookies=cookies))
    assert sorted(seen["cookie"].split("; ")) == ["batch=7", "flavour=oat"]
    sent = headers_seen(site, "/probe?t=cookies")["cookie"]
    assert sorted(sent.split("; ")) == ["batch=7", "flavour=oat"]


def test_cookie_for_another_domain_is_refused(ws: Workspace, site: FixtureServer) -> None:
    cookies = [{"name": "ok", "value": "1"},
               {"name": "elsewhere", "value": "1", "domain": "example.com"}]
    answer = ws.capture(url=f"{site.base}/probe?t=foreign-cookie", cookies=cookies)
    assert fields(problem(answer, 422, "cookie_domain_mismatch")) == {"cookies[1].domain"}
    assert "/probe?t=foreign-cookie" not in [seen for seen, _ in site.requests]


def test_fail_on_status(ws: Workspace, site: FixtureServer) -> None:
    missing = ws.capture(url=f"{site.base}/status?code=404")
    assert image(missing).format == "PNG"
    assert missing.headers["x-target-status"] == "404"
    rejected = ws.capture(url=f"{site.base}/status?code=404", failOnStatus=[404])
    assert problem(rejected, 422, "target_status_rejected")["targetStatus"] == 404
    ranged = ws.capture(url=f"{site.base}/status?code=503", failOnStatus=[404, "500-599"])
    assert problem(ranged, 422, "target_status_rejected")["targetStatus"] == 503
    outside = ws.capture(url=f"{site.base}/status?code=404", failOnStatus=["500-599"])
    assert ok(outside).headers["x-target-status"] == "404"


def test_retain_is_for_jobs_only(ws: Workspace, site: FixtureServer) -> None:
    body = problem(ws.capture(url=f"{site.base}/simple?t=retain-sync", retain=True), 422, "invalid_request")
    assert body["errors"] == [{"field": "retain", "code": "not_applicable", "message": "applies to jobs only"}]


def test_optimize_for_trades_png_bytes_for_encoding_time_with_the_same_pixels(ws: Workspace,
                                                                            site: FixtureServer) -> None:
    """optimizeFor (issue 37): `speed` and `size` encode the same pixels, `speed` into the larger file."""
    url = f"{site.base}/tall?h=3000"
    fast = ws.capture(url=url, fullPage=True, optimizeFor="speed")
    small = ws.capture(url=url, fullPage=True, optimizeFor="size")
    assert fast.status_code == small.status_code == 200, (fast.text, small.text)
    fast_image, small_image = Image.open(io.BytesIO(fast.content)), Image.open(io.BytesIO(small.content))
    assert fast_image.size == small_image.size
    assert fast_image.convert("RGB").tobytes() == small_image.convert("RGB").tobytes()  # both lossless
    assert len(fast.content) > len(small.content)
    refused = ws.capture(url=url, optimizeFor="fast")
    assert refused.status_code == 422, refused.text
    assert refused.json()["errors"][0]["field"] == "optimizeFor"
