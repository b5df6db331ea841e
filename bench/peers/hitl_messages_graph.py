"""The HITL graph with a message list: plan, tool, review (a person), final; each appends an AIMessage.

A thread is created, run with one user message to the ``review`` interrupt, and
resumed with ``{"approve": true}``; it ends with five messages (the user's and one
per step, in order) and ``finished == 1``. The state carries messages the way a
chat agent's does, so their (de)serialization is part of every step. Plain
LangGraph, no agentdesk import.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.types import interrupt
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    finished: Annotated[int, operator.add]
    """How many times the last step ran: exactly 1 at the end."""


def _asked(state: State) -> str:
    return str(state["messages"][0].content)


def plan(state: State) -> dict[str, Any]:
    return {"messages": [AIMessage(f"plan: look up {_asked(state)}", name="plan")]}


def tool(state: State) -> dict[str, Any]:
    return {"messages": [AIMessage(f"tool: found 3 results for {_asked(state)}", name="tool")]}


def review(state: State) -> dict[str, Any]:
    answer = interrupt({"question": "send this answer?", "plan": state["messages"][-2].content})
    verdict = "approved" if isinstance(answer, dict) and answer.get("approve") else "rejected"
    return {"messages": [AIMessage(f"review: {verdict}", name="review")]}


def final(state: State) -> dict[str, Any]:
    return {"messages": [AIMessage(f"final: the answer to {_asked(state)}", name="final")],
            "finished": 1}


builder = StateGraph(State)
for node in (plan, tool, review, final):
    builder.add_node(node.__name__, node)
builder.add_edge(START, "plan")
builder.add_edge("plan", "tool")
builder.add_edge("tool", "review")
builder.add_edge("review", "final")
builder.add_edge("final", END)
graph = builder.compile()
