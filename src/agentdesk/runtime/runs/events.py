"""One event model for every way out: CLI progress, logs and (later) SSE."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

__all__ = ["Event", "EventKind", "EventSink", "events_from_chunk"]

EventKind = Literal["run_started", "node_started", "node_finished", "tool_started",
                    "tool_finished", "job_progress", "token", "interrupt", "error",
                    "run_finished"]


class Event(BaseModel):
    """Something that happened in a run."""

    kind: EventKind
    thread_id: str
    run_id: str
    node: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    at: datetime = Field(default_factory=lambda: datetime.now(UTC))


EventSink = Callable[[Event], Awaitable[None] | None]


def events_from_chunk(mode: str, chunk: Any, thread_id: str, run_id: str) -> list[Event]:
    """Turn one LangGraph stream chunk (``tasks`` or ``custom``) into events.

    Interrupts and the run's end are announced by the runtime once the run stops.
    """
    def event(kind: EventKind, node: str | None = None, **data: Any) -> Event:
        return Event(kind=kind, thread_id=thread_id, run_id=run_id, node=node, data=data)

    if mode == "tasks" and isinstance(chunk, dict):
        if "input" in chunk:
            return [event("node_started", chunk["name"])]
        if chunk.get("error"):
            return [event("error", chunk["name"], message=str(chunk["error"]))]
        result = chunk.get("result")
        step = result.get("current_step") if isinstance(result, dict) else None
        return [event("node_finished", chunk["name"], current_step=step)]
    if mode == "custom" and isinstance(chunk, dict) and chunk.get("kind") in (
            "tool_started", "tool_finished", "job_progress", "token"):
        data = {k: v for k, v in chunk.items() if k not in ("kind", "node")}
        return [event(chunk["kind"], chunk.get("node"), **data)]
    return []
