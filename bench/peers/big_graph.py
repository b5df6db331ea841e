"""A state of about 100 KB: a list of dicts written by the first step, small changes after.

A thread is created, run to the ``review`` interrupt with ``{"topic": ...}`` and
resumed with ``{"approve": true}``. ``load`` writes ``rows`` (``make_rows(topic)``,
~100 KB as JSON); ``mark``, ``review`` and ``finish`` each change one small
field. At the end ``rows`` is exactly ``make_rows(topic)``, ``marks`` is
``["marked", "finished"]`` and ``finished == 1``. Plain LangGraph, no agentdesk
import.
"""

from __future__ import annotations

import hashlib
import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict

ROWS = 450


def make_rows(topic: str) -> list[dict[str, Any]]:
    """``ROWS`` rows of ~250 bytes of JSON each, a function of ``topic`` alone."""
    rows = []
    for i in range(ROWS):
        digest = hashlib.sha256(f"{topic}:{i}".encode()).hexdigest()
        rows.append({"id": i, "name": f"{topic} item {i}", "score": i * 7 % 101,
                     "tags": ["alpha", "beta"] if i % 2 else ["gamma"],
                     "text": digest + digest[::-1], "ok": i % 3 == 0})
    return rows


class State(TypedDict, total=False):
    topic: str
    rows: list[dict[str, Any]]
    marks: Annotated[list[str], operator.add]
    approved: bool
    finished: Annotated[int, operator.add]


def load(state: State) -> dict[str, Any]:
    return {"rows": make_rows(state["topic"])}


def mark(state: State) -> dict[str, Any]:
    return {"marks": ["marked"]}


def review(state: State) -> dict[str, Any]:
    answer = interrupt({"question": "approve?", "rows": len(state["rows"])})
    return {"approved": bool(answer.get("approve")) if isinstance(answer, dict) else False}


def finish(state: State) -> dict[str, Any]:
    return {"marks": ["finished"], "finished": 1}


builder = StateGraph(State)
for node in (load, mark, review, finish):
    builder.add_node(node.__name__, node)
builder.add_edge(START, "load")
builder.add_edge("load", "mark")
builder.add_edge("mark", "review")
builder.add_edge("review", "finish")
builder.add_edge("finish", END)
graph = builder.compile()
