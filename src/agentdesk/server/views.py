"""API objects (assistants, threads, state, runs) in the LangGraph Agent Server shapes."""

from __future__ import annotations

from typing import Any

from langgraph.types import StateSnapshot

from agentdesk.runtime.assistants import system_assistant_id
from agentdesk.runtime.storage.store import RunRecord, ThreadRecord

from .serialize import to_jsonable

__all__ = ["api_run_status", "api_thread_status", "assistant_id", "interrupts_view",
           "run_view", "state_view", "thread_view"]


def api_run_status(status: str) -> str:
    """Our run status as the LangGraph API names it (a run that paused succeeded)."""
    return {"pending": "pending", "running": "running", "interrupted": "success",
            "completed": "success", "failed": "error", "error": "error",
            "cancelled": "interrupted", "queued": "pending"}.get(status, status)


def api_thread_status(status: str) -> str:
    """Our thread status as the LangGraph API names it."""
    return {"busy": "busy", "interrupted": "interrupted", "failed": "error"}.get(status, "idle")


def assistant_id(name: str) -> str:
    """The id of the system assistant of graph ``name``."""
    return system_assistant_id(name)


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


def run_view(record: RunRecord, agent: str | None, assistant: str | None = None,
             ) -> dict[str, Any]:
    """A run; ``assistant`` is the created assistant it ran on (else its graph's own)."""
    return to_jsonable({
        "run_id": record.run_id, "thread_id": record.thread_id,
        "assistant_id": assistant or (assistant_id(agent) if agent else None),
        "created_at": record.created_at, "updated_at": record.updated_at,
        "status": api_run_status(record.status), "metadata": {"kind": record.kind, "attempt": record.attempt},
        "multitask_strategy": "reject", "kwargs": {}, "error": record.error,
    })
