"""The summarizer: a running summary, a trimmed context window, the user's facts remembered.

Trimming keeps the latest turns whole: it cuts at a person's message
(``trim_messages(start_on="human")``), so an AI message's tool calls and their tool
results are kept or dropped together and no tool result is ever left without its call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    RemoveMessage,
    ToolMessage,
    trim_messages,
)
from langchain_core.messages.utils import count_tokens_approximately
from langgraph.runtime import Runtime

from agentdesk.runtime.memory.remember import remember
from agentdesk.runtime.runs.context import AgentContext

from .state import AgentState

__all__ = ["MAX_CONTEXT_TOKENS", "SUMMARY_LINES", "orphans", "summarizer", "trim", "user_facts"]

MAX_CONTEXT_TOKENS = 3000
"""Context kept in ``messages`` after a turn (approximate tokens); older turns are summarised."""

SUMMARY_LINES = 30
"""Lines of the running summary kept (one per turn, the oldest dropped first)."""

_FACTS = [
    re.compile(r"\b(?i:my name is) ([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)"),
    re.compile(r"\b(?i:call me) ([A-Z][\w'-]+)"),
    re.compile(r"\bI (?i:live|am based|'m based) in ([A-Z][\w'-]+(?:[ ,]+[A-Z][\w'-]+)*)"),
    re.compile(r"\bI(?i: am|'m) from ([A-Z][\w'-]+(?:[ ,]+[A-Z][\w'-]+)*)"),
    re.compile(r"\bI (?i:work (?:at|for)) ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*)"),
    re.compile(r"\bI (?:prefer|like|love|use) ([\w -]{3,60}?)(?:[.!,;]|$)", re.I),
    re.compile(r"\bI(?: am|'m) (?:allergic to|vegetarian|vegan)([\w -]{0,40}?)(?:[.!,;]|$)", re.I),
    re.compile(r"\bmy (?:time ?zone|timezone) is ([\w/+-]{2,40})", re.I),
    re.compile(r"\b(?i:my (?:home )?airport is) ([A-Z]{3})\b"),
]
_TEMPLATES = ["Their name is {}", "They like to be called {}", "They live in {}",
              "They are from {}", "They work at {}", "They prefer {}", "They are {}",
              "Their time zone is {}", "Their home airport is {}"]


def user_facts(text: str) -> list[str]:
    """Facts about the user that a message states, in the third person."""
    facts = []
    for pattern, template in zip(_FACTS, _TEMPLATES, strict=True):
        for match in pattern.finditer(text):
            value = match.group(1).strip(" ,")
            if template == "They are {}":
                value = match.group(0).split(" ", 2)[-1].strip(" .!,;")
            if value and "[REDACTED" not in value:
                facts.append(template.format(value))
    return list(dict.fromkeys(facts))


def trim(messages: Sequence[BaseMessage], max_tokens: int = MAX_CONTEXT_TOKENS,
         ) -> list[RemoveMessage]:
    """Removals that bring ``messages`` under ``max_tokens``, cutting only at a person's turn."""
    if count_tokens_approximately(messages) <= max_tokens:
        return []
    kept = trim_messages(messages, max_tokens=max_tokens, strategy="last",
                         token_counter=count_tokens_approximately, start_on="human",
                         include_system=False, allow_partial=False)
    if not kept:  # the latest turn alone is too long: keep it whole rather than cut it
        last = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
        kept = list(messages[last:])
    keep = {m.id for m in kept}
    return [RemoveMessage(id=m.id) for m in messages if m.id and m.id not in keep]


def _turn_line(state: AgentState) -> str:
    question = (state.get("scratchpad") or {}).get("question", "")
    answer = (state.get("answer") or "").split("\n\nSources:")[0]
    tools = sorted({r["tool"] for r in state.get("tool_results", [])})
    used = f" (tools: {', '.join(tools)})" if tools else ""
    return f"- asked: {' '.join(question.split())[:160]} -> answered{used}: " \
           f"{' '.join(answer.split())[:200]}"


async def summarizer(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Extend the running summary, trim old turns, remember what the user said about themself."""
    question = (state.get("scratchpad") or {}).get("question", "")
    lines = [*(state.get("summary") or "").splitlines(), _turn_line(state)]
    summary = "\n".join(line for line in lines[-SUMMARY_LINES:] if line)
    remembered: list[str] = []
    facts = user_facts(question)
    if facts and runtime.store is not None:
        await remember(runtime.store, runtime.context.owner, state.get("user_id") or "default",
                       facts, thread_id=runtime.context.thread_id)
        remembered = facts
    removals = trim(list(state.get("messages", [])))
    update: dict[str, Any] = {"summary": summary, "phase": "done", "current_step": "done",
                              "scratchpad": {**(state.get("scratchpad") or {}),
                                             "remembered": remembered}}
    if removals:
        update["messages"] = removals
    return update


def orphans(messages: Sequence[BaseMessage]) -> list[str]:
    """Tool results whose call is not in ``messages``, and calls without their result."""
    calls = {str(c["id"]) for m in messages if isinstance(m, AIMessage) for c in m.tool_calls}
    answered = {str(m.tool_call_id) for m in messages if isinstance(m, ToolMessage)}
    return sorted((answered - calls) | (calls - answered))
