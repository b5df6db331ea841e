"""State of a trip-planning thread: a planner with search tools, an auditor, a person's review.

The values that steer routing are typed (:data:`TripStep`, :data:`BudgetStatus`), so a
misspelt step in a node or a router is a mypy error, not a thread that routes wrong.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

__all__ = ["BudgetStatus", "InputState", "PlanState", "TripStep"]

BudgetStatus = Literal["unknown", "under", "over"]
"""``unknown`` while no valid itinerary exists; the human review retries instead of asking."""

TripStep = Literal[
    "starting",            # the thread's input was accepted
    "searching",           # the planner asked for tool calls
    "searched",            # the tool calls ran
    "drafting",            # the planner answered with an itinerary
    "audited",             # the itinerary passed the auditor
    "audit_failed",        # it did not: ``audit_errors`` says why
    "retrying",            # the review sent the errors back to the planner
    "failed_max_retries",  # out of retries: the thread ends, ``error`` says why
    "approved",            # a person approved the itinerary: the thread ends
    "revising",            # a person sent it back (edit or reject)
]
"""Where a thread is; ``route_after_review`` ends it at ``failed_max_retries``."""


class InputState(TypedDict, total=False):
    """What a caller passes in to start or continue a thread."""

    messages: Annotated[list[AnyMessage], add_messages]
    """The request and, on revisions, the feedback, as chat messages."""

    preferences: dict[str, Any]
    """Validated ``TripPreferences`` (origin, destination, depart, return, travelers, budget...)."""


class PlanState(InputState, total=False):
    """The whole state of a thread: the plan, its cost, the review, the auditor's bookkeeping."""

    current_itinerary: dict[str, Any] | None
    """The latest itinerary that passed the auditor, as JSON."""

    total_cost: float | None
    """Cost of the whole party, computed by the auditor (never taken from the model)."""

    cost_breakdown: dict[str, float] | None
    """``flights``, ``hotels`` and ``activities`` totals for the whole party."""

    budget_status: BudgetStatus
    """``unknown`` while no valid itinerary exists (a schema error), else ``under``/``over``."""

    is_approved: bool
    """Set by human review when a person approves the itinerary."""

    revision_count: int
    """How many times a person sent the plan back for revision."""

    revision_request: dict[str, Any] | None
    """What the last rejection asked for, as read (``RevisionAsk.to_state()``): the
    planner's choices meet it, the next review says what was met and what not."""

    rejected_plan: dict[str, Any] | None
    """The plan the person last sent back (``itinerary``, ``cost_breakdown``,
    ``total_cost``, ``budget_status``): the next review lists what changed since."""

    current_step: TripStep | None
    """The step the thread is at, for progress display; ``failed_max_retries`` ends it."""

    retry_count: int
    """Consecutive schema errors auto-retried since the last valid itinerary (max 3)."""

    audit_errors: list[str]
    """What the auditor found wrong with the last answer; empty when it passed."""

    error: str | None
    """Why the thread failed, when it did."""
