"""Start, decide and resume runs; thread status; one place that drives a graph.

:class:`Desk` is what the CLI, the server and the workers hold: open it with
:meth:`Desk.open`, which opens the database and closes it on exit.

Every run is a durable record before it executes (``prepare_*``): a worker
claims it with a lease (see :mod:`agentdesk.runtime.durable.queue`) and
:meth:`Desk.execute` drives it. An attempt after a crash continues from the
thread's last checkpoint with the same run id: the input is applied only if no
checkpoint of this run exists yet, a decision only while its interrupt is still
pending, and no finished step is redone.
"""

from __future__ import annotations

import asyncio
import getpass
import inspect
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, Literal, cast

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphDrained, GraphRecursionError
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import RunControl
from langgraph.types import Command, StateSnapshot, StreamMode
from pydantic import BaseModel, ValidationError

from agentdesk.errors import (
    AgentdeskError,
    ConflictError,
    DecisionError,
    InputError,
    ThreadBusyError,
)
from agentdesk.models import get_chat_model
from agentdesk.runtime.approvals import Decision, InterruptPayload, check_decision, pending_payload
from agentdesk.runtime.durable.effects import EffectLedger
from agentdesk.runtime.durable.fence import fence_checkpointer
from agentdesk.runtime.durable.queue import (
    Heartbeat,
    Lease,
    LeaseLostError,
    RunQueue,
    current_lease,
    worker_name,
)
from agentdesk.runtime.graphs import load_graphs
from agentdesk.runtime.mcp import open_tools
from agentdesk.runtime.registry import AgentSpec, get_agent, register, unregister
from agentdesk.runtime.storage.persistence import DATABASE_ERRORS, Persistence, open_persistence
from agentdesk.runtime.storage.store import AppStore, NewRun, RunRecord, ThreadRecord
from agentdesk.runtime.tools import ToolPolicy
from agentdesk.settings import Settings, get_settings

from .context import AgentContext
from .events import Event, EventSink, events_from_chunk
from .eventstream import EVENTS, stream_with_events

__all__ = ["ChunkSink", "Desk", "PreparedRun", "RunOutcome", "ThreadView"]


@cache
def _login() -> str:
    """The OS user running this process (looked up once: it reads the environment or passwd)."""
    return getpass.getuser()


RunStatus = Literal["interrupted", "completed", "failed", "queued"]
"""``queued``: the run stopped at a step boundary (shutdown, Ctrl-C) and waits to go on."""


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
    """A recorded run that holds its thread; :meth:`Desk.execute` drives it."""

    spec: AgentSpec
    thread_id: str
    run_id: str
    kind: str
    model_spec: str
    chat_model: Any
    actor: str | None
    input: Any = None
    """A start run's validated payload (JSON)."""
    interrupt_id: str | None = None
    """The interrupt a decide run answers."""
    stream_modes: list[str] | None = None
    lease: Lease | None = None
    """Set once this process has claimed the run."""
    owner: str | None = None
    """The thread's owner (None without API keys): scopes the user memory the run sees."""
    first_input: tuple[Any, bool] | None = None
    """What its first attempt feeds the graph, known when it was prepared (None: read
    the checkpoint). A later attempt always reads the checkpoint."""
    end_writes: Callable[[RunOutcome], Awaitable[list[dict[str, Any]]]] | None = None
    """Rows of ``agentdesk_run_events`` for the transaction that ends the run (given
    its outcome): the server's last stream events, stored with the run's end."""
    final_state: StateSnapshot | None = None
    """The thread's state as the run ended here (what a waiting caller is answered with)."""


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


def _answer(recorded: dict[str, Any]) -> Any:
    """What a recorded decision resumes the graph with (a graph's own: the raw value)."""
    return recorded.get("value") if recorded.get("type") == "resume" else recorded


def _pending(state: Any) -> InterruptPayload | None:
    for item in state.interrupts:
        return pending_payload(item.value, item.id)
    return None


def _chunks(graph: CompiledStateGraph[Any, Any, Any, Any], graph_input: Any,
            config: RunnableConfig, run_id: str, *, events: bool, **kwargs: Any,
            ) -> AsyncIterator[tuple[str, Any]]:
    """The graph's ``(mode, chunk)`` stream; with ``events``, the astream_events feed too."""
    if events:
        return stream_with_events(graph, graph_input, config, run_id, **kwargs)
    return cast(AsyncIterator[tuple[str, Any]], graph.astream(graph_input, config, **kwargs))


class Desk:
    """The runtime of one process: persistence, agents, models and tool servers."""

    def __init__(self, settings: Settings, persistence: Persistence) -> None:
        self.settings = settings
        self.persistence = persistence
        self.store = AppStore(persistence.engine)
        lease = settings.run_lease_seconds
        self.queue = RunQueue(
            persistence.engine,
            Heartbeat(persistence.url.sync_url, lease, interval=min(1.0, lease / 3)),
            lease_seconds=lease, max_lapses=settings.run_max_retries)
        self.effects = EffectLedger(persistence.engine)
        self.checkpointer = fence_checkpointer(persistence.checkpointer)
        self._graphs: dict[str, CompiledStateGraph[Any, Any, Any, Any]] = {}

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings | None = None) -> AsyncIterator[Desk]:
        settings = settings or get_settings()
        specs = await load_graphs(settings.graphs) if settings.graphs else []
        register(specs)
        try:
            async with open_persistence(settings.resolved_database_url) as persistence:
                desk = cls(settings, persistence)
                try:
                    yield desk
                finally:
                    await asyncio.to_thread(desk.queue.heartbeat.close)
        finally:
            unregister(specs)

    def default_actor(self) -> str:
        return self.settings.actor or _login()

    def _graph(self, spec: AgentSpec) -> CompiledStateGraph[Any, Any, Any, Any]:
        """The agent's graph, compiled once per process on the fenced checkpointer."""
        graph = self._graphs.get(spec.name)
        if graph is None:
            graph = (spec.compile_graph(self.checkpointer) if spec.compile_graph
                     else spec.build_graph().compile(checkpointer=self.checkpointer,
                                                     store=self.persistence.memory))
            self._graphs[spec.name] = graph
        return graph

    def _config(self, spec: AgentSpec, thread_id: str,
                run_id: str | None = None) -> RunnableConfig:
        config: RunnableConfig = {"configurable": {"thread_id": thread_id},
                                  "recursion_limit": spec.recursion_limit}
        if run_id is not None:
            # Checkpoints carry the run id: a retried attempt knows what this run wrote.
            config["metadata"] = {"run_id": run_id}
        return config

    # -- reading -----------------------------------------------------------------

    async def view(self, thread_id: str, owner: str | None = None,
                   thread: ThreadRecord | None = None) -> ThreadView:
        """A thread as a person sees it (``thread``: its record, if just read)."""
        thread = thread or await self.store.get_thread(thread_id, owner)
        if thread.agent is None:  # created, never run
            return ThreadView(thread=thread, values={}, next=[], interrupt=None)
        spec = get_agent(thread.agent)
        state = await self._graph(spec).aget_state(self._config(spec, thread_id))
        # ``tasks``, not ``next``: a task whose writes were saved before its step's
        # checkpoint is left out of ``next`` but still has to run to its end.
        return ThreadView(thread=thread, values=state.values or {},
                          next=[task.name for task in state.tasks],
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
            raise ThreadBusyError(f"thread {thread_id!r} is busy", thread_id=thread_id)
        await self.persistence.checkpointer.adelete_thread(thread_id)
        await self.store.delete_thread(thread_id)

    # -- starting, deciding, resuming ---------------------------------------------
    #
    # Each way to run has a ``prepare_*`` step that checks everything, then claims
    # the thread and records the run in one transaction (or refuses, leaving no
    # trace), and :meth:`execute`, which drives it. With ``claim`` (the default)
    # this process holds the run's lease at once; without, the run waits
    # ``pending`` for any worker.

    def _spec_of(self, thread: ThreadRecord) -> AgentSpec:
        if thread.agent is None:
            raise ConflictError(f"thread {thread.thread_id!r} has not run yet",
                                thread_id=thread.thread_id)
        return get_agent(thread.agent)

    async def _existing(self, thread_id: str, owner: str | None, model: str | None,
                        ) -> tuple[ThreadRecord, AgentSpec, str, Any]:
        """A thread that has run, its agent and the model it goes on with (checked first)."""
        thread = await self.store.get_thread(thread_id, owner)
        spec = self._spec_of(thread)
        model_spec = model or thread.model or self.settings.model_for(spec.name)
        return thread, spec, model_spec, get_chat_model(model_spec, self.settings)

    async def _open(self, spec: AgentSpec, chat_model: Any, new: NewRun, *,
                    seen: ThreadRecord | None, claim: bool, first_input: Any = None,
                    **options: Any) -> PreparedRun:
        sent = time.monotonic()
        attempt = await self.store.open_run(
            new, seen=seen, lease_seconds=self.queue.lease_seconds if claim else None,
            worker=worker_name(), **options)
        run = PreparedRun(spec, new.thread_id, new.run_id, new.kind, new.model or "",
                          chat_model, new.actor, new.input, new.interrupt_id,
                          new.stream_modes)
        run.owner = seen.owner if seen is not None else options.get("create", {}).get("owner")
        if first_input is not None:
            run.first_input = (first_input, True)
        if attempt:
            run.lease = self.queue.new_lease(new.run_id, new.thread_id, attempt, sent)
        else:
            self.queue.announce(new.run_id)
        return run

    async def prepare_start(self, agent: str, payload: dict[str, Any], *,
                            thread_id: str | None = None, model: str | None = None,
                            owner: str | None = None, actor: str | None = None,
                            display_name: str | None = None, new_thread_id: str | None = None,
                            metadata: dict[str, Any] | None = None,
                            stream_modes: Sequence[str] = (), claim: bool = True,
                            ) -> PreparedRun:
        """Validate ``payload`` and record a first run on a thread (new, or ``thread_id``).

        A new thread's id is ``new_thread_id`` if given (the server's id for a key), else
        a fresh UUID.
        """
        spec = get_agent(agent)
        try:
            data = spec.input_schema.model_validate(payload)
        except ValidationError as exc:
            raise InputError.from_validation(exc, "input" if thread_id else "") from None
        model_spec = model or self.settings.model_for(agent)
        chat_model = get_chat_model(model_spec, self.settings)  # a bad spec fails before writing
        seen: ThreadRecord | None = None
        options: dict[str, Any] = {}
        if thread_id is None:
            thread_id = new_thread_id or str(uuid.uuid4())
            options["create"] = {"agent": agent, "owner": owner, "model": model_spec,
                                 "metadata": metadata or {}}
        else:
            seen = await self.store.get_thread(thread_id, owner)
            if seen.agent not in (None, agent):
                raise ConflictError(f"thread {thread_id!r} belongs to agent {seen.agent!r}",
                                    thread_id=thread_id)
            if seen.status == "busy":
                raise ThreadBusyError(f"thread {thread_id!r} is busy", thread_id=thread_id)
            if seen.agent is not None and (
                    await self.view(thread_id, thread=seen)).interrupt is not None:
                raise ConflictError(f"thread {thread_id!r} is waiting for a decision; answer it "
                                    "instead of starting a new run", thread_id=thread_id)
            if seen.agent is None:
                options["bind"] = agent
        new = NewRun(str(uuid.uuid4()), thread_id, "start", model_spec,
                     actor or self.default_actor(), input=data.model_dump(mode="json"),
                     stream_modes=list(stream_modes), display_name=display_name)
        # Checked above: nothing pending, so the first attempt starts from the input.
        return await self._open(spec, chat_model, new, seen=seen, claim=claim,
                                first_input=spec.initial_state(data), **options)

    async def prepare_decide(self, thread_id: str,
                             decision: Decision | Callable[[InterruptPayload], Decision], *,
                             interrupt_id: str | None = None, model: str | None = None,
                             owner: str | None = None, stream_modes: Sequence[str] = (),
                             claim: bool = True) -> PreparedRun:
        """Check a decision for the pending interrupt and record it with its run, exactly once.

        ``decision`` may be a function of the pending interrupt (an HTTP ``command.resume``
        means a decision for ours, any JSON value for a graph's own payload).
        """
        thread, spec, model_spec, chat_model = await self._existing(thread_id, owner, model)
        if thread.status == "busy":
            raise ThreadBusyError(f"thread {thread_id!r} is busy: a run holds it",
                                  thread_id=thread_id)
        view = await self.view(thread_id, thread=thread)
        pending = view.interrupt
        if pending is None:
            raise DecisionError(f"thread {thread_id!r} is not waiting for a decision "
                                f"(status: {thread.status})", thread_id=thread_id)
        if interrupt_id and interrupt_id != pending.id:
            raise DecisionError(f"interrupt {interrupt_id} is not the pending one of thread "
                                f"{thread_id!r} (pending: {pending.id})", thread_id=thread_id)
        if not isinstance(decision, Decision):
            decision = decision(pending)
        decision = decision.model_copy(update={"actor": decision.actor or self.default_actor()})
        check_decision(pending, decision)
        if decision.type == "edit":
            spec.check_edit(view.values, decision)
        new = NewRun(str(uuid.uuid4()), thread_id, "decide", model_spec, decision.actor,
                     interrupt_id=pending.id, stream_modes=list(stream_modes),
                     display_name=decision.display_name)
        recorded = decision.model_dump(mode="json")
        return await self._open(spec, chat_model, new, seen=thread, claim=claim,
                                decision=recorded,
                                first_input=Command(resume={pending.id: _answer(recorded)}))

    async def prepare_resume(self, thread_id: str, *, model: str | None = None,
                             owner: str | None = None, actor: str | None = None,
                             display_name: str | None = None,
                             stream_modes: Sequence[str] = (), claim: bool = True,
                             ) -> PreparedRun:
        """Continue a thread whose last run ended early (failed, cancelled), from its checkpoint.

        Work whose checkpoint was written is not redone. A decision recorded
        for the pending interrupt but not yet applied is applied now. A run
        that is still queued or held by a worker is not resumed here: the
        queue finishes it (see :meth:`take_over`).
        """
        thread, spec, model_spec, chat_model = await self._existing(thread_id, owner, model)
        if thread.status == "busy":
            raise ThreadBusyError(f"thread {thread_id!r} is busy: its run is queued or held "
                                  "by a worker, which will finish it", thread_id=thread_id)
        view = await self.view(thread_id)
        if view.interrupt is not None:
            if await self.store.get_decision(view.interrupt.id) is None:
                raise ConflictError(f"thread {thread_id!r} is waiting for a decision; use "
                                    "`agentdesk decide`", thread_id=thread_id)
        elif not view.next:
            raise ConflictError(f"thread {thread_id!r} has nothing to resume "
                                f"(status: {thread.status})", thread_id=thread_id)
        new = NewRun(str(uuid.uuid4()), thread_id, "resume", model_spec,
                     actor or self.default_actor(), stream_modes=list(stream_modes),
                     display_name=display_name)
        return await self._open(spec, chat_model, new, seen=thread, claim=claim)

    async def load(self, record: RunRecord) -> PreparedRun:
        """A recorded run, ready for a worker to claim and execute."""
        thread = await self.store.get_thread(record.thread_id)
        spec = self._spec_of(thread)
        model_spec = record.model or thread.model or self.settings.model_for(spec.name)
        return PreparedRun(spec, record.thread_id, record.run_id, record.kind, model_spec,
                           get_chat_model(model_spec, self.settings), record.actor,
                           record.input, record.interrupt_id, record.stream_modes or [],
                           owner=thread.owner)

    async def take_over(self, thread_id: str, *, wait: float = 0.0) -> PreparedRun | None:
        """Claim the run that holds ``thread_id`` if its worker is gone.

        A run whose lease lapsed is put back in the queue (spending a retry) and
        claimed here; with ``wait``, a lease still running is waited for up to
        that many seconds. None if the thread is not held, or held by a live worker.
        """
        deadline = time.monotonic() + wait
        while True:
            thread = await self.store.get_thread(thread_id)
            if thread.status != "busy" or thread.current_run_id is None:
                return None
            await self.queue.sweep(thread_id)
            record = await self.store.get_run(thread.current_run_id)
            if record.status == "pending":
                run = await self.load(record)
                run.lease = await self.queue.claim(record.run_id)
                if run.lease is not None:
                    return run
            if time.monotonic() >= deadline:
                return None
            await asyncio.sleep(min(0.5, max(0.05, deadline - time.monotonic())))

    async def start(self, agent: str, payload: dict[str, Any], *, model: str | None = None,
                    owner: str | None = None, actor: str | None = None,
                    on_event: EventSink | None = None) -> RunOutcome:
        """Validate ``payload``, create a thread and run it to an interrupt or the end."""
        run = await self.prepare_start(agent, payload, model=model, owner=owner, actor=actor)
        return await self.execute(run, on_event=on_event)

    async def decide(self, thread_id: str,
                     decision: Decision | Callable[[InterruptPayload], Decision], *,
                     interrupt_id: str | None = None,
                     model: str | None = None, owner: str | None = None,
                     on_event: EventSink | None = None) -> RunOutcome:
        """Answer the pending interrupt, once, and run on to the next pause or the end."""
        run = await self.prepare_decide(thread_id, decision, interrupt_id=interrupt_id,
                                        model=model, owner=owner)
        return await self.execute(run, on_event=on_event)

    async def resume(self, thread_id: str, *, model: str | None = None, owner: str | None = None,
                     actor: str | None = None, on_event: EventSink | None = None,
                     wait: float = 0.0) -> RunOutcome:
        """Continue ``thread_id``: finish a run whose worker is gone, or resume an ended one."""
        await self.store.get_thread(thread_id, owner)  # ownership first
        run = await self.take_over(thread_id, wait=wait)
        if run is None:
            run = await self.prepare_resume(thread_id, model=model, owner=owner, actor=actor)
        return await self.execute(run, on_event=on_event)

    async def outcome_of(self, run_id: str) -> RunOutcome:
        """How an ended run ended, from the records (wherever it ran)."""
        record = await self.store.get_run(run_id)
        thread_id = record.thread_id
        if record.status in ("pending", "running"):
            return RunOutcome(thread_id=thread_id, run_id=run_id, status="queued")
        if record.status in ("failed", "cancelled", "error"):
            kind = {"cancelled": "Cancelled", "error": "RunError"}.get(record.status, "RunFailed")
            return RunOutcome(thread_id=thread_id, run_id=run_id, status="failed",
                              error={"type": kind, "message": record.error or record.status})
        view = await self.view(thread_id)
        if record.status == "interrupted" and view.interrupt is not None:
            return RunOutcome(thread_id=thread_id, run_id=run_id, status="interrupted",
                              interrupt=view.interrupt.model_dump(mode="json"))
        spec = self._spec_of(view.thread)
        return RunOutcome(thread_id=thread_id, run_id=run_id, status="completed",
                          result=spec.result(view.values))

    # -- the one place a graph runs --------------------------------------------------

    async def _attempt_input(self, run: PreparedRun, state: StateSnapshot,
                             ) -> tuple[Any, bool]:
        """What this attempt feeds the graph, and whether there is anything left to run."""
        pending = _pending(state)
        if pending is not None:
            recorded = await self.store.get_decision(pending.id)
            if recorded is None:  # paused, undecided: this run's work is done
                return None, False
            return Command(resume={pending.id: _answer(recorded)}), True
        ours = (state.metadata or {}).get("run_id") == run.run_id
        if run.kind == "start" and not ours:
            data = run.spec.input_schema.model_validate(run.input)
            return run.spec.initial_state(data), True
        return None, bool(state.tasks)

    async def execute(self, run: PreparedRun, *, on_event: EventSink | None = None,
                      on_chunk: ChunkSink | None = None, stream_modes: Sequence[str] = (),
                      control: RunControl | None = None) -> RunOutcome:
        """Drive a claimed run to an interrupt or the end, fenced by its lease.

        ``on_event`` gets the runtime's events; ``on_chunk`` gets LangGraph's raw
        ``(mode, chunk)`` for each of ``stream_modes`` (for the HTTP stream).
        A drain requested on ``control`` (shutdown), or a Ctrl-C, stops the run at a
        step boundary and puts it back in the queue without spending a retry
        (status ``queued``). A lost lease raises :class:`LeaseLostError`: another
        attempt owns the run, and nothing more is written.
        """
        if run.lease is None:
            run.lease = await self.queue.claim(run.run_id)
            if run.lease is None:
                raise ThreadBusyError(f"run {run.run_id} is held by another worker",
                                      thread_id=run.thread_id, run_id=run.run_id)
        lease = run.lease
        task = asyncio.current_task()
        assert task is not None

        def stop() -> None:
            task.cancel()

        self.queue.hold(lease, on_lost=stop, on_cancel=stop)
        token = current_lease.set(lease)
        try:
            return await self._drive(run, lease, on_event, on_chunk, stream_modes, control)
        finally:
            current_lease.reset(token)
            self.queue.release(lease)

    async def _drive(self, run: PreparedRun, lease: Lease, on_event: EventSink | None,
                     on_chunk: ChunkSink | None, stream_modes: Sequence[str],
                     control: RunControl | None) -> RunOutcome:
        async def emit(event: Event) -> None:
            if on_event is not None:
                result = on_event(event)
                if inspect.isawaitable(result):
                    await result

        spec, thread_id, run_id = run.spec, run.thread_id, run.run_id
        await emit(Event(kind="run_started", thread_id=thread_id, run_id=run_id,
                         data={"attempt": lease.attempt, "agent": spec.name}))
        graph = self._graph(spec)
        config = self._config(spec, thread_id, run_id)
        # Callers pass mode names checked at their own way in (the HTTP schema's literal).
        modes = cast(list[StreamMode], [m for m in dict.fromkeys(["tasks", "custom", *stream_modes])
                                        if m != EVENTS])
        error: dict[str, Any] | None = None
        try:
            if lease.attempt == 1 and run.first_input is not None:
                graph_input, work = run.first_input  # the thread is as prepare saw it
            else:
                graph_input, work = await self._attempt_input(
                    run, await graph.aget_state(config))
            if work:
                await self._stream(run, lease, graph, graph_input, config, modes, stream_modes,
                                   control, emit, on_chunk)
        except GraphRecursionError:
            error = {"type": "RecursionLimit",
                     "message": f"stopped after {spec.recursion_limit} steps (recursion_limit)"}
        except GraphDrained:
            return await self._requeue(run, lease, "drained at a step boundary", emit)
        except LeaseLostError:
            raise
        except DATABASE_ERRORS as exc:  # the database went away: the run is retried, not failed
            await asyncio.shield(self._requeue_quietly(lease, f"database error: {exc}"))
            raise
        except AgentdeskError as exc:
            error = exc.to_dict()
        except Exception as exc:  # a run must end with a status, whatever broke inside it
            error = {"type": type(exc).__name__, "message": str(exc) or repr(exc)}
        except asyncio.CancelledError:
            if lease.lost or not lease.valid():
                raise LeaseLostError(f"run {run_id} attempt {lease.attempt} lost its lease; "
                                     "another worker continues it", run_id=run_id) from None
            if lease.cancel_requested:
                await asyncio.shield(self.queue.finish(lease, "cancelled", "run cancelled",
                                                       "failed"))
                raise
            # Ctrl-C or a shutdown that could not wait: the run goes back to the queue.
            await asyncio.shield(self._requeue(run, lease, "interrupted", emit))
            raise
        return await self._finish(spec, graph, config, run, lease, error, emit)

    async def _stream(self, run: PreparedRun, lease: Lease,
                      graph: CompiledStateGraph[Any, Any, Any, Any], graph_input: Any,
                      config: RunnableConfig, modes: list[StreamMode],
                      stream_modes: Sequence[str], control: RunControl | None, emit: Any,
                      on_chunk: ChunkSink | None) -> None:
        spec, thread_id, run_id = run.spec, run.thread_id, run.run_id
        async with open_tools(spec.toolservers, self.settings) as tools:
            policy = ToolPolicy(
                timeout=self.settings.tool_timeout, retries=self.settings.tool_retries,
                max_chars=self.settings.tool_result_max_chars,
                audit=partial(self._audit_tool, thread_id, run_id, run.actor))
            resources = spec.resources(self.settings) if spec.resources else {}
            # A graph of your own gets no AgentContext: it may declare its own context_schema.
            context = None if spec.origin else AgentContext(
                model=run.chat_model, tools=tools, policy=policy, thread_id=thread_id,
                run_id=run_id, actor=run.actor, owner=run.owner, resources=resources,
                effects=self.effects)
            # "sync": each step's checkpoint is committed before the next step
            # starts, so a process killed mid-run resumes after the last finished
            # step and never repeats it (LangGraph's default, "async", may lose it).
            async for mode, chunk in _chunks(graph, graph_input, config, run_id,
                                             events=EVENTS in stream_modes, context=context,
                                             durability="sync", stream_mode=modes,
                                             control=control):
                lease.check()
                for event in events_from_chunk(mode, chunk, thread_id, run_id):
                    await emit(event)
                if on_chunk is not None and mode in stream_modes:
                    await on_chunk(mode, chunk)

    async def _requeue(self, run: PreparedRun, lease: Lease, reason: str,
                       emit: Any) -> RunOutcome:
        await self.queue.requeue(lease, spend=False, reason=reason)
        outcome = RunOutcome(thread_id=run.thread_id, run_id=run.run_id, status="queued")
        await emit(Event(kind="run_finished", thread_id=run.thread_id, run_id=run.run_id,
                         data={"status": "queued", "error": None}))
        return outcome

    async def _requeue_quietly(self, lease: Lease, reason: str) -> None:
        try:
            await self.queue.requeue(lease, spend=True, reason=reason)
        except Exception:  # still unreachable: the lease lapses and the sweeper retries
            self.queue.release(lease)

    async def _audit_tool(self, thread_id: str, run_id: str, actor: str | None, event: str,
                          data: dict[str, Any]) -> None:
        await self.store.audit(event, thread_id=thread_id, run_id=run_id, actor=actor, data=data)

    async def _finish(self, spec: AgentSpec, graph: CompiledStateGraph[Any, Any, Any, Any],
                      config: RunnableConfig, run: PreparedRun, lease: Lease,
                      error: dict[str, Any] | None, emit: Any) -> RunOutcome:
        thread_id, run_id = run.thread_id, run.run_id
        state = run.final_state = await graph.aget_state(config)
        values = state.values or {}
        pending = _pending(state)
        outcome: RunOutcome
        if error is None and pending is not None:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="interrupted",
                                 interrupt=pending.model_dump(mode="json"))
        elif error is None and not state.tasks and (reason := spec.failure(values)):
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="failed",
                                 error={"type": "AgentFailed", "message": reason})
        elif error is None and not state.tasks:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="completed",
                                 result=spec.result(values))
        else:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="failed",
                                 error=error or {"type": "Incomplete",
                                                 "message": "the run stopped before the end"})
        message = outcome.error["message"] if outcome.error else None
        # What a person is not shown (a model's raw output) stays in the thread's details.
        details = {k: v for k, v in (outcome.error or {}).items() if k not in ("type", "message")}
        also = partial(run.end_writes, outcome) if run.end_writes else None
        await self.queue.finish(lease, outcome.status, message, outcome.status, details=details,
                                also=also)
        if outcome.interrupt:
            await emit(Event(kind="interrupt", thread_id=thread_id, run_id=run_id,
                             data={"interrupt": outcome.interrupt}))
        await emit(Event(kind="run_finished", thread_id=thread_id, run_id=run_id,
                         data={"status": outcome.status, "error": outcome.error}))
        return outcome
