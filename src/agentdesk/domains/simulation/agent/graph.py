"""The simulation agent's graph: plan, select, confirm, execute, recover, answer."""

from typing import Any

from langgraph.graph import END, START, StateGraph

from agentdesk.runtime.runs.context import AgentContext

from .nodes import (
    confirmation_gate,
    error_recovery,
    planner,
    response_synthesis,
    route_after_confirmation,
    route_after_execution,
    route_after_planner,
    route_after_recovery,
    route_after_selection,
    tool_execution,
    tool_selection,
)
from .state import AgentState

__all__ = ["build_graph"]


def build_graph() -> StateGraph[AgentState, AgentContext, AgentState, Any]:
    graph = StateGraph(AgentState, context_schema=AgentContext)
    graph.add_node("planner", planner)
    graph.add_node("tool_selection", tool_selection)
    graph.add_node("confirmation_gate", confirmation_gate)
    graph.add_node("tool_execution", tool_execution)
    graph.add_node("error_recovery", error_recovery)
    graph.add_node("response_synthesis", response_synthesis)

    graph.add_edge(START, "planner")
    graph.add_conditional_edges("planner", route_after_planner,
                                ["tool_selection", "response_synthesis"])
    graph.add_conditional_edges("tool_selection", route_after_selection,
                                ["confirmation_gate", "tool_execution", "planner"])
    graph.add_conditional_edges("confirmation_gate", route_after_confirmation,
                                ["tool_execution", "planner"])
    graph.add_conditional_edges("tool_execution", route_after_execution,
                                ["planner", "error_recovery"])
    graph.add_conditional_edges("error_recovery", route_after_recovery,
                                ["planner", "response_synthesis"])
    graph.add_edge("response_synthesis", END)
    return graph
