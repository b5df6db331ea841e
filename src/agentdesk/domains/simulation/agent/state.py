"""State of a simulation conversation (seed 004, ``AgentState``)."""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

__all__ = ["CRITICAL_TOOLS", "AgentState"]

CRITICAL_TOOLS = frozenset({"set_parameter_value", "run_simulation", "load_simulation"})
"""Tools that never run before a person approves them."""


class AgentState(TypedDict, total=False):
    """The seed's fields, plus the bookkeeping error recovery needs."""

    messages: Annotated[list[AnyMessage], add_messages]
    """The whole conversation, confirmations and answers included."""

    simulation_context: dict[str, Any] | None
    """The active simulation (simulation_id, model_path, parameters); set by load_simulation."""

    pending_tool_call: dict[str, Any] | None
    """The next action: id, tool, args, justification, critical, summary."""

    user_feedback: str | None
    """The person's last answer at a pause, normalised."""

    plan: dict[str, Any] | None
    """The planner's latest step: action, tool, arguments, justification, question."""

    intermediate_steps: Annotated[list[dict[str, Any]], operator.add]
    """Every executed call: tool, args, result or error, approval, time."""

    awaiting_confirmation: bool
    """True while the thread waits for a person."""

    confirmation_prompt: str | None
    """The render-ready text shown at the pause."""

    retry_counts: dict[str, int]
    """Transient-failure retries per tool."""

    failures: dict[str, int]
    """Consecutive failed calls per tool; two in a row are surfaced to the person."""

    current_step: str | None
    """The step the thread is at, for progress display."""
