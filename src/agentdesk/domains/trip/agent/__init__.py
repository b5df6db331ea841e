"""The trip planner: flights, hotels, an auditor and a person's review."""

# mypy: strict-equality

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage
from pydantic import ValidationError

from agentdesk.errors import InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.registry import AgentSpec

from ..spans import complete_input
from .audit import render_itinerary
from .graph import build_graph
from .prompts import REQUEST_FROM_PREFERENCES
from .schemas import TripInput, TripPreferences
from .state import TripStep

__all__ = ["SPEC"]


def _initial_state(data: TripInput) -> dict[str, Any]:
    return {"messages": [HumanMessage(data.messages or REQUEST_FROM_PREFERENCES)],
            "preferences": data.preferences.to_state(), "budget_status": "unknown",
            "is_approved": False, "revision_count": 0, "retry_count": 0,
            "current_itinerary": None, "total_cost": None, "cost_breakdown": None,
            "current_step": "starting", "audit_errors": [], "error": None}


def _result(values: dict[str, Any]) -> dict[str, Any]:
    return {key: values.get(key) for key in (
        "current_itinerary", "cost_breakdown", "total_cost", "budget_status", "is_approved",
        "revision_count")}


def _failure(values: dict[str, Any]) -> str | None:
    step: TripStep | None = values.get("current_step")
    if step == "failed_max_retries":
        return values.get("error") or "itinerary still invalid after the maximum retries"
    return None


def _check_edit(values: dict[str, Any], decision: Decision) -> None:
    try:
        TripPreferences.model_validate({**values.get("preferences", {}), **(decision.args or {})})
    except ValidationError as exc:
        raise InputError.from_validation(exc, "args") from None


def _render(values: dict[str, Any]) -> str:
    if not values.get("current_itinerary"):
        return ""
    return render_itinerary(values["current_itinerary"], values.get("cost_breakdown"),
                            values.get("total_cost"), values.get("budget_status", "unknown"))


SPEC = AgentSpec(
    name="trip",
    description="Plans a trip: flights, a hotel and things to do each day, costed for "
                "the whole party against your budget. You approve the plan or ask for changes.",
    build_graph=build_graph,
    input_schema=TripInput,
    initial_state=_initial_state,
    result=_result,
    interrupt_kinds=("review_result",),
    toolservers=("travel",),
    recursion_limit=50,
    failure=_failure,
    check_edit=_check_edit,
    render=_render,
    complete_input=complete_input,
)
