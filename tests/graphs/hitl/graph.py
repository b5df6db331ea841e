"""A human-in-the-loop graph written the way the LangGraph docs write one.

Nothing here knows about agentdesk: a StateGraph, ``interrupt()`` with the
graph's own payload, and a compiled ``graph`` without a checkpointer (the
server brings its own). ``make_graph`` is the same graph from a factory.
"""

import os

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict

GREETING = os.environ.get("HITL_GREETING", "")  # from the .env langgraph.json names


class State(TypedDict, total=False):
    topic: str
    draft: str
    answer: object
    greeting: str


def write_draft(state: State) -> dict:
    return {"draft": f"A short note about {state['topic']}.",
            "greeting": GREETING}


def review(state: State) -> dict:
    answer = interrupt({"question": "Publish this draft?", "draft": state["draft"]})
    return {"answer": answer}


builder = StateGraph(State)
builder.add_node("write_draft", write_draft)
builder.add_node("review", review)
builder.add_edge(START, "write_draft")
builder.add_edge("write_draft", "review")
builder.add_edge("review", END)

graph = builder.compile()


async def make_graph(config):
    """A factory, as the LangGraph server accepts one (async, taking a RunnableConfig)."""
    return builder.compile()
