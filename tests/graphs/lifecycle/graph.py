"""A graph whose run waits for a file: the tests hold a run while they act on its thread.

``mark`` records the run's label and is checkpointed; ``hold`` waits until the
file named by ``gate`` exists (no gate: it goes on at once), then records the
label again. A run stopped while it holds has written ``mark:<label>`` only.
"""

import asyncio
import operator
from pathlib import Path
from typing import Annotated

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    label: str
    gate: str
    steps: Annotated[list[str], operator.add]


def mark(state: State) -> dict:
    return {"steps": [f"mark:{state['label']}"]}


async def hold(state: State) -> dict:
    gate = state.get("gate")
    while gate and not Path(gate).exists():
        await asyncio.sleep(0.05)
    return {"steps": [f"done:{state['label']}"]}


builder = StateGraph(State)
builder.add_node("mark", mark)
builder.add_node("hold", hold)
builder.add_edge(START, "mark")
builder.add_edge("mark", "hold")
builder.add_edge("hold", END)

graph = builder.compile()
