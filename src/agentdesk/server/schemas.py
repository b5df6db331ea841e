"""Request bodies of the HTTP API: the LangGraph Agent Server shapes the SDK sends.

Fields the SDK may send but agentdesk does not act on are accepted and named
here; anything else is refused with 422 naming the field.
"""

from __future__ import annotations

import uuid
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from agentdesk.errors import InputError
from agentdesk.runtime.approvals import DecisionType
from agentdesk.runtime.durable.webhooks import check_webhook_form

from .ids import Ident

__all__ = ["AssistantCount", "AssistantCreate", "AssistantPatch", "AssistantSearch",
           "AssistantVersionChange", "AssistantVersionsSearch", "CheckpointIn", "CommandIn",
           "DecisionIn", "HistoryQuery", "RunCreate", "RunsCancel", "StateAt", "StateUpdate", "ThreadCount",
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
_THREAD_SORT_FIELDS: tuple[str, ...] = get_args(ThreadSortBy)


class ThreadCount(_Body):
    metadata: dict[str, Any] | None = None
    values: dict[str, Any] | None = None
    status: ThreadStatusName | None = None


class ThreadSearch(ThreadCount):
    ids: list[Ident] | None = Field(default=None, max_length=1000)
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0, le=OFFSET_MAX)
    sort_by: ThreadSortBy | None = None
    sort_order: Literal["asc", "desc"] | None = None
    order_by: str | None = Field(default=None, max_length=40)
    """Aegra's spelling of the sort, ``"<field> [ASC|DESC]"``; ``sort_by`` wins over it."""
    select: list[str] | None = None
    extract: dict[str, str] | None = None

    @model_validator(mode="after")
    def _order_by(self) -> ThreadSearch:
        if self.order_by is None or self.sort_by is not None:
            return self
        field, _, direction = self.order_by.strip().partition(" ")
        direction = direction.strip().lower() or "desc"
        if field not in _THREAD_SORT_FIELDS or direction not in ("asc", "desc"):
            raise InputError(f"{self.order_by!r} is not '<field> ASC|DESC' with a field of "
                             f"{', '.join(_THREAD_SORT_FIELDS)}", field="order_by")
        self.sort_by, self.sort_order = field, direction  # type: ignore[assignment]
        return self


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


def _not_supported(field: str, why: str) -> ValueError:
    return ValueError(f"{field} is not supported: {why}")


class RunCreate(_Body):
    """``POST /threads/{id}/runs`` and the stateless ``/runs``: every field is honoured
    with the Agent Server's meaning, or refused with 422 naming it."""

    assistant_id: Ident
    input: dict[str, Any] | None = None
    command: CommandIn | None = None
    stream_mode: StreamModeName | list[StreamModeName] = "values"
    multitask_strategy: Literal["reject", "enqueue", "interrupt", "rollback"] = "reject"
    """What a run on a busy thread does: ``reject`` (409), ``enqueue`` (waits for the
    thread in the queue), ``interrupt``/``rollback`` (stops the run that holds it)."""
    metadata: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    checkpoint: dict[str, Any] | None = None
    checkpoint_id: Ident | None = None
    checkpoint_during: bool | None = None
    """True: a checkpoint after each step (always so here); False is refused."""
    interrupt_before: Literal["*"] | list[str] | None = None
    interrupt_after: Literal["*"] | list[str] | None = None
    feedback_keys: list[str] | None = None
    webhook: str | None = None
    if_not_exists: Literal["create", "reject"] | None = None
    on_disconnect: Literal["cancel", "continue"] | None = None
    on_completion: Literal["delete", "keep"] | None = None
    after_seconds: float | None = Field(default=None, ge=0, le=366 * 86400)
    durability: Literal["sync", "async", "exit"] | None = None
    """``sync`` and ``async`` both write every step's checkpoint (here, before the next
    step starts); ``exit`` (only the last) is refused."""
    stream_subgraphs: bool | None = None
    stream_resumable: bool | None = None
    """Events are always stored, so any run's stream can be rejoined (True or not)."""
    strict_resume: bool | None = None
    """A resume that answers no waiting interrupt is always refused here (True);
    False (ignore the answer) is refused."""
    langsmith_tracer: Any = None

    @field_validator("feedback_keys")
    @classmethod
    def _feedback(cls, value: Any) -> Any:
        if value is not None:
            raise _not_supported("feedback_keys", "LangSmith feedback URLs need LangSmith")
        return value

    @field_validator("langsmith_tracer")
    @classmethod
    def _tracer(cls, value: Any) -> Any:
        if value is not None:
            raise _not_supported("langsmith_tracer", "agentdesk does not trace to LangSmith")
        return value

    @field_validator("webhook")
    @classmethod
    def _webhook(cls, value: str | None) -> str | None:
        # Its form only: the route resolves its host (an SSRF guard) after the body parses.
        if value is not None:
            check_webhook_form(value)
        return value

    @field_validator("durability")
    @classmethod
    def _durability(cls, value: str | None) -> str | None:
        if value == "exit":
            raise _not_supported("durability 'exit'", "every step is checkpointed (sync)")
        return value

    @field_validator("checkpoint_during")
    @classmethod
    def _during(cls, value: bool | None) -> bool | None:
        if value is False:
            raise _not_supported("checkpoint_during false", "every step is checkpointed")
        return value

    @field_validator("strict_resume")
    @classmethod
    def _strict(cls, value: bool | None) -> bool | None:
        if value is False:
            raise _not_supported("strict_resume false", "a resume that answers no waiting "
                                 "interrupt is always refused")
        return value

    def modes(self) -> list[str]:
        modes = [self.stream_mode] if isinstance(self.stream_mode, str) else self.stream_mode
        return list(dict.fromkeys(modes)) or ["values"]


class RunsCancel(_Body):
    """``POST /runs/cancel``: runs of one thread by id, or every run of a status."""

    thread_id: Ident | None = None
    run_ids: list[Ident] | None = Field(default=None, max_length=1000)
    status: Literal["pending", "running", "all"] | None = None

    @model_validator(mode="after")
    def _one_way(self) -> RunsCancel:
        if self.status is not None and (self.thread_id or self.run_ids):
            raise ValueError("status cancels runs of every thread: give it without "
                             "thread_id and run_ids")
        if self.status is None and not (self.thread_id and self.run_ids):
            raise ValueError("give thread_id and run_ids, or status")
        return self


class DecisionIn(_Body):
    """``POST /threads/{id}/decisions``: a decision, optionally pinned to an interrupt."""

    type: DecisionType
    args: dict[str, Any] | None = None
    message: str | None = Field(default=None, max_length=4000)
    actor: str | None = Field(default=None, max_length=200)
    interrupt_id: Ident | None = None
    value: Any = None
    """``resume``: the answer to a graph's own interrupt, any JSON value."""
