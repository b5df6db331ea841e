"""The model-free human-in-the-loop graph every peer serves: draft, pause for a person, finish.

A thread is created, run to the ``review`` interrupt with ``{"topic": ...}``, and
resumed with ``{"approve": true}``; it ends with ``result`` set and ``finished == 1``
(the finishing step ran exactly once). Plain LangGraph, no agentdesk import: each
peer loads it through ``langgraph.json``.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict  # pydantic reads it on Python < 3.12 too


class State(TypedDict, total=False):
    topic: str
    """What the thread is about (the run's input)."""
    draft: str
    """The plan the first step writes, shown in the interrupt."""
    approved: bool
    """The person's answer."""
    result: str
    """The final text."""
    finished: Annotated[int, operator.add]
    """How many times the last step ran: exactly 1 at the end."""


def draft(state: State) -> dict[str, Any]:
    return {"draft": f"a plan for {state.get('topic', 'nothing')}"}


def review(state: State) -> dict[str, Any]:
    answer = interrupt({"question": "approve this draft?", "draft": state["draft"]})
    return {"approved": bool(answer.get("approve")) if isinstance(answer, dict) else False}


def finish(state: State) -> dict[str, Any]:
    verdict = "approved" if state.get("approved") else "rejected"
    return {"result": f"{state['draft']}: {verdict}", "finished": 1}


builder = StateGraph(State)
builder.add_node("draft", draft)
builder.add_node("review", review)
builder.add_node("finish", finish)
builder.add_edge(START, "draft")
builder.add_edge("draft", "review")
builder.add_edge("review", "finish")
builder.add_edge("finish", END)
graph = builder.compile()
