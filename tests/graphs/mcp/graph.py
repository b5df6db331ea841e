"""Two small graphs the /mcp tests call as tools: one runs to its end, one pauses."""

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict


class Shout(TypedDict, total=False):
    text: str
    loud: str


def shout_node(state: Shout) -> dict:
    return {"loud": state["text"].upper() + "!"}


shout = StateGraph(Shout)
shout.add_node("shout", shout_node)
shout.add_edge(START, "shout")
shout.add_edge("shout", END)
shout_graph = shout.compile()


class Publish(TypedDict, total=False):
    title: str
    published: object


def ask(state: Publish) -> dict:
    return {"published": interrupt({"question": f"Publish {state['title']}?"})}


publish = StateGraph(Publish)
publish.add_node("ask", ask)
publish.add_edge(START, "ask")
publish.add_edge("ask", END)
publish_graph = publish.compile()
