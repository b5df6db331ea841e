"""A 50-step loop: one node, a conditional edge back to itself, a counter in state.

A thread is one run with ``{"topic": ...}`` and ``recursion_limit`` above 50 (in
the run's config), no interrupt; it ends with ``count == 50`` and ``steps == 50``
(a reducer counter: a step run twice would show). Plain LangGraph, no agentdesk
import.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

STEPS = 50


class State(TypedDict, total=False):
    topic: str
    count: int
    steps: Annotated[int, operator.add]


def step(state: State) -> dict[str, Any]:
    return {"count": state.get("count", 0) + 1, "steps": 1}


def again(state: State) -> str:
    return "step" if state["count"] < STEPS else END


builder = StateGraph(State)
builder.add_node("step", step)
builder.add_edge(START, "step")
builder.add_conditional_edges("step", again, ["step", END])
graph = builder.compile()
