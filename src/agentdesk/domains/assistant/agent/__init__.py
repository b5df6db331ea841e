"""The general assistant: a safe ingress, a planner, parallel tools, a verifier that
re-plans, a streaming generator and memory.

The ingress safety policy lives in :mod:`.safety` (with its detectors in :mod:`.pii`
and :mod:`.injection`). Every tool is reached over MCP: the assistant's own server
(``assistant``: knowledge base, calculator, dates), the bank's (``bank``: its readings
of a question and read-only SQL) and the travel server (``travel``: airports, flights,
hotels), as the spec's ``toolservers`` name them, and the operator's own MCP servers
read from ``AGENTDESK_MCP_SERVERS`` (:mod:`.operator`).
"""

from __future__ import annotations

import time
from typing import Any

from langchain_core.messages import HumanMessage

from agentdesk.runtime.registry import AgentSpec

from .graph import build_graph
from .schemas import AssistantInput

__all__ = ["SPEC"]


def _initial_state(data: AssistantInput) -> dict[str, Any]:
    """One turn: the message, redacted before it is stored; the per-turn fields reset."""
    from .safety import operator_check

    verdict = operator_check(data.messages)
    return {"messages": [HumanMessage(verdict.redacted_text)], "user_id": data.user_id,
            "scratchpad": {"verdict": verdict.model_dump(mode="json")}, "tool_results": [],
            "planned_calls": [], "retry_count": 0, "answer": "", "phase": "ingress",
            "next_step": "", "start_time": time.time(), "current_step": "starting"}


def _result(values: dict[str, Any]) -> dict[str, Any]:
    return {"answer": values.get("answer"), "safety_check": values.get("safety_check"),
            "safety_reasons": values.get("safety_reasons", []),
            "tool_results": [{k: r.get(k) for k in ("n", "tool", "args", "status", "outcome")}
                             for r in values.get("tool_results", [])],
            "retry_count": values.get("retry_count", 0),
            "tokens_used": values.get("tokens_used", 0)}


def _render(values: dict[str, Any]) -> str:
    return str(values.get("answer") or "")


SPEC = AgentSpec(
    name="assistant",
    description="Answers questions and says where each answer comes from, using its "
                "guide to agentdesk, a calculator, dates, the bank's figures and travel "
                "searches. It remembers what you tell it about yourself.",
    build_graph=build_graph,
    input_schema=AssistantInput,
    initial_state=_initial_state,
    result=_result,
    interrupt_kinds=("approve_action", "clarify"),
    toolservers=("assistant", "bank", "travel"),
    recursion_limit=40,
    answer_nodes=("generator",),
    render=_render,
)
