"""A chat whose state is a message list that grows each turn: one model-free reply per run.

A thread is ten runs on one thread, each with one user message (``turn i``) and
no interrupt; the reply names its turn from the history's length (``reply i:
turn i``), so at the end the thread holds exactly 20 messages, alternating, in
order, and ``turns == 10``. Plain LangGraph, no agentdesk import.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    turns: Annotated[int, operator.add]
    """How many replies were written: one per run, exactly."""


def reply(state: State) -> dict[str, Any]:
    history = state["messages"]
    return {"messages": [AIMessage(f"reply {len(history) // 2}: {history[-1].content}")],
            "turns": 1}


builder = StateGraph(State)
builder.add_node("reply", reply)
builder.add_edge(START, "reply")
builder.add_edge("reply", END)
graph = builder.compile()
