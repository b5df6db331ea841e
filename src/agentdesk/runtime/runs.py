"""Start, decide and resume runs; thread status; one place that drives a graph.

:class:`Desk` is what the CLI (and later the server) holds: open it with
:meth:`Desk.open`, which opens the database and closes it on exit.
"""

from __future__ import annotations

import asyncio
import getpass
import inspect
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal, cast

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphRecursionError
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command, StateSnapshot, StreamMode
from pydantic import BaseModel, ValidationError

from agentdesk.errors import AgentdeskError, ConflictError, DecisionError, InputError
from agentdesk.models import get_chat_model
from agentdesk.settings import Settings, get_settings
from agentdesk.toolservers import open_tools

from .approvals import Decision, InterruptPayload, check_decision
from .context import AgentContext
from .events import Event, EventSink, events_from_chunk
from .persistence import Persistence, open_persistence
from .registry import AgentSpec, get_agent
from .store import AppStore, ThreadRecord
from .tools import ToolPolicy

__all__ = ["ChunkSink", "Desk", "PreparedRun", "RunOutcome", "ThreadView"]

RunStatus = Literal["interrupted", "completed", "failed"]


class RunOutcome(BaseModel):
    """How a run ended, as the CLI's ``--json`` prints it."""

    thread_id: str | None
    run_id: str | None = None
    status: RunStatus
    interrupt: dict[str, Any] | None = None
    result: Any = None
    error: dict[str, Any] | None = None

    def public(self) -> dict[str, Any]:
        return self.model_dump(mode="json", include={"thread_id", "status", "interrupt",
                                                     "result", "error"})


@dataclass
class PreparedRun:
    """A run that passed every check and holds its thread; :meth:`Desk.execute` drives it."""

    spec: AgentSpec
    thread_id: str
    run_id: str
    kind: str
    graph_input: Any
    model_spec: str
    chat_model: Any
    actor: str | None


ChunkSink = Callable[[str, Any], Awaitable[None]]


class ThreadView(BaseModel):
    """A thread as a person sees it: record, values and pending interrupt."""

    thread: ThreadRecord
    values: dict[str, Any]
    next: list[str]
    interrupt: InterruptPayload | None


def render_view(view: ThreadView) -> str:
    """The agent's render-ready text of a thread's state ("" if it has none)."""
    if view.thread.agent is None:
        return ""
    spec = get_agent(view.thread.agent)
    return spec.render(view.values) if spec.render else ""


def _pending(state: Any) -> InterruptPayload | None:
    for item in state.interrupts:
        if isinstance(item.value, dict) and "kind" in item.value:
            return InterruptPayload.model_validate({**item.value, "id": item.id})
    return None


class Desk:
    """The runtime of one process: persistence, agents, models and tool servers."""

    def __init__(self, settings: Settings, persistence: Persistence) -> None:
        self.settings = settings
        self.persistence = persistence
        self.store = AppStore(persistence.engine)

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings | None = None) -> AsyncIterator[Desk]:
        settings = settings or get_settings()
        async with open_persistence(settings.resolved_database_url) as persistence:
            yield cls(settings, persistence)

    def default_actor(self) -> str:
        return self.settings.actor or getpass.getuser()

    def _graph(self, spec: AgentSpec) -> CompiledStateGraph[Any, Any, Any, Any]:
        return spec.build_graph().compile(checkpointer=self.persistence.checkpointer)

    def _config(self, spec: AgentSpec, thread_id: str) -> RunnableConfig:
        return {"configurable": {"thread_id": thread_id}, "recursion_limit": spec.recursion_limit}

    # -- reading -----------------------------------------------------------------

    async def view(self, thread_id: str, owner: str | None = None) -> ThreadView:
        thread = await self.store.get_thread(thread_id, owner)
        if thread.agent is None:  # created, never run
            return ThreadView(thread=thread, values={}, next=[], interrupt=None)
        spec = get_agent(thread.agent)
        state = await self._graph(spec).aget_state(self._config(spec, thread_id))
        return ThreadView(thread=thread, values=state.values or {}, next=list(state.next),
                          interrupt=_pending(state))

    async def snapshot(self, thread_id: str, owner: str | None = None,
                       ) -> tuple[ThreadRecord, StateSnapshot | None]:
        """A thread's record and LangGraph state (None before its first run)."""
        thread = await self.store.get_thread(thread_id, owner)
        if thread.agent is None:
            return thread, None
        spec = get_agent(thread.agent)
        return thread, await self._graph(spec).aget_state(self._config(spec, thread_id))

    async def history(self, thread_id: str, owner: str | None = None, limit: int = 10,
                      before: RunnableConfig | None = None) -> list[StateSnapshot]:
        """The thread's checkpoints, newest first."""
        thread = await self.store.get_thread(thread_id, owner)
        if thread.agent is None:
            return []
        spec = get_agent(thread.agent)
        graph = self._graph(spec)
        return [s async for s in graph.aget_state_history(
            self._config(spec, thread_id), limit=limit, before=before)]

    async def delete_thread(self, thread_id: str, owner: str | None = None) -> None:
        """Remove a thread, its checkpoints and its records; a busy thread is refused."""
        thread = await self.store.get_thread(thread_id, owner)
        if thread.status == "busy":
            raise ConflictError(f"thread {thread_id!r} is busy", thread_id=thread_id)
        await self.persistence.checkpointer.adelete_thread(thread_id)
        await self.store.delete_thread(thread_id)

    # -- starting, deciding, resuming ---------------------------------------------
    #
    # Each way to run has a ``prepare_*`` step that checks everything, claims the
    # thread and opens the run (or refuses, leaving no trace), and :meth:`execute`,
    # which drives the graph. The CLI does both at once; the server answers between.

    def _spec_of(self, thread: ThreadRecord) -> AgentSpec:
        if thread.agent is None:
            raise ConflictError(f"thread {thread.thread_id!r} has not run yet",
                                thread_id=thread.thread_id)
        return get_agent(thread.agent)

    async def _existing(self, thread_id: str, owner: str | None, model: str | None,
                        ) -> tuple[AgentSpec, str, Any]:
        """The agent of a thread that has run, and the model it goes on with (checked first)."""
        thread = await self.store.get_thread(thread_id, owner)
        spec = self._spec_of(thread)
        model_spec = model or thread.model or self.settings.model_for(spec.name)
        return spec, model_spec, get_chat_model(model_spec, self.settings)

    async def prepare_start(self, agent: str, payload: dict[str, Any], *,
                            thread_id: str | None = None, model: str | None = None,
                            owner: str | None = None, actor: str | None = None,
                            metadata: dict[str, Any] | None = None) -> PreparedRun:
        """Validate ``payload`` and claim a thread (new, or ``thread_id``) for a first run."""
        spec = get_agent(agent)
        try:
            data = spec.input_schema.model_validate(payload)
        except ValidationError as exc:
            raise InputError.from_validation(exc, "input" if thread_id else "") from None
        model_spec = model or self.settings.model_for(agent)
        chat_model = get_chat_model(model_spec, self.settings)  # a bad spec fails before writing
        if thread_id is None:
            thread_id = str(uuid.uuid4())
            await self.store.create_thread(thread_id, agent, owner=owner, model=model_spec,
                                           metadata=metadata)
        else:
            thread = await self.store.get_thread(thread_id, owner)
            if thread.agent not in (None, agent):
                raise ConflictError(f"thread {thread_id!r} belongs to agent {thread.agent!r}",
                                    thread_id=thread_id)
            if thread.agent is not None and (await self.view(thread_id)).interrupt is not None:
                raise ConflictError(f"thread {thread_id!r} is waiting for a decision; answer it "
                                    "instead of starting a new run", thread_id=thread_id)
            await self.store.bind_thread(thread_id, agent, model_spec)
        run_id = str(uuid.uuid4())
        await self.store.claim_thread(thread_id, run_id, "start", model_spec)
        return PreparedRun(spec, thread_id, run_id, "start", spec.initial_state(data),
                           model_spec, chat_model, actor or self.default_actor())

    async def prepare_decide(self, thread_id: str, decision: Decision, *,
                             interrupt_id: str | None = None, model: str | None = None,
                             owner: str | None = None) -> PreparedRun:
        """Check and record a decision for the pending interrupt, exactly once."""
        spec, model_spec, chat_model = await self._existing(thread_id, owner, model)
        decision = decision.model_copy(update={"actor": decision.actor or self.default_actor()})
        run_id = str(uuid.uuid4())
        previous = await self.store.claim_thread(thread_id, run_id, "decide", model_spec)
        try:
            view = await self.view(thread_id)
            pending = view.interrupt
            if pending is None:
                raise DecisionError(f"thread {thread_id!r} is not waiting for a decision "
                                    f"(status: {previous})", thread_id=thread_id)
            if interrupt_id and interrupt_id != pending.id:
                raise DecisionError(f"interrupt {interrupt_id} is not the pending one of thread "
                                    f"{thread_id!r} (pending: {pending.id})", thread_id=thread_id)
            check_decision(pending, decision)
            if decision.type == "edit":
                spec.check_edit(view.values, decision)
            await self.store.record_decision(pending.id, thread_id, run_id,
                                             decision.model_dump(mode="json"), decision.actor)
        except AgentdeskError:
            await self.store.release_thread(thread_id, previous, discard_run=run_id)
            raise
        command: Command[Any] = Command(resume={pending.id: decision.model_dump(mode="json")})
        return PreparedRun(spec, thread_id, run_id, "decide", command, model_spec, chat_model,
                           decision.actor)

    async def prepare_resume(self, thread_id: str, *, model: str | None = None,
                             owner: str | None = None, actor: str | None = None) -> PreparedRun:
        """Continue a run that was cut off, from its last checkpoint.

        Work whose checkpoint was written is not redone. A decision recorded
        for the pending interrupt but not yet applied is applied now.
        """
        spec, model_spec, chat_model = await self._existing(thread_id, owner, model)
        run_id = str(uuid.uuid4())
        previous = await self.store.claim_thread(thread_id, run_id, "resume", model_spec,
                                                 take_over=True)
        try:
            view = await self.view(thread_id)
            graph_input: Any = None
            if view.interrupt is not None:
                recorded = await self.store.get_decision(view.interrupt.id)
                if recorded is None:
                    raise ConflictError(f"thread {thread_id!r} is waiting for a decision; use "
                                        "`agentdesk decide`", thread_id=thread_id)
                graph_input = Command(resume={view.interrupt.id: recorded})
            elif not view.next:
                raise ConflictError(f"thread {thread_id!r} has nothing to resume "
                                    f"(status: {previous})", thread_id=thread_id)
        except AgentdeskError:
            await self.store.release_thread(
                thread_id, "failed" if previous == "busy" else previous, discard_run=run_id)
            raise
        return PreparedRun(spec, thread_id, run_id, "resume", graph_input, model_spec,
                           chat_model, actor or self.default_actor())

    async def start(self, agent: str, payload: dict[str, Any], *, model: str | None = None,
                    owner: str | None = None, actor: str | None = None,
                    on_event: EventSink | None = None) -> RunOutcome:
        """Validate ``payload``, create a thread and run it to an interrupt or the end."""
        run = await self.prepare_start(agent, payload, model=model, owner=owner, actor=actor)
        return await self.execute(run, on_event=on_event)

    async def decide(self, thread_id: str, decision: Decision, *, interrupt_id: str | None = None,
                     model: str | None = None, owner: str | None = None,
                     on_event: EventSink | None = None) -> RunOutcome:
        """Answer the pending interrupt, once, and run on to the next pause or the end."""
        run = await self.prepare_decide(thread_id, decision, interrupt_id=interrupt_id,
                                        model=model, owner=owner)
        return await self.execute(run, on_event=on_event)

    async def resume(self, thread_id: str, *, model: str | None = None, owner: str | None = None,
                     actor: str | None = None, on_event: EventSink | None = None) -> RunOutcome:
        """Continue ``thread_id`` from its last checkpoint (see :meth:`prepare_resume`)."""
        run = await self.prepare_resume(thread_id, model=model, owner=owner, actor=actor)
        return await self.execute(run, on_event=on_event)

    # -- the one place a graph runs --------------------------------------------------

    async def execute(self, run: PreparedRun, *, on_event: EventSink | None = None,
                      on_chunk: ChunkSink | None = None,
                      stream_modes: Sequence[str] = ()) -> RunOutcome:
        """Drive a prepared run to an interrupt or the end; always releases the thread.

        ``on_event`` gets the runtime's events; ``on_chunk`` gets LangGraph's raw
        ``(mode, chunk)`` for each of ``stream_modes`` (for the HTTP stream).
        """
        async def emit(event: Event) -> None:
            if on_event is not None:
                result = on_event(event)
                if inspect.isawaitable(result):
                    await result

        spec, thread_id, run_id = run.spec, run.thread_id, run.run_id
        await self.store.audit("run_started", thread_id=thread_id, run_id=run_id, actor=run.actor,
                               data={"kind": run.kind, "model": run.model_spec})
        await emit(Event(kind="run_started", thread_id=thread_id, run_id=run_id))
        graph = self._graph(spec)
        config = self._config(spec, thread_id)
        # Callers pass mode names checked at their own way in (the HTTP schema's literal).
        modes = cast(list[StreamMode], list(dict.fromkeys(["tasks", "custom", *stream_modes])))
        error: dict[str, Any] | None = None
        try:
            async with open_tools(spec.toolservers, self.settings) as tools:
                policy = ToolPolicy(
                    timeout=self.settings.tool_timeout, retries=self.settings.tool_retries,
                    max_chars=self.settings.tool_result_max_chars,
                    audit=partial(self._audit_tool, thread_id, run_id, run.actor))
                resources = spec.resources(self.settings) if spec.resources else {}
                context = AgentContext(model=run.chat_model, tools=tools, policy=policy,
                                       thread_id=thread_id, run_id=run_id, actor=run.actor,
                                       resources=resources)
                # "sync": each step's checkpoint is committed before the next step
                # starts, so a process killed mid-run resumes after the last finished
                # step and never repeats it (LangGraph's default, "async", may lose it).
                async for mode, chunk in graph.astream(
                        run.graph_input, config, context=context, durability="sync",
                        stream_mode=modes):
                    for event in events_from_chunk(mode, chunk, thread_id, run_id):
                        await emit(event)
                    if on_chunk is not None and mode in stream_modes:
                        await on_chunk(mode, chunk)
        except GraphRecursionError:
            error = {"type": "RecursionLimit",
                     "message": f"stopped after {spec.recursion_limit} steps (recursion_limit)"}
        except AgentdeskError as exc:
            error = exc.to_dict()
        except Exception as exc:  # a run must end with a status, whatever broke inside it
            error = {"type": type(exc).__name__, "message": str(exc) or repr(exc)}
        except BaseException:  # cancelled or interrupted: the thread must not stay busy
            await asyncio.shield(self._abandon(thread_id, run_id))
            raise
        return await self._finish(spec, graph, config, thread_id, run_id, error, emit)

    async def _abandon(self, thread_id: str, run_id: str) -> None:
        await self.store.finish_run(run_id, "cancelled", "cancelled")
        await self.store.release_thread(thread_id, "failed")
        await self.store.audit("run_finished", thread_id=thread_id, run_id=run_id,
                               data={"status": "cancelled"})

    async def _audit_tool(self, thread_id: str, run_id: str, actor: str | None, event: str,
                          data: dict[str, Any]) -> None:
        await self.store.audit(event, thread_id=thread_id, run_id=run_id, actor=actor, data=data)

    async def _finish(self, spec: AgentSpec, graph: CompiledStateGraph[Any, Any, Any, Any],
                      config: RunnableConfig,
                      thread_id: str, run_id: str, error: dict[str, Any] | None, emit: Any,
                      ) -> RunOutcome:
        state = await graph.aget_state(config)
        values = state.values or {}
        pending = _pending(state)
        outcome: RunOutcome
        if error is None and pending is not None:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="interrupted",
                                 interrupt=pending.model_dump(mode="json"))
        elif error is None and not state.next and (reason := spec.failure(values)):
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="failed",
                                 error={"type": "AgentFailed", "message": reason})
        elif error is None and not state.next:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="completed",
                                 result=spec.result(values))
        else:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="failed",
                                 error=error or {"type": "Incomplete",
                                                 "message": "the run stopped before the end"})
        message = outcome.error["message"] if outcome.error else None
        await self.store.finish_run(run_id, outcome.status, message)
        await self.store.release_thread(thread_id, outcome.status)
        await self.store.audit("run_finished", thread_id=thread_id, run_id=run_id,
                               data={"status": outcome.status, "error": message})
        if outcome.interrupt:
            await emit(Event(kind="interrupt", thread_id=thread_id, run_id=run_id,
                             data={"interrupt": outcome.interrupt}))
        await emit(Event(kind="run_finished", thread_id=thread_id, run_id=run_id,
                         data={"status": outcome.status, "error": outcome.error}))
        return outcome
