"""A graph with a context schema and a subgraph, written as the LangGraph docs write them.

``answer`` reads ``runtime.context`` (the assistant's and the run's context) and
the ``polish`` node is a compiled subgraph of its own.
"""

from dataclasses import dataclass

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from typing_extensions import TypedDict


@dataclass
class Context:
    model: str = "small"
    tone: str = "plain"


class State(TypedDict, total=False):
    question: str
    answer: str


class Output(TypedDict):
    answer: str


def shine(state: State) -> dict:
    return {"answer": state["answer"] + "!"}


polish_builder = StateGraph(State)
polish_builder.add_node("shine", shine)
polish_builder.add_edge(START, "shine")
polish_builder.add_edge("shine", END)
polish = polish_builder.compile()


def answer(state: State, runtime: Runtime[Context]) -> dict:
    ctx = runtime.context
    said = f"{ctx.model}/{ctx.tone}" if ctx is not None else "no context"
    return {"answer": f"{state['question']} ({said})"}


builder = StateGraph(State, context_schema=Context, output_schema=Output)
builder.add_node("answer", answer)
builder.add_node("polish", polish)
builder.add_edge(START, "answer")
builder.add_edge("answer", "polish")
builder.add_edge("polish", END)

graph = builder.compile()
