"""Request bodies of the HTTP API: the LangGraph Agent Server shapes the SDK sends.

Fields the SDK may send but agentdesk does not act on are accepted and named
here; anything else is refused with 422 naming the field.
"""

from __future__ import annotations

import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from agentdesk.runtime.approvals import DecisionType

from .ids import Ident

__all__ = ["AssistantCount", "AssistantCreate", "AssistantPatch", "AssistantSearch",
           "AssistantVersionChange", "AssistantVersionsSearch", "CheckpointIn", "CommandIn",
           "DecisionIn", "HistoryQuery", "RunCreate", "StateAt", "StateUpdate", "ThreadCount",
           "ThreadCreate", "ThreadPatch", "ThreadPrune", "ThreadSearch", "ThreadTtl"]

StreamModeName = Literal["values", "updates", "messages", "messages-tuple", "custom", "events",
                         "debug", "tasks", "checkpoints"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


AssistantSortField = Literal["assistant_id", "graph_id", "name", "created_at", "updated_at"]
AssistantField = Literal["assistant_id", "graph_id", "name", "description", "config", "context",
                         "created_at", "updated_at", "metadata", "version"]


class AssistantCreate(_Body):
    graph_id: str = Field(max_length=64)
    assistant_id: uuid.UUID | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    if_exists: Literal["raise", "do_nothing"] = "raise"
    name: str | None = Field(default=None, max_length=200)
    description: str | None = None


class AssistantPatch(_Body):
    graph_id: str | None = Field(default=None, max_length=64)
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    name: str | None = Field(default=None, max_length=200)
    description: str | None = None


class AssistantCount(_Body):
    graph_id: str | None = None
    name: str | None = None
    metadata: dict[str, Any] | None = None


OFFSET_MAX = 2**31 - 1
"""The largest ``offset`` a search takes (the databases' own bound is 64 bits)."""


class AssistantSearch(AssistantCount):
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0, le=OFFSET_MAX)
    sort_by: AssistantSortField | None = None
    sort_order: Literal["asc", "desc"] | None = None
    select: list[AssistantField] | None = None


class AssistantVersionsSearch(_Body):
    metadata: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0, le=OFFSET_MAX)


class AssistantVersionChange(_Body):
    version: int = Field(ge=1, le=OFFSET_MAX)


class ThreadTtl(_Body):
    """A thread's time to live, as the SDK sends it (a number becomes ``{"ttl": n}``)."""

    ttl: float = Field(gt=0, le=10 * 365 * 24 * 60)
    """Minutes after the thread's last activity."""
    strategy: Literal["delete", "keep_latest"] = "delete"
    """On expiry: delete the thread, or keep it with only its latest checkpoint."""


class SuperstepUpdate(_Body):
    values: dict[str, Any] | list[Any] | None = None
    as_node: str = Field(max_length=200)
    command: None = None
    """Sent as null by the SDK; a command here is not supported."""


class Superstep(_Body):
    updates: list[SuperstepUpdate] = Field(min_length=1, max_length=100)


class ThreadCreate(_Body):
    thread_id: Ident | None = None
    metadata: dict[str, Any] | None = None
    if_exists: Literal["raise", "do_nothing"] = "raise"
    supersteps: list[Superstep] | None = Field(default=None, max_length=100)
    """State updates applied in order when the thread is created (its graph: ``graph_id``)."""
    graph_id: str | None = None
    ttl: ThreadTtl | None = None


class ThreadPatch(_Body):
    metadata: dict[str, Any] = Field(default_factory=dict)
    ttl: ThreadTtl | None = None


ThreadStatusName = Literal["idle", "busy", "interrupted", "error"]
ThreadSortBy = Literal["thread_id", "status", "created_at", "updated_at", "state_updated_at"]


class ThreadCount(_Body):
    metadata: dict[str, Any] | None = None
    values: dict[str, Any] | None = None
    status: ThreadStatusName | None = None


class ThreadSearch(ThreadCount):
    ids: list[Ident] | None = Field(default=None, max_length=1000)
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: ThreadSortBy | None = None
    sort_order: Literal["asc", "desc"] | None = None
    select: list[str] | None = None
    extract: dict[str, str] | None = None


class CheckpointIn(_Body):
    """A checkpoint of a thread, as the SDK names one."""

    checkpoint_id: Ident | None = None
    checkpoint_ns: str = Field(default="", max_length=500)
    checkpoint_map: dict[str, Any] | None = None
    thread_id: str | None = None
    """Sent back as the API answered it; the path's thread is the one read."""


class HistoryQuery(_Body):
    limit: int = Field(default=10, ge=1, le=1000)
    before: Ident | CheckpointIn | None = None
    metadata: dict[str, Any] | None = None
    checkpoint: CheckpointIn | None = None
    select: list[str] | None = None


class StateAt(_Body):
    """``POST /threads/{id}/state/checkpoint``."""

    checkpoint: CheckpointIn
    subgraphs: bool = False
    select: list[str] | None = None


class StateUpdate(_Body):
    """``POST /threads/{id}/state``: values written as if ``as_node`` had run."""

    values: dict[str, Any] | list[Any] | None = None
    as_node: str | None = Field(default=None, max_length=200)
    checkpoint: CheckpointIn | None = None
    checkpoint_id: Ident | None = None


class ThreadPrune(_Body):
    thread_ids: list[Ident] = Field(max_length=1000)
    strategy: Literal["delete", "keep_latest"] = "delete"


class CommandIn(_Body):
    resume: Any = None
    update: Any = None
    goto: Any = None

    @field_validator("update", "goto")
    @classmethod
    def _unsupported(cls, value: Any) -> Any:
        if value is not None:
            raise ValueError("only resume commands are supported")
        return value


class RunCreate(_Body):
    assistant_id: Ident
    input: dict[str, Any] | None = None
    command: CommandIn | None = None
    stream_mode: StreamModeName | list[StreamModeName] = "values"
    multitask_strategy: Literal["reject", "enqueue", "interrupt", "rollback"] = "reject"
    metadata: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    checkpoint: dict[str, Any] | None = None
    checkpoint_id: Ident | None = None
    checkpoint_during: bool | None = None
    interrupt_before: Literal["*"] | list[str] | None = None
    interrupt_after: Literal["*"] | list[str] | None = None
    feedback_keys: list[str] | None = None
    webhook: str | None = None
    if_not_exists: Literal["create", "reject"] | None = None
    on_disconnect: Literal["cancel", "continue"] | None = None
    on_completion: Literal["delete", "keep"] | None = None
    after_seconds: float | None = None
    # Accepted for SDK compatibility; agentdesk always checkpoints synchronously
    # (see Desk.execute), the strongest of the three, so resume never redoes a step.
    durability: Literal["sync", "async", "exit"] | None = None
    stream_subgraphs: bool | None = None
    stream_resumable: bool | None = None
    strict_resume: bool | None = None
    langsmith_tracer: Any = None

    @field_validator("multitask_strategy")
    @classmethod
    def _strategies(cls, value: str) -> str:
        if value not in ("reject", "enqueue"):
            raise ValueError(f"{value!r} is not supported; use reject or enqueue")
        return value

    def modes(self) -> list[str]:
        modes = [self.stream_mode] if isinstance(self.stream_mode, str) else self.stream_mode
        return list(dict.fromkeys(modes)) or ["values"]


class DecisionIn(_Body):
    """``POST /threads/{id}/decisions``: a decision, optionally pinned to an interrupt."""

    type: DecisionType
    args: dict[str, Any] | None = None
    message: str | None = Field(default=None, max_length=4000)
    actor: str | None = Field(default=None, max_length=200)
    interrupt_id: Ident | None = None
    value: Any = None
    """``resume``: the answer to a graph's own interrupt, any JSON value."""
