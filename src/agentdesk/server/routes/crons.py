"""Crons: create (on a thread, or stateless), search, count, update and delete schedules.

What a tick does is :mod:`agentdesk.runtime.durable.crons`' business; here each
field is checked and stored, or refused with 422 naming it. A key sees only its
own crons (``owner``).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, Literal

import sqlalchemy as sa
from fastapi import APIRouter, Request, Response
from pydantic import Field, model_validator

from agentdesk.errors import InputError, NotFoundError
from agentdesk.runtime.assistants import ResolvedAssistant, resolve_assistant
from agentdesk.runtime.durable.crons import (
    check_schedule,
    check_timezone,
    next_tick,
    tick_options,
)
from agentdesk.runtime.durable.webhooks import check_webhook_form, check_webhook_url
from agentdesk.runtime.registry import AgentSpec
from agentdesk.runtime.runs.options import Breakpoints
from agentdesk.runtime.storage.persistence import crons, now
from agentdesk.server.auth import allowed
from agentdesk.server.deps import CallerDep, DeskDep, Owner, RunThreadId
from agentdesk.server.ids import IdentPath
from agentdesk.server.routes.runs import agent_payload
from agentdesk.server.schemas import OFFSET_MAX, _Body

router = APIRouter(tags=["crons"])

_UNSUPPORTED = ("checkpoint_during", "stream_mode", "stream_subgraphs", "stream_resumable")
"""Fields the SDK may send that a cron's runs cannot honour here (nobody streams a tick's
run, and every run checkpoints each step): refused when set."""

_SORTABLE = ("cron_id", "assistant_id", "thread_id", "next_run_date", "end_time",
             "created_at", "updated_at")
_FIELDS = ("cron_id", "assistant_id", "thread_id", "on_run_completed", "end_time", "schedule",
           "timezone", "created_at", "updated_at", "payload", "user_id", "next_run_date",
           "metadata", "enabled")


class _CronFields(_Body):
    """What create and update share: the schedule and the runs' payload."""

    input: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    end_time: datetime | None = None
    timezone: str | None = None
    enabled: bool | None = None
    on_run_completed: Literal["delete", "keep"] | None = None
    # Accepted: every run here checkpoints synchronously, the strongest of the three.
    durability: Literal["sync", "async", "exit"] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    interrupt_before: Breakpoints = None
    interrupt_after: Breakpoints = None
    webhook: str | None = Field(default=None, max_length=2000)
    checkpoint_during: Any = None
    stream_mode: Any = None
    stream_subgraphs: Any = None
    stream_resumable: Any = None

    @model_validator(mode="after")
    def _refuse(self) -> _CronFields:
        for name in _UNSUPPORTED:
            if getattr(self, name) not in (None, {}, []):
                raise InputError("not supported for crons", field=name)
        if self.on_run_completed == "delete":
            raise InputError("'delete' is not supported; a cron's threads are kept ('keep')",
                             field="on_run_completed")
        check_timezone(self.timezone)
        if self.webhook is not None:
            check_webhook_form(self.webhook)  # before the assistant is looked up
        return self


class CronCreate(_CronFields):
    assistant_id: str
    schedule: str
    multitask_strategy: Literal["reject", "enqueue"] = "reject"


class CronPatch(_CronFields):
    schedule: str | None = None


class CronSearch(_Body):
    assistant_id: str | None = None
    thread_id: str | None = None
    enabled: bool | None = None
    metadata: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0, le=OFFSET_MAX)
    sort_by: Literal[_SORTABLE] | None = None  # type: ignore[valid-type]
    sort_order: Literal["asc", "desc"] | None = None
    select: list[Literal[_FIELDS]] | None = None  # type: ignore[valid-type]


class CronCount(_Body):
    assistant_id: str | None = None
    thread_id: str | None = None
    metadata: dict[str, Any] | None = None


async def _agent_input(desk: DeskDep, spec: AgentSpec, data: dict[str, Any] | None,
                       ) -> dict[str, Any]:
    """The agent's input for each run, checked now so a bad one is refused at create (and
    completed now by the agent's model where a start run would be)."""
    payload = (data or {}) if spec.origin else agent_payload(data or {}, spec.request_field)
    return await desk.start_input(spec, payload)


def _first_tick(schedule: str, timezone: str | None, enabled: bool) -> datetime | None:
    return next_tick(schedule, timezone, now()) if enabled else None


def _view(row: Any) -> dict[str, Any]:
    return {"cron_id": row.cron_id, "assistant_id": row.assistant_id,
            "thread_id": row.thread_id, "on_run_completed": row.on_run_completed,
            "end_time": row.end_time, "schedule": row.schedule, "timezone": row.timezone,
            "created_at": row.created_at, "updated_at": row.updated_at, "payload": row.payload,
            "user_id": row.owner, "next_run_date": row.next_run_at, "metadata": row.metadata,
            "enabled": row.enabled}


_RUN_FIELDS = ("config", "context", "interrupt_before", "interrupt_after", "webhook")
"""What each tick's run asks besides its input, kept in the cron's payload."""


async def _run_fields(desk: DeskDep, body: _CronFields, assistant: ResolvedAssistant,
                      thread_id: str | None, given: dict[str, Any]) -> dict[str, Any]:
    """``given`` (the payload's run fields) with the body's over them, checked now as a
    tick's run will use them (so a bad one is refused at create, 422 naming it)."""
    fields = {**given, **{name: getattr(body, name) for name in _RUN_FIELDS
                          if name in body.model_fields_set}}
    await desk.check_options(assistant.spec, tick_options(assistant, fields), thread_id)
    if fields.get("webhook"):
        await check_webhook_url(fields["webhook"], desk.settings)
    return {k: v for k, v in fields.items() if v is not None}


def _check_end(end_time: datetime | None) -> datetime | None:
    if end_time is not None and end_time.tzinfo is None:
        end_time = end_time.replace(tzinfo=UTC)
    return end_time


async def _create(desk: DeskDep, caller: CallerDep, body: CronCreate,
                  thread_id: str | None) -> dict[str, Any]:
    assistant = await resolve_assistant(desk, body.assistant_id, caller.owner)
    spec = assistant.spec
    check_schedule(body.schedule)
    agent_input = await _agent_input(desk, spec, body.input)
    run_fields = await _run_fields(desk, body, assistant, thread_id, {})
    if thread_id is not None:
        await desk.store.get_thread(thread_id, caller.owner)  # 404 if not the caller's
        if body.on_run_completed is not None:
            raise InputError("only for stateless crons", field="on_run_completed")
    enabled = body.enabled is not False
    stamp, cron_id = now(), str(uuid.uuid4())
    values = {
        "cron_id": cron_id, "assistant_id": assistant.assistant_id,
        "agent": spec.name, "thread_id": thread_id,
        "thread_prefix": caller.ids.inward(""), "owner": caller.owner,
        "actor": caller.actor(), "schedule": body.schedule, "timezone": body.timezone,
        "end_time": _check_end(body.end_time),
        "payload": {"input": body.input, "metadata": body.metadata or {},
                    "multitask_strategy": body.multitask_strategy, **run_fields},
        "agent_input": agent_input, "metadata": body.metadata or {},
        "on_run_completed": (body.on_run_completed or "keep") if thread_id is None else None,
        "multitask_strategy": body.multitask_strategy, "enabled": enabled,
        "next_run_at": _first_tick(body.schedule, body.timezone, enabled),
        "created_at": stamp, "updated_at": stamp}
    async with desk.persistence.engine.begin() as conn:
        await conn.execute(crons.insert().values(**values))
    return await _get(desk, cron_id, caller.owner)


async def _get(desk: DeskDep, cron_id: str, owner: str | None) -> dict[str, Any]:
    async with desk.persistence.engine.connect() as conn:
        row = (await conn.execute(sa.select(crons).where(
            crons.c.cron_id == cron_id, crons.c.owner.is_(None) if owner is None
            else crons.c.owner == owner))).first()
    if row is None:
        raise NotFoundError(f"cron {cron_id!r} not found")
    return _view(row)


@router.post("/threads/{thread_id}/runs/crons")
async def create_thread_cron(thread_id: RunThreadId, body: CronCreate, desk: DeskDep,
                             caller: CallerDep) -> dict[str, Any]:
    return await _create(desk, caller, body, thread_id)


@router.post("/runs/crons")
async def create_cron(body: CronCreate, desk: DeskDep, caller: CallerDep) -> dict[str, Any]:
    return await _create(desk, caller, body, None)


@router.get("/runs/crons/{cron_id}")
async def get_cron(cron_id: IdentPath, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    return await _get(desk, cron_id, owner)


@router.patch("/runs/crons/{cron_id}")
async def update_cron(cron_id: IdentPath, body: CronPatch, desk: DeskDep,
                      owner: Owner) -> dict[str, Any]:
    current = await _get(desk, cron_id, owner)
    if current["thread_id"] is not None and body.on_run_completed is not None:
        raise InputError("only for stateless crons", field="on_run_completed")
    changes: dict[str, Any] = {"updated_at": now()}
    if body.schedule is not None:
        changes["schedule"] = check_schedule(body.schedule)
    assistant = await resolve_assistant(desk, current["assistant_id"], owner)
    if body.input is not None:
        changes["agent_input"] = await _agent_input(desk, assistant.spec, body.input)
    given = {k: v for k, v in current["payload"].items() if k in _RUN_FIELDS}
    run_fields = await _run_fields(desk, body, assistant, current["thread_id"], given)
    if body.input is not None or body.metadata is not None or run_fields != given:
        kept = {k: v for k, v in current["payload"].items() if k not in _RUN_FIELDS}
        changes["payload"] = {**kept, **run_fields,
                              **({"input": body.input} if body.input is not None else {}),
                              **({"metadata": body.metadata} if body.metadata is not None
                                 else {})}
    for name in ("metadata", "timezone", "enabled", "on_run_completed"):
        if getattr(body, name) is not None:
            changes[name] = getattr(body, name)
    if "end_time" in body.model_fields_set:
        changes["end_time"] = _check_end(body.end_time)
    schedule = changes.get("schedule", current["schedule"])
    timezone = changes.get("timezone", current["timezone"])
    enabled = changes.get("enabled", current["enabled"])
    if {"schedule", "timezone", "enabled"} & changes.keys():
        changes["next_run_at"] = _first_tick(schedule, timezone, enabled)
    async with desk.persistence.engine.begin() as conn:
        await conn.execute(crons.update().where(crons.c.cron_id == cron_id).values(**changes))
    return await _get(desk, cron_id, owner)


@router.delete("/runs/crons/{cron_id}", status_code=204)
async def delete_cron(cron_id: IdentPath, desk: DeskDep, owner: Owner) -> Response:
    await _get(desk, cron_id, owner)
    async with desk.persistence.engine.begin() as conn:
        await conn.execute(crons.delete().where(crons.c.cron_id == cron_id))
    return Response(status_code=204)


async def _matching(desk: DeskDep, request: Request, owner: str | None, assistant: str | None,
                    thread_id: str | None, metadata: dict[str, Any] | None,
                    enabled: bool | None = None) -> list[dict[str, Any]]:
    """The caller's crons matching the search, and the auth handler's filter if any."""
    query = sa.select(crons).where(crons.c.owner.is_(None) if owner is None
                                   else crons.c.owner == owner)
    if assistant is not None:
        found = await resolve_assistant(desk, assistant, owner)
        query = query.where(crons.c.assistant_id == found.assistant_id)
    if thread_id is not None:
        query = query.where(crons.c.thread_id == thread_id)
    if enabled is not None:
        query = query.where(crons.c.enabled.is_(enabled))
    async with desk.persistence.engine.connect() as conn:
        rows = [_view(r) for r in await conn.execute(query)]
    wanted = (metadata or {}).items()
    return [r for r in rows if all(r["metadata"].get(k) == v for k, v in wanted)
            and allowed(request, r["metadata"])]


@router.post("/runs/crons/search")
async def search_crons(body: CronSearch, request: Request, desk: DeskDep, caller: CallerDep,
                       ) -> list[dict[str, Any]]:
    thread_id = caller.ids.inward(body.thread_id) if body.thread_id is not None else None
    rows = await _matching(desk, request, caller.owner, body.assistant_id, thread_id, body.metadata,
                           body.enabled)
    key = body.sort_by or "created_at"
    rows.sort(key=lambda r: (r[key] is not None, r[key] or ""),
              reverse=(body.sort_order or "desc") == "desc")
    page = rows[body.offset:body.offset + body.limit]
    if body.select:
        page = [{f: r[f] for f in body.select} for r in page]
    return page


@router.post("/runs/crons/count")
async def count_crons(body: CronCount, request: Request, desk: DeskDep,
                      caller: CallerDep) -> int:
    thread_id = caller.ids.inward(body.thread_id) if body.thread_id is not None else None
    return len(await _matching(desk, request, caller.owner, body.assistant_id, thread_id, body.metadata))
