"""format webm (issue 22) on the real service and Chromium: ffprobe reads every output; the frames, decoded with
PyAV, show an animation without stutter and a scroll from the top to the bottom."""

from __future__ import annotations

import io
import json
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import av
import orjson
import psutil
import pytest
import trio
from PIL import Image

from engine.browser.video import Recording
from tests.conftest import Service, Workspace
from tests.fixture_site import FixtureServer
from tests.pages import STRIPES
from tests.test_job_lifecycle import page_targets

FFPROBE = shutil.which("ffprobe") or "ffprobe is missing: ./bootstrap.sh test installs Debian's ffmpeg"


def video(answer: Any) -> bytes:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "video/webm"
    body: bytes = answer.content
    return body


def probe(body: bytes, tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "capture.webm"
    path.write_bytes(body)
    out = subprocess.run([FFPROBE, "-v", "error", "-count_frames", "-show_entries",
                          "stream=codec_name,width,height,nb_read_frames:format=format_name,duration",
                          "-of", "json", str(path)], capture_output=True, text=True, check=True)
    found: dict[str, Any] = json.loads(out.stdout)
    return found


def frames(body: bytes) -> list[Any]:
    """Every frame, decoded, as RGB arrays."""
    with av.open(io.BytesIO(body)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


@pytest.mark.parametrize(("duration_ms", "fps", "width", "height"), [(1000, 10, 640, 360), (2200, 30, 800, 600)])
def test_ffprobe_reads_the_video_it_asked_for(pro: Workspace, site: FixtureServer, tmp_path: Path,
                                             duration_ms: int, fps: int, width: int, height: int) -> None:
    used = pro.quota()["used"]
    body = video(pro.capture(url=f"{site.base}/simple?v={fps}", format="webm",
                             viewport={"width": width, "height": height},
                             video={"durationMs": duration_ms, "fps": fps}))
    found = probe(body, tmp_path)
    stream = found["streams"][0]
    assert stream["codec_name"] in {"vp9", "vp8"}
    assert "webm" in found["format"]["format_name"]
    assert (stream["width"], stream["height"]) == (width, height)
    assert abs(float(found["format"]["duration"]) - duration_ms / 1000) <= 1 / fps
    assert abs(int(stream["nb_read_frames"]) - fps * duration_ms / 1000) <= 1
    assert pro.quota(at_least_used=used + 1)["used"] == used + 1  # one unit per video


@pytest.mark.parametrize(("fmt", "fps", "shown_fps", "viewport", "size", "codec"), [
    ("mp4", 10, 10, (640, 360), (640, 360), "h264"),
    ("mp4", 25, 25, (375, 667), (374, 666), "h264"),  # H.264's 4:2:0: even sides
    ("gif", 25, 25, (640, 360), (640, 360), "gif"),
    ("gif", 30, 25, (1280, 720), (800, 450), "gif"),  # hundredths of a second; at most 800 wide
])
def test_mp4_and_gif_come_from_the_same_recording(pro: Workspace, site: FixtureServer, tmp_path: Path, fmt: str,
                                                  fps: int, shown_fps: int, viewport: tuple[int, int],
                                                  size: tuple[int, int], codec: str) -> None:
    answer = pro.capture(url=f"{site.base}/animated?fmt={fmt}{fps}", format=fmt, video={"durationMs": 2000, "fps": fps},
                         viewport={"width": viewport[0], "height": viewport[1]})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == {"mp4": "video/mp4", "gif": "image/gif"}[fmt]
    found = probe(answer.content, tmp_path)
    stream = found["streams"][0]
    assert stream["codec_name"] == codec
    assert (stream["width"], stream["height"]) == size
    assert abs(float(found["format"]["duration"]) - 2.0) <= 1 / shown_fps
    assert abs(int(stream["nb_read_frames"]) - 2 * shown_fps) <= 1
    if fmt == "mp4":  # the index before the frames, so a player starts before the end arrives
        assert 0 < answer.content.find(b"moov") < answer.content.find(b"mdat")
    else:  # one palette for the whole video: a global colour table, none per frame
        assert answer.content[:6] == b"GIF89a"
        assert answer.content[10] & 0x80
        assert local_palettes(answer.content) == 0
        first = frames(answer.content)[0]
        red = (first[..., 0] > 200) & (first[..., 1] < 80) & (first[..., 2] < 80)
        assert red.any()  # the animation's red box, in the palette's red


def local_palettes(gif: bytes) -> int:
    """How many of the GIF's frames carry a colour table of their own (walking its blocks)."""
    at = 13 + (3 << ((gif[10] & 7) + 1) if gif[10] & 0x80 else 0)  # after the screen and the global table
    found = 0
    while at < len(gif) and gif[at] != 0x3B:  # the trailer
        if gif[at] == 0x21:  # an extension: label, then sub-blocks
            at += 2
        else:  # an image: descriptor, its own table if any, the LZW code size, then sub-blocks
            packed = gif[at + 9]
            found += bool(packed & 0x80)
            at += 10 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0) + 1
        while gif[at]:
            at += gif[at] + 1
        at += 1
    return found


def test_the_default_video_is_five_seconds_at_25_fps(pro: Workspace, site: FixtureServer, tmp_path: Path) -> None:
    found = probe(video(pro.capture(url=f"{site.base}/simple?v=default", format="webm")), tmp_path)
    assert float(found["format"]["duration"]) == pytest.approx(5.0, abs=0.04)
    assert int(found["streams"][0]["nb_read_frames"]) == 125


def box_left(frame: Any) -> int | None:
    """The left edge of the red box in the row through its middle, or None."""
    row = frame[150]
    red = [x for x in range(row.shape[0]) if row[x][0] > 200 and row[x][1] < 80 and row[x][2] < 80]
    return red[0] if red else None


def test_an_animation_plays_smoothly_to_its_end(pro: Workspace, site: FixtureServer) -> None:
    shown = frames(video(pro.capture(url=f"{site.base}/animated", format="webm",
                                     viewport={"width": 1280, "height": 400},
                                     video={"durationMs": 4000, "fps": 25})))
    lefts = [box_left(frame) for frame in shown]
    assert None not in lefts, lefts
    positions = [int(x) for x in lefts if x is not None]
    assert positions[0] < 10, "the first frame shows the box before it moves"
    assert positions[-1] >= 990, "the last frame shows the end state"
    assert positions == sorted(positions), positions
    moving = [i for i in range(1, len(positions)) if 10 <= positions[i] < 990]
    assert len(moving) >= 40, f"2 s at 25 fps should be about 50 frames in motion: {positions}"
    for i in moving:
        assert positions[i] > positions[i - 1], f"frame {i} repeats the one before: {positions}"


def band(frame: Any) -> int:
    """Which band of /striped the top of the frame shows (its red channel / 2.5)."""
    return round(float(frame[5][5][0]) / 2.5)


def test_scroll_goes_from_the_top_to_the_bottom_while_recording(pro: Workspace, site: FixtureServer) -> None:
    fps = 10
    shown = frames(video(pro.capture(url=f"{site.base}/striped", format="webm", scroll={"enabled": True},
                                     viewport={"width": 640, "height": 400},
                                     video={"durationMs": 4000, "fps": fps})))
    bands = [band(frame) for frame in shown]
    assert bands[0] <= 1, f"the first frame shows the top: {bands}"
    assert bands[-1] >= STRIPES - 4 - 2, f"the last frame shows the bottom (the last 4 bands fill it): {bands}"
    for second in range(4):
        this, last = bands[second * fps], bands[min(len(bands) - 1, (second + 1) * fps - 1)]
        assert last > this, f"no progress in second {second}: {bands}"


def test_cancelling_a_video_job_stops_it(pro: Workspace, site: FixtureServer) -> None:
    job = pro.submit(url=f"{site.base}/striped?scrolled=cancel", format="webm", scroll={"enabled": True},
                     video={"durationMs": 15000}).json()["id"]
    site.wait_for_request("/scrolled?cancel", 0)  # the scroll starts at the recording's first frame
    assert pro.job(job)["status"] == "RUNNING"
    cancelled_at = time.monotonic()
    assert pro.service.client.delete(f"/api/jobs/{job}", headers=pro.headers).status_code == 202
    while pro.job(job)["status"] == "RUNNING":
        assert time.monotonic() - cancelled_at < 5, "still running"
        time.sleep(0.02)
    stopped_s = time.monotonic() - cancelled_at
    assert pro.job(job)["status"] == "CANCELLED"
    assert stopped_s < 1, f"{stopped_s:.2f} s from DELETE to CANCELLED"
    assert not [url for url in page_targets(pro.service) if "scrolled=cancel" in url], "its page is still open"
    assert pro.capture(url=f"{site.base}/simple?after-cancel").status_code == 200


def test_a_client_that_leaves_stops_its_video(pro: Workspace, site: FixtureServer) -> None:
    """The client closes its connection once the recording runs (the page's first scroll): the page closes
    within 3 s, long before the 15 s the video would have taken."""
    body = orjson.dumps({"url": f"{site.base}/striped?scrolled=gone", "format": "webm", "scroll": {"enabled": True},
                         "video": {"durationMs": 15000}})
    address = urlsplit(pro.service.url)
    started = time.monotonic()
    with socket.create_connection((address.hostname, address.port), timeout=10) as client:
        client.sendall(b"POST /api/screenshot HTTP/1.1\r\nhost: %b\r\nx-api-key: %b\r\n"
                       b"content-type: application/json\r\ncontent-length: %d\r\n\r\n%b"
                       % (address.netloc.encode(), pro.key.encode(), len(body), body))
        site.wait_for_request("/scrolled?gone", 0)  # recording
    deadline = time.monotonic() + 3
    while [url for url in page_targets(pro.service) if "scrolled=gone" in url]:
        assert time.monotonic() < deadline, "the video's page is still open"
        time.sleep(0.05)
    assert time.monotonic() - started < 6  # not the 15 s the video would have taken
    assert pro.capture(url=f"{site.base}/simple?after-gone").status_code == 200


def test_videos_leave_a_session_to_everything_else(service: Service, site: FixtureServer) -> None:
    """Issue 22: 3 videos of 15 s with a pool of 2: all complete, one records at a time, sync PNGs issued
    meanwhile, one a second, succeed, and the service's RSS stays within 300 MB of its idle size."""
    workspace = service.workspace("pro")
    process = psutil.Process(service.process.pid)
    idle = process.memory_info().rss
    jobs = [workspace.submit(url=f"{site.base}/animated?long={n}", format="webm",
                             video={"durationMs": 15000}).json()["id"] for n in range(3)]
    peak, pngs, start = idle, 0, time.monotonic()
    while any(workspace.job(job)["status"] in {"QUEUED", "RUNNING"} for job in jobs):
        assert time.monotonic() - start < 180, "the videos did not finish"
        answer = workspace.capture(url=f"{site.base}/simple?meanwhile={pngs}")
        assert answer.status_code == 200, answer.text
        pngs += 1
        peak = max(peak, process.memory_info().rss)
        time.sleep(max(0.0, start + pngs - time.monotonic()))  # one a second, however long each takes
    assert [workspace.job(job)["status"] for job in jobs] == ["SUCCEEDED"] * 3
    assert pngs >= 20  # one a second while 3 × 15 s record one at a time
    assert peak - idle < 300 * 2**20, f"{(peak - idle) / 2**20:.0f} MB over idle"


def test_the_free_plan_is_refused_naming_the_feature(free: Workspace, site: FixtureServer) -> None:
    answer = free.capture(url=f"{site.base}/simple?webm-free", format="webm")
    assert answer.status_code == 403, answer.text
    assert (answer.json()["code"], answer.json()["feature"]) == ("feature_not_entitled", "webmOutput")


def test_a_video_over_the_encoding_budget_is_refused_before_it_renders(pro: Workspace, site: FixtureServer) -> None:
    """width × height × fps × seconds is bounded (max_video_pixel_frames): a 4K recording of 15 s at 30 fps is
    refused at once, at no quota, with no page loaded (issue 33: it was rendered, a core's minutes per capture)."""
    used = pro.quota()["used"]
    answer = pro.capture(url=f"{site.base}/simple?v=budget", format="webm", viewport={"width": 3840, "height": 2160},
                         video={"durationMs": 15000, "fps": 30}, timeoutMs=5000)
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request"), answer.text
    assert answer.json()["errors"][0]["field"] == "video"
    assert site.count("/simple?v=budget") == 0
    assert pro.quota()["used"] == used


async def test_a_cancelled_encoding_stops_after_its_frame() -> None:
    """Cancelling a capture while its encoder writes a long run of repeated frames (a still page) stops the
    encoding thread after the frame in hand, instead of encoding the run to its end for nobody."""
    jpeg = io.BytesIO()
    Image.new("RGB", (1280, 720), (200, 40, 40)).save(jpeg, "JPEG")
    recording = Recording(lambda method, params: None, 1280, 720, 30, 60.0, 10**9)
    encoding, mux = threading.Event(), recording.encoder._mux

    def noted(packets: list[Any]) -> None:  # called once a frame was encoded
        mux(packets)
        encoding.set()

    recording.encoder._mux = noted  # type: ignore[method-assign]
    with trio.move_on_after(30):  # bounds the test on a regression: the run is 1,800 frames
        async with trio.open_nursery() as nursery:
            nursery.start_soon(recording._write, jpeg.getvalue(), 1800, 0)
            assert await trio.to_thread.run_sync(encoding.wait, 20)
            nursery.cancel_scope.cancel()
    await trio.to_thread.run_sync(recording.encoder.working.acquire)  # the thread has ended
    assert recording.encoder.stopped
    assert recording.encoder.written < 100
