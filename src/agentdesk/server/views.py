"""API objects (assistants, threads, state, runs) in the LangGraph Agent Server shapes."""

from __future__ import annotations

import uuid
from typing import Any

from langgraph.types import StateSnapshot

from agentdesk.errors import NotFoundError
from agentdesk.runtime.registry import AgentSpec, agent_names, get_agent
from agentdesk.runtime.storage.store import RunRecord, ThreadRecord

from .serialize import to_jsonable

__all__ = ["api_run_status", "api_thread_status", "assistant", "find_assistant",
           "interrupts_view", "run_view", "state_view", "thread_view"]

_NAMESPACE = uuid.UUID("5b1f0c1e-8d7a-4a36-9a54-6a2d1f3c9e10")
_EPOCH = "2026-01-01T00:00:00+00:00"


def api_run_status(status: str) -> str:
    """Our run status as the LangGraph API names it (a run that paused succeeded)."""
    return {"pending": "pending", "running": "running", "interrupted": "success",
            "completed": "success", "failed": "error", "error": "error",
            "cancelled": "interrupted", "queued": "pending"}.get(status, status)


def api_thread_status(status: str) -> str:
    """Our thread status as the LangGraph API names it."""
    return {"busy": "busy", "interrupted": "interrupted", "failed": "error"}.get(status, "idle")


def assistant_id(name: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, name))


def assistant(spec: AgentSpec) -> dict[str, Any]:
    return {"assistant_id": assistant_id(spec.name), "graph_id": spec.name, "name": spec.name,
            "description": spec.description, "config": {}, "context": {},
            # request_field: the input field a plain-text request goes to (the web app's
            # start form labels it as the request; the schema has every field).
            "metadata": {"interrupts": list(spec.interrupt_kinds),
                         "toolservers": list(spec.toolservers),
                         "request_field": spec.request_field,
                         **({"origin": spec.origin} if spec.origin else {})},
            "version": 1, "created_at": _EPOCH, "updated_at": _EPOCH}


def find_assistant(ident: str) -> AgentSpec:
    """An agent by name, or by the assistant id derived from its name."""
    for name in agent_names():
        if ident in (name, assistant_id(name)):
            return get_agent(name)
    raise NotFoundError(f"assistant {ident!r} not found")


def interrupts_view(snapshot: StateSnapshot) -> list[dict[str, Any]]:
    """The pending interrupts; ours carry their id in the value, a graph's own is as raised."""
    return [{"value": {**i.value, "id": i.id} if _ours(i.value) else i.value, "id": i.id}
            for i in snapshot.interrupts]


def _ours(value: Any) -> bool:
    return isinstance(value, dict) and "kind" in value and "allowed" in value


def state_view(snapshot: StateSnapshot) -> dict[str, Any]:
    conf = snapshot.config.get("configurable", {}) if snapshot.config else {}
    parent = (snapshot.parent_config or {}).get("configurable") if snapshot.parent_config else None
    return to_jsonable({
        "values": snapshot.values or {},
        "next": list(snapshot.next),
        "tasks": [{"id": t.id, "name": t.name, "path": list(t.path),
                   "error": str(t.error) if t.error else None,
                   "interrupts": [{"value": i.value, "id": i.id} for i in t.interrupts],
                   "checkpoint": None, "state": None, "result": t.result}
                  for t in snapshot.tasks],
        "checkpoint": {"thread_id": conf.get("thread_id"), "checkpoint_ns": conf.get(
            "checkpoint_ns", ""), "checkpoint_id": conf.get("checkpoint_id")},
        "parent_checkpoint": parent,
        "metadata": snapshot.metadata or {},
        "created_at": snapshot.created_at,
        "interrupts": interrupts_view(snapshot),
    })


def thread_view(record: ThreadRecord, snapshot: StateSnapshot | None) -> dict[str, Any]:
    metadata = {**record.metadata}
    if record.agent:
        metadata.setdefault("graph_id", record.agent)
        metadata.setdefault("assistant_id", assistant_id(record.agent))
    interrupts = interrupts_view(snapshot) if snapshot else []
    return to_jsonable({
        "thread_id": record.thread_id, "created_at": record.created_at,
        "updated_at": record.updated_at, "metadata": metadata,
        "status": api_thread_status(record.status), "config": {},
        "values": (snapshot.values or {}) if snapshot else {},
        "interrupts": {i["id"]: [i] for i in interrupts},
    })


def run_view(record: RunRecord, agent: str | None) -> dict[str, Any]:
    return to_jsonable({
        "run_id": record.run_id, "thread_id": record.thread_id,
        "assistant_id": assistant_id(agent) if agent else None,
        "created_at": record.created_at, "updated_at": record.updated_at,
        "status": api_run_status(record.status),
        "metadata": {**(record.metadata or {}), "kind": record.kind, "attempt": record.attempt},
        "multitask_strategy": record.multitask_strategy or "reject", "kwargs": {},
        "error": record.error,
    })
