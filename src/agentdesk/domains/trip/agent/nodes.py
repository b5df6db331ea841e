"""Nodes and routing of the trip planner: plan with tools, audit, and a person's review.

Every node returns a :class:`PlanState` update, so the steps it writes are checked
against :data:`TripStep`.
"""

# mypy: strict-equality
# (a router comparing a step with a value TripStep does not have is a type error)

from __future__ import annotations

import json
from datetime import date
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.runtime import Runtime

from agentdesk.models import bind_tools
from agentdesk.runtime.approvals import request_decision
from agentdesk.runtime.runs.context import AgentContext, execute_tool_calls

from . import prompts
from .audit import audit_answer, itinerary_schema, render_itinerary
from .choices import (
    as_selection,
    expand_selection,
    fill_calls,
    missing_searches,
    narrowed_tools,
    trip_choices,
)
from .reading import model_reads, read_with_model
from .repeats import run_without_repeats
from .review import compare, send_back
from .revision import RevisionAsk
from .state import PlanState, TripStep

__all__ = ["MAX_SCHEMA_RETRIES", "MAX_TOOL_ROUNDS", "auditor", "human_review", "planner",
           "route_after_planner", "route_after_review", "tools"]

MAX_SCHEMA_RETRIES = 3
"""Schema errors auto-retried before the thread ends ``failed_max_retries``."""

MAX_TOOL_ROUNDS = 8
"""Tool rounds in a row after which the planner must answer without tools."""

SEARCH_TOOLS = ("get_airport_code", "search_flights", "search_hotels")
"""The travel tools the planner's model is offered, in the server's order; the server's
other tools serve other agents."""


def _tool_rounds(messages: list[Any]) -> int:
    """How many tool-calling answers the planner gave since the last person's message."""
    rounds = 0
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            break
        if isinstance(message, AIMessage) and message.tool_calls:
            rounds += 1
    return rounds


async def planner(state: PlanState, runtime: Runtime[AgentContext]) -> PlanState:
    """Search with tools, then answer with the itinerary as JSON."""
    context = runtime.context
    preferences = state.get("preferences", {})
    system = prompts.PLANNER_SYSTEM.format(
        today=date.today().isoformat(), preferences=json.dumps(preferences))
    history = state.get("messages", [])
    rounds_left = _tool_rounds(history) < MAX_TOOL_ROUNDS
    missing = missing_searches(history, preferences) if rounds_left else []
    if missing:
        # Code knows which searches the plan lacks and their arguments: the model is
        # offered only those, without parameters, and its call is filled in below.
        model = bind_tools(context.model, narrowed_tools(missing, context.tools),
                           require_tool=True)
        response = fill_calls(await model.ainvoke([SystemMessage(system), *history]), missing)
        return {"messages": [response], "current_step": "searching"}
    tools = [context.tools[name] for name in SEARCH_TOOLS if name in context.tools] \
        if rounds_left else []
    # The first plan always starts with a search: nothing can be priced without offers.
    searched = any(isinstance(m, ToolMessage) for m in history)
    update: PlanState = {}
    ask = RevisionAsk.from_state(state.get("revision_request"))
    previous = state.get("current_itinerary")
    if ask is not None and previous and model_reads(ask, context.model):
        ask = await read_with_model(context.model, ask, previous, preferences)
        update["revision_request"] = ask.to_state()
    choices = trip_choices(history, preferences, previous, ask)
    if choices.ready():
        tools = []  # every search the choices need is made: the model only picks
        # A decoding model picks among the offers that fit (by number); others write the
        # itinerary, which the auditor checks either way.
        answer_schema = choices.schema()
        # The numbered choices carry every offer's details, so the raw search results are
        # left out of this prompt: it stays short enough for a small model on two cores.
        said = [m for m in history if isinstance(m, HumanMessage)]
        prompt = [SystemMessage(system), *said,
                  HumanMessage(prompts.CHOOSE.format(choices=choices.describe()))]
    else:
        # The answer may only quote returned offers and the request's dates (the auditor's rules).
        answer_schema = itinerary_schema(history, preferences)
        prompt = [SystemMessage(system), *history]
    model = bind_tools(context.model, tools, answer_schema=answer_schema,
                       require_tool=not searched)
    response = await model.ainvoke(prompt)
    if not getattr(response, "tool_calls", None) and (
            selection := as_selection(response.text, choices)):
        response = AIMessage(json.dumps(expand_selection(selection, choices, preferences)))
    step: TripStep = "searching" if getattr(response, "tool_calls", None) else "drafting"
    return {**update, "messages": [response], "current_step": step}


async def tools(state: PlanState, runtime: Runtime[AgentContext]) -> PlanState:
    """Run the planner's tool calls through the runtime's tool policy, each call once.

    A call this planning pass already made is answered from the message history
    (see :mod:`.repeats`), so a model that repeats itself costs no tool call.
    """
    *history, last = state["messages"]
    assert isinstance(last, AIMessage), "route_after_planner sends only tool calls here"
    results = await run_without_repeats(
        last, history, lambda message: execute_tool_calls(message, runtime.context))
    return {"messages": [*results], "current_step": "searched"}


def auditor(state: PlanState) -> PlanState:
    """Parse and verify the itinerary, and cost it; errors mark ``budget_status`` unknown."""
    messages = state["messages"]
    result = audit_answer(messages[-1].text, messages, state.get("preferences", {}))
    if result.errors:
        return {"budget_status": "unknown", "audit_errors": result.errors,
                "current_step": "audit_failed"}
    return {"current_itinerary": result.itinerary_state(), "cost_breakdown": result.cost_breakdown,
            "total_cost": result.total_cost, "budget_status": result.budget_status,
            "audit_errors": [], "retry_count": 0, "current_step": "audited"}


def human_review(state: PlanState) -> PlanState:
    """Auto-retry schema errors; otherwise pause for a person's decision."""
    if state.get("budget_status", "unknown") == "unknown":
        errors = state.get("audit_errors") or ["the answer was not a valid itinerary"]
        retries = state.get("retry_count", 0)
        if retries >= MAX_SCHEMA_RETRIES:
            return {"current_step": "failed_max_retries",
                    "error": f"itinerary still invalid after {retries} retries: "
                             + "; ".join(errors)}
        feedback = prompts.RETRY_FEEDBACK.format(errors="\n".join(f"- {e}" for e in errors))
        return {"retry_count": retries + 1, "messages": [HumanMessage(feedback)],
                "current_step": "retrying"}

    itinerary = state["current_itinerary"] or {}
    status = state["budget_status"]
    summary = render_itinerary(itinerary, state.get("cost_breakdown"), state.get("total_cost"),
                               status)
    changes, note = compare(state)
    data: dict[str, Any] = {"itinerary": itinerary, "cost_breakdown": state.get("cost_breakdown"),
            "total_cost": state.get("total_cost"), "budget_status": status}
    if note:
        summary = f"{note}\n\n{summary}"
        data["revision_note"] = note
    revised = "revised " if state.get("rejected_plan") else ""
    decision = request_decision(
        "review_result",
        f"Review the {revised}trip to {itinerary.get('destination')} ({status} budget)",
        summary, allowed=["approve", "edit", "reject"], data=data, changes=changes)
    if decision.type == "approve":
        return {"is_approved": True, "current_step": "approved"}
    return send_back(state, decision)


def route_after_planner(state: PlanState) -> Literal["tools", "auditor"]:
    """Tool calls go to the tool executor; anything else is an answer for the auditor."""
    last = state["messages"][-1]
    if getattr(last, "tool_calls", None):
        return "tools"
    return "auditor"


def route_after_review(state: PlanState) -> Literal["planner", "__end__"]:
    """End when approved or out of retries; otherwise back to the planner."""
    if state.get("is_approved", False):
        return "__end__"
    if state.get("current_step") == "failed_max_retries":
        return "__end__"
    return "planner"
