"""A thread's state by hand: read at a checkpoint, update, copy, prune, delete expired.

These act on a thread outside any run, through the same compiled graph and
checkpointer its runs use. An update is refused while a run holds the thread
(``busy``). The thread is not locked while its checkpoint is written: a run that
claims it in that window (milliseconds) may start before or after the update's
checkpoint, and the update then answers 409 although its checkpoint was written.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.errors import InvalidUpdateError
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import StateSnapshot
from pydantic import BaseModel, TypeAdapter, ValidationError

from agentdesk.errors import ConflictError, InputError, NotFoundError, ThreadBusyError, UserError
from agentdesk.runtime.registry import agent_names, get_agent
from agentdesk.runtime.storage.store import ThreadRecord
from agentdesk.runtime.storage.threadquery import state_copy

from .base import DeskBase, pending_interrupt

__all__ = ["CheckpointRef", "apply_supersteps", "check_update", "copy_thread", "delete_expired", "history", "prune",
           "state_at", "thread_status", "update_state"]

CheckpointRef = dict[str, Any]
"""A checkpoint as the API names it: ``checkpoint_id``, ``checkpoint_ns``, ``checkpoint_map``."""


def _agent(thread: ThreadRecord) -> str:
    """The thread's graph: its agent, or a registered ``graph_id`` in its metadata.

    A thread with neither cannot have state; the Agent Server answers 400 too.
    """
    if thread.agent is not None:
        return thread.agent
    named = thread.metadata.get("graph_id")
    if isinstance(named, str) and named in agent_names():
        return named
    raise UserError(f"thread {thread.thread_id!r} has no graph yet: start a run on it or "
                    "set metadata.graph_id to a graph this server serves",
                    thread_id=thread.thread_id)


def _config(desk: DeskBase, thread: ThreadRecord, checkpoint: CheckpointRef | None,
            ) -> RunnableConfig:
    config = desk._config(get_agent(_agent(thread)), thread.thread_id)
    given = {k: v for k, v in (checkpoint or {}).items()
             if k in ("checkpoint_id", "checkpoint_ns", "checkpoint_map") and v is not None}
    config["configurable"] = {**config["configurable"], "checkpoint_ns": "", **given}
    return config


def thread_status(snapshot: StateSnapshot) -> str:
    """The status a thread at rest has with this state: waiting on a person, or idle."""
    return "interrupted" if pending_interrupt(snapshot) or any(
        t.interrupts for t in snapshot.tasks) else "idle"


async def state_at(desk: DeskBase, thread: ThreadRecord, checkpoint: CheckpointRef | None,
                   *, subgraphs: bool = False) -> StateSnapshot | None:
    """The state at ``checkpoint`` (None: the latest); None for a thread without a graph,
    a :class:`NotFoundError` for a checkpoint the thread does not have."""
    if thread.agent is None and not thread.metadata.get("graph_id"):
        return None
    graph = desk._graph(get_agent(_agent(thread)))
    try:
        snapshot = await graph.aget_state(_config(desk, thread, checkpoint),
                                          subgraphs=subgraphs)
    except ValueError as exc:  # a namespace naming no subgraph of this graph
        raise InputError(str(exc), field="checkpoint") from exc
    if checkpoint and snapshot.created_at is None:
        raise NotFoundError(f"checkpoint {checkpoint.get('checkpoint_id')!r} of thread "
                            f"{thread.thread_id!r} not found", thread_id=thread.thread_id)
    return snapshot


async def history(desk: DeskBase, thread: ThreadRecord, *, limit: int,
                  before: str | CheckpointRef | None, metadata: dict[str, Any] | None,
                  checkpoint: CheckpointRef | None) -> list[StateSnapshot]:
    """The thread's checkpoints, newest first: from ``checkpoint`` (its namespace), older
    than ``before``, whose metadata holds ``metadata``."""
    if thread.agent is None and not thread.metadata.get("graph_id"):
        return []
    graph = desk._graph(get_agent(_agent(thread)))
    older: RunnableConfig | None = None
    if before is not None:
        ref = {"checkpoint_id": before} if isinstance(before, str) else before
        older = {"configurable": {"thread_id": thread.thread_id, **ref}}
    try:
        return [s async for s in graph.aget_state_history(
            _config(desk, thread, checkpoint), filter=metadata or None, before=older,
            limit=limit)]
    except ValueError as exc:  # a namespace naming no subgraph of this graph
        raise InputError(str(exc), field="checkpoint") from exc


async def update_state(desk: DeskBase, thread: ThreadRecord, values: Any, *,
                       as_node: str | None, checkpoint: CheckpointRef | None,
                       actor: str | None) -> dict[str, Any]:
    """Write ``values`` as ``as_node`` on the thread's latest (or given) checkpoint.

    Returns the new checkpoint's reference. The graph's state schema checks the
    values (a wrong field or node is an :class:`InputError`); the thread's status
    and searchable values follow the new state, with an audit entry.
    """
    if thread.status in ("busy", "deleting"):
        raise ThreadBusyError(f"thread {thread.thread_id!r} is busy: a run holds it",
                              thread_id=thread.thread_id)
    agent = _agent(thread)
    graph = desk._graph(get_agent(agent))
    check_update(graph, values)
    config = _config(desk, thread, checkpoint)
    try:
        written = await graph.aupdate_state(config, values, as_node=as_node)
    except (InvalidUpdateError, ValidationError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"the graph refused this update: {exc}", field="values") from exc
    snapshot = await graph.aget_state(written)
    ref = {k: v for k, v in written["configurable"].items()
           if k in ("thread_id", "checkpoint_ns", "checkpoint_id", "checkpoint_map")}
    recorded = await desk.store.record_state(
        thread.thread_id, status=thread_status(snapshot), values=state_copy(snapshot.values),
        actor=actor, data={"as_node": as_node, "checkpoint_id": ref.get("checkpoint_id"),
                           "keys": sorted(values) if isinstance(values, dict) else None})
    if not recorded:
        raise ThreadBusyError(f"thread {thread.thread_id!r} became busy during the update",
                              thread_id=thread.thread_id)
    if thread.agent is None:
        await desk.store.bind_agent(thread.thread_id, agent)
    return ref


def check_update(graph: CompiledStateGraph[Any, Any, Any, Any], values: Any) -> None:
    """Refuse what the graph would drop or store unchecked: keys that are not fields of
    its state and, for a Pydantic state, values its field types refuse (LangGraph itself
    drops unknown keys silently and does not validate an update)."""
    updates = values if isinstance(values, list) else [values]
    schema = graph.builder.state_schema
    fields = set(graph.builder.channels) | set(graph.builder.managed)
    for update in updates:
        if update is None:
            continue
        if not isinstance(update, dict):
            raise InputError("must be an object of state fields (or a list of them)",
                             field="values")
        unknown = sorted(set(update) - fields)
        if unknown:
            raise InputError(f"{', '.join(unknown)}: not fields of this graph's state",
                             field="values")
        if isinstance(schema, type) and issubclass(schema, BaseModel):
            for key, value in update.items():
                model_field = schema.model_fields.get(key)
                if model_field is None or model_field.annotation is None:
                    continue
                try:
                    TypeAdapter(model_field.annotation).validate_python(value)
                except ValidationError as exc:
                    raise InputError(exc.errors()[0]["msg"],
                                     field=f"values.{key}") from exc


async def apply_supersteps(desk: DeskBase, thread: ThreadRecord,
                           supersteps: list[list[tuple[Any, str]]], actor: str | None) -> None:
    """Write ``supersteps`` (each a list of (values, as_node)) to a new thread, as
    LangGraph's ``bulk_update_state`` does; checked first like :func:`update_state`."""
    from langgraph.types import StateUpdate

    agent = _agent(thread)
    graph = desk._graph(get_agent(agent))
    for step in supersteps:
        for values, _ in step:
            check_update(graph, values)
    try:
        written = await graph.abulk_update_state(
            _config(desk, thread, None),
            [[StateUpdate(values, as_node) for values, as_node in step] for step in supersteps])
    except (InvalidUpdateError, ValidationError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"the graph refused these updates: {exc}",
                         field="supersteps") from exc
    snapshot = await graph.aget_state(written)
    await desk.store.record_state(
        thread.thread_id, status=thread_status(snapshot), values=state_copy(snapshot.values),
        actor=actor, data={"supersteps": len(supersteps),
                           "checkpoint_id": written["configurable"].get("checkpoint_id")})
    if thread.agent is None:
        await desk.store.bind_agent(thread.thread_id, agent)


async def copy_checkpoints(saver: BaseCheckpointSaver, source: str, target: str) -> None:
    """Every checkpoint of ``source`` (all namespaces) and its pending writes, oldest
    first, written again under ``target``."""
    saved = [t async for t in saver.alist({"configurable": {"thread_id": source}})]
    for item in reversed(saved):
        conf = item.config["configurable"]
        parent = (item.parent_config or {}).get("configurable", {})
        put = await saver.aput(
            {"configurable": {"thread_id": target, "checkpoint_ns": conf.get("checkpoint_ns", ""),
                              "checkpoint_id": parent.get("checkpoint_id")}},
            item.checkpoint, item.metadata, dict(item.checkpoint["channel_versions"]))
        by_task: dict[str, list[tuple[str, Any]]] = defaultdict(list)
        for task_id, channel, value in item.pending_writes or []:
            by_task[task_id].append((channel, value))
        for task_id, writes in by_task.items():
            await saver.aput_writes(put, writes, task_id)


async def copy_thread(desk: DeskBase, thread: ThreadRecord, new_id: str,
                      owner: str | None) -> ThreadRecord:
    """A new thread ``new_id`` owned by ``owner`` with ``thread``'s checkpoints and
    metadata. Checkpoints go first: a copy cut short leaves no thread record."""
    await copy_checkpoints(desk.persistence.checkpointer, thread.thread_id, new_id)
    snapshot = await state_at(desk, thread.model_copy(update={"thread_id": new_id}), None)
    status = thread_status(snapshot) if snapshot is not None else "idle"
    try:
        return await desk.store.copy_thread(
            thread, new_id, owner=owner, status=status,
            values=state_copy(snapshot.values if snapshot else {}))
    except Exception:
        await desk.persistence.checkpointer.adelete_thread(new_id)
        raise


async def prune(desk: DeskBase, threads: list[ThreadRecord], strategy: str) -> int:
    """``delete``: remove each thread (busy ones are skipped); ``keep_latest``: keep only
    each thread's latest checkpoint per namespace. Returns how many were pruned."""
    pruned = 0
    for thread in threads:
        if thread.status in ("busy", "deleting"):
            continue
        if strategy == "delete":
            try:
                await desk.delete_thread(thread.thread_id)  # type: ignore[attr-defined]
            except (ConflictError, NotFoundError):
                continue
        else:
            await keep_latest(desk.persistence.checkpointer, thread.thread_id)
        pruned += 1
    return pruned


async def keep_latest(saver: BaseCheckpointSaver, thread_id: str) -> None:
    """Drop every checkpoint of the thread but the latest of each namespace."""
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    if not isinstance(saver, AsyncSqliteSaver):  # the PostgreSQL saver prunes itself
        await saver.aprune([thread_id], strategy="keep_latest")
        return
    kept = ("SELECT checkpoint_ns, MAX(checkpoint_id) FROM checkpoints WHERE thread_id = ? "
            "GROUP BY checkpoint_ns")
    async with saver.lock, saver.conn.cursor() as cur:
        for table in ("writes", "checkpoints"):
            await cur.execute(f"DELETE FROM {table} WHERE thread_id = ? AND "
                              f"(checkpoint_ns, checkpoint_id) NOT IN ({kept})",
                              (thread_id, thread_id))
        await saver.conn.commit()


async def delete_expired(desk: DeskBase, thread: ThreadRecord) -> bool:
    """Delete an expired thread the sweeper took (``deleting``): checkpoints first, then
    its records (:meth:`DeskBase.drop_thread`), so a sweep cut short is finished by the
    next one."""
    if not await desk.store.mark_deleting(thread):
        return False  # active since the sweeper read it
    await desk.drop_thread(thread.thread_id)
    return True
