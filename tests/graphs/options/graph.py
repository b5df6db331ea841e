"""A graph that shows what a run's options reach, written as the LangGraph docs write one.

Nothing here knows about agentdesk. ``greet`` reads ``runtime.context`` (a
dataclass ``context_schema`` with defaults), ``configured`` reads its config's
``configurable``, ``child`` is a compiled subgraph (its ``inner`` node sets
``inner``), and every other node appends its name to ``steps``, so a run's path through the graph is in its state.
``make_graph`` is a two-argument factory (the run's config and the server
runtime) that stamps what it was called with into the state.
"""

import operator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph_sdk.runtime import ServerRuntime
from typing_extensions import TypedDict


@dataclass
class Context:
    greeting: str = "hello"
    punctuation: str = "."


class State(TypedDict, total=False):
    topic: str
    greeting: str
    flavour: str
    inner: str
    made_for: str
    steps: Annotated[list[str], operator.add]


def greet(state: State, runtime: Runtime[Context]) -> dict:
    context = runtime.context
    return {"greeting": f"{context.greeting} {state['topic']}{context.punctuation}",
            "steps": ["greet"]}


def configured(state: State, config: RunnableConfig) -> dict:
    return {"flavour": config["configurable"].get("flavour", "plain"), "steps": ["configured"]}


class ChildState(TypedDict, total=False):
    topic: str
    inner: str


def inner(state: ChildState) -> dict:
    return {"inner": f"inner saw {state['topic']}"}


def finish(state: State) -> dict:
    return {"steps": ["finish"]}


child_builder = StateGraph(ChildState)
child_builder.add_node("inner", inner)
child_builder.add_edge(START, "inner")
child_builder.add_edge("inner", END)
child = child_builder.compile()


def build(stamp: str = "") -> StateGraph:
    builder = StateGraph(State, context_schema=Context)
    builder.add_node("greet", greet)
    builder.add_node("configured", configured)
    builder.add_node("child", child)
    builder.add_node("finish", lambda state: {**finish(state), "made_for": stamp} if stamp
                     else finish(state))
    builder.add_edge(START, "greet")
    builder.add_edge("greet", "configured")
    builder.add_edge("configured", "child")
    builder.add_edge("child", "finish")
    builder.add_edge("finish", END)
    return builder


graph = build().compile()


def make_graph(config: RunnableConfig, runtime: ServerRuntime) -> object:
    """The factory: the same graph, its ``finish`` stamping the thread, the access
    context and the context's greeting it was called with."""
    context = getattr(runtime, "context", None) or {}  # the run's values, as a dict
    greeting = context.get("greeting", "-")
    thread = config["configurable"].get("thread_id", "-")
    return build(f"{thread}/{runtime.access_context}/{greeting}").compile()


@asynccontextmanager
async def managed_graph(config: RunnableConfig):
    """A factory that is a context manager: the graph lives for the run, then is closed."""
    yield build(f"{config['configurable'].get('thread_id', '-')}/managed").compile()
