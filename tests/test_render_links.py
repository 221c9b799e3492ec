"""Signed render links (issue 25): a capture in a GET URL, signed with the key's signing secret, cached 4 h by
default; a link in an <img> of a page Chromium renders shows the capture. Wrong signature 403, expired 410,
revoked key 401, none of them costing quota."""

from __future__ import annotations

import io
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from PIL import Image

from actors.accounts import ApiKeys, Memberships
from engine.records import render_links
from engine.records.accounts import ApiKey
from engine.records.accounts import Workspace as AccountWorkspace
from engine.rules.plans import load_plans
from tests.conftest import Service, Workspace, running_service
from tests.fixture_site import FixtureServer
from tests.grid import free_port


def test_the_canonical_query_is_sorted_and_rfc3986_encoded() -> None:
    pairs = [("url", "https://a.test/p?x=1 2&y=ü"), ("viewport.width", "800"), ("hideSelectors", ".b"),
             ("hideSelectors", ".a~*")]
    assert render_links.canonical_query(pairs) == (
        "hideSelectors=.a~%2A&hideSelectors=.b&url=https%3A%2F%2Fa.test%2Fp%3Fx%3D1%202%26y%3D%C3%BC"
        "&viewport.width=800")
    assert render_links.sign("rsk_x", pairs) == render_links.sign("rsk_x", list(reversed(pairs)))
    assert render_links.sign("rsk_x", pairs) != render_links.sign("rsk_y", pairs)


def test_a_capture_request_survives_the_query_form() -> None:
    request: dict[str, Any] = {
        "url": "https://a.test/", "viewport": {"width": 800, "height": 600, "mobile": True},
        "hideSelectors": [".x"], "failOnStatus": [404, "500-599"], "darkMode": True,
        "cookies": [{"name": "a", "value": "1"}, {"name": "b", "value": "2", "secure": True}],
        "headers": {"X-Test": "yes"}, "geolocation": {"latitude": 1.5, "longitude": -2}}
    body = render_links.capture_body(render_links.flatten(request), "jpg")
    assert body == {
        "url": "https://a.test/", "viewport": {"width": "800", "height": "600", "mobile": "true"},
        "hideSelectors": [".x"], "failOnStatus": ["404", "500-599"], "darkMode": "true",
        "cookies": [{"name": "a", "value": "1"}, {"name": "b", "value": "2", "secure": "true"}],
        "headers": {"X-Test": "yes"}, "geolocation": {"latitude": "1.5", "longitude": "-2"}, "format": "jpeg",
        "cache": {"ttlS": render_links.DEFAULT_TTL_S}}  # a link's default


class _NoScan(dict[str, ApiKey]):
    """Keys by hash that refuse to be walked: a render link's key is found by its id alone."""

    def values(self) -> Any:
        raise AssertionError("every key was scanned to find one render link's key")

    items = __iter__ = values  # type: ignore[assignment]


def test_a_links_key_is_found_by_its_id_without_a_scan() -> None:
    """Unknown key ids are answered in constant time (issue 33: each was a scan of every key of the service)."""
    memberships = Memberships(None, load_plans(), b"server secret")  # type: ignore[arg-type]
    memberships._workspaces = {"ws_a": AccountWorkspace("ws_a", "a", "free", None)}
    keys = ApiKeys(None, b"server secret", memberships)  # type: ignore[arg-type]
    keys._keys = _NoScan()
    for n in range(1000):
        keys._keep(ApiKey(f"key_{n}", "ws_a", None, "cap_x", f"hash{n}"))
    assert keys.render_principal("key_unknown") is None
    found = keys.render_principal("key_500")
    assert found is not None
    assert found[0].key.id == "key_500"
    assert found[1] == render_links.signing_secret(b"server secret", "key_500", 0)


@pytest.fixture(scope="module")
def linked(tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> Any:
    """A service on a port its own captures may reach, so a page it renders can show its render links."""
    port = free_port()
    with running_service(tmp_path_factory.mktemp("render-links") / "data", site,
                         CAPTURE_LISTEN=f"127.0.0.1:{port}",
                         CAPTURE_EGRESS_ALLOW=f"127.0.0.1:{site.server_address[1]},127.0.0.1:{port}") as service:
        yield service


def _key(service: Service) -> tuple[Workspace, str]:
    ws = service.cli("workspace", "create", "--name", "links", "--plan", "pro")[0]
    key = service.cli("key", "create", "--workspace", ws["id"])[0]
    assert key["signingSecret"].startswith("rsk_")
    return Workspace(ws["id"], key["key"], key["id"], service), key["signingSecret"]


def _get(service: Service, link: str, **headers: str) -> httpx.Response:
    return service.client.get(link.removeprefix(service.url), headers=headers)


def test_a_render_link_shows_its_capture_in_an_img_and_is_cached(linked: Service, site: FixtureServer) -> None:
    ws, secret = _key(linked)
    options = {"url": f"{site.base}/solid?rgb=0,128,255", "viewport": {"width": 320, "height": 200},
               "format": "png"}
    link = render_links.link(linked.url, ws.key_id, secret, options)
    assert ws.key not in link
    first = _get(linked, link)
    assert first.status_code == 200, first.text
    assert first.headers["content-type"] == "image/png"
    assert first.headers["x-cache"] == "MISS"
    assert first.headers["cache-control"].startswith("public, max-age=")
    assert 14000 < int(first.headers["cache-control"].rsplit("=", 1)[1]) <= 4 * 3600
    assert Image.open(io.BytesIO(first.content)).convert("RGB").getpixel((160, 100)) == (0, 128, 255)
    assert ws.quota(at_least_used=1)["used"] == 1
    assert first.headers["content-security-policy"] == "sandbox; default-src 'none'"
    as_html = _get(linked, render_links.link(linked.url, ws.key_id, secret, {**options, "format": "html"}))
    assert as_html.status_code == 200, as_html.text
    assert as_html.headers["content-disposition"].startswith("attachment")  # never a page of this origin
    assert as_html.headers["content-security-policy"] == "sandbox; default-src 'none'"
    again = _get(linked, link, **{"if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""

    page = (f"<body style='margin:0;background:#fff'><img id=shot src='{link}' width=320 height=200>"
            "<script>document.getElementById('shot').decode().then(() => document.body.append("
            "Object.assign(document.createElement('i'), {id: 'shown'})))</script></body>")
    shown = ws.capture(html=page, viewport={"width": 400, "height": 300}, waitForSelector="#shown")
    assert shown.status_code == 200, shown.text
    picture = Image.open(io.BytesIO(shown.content)).convert("RGB")
    assert picture.getpixel((160, 100)) == (0, 128, 255)  # the link's capture, inside the page
    assert picture.getpixel((360, 250)) == (255, 255, 255)
    assert site.count("/solid?rgb=0,128,255") == 2  # the png and the html link; the <img> got the cached png
    assert len(ws.settled(5)) == 5  # the png, the html, the 304, the page and its <img> (a hit)
    assert ws.quota()["used"] == 3  # the link once, as html once, the page once


def test_altered_expired_and_revoked_links_are_refused_for_free(linked: Service, site: FixtureServer) -> None:
    ws, secret = _key(linked)
    options = {"url": f"{site.base}/simple?refusals", "format": "png"}
    link = render_links.link(linked.url, ws.key_id, secret, options)
    signature = link.split("/")[-1].split(".")[0]
    altered = _get(linked, link.replace(signature, signature[::-1]))
    assert (altered.status_code, altered.json()["code"]) == (403, "invalid_signature")
    widened = _get(linked, link + "&fullPage=true")  # an option added after signing
    assert (widened.status_code, widened.json()["code"]) == (403, "invalid_signature")
    expired = render_links.link(linked.url, ws.key_id, secret, options, expires=int(time.time()) - 5)
    answer = _get(linked, expired)
    assert (answer.status_code, answer.json()["code"]) == (410, "result_url_expired")
    bad = render_links.link(linked.url, ws.key_id, secret, {**options, "viewport": {"width": 10}})
    answer = _get(linked, bad)
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request")
    assert answer.json()["errors"][0]["field"] == "viewport.width"

    rotated = linked.cli("key", "rotate-signing-secret", ws.key_id)[0]["signingSecret"]
    assert rotated != secret
    assert _get(linked, link).status_code == 403  # signed with the old secret
    fresh = render_links.link(linked.url, ws.key_id, rotated, options, expires=int(time.time()) + 60)
    working = _get(linked, fresh)
    assert working.status_code == 200, working.text
    assert 0 < int(working.headers["cache-control"].rsplit("=", 1)[1]) <= 60  # never past the link's end
    assert ws.quota(at_least_used=1)["used"] == 1

    other = linked.cli("key", "create", "--workspace", ws.id)[0]  # to read the usage once ws.key is revoked
    linked.cli("key", "revoke", ws.key_id)
    revoked = _get(linked, fresh)
    assert (revoked.status_code, revoked.json()["code"]) == (401, "unauthenticated")  # recorded nowhere
    assert [e["type"] for e in ws.settled(2)] == ["capture.failed", "capture.succeeded"]  # bad, fresh
    assert Workspace(ws.id, other["key"], other["id"], linked).quota()["used"] == 1


def test_the_signature_covers_the_format(linked: Service, site: FixtureServer) -> None:
    """A link signed for png answers only as png: another extension, or a query without the signed format, is
    403 at no quota (issue 33: a public .png link served .html, .pdf and .webm, each billed to its owner)."""
    ws, secret = _key(linked)
    link = render_links.link(linked.url, ws.key_id, secret, {"url": f"{site.base}/simple?formats", "format": "png"})
    path, query = link.split("?", 1)
    assert "format=png" in query.split("&")
    for extension in ("html", "pdf", "jpeg", "jpg", "webm"):
        answer = _get(linked, f"{path.removesuffix('.png')}.{extension}?{query}")
        assert (answer.status_code, answer.json()["code"]) == (403, "invalid_signature"), extension
    pairs = [("url", f"{site.base}/simple?formats")]  # signed, but without a format
    unformatted = (f"{linked.url}/api/render/{ws.key_id}/{render_links.sign(secret, pairs)}.png?"
                   f"{render_links.canonical_query(pairs)}")
    answer = _get(linked, unformatted)
    assert (answer.status_code, answer.json()["code"]) == (403, "invalid_signature")
    assert site.count("/simple?formats") == 0
    assert ws.quota()["used"] == 0
    assert _get(linked, link).status_code == 200  # the link itself works


def test_a_public_link_cannot_lock_its_owner_out(linked: Service, site: FixtureServer) -> None:
    """Render links spend their own budget per key, never the API's; cached answers spend none; and a link's
    answers show no quota or rate headers (issue 33: ten anonymous GETs got the owner's other key 429)."""
    ws = linked.workspace("free")
    made = linked.control("key.create", {"workspace": ws.id, "name": "links"})[0]
    secret = made["signingSecret"]
    per_minute = 10  # the free plan's requests per minute
    refused = [render_links.link(linked.url, made["id"], secret, {"url": f"http://10.0.0.{n}/"})  # never sent
               for n in range(4)]
    links = [render_links.link(linked.url, made["id"], secret,
                               {"url": f"{site.base}/simple?budget={n}", "viewport": {"width": 320, "height": 200}})
             for n in range(per_minute - len(refused) + 1)]
    answers = [_get(linked, link) for link in refused + links]
    assert [a.status_code for a in answers[:len(refused)]] == [422] * len(refused)  # failures spend it too
    assert [a.status_code for a in answers[len(refused):per_minute]] == [200] * len(links[1:]), answers[-2].text
    assert (answers[-1].status_code, answers[-1].json()["code"]) == (429, "rate_limited")
    assert "retry-after" in answers[-1].headers
    for answer in answers:
        shown = {name for name in answer.headers if name.startswith(("x-quota", "ratelimit"))}
        assert shown == set(), shown
    cached = _get(linked, links[0])  # the budget is spent, the cache still answers
    assert (cached.status_code, cached.headers["x-cache"]) == (200, "HIT")
    assert ws.capture(url=f"{site.base}/simple?owner").status_code == 200  # the owner's own key, not the link's
    assert ws.get("/api/usage").status_code == 200


def test_a_links_viewers_never_take_the_owners_places_and_one_link_renders_once(
        tmp_path_factory: pytest.TempPathFactory, site: FixtureServer) -> None:
    """Issue 52 item 7: six anonymous GETs of one slow link and the owner's own API capture got 503 (the links
    filled the account's six places). Links have places of their own; identical links in flight render once;
    a link that failed fails again for a moment without rendering."""
    with running_service(tmp_path_factory.mktemp("link-places") / "data", site,
                         CAPTURE_QUEUE_LIMIT="8") as service:  # an account's API places: 8 * 0.5 + 2 = 6
        ws = service.workspace("pro")
        [key] = service.control("key.create", {"workspace": ws.id, "name": "links"})
        gate = site.gate()
        slow = render_links.link(service.url, key["id"], key["signingSecret"],
                                 {"url": f"{site.base}/after-dom?gate={gate.name}"})
        with ThreadPoolExecutor(6) as viewers, httpx.Client(timeout=60) as anonymous:
            shown = [viewers.submit(anonymous.get, slow) for _ in range(6)]
            site.wait_for_request(f"/gate?name={gate.name}", more_than=0)
            own = ws.capture(url=f"{site.base}/simple?owner-while-links")  # the gate is still closed
            gate.open()
            answers = [future.result() for future in shown]
        assert own.status_code == 200, own.text
        assert [answer.status_code for answer in answers] == [200] * 6, [a.text[:200] for a in answers]
        assert len({answer.content for answer in answers}) == 1
        assert site.count(f"/gate?name={gate.name}") == 1  # rendered once for the six
        assert ws.quota(at_least_used=2)["used"] == 2  # the owner's capture and the link's one render

        failing = render_links.link(service.url, key["id"], key["signingSecret"],
                                    {"url": f"{site.base}/drop?link-fails"})
        first, again = service.client.get(failing), service.client.get(failing)
        assert (first.status_code, again.status_code) == (502, 502), again.text
        assert again.json()["code"] == first.json()["code"] == "render_failed"
        assert site.count("/drop?link-fails") == 1  # the second answered from the failure, unrendered
