"""The CDP client's reading of messages: a long reply's base64 is cut out, not parsed (issue 56), and what it
hands on is what a whole parse gives, for Chromium's own replies too."""

from __future__ import annotations

import base64
import io
import random
from typing import Any

import orjson
import pytest
import trio
from PIL import Image

from engine.browser import cdp
from engine.browser.cdp import CUT_PAST, message_limit, open_cdp, parsed
from engine.browser.chromium import launch, stop
from engine.browser.page import open_page
from engine.browser.page.steps import evaluate
from engine.operations.settings import Settings

SESSION = "6B0D7B1D3C7E4D1FA0D9D1C1B2A3F4E5"


def _reply(data: str, rest: str = "", number: int = 7) -> str:
    return f'{{"id":{number},"result":{{"data":"{data}"{rest}}},"sessionId":"{SESSION}"}}'


class _Recording:
    """orjson as cdp uses it, noting the length of each text it parses."""

    dumps = staticmethod(orjson.dumps)
    JSONDecodeError = orjson.JSONDecodeError

    def __init__(self) -> None:
        self.parsed: list[int] = []

    def loads(self, text: str) -> Any:
        self.parsed.append(len(text))
        return orjson.loads(text)


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> _Recording:
    spy = _Recording()
    monkeypatch.setattr(cdp, "orjson", spy)
    return spy


def test_a_long_replys_base64_is_cut_out_and_the_rest_parsed(recording: _Recording) -> None:
    data = base64.b64encode(random.Random(1).randbytes(CUT_PAST)).decode()
    message = _reply(data, ',"stream":"1"')
    assert parsed(message) == orjson.loads(message)
    assert parsed(message)["result"]["data"] == data
    assert max(recording.parsed) < 200  # the head and the tail only


@pytest.mark.parametrize("message", [
    _reply("A" * CUT_PAST + '\\"' + "B" * 10),  # an escaped quote: the first quote is not the string's end
    _reply("A" * CUT_PAST + "\\u0041"),  # another escape
    _reply("A" * 100),  # short: parsed whole
    f'{{"id":3,"result":{{"base64Encoded":true,"data":"{"A" * CUT_PAST}","eof":false}}}}',  # data not first
    f'{{"method":"Page.screencastFrame","params":{{"data":"{"A" * CUT_PAST}"}}}}',  # an event
])
def test_any_other_message_is_parsed_whole(recording: _Recording, message: str) -> None:
    assert parsed(message) == orjson.loads(message)
    assert recording.parsed == [len(message)]


def test_a_broken_long_reply_still_fails_as_json() -> None:
    with pytest.raises(orjson.JSONDecodeError):
        parsed(_reply("A" * CUT_PAST)[:-3])
    with pytest.raises(orjson.JSONDecodeError):
        parsed(_reply("A" * CUT_PAST)[:CUT_PAST])  # its string never ends


NOISE = """(() => {
  const canvas = document.createElement("canvas");
  canvas.width = 1280; canvas.height = 800;
  document.body.style.margin = "0";
  document.body.appendChild(canvas);
  const context = canvas.getContext("2d");
  const image = context.createImageData(1280, 800);
  let x = 12345;
  for (let i = 0; i < image.data.length; i += 4) {
    x = (x * 48271) % 2147483647;  // MINSTD: exact in a double
    image.data[i] = x & 255; image.data[i + 1] = (x >> 8) & 255; image.data[i + 2] = (x >> 16) & 255;
    image.data[i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  return true;
})()"""


def _noise(count: int) -> list[tuple[int, int, int]]:
    x, pixels = 12345, []
    for _ in range(count):
        x = (x * 48271) % 2147483647
        pixels.append((x & 255, (x >> 8) & 255, (x >> 16) & 255))
    return pixels


@pytest.mark.chromium
async def test_chromiums_screenshot_reply_is_cut_and_whole(monkeypatch: pytest.MonkeyPatch,
                                                           recording: _Recording) -> None:
    """A real reply of Page.captureScreenshot (a canvas of noise: about 3 MB of base64) takes the cut, and its
    image is the page's pixels. Nothing is loaded: the browser resolves no name and proxies to a closed port."""
    seen: list[tuple[str, dict[str, Any]]] = []

    def recorded(message: str) -> dict[str, Any]:
        answer = parsed(message)
        if len(message) > CUT_PAST:
            seen.append((message, answer))
        return answer

    monkeypatch.setattr(cdp, "parsed", recorded)
    settings = Settings()
    browser = await trio.to_thread.run_sync(launch, settings, (
        "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--window-size=1280,800"))
    try:
        async with open_cdp(browser.cdp_url, message_limit(settings.max_result_bytes)) as conn, \
                open_page(conn) as page:
            await page.send("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
            assert await evaluate(page, NOISE) is True
            data = (await page.send("Page.captureScreenshot", {"format": "png"}))["data"]
    finally:
        await trio.to_thread.run_sync(stop, browser)
    [(message, answer)] = seen
    assert message.startswith('{"id":')  # Chromium's order, which the cut relies on
    assert max(recording.parsed) < CUT_PAST  # and the cut was taken
    assert answer == orjson.loads(message)
    assert answer["result"]["data"] == data
    image = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
    assert image.size == (1280, 800)
    assert image.tobytes()[:6000] == bytes(channel for pixel in _noise(2000) for channel in pixel)
