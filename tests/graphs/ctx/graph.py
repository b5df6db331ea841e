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


class Hold(TypedDict, total=False):
    gate: str
    """A file the node waits for (a test's gate); the run stays running until it exists."""
    done: bool


async def wait_for_gate(state: Hold) -> dict:
    import asyncio
    from pathlib import Path

    while not Path(state["gate"]).exists():
        await asyncio.sleep(0.05)
    return {"done": True}


hold_builder = StateGraph(Hold)
hold_builder.add_node("wait_for_gate", wait_for_gate)
hold_builder.add_edge(START, "wait_for_gate")
hold_builder.add_edge("wait_for_gate", END)
hold = hold_builder.compile()
