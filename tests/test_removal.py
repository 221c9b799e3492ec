"""removeElements (issues 21 and 35) on the real service and Chromium: consent banners, pop-ups and ads gone,
the page's own content untouched, every removal reported, late pop-ups too, the same by name and by address;
and the three layers on shapes the model never saw (grouped cross-validation over the corpus)."""

from __future__ import annotations

import io
import json
from typing import Any

import av
import pytest
from PIL import Image

from engine.browser.hiding import REMOVE_OVERLAYS
from engine.browser.overlays import CLASSES, FEATURES, KINDS, WORDS, WORDS_PATH, Candidate, OverlayModel, has_purpose
from engine.browser.removal import about_ads, cosmetic_url
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer
from tests.overlays import crossval, harness
from tests.overlays.build_corpus import MARKER, OVERLAY
from tests.pages import AD_HOSTS

ALL = {"cookieBanners": True, "ads": True, "popups": True}
MARKER_RGB = tuple(int(MARKER[i:i + 2], 16) for i in (1, 3, 5))
OVERLAY_RGB = tuple(int(OVERLAY[i:i + 2], 16) for i in (1, 3, 5))
MARKER_AREA = 420 * 160  # the article's marker block (tests/overlays/build_corpus.article), in CSS px
def first(kind: str) -> str:
    return next(name for name, label in harness.labels().items() if label["kind"] == kind)


# One page of each shape, overlays and negatives (the first of its kind in the corpus, from either split).
SHAPES = [first(kind) for kind in (
    "cookie-bar-bottom", "cookie-modal", "cookie-wall", "cookie-shadow", "cookie-iframe", "cookie-dialog",
    "newsletter-modal", "paywall-modal", "family-chat-launcher", "app-banner-top", "anchor-ad", "rail-ad",
    "platform-onetrust", "platform-termly", "back-to-top", "tab-bar", "product-bar", "sticky-header",
    # the classes of miss an outside set found (issue 35): in the flow, a frame in a backdrop, a closed shadow
    # root, ad containers in the content; and their look-alikes
    "novel-inflow-consent", "novel-srcdoc-backdrop", "novel-closed-shadow-consent", "novel-ad-containers",
    "cookie-inflow-bottom", "inflow-ads", "preferences-page", "embeds")]

POLICY_WITH_BANNER, COOKIE_OFFER_AND_CHAT, ONETRUST = (
    first(kind) for kind in ("policy-with-banner", "cookie-offer-and-chat", "platform-onetrust"))


def corpus_url(site: FixtureServer, name: str) -> str:
    # a name, not 127.0.0.1: EasyList's cosmetic rules are for sites, and skip bare addresses
    return f"http://fixture.test:{site.server_address[1]}/corpus?page={name}"


def pixels(answer: Any) -> dict[tuple[int, int, int], int]:
    assert answer.status_code == 200, answer.text
    counts: dict[tuple[int, int, int], int] = {}
    for count, colour in Image.open(io.BytesIO(answer.content)).convert("RGB").getcolors(1 << 24) or []:
        counts[colour] = count
    return counts


def test_the_free_plan_is_refused_naming_the_feature(free: Workspace, site: FixtureServer) -> None:
    answer = free.capture(url=f"{site.base}/simple?t=remove-free", removeElements={"popups": True})
    assert answer.status_code == 403, answer.text
    assert (answer.json()["code"], answer.json()["feature"]) == ("feature_not_entitled", "aiElementRemoval")
    assert "/simple?t=remove-free" not in [seen for seen, _ in site.requests]


@pytest.mark.parametrize("name", SHAPES)
def test_overlays_are_gone_and_the_content_fully_shown(pro: Workspace, site: FixtureServer, name: str) -> None:
    url = corpus_url(site, name)
    whole = {"fullPage": True} if harness.labels()[name]["kind"] == "cookie-inflow-bottom" else {}  # at the end
    before = pixels(pro.capture(url=url, **whole))
    after = pixels(pro.capture(url=url, removeElements=ALL, **whole))
    if harness.labels()[name]["remove"]:
        assert before.get(OVERLAY_RGB, 0) > 0, "the overlay should show without removeElements"
    assert after.get(OVERLAY_RGB, 0) == 0, f"{after.get(OVERLAY_RGB)} overlay pixels left"
    assert after.get(MARKER_RGB, 0) == MARKER_AREA, "the page's own content is not fully shown"


@pytest.mark.parametrize("name", [first(kind) for kind in ("novel-ad-containers", "slot-ads", "inflow-ads",
                                                            "novel-inflow-consent", "embeds")])
def test_the_same_page_loses_the_same_by_name_and_by_address(pro: Workspace, site: FixtureServer,
                                                              name: str) -> None:
    """EasyList exempts 127.0.0.1 from its generic rules; a page must not keep its ad slots for being addressed
    by IP."""
    by_name = pro.capture(url=corpus_url(site, name), removeElements=ALL)
    by_address = pro.capture(url=f"{site.base}/corpus?page={name}", removeElements=ALL)
    html = (harness.PAGES / name).read_text()  # the labelled elements the page has (a label may name none)
    labelled = [removal["kind"] for removal in harness.labels()[name]["remove"] if removal["selector"][1:-1] in html]
    each_once = ", ".join(f"{kind}={labelled.count(kind)}" for kind in KINDS)  # no element counted twice
    assert by_name.headers.get("x-removed-elements") == by_address.headers.get("x-removed-elements") == each_once
    for answer in (by_name, by_address):
        colours = pixels(answer)
        assert colours.get(OVERLAY_RGB, 0) == 0, f"{colours.get(OVERLAY_RGB)} overlay pixels left"
        assert colours.get(MARKER_RGB, 0) == MARKER_AREA


def test_a_pop_up_after_the_first_pass_is_removed_at_the_settle_point(pro: Workspace, site: FixtureServer) -> None:
    """Shown 400 ms after the load: after the first pass. Without a delay the capture waits (bounded) for the
    page's timers due soon; with one, the pass runs again once the delay is over."""
    url = corpus_url(site, first("novel-late-popup"))
    assert pixels(pro.capture(url=url, delayMs=1000)).get(OVERLAY_RGB, 0) > 0, "the pop-up should show by then"
    for delay in (0, 1000):
        job = pro.submit(url=url, delayMs=delay, removeElements={"popups": True}).json()["id"]
        status = pro.finished_job(job)
        assert [(r["kind"], r["layer"]) for r in status["removedElements"]] == [("popups", "model")], status
        colours = pixels(pro.service.client.get(status["resultUrl"]))
        assert colours.get(OVERLAY_RGB, 0) == 0, delay
        assert colours.get(MARKER_RGB, 0) == MARKER_AREA, delay


def test_a_pop_up_that_comes_with_a_late_script_is_removed_at_the_settle_point(
        pro: Workspace, site: FixtureServer) -> None:
    """The same pop-up, shown once a script the page added after the load has come (0.6 s late): no timer is
    due at the settle point, but a script is still loading, and the watch waits for it (bounded)."""
    url = f"http://fixture.test:{site.server_address[1]}/late-script?page={first('novel-late-popup')}"
    assert pixels(pro.capture(url=url, delayMs=1500)).get(OVERLAY_RGB, 0) > 0, "the pop-up should show by then"
    job = pro.submit(url=url, removeElements={"popups": True}).json()["id"]
    status = pro.finished_job(job)
    assert [(r["kind"], r["layer"]) for r in status["removedElements"]] == [("popups", "model")], status
    colours = pixels(pro.service.client.get(status["resultUrl"]))
    assert colours.get(OVERLAY_RGB, 0) == 0
    assert colours.get(MARKER_RGB, 0) == MARKER_AREA


def test_each_removal_is_reported(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=corpus_url(site, POLICY_WITH_BANNER), removeElements=ALL)
    assert answer.status_code == 200, answer.text
    assert answer.headers["x-removed-elements"] == "cookieBanners=1, popups=0, ads=0"
    plain = pro.capture(url=corpus_url(site, POLICY_WITH_BANNER))
    assert "x-removed-elements" not in plain.headers
    only_popups = pro.capture(url=corpus_url(site, COOKIE_OFFER_AND_CHAT), removeElements={"popups": True})
    assert only_popups.headers["x-removed-elements"] == "cookieBanners=0, popups=1, ads=0"  # not the chat
    colours = pixels(only_popups)
    assert colours.get(OVERLAY_RGB, 0) > 0, "the cookie bar was not asked to go"

    job = pro.submit(url=corpus_url(site, ONETRUST), removeElements=ALL).json()["id"]
    status = pro.finished_job(job)
    assert status["status"] == "SUCCEEDED", status
    assert {"kind": "cookieBanners", "layer": "rules", "what": "Onetrust"} in status["removedElements"]
    job = pro.submit(url=corpus_url(site, SHAPES[6]), removeElements=ALL).json()["id"]
    removed = pro.finished_job(job)["removedElements"]
    assert [(r["kind"], r["layer"]) for r in removed] == [("popups", "model")], removed
    assert 0.5 <= removed[0]["score"] <= 1


def test_a_consent_message_in_a_cross_site_frame_is_dismissed(pro: Workspace, site: FixtureServer) -> None:
    url = f"http://fixture.test:{site.server_address[1]}/sourcepoint"
    assert pixels(pro.capture(url=url)).get(OVERLAY_RGB, 0) > 0
    answer = pro.capture(url=url, removeElements={"cookieBanners": True})
    assert pixels(answer).get(OVERLAY_RGB, 0) == 0
    assert pixels(answer).get(MARKER_RGB, 0) == MARKER_AREA
    job = pro.submit(url=url, removeElements={"cookieBanners": True}).json()["id"]
    removed = pro.finished_job(job)["removedElements"]
    assert {"kind": "cookieBanners", "layer": "rules", "what": "Sourcepoint-frame"} in removed, removed


@pytest.mark.parametrize("kinds", [{"cookieBanners": True}, ALL])
def test_a_backdrop_holding_only_a_cross_site_frame_is_judged_by_what_the_frame_says(
        pro: Workspace, site: FixtureServer, kinds: dict[str, bool]) -> None:
    url = f"http://fixture.test:{site.server_address[1]}/frame-backdrop"
    assert pixels(pro.capture(url=url)).get(OVERLAY_RGB, 0) > 0
    job = pro.submit(url=url, removeElements=kinds).json()["id"]
    status = pro.finished_job(job)
    assert [(r["kind"], r["layer"]) for r in status["removedElements"]] == [("cookieBanners", "model")], status
    colours = pixels(pro.service.client.get(status["resultUrl"]))
    assert colours.get(OVERLAY_RGB, 0) == 0
    assert colours.get(MARKER_RGB, 0) == MARKER_AREA


@pytest.mark.parametrize("remove", [None, {"cookieBanners": True}])
def test_a_dialog_in_a_cross_site_frame_does_not_stall_the_capture(pro: Workspace, site: FixtureServer,
                                                                   remove: dict[str, bool] | None) -> None:
    """The frames attached for autoconsent must not take the dialog from the page's own handling."""
    extra = {"removeElements": remove} if remove else {}
    answer = pro.capture(url=f"http://fixture.test:{site.server_address[1]}/framed-alert", timeoutMs=10000, **extra)
    assert answer.status_code == 200, answer.text
    assert "/alerting" in [path for path, _ in site.requests]


def test_ad_and_tracker_hosts_are_refused_before_a_connection(pro: Workspace, site: FixtureServer) -> None:
    def hosts_asked(after: int) -> list[str]:
        return [h.get("Host", "").split(":")[0] for _, h in site.requests[after:]]

    start = len(site.requests)
    plain = pro.capture(url=f"{site.base}/with-ads?t=plain")
    assert plain.status_code == 200, plain.text
    assert set(AD_HOSTS) <= set(hosts_asked(start)), "the page's ad requests should arrive without removeElements"
    start = len(site.requests)
    blocked = pro.capture(url=f"{site.base}/with-ads?t=blocked", removeElements={"ads": True})
    assert blocked.status_code == 200, blocked.text
    assert not set(AD_HOSTS) & set(hosts_asked(start))
    assert "/marker?v=own-blocked" in [path for path, _ in site.requests[start:]]
    assert blocked.headers["x-blocked-hosts"] == "2"
    job = pro.submit(url=f"{site.base}/with-ads?t=job", removeElements={"ads": True}).json()["id"]
    network = [r for r in pro.finished_job(job)["removedElements"] if r["layer"] == "network"]
    assert sorted(r["what"] for r in network) == sorted(AD_HOSTS)


def test_a_slot_left_with_only_its_label_goes_with_its_ad(pro: Workspace, site: FixtureServer) -> None:
    """The ad lists hide the ad (`ins.adsbygoogle`); its box, left with nothing but its label, goes too (a red
    frame with "Anzeige" in it was left in the article); a box that holds the story beside an ad stays, and so
    does a hero section taller than its ad whose only text is a heading."""
    url = f"http://fixture.test:{site.server_address[1]}/ad-slots"  # a name: the lists skip bare addresses
    viewport = {"width": 800, "height": 1000}
    before = pixels(pro.capture(url=url, viewport=viewport))
    after = pixels(pro.capture(url=url, viewport=viewport, removeElements={"ads": True}))
    red, green, blue, orange = (208, 16, 16), (16, 160, 16), (16, 16, 208), (224, 160, 0)
    assert before.get(red, 0) > 5000
    assert before.get(blue, 0) > 3 * 300 * 120 * 0.9
    assert after.get(red, 0) == 0
    assert after.get(blue, 0) == 0
    assert after.get(green, 0) > 10000  # the story's box and its text stay
    assert after.get(orange, 0) > 800 * 300  # the hero stays


def test_ads_that_come_after_the_first_pass_go_with_their_boxes(pro: Workspace, site: FixtureServer) -> None:
    """An auto-placed box whose ad the first pass's sheet hides as it comes is left bare, and goes; an ad drawn
    into a shadow root after the load is a change the watch sees, and the pass runs again for it."""
    red, blue, purple, green = (208, 16, 16), (16, 16, 208), (128, 16, 192), (16, 160, 16)
    viewport = {"width": 800, "height": 1000}
    for kind, colour in (("box", red), ("shadow", purple)):
        url = f"http://fixture.test:{site.server_address[1]}/late-ads?kind={kind}"  # a name: the lists skip addresses
        before = pixels(pro.capture(url=url, viewport=viewport, delayMs=1000))
        assert before.get(colour, 0) > (5000 if kind == "box" else 300 * 250 * 0.9), kind
        job = pro.submit(url=url, viewport=viewport, removeElements={"ads": True}).json()["id"]
        status = pro.finished_job(job)
        after = pixels(pro.service.client.get(status["resultUrl"]))
        assert after.get(colour, 0) == 0, (kind, status["removedElements"])
        assert after.get(blue, 0) == 0, kind
        assert after.get(green, 0) > 0.5 * before.get(green, 0), kind  # the story stays, less its emptied slot
        layers = [(r["kind"], r["layer"]) for r in status["removedElements"]]
        # each ad the lists hid is reported once, the late one too; the shadow's creative by the model
        assert layers == ([("ads", "list")] * 2 if kind == "box" else [("ads", "list"), ("ads", "model")]), layers


def test_ads_no_list_knows_go_by_their_label(pro: Workspace, site: FixtureServer) -> None:
    """A box labelled as an ad in the page's words goes, by any name, in a shadow root too, its frame of no IAB
    size with it; a classifieds list whose heading and control say "Anzeige" stays, and so does a story whose
    byline says who sponsored it."""
    url = f"http://fixture.test:{site.server_address[1]}/labelled-ads"
    viewport = {"width": 1000, "height": 1200}
    before = pixels(pro.capture(url=url, viewport=viewport))
    after = pixels(pro.capture(url=url, viewport=viewport, removeElements={"ads": True}))
    purple, teal, orange, green = (128, 16, 192), (0, 128, 128), (224, 160, 0), (16, 160, 16)
    assert before.get(purple, 0) > 3 * 200 * 110 * 0.9
    assert before.get(teal, 0) > 750 * 200 * 0.9
    assert after.get(purple, 0) == 0
    assert after.get(teal, 0) == 0
    assert after.get(orange, 0) == before.get(orange, 0) > 20000  # the classifieds stay
    assert after.get(green, 0) > 0.6 * before.get(green, 0) > 100000  # the story stays, less the emptied slot


def test_sponsored_cards_go_whole_and_a_page_about_its_prices_keeps_its_plans(pro: Workspace,
                                                                              site: FixtureServer) -> None:
    """A card's picture goes with its labelled text, a widget's box with the labelled cards it held, a list's
    item whose link is marked paid (a link so marked in a story's text leaves the story alone); a pricing
    page's plans, in the flow at its end with "Subscribe" buttons, stay (all three kinds on)."""
    url = f"http://fixture.test:{site.server_address[1]}"
    viewport = {"width": 1000, "height": 1400}
    brown, yellow, purple, green, orange = (160, 80, 0), (240, 224, 0), (128, 16, 192), (16, 160, 16), (224, 160, 0)
    before = pixels(pro.capture(url=f"{url}/sponsored-cards", viewport=viewport))
    after = pixels(pro.capture(url=f"{url}/sponsored-cards", viewport=viewport, removeElements={"ads": True}))
    assert before.get(brown, 0) > 220 * 140 * 0.9
    assert before.get(yellow, 0) > 5000
    assert before.get(purple, 0) > 3 * 220 * 100 * 0.9
    assert after.get(brown, 0) == after.get(yellow, 0) == after.get(purple, 0) == 0
    assert after.get(green, 0) == before.get(green, 0) > 100000  # the stories stay
    cyan, pink = (0, 176, 208), (224, 112, 144)
    assert before.get(cyan, 0) > 0.9 * 80 * 60
    assert after.get(cyan, 0) == 0
    assert after.get(pink, 0) == before.get(pink, 0) > 80 * 60  # the two unpaid reads stay
    plans = pixels(pro.capture(url=f"{url}/pricing", viewport=viewport))
    kept = pixels(pro.capture(url=f"{url}/pricing", viewport=viewport, removeElements=ALL))
    assert kept.get(orange, 0) == plans.get(orange, 0) > 3 * 200 * 100


def test_a_pages_own_controls_stay_and_what_interrupts_it_goes(pro: Workspace, site: FixtureServer) -> None:
    """A chat launcher, plans promising "ad-free" reading and a cookie preferences box listing "Werbung" are the
    page's own and stay; a lone tab that says an offer and an ad server's frame of no IAB size go (all kinds on)."""
    url = f"http://fixture.test:{site.server_address[1]}/own-controls"
    viewport = {"width": 1000, "height": 1400}
    before = pixels(pro.capture(url=url, viewport=viewport))
    answer = pro.capture(url=url, viewport=viewport, removeElements=ALL)
    after = pixels(answer)
    blue, orange, pink, purple, cyan, green = ((16, 16, 208), (224, 160, 0), (224, 112, 144), (128, 16, 192),
                                               (0, 176, 208), (16, 160, 16))
    assert before.get(purple, 0) > 100 * 40
    assert before.get(cyan, 0) > 600 * 150
    assert (after.get(purple, 0), after.get(cyan, 0)) == (0, 0), answer.headers["x-removed-elements"]
    for own in (blue, orange, pink, green):
        assert after.get(own, 0) == before.get(own, 0) > 50 * 50, (own, answer.headers["x-removed-elements"])


def test_a_layer_offering_not_to_come_back_and_an_app_sheet_go_a_forms_checkboxes_stay(
        pro: Workspace, site: FixtureServer) -> None:
    """A notice with no offer whose checkbox says "not again today" (set25's layer pop-ups, missed on 1a181bc) and
    an app's sheet whose other choice is the browser go with their dimmed sheet; a preferences form's checkboxes
    of categories are no such choice, and the form stays with the story (pop-ups on)."""
    url = f"http://fixture.test:{site.server_address[1]}/notice-layer"
    before = pixels(pro.capture(url=url))
    answer = pro.capture(url=url, removeElements={"popups": True})
    after = pixels(answer)
    red, orange, pink, green = (208, 16, 16), (224, 160, 0), (224, 112, 144), (16, 160, 16)
    assert before.get(red, 0) > 300 * 100
    assert before.get(orange, 0) > 1000 * 80
    assert (after.get(red, 0), after.get(orange, 0)) == (0, 0), answer.headers["x-removed-elements"]
    assert after.get(pink, 0) > 300 * 40  # shown, no longer dimmed
    assert after.get(green, 0) > 10000


def test_a_feeds_labelled_card_and_a_sliding_bar_go_its_own_lists_and_footer_stay(pro: Workspace,
                                                                                  site: FixtureServer) -> None:
    """In a feed, the one card that carries its own ad label goes, not the feed; a headline saying "sponsored by"
    amid its words is no label, a footer bar signing the page (©) no consent notice; a consent bar sliding in
    goes (all kinds on)."""
    url = f"http://fixture.test:{site.server_address[1]}/feed"
    viewport = {"width": 1000, "height": 1000}
    before = pixels(pro.capture(url=url, viewport=viewport, delayMs=2000))  # the bar has come to rest
    answer = pro.capture(url=url, viewport=viewport, removeElements=ALL)
    after = pixels(answer)
    purple, cyan, pink, orange, blue, green = ((128, 16, 192), (0, 176, 208), (224, 112, 144), (224, 160, 0),
                                               (16, 16, 208), (16, 160, 16))
    assert before.get(purple, 0) > 100 * 100
    assert before.get(cyan, 0) > 1000 * 40
    assert (after.get(purple, 0), after.get(cyan, 0)) == (0, 0), answer.headers["x-removed-elements"]
    for own in (pink, orange, blue, green):
        assert after.get(own, 0) == before.get(own, 0) > 50 * 50, (own, answer.headers["x-removed-elements"])


def test_unlabelled_creatives_go_and_a_page_about_advertising_keeps_its_rates_and_its_cookie_policy(
        pro: Workspace, site: FixtureServer) -> None:
    """An unnamed 728×90 creative in the flow that says a discount, and a fixed bar holding nothing but a 320×50
    one, go; a page about advertising keeps its #advertise section (rates, a sample slot) and its cookie policy
    over a table of its cookies, though the lists name the one and the other speaks of cookies and
    "Akzeptieren" (all kinds on)."""
    base = f"http://fixture.test:{site.server_address[1]}"
    viewport = {"width": 1000, "height": 1400}
    before = pixels(pro.capture(url=f"{base}/creatives", viewport=viewport))
    answer = pro.capture(url=f"{base}/creatives", viewport=viewport, removeElements=ALL)
    after = pixels(answer)
    purple, cyan, orange, pink, blue, green = ((128, 16, 192), (0, 176, 208), (224, 160, 0), (224, 112, 144),
                                               (16, 16, 208), (16, 160, 16))
    assert before.get(purple, 0) > 600 * 80
    assert before.get(cyan, 0) > 300 * 40
    assert (after.get(purple, 0), after.get(cyan, 0)) == (0, 0), answer.headers["x-removed-elements"]
    assert after.get(green, 0) == before.get(green, 0) > 30 * 30
    before = pixels(pro.capture(url=f"{base}/rates", viewport=viewport))
    answer = pro.capture(url=f"{base}/rates", viewport=viewport, removeElements=ALL)
    after = pixels(answer)
    for own in (orange, pink, blue, green):
        assert after.get(own, 0) == before.get(own, 0) > 30 * 30, (own, answer.headers["x-removed-elements"])


def test_an_anchor_bar_holding_a_frame_and_a_widget_named_by_its_network_go(pro: Workspace,
                                                                            site: FixtureServer) -> None:
    """A fixed bar whose one content is a 728×90 frame (and its close tab), and a widget whose own name is an ad
    network's: no list names them, no label says "ad"; they go, and the story stays."""
    url = f"http://fixture.test:{site.server_address[1]}/framed-ads"
    viewport = {"width": 1000, "height": 900}
    before = pixels(pro.capture(url=url, viewport=viewport))
    answer = pro.capture(url=url, viewport=viewport, removeElements={"ads": True})
    after = pixels(answer)
    teal, purple, green = (0, 128, 128), (128, 16, 192), (16, 160, 16)
    assert before.get(teal, 0) > 700 * 85
    assert before.get(purple, 0) > 3 * 200 * 110 * 0.9
    assert (after.get(teal, 0), after.get(purple, 0)) == (0, 0), answer.headers["x-removed-elements"]
    assert after.get(green, 0) == before.get(green, 0) > 10000


def test_purposes_said_in_parts_or_in_a_frames_title_go(pro: Workspace, site: FixtureServer) -> None:
    """An app strip that names the paper between "open" and "App", an age gate whose age stands between "age"
    and "years", and a side ad whose frame only its title calls an ad: all go (each stayed on 96bb51d), and
    the story stays."""
    url = f"http://fixture.test:{site.server_address[1]}/words-apart"
    before = pixels(pro.capture(url=url))
    answer = pro.capture(url=url, removeElements=ALL)
    after = pixels(answer)
    red, purple, teal, green = (208, 16, 16), (128, 16, 192), (0, 128, 128), (16, 160, 16)
    assert before.get(red, 0) > 1200 * 40
    assert before.get(purple, 0) > 600 * 300 * 0.9
    assert before.get(teal, 0) > 120 * 300 * 0.9
    assert (after.get(red, 0), after.get(purple, 0), after.get(teal, 0)) == (0, 0, 0), \
        answer.headers["x-removed-elements"]
    assert after.get(green, 0) > 10000


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_slot_holding_a_smaller_slot_is_the_pages_box_and_stays() -> None:
    """Both judged ads, a story's figure and the in-image unit laid over its photo (set22's 024-hu, the figure
    taken with the unit on d013416): the unit, under half the figure, goes; the figure is the page's and stays."""
    pages = harness.TESTS / "overlays_firstlook" / "set22" / "pages"
    expression = f"""(() => {{
      globalThis.__overlays = [document.querySelector('#st-fig-host'), document.querySelector('.seedtag-unit')];
      const held = ({REMOVE_OVERLAYS})([0, 1], [0, 1]);
      return [held, ...globalThis.__overlays.map((el) => getComputedStyle(el).display)]; }})()"""
    async with harness.corpus_browser(pages) as (conn, base), harness.opened(conn, base + "024-hu.html") as page:
        answer = await page.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    assert answer["result"]["value"] == [[0], "block", "none"]


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_slot_holding_only_its_ad_goes_and_a_unit_laid_over_a_photo_goes_alone() -> None:
    """An interstitial, a Teads in-read player and an Amazon native box each hold a smaller slot and nothing of
    their own besides (set11: all three stayed on 3f30c17, read as a page's box an ad sits in); they go whole.
    A Seedtag unit labelled inside and laid over a photo painted in CSS (set8's 103-ca, missed on 3f30c17 when
    its label climbed to the photo's box): the unit goes, the article and the photo stay."""
    sets = harness.TESTS / "overlays_firstlook"
    pages = {"set11": ("076-interstitial-site-zh-cn.html", "090-teads-inread-it.html", "121-amazon-native-en.html"),
             "set8": ("103-seedtag-ca.html",)}
    results = []
    for name, files in pages.items():
        labels = json.loads((sets / name / "labels.json").read_text())
        async with harness.corpus_browser(sets / name / "pages") as (conn, base):
            results += await harness.evaluate_many(conn, base, {f: labels[f] for f in files})
    assert [(r.name, r.removed, r.kept) for r in results] == [
        (r.name, dict.fromkeys(r.removed, True), dict.fromkeys(r.kept, True)) for r in results]
    assert len(results) == 4
    assert all(r.removed and r.kept for r in results)


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_preferences_form_closing_the_body_stays_and_an_app_banner_opening_it_goes() -> None:
    """set26 at first look on debdfb5: a Polish article's own cookie preferences, a form of switches and a save
    button last in the body, was cleared as an in-flow consent notice; smartbanners first in the body, pushing the
    page down (Turkish, Arabic), stayed. The form stays with the article, the banners go."""
    folder = harness.TESTS / "overlays_firstlook" / "set26"
    labels = json.loads((folder / "labels.json").read_text())
    names = ("010-pl.html", "028-tr.html", "049-ar.html")
    async with harness.corpus_browser(folder / "pages") as (conn, base):
        results = await harness.evaluate_many(conn, base, {name: labels[name] for name in names})
    assert [(r.name, r.removed, r.kept) for r in results] == [
        (r.name, dict.fromkeys(r.removed, True), dict.fromkeys(r.kept, True)) for r in results]
    assert {r.name: len(r.removed) for r in results} == {"010-pl.html": 0, "028-tr.html": 1, "049-ar.html": 1}
    assert "#cookie-preferences" in results[0].kept


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_an_ad_block_wall_a_sign_in_wall_and_a_first_order_tab_go_an_article_about_ad_blockers_stays() -> None:
    """Round 27: set9's Korean ad-block nag ("광고 차단기를 사용 중인 것 같습니다") stayed at 0.51 on e78c784,
    under a threshold set9's ads had not set, and set26's Chinese sign-in wall ("登录后继续阅读全文", a password
    and one offer word) read as the page's own login form. An ad blocker's words and "sign in to continue" are a
    wall's: both go. So does set9's Omnisend tab ("خصم 10% على طلبك الأول", 10 % off the first order), a lone
    control that said no offer word before. An article about ad blockers (set21, Hebrew) stays whole."""
    sets = harness.TESTS / "overlays_firstlook"
    pages = {"set9": ("079-sb-adblock-ko.html", "115-omnisend-ar.html"), "set26": ("064-zh.html",),
             "set21": ("045-he.html",)}
    results = []
    for name, names in pages.items():
        labels = json.loads((sets / name / "labels.json").read_text())
        async with harness.corpus_browser(sets / name / "pages") as (conn, base):
            results += await harness.evaluate_many(conn, base, {page: labels[page] for page in names})
    assert [(r.name, r.removed, r.kept) for r in results] == [
        (r.name, dict.fromkeys(r.removed, True), dict.fromkeys(r.kept, True)) for r in results]
    assert [len(r.removed) for r in results] == [1, 1, 1, 0]


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_shops_own_sale_strip_stays_an_app_banner_marked_as_a_banner_and_a_chat_invitation_go() -> None:
    """Round 28, from set28's first look on 069f0e9: every page's own sale strip in the flow (a countdown and
    "10 % off your first purchase", no way to close it) was removed as a pop-up, 14 times; a German smart banner
    marked `role=banner` was skipped as the site's header (set9's Afrikaans one too); a Russian proactive chat's
    invitation over a dimmed page said no chat word, since its message box silenced them. The strip stays, the
    banners and the invitation go."""
    sets = harness.TESTS / "overlays_firstlook"
    pages = {"set28": ("005-el.html", "040-de.html", "055-ru.html"), "set9": ("006-sb-app-banner-af.html",)}
    results = []
    for name, names in pages.items():
        labels = json.loads((sets / name / "labels.json").read_text())
        async with harness.corpus_browser(sets / name / "pages") as (conn, base):
            results += await harness.evaluate_many(conn, base, {page: labels[page] for page in names})
    assert [(r.name, r.removed, r.kept) for r in results] == [
        (r.name, dict.fromkeys(r.removed, True), dict.fromkeys(r.kept, True)) for r in results]
    assert [len(r.removed) for r in results] == [0, 1, 1, 1]
    assert any(selector.startswith("#sale-strip") for selector in results[0].kept)


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_an_opened_chat_window_at_an_ads_size_stays_reader_revenue_banners_and_a_native_widget_go() -> None:
    """Round 29, from set29's first look on 1374e93: eight opened chat windows (330 × 297, a message field and
    "Send") were removed as ads, their boxes at an IAB size; a box the reader types in is at it by chance. A
    Slovak and a Slovenian reader-revenue banner ("Podporte nezávislú žurnalistiku", Wikimedia's centralNotice)
    said no donation words, and popIn's native widget no network's name: they go."""
    folder = harness.TESTS / "overlays_firstlook" / "set29"
    labels = json.loads((folder / "labels.json").read_text())
    names = ("091-en.html", "079-sk.html", "034-sl.html", "097-ja.html")
    async with harness.corpus_browser(folder / "pages") as (conn, base):
        results = await harness.evaluate_many(conn, base, {name: labels[name] for name in names})
    assert [(r.name, r.removed, r.kept) for r in results] == [
        (r.name, dict.fromkeys(r.removed, True), dict.fromkeys(r.kept, True)) for r in results]
    assert [len(r.removed) for r in results] == [0, 1, 1, 1]
    assert any(selector.startswith("#chat-panel") for selector in results[0].kept)


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_push_card_at_an_ads_size_by_chance_is_not_sized_as_an_ad() -> None:
    """Round 27: the corpus's push cards (456 px by 90, "Allow" and "Later" on their own buttons) measured as a
    468×60 banner, and the cross-validation's fold without them called them ads, under the ads' bar. A box that asks
    the reader to allow or accept on its own buttons is at an ad's size by chance; a Kakao ad of 300×250 whose
    frame's link says "book now" (set21) keeps its size."""
    labels = {**harness.corpus_labels(), **harness.first_look_labels()}
    names = ["overlays/pages/167-family-push-card-es.html", "overlays_firstlook/set21/pages/093-ko.html"]
    async with harness.corpus_browser(harness.TESTS) as (conn, base):
        rows = await harness.features_of_many(conn, base, names, labels, tabs=1)
    sized = {kind: row[FEATURES.index("ad_size")] for name in names for row, kind, _ in rows[name] if kind != "none"}
    assert sized == {"popups": 0.0, "ads": 1.0}


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_checkbox_whose_parent_has_no_text_of_its_own_is_measured(tmp_path: Any) -> None:
    """Worst input for `show_again`, which reads an unlabelled checkbox's parent line: a checkbox straight inside
    an SVG's foreignObject, whose parent is an SVG element with no innerText. The finder measures the layer
    around it (the first version of round 27 threw there, and the capture failed with render_failed)."""
    (tmp_path / "x.html").write_text(
        '<article id="article"><p>Story.</p></article><div id="wall" style="position:fixed;inset:20% 30%;'
        'background:#fff;z-index:9999"><h2>Subscribe to our newsletter</h2><svg width="40" height="40">'
        '<foreignObject width="40" height="40"><input type="checkbox"></foreignObject></svg>'
        '<button>Subscribe</button><button>×</button></div>')
    labels = {"x.html": {"remove": [{"selector": "#wall", "kind": "popups"}], "keep": [{"selector": "#article"}]}}
    async with harness.corpus_browser(tmp_path) as (conn, base):
        rows = await harness.features_of_many(conn, base, ["x.html"], labels, tabs=1)
    assert [(kind, describe) for _, kind, describe in rows["x.html"]] == [("popups", "div#wall")]


async def _judged_alone(tmp_path: Any, label: dict[str, Any]) -> harness.PageResult:
    """`tmp_path`'s x.html judged by the removal as the corpus harness judges a page, with `label`."""
    async with harness.corpus_browser(tmp_path) as (conn, base):
        result, = await harness.evaluate_many(conn, base, {"x.html": label}, tabs=1)
    return result


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_banner_put_in_while_the_pass_looks_is_removed_at_the_follow_up(tmp_path: Any) -> None:
    """set1's OneTrust modal, put in 50 ms after the load, came while the first pass was looking, in one run of
    four: that pass counted it among the changes it had seen, and the follow-up found none new. Made certain
    here: the page puts its consent banner in as the removal hides its pop-up (the page's own observer sees the
    pop-up's style change, before the pass ends). The pass's own changes are not the page's; the banner is."""
    (tmp_path / "x.html").write_text(
        '<article id="article"><h1>Story</h1><p>Text of the story.</p></article>'
        '<div id="nag" style="position:fixed;inset:25% 30%;background:#fff;z-index:9999;padding:20px">'
        '<h2>Subscribe to our newsletter</h2><p>Get the best stories every week.</p>'
        '<input type="email" placeholder="Your email"><button>Subscribe</button><button>No thanks</button></div>'
        '<script>new MutationObserver(() => document.body.insertAdjacentHTML("beforeend",'
        ' \'<div id="consent" style="position:fixed;left:0;right:0;bottom:0;background:#222;color:#fff;'
        'padding:16px;z-index:9999">We use cookies to improve your experience and for marketing.'
        ' <button>Accept all cookies</button> <button>Reject all</button></div>\'))'
        '.observe(document.getElementById("nag"), {attributes: true, attributeFilter: ["style"]});</script>')
    result = await _judged_alone(tmp_path, {"remove": [{"selector": "#nag", "kind": "popups"},
                                                       {"selector": "#consent", "kind": "cookieBanners"}],
                                            "keep": [{"selector": "#article"}]})
    assert (result.removed, result.kept) == ({"#nag": True, "#consent": True}, {"#article": True})
    assert [(r["kind"], r["layer"]) for r in result.reported] == [("popups", "model"), ("cookieBanners", "model")]


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_bar_sliding_in_after_a_delay_is_judged_where_it_comes_to_rest(tmp_path: Any) -> None:
    """Bootstrap Cookie Alert (the vendor set's 024 and 025) sets its bar's class as the page loads; the bar
    waits a second, then slides up from below the viewport for half a second. The follow-up waited a second
    from its own start, so the pass looked again while the bar was still hidden or below the edge, in two
    clean-clone runs of five. Made certain here (1.4 s of delay, then 0.5 s): the follow-up waits for an
    animation that comes to rest within REST_WAIT_S to its end, and the bar goes (before, the harness found it
    hidden only because it had not come yet, and the removal said nothing)."""
    (tmp_path / "x.html").write_text(
        '<style>#bar{position:fixed;left:0;right:0;bottom:0;padding:16px;background:#222;color:#fff;z-index:999;'
        'opacity:0;visibility:hidden;transform:translateY(100%);transition:all 500ms linear}'
        '#bar.show{opacity:1;visibility:visible;transform:translateY(0);transition-delay:1400ms}</style>'
        '<article id="article"><h1>Story</h1><p>Text of the story.</p></article>'
        '<div id="bar">We use cookies to give you the best experience on our website. <a href="p.html">Learn'
        ' more</a> <button>I agree</button></div>'
        '<script>const bar = document.getElementById("bar"); bar.offsetHeight; bar.classList.add("show");</script>')
    result = await _judged_alone(tmp_path, {"remove": [{"selector": "#bar", "kind": "cookieBanners"}],
                                            "keep": [{"selector": "#article"}]})
    assert (result.removed, result.kept) == ({"#bar": True}, {"#article": True})
    # taken by the removal, not merely still hidden when the harness looked
    assert [(r["kind"], r["layer"], r["what"]) for r in result.reported] == [("cookieBanners", "model", "div#bar.show")]


def _model(init: list[float], thresholds: dict[str, float]) -> OverlayModel:
    """A model with no trees: its probabilities are the softmax of `init`, whatever the candidate."""
    return OverlayModel({"features": list(FEATURES), "classes": list(CLASSES), "init": init, "learningRate": 0.1,
                         "stages": [], "thresholds": thresholds})


def test_each_kind_is_held_to_its_own_threshold() -> None:
    """Round 27: one threshold for every kind let a museum's poster named `ad` (set1) raise the bar a pop-up had to
    clear, and set9's Korean ad-block nag fell under it. Each kind has its own bar now: the ads' stays high, a pop-up
    at the same probability goes."""
    candidate = Candidate(0, tuple(0.0 for _ in FEATURES), "div", bare_backdrop=False)
    bars = {"cookieBanners": 0.5, "popups": 0.5, "ads": 0.9}
    assert _model([0.0, -9.0, 1.0, -9.0], bars).judge(candidate).kind == "popups"  # p = 0.73
    assert _model([0.0, -9.0, -9.0, 1.0], bars).judge(candidate).kind == "none"  # p = 0.73, under the ads' bar
    assert _model([0.0, -9.0, -9.0, 3.0], bars).judge(candidate).kind == "ads"  # p = 0.95


def test_a_piece_of_content_like_an_ad_raises_the_ads_bar_only() -> None:
    """Training sets each kind's threshold above the content most like that kind (crossval.fit): one piece of
    content just like the ads (a poster named `ad`, in the flow, at an ad's size) lifts the ads' bar; the pop-ups'
    and the consent banners' stay at their floor."""
    def row(kind: str, **named: float) -> tuple[tuple[float, ...], str, str]:
        return tuple(named.get(name, 0.0) for name in FEATURES), kind, "div"
    ad = {"name_ad": 1.0, "ad_size": 1.0, "in_flow": 1.0, "width": 0.3}
    rows = ([row("ads", **ad)] * 12 + [row("none", **ad)]
            + [row("popups", offer_words=0.4, fixed=1.0, close_button=1.0, width=0.4 + i / 100) for i in range(12)]
            + [row("cookieBanners", consent_words=0.6, accept_button=1.0, fixed=1.0, width=1 - i / 100)
               for i in range(12)]
            + [row("none", name_ad=1.0, in_flow=1.0, text_length=0.8, width=0.6 + i / 100) for i in range(11)])
    thresholds = crossval.fit(rows)["thresholds"]
    assert thresholds["popups"] == thresholds["cookieBanners"] == crossval.MIN_THRESHOLD
    assert thresholds["ads"] > crossval.MIN_THRESHOLD + crossval.MARGIN


def test_a_donation_bar_with_its_amounts_and_an_offline_toast_go(pro: Workspace, site: FixtureServer) -> None:
    """A donation bar in the flow whose links are its amounts (more than a notice's few) and a toast saying the
    reader is offline: both stayed on 8132d92; both go, and the story stays."""
    url = f"http://fixture.test:{site.server_address[1]}/offline-and-donation"
    before = pixels(pro.capture(url=url))
    answer = pro.capture(url=url, removeElements={"popups": True})
    after = pixels(answer)
    red, orange, green = (208, 16, 16), (224, 160, 0), (16, 160, 16)
    assert before.get(red, 0) > 1200 * 80
    assert before.get(orange, 0) > 400 * 40
    assert (after.get(red, 0), after.get(orange, 0)) == (0, 0), answer.headers["x-removed-elements"]
    assert after.get(green, 0) >= before.get(green, 0) > 10000


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_a_bylines_verb_is_no_survey_and_an_opponent_no_discount() -> None:
    """"מסקרת" ("she covers", in an author box) holds the survey's "סקר", and Arabic's "خصم" is an opponent as
    often as a discount: set23's Hebrew author boxes, read as drawn creatives offering something, were cleared on
    c275989. The lists say neither now, and both pages keep what they must."""
    assert [w for w in WORDS["offer"] if w in "על הכותבת נועה לוי מסקרת תכנון עירוני ושלטון מקומי"] == []
    assert [w for w in WORDS["offer"] if w in "هزم المرشح خصمه السياسي في الانتخابات"] == []
    assert [w for w in WORDS["offer"] if w in "احصل على خصم بنسبة 20 ٪"] != []
    folder = harness.TESTS / "overlays_firstlook" / "set23"
    labels = harness.labels(folder)
    async with harness.corpus_browser(folder / "pages") as (conn, base):
        for name in ("021-he.html", "058-he.html"):
            result = await harness.evaluate(conn, base, name, label=labels[name])
            assert all(result.kept.values()), (name, result.kept, result.reported)
            assert all(result.removed.values()), (name, result.removed)


def test_a_page_of_classified_ads_keeps_its_listing(pro: Workspace, site: FixtureServer) -> None:
    """A page whose heading says it lists classified ads keeps the list, though its items are named as the ad
    lists' generic rules hide (`.ad-item`) and each says "Anzeige" (ads on)."""
    url = f"http://fixture.test:{site.server_address[1]}/classifieds"
    before = pixels(pro.capture(url=url))
    answer = pro.capture(url=url, removeElements={"ads": True})
    orange = (224, 160, 0)
    assert pixels(answer).get(orange, 0) == before.get(orange, 0) > 3 * 600 * 50, answer.headers["x-removed-elements"]
    assert about_ads("Mali oglasi – Split i okolica")
    assert about_ads("Petites annonces de la région")
    assert not about_ads("Strafanzeige gegen den Bürgermeister erstattet")
    assert not about_ads("Der Stadtrat beschließt den Verkehrsplan")


def test_overlays_by_no_known_name_go_by_what_they_show(pro: Workspace, site: FixtureServer) -> None:
    """A billboard scaled to its column is still drawn at an IAB size; a survey says its purpose in its
    accessible name only; a dialog shown modally dims the page with its ::backdrop. All go; the story stays."""
    url = f"http://fixture.test:{site.server_address[1]}/unnamed-overlays"
    before = pixels(pro.capture(url=url))
    answer = pro.capture(url=url, removeElements=ALL)
    after = pixels(answer)
    blue, red, purple, green = (16, 16, 208), (208, 16, 16), (128, 16, 192), (16, 160, 16)

    def near(colour: tuple[int, int, int]) -> int:  # before: under the dialog's backdrop, dimmed
        return sum(n for c, n in before.items() if max(abs(a - b) for a, b in zip(c, colour, strict=True)) < 40)
    assert near(blue) > 700 * 180 * 0.7  # the dialog covers some of it
    assert near(red) > 200 * 60
    assert near(purple) > 300 * 100
    assert (after.get(blue, 0), after.get(red, 0), after.get(purple, 0)) == (0, 0, 0), \
        answer.headers["x-removed-elements"]
    assert after.get(green, 0) > 20000  # the story stays


def test_in_flow_notices_are_read_through_their_frames_and_a_page_about_privacy_keeps_its_form(
        pro: Workspace, site: FixtureServer) -> None:
    """A bar at the body's top whose words are in a srcdoc frame and whose name is a pop-up vendor's goes; a
    privacy-settings page's own consent form, in the flow at the body's end, stays."""
    url = f"http://fixture.test:{site.server_address[1]}/in-flow-notices"
    before = pixels(pro.capture(url=url))
    answer = pro.capture(url=url, removeElements=ALL)
    after = pixels(answer)
    pink, orange = (194, 24, 91), (224, 160, 0)
    assert before.get(pink, 0) > 1280 * 40
    assert after.get(pink, 0) == 0, answer.headers["x-removed-elements"]
    assert after.get(orange, 0) == before.get(orange, 0) > 20000  # the site's own form stays


def test_a_page_of_labels_is_read_only_in_part(pro: Workspace) -> None:
    """The label reader's worst input: 5,000 boxes each labelled "Anzeige" around a link. The finder reads 200
    labels and judges at most 30 of their boxes per pass, so the capture answers well inside its deadline."""
    box = ("<div style='width:320px;height:100px;margin:4px;background:#eee'><span>Anzeige</span>"
           "<a href='#'>Winterreifen ab 49 &euro;</a></div>")
    answer = pro.capture(html=f"<body>{box * 5000}</body>", removeElements={"ads": True}, timeoutMs=20000)
    assert answer.status_code == 200, answer.text
    ads = int(answer.headers["x-removed-elements"].split("ads=")[1])
    assert 1 <= ads <= 200, answer.headers["x-removed-elements"]


def test_a_video_records_the_page_without_its_overlays(pro: Workspace, site: FixtureServer) -> None:
    answer = pro.capture(url=corpus_url(site, first("cookie-modal")), format="webm", removeElements=ALL,
                         video={"durationMs": 1000, "fps": 10})
    assert answer.status_code == 200, answer.text
    assert answer.headers["x-removed-elements"] == "cookieBanners=1, popups=0, ads=0"
    with av.open(io.BytesIO(answer.content)) as container:
        shown = [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]
    assert len(shown) == 10
    # video colours are approximate: no pixel near the overlay's magenta in any frame
    magenta = [i for i, frame in enumerate(shown)
               if ((frame[:, :, 0] > 200) & (frame[:, :, 1] < 60) & (frame[:, :, 2] > 150)).any()]
    assert magenta == []


def test_a_batch_removes_per_capture(pro: Workspace, site: FixtureServer) -> None:
    captures = [{"url": corpus_url(site, first("cookie-modal")), "removeElements": {"cookieBanners": True}},
                {"url": corpus_url(site, first("cookie-modal"))}]
    batch = pro.service.client.post("/api/jobs/batch", json={"captures": captures}, headers=pro.headers)
    assert batch.status_code == 202, batch.text
    removing, plain = (pro.finished_job(job["id"]) for job in batch.json()["jobs"])
    assert [r["kind"] for r in removing["removedElements"]] == ["cookieBanners"]
    assert "removedElements" not in plain
    removed_png, plain_png = (pixels(pro.service.client.get(job["resultUrl"])) for job in (removing, plain))
    assert removed_png.get(OVERLAY_RGB, 0) == 0 < plain_png.get(OVERLAY_RGB, 0)


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_the_page_gets_back_its_scrolling() -> None:
    """A consent wall locks the page (overflow hidden on html or body); once it is removed, neither is."""
    name = first("cookie-wall")
    locked = """[document.documentElement, document.body].some(el =>
        ['hidden', 'clip'].includes(getComputedStyle(el).overflowY))"""
    async with harness.corpus_browser() as (conn, base):
        async with harness.opened(conn, base + name) as page:
            assert (await page.send("Runtime.evaluate", {"expression": locked}))["result"]["value"] is True
        removal = harness.Removal(harness.ALL_ON, await harness.rule_sets())
        async with harness.opened(conn, base + name, removal) as page:
            await removal.apply(page)
            assert (await page.send("Runtime.evaluate", {"expression": locked}))["result"]["value"] is False


def test_a_failed_removal_capture_costs_no_quota(service: Service, site: FixtureServer) -> None:
    workspace = service.workspace("pro")
    answer = workspace.capture(url=f"{site.base}/status?code=500", failOnStatus=[500], removeElements=ALL)
    assert answer.status_code == 422, answer.text
    assert workspace.quota()["used"] == 0


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_pages_judged_in_reused_tabs_come_out_as_in_fresh_ones() -> None:
    """The evaluations go from page to page in two tabs (cookies and storage cleared between): a page of each of
    these shapes comes out the same as in a page of its own, as a capture opens it."""
    everything = harness.labels()
    labels = {name: everything[name] for name in SHAPES[:12]}
    async with harness.corpus_browser() as (conn, base):
        reused = await harness.evaluate_many(conn, base, labels)
        fresh = [await harness.evaluate(conn, base, name) for name in labels]
    assert [(r.name, r.removed, r.kept) for r in reused] == [(r.name, r.removed, r.kept) for r in fresh]
    assert any(r.removed for r in fresh)


@pytest.mark.chromium  # its own browser (the corpus harness), not the service's
async def test_grouped_cross_validation_meets_the_bar() -> None:
    """Each shape of the corpus left out of the model's training in turn (the first-look sets trained on are in
    every fold's training), every layer run on its pages with that model: recall >= 95 % per kind, and no
    element that must stay removed."""
    labels = harness.corpus_labels()
    async with harness.corpus_browser(harness.TESTS) as (conn, base):
        folds = await crossval.cross_validate(conn, base, labels, harness.first_look_labels())
    scores = crossval.scores(folds)
    assert scores["shapes"] == len({label["kind"] for label in labels.values()}) >= 60
    assert scores["negative_pages"] >= 40
    assert scores["false_removed"] == []
    missed = {shape: f"{gone}/{total}" for shape, (_, gone, total) in scores["per_shape"].items() if gone < total}
    for kind in ("cookieBanners", "popups", "ads"):
        recall, gone, total = scores["recall"][kind]
        assert total >= 15, (kind, total)
        assert recall >= 0.95, (kind, gone, total, missed)


def test_the_stored_rows_are_taken_only_while_what_made_them_is_unchanged(tmp_path: Any) -> None:
    """The first-look rows the cross-validation reads instead of measuring (crossval.ROWS_PATH) are keyed by
    the finder's sources, the harness and the modules it runs, each page and its label and the browser: a change
    to any of them is a new key (so they are measured again), a refitted model or a module it never runs is not."""
    for source in crossval.ROW_SOURCES:
        target = tmp_path / source / "x.js" if "." not in source.rsplit("/", 1)[-1] else tmp_path / source
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("a")
    (tmp_path / "engine/browser/overlay-model.json").write_text("{}")
    page = tmp_path / "tests/set/pages/001-xx.html"
    page.parent.mkdir(parents=True)
    page.write_text("<p>a</p>")
    pages = {"set/pages/001-xx.html": {"remove": [], "keep": [{"selector": "#article"}]}}
    first = crossval.rows_digest("Chrome/1", pages, tmp_path)
    (tmp_path / "engine/browser/overlay-model.json").write_text('{"thresholds": {"ads": 0.6}}')
    assert crossval.rows_digest("Chrome/1", pages, tmp_path) == first
    keys = {first, crossval.rows_digest("Chrome/2", pages, tmp_path)}
    for changed in [tmp_path / "engine/browser/x.js", tmp_path / "tests/overlays/harness.py", page]:
        changed.write_text(changed.read_text() + " ")
        keys.add(crossval.rows_digest("Chrome/1", pages, tmp_path))
    keys.add(crossval.rows_digest("Chrome/1", {name: {"remove": [{"selector": "p"}]} for name in pages}, tmp_path))
    assert len(keys) == 6
    # of the wing's modules, only those the harness runs count: a Monitors' comparison is no removal's part
    (tmp_path / crossval.HARNESS).write_text("from engine.browser import used\n")
    for name in ("used", "unused", "deeper"):
        (tmp_path / f"engine/browser/{name}.py").write_text("from engine.browser.deeper import x\n" if name == "used"
                                                            else "x = 1\n")
    before = crossval.rows_digest("Chrome/1", pages, tmp_path)
    (tmp_path / "engine/browser/unused.py").write_text("x = 2\n")
    assert crossval.rows_digest("Chrome/1", pages, tmp_path) == before
    (tmp_path / "engine/browser/deeper.py").write_text("x = 2\n")
    assert crossval.rows_digest("Chrome/1", pages, tmp_path) != before


def test_a_page_addressed_by_ip_is_given_the_generic_cosmetic_rules() -> None:
    assert cosmetic_url("http://127.0.0.1:8080/a?b") == cosmetic_url("http://[::1]/") == "http://address.invalid/"
    assert cosmetic_url("http://203.0.113.9/") == "http://address.invalid/"
    assert cosmetic_url("https://news.example/a") == "https://news.example/a"


def test_the_words_cover_the_eu_and_more_languages_each_with_its_sources() -> None:
    """Issue 54: consent vocabulary in the 24 official EU languages and at least ja, ko, zh, pt-BR, tr, ru, ar,
    each language's entries cited; every one is matched (WORDS holds them all)."""
    languages = json.loads(WORDS_PATH.read_text())["languages"]
    eu = "bg hr cs da nl en et fi fr de el hu ga it lv lt mt pl pt ro sk sl es sv".split()
    assert set(eu) | {"ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "tr", "ru", "ar"} <= set(languages)
    for tag, words in languages.items():
        assert words["sources"], tag
        for category in ("consent", "accept", "reject", "close", "ad", "offer", "app"):
            assert words[category], (tag, category)
            assert set(words[category]) <= set(WORDS[category]), (tag, category)
            assert all(word == word.lower() for word in words[category]), (tag, category)


def test_a_removal_needs_a_purpose_never_position_or_a_close_button_alone() -> None:
    """An editor's fixed toolbar with a Close button: no purpose; the same with consent words, or an accept
    control: one; an element holding all the page's text is the page, whatever it says."""
    toolbar = dict.fromkeys(FEATURES, 0.0) | {"fixed": 1.0, "top": 1.0, "width": 1.0, "close_button": 1.0,
                                              "name_header": 1.0, "text_share": 0.05}
    values = lambda named: tuple(named[name] for name in FEATURES)  # noqa: E731
    assert not has_purpose(values(toolbar))
    assert has_purpose(values(toolbar | {"consent_words": 0.4}))
    assert has_purpose(values(toolbar | {"accept_button": 1.0}))
    assert not has_purpose(values(toolbar | {"consent_words": 0.4, "text_share": 1.0}))
