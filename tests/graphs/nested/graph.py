"""A graph with a subgraph that pauses: what ``subgraphs=true`` state reads look into."""

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    topic: str
    answer: object


def ask(state: State) -> dict:
    return {"answer": interrupt({"question": f"More about {state['topic']}?"})}


inner = StateGraph(State)
inner.add_node("ask", ask)
inner.add_edge(START, "ask")
inner.add_edge("ask", END)

builder = StateGraph(State)
builder.add_node("inner", inner.compile())
builder.add_edge(START, "inner")
builder.add_edge("inner", END)

graph = builder.compile()
