"""API keys: random and prefixed, shown once, stored only as an HMAC-SHA256 with a server secret."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_PREFIX = "cap_"
DISPLAY_CHARS = 12


def new_id(kind: str) -> str:
    """An opaque id with a type prefix: ws_…, key_…, job_…, req_…"""
    return f"{kind}_{secrets.token_hex(10)}"


def new_api_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(30)


def key_hash(secret: bytes, key: str) -> str:
    return hmac.new(secret, key.encode(), hashlib.sha256).hexdigest()


def display_prefix(key: str) -> str:
    return key[:DISPLAY_CHARS]


def load_or_create_secret(path: Path, size: int = 32) -> bytes:
    """Read a secret file, creating it with mode 0600 on first use."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_bytes(size)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(secret)
    return secret
