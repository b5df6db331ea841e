"""Threads: create, read, patch, delete, copy, prune, search, count, state, history, stream."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request, Response
from sqlalchemy.exc import IntegrityError
from sse_starlette import EventSourceResponse

from agentdesk.errors import InputError, NotFoundError, UserError
from agentdesk.runtime.registry import agent_names
from agentdesk.runtime.runs import threadstate
from agentdesk.runtime.storage.store import ThreadRecord
from agentdesk.runtime.storage.threadquery import ThreadFilter
from agentdesk.server.auth import allowed, auth_equalities
from agentdesk.server.deps import CallerDep, DeskDep, ManagerDep, Owner, ThreadId, taken_thread
from agentdesk.server.ids import ID_MAX, ID_PATTERN, IdentPath
from agentdesk.server.limits import json_size
from agentdesk.server.manager import RunManager
from agentdesk.server.routes.runs import stop_thread_runs
from agentdesk.server.schemas import (
    CheckpointIn,
    HistoryQuery,
    StateAt,
    StateUpdate,
    ThreadCount,
    ThreadCreate,
    ThreadPatch,
    ThreadPrune,
    ThreadSearch,
)
from agentdesk.server.serialize import dumps
from agentdesk.server.views import (
    STATE_FIELDS,
    THREAD_FIELDS,
    assistant_id,
    check_extract,
    check_select,
    extract_fields,
    select_state,
    select_thread,
    state_view,
    thread_view,
    ttl_view,
)

router = APIRouter(prefix="/threads", tags=["threads"])

_EMPTY_STATE: dict[str, Any] = {"values": {}, "next": [], "tasks": [], "checkpoint": None, "metadata": {},
                "created_at": None, "parent_checkpoint": None, "interrupts": []}
_NEW_RUN_POLL = 0.5
"""How often a thread's stream looks for the thread's next run."""


@router.post("")
async def create(body: ThreadCreate, desk: DeskDep, caller: CallerDep) -> dict[str, Any]:
    owner = caller.owner  # another key's id is free: this creates the caller's own thread
    thread_id = caller.ids.inward(body.thread_id or str(uuid.uuid4()))
    metadata = {**(body.metadata or {}), **({"graph_id": body.graph_id} if body.graph_id else {})}
    while True:  # the insert is the check: a free id (the usual case) costs no read
        try:
            record = await desk.store.create_thread(
                thread_id, None, owner=owner, model=None, metadata=metadata,
                ttl_minutes=body.ttl.ttl if body.ttl is not None else None,
                ttl_strategy=body.ttl.strategy if body.ttl is not None else "delete")
        except IntegrityError:
            if await taken_thread(desk, thread_id, owner,
                                  own_ok=body.if_exists == "do_nothing"):
                return thread_view(*await desk.snapshot(thread_id, owner))
            continue  # deleted since the insert: take it
        if not body.supersteps:
            return thread_view(record, None)
        try:
            await threadstate.apply_supersteps(desk, record, [
                [(u.values, u.as_node) for u in step.updates] for step in body.supersteps],
                caller.actor())
        except BaseException:  # refused: the thread goes, leaving no trace
            await desk.delete_thread(thread_id)
            raise
        record = await desk.store.get_thread(thread_id)
        return thread_view(record, await threadstate.state_at(desk, record, None))


def _filter(body: ThreadCount, request: Request, owner: str | None,
            ids: list[str] | None = None) -> ThreadFilter:
    """The search as the database reads it; ``graph_id`` and ``assistant_id`` also match
    the agent a thread runs (the answers show them in its metadata). The equalities of a
    langgraph.json auth filter are part of it (:func:`allowed` checks the rest)."""
    metadata = {**(body.metadata or {}), **auth_equalities(request)}
    agents: dict[str, str | None] = {}
    if "graph_id" in metadata:
        agents["graph_id"] = metadata["graph_id"] if isinstance(metadata["graph_id"], str) \
            else None
    if "assistant_id" in metadata:
        agents["assistant_id"] = next((n for n in agent_names()
                                       if assistant_id(n) == metadata["assistant_id"]), None)
    return ThreadFilter(owner=owner, metadata=metadata, values=body.values or {},
                        status=body.status, ids=ids, agents=agents)


@router.post("/search")
async def search(body: ThreadSearch, request: Request, response: Response, desk: DeskDep,
                 caller: CallerDep) -> list[dict[str, Any]]:
    """A page of the caller's threads; ``X-Pagination-Next`` gives the next page's offset
    when there is one (and ``X-Pagination-Total`` what the Agent Server puts there)."""
    check_select(body.select, THREAD_FIELDS)
    check_extract(body.extract)
    ids = [caller.ids.inward(i) for i in body.ids] if body.ids else None
    sort_by = body.sort_by or "updated_at"
    records = await desk.store.search_threads(
        _filter(body, request, caller.owner, ids), sort_by=sort_by,
        desc=(body.sort_order or "desc") == "desc", limit=body.limit + 1, offset=body.offset)
    if len(records) > body.limit:
        records = records[:body.limit]
        following = body.offset + body.limit
        response.headers["X-Pagination-Next"] = str(following)
        response.headers["X-Pagination-Total"] = str(following + 1)
    else:
        response.headers["X-Pagination-Total"] = str(body.offset + len(records))
    state_needed = not body.select or {"values", "interrupts"} & set(body.select) or (
        body.extract and any(p.split(".")[0].split("[")[0] in ("values", "interrupts")
                             for p in body.extract.values()))
    out = []
    for record in records:
        if not allowed(request, record.metadata):  # an auth filter's $contains
            continue
        snapshot = await threadstate.state_at(desk, record, None) if state_needed else None
        view = thread_view(record, snapshot)
        picked = select_thread(view, body.select)
        if body.extract:
            picked["extracted"] = extract_fields(view, body.extract)
        out.append(picked)
    return out


@router.post("/count")
async def count(body: ThreadCount, request: Request, desk: DeskDep, owner: Owner) -> int:
    return await desk.store.count_threads(_filter(body, request, owner))


@router.post("/prune")
async def prune(body: ThreadPrune, desk: DeskDep, caller: CallerDep) -> dict[str, int]:
    """Delete the caller's threads among ``thread_ids``, or keep only their latest
    checkpoints; ids that are not the caller's, and busy threads, are skipped."""
    found = []
    for public in dict.fromkeys(body.thread_ids):
        try:
            found.append(await desk.store.get_thread(caller.ids.inward(public), caller.owner))
        except NotFoundError:
            continue
    return {"pruned_count": await threadstate.prune(desk, found, body.strategy)}


@router.get("/{thread_id}")
async def get(thread_id: ThreadId, desk: DeskDep, owner: Owner,
              include: Annotated[str | None, Query()] = None) -> dict[str, Any]:
    wanted = {part.strip() for part in (include or "").split(",") if part.strip()}
    if wanted - {"ttl"}:
        raise InputError(f"{', '.join(sorted(wanted - {'ttl'}))}: only ttl can be included",
                         field="include")
    record, snapshot = await desk.snapshot(thread_id, owner)
    view = thread_view(record, snapshot)
    return {**view, "ttl": ttl_view(record)} if wanted else view


@router.patch("/{thread_id}")
async def patch(thread_id: ThreadId, body: ThreadPatch, request: Request, desk: DeskDep,
                owner: Owner) -> Any:
    thread = await desk.store.get_thread(thread_id, owner)
    limit = request.app.state.settings.max_metadata_bytes
    size = json_size({**thread.metadata, **body.metadata})
    if size > limit:  # the merged metadata, not only this patch, must fit
        raise InputError(f"would grow to {size} bytes; at most {limit} are kept",
                         field="metadata")
    await desk.store.update_metadata(thread_id, body.metadata)
    if body.ttl is not None:
        await desk.store.set_ttl(thread_id, body.ttl.ttl, body.ttl.strategy)
    if request.headers.get("prefer") == "return=minimal":
        return Response(status_code=204)
    return thread_view(*await desk.snapshot(thread_id, owner))


@router.delete("/{thread_id}", status_code=204)
async def delete(thread_id: ThreadId, desk: DeskDep, manager: ManagerDep,
                 owner: Owner) -> Response:
    """Delete the thread with its checkpoints and records; its pending or running runs are
    cancelled first (as the Agent Server does)."""
    thread = await desk.store.get_thread(thread_id, owner)
    if thread.status == "busy":
        await stop_thread_runs(desk, manager, thread_id, "interrupt")
    await desk.delete_thread(thread_id, owner)
    return Response(status_code=204)


@router.post("/{thread_id}/copy")
async def copy(thread_id: ThreadId, desk: DeskDep, caller: CallerDep) -> dict[str, Any]:
    """A new thread of the caller's with this one's checkpoints and metadata."""
    source = await desk.store.get_thread(thread_id, caller.owner)
    new_id = caller.ids.inward(str(uuid.uuid4()))
    record = await threadstate.copy_thread(desk, source, new_id, caller.owner)
    return thread_view(record, await threadstate.state_at(desk, record, None))


# -- state ---------------------------------------------------------------------------


async def _state(desk: DeskDep, thread_id: str, owner: str | None,
                 checkpoint: CheckpointIn | None, subgraphs: bool,
                 select: list[str] | None) -> dict[str, Any]:
    check_select(select, STATE_FIELDS, values_keys=True)
    thread = await desk.store.get_thread(thread_id, owner)
    ref = checkpoint.model_dump(exclude={"thread_id"}) if checkpoint else None
    snapshot = await threadstate.state_at(desk, thread, ref, subgraphs=subgraphs)
    if snapshot is None and checkpoint is not None:
        raise NotFoundError(f"thread {thread_id!r} has no checkpoints", thread_id=thread_id)
    return select_state(state_view(snapshot) if snapshot else dict(_EMPTY_STATE), select)


Select = Annotated[list[str] | None, Query()]


@router.get("/{thread_id}/state")
async def state(thread_id: ThreadId, desk: DeskDep, owner: Owner, subgraphs: bool = False,
                select: Select = None) -> dict[str, Any]:
    return await _state(desk, thread_id, owner, None, subgraphs, select)


@router.post("/{thread_id}/state")
async def update_state(thread_id: ThreadId, body: StateUpdate, desk: DeskDep,
                       caller: CallerDep) -> dict[str, Any]:
    """Write values into the thread's state as if ``as_node`` had run (Agent Server
    ``update_state``); refused while a run holds the thread."""
    thread = await desk.store.get_thread(thread_id, caller.owner)
    ref = body.checkpoint.model_dump(exclude={"thread_id"}) if body.checkpoint else {}
    if body.checkpoint_id:
        ref = {**ref, "checkpoint_id": body.checkpoint_id}
    written = await threadstate.update_state(
        desk, thread, body.values, as_node=body.as_node, checkpoint=ref or None,
        actor=caller.actor())
    return {"checkpoint": written}


@router.post("/{thread_id}/state/checkpoint")
async def state_at_post(thread_id: ThreadId, body: StateAt, desk: DeskDep,
                        owner: Owner) -> dict[str, Any]:
    return await _state(desk, thread_id, owner, body.checkpoint, body.subgraphs, body.select)


@router.get("/{thread_id}/state/{checkpoint_id}")
async def state_at_get(thread_id: ThreadId, checkpoint_id: IdentPath, desk: DeskDep,
                       owner: Owner, subgraphs: bool = False,
                       select: Select = None) -> dict[str, Any]:
    return await _state(desk, thread_id, owner, CheckpointIn(checkpoint_id=checkpoint_id),
                        subgraphs, select)


async def _history(desk: DeskDep, thread_id: str, owner: str | None, query: HistoryQuery,
                   ) -> list[dict[str, Any]]:
    check_select(query.select, STATE_FIELDS, values_keys=True)
    thread = await desk.store.get_thread(thread_id, owner)
    before = (query.before.model_dump(exclude={"thread_id"}) if isinstance(
        query.before, CheckpointIn) else query.before)
    snapshots = await threadstate.history(
        desk, thread, limit=query.limit, before=before, metadata=query.metadata,
        checkpoint=query.checkpoint.model_dump(exclude={"thread_id"}) if query.checkpoint
        else None)
    return [select_state(state_view(s), query.select) for s in snapshots]


@router.get("/{thread_id}/history")
async def history_get(thread_id: ThreadId, desk: DeskDep, owner: Owner,
                      limit: Annotated[int, Query(ge=1, le=1000)] = 10,
                      before: Annotated[str | None, Query(max_length=ID_MAX,
                                                          pattern=ID_PATTERN)] = None,
                      ) -> list[dict[str, Any]]:
    return await _history(desk, thread_id, owner, HistoryQuery(limit=limit, before=before))


@router.post("/{thread_id}/history")
async def history_post(thread_id: ThreadId, body: HistoryQuery, desk: DeskDep, owner: Owner,
                       ) -> list[dict[str, Any]]:
    return await _history(desk, thread_id, owner, body)


@router.get("/{thread_id}/audit")
async def audit(thread_id: ThreadId, desk: DeskDep, owner: Owner) -> list[dict[str, Any]]:
    """The thread's timeline: runs, tool calls and decisions with actor and time."""
    await desk.store.get_thread(thread_id, owner)
    return [e.model_dump(mode="json") for e in await desk.store.audit_trail(thread_id)]


# -- the thread's stream -------------------------------------------------------------


def _stream_modes(stream_mode: list[str] | None, stream_modes: list[str] | None) -> set[str]:
    """The SDK sends ``stream_mode``, the Agent Server reads ``stream_modes`` (either, each
    comma-separated or repeated): ``run_modes`` (every event the runs stream, the default),
    ``lifecycle`` (a run's start and end only) and ``state_update`` (each state update)."""
    asked = {m.strip() for v in (stream_mode or []) + (stream_modes or [])
             for m in v.split(",")} - {""}
    other = asked - {"run_modes", "lifecycle", "state_update"}
    if other:
        raise InputError(f"{', '.join(sorted(other))} is not supported; use run_modes, "
                         "lifecycle or state_update", field="stream_mode")
    return asked or {"run_modes"}


def _parse_event_id(value: str | None) -> tuple[str | None, int]:
    """``Last-Event-ID`` of a thread stream: ``<run_id>:<seq>`` (None: from the start)."""
    if not value:
        return None, 0
    run_id, sep, seq = value.rpartition(":")
    if not sep or not run_id or not seq.isdigit():
        raise InputError("Last-Event-ID: expected <run_id>:<seq> as this stream sent it",
                         field="last-event-id")
    return run_id, int(seq)


async def _state_updates(desk: DeskDep, thread: ThreadRecord, public_id: str,
                         mark: int) -> tuple[int, list[dict[str, Any]]]:
    """The ``state_update`` events of the updates after audit entry ``mark`` (as the Agent
    Server sends them: the thread's state at the written checkpoint), and the next mark."""
    mark, entries = await desk.store.audit_since(thread.thread_id, "state_updated", mark)
    events = []
    for entry in entries:
        ref = {"checkpoint_id": entry.data.get("checkpoint_id"), "checkpoint_ns": ""}
        snapshot = await threadstate.state_at(desk, thread, ref)
        if snapshot is not None:  # no id: a reconnect resumes from the runs' events
            events.append({"event": "state_update", "data": dumps(
                {"state": state_view(snapshot), "thread_id": public_id})})
    return mark, events


async def _thread_events(desk: DeskDep, manager: RunManager, request: Request,
                         thread: ThreadRecord, run_id: str | None, after: int,
                         modes: set[str]) -> AsyncIterator[dict[str, Any]]:
    """Every event of the thread's runs in order, from the one after ``run_id``/``after``,
    then each new run's as it comes, until the client leaves or the thread is deleted;
    with ``state_update``, each state update written from now on too."""
    done: set[str] = set()
    updates = "state_update" in modes
    mark = (await desk.store.audit_since(thread.thread_id, "state_updated", None))[0] \
        if updates else 0
    public_id = request.path_params["thread_id"]
    while not await request.is_disconnected():
        if updates:
            mark, updated = await _state_updates(desk, thread, public_id, mark)
            for update in updated:
                yield update
        runs = await desk.store.list_runs(thread.thread_id)
        if run_id is not None:  # replay: runs before the last one seen are done
            ids = [r.run_id for r in runs]
            done.update(ids[:ids.index(run_id)] if run_id in ids else [])
        fresh = [r for r in runs if r.run_id not in done]
        for run in fresh:
            start = after if run.run_id == run_id else 0
            try:
                async for item in manager.events(run.run_id, start):
                    if await request.is_disconnected():
                        return
                    event, data = item.event, item.data
                    if event == "end":  # as the Agent Server marks a run's end on a thread
                        event, data = "metadata", dumps({"status": "run_done",
                                                         "run_id": run.run_id})
                    if "run_modes" in modes or (event == "metadata" and "lifecycle" in modes):
                        yield {"event": event, "data": data, "id": f"{run.run_id}:{item.seq}"}
            except NotFoundError:
                return  # the thread was deleted with its runs
            done.add(run.run_id)
        run_id = None
        if not fresh:
            try:
                await desk.store.get_thread(thread.thread_id)
            except NotFoundError:
                return
            await asyncio.sleep(_NEW_RUN_POLL)


@router.get("/{thread_id}/stream")
async def join_thread_stream(
        thread_id: ThreadId, request: Request, desk: DeskDep, manager: ManagerDep,
        owner: Owner, last_event_id: Annotated[str | None, Header()] = None,
        stream_mode: Annotated[list[str] | None, Query()] = None,
        stream_modes: Annotated[list[str] | None, Query()] = None) -> EventSourceResponse:
    """The events of the thread's runs, current and following, as SSE; a client that
    comes back with ``Last-Event-ID`` gets what it missed."""
    modes = _stream_modes(stream_mode, stream_modes)
    thread = await desk.store.get_thread(thread_id, owner)
    run_id, after = _parse_event_id(last_event_id)
    if run_id is not None and run_id not in {r.run_id for r in
                                             await desk.store.list_runs(thread_id)}:
        raise UserError(f"Last-Event-ID: run {run_id!r} is not a run of this thread")
    return EventSourceResponse(
        _thread_events(desk, manager, request, thread, run_id, after, modes),
        ping=request.app.state.ping_seconds)
