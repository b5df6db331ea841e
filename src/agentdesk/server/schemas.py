"""Request bodies of the HTTP API: the LangGraph Agent Server shapes the SDK sends.

Fields the SDK may send but agentdesk does not act on are accepted and named
here; anything else is refused with 422 naming the field.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from agentdesk.runtime.approvals import DecisionType

from .ids import Ident

__all__ = ["AssistantSearch", "CommandIn", "DecisionIn", "HistoryQuery", "RunCreate",
           "RunsCancel", "ThreadCreate", "ThreadPatch", "ThreadSearch"]

StreamModeName = Literal["values", "updates", "messages", "messages-tuple", "custom", "events",
                         "debug"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AssistantSearch(_Body):
    graph_id: str | None = None
    name: str | None = None
    metadata: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: str | None = None
    sort_order: Literal["asc", "desc"] | None = None
    select: list[str] | None = None


class ThreadCreate(_Body):
    thread_id: Ident | None = None
    metadata: dict[str, Any] | None = None
    if_exists: Literal["raise", "do_nothing"] = "raise"
    supersteps: list[Any] | None = None
    graph_id: str | None = None
    ttl: Any = None


class ThreadPatch(_Body):
    metadata: dict[str, Any] = Field(default_factory=dict)
    ttl: Any = None


class ThreadSearch(_Body):
    metadata: dict[str, Any] | None = None
    values: dict[str, Any] | None = None
    ids: list[Ident] | None = Field(default=None, max_length=1000)
    status: Literal["idle", "busy", "interrupted", "error"] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: str | None = None
    sort_order: Literal["asc", "desc"] | None = None
    select: list[str] | None = None
    extract: dict[str, Any] | None = None


class HistoryQuery(_Body):
    limit: int = Field(default=10, ge=1, le=1000)
    before: Any = None
    metadata: dict[str, Any] | None = None
    checkpoint: dict[str, Any] | None = None


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
    interrupt_before: Any = None
    interrupt_after: Any = None
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
