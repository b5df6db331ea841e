"""Executing runs: :class:`RunExecutor`, the one place a graph runs.

:meth:`RunExecutor.execute` drives a prepared run to an interrupt or the end
while it holds the run's lease: every chunk checks the lease, and a lost lease
raises :class:`LeaseLostError` and writes nothing more. An attempt after a
crash continues from the thread's last checkpoint with the same run id: the
input is applied only if no checkpoint of this run exists yet, a decision only
while its interrupt is still pending, and no finished step is redone (each
step's checkpoint is committed before the next starts). Every run ends with a
status: ``interrupted``, ``completed``, ``failed``, or ``queued`` when it
stopped at a step boundary and went back to the queue.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphDrained, GraphRecursionError
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import RunControl
from langgraph.types import Command, StateSnapshot, StreamMode

from agentdesk.errors import AgentdeskError, ThreadBusyError
from agentdesk.runtime import telemetry
from agentdesk.runtime.durable.queue import Lease, LeaseLostError, current_lease
from agentdesk.runtime.mcp import open_tools
from agentdesk.runtime.meters import meters
from agentdesk.runtime.registry import AgentSpec
from agentdesk.runtime.storage.persistence import DATABASE_ERRORS
from agentdesk.runtime.storage.threadquery import state_copy
from agentdesk.runtime.tools import ToolPolicy

from .base import DeskBase, pending_interrupt, resume_value
from .context import AgentContext
from .events import Event, EventSink, events_from_chunk
from .eventstream import EVENTS, stream_with_events
from .options import build_context
from .prepare import PreparedRun, RunOutcome
from .usage import UsageMeter

__all__ = ["ChunkSink", "RunExecutor"]

log = logging.getLogger(__name__)


ChunkSink = Callable[[str, Any], Awaitable[None]]
"""Gets LangGraph's raw ``(mode, chunk)`` pairs as they come (the HTTP stream's feed).

A subgraph's chunk (a run with ``stream_subgraphs``) comes as ``mode|namespace``, the
namespace's parts joined by ``|`` (``updates|child:<task id>``), as the Agent Server
names its events."""


async def _chunks(graph: CompiledStateGraph[Any, Any, Any, Any], graph_input: Any,
                  config: RunnableConfig, run_id: str, *, events: bool, **kwargs: Any,
                  ) -> AsyncIterator[tuple[tuple[str, ...], str, Any]]:
    """The graph's ``(namespace, mode, chunk)`` stream (the root's namespace is ``()``);
    with ``events``, the astream_events feed too."""
    stream = (stream_with_events(graph, graph_input, config, run_id, **kwargs) if events
              else cast(AsyncIterator[tuple[Any, ...]],
                        graph.astream(graph_input, config, **kwargs)))
    async for item in stream:
        if len(item) == 3:  # with subgraphs=True LangGraph names each chunk's namespace
            yield tuple(item[0]), item[1], item[2]
        else:
            yield (), item[0], item[1]


class _Steps:
    """Times the root graph's nodes from its ``tasks`` stream; tells when a step begins."""

    def __init__(self, agent: str) -> None:
        self.agent = agent
        self.started: dict[str, tuple[float, str]] = {}

    def seen(self, chunk: Any) -> bool:
        """Note a task's start or end; True at a task's start with none running (a new step)."""
        if not isinstance(chunk, dict) or "id" not in chunk:
            return False
        if "input" in chunk:  # a task starts
            begins = not self.started
            self.started[chunk["id"]] = (time.monotonic(), str(chunk.get("name")))
            return begins
        began, node = self.started.pop(chunk["id"], (None, ""))
        if began is not None:
            meters().step_seconds.labels(self.agent, node).observe(time.monotonic() - began)
        return False


class RunExecutor(DeskBase):
    """The :class:`~agentdesk.runtime.runs.desk.Desk`'s executing side: drive a claimed run."""

    def _start_input(self, run: PreparedRun) -> Any:
        """A start run's input as the graph takes it (None: a replay from a checkpoint)."""
        if run.input is None:
            return None
        return run.spec.initial_state(run.spec.input_schema.model_validate(run.input))

    async def _attempt_input(self, run: PreparedRun, state: StateSnapshot,
                             ) -> tuple[Any, bool]:
        """What this attempt feeds the graph, and whether there is anything left to run."""
        pending = pending_interrupt(state)
        if pending is not None:
            recorded = await self.store.get_decision(run.thread_id, pending.id)
            if recorded is None:  # paused, undecided: this run's work is done
                return None, False
            return Command(resume={pending.id: resume_value(recorded)}), True
        ours = (state.metadata or {}).get("run_id") == run.run_id
        if run.kind == "start" and not ours:
            return self._start_input(run), True
        return None, bool(state.tasks)

    async def _start_point(self, run: PreparedRun, lease: Lease,
                           graph: CompiledStateGraph[Any, Any, Any, Any],
                           config: RunnableConfig) -> tuple[Any, bool, RunnableConfig]:
        """What this attempt feeds the graph, whether there is work left, and its config.

        A run from a checkpoint starts there until it has written a checkpoint of
        its own; from then on (a later attempt) it goes on from the thread's latest.
        """
        at_checkpoint = run.options.apply(config, at_checkpoint=True)
        if lease.attempt == 1 and run.first_input is not None:
            graph_input, work = run.first_input  # the thread is as prepare saw it
            return graph_input, work, at_checkpoint
        state = await graph.aget_state(config)
        ours = (state.metadata or {}).get("run_id") == run.run_id
        if run.options.checkpoint_id and run.kind == "start" and not ours:
            return self._start_input(run), True, at_checkpoint
        graph_input, work = await self._attempt_input(run, state)
        return graph_input, work, config

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
        token = current_lease.set(lease)  # also the run fields of every log record
        log.info("run attempt started")
        started = time.monotonic()
        status = "lost"
        try:
            outcome = await self._drive(run, lease, on_event, on_chunk, stream_modes, control)
            status = outcome.status
            log.info("run attempt ended: %s", outcome.status)
            return outcome
        except LeaseLostError:
            raise
        except asyncio.CancelledError:
            status = "cancelled" if lease.cancel_requested else "queued"
            raise
        finally:
            found = meters()
            found.runs.labels(run.spec.name, status).inc()
            found.run_seconds.labels(run.spec.name, status).observe(time.monotonic() - started)
            current_lease.reset(token)
            self.queue.release(lease)

    @telemetry.attempt_span
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
        meter = run.meter = UsageMeter(spec.name)
        config = run.options.apply(self._config(spec, thread_id, run_id))
        config["callbacks"] = [*cast(list[Any], config.get("callbacks") or []), meter]
        # Callers pass mode names checked at their own way in (the HTTP schema's literal).
        modes = cast(list[StreamMode], [m for m in dict.fromkeys(["tasks", "custom", *stream_modes])
                                        if m != EVENTS])
        error: dict[str, Any] | None = None
        try:
            graph_input, work, start = await self._start_point(run, lease, graph, config)
            if work:
                await self._stream(run, lease, graph, graph_input, start, modes, stream_modes,
                                   control, emit, on_chunk)
        except GraphRecursionError:
            error = {"type": "RecursionLimit",
                     "message": f"stopped after {spec.recursion_limit} steps (recursion_limit)"}
        except GraphDrained:
            return await self._requeue(run, lease, "drained at a step boundary", emit)
        except LeaseLostError:
            raise
        except DATABASE_ERRORS as exc:  # the database went away: the run is retried, not failed
            meters().database_errors.labels("run").inc()
            await asyncio.shield(self._requeue_quietly(lease, f"database error: {exc}", meter))
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
                                                       "failed", usage=meter.take().columns()))
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
        config = telemetry.grouped(config, run)
        async with open_tools(spec.toolservers, self.settings) as tools:
            policy = ToolPolicy(
                timeout=self.settings.tool_timeout, retries=self.settings.tool_retries,
                max_chars=self.settings.tool_result_max_chars,
                audit=partial(self._audit_tool, thread_id, run_id, run.actor),
                on_done=run.meter.tool_done if run.meter is not None else None)
            resources = spec.resources(self.settings) if spec.resources else {}
            # A graph of your own gets its context_schema's instance, from the run's values.
            context: Any = (
                AgentContext(model=run.chat_model, tools=tools, policy=policy,
                             thread_id=thread_id, run_id=run_id, actor=run.actor,
                             owner=run.owner, resources=resources, effects=self.effects)
                if spec.origin is None
                else build_context(getattr(graph, "context_schema", None), run.options))
            # "sync": each step's checkpoint is committed before the next step
            # starts, so a process killed mid-run resumes after the last finished
            # step and never repeats it (LangGraph's default, "async", may lose it).
            steps = _Steps(spec.name)
            async with self._run_graph(spec, graph, config, run.options.context_values) as graph:
                async for namespace, mode, chunk in _chunks(
                        graph, graph_input, config, run_id, events=EVENTS in stream_modes,
                        context=context, durability="sync", stream_mode=modes,
                        control=control, **run.options.graph_kwargs()):
                    lease.check()
                    if not namespace and mode == "tasks" and steps.seen(chunk):
                        await self._store_usage(run, lease)
                    if not namespace:  # the runtime's events are the root graph's
                        for event in events_from_chunk(mode, chunk, thread_id, run_id):
                            await emit(event)
                    if on_chunk is not None and mode in stream_modes:
                        await on_chunk("|".join([mode, *namespace]), chunk)

    @asynccontextmanager
    async def _run_graph(self, spec: AgentSpec, graph: CompiledStateGraph[Any, Any, Any, Any],
                         config: RunnableConfig, context: Any,
                         ) -> AsyncIterator[CompiledStateGraph[Any, Any, Any, Any]]:
        """The graph this run executes: a factory's, called with the run's config and
        context values (a dict, as the Agent Server gives a factory's runtime; the graph's
        nodes get the context_schema's instance). The process's graph, of the same
        topology, reads the thread's state."""
        if spec.run_graph is None:
            yield graph
            return
        async with spec.run_graph(config, context, self.checkpointer) as made:
            yield made

    async def _store_usage(self, run: PreparedRun, lease: Lease) -> None:
        """At a step boundary (the last step's checkpoint is committed): store what the
        attempt spent since its last write, so a crash later loses none of it."""
        if run.meter is None:
            return
        usage = run.meter.take()
        if not usage.counted():
            run.meter.give_back(usage)
            return
        if not await self.queue.add_usage(lease, usage.columns()):
            lease.check()  # the run is not ours any more: the next chunk stops it

    async def _requeue(self, run: PreparedRun, lease: Lease, reason: str,
                       emit: Any) -> RunOutcome:
        usage = run.meter.take().columns() if run.meter is not None else None
        await self.queue.requeue(lease, spend=False, reason=reason, usage=usage)
        outcome = RunOutcome(thread_id=run.thread_id, run_id=run.run_id, status="queued")
        await emit(Event(kind="run_finished", thread_id=run.thread_id, run_id=run.run_id,
                         data={"status": "queued", "error": None}))
        return outcome

    async def _requeue_quietly(self, lease: Lease, reason: str, meter: UsageMeter) -> None:
        try:
            await self.queue.requeue(lease, spend=True, reason=reason,
                                     usage=meter.take().columns())
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
        pending = pending_interrupt(state)
        outcome: RunOutcome
        if error is None and pending is not None:
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="interrupted",
                                 interrupt=pending.model_dump(mode="json"))
        elif error is None and state.tasks and run.options.breakpoints:
            # Stopped at an interrupt_before/after node: paused, with nothing to decide.
            outcome = RunOutcome(thread_id=thread_id, run_id=run_id, status="interrupted")
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
        usage = run.meter.take().columns() if run.meter is not None else None
        await self.queue.finish(lease, outcome.status, message, outcome.status, details=details,
                                also=also, values=state_copy(values), usage=usage)
        if outcome.interrupt:
            await emit(Event(kind="interrupt", thread_id=thread_id, run_id=run_id,
                             data={"interrupt": outcome.interrupt}))
        await emit(Event(kind="run_finished", thread_id=thread_id, run_id=run_id,
                         data={"status": outcome.status, "error": outcome.error}))
        return outcome
