"""Each output format: the right content type and a file that decodes."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer
from tests.pools import service_on_both_pools  # noqa: F401 - every test runs with both pools


@pytest.mark.parametrize(("fmt", "content_type", "pil_format"), [
    ("png", "image/png", "PNG"), ("jpeg", "image/jpeg", "JPEG"), ("webp", "image/webp", "WEBP"),
])
def test_image_formats_decode_at_the_viewport_size(
    pro: Workspace, site: FixtureServer, fmt: str, content_type: str, pil_format: str,
) -> None:
    answer = pro.capture(url=f"{site.base}/simple", format=fmt, viewport={"width": 800, "height": 600})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == content_type
    image = Image.open(io.BytesIO(answer.content))
    assert image.format == pil_format
    assert image.size == (800, 600)


def test_pdf_has_the_pages_the_document_prints(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=f"{site.base}/pages?n=3", format="pdf")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    assert len(PdfReader(io.BytesIO(answer.content)).pages) == 3


def test_html_holds_dom_the_page_script_built(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=f"{site.base}/script-dom", format="html")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert '<p id="made-by-script">built at runtime</p>' in answer.text
    assert answer.text.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(("fmt", "feature"), [("pdf", "pdfOutput"), ("html", "htmlOutput")])
def test_free_plan_is_not_entitled_to_paid_formats(
    free: Workspace, site: FixtureServer, fmt: str, feature: str,
) -> None:
    answer = free.capture(url=f"{site.base}/simple", format=fmt)
    assert answer.status_code == 403
    problem = answer.json()
    assert problem["code"] == "feature_not_entitled"
    assert problem["feature"] == feature
    assert free.get("/api/usage").json()["quota"]["used"] == 0


def test_an_html_document_with_relative_urls_renders(pro: Workspace) -> None:
    """Its relative image and icon go to the synthetic document's own host (capture.invalid) and are refused;
    that must not fail the capture as if the document itself had been refused (it did, always, with an image,
    and for 1-2 % of plain documents when Chromium asked for a favicon first)."""
    answer = pro.capture(html='<link rel="icon" href="/favicon.ico"><h1>relative</h1><img src="logo.png" alt="">')
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/png"
