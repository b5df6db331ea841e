"""API objects (assistants, threads, state, runs) in the LangGraph Agent Server shapes."""

from __future__ import annotations

import re
from typing import Any

from langgraph.types import StateSnapshot

from agentdesk.errors import InputError
from agentdesk.runtime.assistants import system_assistant_id
from agentdesk.runtime.runs.usage import usage_of
from agentdesk.runtime.storage.store import RunRecord, ThreadRecord

from .serialize import to_jsonable

__all__ = ["STATE_FIELDS", "THREAD_FIELDS", "api_run_status", "api_thread_status",
           "assistant_id", "check_extract", "check_select", "extract_fields", "interrupts_view",
           "run_view", "select_state", "select_thread", "state_view", "thread_view", "ttl_view"]


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
                   # A subgraph's task: its state when asked for (subgraphs), else where it is.
                   "checkpoint": (t.state.get("configurable") if isinstance(t.state, dict)
                                  else None),
                   "state": state_view(t.state) if isinstance(t.state, StateSnapshot) else None,
                   "result": t.result}
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


THREAD_FIELDS = ("thread_id", "created_at", "updated_at", "metadata", "config", "status",
                 "values", "interrupts")
"""What a thread answer holds, and so what a search may ``select`` (all, by default)."""

STATE_FIELDS = ("values", "next", "tasks", "checkpoint", "metadata", "created_at",
                "parent_checkpoint", "interrupts")


def ttl_view(record: ThreadRecord) -> dict[str, Any] | None:
    """A thread's own time to live (``GET /threads/{id}?include=ttl``), None without one."""
    if record.ttl_minutes is None:
        return None
    return to_jsonable({"strategy": record.ttl_strategy or "delete",
                        "ttl_minutes": record.ttl_minutes, "expires_at": record.expires_at})


def select_thread(view: dict[str, Any], select: list[str] | None) -> dict[str, Any]:
    """Only the named fields of a thread answer (checked by :func:`check_select`)."""
    return view if not select else {k: v for k, v in view.items() if k in select}


def check_select(select: list[str] | None, fields: tuple[str, ...], *,
                 values_keys: bool = False) -> None:
    """Refuse a ``select`` naming a field the answer does not have."""
    for name in select or []:
        if name in fields or (values_keys and name.startswith("values.") and len(name) > 7):
            continue
        raise InputError(f"{name!r} is not a field; choose among {', '.join(fields)}"
                         + (" or values.<key>" if values_keys else ""), field="select")


def select_state(view: dict[str, Any], select: list[str] | None) -> dict[str, Any]:
    """A state answer cut to ``select``: whole fields, or ``values.<key>`` for one value."""
    if not select:
        return view
    keys = {name.removeprefix("values.") for name in select if name.startswith("values.")}
    out = {k: v for k, v in view.items() if k in select}
    if keys and "values" not in select:
        values = view.get("values")
        out["values"] = ({k: v for k, v in values.items() if k in keys}
                         if isinstance(values, dict) else values)
    return out


_EXTRACT_ROOTS = ("values", "metadata", "config", "interrupts")
_ALIAS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STEP = re.compile(r"\.([^.\[\]]+)|\[(-?\d+)\]")


def check_extract(extract: dict[str, Any] | None) -> None:
    """Refuse an ``extract`` the Agent Server refuses: at most 10 paths, identifier
    aliases that are not thread fields, paths rooted in values, metadata, config or
    interrupts, written ``root.key[index].key``."""
    if not extract:
        return
    if len(extract) > 10:
        raise InputError("at most 10 paths", field="extract")
    for alias, path in extract.items():
        if not _ALIAS.fullmatch(alias) or alias in THREAD_FIELDS:
            raise InputError(f"{alias!r} must be an identifier and not a thread field",
                             field="extract")
        root = path.split(".")[0].split("[")[0] if isinstance(path, str) else ""
        rest = path[len(root):] if isinstance(path, str) else ""
        if root not in _EXTRACT_ROOTS or "".join(
                m.group(0) for m in _STEP.finditer(rest)) != rest:
            raise InputError(f"{alias}: {path!r} is not root.key[index] with root one of "
                             f"{', '.join(_EXTRACT_ROOTS)}", field="extract")


def extract_fields(view: dict[str, Any], extract: dict[str, str]) -> dict[str, Any]:
    """The values ``extract`` points at in a thread answer (None where a path leads nowhere)."""
    out: dict[str, Any] = {}
    for alias, path in extract.items():
        root = path.split(".")[0].split("[")[0]
        current: Any = view.get(root)
        for key, index in _STEP.findall(path[len(root):]):
            if key:
                current = current.get(key) if isinstance(current, dict) else None
            elif isinstance(current, list) and -len(current) <= int(index) < len(current):
                current = current[int(index)]
            else:
                current = None
        out[alias] = current
    return out


def run_view(record: RunRecord, agent: str | None, assistant: str | None = None,
             ) -> dict[str, Any]:
    """A run; ``assistant`` is the created assistant it ran on (else its graph's own)."""
    return to_jsonable({
        "run_id": record.run_id, "thread_id": record.thread_id,
        "assistant_id": assistant or (assistant_id(agent) if agent else None),
        "created_at": record.created_at, "updated_at": record.updated_at,
        "status": api_run_status(record.status),
        "metadata": {**(record.metadata or {}), "kind": record.kind, "attempt": record.attempt},
        "multitask_strategy": record.multitask_strategy or "reject", "kwargs": {},
        "error": record.error,
        # agentdesk's own: what the run cost (the SDK's clients ignore keys they do not know).
        "usage": usage_of(record).as_dict(attempts=record.attempt),
    })
