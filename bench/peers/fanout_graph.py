"""A ``Send`` fan-out: 8 parallel branches, joined by a reducer, then a person approves.

A thread is created, run to the ``review`` interrupt with ``{"topic": ...}`` and
resumed with ``{"approve": true}``; it ends with exactly 8 branch results (one
per branch, none twice), ``joined == 1`` and ``finished == 1``. Plain LangGraph,
no agentdesk import.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from langgraph.types import Send, interrupt
from typing_extensions import TypedDict

BRANCHES = 8


class State(TypedDict, total=False):
    topic: str
    index: int
    """A branch's number (in what ``Send`` hands it, never written)."""
    results: Annotated[list[str], operator.add]
    """One item per branch."""
    summary: str
    approved: bool
    joined: Annotated[int, operator.add]
    finished: Annotated[int, operator.add]


def split(state: State) -> dict[str, Any]:
    return {}


def fan_out(state: State) -> list[Send]:
    return [Send("branch", {"topic": state["topic"], "index": i}) for i in range(BRANCHES)]


def branch(state: State) -> dict[str, Any]:
    return {"results": [f"branch {state['index']}: {state['topic']}"]}


def join(state: State) -> dict[str, Any]:
    return {"summary": f"{len(state['results'])} results", "joined": 1}


def review(state: State) -> dict[str, Any]:
    answer = interrupt({"question": "approve these results?", "summary": state["summary"]})
    return {"approved": bool(answer.get("approve")) if isinstance(answer, dict) else False}


def finish(state: State) -> dict[str, Any]:
    return {"finished": 1}


builder = StateGraph(State)
builder.add_node("split", split)
builder.add_node("branch", branch)
builder.add_node("join", join)
builder.add_node("review", review)
builder.add_node("finish", finish)
builder.add_edge(START, "split")
builder.add_conditional_edges("split", fan_out, ["branch"])
builder.add_edge("branch", "join")
builder.add_edge("join", "review")
builder.add_edge("review", "finish")
builder.add_edge("finish", END)
graph = builder.compile()
