"""State of a trip-planning thread (seed 000, ``PlanState``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

__all__ = ["BudgetStatus", "InputState", "PlanState"]

BudgetStatus = Literal["unknown", "under", "over"]


class InputState(TypedDict, total=False):
    """What a caller passes in to start or continue a thread."""

    messages: Annotated[list[AnyMessage], add_messages]
    """The request and, on revisions, the feedback, as chat messages."""

    preferences: dict[str, Any]
    """Validated ``TripPreferences`` (origin, destination, depart, return, travelers, budget...)."""


class PlanState(InputState, total=False):
    """The whole state of a thread, as the seed lists it plus the auditor's bookkeeping."""

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

    current_step: str | None
    """The step the thread is at, for progress display; ``failed_max_retries`` ends it."""

    retry_count: int
    """Consecutive schema errors auto-retried since the last valid itinerary (max 3)."""

    audit_errors: list[str]
    """What the auditor found wrong with the last answer; empty when it passed."""

    error: str | None
    """Why the thread failed, when it did."""
