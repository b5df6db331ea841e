"""The insurance agent's graph: a planner, agency review, tools, a wait for the customer.

The planner plans one step at a time; a planned tool the review policy names waits for
the agency, every other one runs at once; a question sent waits for the customer's
reply; everything else goes back to the planner, until it completes.
"""

from typing import Any

from langgraph.graph import END, START, StateGraph

from agentdesk.runtime.runs.context import AgentContext

from .nodes import (
    agency_review,
    check_agency_review,
    check_execution_result,
    planner,
    tools,
    wait_customer,
)
from .state import AgentState

__all__ = ["build_graph"]


def build_graph() -> StateGraph[AgentState, AgentContext, AgentState, Any]:
    graph = StateGraph(AgentState, context_schema=AgentContext)
    graph.add_node("planner", planner)
    graph.add_node("agency_review", agency_review)
    graph.add_node("tools", tools)
    graph.add_node("wait_customer", wait_customer)

    graph.add_edge(START, "planner")
    graph.add_conditional_edges("planner", check_agency_review,
                                ["agency_review", "tools", "wait_customer", "planner", END])
    graph.add_conditional_edges("agency_review", check_agency_review,
                                ["tools", "planner", END])
    graph.add_conditional_edges("tools", check_execution_result, ["wait_customer", "planner"])
    graph.add_edge("wait_customer", "planner")
    return graph
