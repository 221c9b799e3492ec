"""Sealed job payloads: AES-256-GCM, bound to their job and workspace.

A payload holding cookies, headers or JavaScript is sealed before it is
queued. The job id, the workspace id and the key id are the associated data,
so a ciphertext copied to another job or workspace does not open. Keys have
ids; sealing uses the current key and opening finds the key by the id in the
envelope, so rotating keys leaves queued jobs readable.

Envelope: b"s1" | key id length (1 byte) | key id | 12-byte nonce | ciphertext+tag.

Keys live in `<data>/secrets/payload-keys/<id>.key` (mode 0600; the newest
file is current) or come from CAPTURE_PAYLOAD_KEYS as `id:base64,id:base64`
(the first is current), which then replaces the files.
"""

from __future__ import annotations

import base64
import binascii
import os
import secrets
import time
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MAGIC = b"s1"
NONCE_BYTES = 12
KEY_BYTES = 32
ENV = "CAPTURE_PAYLOAD_KEYS"


class SealError(Exception):
    """A payload that cannot be opened: wrong job or workspace, unknown key, or altered bytes."""


class Keyring:
    def __init__(self, keys: dict[str, bytes], current: str) -> None:
        if current not in keys:
            raise ValueError(f"current key {current!r} is not in the keyring")
        for key_id, key in keys.items():
            if len(key) != KEY_BYTES:
                raise ValueError(f"payload key {key_id!r} is {len(key)} bytes, not {KEY_BYTES}")
            if not key_id or len(key_id.encode()) > 255 or not key_id.isascii():
                raise ValueError(f"payload key id {key_id!r} must be 1-255 ASCII characters")
        self.keys = dict(keys)
        self.current = current

    @classmethod
    def from_environment(cls, value: str) -> Keyring:
        keys: dict[str, bytes] = {}
        for item in (part.strip() for part in value.split(",")):
            key_id, colon, encoded = item.partition(":")
            if not colon:
                raise ValueError(f"{ENV} entries are id:base64, not {item!r}")
            try:
                keys[key_id] = base64.b64decode(encoded, validate=True)
            except binascii.Error as exc:
                raise ValueError(f"{ENV} key {key_id!r}: {exc}") from None
        if not keys:
            raise ValueError(f"{ENV} holds no key")
        return cls(keys, next(iter(keys)))

    @classmethod
    def load(cls, directory: Path, environ: dict[str, str] | None = None) -> Keyring:
        """The environment's keys if set, else the directory's (a first key is created)."""
        value = (os.environ if environ is None else environ).get(ENV)
        if value:
            return cls.from_environment(value)
        files = sorted(directory.glob("*.key")) if directory.is_dir() else []
        if not files:
            return rotate(directory)
        keys = {path.stem: path.read_bytes() for path in files}
        return cls(keys, files[-1].stem)

    def seal(self, plaintext: bytes, job_id: str, workspace_id: str) -> bytes:
        key_id = self.current
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = AESGCM(self.keys[key_id]).encrypt(nonce, plaintext, _bound(job_id, workspace_id, key_id))
        encoded_id = key_id.encode()
        return MAGIC + bytes([len(encoded_id)]) + encoded_id + nonce + sealed

    def open(self, envelope: bytes, job_id: str, workspace_id: str) -> bytes:
        if not envelope.startswith(MAGIC) or len(envelope) < len(MAGIC) + 1:
            raise SealError("not a sealed payload")
        size = envelope[len(MAGIC)]
        start = len(MAGIC) + 1
        key_id = envelope[start:start + size].decode("ascii", errors="replace")
        nonce = envelope[start + size:start + size + NONCE_BYTES]
        sealed = envelope[start + size + NONCE_BYTES:]
        key = self.keys.get(key_id)
        if key is None:
            raise SealError(f"payload sealed with unknown key {key_id!r}")
        try:
            return AESGCM(key).decrypt(nonce, sealed, _bound(job_id, workspace_id, key_id))
        except (InvalidTag, ValueError):
            raise SealError("payload does not open for this job and workspace") from None


def _bound(job_id: str, workspace_id: str, key_id: str) -> bytes:
    return b"\0".join(part.encode() for part in ("capture-payload", job_id, workspace_id, key_id))


def _new_key_id() -> str:
    # Sortable by creation time (to the nanosecond), so the newest file is the current key.
    now = time.time_ns()
    return time.strftime("%Y%m%dT%H%M%S", time.gmtime(now // 1_000_000_000)) + f".{now % 1_000_000_000:09d}"


def _write_key(path: Path, key: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key)


def rotate(directory: Path) -> Keyring:
    """Write a new current key into `directory`; the old ones stay, to open what they sealed."""
    key_id = _new_key_id()
    _write_key(directory / f"{key_id}.key", secrets.token_bytes(KEY_BYTES))
    return Keyring.load(directory, environ={})


def rotate_keys(directory: Path, environ: dict[str, str] | None = None) -> dict[str, object]:
    """The operator's rotation: a new current key in `directory`; refused when the environment holds the keys."""
    if (os.environ if environ is None else environ).get(ENV):
        raise ValueError(f"the payload keys come from {ENV}: add the new key there (first = current)")
    keyring = rotate(directory)
    return {"id": keyring.current, "keys": sorted(keyring.keys)}
