"""The assistant's planner: ``generate`` or ``tool_use``, and the calls.

On the embedded model code reads the question (:mod:`.route`) and the model only picks
among readings of a question about the bank's data; a model that writes plans freely,
and code drops unknown tools and repeats of a failed call.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.tools import BaseTool
from langgraph.config import get_stream_writer
from langgraph.runtime import Runtime

from agentdesk.runtime.runs.context import AgentContext

from . import prompts
from .operator import load_operator_tools
from .route import kb_terms, narrower_terms, read_question
from .state import AgentState

__all__ = ["after_planner", "available_tools", "planner", "writes_freely"]

_LISTING = re.compile(r"\b(?:list|show|all|every)\b", re.I)
_GREETING = re.compile(r"^\s*(?:hi|hello|hey|thanks|thank you|good (?:morning|afternoon|evening)|"
                       r"bye|goodbye|ok(?:ay)?|great|cool)\b[\s!.,]*(?:there|again|a lot|so much)?"
                       r"[\s!.]*$", re.I)


def writes_freely(runtime: Runtime[AgentContext]) -> bool:
    """A model that can write plans and answers (hosted or scripted), not the embedded one."""
    return not getattr(runtime.context.model, "bundled", False)


def _question(state: AgentState) -> str:
    for message in reversed(state.get("messages", [])):
        if isinstance(message, HumanMessage):
            return message.text
    return ""


def _writer() -> Any:
    try:
        return get_stream_writer()
    except RuntimeError:  # called outside a graph (a unit test)
        return lambda _: None


# -- planner ----------------------------------------------------------------------


async def available_tools(runtime: Runtime[AgentContext]) -> tuple[dict[str, BaseTool],
                                                                   dict[str, str]]:
    """The run's tools (assistant + travel read-only) and the operator's; servers down."""
    tools = {n: t for n, t in runtime.context.tools.items()}
    extra = await load_operator_tools()
    for name, tool in extra.tools.items():
        tools.setdefault(name, tool)
    return tools, extra.down


def _context_text(state: AgentState) -> str:
    profile = state.get("user_context") or {}
    return prompts.CONTEXT.format(profile=json.dumps(profile)[:1500] if profile else "nothing",
                                  summary=state.get("summary") or "none yet")


def _failures(state: AgentState) -> list[dict[str, Any]]:
    return [r for r in state.get("tool_results", []) if r["outcome"] != "ok"]


def _describe_failures(failed: list[dict[str, Any]]) -> str:
    return "\n".join(f"- {r['tool']}({json.dumps(r['args'])}): "
                     f"{'no results' if r['outcome'] == 'empty' else r['content'][:200]}"
                     for r in failed)


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"id": f"call_{uuid.uuid4().hex[:12]}", "name": name, "args": args}


def _recent(state: AgentState, limit: int = 12) -> list[BaseMessage]:
    """The latest turns for a model, never starting on a tool result."""
    messages: list[BaseMessage] = []
    messages.extend(state.get("messages", [])[-limit:])
    while messages and not isinstance(messages[0], HumanMessage):
        messages.pop(0)
    return messages


async def _model_plan(state: AgentState, runtime: Runtime[AgentContext],
                      tools: dict[str, BaseTool]) -> tuple[list[dict[str, Any]], int]:
    messages: list[BaseMessage] = [SystemMessage(prompts.PLANNER.format(
        context=_context_text(state))), *_recent(state)]
    if state.get("retry_count", 0):
        messages.append(HumanMessage(prompts.REPLAN.format(
            failures=_describe_failures(_failures(state)))))
    reply = await runtime.context.model.bind_tools(list(tools.values())).ainvoke(messages)
    tried = {(r["tool"], json.dumps(r["args"], sort_keys=True)) for r in _failures(state)}
    calls = []
    for call in getattr(reply, "tool_calls", []) or []:
        key = (call["name"], json.dumps(call.get("args") or {}, sort_keys=True))
        if key in tried:  # the same failed call again cannot help
            continue
        tried.add(key)
        calls.append(_call(call["name"], dict(call.get("args") or {})))
    usage = getattr(reply, "usage_metadata", None) or {}
    used = int(usage.get("total_tokens", 0)) or count_tokens_approximately([*messages, reply])
    return calls, used


async def _pick_sql(runtime: Runtime[AgentContext], question: str) -> str | None:
    """SQL for a question about the bank's data, read by the banking agent's reader."""
    db = runtime.context.resources.get("database")
    if db is None:
        return None
    from agentdesk.domains.banking.agent import choices

    # A bare "every row of a table" reading is the reader catching a word ("client", "card")
    # in a question about something else, unless the person asked for a listing.
    asks_listing = _LISTING.search(question) is not None
    options = [c for c in choices.candidates(question, db) if asks_listing
               or c.plan.measure != "rows"
               or c.plan.filters or c.plan.group]
    if not options:
        return None
    if len(options) == 1:
        return options[0].sql
    labels = [chr(ord("A") + i) for i in range(len(options))]
    listing = "\n".join(f"{label}: {c.reading}" for label, c in zip(labels, options, strict=True))
    model = runtime.context.model.with_structured_output(choices.label_schema("reading", labels))
    answer = await model.ainvoke([SystemMessage(prompts.PICK_SQL.format(options=listing)),
                                  HumanMessage(question)])
    picked = answer.get("reading") if isinstance(answer, dict) else None
    return options[labels.index(picked)].sql if picked in labels else options[0].sql


async def _code_plan(state: AgentState, runtime: Runtime[AgentContext],
                     tools: dict[str, BaseTool]) -> tuple[list[dict[str, Any]], str]:
    """What code decides for the embedded model: the calls and the route's kind."""
    question = (state.get("scratchpad") or {}).get("question") or _question(state)
    last = state.get("retry_count", 0) - 1
    failed = [] if (state.get("scratchpad") or {}).get("clarified") else [
        r for r in _failures(state) if r["round"] == last]
    if failed:  # a re-plan: change the terms of what came back empty, repeat what broke
        calls = []
        tried = [r["args"].get("query", "") for r in state.get("tool_results", [])
                 if r["tool"] == "kb_search"]
        for result in failed:
            if result["tool"] == "kb_search" and result["outcome"] == "empty":
                terms = narrower_terms(result["args"].get("query", ""), tried)
                if terms:
                    tried.append(terms)
                    calls.append(_call("kb_search", {"query": terms}))
            elif result["outcome"] == "unavailable":
                calls.append(_call(result["tool"], result["args"]))
        return calls, "replan"
    if _GREETING.match(question):
        return [], "chat"
    reading = read_question(question)
    if reading is not None:
        return [_call(name, args) for name, args in reading.calls], reading.kind
    sql = await _pick_sql(runtime, question) if "sql_query" in tools else None
    if sql:
        return [_call("sql_query", {"sql": sql})], "sql"
    return [_call("kb_search", {"query": kb_terms(question)})], "kb"


async def planner(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Decide ``generate`` or ``tool_use`` and the calls; a re-plan changes its terms."""
    tools, down = await available_tools(runtime)
    if down:
        _writer()({"kind": "toolserver_down", "servers": down})
    used = 0
    if writes_freely(runtime):
        (calls, used), kind = await _model_plan(state, runtime, tools), "model"
    else:
        calls, kind = await _code_plan(state, runtime, tools)
    scratch = {**(state.get("scratchpad") or {}), "route": kind, "clarified": False}
    if down:
        scratch["operator_servers_down"] = down
    step = "tool_use" if calls else "generate"
    update: dict[str, Any] = {"next_step": step, "planned_calls": calls, "phase": "plan",
                              "scratchpad": scratch, "current_step": f"plan:{step}",
                              "tokens_used": state.get("tokens_used", 0) + used}
    if calls:
        update["messages"] = [AIMessage("", tool_calls=[
            {"id": c["id"], "name": c["name"], "args": c["args"], "type": "tool_call"}
            for c in calls])]
    return update


def after_planner(state: AgentState) -> Literal["router", "generator"]:
    return "router" if state.get("next_step") == "tool_use" else "generator"


