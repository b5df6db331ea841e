"""State of a simulation conversation: plan, select, confirm, execute, recover, answer.

The values that steer routing are typed (:data:`SimulationStep`, :data:`PlanAction`), so
a misspelt step in a node or a router is a mypy error, not a thread that routes wrong.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

__all__ = ["CRITICAL_TOOLS", "AgentState", "PlanAction", "PlannedStep", "SimulationStep"]

CRITICAL_TOOLS = frozenset({"set_parameter_value", "run_simulation", "load_simulation"})
"""Tools that never run before a person approves them."""

PlanAction = Literal["call_tool", "clarify", "respond"]
"""What the planner decided: call a tool, ask the person, or answer."""

SimulationStep = Literal[
    "starting",           # the person's request was accepted
    "planned_call_tool",  # the planner chose a tool call
    "planned_clarify",    # ... a question for the person
    "planned_respond",    # ... to answer: response_synthesis comes next
    "invalid_plan",       # the planned call failed local validation: plan again
    "selected",           # the call passed validation (a critical one waits for approval)
    "clarifying",         # a question waits for the person
    "clarified",          # the person answered it
    "approved",           # the person approved (or edited) the pending call
    "rejected",           # the person rejected it
    "responded",          # the person answered with words instead
    "executed",           # the call succeeded
    "tool_failed",        # the call failed: error recovery comes next
    "replanning",         # the failure goes back to the planner
    "surfacing_failure",  # the tool failed twice in a row: tell the person
    "answered",           # the answer was written: the run ends
]
"""Where a thread is; ``route_after_execution`` and ``route_after_recovery`` read it."""


class PlannedStep(TypedDict, total=False):
    """The planner's latest step (a ``Plan`` as JSON)."""

    action: PlanAction
    tool: str | None
    """For ``call_tool``: the tool's name."""
    arguments: dict[str, Any]
    """For ``call_tool``: the call's arguments (the agenda fills in what the model left out)."""
    justification: str
    """Why this step, in words."""
    question: str | None
    """For ``clarify``: what to ask."""


class AgentState(TypedDict, total=False):
    """The conversation, the plan, the pending call, and the bookkeeping of error recovery."""

    messages: Annotated[list[AnyMessage], add_messages]
    """The whole conversation, confirmations and answers included."""

    simulation_context: dict[str, Any] | None
    """The active simulation (simulation_id, model_path, parameters); set by load_simulation."""

    pending_tool_call: dict[str, Any] | None
    """The next action: id, tool, args, justification, critical, summary."""

    user_feedback: str | None
    """The person's last answer at a pause, normalised."""

    plan: PlannedStep | None
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

    current_step: SimulationStep | None
    """The step the thread is at, for progress display."""

    time_course: dict[str, Any] | None
    """The last successful run's time course, thinned for a plot (see ``timecourse.py``):
    ``job_id``, ``simulation_id``, ``end_time``, ``points`` (how many the run computed),
    ``time`` (in ``time_unit``), ``outputs`` (name -> values), ``output_units``."""
