"""The service starts, answers, and a capture of a fixture page is a real PNG."""

from __future__ import annotations

import io

from PIL import Image

from tests.conftest import Workspace
from tests.fixture_site import FixtureServer
from tests.pools import service_on_both_pools  # noqa: F401 - every test runs with both pools


def test_png_capture_of_a_fixture_page(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=f"{site.base}/simple")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/png"
    assert answer.headers["x-target-status"] == "200"
    image = Image.open(io.BytesIO(answer.content))
    assert image.format == "PNG"
    assert image.size == (1280, 800)
    assert answer.headers["x-request-id"].startswith("req_")
