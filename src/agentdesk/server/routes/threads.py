"""Threads: create, read, patch, delete, search, state and history."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from sqlalchemy.exc import IntegrityError

from agentdesk.errors import InputError
from agentdesk.server.auth import allowed
from agentdesk.server.deps import CallerDep, DeskDep, Owner, ThreadId, taken_thread
from agentdesk.server.limits import json_size
from agentdesk.server.schemas import HistoryQuery, ThreadCreate, ThreadPatch, ThreadSearch
from agentdesk.server.views import api_thread_status, state_view, thread_view

router = APIRouter(prefix="/threads", tags=["threads"])


@router.post("")
async def create(body: ThreadCreate, desk: DeskDep, caller: CallerDep) -> dict[str, Any]:
    owner = caller.owner  # another key's id is free: this creates the caller's own thread
    thread_id = caller.ids.inward(body.thread_id or str(uuid.uuid4()))
    while True:  # the insert is the check: a free id (the usual case) costs no read
        try:
            record = await desk.store.create_thread(thread_id, None, owner=owner, model=None,
                                                    metadata=body.metadata or {})
        except IntegrityError:
            if await taken_thread(desk, thread_id, owner,
                                  own_ok=body.if_exists == "do_nothing"):
                return thread_view(*await desk.snapshot(thread_id, owner))
            continue  # deleted since the insert: take it
        return thread_view(record, None)


@router.post("/search")
async def search(body: ThreadSearch, request: Request, desk: DeskDep,
                 caller: CallerDep) -> list[dict[str, Any]]:
    owner = caller.owner
    records = await desk.store.list_threads(owner=owner, limit=10_000)
    ids = {caller.ids.inward(i) for i in body.ids} if body.ids else None
    picked = []
    for record in records:
        if body.status and api_thread_status(record.status) != body.status:
            continue
        if ids and record.thread_id not in ids:
            continue
        meta = {**record.metadata, "graph_id": record.agent}
        if body.metadata and any(meta.get(k) != v for k, v in body.metadata.items()):
            continue
        if not allowed(request, record.metadata):  # langgraph.json auth's filter
            continue
        picked.append(record)
    page = picked[body.offset: body.offset + body.limit]
    return [thread_view(*await desk.snapshot(r.thread_id, owner)) for r in page]


@router.get("/{thread_id}")
async def get(thread_id: ThreadId, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    return thread_view(*await desk.snapshot(thread_id, owner))


@router.patch("/{thread_id}")
async def patch(thread_id: ThreadId, body: ThreadPatch, request: Request, desk: DeskDep,
                owner: Owner) -> dict[str, Any]:
    thread = await desk.store.get_thread(thread_id, owner)
    limit = request.app.state.settings.max_metadata_bytes
    size = json_size({**thread.metadata, **body.metadata})
    if size > limit:  # the merged metadata, not only this patch, must fit
        raise InputError(f"would grow to {size} bytes; at most {limit} are kept",
                         field="metadata")
    await desk.store.update_metadata(thread_id, body.metadata)
    return thread_view(*await desk.snapshot(thread_id, owner))


@router.delete("/{thread_id}", status_code=204)
async def delete(thread_id: ThreadId, desk: DeskDep, owner: Owner) -> Response:
    await desk.delete_thread(thread_id, owner)
    return Response(status_code=204)


@router.get("/{thread_id}/state")
async def state(thread_id: ThreadId, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    _, snapshot = await desk.snapshot(thread_id, owner)
    if snapshot is None:
        return {"values": {}, "next": [], "tasks": [], "checkpoint": None, "metadata": {},
                "created_at": None, "parent_checkpoint": None, "interrupts": []}
    return state_view(snapshot)


async def _history(desk: DeskDep, thread_id: str, owner: str | None, query: HistoryQuery,
                   ) -> list[dict[str, Any]]:
    before = {"configurable": query.before} if isinstance(query.before, dict) else None
    snapshots = await desk.history(thread_id, owner, limit=query.limit,
                                   before=before)  # type: ignore[arg-type]
    return [state_view(s) for s in snapshots]


@router.get("/{thread_id}/history")
async def history_get(thread_id: ThreadId, desk: DeskDep, owner: Owner,
                      limit: Annotated[int, Query(ge=1, le=1000)] = 10,
                      ) -> list[dict[str, Any]]:
    return await _history(desk, thread_id, owner, HistoryQuery(limit=limit))


@router.post("/{thread_id}/history")
async def history_post(thread_id: ThreadId, body: HistoryQuery, desk: DeskDep, owner: Owner,
                       ) -> list[dict[str, Any]]:
    return await _history(desk, thread_id, owner, body)


@router.get("/{thread_id}/audit")
async def audit(thread_id: ThreadId, desk: DeskDep, owner: Owner) -> list[dict[str, Any]]:
    """The thread's timeline: runs, tool calls and decisions with actor and time."""
    await desk.store.get_thread(thread_id, owner)
    return [e.model_dump(mode="json") for e in await desk.store.audit_trail(thread_id)]
