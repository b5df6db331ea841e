"""A small agent that reads and writes user memory through LangGraph's ``runtime.store``.

Registered by the memory tests (``AGENTS["memo"]``): ``recall`` loads what is known
about the user under the thread's owner, ``answer`` asks the run's model (streamed),
``confirm`` pauses for a person when asked to, ``note`` remembers new facts.
"""

from __future__ import annotations

from typing import Any, TypedDict

from langchain_core.callbacks import adispatch_custom_event
from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from agentdesk.runtime.approvals import request_decision
from agentdesk.runtime.memory.remember import load_profile, remember
from agentdesk.runtime.registry import AgentSpec
from agentdesk.runtime.runs.context import AgentContext


class MemoInput(BaseModel):
    user_id: str = Field(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")
    messages: str = "hello"
    remember: list[str] = Field(default_factory=list)
    confirm: bool = False


class MemoState(TypedDict, total=False):
    user_id: str
    messages: str
    remember: list[str]
    confirm: bool
    known: list[str]
    owner: str | None
    answer: str
    current_step: str


async def recall(state: MemoState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    assert runtime.store is not None
    profile = await load_profile(runtime.store, runtime.context.owner, state["user_id"])
    await adispatch_custom_event("memory_loaded", {"facts": len(profile["facts"])})
    return {"known": profile["facts"], "owner": runtime.context.owner, "current_step": "recall"}


async def answer(state: MemoState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    reply = await runtime.context.model.ainvoke(state["messages"])
    get_stream_writer()({"kind": "token", "text": "."})
    return {"answer": str(reply.content), "current_step": "answer"}


def confirm(state: MemoState) -> dict[str, Any]:
    if state.get("confirm"):
        request_decision("approve_action", "Remember this?", "; ".join(state["remember"]),
                         allowed=["approve", "reject"])
    return {"current_step": "confirm"}


async def note(state: MemoState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    assert runtime.store is not None
    await remember(runtime.store, runtime.context.owner, state["user_id"], state["remember"],
                   thread_id=runtime.context.thread_id)
    return {"owner": runtime.context.owner, "current_step": "done"}


def build_graph() -> StateGraph[Any, Any, Any, Any]:
    graph: StateGraph[Any, Any, Any, Any] = StateGraph(MemoState, context_schema=AgentContext)
    for name, node in (("recall", recall), ("answer", answer), ("confirm", confirm),
                       ("note", note)):
        graph.add_node(name, node)
    graph.add_edge(START, "recall")
    graph.add_edge("recall", "answer")
    graph.add_edge("answer", "confirm")
    graph.add_edge("confirm", "note")
    graph.add_edge("note", END)
    return graph


SPEC = AgentSpec(
    name="memo", description="Remembers facts about a user (a test agent).",
    build_graph=build_graph, input_schema=MemoInput,
    initial_state=lambda data: data.model_dump(),
    result=lambda values: {k: values.get(k) for k in ("known", "owner", "answer")},
    interrupt_kinds=("approve_action",), request_field="messages", answer_nodes=("answer",))
