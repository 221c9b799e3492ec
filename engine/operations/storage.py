"""The operator's S3-compatible buckets, where jobs with `store` upload their results.

Configured as TOML tables, one per destination:

    [storage.archive]
    endpoint = "https://s3.eu-central-1.amazonaws.com"   # any S3-compatible service (MinIO, R2, Ceph, …)
    bucket = "captures"
    region = "eu-central-1"
    prefix = "screenshots/"                               # optional: before every object's path
    single_tenant = "ws_…"                                # optional: the one workspace that may write here

An object's key is `<prefix>/<workspace id>/<path>`: each workspace has its own part of a shared bucket and
the request's path (relative, no `..`, checked by engine.rules.request.Store) cannot leave it. A destination of
one workspace names it, `single_tenant = "ws_…"`: its keys are then `<prefix>/<path>`, and no other workspace
may write to it (to them it is as unknown as an unconfigured name), so no tenant can write into another's
unprefixed keys (issue 52: `single_tenant = true` let any workspace that knew the name write there).

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
    """An upload failed. Its message is for the tenant: the destination's name and a stable reason, never the
    endpoint or a credential; `detail` is for the operator's log."""

    def __init__(self, message: str, detail: str) -> None:
        super().__init__(message)
        self.detail = detail


@dataclass(frozen=True)
class StorageDestination:
    name: str
    endpoint: str
    bucket: str
    region: str = "us-east-1"
    prefix: str = ""
    access_key_id: str = field(default="", repr=False)
    secret_access_key: str = field(default="", repr=False)
    single_tenant: str = ""  # the one workspace that may write here; empty: every workspace, each under its id

    def serves(self, workspace_id: str) -> bool:
        """Whether `workspace_id` may write here."""
        return not self.single_tenant or self.single_tenant == workspace_id

    def key(self, workspace_id: str, path: str) -> str:
        """`<prefix>/<workspace id>/<path>` (without the workspace for a single-tenant destination)."""
        parts = [self.prefix.strip("/")] if self.prefix.strip("/") else []
        if not self.single_tenant:
            parts.append(workspace_id)
        return "/".join([*parts, path])

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
        unknown = set(table) - {"endpoint", "bucket", "region", "prefix", "single_tenant"}
        if unknown or not isinstance(table.get("endpoint"), str) or not isinstance(table.get("bucket"), str):
            raise ValueError(f"storage {name!r}: needs endpoint and bucket (strings), may have region, prefix and "
                             "single_tenant"
                             + (f"; unknown: {', '.join(sorted(unknown))}" if unknown else ""))
        if not table["endpoint"].startswith(("https://", "http://")):
            raise ValueError(f"storage {name!r}: the endpoint is an http(s) URL")
        single = table.get("single_tenant", "")
        if single is False:
            single = ""
        if not isinstance(single, str) or (single and not single.startswith("ws_")):
            raise ValueError(f'storage {name!r}: single_tenant names the one workspace that may write there '
                             f'(single_tenant = "ws_…"), or is left out')
        variable = f"CAPTURE_STORAGE_{name.upper().replace('-', '_')}_"
        found.append(StorageDestination(
            name, table["endpoint"], table["bucket"], str(table.get("region", "us-east-1")),
            str(table.get("prefix", "")), environ.get(variable + "ACCESS_KEY_ID", ""),
            environ.get(variable + "SECRET_ACCESS_KEY", ""), single))
    return tuple(found)


class Uploader:
    """One boto3 client per destination (they are thread-safe), made on first use."""

    def __init__(self, destinations: tuple[StorageDestination, ...]) -> None:
        self.destinations = {d.name: d for d in destinations}
        self._clients: dict[str, S3Client] = {}

    def put(self, name: str, workspace_id: str, path: str, body: bytes, content_type: str) -> str:
        """Upload in the calling thread; the object's key, or StorageError. A page's HTML is stored as an
        attachment, so a bucket served to browsers never runs it as a page of the bucket's origin."""
        from botocore.exceptions import BotoCoreError, ClientError

        destination = self.destinations.get(name)
        if destination is None or not destination.serves(workspace_id):
            raise StorageError(f"storage destination {name!r} is no longer configured", "not configured")
        key = destination.key(workspace_id, path)
        extra: dict[str, Any] = {}
        if content_type.startswith("text/html"):
            extra["ContentDisposition"] = f'attachment; filename="{key.rsplit("/", 1)[-1]}"'
        try:
            client = self._clients.get(name) or self._clients.setdefault(name, destination.client())
            client.put_object(Bucket=destination.bucket, Key=key, Body=body, ContentType=content_type, **extra)
        except ClientError as exc:
            error = exc.response.get("Error", {})
            code = str(error.get("Code", "error"))
            # S3's error codes are a fixed vocabulary (NoSuchBucket, AccessDenied, …); its messages may not be
            raise StorageError(f"{name}: the bucket answered {code}" if re.fullmatch(r"\w{1,64}", code)
                               else f"{name}: the bucket refused the upload",
                               f"{code} ({error.get('Message', '')})") from None
        except BotoCoreError as exc:
            # These name the endpoint's URL: the operator's log has it, the tenant has the destination's name
            raise StorageError(f"{name}: the bucket could not be reached ({type(exc).__name__})",
                               f"{type(exc).__name__}: {exc}") from None
        return key
