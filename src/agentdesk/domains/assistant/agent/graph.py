"""The general assistant's graph: a safety check at the door, then plan, run the tools in
parallel, verify (re-plan, or ask the person), answer, and summarise the conversation."""

from typing import Any

from langgraph.graph import END, START, StateGraph

from agentdesk.runtime.runs.context import AgentContext

from .answer import generator
from .nodes import (
    after_clarify,
    after_ingress,
    after_verifier,
    clarify,
    dispatch,
    executor,
    ingress,
    router,
    verifier,
)
from .plan import after_planner, planner
from .state import AgentState
from .summarize import summarizer

__all__ = ["build_graph"]


def build_graph() -> StateGraph[AgentState, AgentContext, AgentState, Any]:
    """ingress -> planner -> (generator | router -> executor* -> verifier -> ...) -> summarizer."""
    # The runtime feeds the per-turn reset fields too (SPEC.initial_state), so the input
    # schema is the whole state.
    graph = StateGraph(AgentState, context_schema=AgentContext)
    graph.add_node("ingress", ingress)
    graph.add_node("planner", planner)
    graph.add_node("router", router)
    graph.add_node("executor", executor)  # type: ignore[arg-type]  # fed by Send, not state
    graph.add_node("verifier", verifier)
    graph.add_node("clarify", clarify)
    graph.add_node("generator", generator)
    graph.add_node("summarizer", summarizer)

    graph.add_edge(START, "ingress")
    graph.add_conditional_edges("ingress", after_ingress, ["planner", END])
    graph.add_conditional_edges("planner", after_planner, ["router", "generator"])
    graph.add_conditional_edges("router", dispatch, ["executor"])
    graph.add_edge("executor", "verifier")
    graph.add_conditional_edges("verifier", after_verifier, ["planner", "clarify", "generator"])
    graph.add_conditional_edges("clarify", after_clarify, ["planner", "generator"])
    graph.add_edge("generator", "summarizer")
    graph.add_edge("summarizer", END)
    return graph
