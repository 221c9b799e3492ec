"""Thumbnails (`resize`, issue 40): exact sizes, which part of the page each fit keeps, the padding of
`contain`, every image format, the refusals, and the cache and render links telling thumbnails apart."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.records import render_links
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer

# 1200 x 800: a red, a green and a blue third
THIRDS = ('<body style="margin:0"><div style="display:flex;height:100vh"><div style="flex:1;background:#f00"></div>'
          '<div style="flex:1;background:#0f0"></div><div style="flex:1;background:#00f"></div></div></body>')
VIEW = {"width": 1200, "height": 800}
RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)


def _image(pro: Workspace, fmt: str = "png", **resize: Any) -> Image.Image:
    answer = pro.capture(html=THIRDS, viewport=VIEW, format=fmt, resize=resize)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == f"image/{fmt}"
    image = Image.open(io.BytesIO(answer.content))
    assert image.format == fmt.upper()
    return image


def _close(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 24 for a, b in zip(pixel[:3], colour, strict=True))


@pytest.mark.parametrize("fmt", ["png", "jpeg", "webp"])
def test_inside_keeps_the_aspect_within_the_box(pro: Workspace, fmt: str) -> None:
    image = _image(pro, fmt, width=300, fit="inside").convert("RGB")
    assert image.size == (300, 200)
    for x, colour in ((20, RED), (150, GREEN), (280, BLUE)):
        assert _close(image.getpixel((x, 100)), colour), (x, image.getpixel((x, 100)))
    assert _image(pro, fmt, height=100, fit="inside").size == (150, 100)


def test_cover_fills_the_box_cropping_around_the_centre(pro: Workspace) -> None:
    image = _image(pro, "png", width=300, height=300, fit="cover").convert("RGB")
    assert image.size == (300, 300)
    # 1200 x 800 scaled to 450 x 300, its middle 300 kept: the page's x 200 to 1000
    for x, colour in ((5, RED), (150, GREEN), (294, BLUE)):
        assert _close(image.getpixel((x, 150)), colour), (x, image.getpixel((x, 150)))


@pytest.mark.parametrize(("fmt", "padding"), [("png", (0, 0, 0, 0)), ("webp", (0, 0, 0, 0)), ("jpeg", WHITE)])
def test_contain_shows_all_of_it_centred_in_the_box(pro: Workspace, fmt: str, padding: tuple[int, ...]) -> None:
    image = _image(pro, fmt, width=300, height=300, fit="contain")
    assert image.size == (300, 300)
    rgba = image.convert("RGBA" if fmt != "jpeg" else "RGB")
    # 300 x 200 in the middle: 50 px of padding above and below
    assert _close(rgba.getpixel((150, 150)), GREEN)
    assert _close(rgba.getpixel((5, 150)), RED)
    top = rgba.getpixel((150, 10))
    assert top[3] == 0 if fmt != "jpeg" else _close(top, padding), top


@pytest.mark.parametrize(("resize", "fmt", "code"), [
    ({"width": 300, "fit": "inside"}, "pdf", "not_applicable"),
    ({"width": 300, "fit": "cover"}, "png", "required"),
    ({"fit": "inside"}, "png", "required"),
    ({"width": 8, "fit": "inside"}, "png", "invalid"),
    ({"width": 300}, "png", "invalid"),
])
def test_a_resize_it_cannot_make_is_refused(pro: Workspace, site: FixtureServer, resize: dict[str, Any], fmt: str,
                                            code: str) -> None:
    answer = pro.capture(url=f"{site.base}/simple?resize-refused", format=fmt, resize=resize)
    assert answer.status_code == 422, answer.text
    assert answer.json()["errors"][0]["field"].startswith("resize")
    assert answer.json()["errors"][0]["code"] == code
    assert site.count("/simple?resize-refused") == 0


def test_the_cache_and_render_links_tell_thumbnails_apart(service: Service, site: FixtureServer) -> None:
    ws = service.cli("workspace", "create", "--name", "thumbs", "--plan", "pro")[0]
    key = service.cli("key", "create", "--workspace", ws["id"])[0]
    workspace = Workspace(ws["id"], key["key"], key["id"], service)
    page = {"url": f"{site.base}/solid?rgb=0,128,255&thumbs", "viewport": {"width": 800, "height": 600},
            "cache": {"ttlS": 600}}
    sizes = []
    for width in (200, 100, 200):
        answer = workspace.capture(**page, resize={"width": width, "fit": "inside"})
        assert answer.status_code == 200, answer.text
        sizes.append((Image.open(io.BytesIO(answer.content)).size, answer.headers["x-cache"]))
    assert sizes == [((200, 150), "MISS"), ((100, 75), "MISS"), ((200, 150), "HIT")]
    link = render_links.link(service.url, key["id"], key["signingSecret"],
                             {**page, "format": "webp", "resize": {"width": 160, "height": 160, "fit": "cover"}})
    shown = service.client.get(link.removeprefix(service.url))
    assert shown.status_code == 200, shown.text
    assert Image.open(io.BytesIO(shown.content)).size == (160, 160)
