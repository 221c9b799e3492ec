"""format webm, mp4 and gif: a short recording of the page, from Chromium's screencast, at a constant frame rate:
VP9 in WebM, H.264 in MP4 (the index first, so a player starts before the end arrives: MP4_FLAGS), or a GIF
with one palette for the whole video.

MP4's codec: the PyAV wheel's FFmpeg carries libx264 (GPL-2.0), which is what players and browsers expect of an
MP4. A self-hosted service runs it and does not redistribute it, which the GPL allows; a bundle redistributing
this PyAV build (a container image, say) is GPL'd as a whole. An FFmpeg without it gets AV1 (SVT-AV1, BSD) in
the MP4, else MPEG-4 part 2 (MP4_CODEC). A GIF's palette is made from the first frame (median cut, 256
colours) and every frame is mapped to it without dithering (flat pages stay flat, and small); a GIF is at
most GIF_MAX_WIDTH wide, scaled down keeping its aspect.

Chromium sends a JPEG frame over CDP (`Page.screencastFrame`) whenever the
page changed, and the next only once the last was acknowledged; each frame is
decoded and encoded (PyAV: FFmpeg's mjpeg decoder and libvpx-vp9) in a worker
thread before it is acknowledged, so at most one frame waits anywhere and the
event loop never encodes. The frames' own timestamps place them on the
video's clock: output frame i shows the newest screencast frame taken at or
before i / fps, repeated while the page shows no change, dropped when two
came within one output frame, so a video of `durationMs` has exactly
fps × duration frames. Cancelling the capture stops the screencast, and the
encoder stops after the frame in hand: a long run of repeated frames is not
encoded to its end for nobody. Encoding threads have their own limiter
(ENCODERS), apart from trio's default pool that files and name lookups use.
"""

from __future__ import annotations

import base64
import io
import math
import threading
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import av
import numpy
import trio
from av.video.frame import PictureType
from av.video.stream import VideoStream
from PIL import Image

from engine.browser import geometry
from engine.browser.cdp import CdpError
from engine.browser.page import Page
from engine.browser.page.steps import evaluate, next_frames
from engine.rules.errors import RenderFailed, ResultTooLarge
from engine.rules.request import CaptureRequest, Video

T = TypeVar("T")
# Realtime VP9. No look-ahead (lag-in-frames 0): the screencast's frames come at the page's pace and are
# written as they come, and libvpx's default queue of 25 frames held 55 MB more per encoder at 1280x720.
ENCODER_OPTIONS = {"deadline": "realtime", "cpu-used": "8", "row-mt": "1", "crf": "32", "b": "0",
                   "lag-in-frames": "0"}
# H.264 for screen content, as fast as x264 goes at a good size; zerolatency: no look-ahead queue (as VP9's)
X264_OPTIONS = {"preset": "veryfast", "crf": "26", "tune": "zerolatency"}
GIF_MAX_WIDTH = 800
# What +faststart is for, the index (moov) first so a player starts while the rest arrives, as a fragmented MP4:
# FFmpeg's +faststart moves the index by reopening the finished file by name, which a video in memory has not.
MP4_FLAGS = {"movflags": "+frag_keyframe+empty_moov+default_base_moof"}


def _encodes(codec: str) -> bool:
    try:
        av.codec.Codec(codec, "w")
    except (av.codec.codec.UnknownCodecError, ValueError):
        return False
    return True


GIF_RATES = (10, 20, 25)  # a GIF's frame delays are hundredths of a second: the rates they keep exactly


def gif_fps(fps: int) -> int:
    """The GIF rate nearest the asked one (the lower on a tie)."""
    return min(GIF_RATES, key=lambda rate: (abs(rate - fps), rate))


MP4_CODEC = next((codec for codec in ("libx264", "libsvtav1") if _encodes(codec)), "mpeg4")
JPEG_QUALITY = 90
KEY_FRAME_S = 2  # a key frame every 2 s: a player can seek
WAKE_S = 0.2  # with no new frame for this long, the frames due so far are written (a still page)
LAG_S = 0.1  # … all but the last LAG_S of them: a frame of that time may still be on its way
ENCODERS = trio.CapacityLimiter(4)  # encoding threads at once, the service's videos together (a frame each)


class VideoEncoder:
    """A video of `fmt` (webm, mp4, gif), fed one screencast JPEG at a time (each for `copies` output frames).
    Not thread-safe: one thread at a time, which `Recording` keeps to."""

    def __init__(self, fmt: str, width: int, height: int, fps: int, max_bytes: int) -> None:
        if fmt == "mp4":  # 4:2:0 in H.264: even sides
            width, height = width - width % 2, height - height % 2
        elif fmt == "gif" and width > GIF_MAX_WIDTH:
            width, height = GIF_MAX_WIDTH, max(1, round(height * GIF_MAX_WIDTH / width))
        self.fmt, self.width, self.height, self.max_bytes = fmt, width, height, max_bytes
        self.buffer = io.BytesIO()
        self.container = av.open(self.buffer, "w", format=fmt, options=MP4_FLAGS if fmt == "mp4" else {})
        codec = {"webm": "libvpx-vp9", "mp4": MP4_CODEC, "gif": "gif"}[fmt]
        self.stream = cast(VideoStream, self.container.add_stream(codec, rate=fps))
        self.stream.width, self.stream.height = width, height
        self.stream.pix_fmt = "pal8" if fmt == "gif" else "yuv420p"
        if fmt == "webm":
            self.stream.options = dict(ENCODER_OPTIONS)
        elif codec == "libx264":
            self.stream.options = dict(X264_OPTIONS)
        if fmt != "gif":
            self.stream.codec_context.gop_size = fps * KEY_FRAME_S
        self.decoder = av.CodecContext.create("mjpeg", "r")
        self.palette: tuple[Image.Image, Any] | None = None  # a GIF's: the palette image and its RGBA rows
        self.frame: av.VideoFrame | None = None
        self.written = 0
        self.stopped = False  # set from the event loop when the capture ends: no further frame is encoded
        self.working = threading.Lock()  # held while a thread encodes

    def add(self, jpeg: bytes | None, copies: int) -> None:
        """`copies` frames of `jpeg` (None: of the last one); fewer once `stopped`."""
        with self.working:
            self._add(jpeg, copies)

    def _add(self, jpeg: bytes | None, copies: int) -> None:
        if jpeg is not None:
            decoded = self.decoder.decode(av.Packet(jpeg))
            if decoded and self.fmt == "gif":
                self.frame = self._paletted(decoded[-1])
            elif decoded:
                self.frame = decoded[-1].reformat(format="yuv420p", width=self.width, height=self.height)
                # a decoded JPEG is marked as a key frame, and the encoder would make every one a key frame
                self.frame.pict_type = PictureType.NONE
        if self.frame is None:
            return
        for _ in range(copies):
            if self.stopped:
                return
            self.frame.pts = self.written
            self.written += 1
            self._mux(self.stream.encode(self.frame))

    def _paletted(self, decoded: av.VideoFrame) -> av.VideoFrame:
        """The frame in the video's palette (made from the first frame)."""
        image = Image.fromarray(decoded.to_ndarray(format="rgb24")).resize((self.width, self.height),
                                                                           Image.Resampling.BILINEAR)
        if self.palette is None:
            made = image.quantize(256, Image.Quantize.MEDIANCUT)
            rgb = numpy.array((made.getpalette() or [])[:768], dtype=numpy.uint8)
            rgb = numpy.pad(rgb, (0, 768 - rgb.size)).reshape(256, 3)
            alpha = numpy.full((256, 1), 255, numpy.uint8)
            self.palette = (made, numpy.concatenate([alpha, rgb], axis=1))  # PyAV's pal8 rows: A, R, G, B
        indexed = image.quantize(palette=self.palette[0], dither=Image.Dither.NONE)
        paletted: Any = (numpy.asarray(indexed, dtype=numpy.uint8), self.palette[1])  # PyAV's pal8 form
        return av.VideoFrame.from_ndarray(paletted, format="pal8")

    def finish(self) -> bytes:
        self._mux(self.stream.encode(None))
        self.container.close()
        return self.buffer.getvalue()

    def _mux(self, packets: list[Any]) -> None:
        for packet in packets:
            self.container.mux(packet)
        if self.buffer.tell() > self.max_bytes:
            raise ResultTooLarge(f"the {self.fmt} is larger than {self.max_bytes} bytes (max_result_bytes)")


@dataclass
class Frame:
    data: bytes  # the JPEG, base64
    timestamp: float  # seconds, the browser's clock
    session: int  # the screencast's frame number, for the acknowledgement


class Recording:
    """One capture's screencast, turned into a video of `fmt`, `duration_s` at `fps`."""

    def __init__(self, send: Callable[[str, dict[str, Any] | None], Any], width: int, height: int,
                 fps: int, duration_s: float, max_bytes: int, fmt: str = "webm") -> None:
        self.send = send
        self.fps, self.duration_s = fps, duration_s
        self.total = round(duration_s * fps)
        self.encoder = VideoEncoder(fmt, width, height, fps, max_bytes)
        self.frames_send, self.frames = trio.open_memory_channel[Frame](4)

    def on_frame(self, params: dict[str, Any]) -> None:
        """Page.screencastFrame, from the CDP reader (never blocks; Chromium sends the next only when acked)."""
        meta = params.get("metadata", {})
        with suppress(trio.WouldBlock, trio.ClosedResourceError):
            self.frames_send.send_nowait(Frame(params["data"].encode(), float(meta.get("timestamp", 0.0)),
                                               int(params["sessionId"])))

    async def record(self, started: Callable[[], Awaitable[None]] | None = None) -> bytes:
        """Screencast for the duration from the first frame on; `started` is awaited then (e.g. to scroll).

        Output frame i shows the newest frame taken at or before i / fps after the first: a frame that
        arrives makes the slots before its time show the one before it; while nothing arrives, the slots
        that passed (less LAG_S, for a frame still on its way) show the newest.
        """
        zero: float | None = None  # the first frame's browser time
        zero_at = 0.0  # … and our clock's when it came
        newest: bytes | None = None  # the newest frame's JPEG while it is not in the video yet
        written = 0
        try:
            while written < self.total:
                wait = 10.0 if zero is None else max(0.0, min(WAKE_S, zero_at + self.duration_s - trio.current_time()))
                frame = None
                with trio.move_on_after(wait):
                    frame = await self.frames.receive()
                if zero is None and frame is None:
                    raise RenderFailed("the browser sent no frame of the page in 10 s")
                if frame is None:
                    elapsed = trio.current_time() - zero_at
                    passed = self.total if elapsed >= self.duration_s else math.ceil((elapsed - LAG_S) * self.fps)
                    if min(self.total, passed) > written:
                        written = await self._write(newest, min(self.total, passed), written)
                        newest = None  # the encoder holds it now
                    continue
                if zero is None:
                    zero, zero_at = frame.timestamp, trio.current_time()
                    if started is not None:
                        await started()
                shown_from = min(self.total, math.ceil((frame.timestamp - zero) * self.fps - 1e-6))
                if shown_from > written and (newest is not None or written):
                    written = await self._write(newest, shown_from, written)
                newest = base64.b64decode(frame.data)  # shown from its slot on, written when the next slot is due
                with suppress(CdpError):
                    await self.send("Page.screencastFrameAck", {"sessionId": frame.session})
            return await self._encoding(self.encoder.finish)
        finally:
            self.frames_send.close()

    async def _write(self, jpeg: bytes | None, upto: int, written: int) -> int:
        """Slots [written, upto) show `jpeg` (None: the frame last written), encoded in a thread; `upto`."""
        await self._encoding(self.encoder.add, jpeg, upto - written)
        return upto

    async def _encoding(self, work: Callable[..., T], *args: Any) -> T:
        """`work` in an encoding thread; cancelled, it returns at once and the thread stops after its frame."""
        try:
            return await trio.to_thread.run_sync(work, *args, limiter=ENCODERS, abandon_on_cancel=True)
        except trio.Cancelled:
            self.encoder.stopped = True
            raise


async def record(page: Page, r: CaptureRequest, max_bytes: int) -> bytes:
    """The page for `video.durationMs` as a video of the request's format at the viewport's CSS size; with
    `scroll`, from the top to the bottom of the page, smoothly, within the recording."""
    video = r.video or Video()
    metrics = geometry.screen(r)
    width, height = int(metrics["width"]), int(metrics["height"])
    fps = gif_fps(video.fps) if r.format == "gif" else video.fps
    recording = Recording(page.send, width, height, fps, video.duration_ms / 1000, max_bytes, r.format)

    async def start_scrolling() -> None:
        # over the duration less three frames, so the last frames show the bottom
        await evaluate(page, f"""(() => {{
            const span = {max(1, video.duration_ms - 3000 // video.fps)}, start = performance.now();
            const bottom = () => Math.max(document.documentElement.scrollHeight,
                                          document.body ? document.body.scrollHeight : 0) - innerHeight;
            const step = (now) => {{ const p = Math.min(1, (now - start) / span);
                scrollTo(0, p * bottom()); if (p < 1) requestAnimationFrame(step); }};
            requestAnimationFrame(step); }})()""")

    await next_frames(page)  # a frame painted after settle(): else the first may still show removed overlays
    page.screencast = recording.on_frame
    await page.send("Page.startScreencast", {"format": "jpeg", "quality": JPEG_QUALITY, "maxWidth": width,
                                             "maxHeight": height, "everyNthFrame": 1})
    try:
        scrolling = r.scroll is not None and r.scroll.enabled
        return await recording.record(start_scrolling if scrolling else None)
    finally:
        page.screencast = None
        with trio.move_on_after(1, shield=True), suppress(CdpError):
            await page.send("Page.stopScreencast")
