"""Sealed payloads: they open only for their own job and workspace, and survive key rotation."""

from __future__ import annotations

import base64
import stat
from pathlib import Path

import pytest

from engine.records.sealing import Keyring, SealError, rotate

PAYLOAD = b'{"cookies":[{"name":"s","value":"cookie-value-91c2"}],"headers":{"x-token":"header-value-3b7e"}}'


def test_a_sealed_payload_opens_for_its_job_and_holds_nothing_in_clear(tmp_path: Path) -> None:
    ring = Keyring.load(tmp_path / "keys", environ={})
    sealed = ring.seal(PAYLOAD, "job_1", "ws_a")
    assert b"cookie-value-91c2" not in sealed
    assert b"header-value-3b7e" not in sealed
    assert ring.open(sealed, "job_1", "ws_a") == PAYLOAD
    assert ring.seal(PAYLOAD, "job_1", "ws_a") != sealed  # a fresh nonce each time


@pytest.mark.parametrize(("job", "workspace"), [("job_2", "ws_a"), ("job_1", "ws_b"), ("job_2", "ws_b")])
def test_a_copied_ciphertext_does_not_open_elsewhere(tmp_path: Path, job: str, workspace: str) -> None:
    ring = Keyring.load(tmp_path / "keys", environ={})
    sealed = ring.seal(PAYLOAD, "job_1", "ws_a")
    with pytest.raises(SealError):
        ring.open(sealed, job, workspace)


def test_altered_bytes_and_foreign_keys_are_refused(tmp_path: Path) -> None:
    ring = Keyring.load(tmp_path / "keys", environ={})
    sealed = bytearray(ring.seal(PAYLOAD, "job_1", "ws_a"))
    sealed[-1] ^= 1
    with pytest.raises(SealError):
        ring.open(bytes(sealed), "job_1", "ws_a")
    other = Keyring.load(tmp_path / "other", environ={})
    with pytest.raises(SealError, match="unknown key"):
        other.open(ring.seal(PAYLOAD, "job_1", "ws_a"), "job_1", "ws_a")
    with pytest.raises(SealError):
        ring.open(b"plain text", "job_1", "ws_a")


def test_key_files_are_private_and_rotation_keeps_old_payloads_readable(tmp_path: Path) -> None:
    directory = tmp_path / "keys"
    first = Keyring.load(directory, environ={})
    old = first.seal(PAYLOAD, "job_1", "ws_a")
    second = rotate(directory)
    assert second.current != first.current
    assert second.open(old, "job_1", "ws_a") == PAYLOAD
    new = second.seal(PAYLOAD, "job_2", "ws_a")
    assert Keyring.load(directory, environ={}).open(new, "job_2", "ws_a") == PAYLOAD
    with pytest.raises(SealError, match="unknown key"):
        first.open(new, "job_2", "ws_a")  # the old ring never knew the new key
    for path in directory.glob("*.key"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700


def test_keys_from_the_environment_replace_the_files(tmp_path: Path) -> None:
    a, b = bytes(range(32)), bytes(range(32, 64))
    value = f"k2:{base64.b64encode(b).decode()},k1:{base64.b64encode(a).decode()}"
    ring = Keyring.load(tmp_path / "unused", environ={"CAPTURE_PAYLOAD_KEYS": value})
    assert ring.current == "k2"
    assert set(ring.keys) == {"k1", "k2"}
    assert not (tmp_path / "unused").exists()
    older = Keyring({"k1": a}, "k1").seal(PAYLOAD, "job_1", "ws_a")
    assert ring.open(older, "job_1", "ws_a") == PAYLOAD
    for bad in ("k1", "k1:not base64!", f"k1:{base64.b64encode(b'short').decode()}"):
        with pytest.raises(ValueError, match=r"CAPTURE_PAYLOAD_KEYS|bytes"):
            Keyring.load(tmp_path, environ={"CAPTURE_PAYLOAD_KEYS": bad})
