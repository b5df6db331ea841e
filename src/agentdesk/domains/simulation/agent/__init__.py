"""The simulation agent: confirm-before-execute over a PK simulation bridge."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, HumanMessage

from agentdesk.errors import InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.registry import AgentSpec

from .graph import build_graph
from .notebook import render_notebook
from .schemas import SimulationInput, check_args

__all__ = ["SPEC"]


def _initial_state(data: SimulationInput) -> dict[str, Any]:
    return {"messages": [HumanMessage(data.messages)], "plan": None, "pending_tool_call": None,
            "user_feedback": None, "awaiting_confirmation": False, "confirmation_prompt": None,
            "current_step": "starting"}


def _result(values: dict[str, Any]) -> dict[str, Any]:
    answers = [m.text for m in values.get("messages", []) if isinstance(m, AIMessage) and m.text]
    return {"answer": answers[-1] if answers else None,
            "simulation_context": values.get("simulation_context"),
            "intermediate_steps": values.get("intermediate_steps", []),
            "retry_counts": values.get("retry_counts", {}),
            "time_course": values.get("time_course")}


def _check_edit(values: dict[str, Any], decision: Decision) -> None:
    call = values.get("pending_tool_call") or {}
    _, problem = check_args(call.get("tool", ""), {**call.get("args", {}), **(decision.args or {})})
    if problem:
        raise InputError(problem, field="args")


def _render(values: dict[str, Any]) -> str:
    answers = [m.text for m in values.get("messages", []) if isinstance(m, AIMessage) and m.text]
    return answers[-1] if answers else ""


SPEC = AgentSpec(
    name="simulation",
    description="Simulates how a drug dose is absorbed and cleared over time "
                "(pharmacokinetics) and reports the exposure. It asks you before it loads a "
                "model, changes a dose or runs a simulation.",
    build_graph=build_graph,
    input_schema=SimulationInput,
    initial_state=_initial_state,
    result=_result,
    interrupt_kinds=("approve_action", "clarify"),
    toolservers=("simulation",),
    recursion_limit=60,
    check_edit=_check_edit,
    render=_render,
    notebook=render_notebook,
)
