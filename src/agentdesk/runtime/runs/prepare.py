"""Preparing runs: :class:`PreparedRun`, :class:`RunOutcome` and :class:`RunPreparer`.

Every run is a durable record before it executes. Each way to run has a
``prepare_*`` step that checks everything (the input, the model spec, the
thread's agent and status, the pending interrupt a decision answers), then
claims the thread and records the run in one transaction, or refuses and
leaves no trace. With ``claim`` (the default) this process holds the run's
lease at once; without, the run waits ``pending`` for any worker, which
:meth:`RunPreparer.load` turns back into a :class:`PreparedRun`. A decision is
recorded with its run, so a second decision for the same interrupt is refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command, StateSnapshot
from pydantic import BaseModel, ValidationError

from agentdesk.errors import (
    ConfigError,
    ConflictError,
    DecisionError,
    InputError,
    NotFoundError,
    ThreadBusyError,
)
from agentdesk.models import get_chat_model
from agentdesk.runtime import telemetry
from agentdesk.runtime.approvals import Decision, InterruptPayload, check_decision
from agentdesk.runtime.durable.queue import Lease, worker_name
from agentdesk.runtime.registry import AgentSpec, get_agent
from agentdesk.runtime.storage.store import NewRun, RunRecord, ThreadRecord

from .base import resume_value
from .options import RunOptions, build_context
from .reading import ThreadReader

__all__ = ["Lifecycle", "PreparedRun", "RunOutcome", "RunPreparer", "RunStatus"]

logger = logging.getLogger(__name__)


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


@dataclass(frozen=True)
class Lifecycle:
    """When a run may start and what happens around it, as the caller asked."""

    run_after: datetime | None = None
    """No worker claims it before then (``after_seconds``)."""
    wait: bool = False
    """Queue it behind the run that holds its thread instead of refusing (``enqueue``)."""
    on_completion: Literal["delete", "keep"] | None = None
    multitask_strategy: str | None = None
    metadata: dict[str, Any] | None = None

    @property
    def queued(self) -> bool:
        """It waits in the queue: no process claims it when it is recorded."""
        return self.wait or self.run_after is not None

    def fields(self) -> dict[str, Any]:
        """Its columns of the run's record."""
        return {"run_after": self.run_after, "on_completion": self.on_completion,
                "multitask_strategy": self.multitask_strategy, "metadata": self.metadata}


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
    meter: Any = None
    """This attempt's :class:`~agentdesk.runtime.runs.usage.UsageMeter`, while it runs."""
    options: RunOptions = field(default_factory=RunOptions)
    """What the run asks of its graph (config, context, checkpoint, breakpoints...)."""


class RunPreparer(ThreadReader):
    """The :class:`~agentdesk.runtime.runs.desk.Desk`'s preparing side: check, record, load."""

    async def _existing(self, thread_id: str, owner: str | None, model: str | None,
                        ) -> tuple[ThreadRecord, AgentSpec, str, Any]:
        """A thread that has run, its agent and the model it goes on with (checked first)."""
        thread = await self.store.get_thread(thread_id, owner)
        spec = self._spec_of(thread)
        model_spec = model or thread.model or self.settings.model_for(spec.name)
        return thread, spec, model_spec, get_chat_model(model_spec, self.settings)

    async def check_options(self, spec: AgentSpec, options: RunOptions,
                            thread_id: str | None) -> None:
        """Refuse options the run cannot honour, before anything is written.

        A built-in agent takes neither ``context`` nor ``configurable``: its nodes
        read :class:`~.context.AgentContext`, which the runtime builds, and no
        configurable value of theirs exists. A ``checkpoint_id`` must be one of
        the thread's (root) checkpoints.
        """
        if spec.origin is None:
            if options.context is not None:
                raise InputError(f"the built-in agent {spec.name!r} takes no context (its "
                                 "nodes get the runtime's own)", field="context")
            if options.configurable:
                raise InputError(f"the built-in agent {spec.name!r} reads no configurable "
                                 "values", field="config.configurable")
        graph = self._graph(spec)
        options.check_nodes({n for n in graph.nodes if not n.startswith("__")})
        if spec.origin is not None:
            build_context(getattr(graph, "context_schema", None), options)
        if options.checkpoint_id is not None:
            found = thread_id is not None and await self.checkpointer.aget_tuple(
                {"configurable": {"thread_id": thread_id, "checkpoint_ns": "",
                                  "checkpoint_id": options.checkpoint_id}})
            if not found:
                raise NotFoundError(f"checkpoint_id: no checkpoint {options.checkpoint_id!r} "
                                    f"on thread {thread_id!r}", field="checkpoint_id")

    async def _open(self, spec: AgentSpec, chat_model: Any, new: NewRun, *,
                    seen: ThreadRecord | None, claim: bool, first_input: Any = None,
                    options: RunOptions | None = None, lifecycle: Lifecycle | None = None,
                    **opening: Any) -> PreparedRun:
        sent = time.monotonic()
        options = options or RunOptions()
        trace = telemetry.run_trace({"agentdesk.run_id": new.run_id, "agentdesk.kind": new.kind,
                                     "agentdesk.thread_id": new.thread_id,
                                     "agentdesk.agent": spec.name, "agentdesk.actor": new.actor})
        if trace:
            options = options.model_copy(update={"trace": trace})
        new.options = options.model_dump(mode="json", exclude_defaults=True) or None
        lifecycle = lifecycle or Lifecycle()
        for name, value in lifecycle.fields().items():
            setattr(new, name, value)
        claim = claim and not lifecycle.queued
        attempt = await self.store.open_run(
            new, seen=seen, lease_seconds=self.queue.lease_seconds if claim else None,
            worker=worker_name(), wait=lifecycle.wait, **opening)
        run = PreparedRun(spec, new.thread_id, new.run_id, new.kind, new.model or "",
                          chat_model, new.actor, new.input, new.interrupt_id,
                          new.stream_modes, options=options)
        run.owner = seen.owner if seen is not None else opening.get("create", {}).get("owner")
        if first_input is not None and not lifecycle.wait:  # a queued one reads the thread
            run.first_input = (first_input, True)
        if attempt:
            run.lease = self.queue.new_lease(new.run_id, new.thread_id, attempt, sent)
        else:
            self.queue.announce(new.run_id, lifecycle.run_after)
        return run

    async def prepare_start(self, agent: str, payload: dict[str, Any] | None, *,
                            thread_id: str | None = None, model: str | None = None,
                            owner: str | None = None, actor: str | None = None,
                            display_name: str | None = None, new_thread_id: str | None = None,
                            metadata: dict[str, Any] | None = None,
                            stream_modes: Sequence[str] = (), claim: bool = True,
                            options: RunOptions | None = None,
                            webhook: str | None = None,
                            run_id: str | None = None,
                            lifecycle: Lifecycle | None = None) -> PreparedRun:
        """Validate ``payload`` and record a first run on a thread (new, or ``thread_id``).

        A new thread's id is ``new_thread_id`` if given (the server's id for a key), else
        a fresh UUID. With ``options.checkpoint_id`` the run starts from that checkpoint
        of the thread: ``payload`` forks there, None replays from there (and a thread
        waiting for a decision may be forked or replayed from an earlier point). ``webhook``
        (a URL the caller checked) is recorded with the run. ``run_id``: the run's id
        if the caller fixes it (a cron's tick), so a second recording of the same run
        collides on the key instead of running twice. With ``lifecycle.wait`` a busy thread
        does not refuse the run: it waits for the thread in the queue, and starts from the
        thread as it is then.
        """
        spec = get_agent(agent)
        options = options or RunOptions()
        replay = payload is None
        if replay and options.checkpoint_id is None:
            raise InputError("give input, or a checkpoint_id to replay from", field="input")
        await self.check_options(spec, options, thread_id)
        model_spec = model or self.settings.model_for(agent)
        seen: ThreadRecord | None = None
        opening: dict[str, Any] = {}
        prefix = "input" if thread_id else ""
        if thread_id is None:
            thread_id = new_thread_id or str(uuid.uuid4())
            opening["create"] = {"agent": agent, "owner": owner, "model": model_spec,
                                 "metadata": metadata or {}}
        data, chat_model = (None, None) if replay else await self._checked_input(
            spec, payload, model_spec, thread_id, prefix)
        if chat_model is None:
            chat_model = get_chat_model(model_spec, self.settings)  # a bad spec fails here
        if "create" not in opening:
            seen = await self.store.get_thread(thread_id, owner)
            if seen.agent not in (None, agent):
                raise ConflictError(f"thread {thread_id!r} belongs to agent {seen.agent!r}",
                                    thread_id=thread_id)
            waits = lifecycle is not None and lifecycle.wait
            if seen.status == "busy" and not waits:
                raise ThreadBusyError(f"thread {thread_id!r} is busy", thread_id=thread_id)
            if seen.status != "busy" and seen.agent is not None and \
                    options.checkpoint_id is None and (
                    await self.view(thread_id, thread=seen)).interrupt is not None:
                raise ConflictError(f"thread {thread_id!r} is waiting for a decision; answer it "
                                    "instead of starting a new run", thread_id=thread_id)
            if seen.agent is None:
                opening["bind"] = agent
        new = NewRun(run_id or str(uuid.uuid4()), thread_id, "start", model_spec,
                     actor or self.default_actor(),
                     input=None if data is None else data.model_dump(mode="json"),
                     stream_modes=list(stream_modes), display_name=display_name,
                     webhook=webhook)
        # Checked above: nothing pending (or a checkpoint to start from), so the first
        # attempt starts from the input (a replay: from nothing, at the checkpoint).
        run = await self._open(spec, chat_model, new, seen=seen, claim=claim,
                               first_input=None if data is None else spec.initial_state(data),
                               options=options, lifecycle=lifecycle, **opening)
        if data is None:
            run.first_input = (None, True)
        return run

    async def start_input(self, spec: AgentSpec, payload: Any, *, model: str | None = None,
                          ) -> dict[str, Any]:
        """``payload`` as a start run of ``spec`` on ``model`` (the agent's model if None)
        would record it: validated, completed by the model where the agent does that, or
        an :class:`InputError` naming the field under ``input``. Nothing is written (a
        cron's input is checked so at create)."""
        data, _ = await self._checked_input(spec, payload, model or self.settings.model_for(
            spec.name), str(uuid.uuid4()), "input")
        return dict(data.model_dump(mode="json"))

    async def _checked_input(self, spec: AgentSpec, payload: Any, model_spec: str,
                             thread_id: str, prefix: str) -> tuple[BaseModel, Any]:
        """``payload`` validated; if refused, completed by the agent's model and validated
        again. Returns the input and the chat model it built (None if it needed none).

        Only a refused dict payload is completed (:attr:`AgentSpec.complete_input`). A
        refusal is the schema's own, naming the field: as code read the input when the
        model found nothing, failed, or cannot be built from ``model_spec`` (the input is
        refused before the model, as it is without completion); else as the completed
        payload still is.
        """
        try:
            return spec.input_schema.model_validate(payload), None
        except ValidationError as exc:
            refused = InputError.from_validation(exc, prefix)
        if spec.complete_input is None or not isinstance(payload, dict):
            raise refused
        try:
            chat_model = get_chat_model(model_spec, self.settings)
        except ConfigError:
            raise refused from None
        config: RunnableConfig = {"configurable": {"thread_id": thread_id},
                                  "metadata": {"agentdesk.agent": spec.name}}
        try:  # a model call blocks: off the event loop
            completed = await asyncio.to_thread(spec.complete_input, payload, chat_model,
                                                self.settings, config)
        except Exception:  # the request is what was refused; a failed reading changes nothing
            logger.warning("agent %s: the model could not complete a refused input",
                           spec.name, exc_info=True)
            raise refused from None
        if completed is None:
            raise refused
        try:
            return spec.input_schema.model_validate(completed), chat_model
        except ValidationError as exc:
            raise InputError.from_validation(exc, prefix) from None

    async def prepare_decide(self, thread_id: str,
                             decision: Decision | Callable[[InterruptPayload], Decision], *,
                             interrupt_id: str | None = None, model: str | None = None,
                             owner: str | None = None, stream_modes: Sequence[str] = (),
                             claim: bool = True, options: RunOptions | None = None,
                             webhook: str | None = None, lifecycle: Lifecycle | None = None,
                             ) -> PreparedRun:
        """Check a decision for the pending interrupt and record it with its run, exactly once.

        ``decision`` may be a function of the pending interrupt (an HTTP ``command.resume``
        means a decision for ours, any JSON value for a graph's own payload).
        """
        thread, spec, model_spec, chat_model = await self._existing(thread_id, owner, model)
        options = await self._continuing(spec, options, thread_id)
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
                     display_name=decision.display_name, webhook=webhook)
        recorded = decision.model_dump(mode="json")
        with telemetry.span("decision", {
                "agentdesk.thread_id": thread_id, "agentdesk.interrupt_id": pending.id,
                "agentdesk.interrupt.kind": pending.kind, "agentdesk.decision.type": decision.type,
                "agentdesk.actor": decision.actor, "agentdesk.run_id": new.run_id}):
            return await self._open(spec, chat_model, new, seen=thread, claim=claim,
                                    decision=recorded, options=options, lifecycle=lifecycle,
                                    first_input=Command(resume={pending.id:
                                                                resume_value(recorded)}))

    async def prepare_resume(self, thread_id: str, *, model: str | None = None,
                             owner: str | None = None, actor: str | None = None,
                             display_name: str | None = None,
                             stream_modes: Sequence[str] = (), claim: bool = True,
                             options: RunOptions | None = None,
                             webhook: str | None = None,
                             lifecycle: Lifecycle | None = None) -> PreparedRun:
        """Continue a thread whose last run ended early (failed, cancelled), from its checkpoint.

        Work whose checkpoint was written is not redone. A decision recorded
        for the pending interrupt but not yet applied is applied now. A run
        that is still queued or held by a worker is not resumed here: the
        queue finishes it (see :meth:`take_over`).
        """
        thread, spec, model_spec, chat_model = await self._existing(thread_id, owner, model)
        options = await self._continuing(spec, options, thread_id)
        if thread.status == "busy":
            raise ThreadBusyError(f"thread {thread_id!r} is busy: its run is queued or held "
                                  "by a worker, which will finish it", thread_id=thread_id)
        view = await self.view(thread_id)
        if view.interrupt is not None:
            if await self.store.get_decision(thread_id, view.interrupt.id) is None:
                raise ConflictError(f"thread {thread_id!r} is waiting for a decision; use "
                                    "`agentdesk decide`", thread_id=thread_id)
        elif not view.next:
            raise ConflictError(f"thread {thread_id!r} has nothing to resume "
                                f"(status: {thread.status})", thread_id=thread_id)
        new = NewRun(str(uuid.uuid4()), thread_id, "resume", model_spec,
                     actor or self.default_actor(), stream_modes=list(stream_modes),
                     display_name=display_name, webhook=webhook)
        return await self._open(spec, chat_model, new, seen=thread, claim=claim,
                                options=options, lifecycle=lifecycle)

    async def _continuing(self, spec: AgentSpec, options: RunOptions | None,
                          thread_id: str) -> RunOptions:
        """The checked options of a run that goes on from the thread's latest checkpoint.

        A ``checkpoint_id`` naming that latest checkpoint is where the run goes on anyway
        (Agent Chat UI resumes with the one it last read); an older one is refused.
        """
        options = options or RunOptions()
        if options.checkpoint_id is not None:
            _, state = await self.snapshot(thread_id)
            latest = state.config["configurable"].get("checkpoint_id") if state else None
            if options.checkpoint_id != latest:
                raise InputError("a run that answers an interrupt or continues the thread "
                                 "goes on from its latest checkpoint, not an older one; give "
                                 "input (fork) or no command (replay) with a checkpoint_id",
                                 field="checkpoint_id")
            options = options.model_copy(update={"checkpoint_id": None})
        await self.check_options(spec, options, thread_id)
        return options

    async def load(self, record: RunRecord) -> PreparedRun:
        """A recorded run, ready for a worker to claim and execute."""
        thread = await self.store.get_thread(record.thread_id)
        spec = self._spec_of(thread)
        model_spec = record.model or thread.model or self.settings.model_for(spec.name)
        return PreparedRun(spec, record.thread_id, record.run_id, record.kind, model_spec,
                           get_chat_model(model_spec, self.settings), record.actor,
                           record.input, record.interrupt_id, record.stream_modes or [],
                           owner=thread.owner,
                           options=RunOptions.model_validate(record.options or {}))

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
