"""The graphs the SDK conformance suite drives, on agentdesk and on ``langgraph dev`` alike.

Plain LangGraph, no agentdesk import. ``hitl`` drafts with a greeting from its run
context (``context_schema`` with a default), pauses for a person, and finishes;
``echo`` counts its runs through a subgraph and can be made slow (``sleep``) for the
tests that need a busy thread, or fail (``fail``) in its last node.
"""

from __future__ import annotations

import asyncio
import operator
from dataclasses import dataclass
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import interrupt
from typing_extensions import TypedDict


@dataclass
class Context:
    greeting: str = "hello"


class State(TypedDict, total=False):
    topic: str
    draft: str
    approved: bool
    result: str
    finished: Annotated[int, operator.add]


def draft(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    return {"draft": f"{runtime.context.greeting}: a plan for {state.get('topic', 'nothing')}"}


def review(state: State) -> dict[str, Any]:
    answer = interrupt({"question": "approve this draft?", "draft": state["draft"]})
    return {"approved": bool(answer.get("approve")) if isinstance(answer, dict) else False}


def finish(state: State) -> dict[str, Any]:
    verdict = "approved" if state.get("approved") else "rejected"
    return {"result": f"{state['draft']}: {verdict}", "finished": 1}


_hitl = StateGraph(State, context_schema=Context)
_hitl.add_node("draft", draft)
_hitl.add_node("review", review)
_hitl.add_node("finish", finish)
_hitl.add_edge(START, "draft")
_hitl.add_edge("draft", "review")
_hitl.add_edge("review", "finish")
_hitl.add_edge("finish", END)
hitl = _hitl.compile()


class EchoState(TypedDict, total=False):
    text: str
    sleep: float
    fail: bool
    count: Annotated[int, operator.add]
    seen: Annotated[list[str], operator.add]


async def wait(state: EchoState) -> dict[str, Any]:
    await asyncio.sleep(float(state.get("sleep") or 0))
    return {}


def shout(state: EchoState) -> dict[str, Any]:
    return {"seen": [str(state.get("text", "")).upper()]}


_inner = StateGraph(EchoState)
_inner.add_node("shout", shout)
_inner.add_edge(START, "shout")
_inner.add_edge("shout", END)


def count(state: EchoState) -> dict[str, Any]:
    if state.get("fail"):
        raise ValueError(f"asked to fail on {state.get('text')!r}")
    return {"count": 1}


_echo = StateGraph(EchoState)
_echo.add_node("wait", wait)
_echo.add_node("inner", _inner.compile())
_echo.add_node("count", count)
_echo.add_edge(START, "wait")
_echo.add_edge("wait", "inner")
_echo.add_edge("inner", "count")
_echo.add_edge("count", END)
echo = _echo.compile()
