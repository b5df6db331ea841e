"""Runs: background, streamed (SSE) and waited; join, reconnect, cancel; stateless runs."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from datetime import timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, Response
from langgraph.types import StateSnapshot
from sse_starlette import EventSourceResponse

from agentdesk.errors import (
    AgentdeskError,
    ConflictError,
    InputError,
    NotFoundError,
    ThreadBusyError,
)
from agentdesk.runtime.approvals import Decision, InterruptPayload, decision_for
from agentdesk.runtime.assistants import AssistantStore, ResolvedAssistant, resolve_assistant
from agentdesk.runtime.durable.queue import ACTIVE
from agentdesk.runtime.durable.webhooks import check_webhook_url
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import Lifecycle, PreparedRun
from agentdesk.runtime.storage.persistence import now
from agentdesk.runtime.storage.rollback import rollback_run
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
from agentdesk.server.schemas import RunCreate, RunsCancel
from agentdesk.server.serialize import dumps_bytes, to_jsonable
from agentdesk.server.stream import parse_last_event_id
from agentdesk.server.views import interrupts_view, run_view
from agentdesk.server.waiting import kept_alive

router = APIRouter(tags=["runs"])
CancelAction = Literal["interrupt", "rollback"]


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
    lifecycle = _lifecycle(body)
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

        async def attempt(lifecycle: Lifecycle) -> PreparedRun:
            return await desk.prepare_decide(thread_id, decision, owner=owner,
                                             lifecycle=lifecycle, **launch)
    elif body.input is None and options.checkpoint_id is None:
        # No input: continue the thread from its last checkpoint (after a crash or cancel).
        thread = await desk.store.get_thread(thread_id, owner) if thread_id else None
        if thread is None or thread.agent is None:
            raise InputError("give input, or command.resume to answer an interrupt",
                             field="input")

        async def attempt(lifecycle: Lifecycle) -> PreparedRun:
            return await desk.prepare_resume(thread.thread_id, owner=owner, actor=who.actor(),
                                             display_name=who.beside(), lifecycle=lifecycle,
                                             **launch)
    else:
        # A graph of your own gets its input as sent; the built-in agents take request text.
        # No input with a checkpoint_id: replay from that checkpoint.
        payload = (body.input if spec.origin or body.input is None
                   else agent_payload(body.input, spec.request_field))

        async def attempt(lifecycle: Lifecycle) -> PreparedRun:
            return await desk.prepare_start(spec.name, payload, thread_id=thread_id,
                                            owner=owner, actor=who.actor(),
                                            display_name=who.beside(),
                                            metadata=body.metadata, lifecycle=lifecycle,
                                            **launch)
    try:
        return await _recorded(desk, owner, assistant, await attempt(lifecycle))
    except ThreadBusyError:
        strategy = body.multitask_strategy
        if thread_id is None or strategy == "reject":
            raise
        if strategy == "enqueue":
            if body.input is None:
                raise ThreadBusyError(
                    f"thread {thread_id!r} is busy; multitask_strategy 'enqueue' queues runs "
                    "with input only (a resume answers the interrupt as it is now)",
                    thread_id=thread_id) from None
            return await _recorded(desk, owner, assistant,
                                   await attempt(replace(lifecycle, wait=True)))
    # interrupt, rollback: the runs that hold or wait for the thread give way to this one.
    await stop_thread_runs(desk, manager, thread_id, strategy)
    return await _recorded(desk, owner, assistant, await attempt(lifecycle))


async def _recorded(desk: Desk, owner: str | None, assistant: ResolvedAssistant,
                    run: PreparedRun) -> PreparedRun:
    """``run``, its assistant noted beside it (a created one's id and version)."""
    await AssistantStore(desk.persistence.engine, owner).record_run(
        run.run_id, run.thread_id, assistant)
    return run


def _lifecycle(body: RunCreate) -> Lifecycle:
    run_after = (now() + timedelta(seconds=body.after_seconds)
                 if body.after_seconds else None)
    return Lifecycle(run_after=run_after, on_completion=body.on_completion,
                     multitask_strategy=body.multitask_strategy, metadata=body.metadata)


async def stop_run(desk: Desk, manager: RunManager, run_id: str, action: CancelAction) -> None:
    """Cancel run ``run_id`` wherever it runs and wait for its end; ``rollback`` then removes
    it and every checkpoint it wrote (the thread is again as it was before it)."""
    run = await desk.store.get_run(run_id)
    if run.status not in ACTIVE:  # ended already: nothing to stop, nothing rolled back
        return
    await manager.cancel(run_id)
    await manager.wait(run_id)
    if action == "rollback":
        await rollback_run(desk.persistence.engine, run.thread_id, run_id)


async def stop_runs(desk: Desk, manager: RunManager, run_ids: list[str],
                    action: CancelAction) -> None:
    """Stop these runs: the pending ones first, so that stopping a running one cannot hand
    its thread to one of them (the queue starts a thread's next run as one ends)."""
    found = [await desk.store.get_run(run_id) for run_id in dict.fromkeys(run_ids)]
    for run in sorted(found, key=lambda r: r.status != "pending"):
        await stop_run(desk, manager, run.run_id, action)


async def stop_thread_runs(desk: Desk, manager: RunManager, thread_id: str,
                           action: CancelAction) -> None:
    """Stop every pending or running run of ``thread_id`` (``interrupt``/``rollback``)."""
    await stop_runs(desk, manager, [run.run_id for run in await desk.store.list_runs(thread_id)
                                    if run.status in ACTIVE], action)


async def _new_thread(desk: Desk, caller: Caller) -> str:
    thread_id = caller.ids.inward(str(uuid.uuid4()))
    await desk.store.create_thread(thread_id, None, owner=caller.owner, model=None)
    return thread_id


def _sse(manager: RunManager, request: Request, run_id: str, after: int, *,
         cancel_on_disconnect: bool = False, modes: set[str] | None = None,
         at_end: Callable[[], Awaitable[None]] | None = None) -> AsyncIterator[dict]:
    async def generate() -> AsyncIterator[dict[str, Any]]:
        ended = False
        try:
            async for item in manager.events(run_id, after):
                if await request.is_disconnected():
                    return  # by default the run goes on; the client may rejoin
                if _in_modes(item.event, modes):
                    yield {"event": item.event, "data": item.data, "id": str(item.seq)}
            ended = True
        finally:
            if not ended and cancel_on_disconnect:  # on_disconnect="cancel"
                manager.cancel_soon(run_id)
        if at_end is not None:
            await at_end()
    return generate()


def _stream_response(manager: RunManager, request: Request, thread_id: str, run_id: str,
                     after: int = 0, *, cancel_on_disconnect: bool = False,
                     modes: set[str] | None = None,
                     at_end: Callable[[], Awaitable[None]] | None = None,
                     ) -> EventSourceResponse:
    location = f"/threads/{thread_id}/runs/{run_id}/stream"
    return EventSourceResponse(
        _sse(manager, request, run_id, after, cancel_on_disconnect=cancel_on_disconnect,
             modes=modes, at_end=at_end),
        ping=request.app.state.ping_seconds,
        headers={"Location": location, "Content-Location": location})


def _waited(desk: Desk, manager: RunManager, request: Request, thread_id: str, run_id: str,
            owner: str | None, cancel_on_disconnect: bool, *,
            at_end: Callable[[], Awaitable[None]] | None = None) -> Awaitable[Response]:
    """The run's final values, kept alive while they take time (:func:`kept_alive`); with
    ``cancel_on_disconnect``, a caller that hangs up first cancels the run
    (``on_disconnect="cancel"``); ``at_end`` runs once the run ended, either way."""
    async def answer() -> dict[str, Any]:
        values = await _final_values(desk, manager, thread_id, run_id, owner)
        if at_end is not None:
            await at_end()
        return values

    async def hung_up() -> None:
        await manager.cancel(run_id)
        if at_end is not None:
            await manager.wait(run_id)
            await at_end()

    return kept_alive(request, answer(), render=dumps_bytes,
                      headers={"Location": f"/threads/{thread_id}/runs/{run_id}/join",
                               "Content-Location": f"/threads/{thread_id}/runs/{run_id}"},
                      on_hangup=hung_up if cancel_on_disconnect else None)


async def _final(desk: Desk, manager: RunManager, thread_id: str, run_id: str,
                 owner: str | None) -> dict[str, Any]:
    """What ``runs.wait``/``join`` return: the thread's values, with its interrupt or error."""
    return to_jsonable(await _final_values(desk, manager, thread_id, run_id, owner))


async def _final_values(desk: Desk, manager: RunManager, thread_id: str, run_id: str,
                        owner: str | None) -> dict[str, Any]:
    """:func:`_final` before it is made JSON types: the state's own values, for an answer
    that encodes them once, straight to its body (:func:`.serialize.dumps_bytes`)."""
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
    values: dict[str, Any] = dict(snapshot.values if snapshot else {})
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


def _on_thread(body: RunCreate) -> RunCreate:
    """A run on a thread keeps its thread: ``on_completion="delete"`` is for stateless runs."""
    if body.on_completion == "delete":
        raise InputError("on_completion 'delete' is not supported on a thread's run: only a "
                         "stateless run's own thread is deleted", field="on_completion")
    return body


@router.post("/threads/{thread_id}/runs")
async def create_run(thread_id: RunThreadId, body: RunCreate, desk: DeskDep, manager: ManagerDep,
                     owner: Owner, caller: CallerDep) -> dict[str, Any]:
    run = await prepare(desk, manager, thread_id, _on_thread(body), owner, caller)
    await manager.launch(run)
    return run_view(await desk.store.get_run(run.run_id), run.spec.name,
                    (await _assistants(desk, owner, [run.run_id])).get(run.run_id))


@router.post("/threads/{thread_id}/runs/stream")
async def stream_run(thread_id: RunThreadId, body: RunCreate, request: Request, desk: DeskDep,
                     manager: ManagerDep, owner: Owner, caller: CallerDep) -> EventSourceResponse:
    run = await prepare(desk, manager, thread_id, _on_thread(body), owner, caller)
    await manager.launch(run)
    return _stream_response(manager, request, thread_id, run.run_id,
                            cancel_on_disconnect=body.on_disconnect == "cancel")


@router.post("/threads/{thread_id}/runs/wait", response_model=None)
async def wait_run(thread_id: RunThreadId, body: RunCreate, request: Request, desk: DeskDep,
                   manager: ManagerDep, owner: Owner, caller: CallerDep) -> Response:
    run = await prepare(desk, manager, thread_id, _on_thread(body), owner, caller)
    await manager.launch(run, waited=True)
    return await _waited(desk, manager, request, thread_id, run.run_id, owner,
                         body.on_disconnect == "cancel")


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


@router.delete("/threads/{thread_id}/runs/{run_id}", status_code=204)
async def delete_run(thread_id: ThreadId, run_id: IdentPath, desk: DeskDep,
                     owner: Owner) -> Response:
    """Delete an ended run and its events (its checkpoints stay: the thread's history)."""
    await _owned_run(desk, thread_id, run_id, owner)
    if not await desk.store.delete_run(run_id):
        raise ConflictError(f"run {run_id!r} is pending or running; cancel it first",
                            run_id=run_id)
    return Response(status_code=204)


@router.get("/threads/{thread_id}/runs/{run_id}/join", response_model=None)
async def join_run(thread_id: ThreadId, run_id: IdentPath, request: Request, desk: DeskDep,
                   manager: ManagerDep, owner: Owner, cancel_on_disconnect: bool = False,
                   ) -> Response:
    """Wait for the run's end: the thread's values (kept alive while it runs)."""
    await _owned_run(desk, thread_id, run_id, owner)
    return await _waited(desk, manager, request, thread_id, run_id, owner,
                         cancel_on_disconnect)


@router.get("/threads/{thread_id}/runs/{run_id}/stream")
async def join_stream(thread_id: ThreadId, run_id: IdentPath, request: Request, desk: DeskDep,
                      manager: ManagerDep, owner: Owner,
                      last_event_id: Annotated[str | None, Header()] = None,
                      cancel_on_disconnect: bool = False,
                      stream_mode: Annotated[list[str] | None, Query()] = None,
                      ) -> EventSourceResponse:
    """Rejoin a run's stream; ``stream_mode``: only those modes' events (the SDK sends
    an empty value for none); ``cancel_on_disconnect``: a hang-up cancels the run."""
    await _owned_run(desk, thread_id, run_id, owner)
    modes = {m for m in stream_mode or () if m}
    return _stream_response(manager, request, thread_id, run_id,
                            parse_last_event_id(last_event_id),
                            cancel_on_disconnect=cancel_on_disconnect, modes=modes or None)


def _in_modes(event: str, modes: set[str] | None) -> bool:
    """Whether an event belongs to one of ``modes`` (``messages/partial``, ``updates|sub``
    are their mode's); the run's own ``metadata``, ``error`` and ``end`` always do."""
    mode = event.split("|", 1)[0].split("/", 1)[0]
    return modes is None or mode in modes or mode in ("metadata", "error", "end")


@router.post("/threads/{thread_id}/runs/{run_id}/cancel")
async def cancel_run(thread_id: ThreadId, run_id: IdentPath, desk: DeskDep, manager: ManagerDep,
                     owner: Owner, wait: bool = False, action: CancelAction = "interrupt",
                     ) -> dict[str, Any]:
    """Cancel a pending or running run; ``wait``: answer once it ended, with the thread's
    values (as ``join``); ``action="rollback"``: remove it and its checkpoints too."""
    thread, run = await _owned_run(desk, thread_id, run_id, owner)
    if run.status not in ACTIVE:
        raise ConflictError(f"run {run_id!r} is not running (status: {run.status})")
    if action == "rollback":  # the run is gone: answer with the thread as it is again
        await stop_run(desk, manager, run_id, action)
        if wait:
            _, snapshot = await desk.snapshot(thread_id, owner)
            return to_jsonable(snapshot.values if snapshot else {})
        return run_view(run.model_copy(update={"status": "cancelled"}), thread.agent)
    await manager.cancel(run_id)
    if wait:
        return await _final(desk, manager, thread_id, run_id, owner)
    return run_view(await desk.store.get_run(run_id), thread.agent,
                    (await _assistants(desk, owner, [run_id])).get(run_id))


@router.post("/runs/cancel", status_code=204)
async def cancel_runs(body: RunsCancel, desk: DeskDep, manager: ManagerDep, owner: Owner,
                      action: CancelAction = "interrupt") -> Response:
    """Cancel runs by thread and ids, or every run of a status (``pending``/``running``/``all``,
    the caller's own threads only)."""
    if body.status is not None:
        statuses = ACTIVE if body.status == "all" else (body.status,)
        run_ids = [r.run_id for r in await desk.store.find_runs(statuses, owner)]
    else:
        assert body.thread_id is not None and body.run_ids is not None
        for run_id in body.run_ids:
            await _owned_run(desk, body.thread_id, run_id, owner)
        run_ids = list(body.run_ids)
    await stop_runs(desk, manager, run_ids, action)
    return Response(status_code=204)


# -- stateless: a new thread for each run -----------------------------------------


async def _launch_stateless(desk: Desk, manager: RunManager, body: RunCreate,
                            caller: Caller, *, waited: bool = False) -> PreparedRun:
    """Launch ``body`` on a new thread; a refused run takes its thread away with it.

    The thread is deleted once the run ended unless ``on_completion="keep"`` (the
    Agent Server's default for a stateless run is ``delete``)."""
    await resolve_assistant(desk, body.assistant_id, caller.owner)
    if body.on_completion is None:
        body = body.model_copy(update={"on_completion": "delete"})
    thread_id = await _new_thread(desk, caller)
    try:
        run = await prepare(desk, manager, thread_id, body, caller.owner, caller)
    except Exception:
        await desk.store.delete_thread(thread_id)
        raise
    await manager.launch(run, waited=waited)
    return run


def _cleanup(desk: Desk, body: RunCreate, thread_id: str) -> Callable[[], Awaitable[None]]:
    """Delete a stateless run's thread once its caller has had the result. A run with a
    webhook keeps its thread for the delivery: the worker loop's sweep deletes it after."""
    async def cleanup() -> None:
        if body.on_completion != "keep" and body.webhook is None:
            with contextlib.suppress(AgentdeskError):
                await desk.delete_thread(thread_id)
    return cleanup


@router.post("/runs")
async def stateless_create(body: RunCreate, desk: DeskDep, manager: ManagerDep,
                           caller: CallerDep) -> dict[str, Any]:
    run = await _launch_stateless(desk, manager, body, caller)
    if body.on_completion != "keep" and body.webhook is None:
        manager.when_ended(run.run_id, lambda: asyncio.ensure_future(
            _cleanup(desk, body, run.thread_id)()))
    return run_view(await desk.store.get_run(run.run_id), run.spec.name)


@router.post("/runs/batch")
async def stateless_batch(bodies: list[RunCreate], desk: DeskDep, manager: ManagerDep,
                          caller: CallerDep) -> list[dict[str, Any]]:
    """Several stateless background runs; all are checked before any is created."""
    for body in bodies:
        await resolve_assistant(desk, body.assistant_id, caller.owner)
    return [await stateless_create(body, desk, manager, caller) for body in bodies]


@router.post("/runs/stream")
async def stateless_stream(body: RunCreate, request: Request, desk: DeskDep,
                           manager: ManagerDep, owner: Owner, caller: CallerDep,
                           ) -> EventSourceResponse:
    run = await _launch_stateless(desk, manager, body, caller)
    return _stream_response(manager, request, run.thread_id, run.run_id,
                            cancel_on_disconnect=body.on_disconnect == "cancel",
                            at_end=_cleanup(desk, body, run.thread_id))


@router.post("/runs/wait", response_model=None)
async def stateless_wait(body: RunCreate, request: Request, desk: DeskDep, manager: ManagerDep,
                         owner: Owner, caller: CallerDep) -> Response:
    run = await _launch_stateless(desk, manager, body, caller, waited=True)
    return await _waited(desk, manager, request, run.thread_id, run.run_id, owner,
                         body.on_disconnect == "cancel",
                         at_end=_cleanup(desk, body, run.thread_id))
