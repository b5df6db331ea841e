"""The one interrupt payload and decision shape every agent uses.

A node pauses with :func:`request_decision`; the runtime checks a decision
with :func:`check_decision` before it is recorded and the graph resumed.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from langgraph.types import interrupt
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from agentdesk.errors import DecisionError, InputError

__all__ = [
    "Action",
    "Change",
    "Decision",
    "DecisionType",
    "InterruptKind",
    "InterruptPayload",
    "check_decision",
    "decision_for",
    "human_interrupt",
    "parse_decision",
    "pending_payload",
    "request_decision",
]

_INTERRUPT_ID = re.compile(r"[0-9a-f]{32}")
"""What LangGraph's interrupt ids look like (to tell a stale one from a custom answer)."""

DecisionType = Literal["approve", "edit", "reject", "respond", "resume"]
"""``resume`` answers a ``custom`` interrupt with any JSON ``value``."""
InterruptKind = Literal["approve_action", "review_result", "await_reply", "clarify", "custom"]
"""``custom``: a graph of your own raised a payload not in this shape (kept in ``value``)."""


class Action(BaseModel):
    """The action a person is asked about."""

    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class Change(BaseModel):
    """One value the action or the new result changes, shown to a person as old -> new."""

    label: str
    """What changes, in a person's words ("Dose", "Hotel", "Day 2 activities")."""
    old: Any = None
    """The value before (None: there was none)."""
    new: Any = None
    """The value after (None: it goes away)."""
    unit: str | None = None


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
    changes: list[Change] = Field(default_factory=list)
    """What approving changes, or what changed since the last result a person saw; the
    web app and the CLI show these inline beside the action."""
    value: Any = None
    """A ``custom`` interrupt's payload, exactly as the graph raised it."""


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
    value: Any = None
    """A ``resume`` decision's answer, any JSON value, given to the graph as it is."""

    @model_validator(mode="after")
    def _complete(self) -> Decision:
        if self.type != "resume" and self.value is not None:
            raise ValueError(f"value is only taken by resume, not {self.type}")
        if self.type == "resume" and (self.args or self.message):
            raise ValueError("a resume decision carries only its value")
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


def pending_payload(value: Any, interrupt_id: str) -> InterruptPayload:
    """What a person is shown for an interrupt: ours as it is, anything else as ``custom``."""
    if isinstance(value, dict) and "kind" in value:
        try:
            return InterruptPayload.model_validate({**value, "id": interrupt_id})
        except ValidationError:
            pass  # a graph of your own that happens to use a "kind" key
    text = value if isinstance(value, str) else json.dumps(value, indent=2, default=str)
    title = (value.get("question") or value.get("title")) if isinstance(value, dict) else None
    return InterruptPayload(id=interrupt_id, kind="custom",
                            title=title if isinstance(title, str) else "The graph asks",
                            summary=text, allowed=["resume"], value=value)


def decision_for(payload: InterruptPayload, resume: Any, *, actor: str | None = None,
                 display_name: str | None = None) -> Decision:
    """A ``command.resume`` value as a decision for the pending ``payload``.

    A ``custom`` interrupt takes any JSON value (also keyed by its id, as the
    LangGraph SDK sends it for several interrupts); ours take a decision
    ``{type, args?, message?}`` or ``{interrupt_id: decision}``.
    """
    if isinstance(resume, dict) and len(resume) == 1:
        (key, inner), = resume.items()
        if key == payload.id:
            resume = inner
        elif _INTERRUPT_ID.fullmatch(str(key)) or (payload.kind != "custom"
                                                    and isinstance(inner, dict)):
            raise DecisionError(f"interrupt {key} is not the pending one (pending: "
                                f"{payload.id})", interrupt_id=key)
    if isinstance(resume, list) and payload.kind != "custom":
        resume = _from_human_response(resume)
    if payload.kind == "custom":
        return parse_decision({"type": "resume", "value": resume, "actor": actor,
                               "display_name": display_name})
    if not isinstance(resume, dict) or "type" not in resume:
        raise InputError("must be a decision {type, args?, message?} or "
                         "{interrupt_id: decision}", field="command.resume")
    return parse_decision({**resume, "actor": actor, "display_name": display_name})


def human_interrupt(payload: InterruptPayload) -> dict[str, Any]:
    """The same interrupt in LangGraph's ``HumanInterrupt`` shape, beside our keys.

    Agent Chat UI and Agent Inbox show Accept / Edit / Respond / Ignore only for an
    interrupt with ``action_request`` and ``config``; they answer with a list of one
    ``HumanResponse``, which :func:`decision_for` turns back into our decision.
    """
    action = payload.action
    return {"action_request": {"action": action.name if action else payload.title,
                               "args": action.args if action else {}},
            "config": {"allow_accept": "approve" in payload.allowed,
                       "allow_edit": "edit" in payload.allowed,
                       "allow_respond": "respond" in payload.allowed,
                       "allow_ignore": "reject" in payload.allowed},
            "description": payload.summary}


_HUMAN_RESPONSES = {"accept": "approve", "edit": "edit", "response": "respond",
                    "ignore": "reject"}


def _from_human_response(resume: list[Any]) -> dict[str, Any]:
    """A ``[HumanResponse]`` (what Agent Chat UI resumes with) as our decision."""
    answer = resume[0] if len(resume) == 1 and isinstance(resume[0], dict) else {}
    kind = _HUMAN_RESPONSES.get(str(answer.get("type")))
    if kind is None:
        raise InputError("a list must hold one HumanResponse {type: accept|edit|response|"
                         "ignore, args}", field="command.resume")
    args = answer.get("args")
    if kind == "respond":
        if not isinstance(args, str):
            raise InputError("a response's args must be its text", field="command.resume")
        return {"type": kind, "message": args}
    if kind == "edit":
        edited = args.get("args") if isinstance(args, dict) else None
        if not isinstance(edited, dict):
            raise InputError("an edit's args must be {action, args}", field="command.resume")
        return {"type": kind, "args": edited}
    return {"type": kind}


def check_decision(payload: InterruptPayload, decision: Decision) -> None:
    """Refuse a decision type the interrupt does not allow."""
    if decision.type not in payload.allowed:
        raise DecisionError(f"decision {decision.type!r} is not allowed here; "
                            f"allowed: {', '.join(payload.allowed)}", allowed=payload.allowed)


def request_decision(kind: InterruptKind, title: str, summary: str, *,
                     allowed: list[DecisionType], action: Action | None = None,
                     data: dict[str, Any] | None = None,
                     changes: list[Change] | None = None) -> Decision:
    """Pause the thread until a person decides; returns their (checked) decision."""
    payload = InterruptPayload(kind=kind, title=title, summary=summary, action=action,
                               allowed=allowed, data=data or {}, changes=changes or [])
    raw = interrupt({**payload.model_dump(mode="json", exclude={"id", "value"}),
                     **human_interrupt(payload)})
    return Decision.model_validate(raw)
