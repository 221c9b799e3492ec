"""Paid capture options on the real service and Chromium (issue 20): the client's JavaScript and scrolling."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from tests.conftest import Service, Workspace
from tests.egress_site import SecretServer
from tests.fixture_site import FixtureServer

BLUE = (0, 0, 255)
GREEN = (0, 160, 0)
RED = (255, 0, 0)
LAST_LAZY_IMAGE = (100, 1000 + 200 + 29 * 400 + 100)  # the centre of /lazy's 30th image, in CSS px


@pytest.fixture
def secret() -> Iterator[SecretServer]:
    server = SecretServer()
    server.start()
    yield server
    server.stop()


def png(answer: object) -> Image.Image:
    assert getattr(answer, "status_code", None) == 200, getattr(answer, "text", answer)
    return Image.open(io.BytesIO(answer.content)).convert("RGB")  # type: ignore[attr-defined]


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def test_a_script_rewrites_the_page_before_the_capture(pro: Workspace, site: FixtureServer) -> None:
    plain = png(pro.capture(url=f"{site.base}/simple?js=0"))
    assert not near(plain.getpixel((5, 5)), BLUE)
    script = "document.body.innerHTML = ''; document.body.style.background = 'rgb(0,0,255)'"
    assert near(png(pro.capture(url=f"{site.base}/simple?js=1", javascript=script)).getpixel((5, 5)), BLUE)
    awaited = ("await new Promise(done => setTimeout(done, 300));"
               "document.documentElement.style.background = 'rgb(0,0,255)'; document.body.remove()")
    assert near(png(pro.capture(url=f"{site.base}/simple?js=2", javascript=awaited)).getpixel((5, 5)), BLUE)


def test_a_throwing_script_fails_the_capture_with_its_message(pro: Workspace, site: FixtureServer) -> None:
    before = pro.quota()["used"]
    for script in ("throw new Error('boom ' + 'x'.repeat(1000))",
                   "Promise.reject(new TypeError('boom rejected'))", "undefinedFunction()"):
        answer = pro.capture(url=f"{site.base}/simple?js=throw", javascript=script)
        problem = answer.json()
        assert (answer.status_code, problem["code"]) == (422, "javascript_error"), problem
        assert problem["errors"][0]["field"] == "javascript"
        assert len(problem["errors"][0]["message"]) <= 500
    assert "boom" in pro.capture(url=f"{site.base}/simple", javascript="throw new Error('boom')").json()["detail"]
    for thrown, said in (("'plain words'", "Uncaught plain words"), ("42", "Uncaught 42"), ("null", "Uncaught null")):
        detail = pro.capture(url=f"{site.base}/simple", javascript=f"throw {thrown}").json()["detail"]
        assert detail == f"javascript: {said}", detail  # a primitive thrown has no description: its value is told
    never = pro.capture(url=f"{site.base}/simple?js=never", javascript="await new Promise(() => {})",
                        timeoutMs=2000)
    assert (never.status_code, never.json()["code"]) == (504, "render_timeout")
    assert pro.quota()["used"] == before  # failed captures cost nothing


def test_a_script_reaches_only_what_the_page_may(pro: Workspace, site: FixtureServer, secret: SecretServer) -> None:
    script = (f"for (const host of ['127.0.0.1', '127.0.0.2', '[::1]']) {{"
              f"  try {{ await fetch(`http://${{host}}:{secret.port}/`); }} catch (e) {{}} }}"
              f"document.body.dataset.done = 'yes'")
    answer = pro.capture(url=f"{site.base}/simple?js=secret", javascript=script, format="html")
    assert answer.status_code == 200, answer.text
    assert b'data-done="yes"' in answer.content
    assert secret.connections == 0


def test_a_script_is_kept_nowhere_in_clear(service: Service, pro: Workspace, site: FixtureServer) -> None:
    marker = "scriptmarker-7f3a91"
    script = f"document.title = '{marker}'.toUpperCase()"
    assert pro.capture(url=f"{site.base}/simple?js=kept", javascript=script).status_code == 200
    job = pro.submit(url=f"{site.base}/simple?js=kept-job", javascript=script).json()["id"]
    assert pro.finished_job(job)["status"] == "SUCCEEDED"
    assert service.holding(marker) == []


def test_scrolling_loads_lazy_images_and_shows_a_fixed_header_once(pro: Workspace, site: FixtureServer) -> None:
    unscrolled = png(pro.capture(url=f"{site.base}/lazy?s=0", fullPage=True))
    assert near(unscrolled.getpixel(LAST_LAZY_IMAGE), GREEN)  # a full page asks for its lazy images (issue 36)
    scrolled = png(pro.capture(url=f"{site.base}/lazy?s=1", fullPage=True, scroll={"enabled": True}))
    assert scrolled.size == unscrolled.size
    assert near(scrolled.getpixel(LAST_LAZY_IMAGE), GREEN)
    red_rows = [y for y in range(scrolled.height) if near(scrolled.getpixel((5, y)), RED)]
    assert red_rows == list(range(40))  # the fixed header, once, at the top
    stepped = png(pro.capture(url=f"{site.base}/lazy?s=2", fullPage=True,
                              scroll={"enabled": True, "stepPx": 3000, "delayMs": 0}))
    assert near(stepped.getpixel(LAST_LAZY_IMAGE), GREEN)


def test_the_free_plan_is_refused_each_paid_option(free: Workspace, site: FixtureServer) -> None:
    for fields, feature in [({"javascript": "1"}, "customJavaScript"), ({"scroll": {"enabled": True}}, "scrolling")]:
        answer = free.capture(url=f"{site.base}/simple?paid", **fields)
        assert (answer.status_code, answer.json()["code"], answer.json()["feature"]) == (
            403, "feature_not_entitled", feature), fields


def test_jobs_and_batches_take_the_paid_options_too(pro: Workspace, site: FixtureServer) -> None:
    items = [{"url": f"{site.base}/simple?batch=js", "javascript": "document.body.style.background = 'rgb(0,0,255)'"},
             {"url": f"{site.base}/lazy?batch=scroll", "fullPage": True, "scroll": {"enabled": True}},
             {"url": f"{site.base}/simple?batch=mockup", "mockup": {"device": "iphone-15", "theme": "dark"}}]
    batch = pro.service.client.post("/api/jobs/batch", json={"captures": items}, headers=pro.headers)
    assert batch.status_code == 202, batch.text
    results = []
    for job in batch.json()["jobs"]:
        done = pro.finished_job(job["id"])
        assert done["status"] == "SUCCEEDED", done
        results.append(Image.open(io.BytesIO(pro.service.client.get(done["resultUrl"]).content)))
    assert near(results[0].convert("RGB").getpixel((5, 5)), BLUE)
    assert near(results[1].convert("RGB").getpixel(LAST_LAZY_IMAGE), GREEN)
    assert results[2].size == (1275, 2652)  # README's size for iphone-15
