"""The assistant's planner: ``generate`` or ``tool_use``, and the calls.

On the embedded model code reads the question (:mod:`.route`), the bank's server reads a
question about the bank's data (:func:`.lookups.bank_readings`) and the model only picks
among its readings; a model that writes plans freely, and code drops unknown tools and
repeats of a failed call.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.tools import BaseTool
from langgraph.config import get_stream_writer
from langgraph.runtime import Runtime

from agentdesk.models import is_small
from agentdesk.runtime.runs.context import AgentContext

from . import prompts
from .lookups import bank_readings, travel_lookups
from .operator import load_operator_tools
from .route import kb_terms, narrower_terms, read_question
from .state import AgentState
from .untrusted import mark_data

__all__ = ["after_planner", "available_tools", "planner", "writes_freely"]

_LISTING = re.compile(r"\b(?:list|show|all|every)\b", re.I)
_GREETING = re.compile(r"^\s*(?:hi|hello|hey|thanks|thank you|good (?:morning|afternoon|evening)|"
                       r"bye|goodbye|ok(?:ay)?|great|cool)\b[\s!.,]*(?:there|again|a lot|so much)?"
                       r"[\s!.]*$", re.I)

_HELPERS = frozenset({"bank_readings", "bank_schema", "read_trip_request"})
"""Tools that help write another call (the bank's readings of a question, its schema)
rather than answer one: a model's plan is offered only tools whose results an answer cites."""


def writes_freely(runtime: Runtime[AgentContext]) -> bool:
    """A model that can write plans and answers (hosted or scripted), not the embedded one."""
    return not is_small(runtime.context.model)


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
    """The run's tools (assistant, bank, travel: all read-only) and the operator's; servers down."""
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
                     f"{'no results' if r['outcome'] == 'empty' else mark_data(r['content'][:200], r['tool'])}"
                     for r in failed)


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"id": f"call_{uuid.uuid4().hex[:12]}", "name": name, "args": args}


def _recent(state: AgentState, limit: int = 12) -> list[BaseMessage]:
    """The latest turns for a model, never starting on a tool result."""
    messages: list[BaseMessage] = []
    messages.extend(state.get("messages", [])[-limit:])
    while messages and not isinstance(messages[0], HumanMessage):
        messages.pop(0)
    # A tool's words reach the model as data, never as a turn of their own to obey.
    return [message.model_copy(update={"content": mark_data(message.text, message.name or "tool")})
            if isinstance(message, ToolMessage) else message for message in messages]


async def _model_plan(state: AgentState, runtime: Runtime[AgentContext],
                      tools: dict[str, BaseTool]) -> tuple[list[dict[str, Any]], int]:
    messages: list[BaseMessage] = [SystemMessage(prompts.PLANNER.format(
        context=_context_text(state))), *_recent(state)]
    if state.get("retry_count", 0):
        messages.append(HumanMessage(prompts.REPLAN.format(
            failures=_describe_failures(_failures(state)))))
    offered = [tool for name, tool in tools.items() if name not in _HELPERS]
    reply = await runtime.context.model.bind_tools(offered).ainvoke(messages)
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


def _reading_schema(labels: list[str]) -> dict[str, Any]:
    """``{"reading": one of labels}``: the model's pick, decoded in a few tokens."""
    return {"title": "Reading", "type": "object",
            "properties": {"reading": {"type": "string", "enum": labels}},
            "required": ["reading"], "additionalProperties": False}


def _answers_it(reading: dict[str, Any], asks_listing: bool) -> bool:
    """Whether a reading answers the question rather than catching a word in it.

    A bare "every row of a table" reading is the reader catching a word ("client",
    "card") in a question about something else, unless the person asked for a listing.
    """
    plan = reading.get("plan") or {}
    return asks_listing or plan.get("measure") != "rows" or bool(plan.get("filters")) \
        or bool(plan.get("group"))


async def _pick_sql(runtime: Runtime[AgentContext], tools: dict[str, BaseTool],
                    question: str) -> str | None:
    """SQL for a question about the bank's data, as the bank's reader reads it."""
    asks_listing = _LISTING.search(question) is not None
    options = [r for r in await bank_readings(question, tools, runtime.context.policy)
               if _answers_it(r, asks_listing)]
    if not options:
        return None
    if len(options) == 1:
        return str(options[0]["sql"])
    labels = [chr(ord("A") + i) for i in range(len(options))]
    listing = "\n".join(f"{label}: {r['reading']}"
                        for label, r in zip(labels, options, strict=True))
    model = runtime.context.model.with_structured_output(_reading_schema(labels))
    answer = await model.ainvoke([SystemMessage(prompts.PICK_SQL.format(options=listing)),
                                  HumanMessage(question)])
    picked = answer.get("reading") if isinstance(answer, dict) else None
    return str(options[labels.index(picked) if picked in labels else 0]["sql"])


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
    reading = await read_question(question, travel_lookups(tools, runtime.context.policy))
    if reading is not None:
        return [_call(name, args) for name, args in reading.calls], reading.kind
    sql = await _pick_sql(runtime, tools, question) if "sql_query" in tools else None
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


