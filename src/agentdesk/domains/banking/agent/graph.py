"""The banking assistant's graph: intent, SQL, validation, then execution and insight or a retry."""

from typing import Any

from langgraph.graph import END, START, StateGraph

from agentdesk.runtime.runs.context import AgentContext

from .nodes import (
    execution_tool,
    insight_agent,
    intent_agent,
    should_retry,
    should_retry_after_execution,
    sql_agent,
    validation_agent,
)
from .state import BankingAssistantState

__all__ = ["build_graph"]


def build_graph() -> StateGraph[BankingAssistantState, AgentContext, BankingAssistantState, Any]:
    """intent -> sql -> validation -> (execution -> insight | sql | end)."""
    # The runtime builds the whole initial state (every field) from the validated input.
    graph = StateGraph(BankingAssistantState, context_schema=AgentContext)
    graph.add_node("intent_agent", intent_agent)
    graph.add_node("sql_agent", sql_agent)
    graph.add_node("validation_agent", validation_agent)
    graph.add_node("execution_tool", execution_tool)
    graph.add_node("insight_agent", insight_agent)

    graph.add_edge(START, "intent_agent")
    graph.add_edge("intent_agent", "sql_agent")
    graph.add_edge("sql_agent", "validation_agent")
    graph.add_conditional_edges("validation_agent", should_retry, {
        "sql_agent": "sql_agent", "execution_tool": "execution_tool", "end_failure": END})
    graph.add_conditional_edges("execution_tool", should_retry_after_execution, {
        "sql_agent": "sql_agent", "insight_agent": "insight_agent", "end_failure": END})
    graph.add_edge("insight_agent", END)
    return graph
