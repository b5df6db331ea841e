"""The general assistant (seed 001): a safe ingress, a planner, parallel tools, a verifier,
a streaming generator and memory.

The ingress safety policy lives in :mod:`.safety` (with its detectors in :mod:`.pii`
and :mod:`.injection`); the assistant's offline tools are served by
:mod:`agentdesk.domains.assistant.tools`, the travel tools by
:mod:`agentdesk.domains.trip.travel`, and the operator's own MCP servers are read
from ``AGENTDESK_MCP_SERVERS`` (:mod:`.operator`).
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


def _resources(settings: Any) -> dict[str, Any]:
    from agentdesk.domains.banking.bank.database import BankDatabase, default_bank_url

    database = BankDatabase(default_bank_url(settings))
    database.ensure()
    return {"database": database}


SPEC = AgentSpec(
    name="assistant",
    description="A general assistant with offline tools (knowledge base, calculator, dates, "
                "the bank's data, airports, flights and hotels): a safety check at the door, "
                "parallel tool calls, a verifier that re-plans, cited answers and memory.",
    build_graph=build_graph,
    input_schema=AssistantInput,
    initial_state=_initial_state,
    result=_result,
    interrupt_kinds=("approve_action", "clarify"),
    toolservers=("assistant", "travel"),
    recursion_limit=40,
    answer_nodes=("generator",),
    render=_render,
    resources=_resources,
)
