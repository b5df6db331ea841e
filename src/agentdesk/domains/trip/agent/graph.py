"""The trip planner's graph: planner and tools in a loop, then the auditor and a person's review."""

from langgraph.graph import END, START, StateGraph

from agentdesk.runtime.runs.context import AgentContext

from .nodes import auditor, human_review, planner, route_after_planner, route_after_review, tools
from .state import PlanState

__all__ = ["build_graph"]


def build_graph() -> StateGraph[PlanState, AgentContext, PlanState, PlanState]:
    """Planner -> (tools -> planner)* -> auditor -> human review -> end | planner."""
    # The runtime builds the whole first state from the validated input (TripInput), so the
    # graph takes the full state in; InputState documents what a caller provides.
    graph = StateGraph(PlanState, context_schema=AgentContext)
    graph.add_node("planner", planner)
    graph.add_node("tools", tools)
    graph.add_node("auditor", auditor)
    graph.add_node("human_review", human_review)

    graph.add_edge(START, "planner")
    graph.add_conditional_edges("planner", route_after_planner, ["tools", "auditor"])
    graph.add_edge("tools", "planner")
    graph.add_edge("auditor", "human_review")  # always: review handles schema errors too
    graph.add_conditional_edges("human_review", route_after_review, ["planner", END])
    return graph
