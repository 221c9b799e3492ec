"""The operator's S3-compatible buckets, where jobs with `store` upload their results.

Configured as TOML tables, one per destination:

    [storage.archive]
    endpoint = "https://s3.eu-central-1.amazonaws.com"   # any S3-compatible service (MinIO, R2, Ceph, …)
    bucket = "captures"
    region = "eu-central-1"
    prefix = "screenshots/"                               # optional: before every object's path

Credentials come from the environment, never from the file: `CAPTURE_STORAGE_<NAME>_ACCESS_KEY_ID` and
`CAPTURE_STORAGE_<NAME>_SECRET_ACCESS_KEY` (the name upper-cased, `-` as `_`); without them boto3's own
chain applies (AWS_ACCESS_KEY_ID, an instance profile, …). boto3 is AWS's maintained client; its calls
block, so they run in threads. The endpoint is the operator's, not a stranger's: uploads do not pass the
egress guard, which vets what pages reach.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
CONNECT_S = 5.0
READ_S = 60.0


class StorageError(Exception):
    """An upload failed; the message names the destination and the reason, never a credential."""


@dataclass(frozen=True)
class StorageDestination:
    name: str
    endpoint: str
    bucket: str
    region: str = "us-east-1"
    prefix: str = ""
    access_key_id: str = field(default="", repr=False)
    secret_access_key: str = field(default="", repr=False)

    def key(self, path: str) -> str:
        return self.prefix + path

    def client(self) -> S3Client:
        import boto3
        from botocore.config import Config

        # One attempt per call: the job worker retries on its own schedule and records each failure.
        config = Config(connect_timeout=CONNECT_S, read_timeout=READ_S, retries={"max_attempts": 1},
                        s3={"addressing_style": "path"})
        client: S3Client = boto3.client("s3", endpoint_url=self.endpoint, region_name=self.region, config=config,
                                        aws_access_key_id=self.access_key_id or None,
                                        aws_secret_access_key=self.secret_access_key or None)
        return client


def parse_destinations(value: Any, environ: dict[str, str]) -> tuple[StorageDestination, ...]:
    """`[storage.<name>]` tables (or CAPTURE_STORAGE, the same as a JSON object) as destinations, credentials
    from `environ`; ValueError naming what is wrong."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ValueError('CAPTURE_STORAGE is a JSON object: {"<name>": {"endpoint": …, "bucket": …}}') from None
    if not isinstance(value, dict):
        raise ValueError("storage destinations are TOML tables, [storage.<name>] with endpoint and bucket")
    found = []
    for name, table in value.items():
        if not NAME.fullmatch(name) or not isinstance(table, dict):
            raise ValueError(f"storage {name!r}: a lowercase name ([a-z0-9_-]) and a table")
        unknown = set(table) - {"endpoint", "bucket", "region", "prefix"}
        if unknown or not isinstance(table.get("endpoint"), str) or not isinstance(table.get("bucket"), str):
            raise ValueError(f"storage {name!r}: needs endpoint and bucket (strings), may have region and prefix"
                             + (f"; unknown: {', '.join(sorted(unknown))}" if unknown else ""))
        if not table["endpoint"].startswith(("https://", "http://")):
            raise ValueError(f"storage {name!r}: the endpoint is an http(s) URL")
        variable = f"CAPTURE_STORAGE_{name.upper().replace('-', '_')}_"
        found.append(StorageDestination(
            name, table["endpoint"], table["bucket"], str(table.get("region", "us-east-1")),
            str(table.get("prefix", "")), environ.get(variable + "ACCESS_KEY_ID", ""),
            environ.get(variable + "SECRET_ACCESS_KEY", "")))
    return tuple(found)


class Uploader:
    """One boto3 client per destination (they are thread-safe), made on first use."""

    def __init__(self, destinations: tuple[StorageDestination, ...]) -> None:
        self.destinations = {d.name: d for d in destinations}
        self._clients: dict[str, S3Client] = {}

    def put(self, name: str, path: str, body: bytes, content_type: str) -> str:
        """Upload in the calling thread; the object's key, or StorageError."""
        from botocore.exceptions import BotoCoreError, ClientError

        destination = self.destinations.get(name)
        if destination is None:
            raise StorageError(f"storage destination {name!r} is no longer configured")
        key = destination.key(path)
        try:
            client = self._clients.get(name) or self._clients.setdefault(name, destination.client())
            client.put_object(Bucket=destination.bucket, Key=key, Body=body, ContentType=content_type)
        except ClientError as exc:
            error = exc.response.get("Error", {})
            raise StorageError(f"{name}: {error.get('Code', 'error')} ({error.get('Message', '')})".strip()) from None
        except BotoCoreError as exc:
            raise StorageError(f"{name}: {type(exc).__name__}: {exc}") from None
        return key
