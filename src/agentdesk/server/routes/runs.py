"""Runs: background, streamed (SSE) and waited; join, reconnect, cancel; stateless runs."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, Response
from langgraph.types import StateSnapshot
from sse_starlette import EventSourceResponse

from agentdesk.errors import ConflictError, InputError, NotFoundError, ThreadBusyError
from agentdesk.runtime.approvals import Decision, InterruptPayload, decision_for
from agentdesk.runtime.assistants import AssistantStore, resolve_assistant
from agentdesk.runtime.durable.webhooks import check_webhook_url
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import PreparedRun
from agentdesk.server.deps import (
    Caller,
    CallerDep,
    DeskDep,
    ManagerDep,
    Owner,
    RunThreadId,
    ThreadId,
)
from agentdesk.server.ids import IdentPath
from agentdesk.server.manager import RunManager
from agentdesk.server.runoptions import run_options
from agentdesk.server.schemas import RunCreate
from agentdesk.server.serialize import to_jsonable
from agentdesk.server.stream import parse_last_event_id
from agentdesk.server.views import interrupts_view, run_view

router = APIRouter(tags=["runs"])
_ENQUEUE_POLL = 0.2


def agent_payload(data: dict[str, Any], request_field: str = "messages") -> dict[str, Any]:
    """API input to a built-in agent's input: a chat ``messages`` list becomes the user's text,
    and chat input reaches an agent whose request is another field (insurance's
    ``message``, banking's ``user_query``) in that field, unless the caller set it too."""
    payload = dict(data)
    messages = payload.get("messages")
    if isinstance(messages, list):
        texts = []
        for message in messages:
            if isinstance(message, str):
                texts.append(message)
            elif isinstance(message, dict) and message.get("role", message.get("type")) in (
                    "user", "human"):
                content = message.get("content")
                texts.append(content if isinstance(content, str) else str(content))
        payload["messages"] = "\n".join(texts) if texts else None
    if request_field != "messages" and "messages" in payload and request_field not in payload:
        text = payload.pop("messages")
        if text is not None:
            payload[request_field] = text
    return payload


async def prepare(desk: Desk, manager: RunManager, thread_id: str | None, body: RunCreate,
                  owner: str | None, caller: Caller | None = None) -> PreparedRun:
    """Check the request and record the run on its thread; refusals leave no trace."""
    who = caller or Caller(owner, None, None)  # with keys, the key's name is the actor
    assistant = await resolve_assistant(desk, body.assistant_id, owner)
    spec = assistant.spec
    # The assistant's config and context, with the run's own over them.
    options = run_options(body, thread_id, who.ids.inward, assistant=assistant)
    # A worker process executes its own runs at once; an API-only one queues them.
    launch: dict[str, Any] = {"stream_modes": body.modes(), "claim": manager.workers,
                              "options": options, "webhook": body.webhook}
    if body.webhook is not None:
        await check_webhook_url(body.webhook, desk.settings)
    if thread_id is not None and body.if_not_exists == "create":
        try:
            await desk.store.get_thread(thread_id, owner)
        except NotFoundError:
            await desk.store.create_thread(thread_id, None, owner=owner, model=None)
    if body.command is not None and body.command.resume is not None:
        if thread_id is None:
            raise InputError("a resume command needs a thread", field="command")
        resume = body.command.resume
        given = resume.get("actor") if isinstance(resume, dict) else None
        given = given if isinstance(given, str) else None

        def decision(pending: InterruptPayload) -> Decision:
            # Ours take a decision; a graph's own payload takes any JSON value as it is.
            named = given if pending.kind != "custom" else None
            return decision_for(pending, resume, actor=who.actor(named),
                                display_name=who.beside(named))

        async def attempt() -> PreparedRun:
            return await desk.prepare_decide(thread_id, decision, owner=owner, **launch)
    elif body.input is None and options.checkpoint_id is None:
        # No input: continue the thread from its last checkpoint (after a crash or cancel).
        thread = await desk.store.get_thread(thread_id, owner) if thread_id else None
        if thread is None or thread.agent is None:
            raise InputError("give input, or command.resume to answer an interrupt",
                             field="input")

        async def attempt() -> PreparedRun:
            return await desk.prepare_resume(thread.thread_id, owner=owner, actor=who.actor(),
                                             display_name=who.beside(), **launch)
    else:
        # A graph of your own gets its input as sent; the built-in agents take request text.
        # No input with a checkpoint_id: replay from that checkpoint.
        payload = (body.input if spec.origin or body.input is None
                   else agent_payload(body.input, spec.request_field))

        async def attempt() -> PreparedRun:
            return await desk.prepare_start(spec.name, payload, thread_id=thread_id,
                                            owner=owner, actor=who.actor(),
                                            display_name=who.beside(),
                                            metadata=body.metadata, **launch)
    while True:
        try:
            run = await attempt()
            await AssistantStore(desk.persistence.engine, owner).record_run(
                run.run_id, run.thread_id, assistant)
            return run
        except ThreadBusyError:
            if body.multitask_strategy != "enqueue":
                raise
            await asyncio.sleep(_ENQUEUE_POLL)


async def _new_thread(desk: Desk, caller: Caller) -> str:
    thread_id = caller.ids.inward(str(uuid.uuid4()))
    await desk.store.create_thread(thread_id, None, owner=caller.owner, model=None)
    return thread_id


def _sse(manager: RunManager, request: Request, run_id: str, after: int) -> AsyncIterator[dict]:
    async def generate() -> AsyncIterator[dict[str, Any]]:
        async for item in manager.events(run_id, after):
            if await request.is_disconnected():
                return  # the run goes on; the client may come back with Last-Event-ID
            yield {"event": item.event, "data": item.data, "id": str(item.seq)}
    return generate()


def _stream_response(manager: RunManager, request: Request, thread_id: str, run_id: str,
                     after: int = 0) -> EventSourceResponse:
    location = f"/threads/{thread_id}/runs/{run_id}/stream"
    return EventSourceResponse(
        _sse(manager, request, run_id, after), ping=request.app.state.ping_seconds,
        headers={"Location": location, "Content-Location": location})


async def _final(desk: Desk, manager: RunManager, thread_id: str, run_id: str,
                 owner: str | None) -> dict[str, Any]:
    """What ``runs.wait``/``join`` return: the thread's values, with its interrupt or error."""
    ended = await manager.wait(run_id)
    error: str | None = None
    snapshot: StateSnapshot | None
    if ended is not None:  # it ended here: its outcome and final state are at hand
        outcome, snapshot = ended
        if outcome.status == "failed":
            error = (outcome.error or {}).get("message") or "failed"
    else:
        _, snapshot = await desk.snapshot(thread_id, owner)
        run = await desk.store.get_run(run_id)
        if run.status in ("failed", "cancelled", "error"):
            error = run.error or run.status
    values: dict[str, Any] = to_jsonable(snapshot.values if snapshot else {})
    if snapshot is not None and snapshot.interrupts:
        values["__interrupt__"] = interrupts_view(snapshot)
    if error is not None:
        values["__error__"] = {"error": "RunFailed", "message": error}
    return values


async def _assistants(desk: Desk, owner: str | None, run_ids: list[str]) -> dict[str, str]:
    """The created assistants these runs ran on (a run on a graph's own: absent)."""
    return await AssistantStore(desk.persistence.engine, owner).run_assistant_ids(run_ids)


async def _owned_run(desk: Desk, thread_id: str, run_id: str, owner: str | None) -> Any:
    thread = await desk.store.get_thread(thread_id, owner)
    run = await desk.store.get_run(run_id)
    if run.thread_id != thread_id:  # the same answer as a run that does not exist
        raise NotFoundError(f"run {run_id!r} not found", run_id=run_id)
    return thread, run


# -- on a thread -------------------------------------------------------------------


@router.post("/threads/{thread_id}/runs")
async def create_run(thread_id: RunThreadId, body: RunCreate, desk: DeskDep, manager: ManagerDep,
                     owner: Owner, caller: CallerDep) -> dict[str, Any]:
    run = await prepare(desk, manager, thread_id, body, owner, caller)
    await manager.launch(run)
    return run_view(await desk.store.get_run(run.run_id), run.spec.name,
                    (await _assistants(desk, owner, [run.run_id])).get(run.run_id))


@router.post("/threads/{thread_id}/runs/stream")
async def stream_run(thread_id: RunThreadId, body: RunCreate, request: Request, desk: DeskDep,
                     manager: ManagerDep, owner: Owner, caller: CallerDep) -> EventSourceResponse:
    run = await prepare(desk, manager, thread_id, body, owner, caller)
    await manager.launch(run)
    return _stream_response(manager, request, thread_id, run.run_id)


@router.post("/threads/{thread_id}/runs/wait")
async def wait_run(thread_id: RunThreadId, body: RunCreate, response: Response, desk: DeskDep,
                   manager: ManagerDep, owner: Owner, caller: CallerDep) -> dict[str, Any]:
    run = await prepare(desk, manager, thread_id, body, owner, caller)
    await manager.launch(run, waited=True)
    response.headers["Location"] = f"/threads/{thread_id}/runs/{run.run_id}/join"
    return await _final(desk, manager, thread_id, run.run_id, owner)


@router.get("/threads/{thread_id}/runs")
async def list_runs(thread_id: ThreadId, desk: DeskDep, owner: Owner) -> list[dict[str, Any]]:
    thread = await desk.store.get_thread(thread_id, owner)
    records = list(reversed(await desk.store.list_runs(thread_id)))
    on = await _assistants(desk, owner, [r.run_id for r in records])
    return [run_view(r, thread.agent, on.get(r.run_id)) for r in records]


@router.get("/threads/{thread_id}/runs/{run_id}")
async def get_run(thread_id: ThreadId, run_id: IdentPath, desk: DeskDep, owner: Owner,
                  ) -> dict[str, Any]:
    thread, run = await _owned_run(desk, thread_id, run_id, owner)
    return run_view(run, thread.agent, (await _assistants(desk, owner, [run_id])).get(run_id))


@router.get("/threads/{thread_id}/runs/{run_id}/join")
async def join_run(thread_id: ThreadId, run_id: IdentPath, desk: DeskDep, manager: ManagerDep,
                   owner: Owner) -> dict[str, Any]:
    await _owned_run(desk, thread_id, run_id, owner)
    return await _final(desk, manager, thread_id, run_id, owner)


@router.get("/threads/{thread_id}/runs/{run_id}/stream")
async def join_stream(thread_id: ThreadId, run_id: IdentPath, request: Request, desk: DeskDep,
                      manager: ManagerDep, owner: Owner,
                      last_event_id: Annotated[str | None, Header()] = None,
                      ) -> EventSourceResponse:
    await _owned_run(desk, thread_id, run_id, owner)
    return _stream_response(manager, request, thread_id, run_id,
                            parse_last_event_id(last_event_id))


@router.post("/threads/{thread_id}/runs/{run_id}/cancel")
async def cancel_run(thread_id: ThreadId, run_id: IdentPath, desk: DeskDep, manager: ManagerDep,
                     owner: Owner) -> dict[str, Any]:
    thread, run = await _owned_run(desk, thread_id, run_id, owner)
    if run.status not in ("pending", "running"):
        raise ConflictError(f"run {run_id!r} is not running (status: {run.status})")
    await manager.cancel(run_id)
    return run_view(await desk.store.get_run(run_id), thread.agent,
                    (await _assistants(desk, owner, [run_id])).get(run_id))


# -- stateless: a new thread for each run -----------------------------------------


async def _launch_stateless(desk: Desk, manager: RunManager, body: RunCreate,
                            caller: Caller, *, waited: bool = False) -> PreparedRun:
    """Launch ``body`` on a new thread; a refused run takes its thread away with it."""
    await resolve_assistant(desk, body.assistant_id, caller.owner)
    thread_id = await _new_thread(desk, caller)
    try:
        run = await prepare(desk, manager, thread_id, body, caller.owner, caller)
    except Exception:
        await desk.store.delete_thread(thread_id)
        raise
    await manager.launch(run, waited=waited)
    return run


@router.post("/runs/stream")
async def stateless_stream(body: RunCreate, request: Request, desk: DeskDep,
                           manager: ManagerDep, owner: Owner, caller: CallerDep,
                           ) -> EventSourceResponse:
    run = await _launch_stateless(desk, manager, body, caller)
    return _stream_response(manager, request, run.thread_id, run.run_id)


@router.post("/runs/wait")
async def stateless_wait(body: RunCreate, response: Response, desk: DeskDep,
                         manager: ManagerDep, owner: Owner, caller: CallerDep) -> dict[str, Any]:
    run = await _launch_stateless(desk, manager, body, caller, waited=True)
    response.headers["Location"] = f"/threads/{run.thread_id}/runs/{run.run_id}/join"
    return await _final(desk, manager, run.thread_id, run.run_id, owner)
