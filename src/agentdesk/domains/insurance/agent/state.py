"""State of an insurance quote conversation: planner, agency review, tools, the customer's replies.

``current_step`` and ``outcome`` are typed (:data:`InsuranceStep`, :data:`Outcome`);
the state is a Pydantic model, so a value outside them is refused when the state is built.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from pydantic import BaseModel, ConfigDict, Field

__all__ = ["AgentState", "InsuranceStep", "Outcome"]

InsuranceStep = Literal[
    "starting",          # the customer's first email was read in
    "planned",           # the planner chose the next action
    "approved",          # the agency approved it
    "edited",            # the agency edited it: back to the planner
    "rejected",          # the agency rejected it: back to the planner
    "executed",          # the action's tool succeeded
    "tool_failed",       # it failed (``errors_in_a_row`` counts how often in a row)
    "waiting",           # a question went to the customer
    "customer_replied",  # the customer answered
    "complete",          # the conversation is over
]
"""Where a conversation is; the planner reads it (a failed tool, a new reply)."""

Outcome = Literal["quoted", "declined", "escalated"]
"""How a conversation ended: quote sent, decline notice sent, or handed to the agency."""


class AgentState(BaseModel):
    """The conversation and the planner's fields, plus what the email channel and ``show`` need."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    # Conversation context
    thread_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    """The conversation's id (the runtime's thread id once the run starts)."""
    goal: str = "Generate accurate PPA quote for the customer"
    """What the planner works towards."""
    messages: Annotated[list[AnyMessage], add_messages] = Field(default_factory=list)
    """The whole conversation: customer emails, the planner's notes, tool calls and results."""

    # Extracted and API data
    customer_info: dict[str, Any] = Field(default_factory=dict)
    """What code read from the customer's emails (see ``extract.py``): name, ZIP, birth and
    licence dates, marital status, record, vehicles, coverage choice; ``problems`` maps
    each invalid or refused field to the reason the customer is told; ``asking`` lists the
    fields the last question asked (a bare answer in the reply is read for them) and
    ``asked`` every field a question of this thread asked ("why we ask again")."""
    mercury_session: dict[str, Any] | None = None
    """The carrier's quote session: session_id, driver and vehicle ids, coverages, status."""

    # Planning and execution
    planned_tool_inputs: dict[str, Any] | None = None
    """The next action: ``tool_name``, ``args``, ``id`` (the call id), ``summary``.
    Cleared after it runs or is rejected."""
    last_tool_outputs: dict[str, Any] | None = None
    """Result of the last action: ``tool_name``, ``status`` (ok|error) and its data or
    ``message``."""
    agent_scratchpad: str | None = None
    """The planner's reasoning for its last plan (and why a model's plan was refused)."""

    # HITL flags and feedback
    requires_agency_review: bool = False
    """Set by the planner: the planned action waits for the agency."""
    awaiting_customer_reply: bool = False
    """Set once a question was sent: the thread waits for the customer."""
    human_feedback: dict[str, Any] | None = None
    """From agency review: ``{"approved": False, "comment", "edited_inputs"}``; used once by
    the planner, then cleared."""

    # Added for the email channel and the runtime
    customer_email: str | None = None
    """The customer's address: where questions and the quote go."""
    customer_name: str | None = None
    """The name the email came with, if any."""
    subject: str | None = None
    """Subject of the customer's first email."""
    quote: dict[str, Any] | None = None
    """The carrier's last rating: status, premium (total, per coverage), term, trace."""
    read_messages: int = 0
    """How many customer messages the planner has read into ``customer_info``."""
    completed: bool = False
    """The conversation is over (quote sent, declined, or handed to the agency)."""
    outcome: Outcome | None = None
    """How it ended: ``quoted``, ``declined``, ``escalated``."""
    errors_in_a_row: int = 0
    """Failed tool calls since the last success: two hand the thread to the agency."""
    current_step: InsuranceStep | None = None
    """The step the thread is at, for progress display."""
    reviewed: dict[str, str] = Field(default_factory=dict)
    """The thread's facts (label -> value, see ``changes.facts``) when the agency last
    decided a review card: the next card lists what changed since, old -> new."""
