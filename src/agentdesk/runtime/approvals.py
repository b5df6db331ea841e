"""The one interrupt payload and decision shape every agent uses.

A node pauses with :func:`request_decision`; the runtime checks a decision
with :func:`check_decision` before it is recorded and the graph resumed.
"""

from __future__ import annotations

from typing import Any, Literal

from langgraph.types import interrupt
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from agentdesk.errors import DecisionError, InputError

__all__ = [
    "Action",
    "Decision",
    "DecisionType",
    "InterruptKind",
    "InterruptPayload",
    "check_decision",
    "parse_decision",
    "request_decision",
]

DecisionType = Literal["approve", "edit", "reject", "respond"]
InterruptKind = Literal["approve_action", "review_result", "await_reply", "clarify"]


class Action(BaseModel):
    """The action a person is asked about."""

    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class InterruptPayload(BaseModel):
    """What a paused thread shows a person. ``id`` is LangGraph's interrupt id."""

    id: str = ""
    kind: InterruptKind
    title: str
    summary: str
    """Render-ready text."""
    action: Action | None = None
    allowed: list[DecisionType]
    data: dict[str, Any] = Field(default_factory=dict)
    """Structured detail for rich views (an itinerary, a cost breakdown...)."""


class Decision(BaseModel):
    """A person's answer to an interrupt."""

    model_config = ConfigDict(extra="forbid")

    type: DecisionType
    args: dict[str, Any] | None = None
    message: str | None = Field(default=None, max_length=4000)
    actor: str | None = Field(default=None, max_length=200)
    """Who decided, as authenticated (an API key's name), or as given where there are no keys."""
    display_name: str | None = Field(default=None, max_length=200)
    """A name the person gave, kept beside an authenticated ``actor`` that differs from it."""

    @model_validator(mode="after")
    def _complete(self) -> Decision:
        if self.message is not None:
            self.message = self.message.strip() or None
        if self.type == "edit" and not (self.args or self.message):
            raise ValueError("an edit needs args (or a message)")
        if self.type == "respond" and not self.message:
            raise ValueError("a respond decision needs a message")
        if self.type in ("approve", "reject", "respond") and self.args:
            raise ValueError(f"args are only taken by edit, not {self.type}")
        return self


def parse_decision(raw: dict[str, Any]) -> Decision:
    """Validate a decision from any way in; errors name the field."""
    try:
        return Decision.model_validate(raw)
    except ValidationError as exc:
        raise InputError.from_validation(exc, fallback="decision") from None


def check_decision(payload: InterruptPayload, decision: Decision) -> None:
    """Refuse a decision type the interrupt does not allow."""
    if decision.type not in payload.allowed:
        raise DecisionError(f"decision {decision.type!r} is not allowed here; "
                            f"allowed: {', '.join(payload.allowed)}", allowed=payload.allowed)


def request_decision(kind: InterruptKind, title: str, summary: str, *,
                     allowed: list[DecisionType], action: Action | None = None,
                     data: dict[str, Any] | None = None) -> Decision:
    """Pause the thread until a person decides; returns their (checked) decision."""
    payload = InterruptPayload(kind=kind, title=title, summary=summary, action=action,
                               allowed=allowed, data=data or {})
    raw = interrupt(payload.model_dump(mode="json", exclude={"id"}))
    return Decision.model_validate(raw)
