"""The HTTP ceiling: hypercorn on trio serving a fixed JSON answer from a bare ASGI app.

    python -m benchmarks.ceiling      prints "ceiling ready on http://127.0.0.1:PORT", serves until killed

No framework, no routing, no authentication: what the service's server stack
(hypercorn, h11, trio) can answer at most on this machine. The micro-figures
measure the service's `GET /api/jobs/{id}` against it in the same run.
"""

from __future__ import annotations

import socket
from typing import Any

import trio
from hypercorn.config import Config
from hypercorn.trio import serve

# As long as a job's status with its signed result URL, with as many headers as the service sends.
BODY = b'{"id":"job_0","status":"SUCCEEDED",' + b'"x":"' + b"x" * 500 + b'"}'
HEADERS = [(b"content-type", b"application/json"), (b"content-length", str(len(BODY)).encode()),
           (b"x-request-id", b"req_00000000000000000000"), (b"ratelimit-limit", b"100000000"),
           (b"ratelimit-remaining", b"99999999"), (b"ratelimit-reset", b"1")]


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": BODY})


def main() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)  # connections queue from now on, before hypercorn serves them
    config = Config()
    config.bind = [f"fd://{listener.fileno()}"]
    config.accesslog = None
    print(f"ceiling ready on http://127.0.0.1:{listener.getsockname()[1]}", flush=True)
    trio.run(serve, app, config)  # type: ignore[arg-type]  # hypercorn types its ASGI app loosely


if __name__ == "__main__":
    main()
