"""The SDK's thread-centric streaming (v2): thread commands and the thread event stream.

``POST /threads/{id}/commands`` takes one JSON command ``{"id": <int>, "method": ...,
"params": {...}}`` and answers ``{"type": "success", "id", "result", "meta":
{"applied_through_seq": 0}}`` or ``{"type": "error", "id", "error": <code>, "message"}``
(HTTP 200, as the SDK reads it; a body that is no command at all is a 400, a thread
that does not exist a 404). ``applied_through_seq`` is 0, as ``langgraph dev`` answers
over HTTP (a command's connection carries no events); the SDK reads it as the least
``since`` to come back with, and 0 asks for everything.
Commands: ``run.start`` (``assistant_id``, ``input``, ``config``, ``metadata``,
``multitask_strategy`` or the JS SDK's ``multitaskStrategy``; creates the thread if it
does not exist; result ``{run_id}``) and ``input.respond`` (``interrupt_id``,
``response``, ``namespace``; or ``responses``, a list of one such entry; resumes the
thread's pending interrupt; result ``{run_id}`` of the run that resumes it).

``POST /threads/{id}/stream/events`` (body ``{"channels", "namespaces", "depth",
"since"}``, else a 400 naming the field) streams the thread's runs, past and following,
as protocol events (:mod:`agentdesk.server.eventproto`) over SSE until the client
leaves or the thread is deleted; ``since`` skips the events up to that ``seq``. Runs
are started and answered through :func:`agentdesk.server.routes.runs.prepare`, as
``POST /threads/{id}/runs`` starts them. The WebSocket transport is not served.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from sse_starlette import EventSourceResponse

from agentdesk.errors import InputError, NotFoundError, UserError
from agentdesk.runtime.assistants import AssistantStore
from agentdesk.runtime.durable.queue import ACTIVE
from agentdesk.runtime.runs.desk import Desk
from agentdesk.server.deps import CallerDep, DeskDep, ManagerDep, Owner, ThreadId, taken_thread
from agentdesk.server.eventproto import CHANNELS, RUN_MODES, RunTranslator, StreamFilter
from agentdesk.server.manager import RunManager
from agentdesk.server.routes.runs import prepare
from agentdesk.server.schemas import RunCreate
from agentdesk.server.serialize import dumps
from agentdesk.server.stream import StreamEvent
from agentdesk.server.views import api_run_status

router = APIRouter(tags=["threads"])

_NEW_RUN_POLL = 0.5
"""How often a thread event stream looks for the thread's next run."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EventStreamBody(_Strict):
    channels: list[str] = Field(min_length=1)
    namespaces: list[list[str]] | None = None
    depth: int | None = Field(default=None, ge=0)
    since: int | None = Field(default=None, ge=0)
    metadata: dict[str, Any] | None = None
    """Not the client's: what a langgraph.json ``auth`` handler added (ignored)."""

    @field_validator("channels")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        odd = [c for c in value if c not in CHANNELS and not c.startswith("custom:")]
        if odd:
            raise ValueError(f"unsupported {', '.join(odd[:5])}; allowed: "
                             f"{', '.join(sorted(CHANNELS))} or custom:<name>")
        return value


_Strategy = Literal["reject", "enqueue", "interrupt", "rollback"]


class RunStartParams(_Strict):
    assistant_id: str = Field(min_length=1)
    input: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    multitask_strategy: _Strategy | None = None
    multitaskStrategy: _Strategy | None = None  # the JS SDK spells it so
    langsmith_tracer: Any = None


class _Answer(_Strict):
    interrupt_id: str = Field(min_length=1)
    response: Any = None
    namespace: list[str] = Field(default_factory=list)


class InputRespondParams(_Answer):
    interrupt_id: str = ""  # or in ``responses``
    responses: list[_Answer] | None = Field(default=None, min_length=1, max_length=1)
    update: Any = None
    goto: Any = None
    config: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None


class _Refused(Exception):
    """A command refused with a protocol error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _params(model: type[_Strict], raw: Any) -> Any:
    try:
        return model.model_validate(raw if raw is not None else {})
    except ValidationError as exc:
        raise _Refused("invalid_argument",
                       InputError.from_validation(exc, "params").message) from None


async def _run_start(desk: Desk, manager: RunManager, thread_id: str, caller: CallerDep,
                     raw: Any, stamped: dict[str, Any]) -> dict[str, Any]:
    params: RunStartParams = _params(RunStartParams, raw)
    try:
        body = RunCreate(assistant_id=params.assistant_id, input=params.input,
                         config=params.config, metadata=params.metadata,
                         multitask_strategy=params.multitask_strategy
                         or params.multitaskStrategy or "enqueue",
                         langsmith_tracer=params.langsmith_tracer,
                         stream_mode=list(RUN_MODES), stream_subgraphs=True,  # type: ignore[arg-type]
                         if_not_exists="create")
    except ValidationError as exc:
        raise _Refused("invalid_argument",
                       InputError.from_validation(exc, "params").message) from None
    created = not await taken_thread(desk, thread_id, caller.owner, own_ok=True)
    if created:  # with what langgraph.json ``auth`` stamped on the request (its owner)
        await desk.store.create_thread(thread_id, None, owner=caller.owner, model=None,
                                       metadata=stamped)
    try:
        run = await prepare(desk, manager, thread_id, body, caller.owner, caller)
    except BaseException as exc:
        if created:  # refused: the thread made for it goes too, leaving no trace
            await desk.delete_thread(thread_id)
        if isinstance(exc, NotFoundError):  # the thread is there: the assistant is not
            raise _Refused("invalid_argument",
                           f"params.assistant_id: {exc.message}") from None
        raise
    await manager.launch(run)
    return {"run_id": run.run_id}


async def _input_respond(desk: Desk, manager: RunManager, thread_id: str, caller: CallerDep,
                         raw: Any, stamped: dict[str, Any]) -> dict[str, Any]:
    params: InputRespondParams = _params(InputRespondParams, raw)
    answer: _Answer = params.responses[0] if params.responses else params
    if not answer.interrupt_id:
        raise _Refused("invalid_argument", "params.interrupt_id: required")
    _, snapshot = await desk.snapshot(thread_id, caller.owner)  # 404 for no such thread
    pending = {i.id for i in (snapshot.interrupts if snapshot is not None else ())}
    if answer.interrupt_id not in pending:
        raise _Refused("no_such_interrupt", f"params.interrupt_id: {answer.interrupt_id!r} "
                       "is not an interrupt this thread waits on")
    runs = await desk.store.list_runs(thread_id)
    if not runs:
        raise _Refused("no_such_run", "no run is bound to this thread")
    if runs[-1].status in ACTIVE:  # it wrote its interrupt and is ending: answer after it
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(manager.wait(runs[-1].run_id), _ENDING_SECONDS)
    made = await AssistantStore(desk.persistence.engine, caller.owner).run_assistant_ids(
        [runs[-1].run_id])
    thread = await desk.store.get_thread(thread_id, caller.owner)
    assistant = made.get(runs[-1].run_id) or thread.agent
    command: dict[str, Any] = {"resume": answer.response}
    command.update({k: v for k, v in (("update", params.update), ("goto", params.goto))
                    if v is not None})
    try:
        body = RunCreate(assistant_id=str(assistant), command=command,  # type: ignore[arg-type]
                         config=params.config, metadata=params.metadata,
                         stream_mode=list(RUN_MODES), stream_subgraphs=True)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise _Refused("invalid_argument",
                       InputError.from_validation(exc, "params").message) from None
    run = await prepare(desk, manager, thread_id, body, caller.owner, caller)
    await manager.launch(run)
    return {"run_id": run.run_id}


_ENDING_SECONDS = 30.0
"""How long an answer waits for the run that raised its interrupt to release the thread."""

_COMMANDS = {"run.start": _run_start, "input.respond": _input_respond}


def _error(command_id: Any, code: str, message: str, status: int = 200) -> JSONResponse:
    return JSONResponse(status_code=status, content={
        "type": "error", "id": command_id, "error": code, "message": message})


@router.post("/threads/{thread_id}/commands")
async def thread_command(thread_id: ThreadId, request: Request, desk: DeskDep,
                         manager: ManagerDep, caller: CallerDep) -> JSONResponse:
    """One protocol command on the thread (``run.start``, ``input.respond``)."""
    try:
        payload = json.loads(await request.body())
    except ValueError:
        return _error(None, "invalid_argument", "body: not JSON", 400)
    if not isinstance(payload, dict):
        return _error(None, "invalid_argument", "body: expected a JSON object", 400)
    command_id = payload.get("id")
    if not isinstance(command_id, int) or isinstance(command_id, bool) or command_id < 0:
        return _error(None, "invalid_argument", "id: expected a non-negative integer", 400)
    method = payload.get("method")
    if not isinstance(method, str):
        return _error(command_id, "invalid_argument", "method: expected a string", 400)
    handler = _COMMANDS.get(method)
    if handler is None:
        return _error(command_id, "unknown_command",
                      f"method: unknown command {method!r}; supported: "
                      f"{', '.join(sorted(_COMMANDS))}")
    try:
        stamped = payload.get("metadata")  # set by langgraph.json auth, beside the command
        result = await handler(desk, manager, thread_id, caller, payload.get("params"),
                               stamped if isinstance(stamped, dict) else {})
    except _Refused as exc:
        return _error(command_id, exc.code, exc.message)
    except NotFoundError:
        raise  # the thread: 404, as every route of a thread answers
    except UserError as exc:  # refused by the run's checks (busy thread, bad input, ...)
        return _error(command_id, "invalid_argument", exc.message)
    return JSONResponse({"type": "success", "id": command_id, "result": result,
                         "meta": {"applied_through_seq": 0}})


# -- the thread event stream ---------------------------------------------------------


async def _run_events(desk: Desk, manager: RunManager, run_id: str,
                      translator: RunTranslator) -> AsyncIterator[dict[str, Any]]:
    """The protocol events of one run, to its end (a terminal lifecycle event even if
    its last attempt stored no end)."""
    async for item in manager.events(run_id, 0):
        for event in await translator.feed(item):
            yield event
    if not translator.ended:
        status = api_run_status((await desk.store.get_run(run_id)).status)
        end = StreamEvent(0, "end", dumps({"run_id": run_id, "status": status}))
        for event in await translator.feed(end):
            yield event


async def _thread_events(desk: Desk, manager: RunManager, request: Request, thread_id: str,
                         wanted: StreamFilter, since: int) -> AsyncIterator[dict[str, Any]]:
    """Every protocol event of the thread's runs in order, numbered from 1, those after
    ``since`` that ``wanted`` lets through; then each new run's, until the client
    leaves or the thread is deleted."""
    seq = 0
    done: set[str] = set()
    while not await request.is_disconnected():
        try:
            thread = await desk.store.get_thread(thread_id)
        except NotFoundError:
            return
        fresh = [r for r in await desk.store.list_runs(thread_id) if r.run_id not in done]
        for run in fresh:
            translator = RunTranslator(run.run_id, thread.agent or "root")
            try:
                async for event in _run_events(desk, manager, run.run_id, translator):
                    seq += 1
                    if seq > since and wanted.wants(event):
                        event["seq"] = seq
                        yield {"event": event["method"], "data": dumps(event), "id": str(seq)}
            except NotFoundError:
                return  # the thread was deleted with its runs
            finally:
                translator.close()
            done.add(run.run_id)
        if not fresh:
            await asyncio.sleep(_NEW_RUN_POLL)


@router.post("/threads/{thread_id}/stream/events", response_model=None, openapi_extra={
    "requestBody": {"required": True, "content": {
        "application/json": {"schema": EventStreamBody.model_json_schema()}}}})
async def thread_event_stream(thread_id: ThreadId, request: Request, desk: DeskDep,
                              manager: ManagerDep,
                              owner: Owner) -> EventSourceResponse | JSONResponse:
    """The thread's protocol events as SSE (``id`` is the event's ``seq``).

    A body it cannot take answers 400 naming the field, as ``langgraph dev`` answers an
    unknown channel, before the thread is looked up."""
    try:
        body = EventStreamBody.model_validate_json(await request.body())
    except ValidationError as exc:
        problem = InputError.from_validation(exc, fallback="body")
        return JSONResponse(status_code=400, content={"detail": problem.message})
    await desk.store.get_thread(thread_id, owner)  # 404 before the stream opens
    wanted = StreamFilter(body.channels, body.namespaces, body.depth)
    return EventSourceResponse(
        _thread_events(desk, manager, request, thread_id, wanted, body.since or 0),
        ping=request.app.state.ping_seconds)  # CRLF-framed, as langgraph dev frames it
