"""The capture service's Python client: `Capture` (sync) and `AsyncCapture` (async), `render_link` and
`verify_webhook`.

    from capture_sdk import Capture

    with Capture("http://127.0.0.1:8080", api_key="cap_…") as capture:
        png = capture.screenshot(url="https://example.com", fullPage=True)
        capture.screenshot_to_file("page.pdf", url="https://example.com")   # the format from the suffix
        job = capture.wait(capture.create_job(url="https://example.com")["id"])
        image = capture.download(job)

Options are the capture request's fields as the API names them (`fullPage`, `viewport={"width": 800, …}`).
A refusal raises `CaptureError` with the problem document's `status`, `code` and `detail`.
"""

from capture_sdk.client import AsyncCapture, Capture, CaptureError
from capture_sdk.links import render_link
from capture_sdk.webhooks import verify_webhook

__all__ = ["AsyncCapture", "Capture", "CaptureError", "render_link", "verify_webhook"]
