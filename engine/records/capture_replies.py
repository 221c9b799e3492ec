"""The answers about one capture or job (the job view, the json capture report, with their quality verdicts,
removals and uploads), and the Reply base every answer of engine.records.replies shares.

engine.records.replies imports these and serves them with the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import orjson
from pydantic import BaseModel, ConfigDict, Field, JsonValue, WithJsonSchema
from pydantic.alias_generators import to_camel
from pydantic.config import JsonDict

from engine.browser.overlays import KINDS, MAX_REPORTED
from engine.operations.settings import Settings
from engine.records import jobs
from engine.records.jobs import CANCELLED, EXPIRED, FAILED, QUEUED, RUNNING, SUCCEEDED, status_url
from engine.rules.period import rfc3339
from engine.rules.quality import WARNING_CODES, QualityWarning, warnings_of

STATES = (QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, EXPIRED)
Timestamp = Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})]  # engine.rules.period.rfc3339


def one_of(values: Iterable[str]) -> JsonDict:
    """A string field's enum, from the constants the engine keeps."""
    return {"enum": list[JsonValue](values)}


class Reply(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, frozen=True)

    def as_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)

    def wire(self) -> bytes:
        return orjson.dumps(self.as_json())



class JobError(Reply):
    code: str
    message: str


class RemovedElement(Reply):
    kind: str = Field(json_schema_extra=one_of(KINDS))
    layer: str = Field(description="rules: the consent platform's own dismissal; list: EasyList's cosmetic rules; "
                                   "model: the overlay classifier; network: a listed ad or tracker host refused")
    what: str = Field(description="the consent platform, the element (tag#id.class) or the host")
    score: float | None = Field(default=None, description="model: its probability for the kind")


class QualityItem(Reply):
    code: str = Field(json_schema_extra=one_of(WARNING_CODES), description="new codes may be added: ignore "
                                                                            "those you do not know")
    detail: str = Field(description="what was found, and where")


class Quality(Reply):
    """Every successful capture's verdict (API.md, Quality); binary answers carry the codes in x-capture-warnings."""

    warnings: list[QualityItem]

    @classmethod
    def of(cls, warnings: Iterable[QualityWarning]) -> Quality:
        return cls(warnings=[QualityItem(code=w.code, detail=w.detail) for w in warnings])


class StoredObject(Reply):
    destination: str = Field(description="the [storage.<name>] the job named")
    bucket: str
    key: str = Field(description="the object's key: the destination's prefix and the job's path")


class Job(Reply):
    """A job as GET and DELETE answer it; absent fields are omitted."""

    id: str
    status: str = Field(json_schema_extra=one_of(STATES))
    status_url: str
    url: str | None = None
    format: str
    created_at: Timestamp
    started_at: Timestamp | None = None
    finished_at: Timestamp | None = None
    attempts: int = Field(description="renderer starts so far, at most 3")
    cancel_requested: bool
    result_url: str | None = Field(default=None, description=(
        "SUCCEEDED only: a signed download URL, no API key needed, valid until resultExpiresAt "
        f"(default {Settings.result_url_ttl_s} s, never past retention)"))
    result_expires_at: Timestamp | None = None
    content_type: str | None = None
    bytes: int | None = None
    removed_elements: list[RemovedElement] | None = Field(default=None, description=(
        f"removeElements, SUCCEEDED only: what was removed, the first {MAX_REPORTED}"))
    final_url: str | None = Field(default=None, description="responseType json, SUCCEEDED only (as the rest "
                                  "below): where the main document ended, redirects followed")
    target_status: int | None = Field(default=None, description="the main document's HTTP status")
    title: str | None = None
    description: str | None = None
    open_graph: dict[str, str] | None = Field(default=None, description="og: tags by name without the prefix")
    timings: dict[str, int] | None = Field(default=None, description="loadMs, settleMs, renderMs, checkMs of the "
                                                                     "render")
    stored: StoredObject | None = Field(default=None, description="store, SUCCEEDED only: where the result "
                                        "was uploaded")
    quality: Quality | None = Field(default=None, description="SUCCEEDED only: the capture's quality verdict")
    error: JobError | None = None


def job_view(job: jobs.Job, base_url: str) -> Job:
    """The job as GET shows it, but for its result URL (fresh at each read: `actors.jobs.actor.Jobs.view`)."""
    return Job(
        id=job.id, status=job.status, status_url=status_url(base_url, job.id), url=job.url, format=job.format,
        created_at=rfc3339(job.created_at), started_at=rfc3339(job.started_at) if job.started_at else None,
        finished_at=rfc3339(job.finished_at) if job.finished_at else None, attempts=job.attempts,
        cancel_requested=job.cancel_requested,
        removed_elements=([RemovedElement.model_validate(r) for r in job.removed_elements]
                          if job.removed_elements is not None else None),
        error=JobError(code=job.error_code, message=job.error_message or "") if job.error_code else None,
        stored=StoredObject.model_validate(job.stored) if job.stored is not None else None,
        quality=Quality.of(warnings_of(job.warnings)) if job.warnings is not None else None, **_facts(job))


def _facts(job: jobs.Job) -> dict[str, Any]:
    """A succeeded json job's page metadata, as the synchronous json answer gives it."""
    if job.facts is None or job.status != SUCCEEDED:
        return {}
    return {"final_url": job.facts["finalUrl"], "target_status": job.target_status, "title": job.facts["title"],
            "description": job.facts["description"], "open_graph": job.facts["openGraph"],
            "timings": job.facts["timings"]}


class CaptureReport(Reply):
    """POST /api/screenshot with responseType json: the page's metadata and the result behind a signed URL."""

    url: str | None = Field(default=None, description="as requested; omitted for an html capture")
    final_url: str | None = Field(default=None, description="where the main document ended, redirects followed")
    status: int = Field(description="the main document's HTTP status")
    title: str | None = None
    description: str | None = Field(default=None, description="<meta name=description>")
    open_graph: dict[str, str] = Field(description="the page's og: tags by name without the prefix (og:image → "
                                                   "image), the first of each, at most 50")
    timings: dict[str, int] = Field(description="loadMs (navigation to waitUntil), settleMs (waits, scroll, "
                                                "scripts), renderMs, checkMs (the quality checks), totalMs (the "
                                                "request, queueing included); a cached answer keeps its render's "
                                                "steps")
    content_type: str
    bytes: int
    result_url: str = Field(description="a signed download URL, no API key needed, valid for result_url_ttl_s "
                                        "(default 900 s) or as long as the cache keeps it")
    quality: Quality
