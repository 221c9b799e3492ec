"""The DuckDB file: an append-only event log plus ordinary tables for mutable account data."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

EVENT_SCHEMA = pa.schema([
    ("seq", pa.int64()),
    ("ts", pa.timestamp("us")),
    ("type", pa.string()),
    ("workspace_id", pa.string()),
    ("key_id", pa.string()),
    ("capture_id", pa.string()),
    ("request_id", pa.string()),
    ("outcome", pa.string()),
    ("stage", pa.string()),
    ("code", pa.string()),
    ("format", pa.string()),
    ("duration_ms", pa.int32()),
    ("bytes", pa.int64()),
    ("target_status", pa.int32()),
    ("data", pa.string()),
])
EVENT_COLUMNS = tuple(EVENT_SCHEMA.names)


@dataclass
class Event:
    """One row of the event log, as an actor appends it."""

    type: str
    workspace_id: str | None = None
    key_id: str | None = None
    capture_id: str | None = None
    request_id: str | None = None
    outcome: str | None = None
    stage: str | None = None
    code: str | None = None
    format: str | None = None
    duration_ms: int | None = None
    bytes: int | None = None
    target_status: int | None = None
    data: dict[str, Any] | None = None
    note: str | None = None  # why a capture failed, for its log line only: never stored
    ts: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC).replace(tzinfo=None))

DDL = """
CREATE TABLE IF NOT EXISTS events (
    seq BIGINT NOT NULL,
    ts TIMESTAMP NOT NULL,
    type VARCHAR NOT NULL,
    workspace_id VARCHAR,
    key_id VARCHAR,
    capture_id VARCHAR,
    request_id VARCHAR,
    outcome VARCHAR,
    stage VARCHAR,
    code VARCHAR,
    format VARCHAR,
    duration_ms INTEGER,
    bytes BIGINT,
    target_status INTEGER,
    data VARCHAR
);
CREATE TABLE IF NOT EXISTS workspaces (
    id VARCHAR PRIMARY KEY,
    name VARCHAR NOT NULL,
    plan VARCHAR NOT NULL,
    quota_override BIGINT,
    created_at TIMESTAMP NOT NULL
);
ALTER TABLE workspaces ADD COLUMN IF NOT EXISTS kind VARCHAR DEFAULT 'team';
CREATE TABLE IF NOT EXISTS users (
    id VARCHAR PRIMARY KEY,
    email VARCHAR NOT NULL UNIQUE,
    password_hash VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS memberships (
    workspace_id VARCHAR NOT NULL,
    user_id VARCHAR NOT NULL,
    role VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (workspace_id, user_id)
);
CREATE TABLE IF NOT EXISTS invites (
    token_hash VARCHAR PRIMARY KEY,
    workspace_id VARCHAR NOT NULL,
    role VARCHAR NOT NULL,
    created_by VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    accepted_by VARCHAR,
    accepted_at TIMESTAMP
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash VARCHAR PRIMARY KEY,
    user_id VARCHAR NOT NULL,
    csrf VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
    id VARCHAR PRIMARY KEY,
    workspace_id VARCHAR NOT NULL,
    name VARCHAR,
    prefix VARCHAR NOT NULL,
    hash VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS signing_generation INTEGER DEFAULT 0;
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS used_before_archive TIMESTAMP;  -- run.py archive
-- Analytics' daily counts, derived from the events (engine/records/daily_counts.py); '' stands for none.
CREATE TABLE IF NOT EXISTS daily_counts (
    workspace_id VARCHAR NOT NULL,
    day DATE NOT NULL,
    type VARCHAR NOT NULL,
    outcome VARCHAR NOT NULL,
    stage VARCHAR NOT NULL,
    code VARCHAR NOT NULL,
    format VARCHAR NOT NULL,
    cache VARCHAR NOT NULL,
    n BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS summarised (name VARCHAR PRIMARY KEY, upto BIGINT NOT NULL);
"""
