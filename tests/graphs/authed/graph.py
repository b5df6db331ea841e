"""A one-node graph: it answers what it was told, so a run ends at once."""

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    said: str
    answer: str


def answer(state: State) -> dict:
    return {"answer": f"you said {state.get('said', '')}"}


builder = StateGraph(State)
builder.add_node("answer", answer)
builder.add_edge(START, "answer")
builder.add_edge("answer", END)
graph = builder.compile()


def ask(state: State) -> dict:
    return {"answer": interrupt({"question": f"May I say {state.get('said', '')}?"})}


asking = StateGraph(State)
asking.add_node("ask", ask)
asking.add_edge(START, "ask")
asking.add_edge("ask", END)
ask_graph = asking.compile()
