"""Nodes of the general assistant: ingress, router, executor, verifier, clarify.

The planner, the generator and the summarizer live in :mod:`.plan`, :mod:`.answer` and
:mod:`.summarize`.
"""

from __future__ import annotations

import functools
import json
import re
import time
from typing import Any, Literal, NotRequired, TypedDict

from langchain_core.callbacks.manager import adispatch_custom_event
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.runtime import Runtime
from langgraph.types import Send

from agentdesk.runtime.approvals import Action, request_decision
from agentdesk.runtime.memory.remember import load_profile
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.runtime.tools import redact, tool_result_data

from . import prompts
from .excerpts import (
    STATED,
    asked_kind,
    asks_number,
    counted,
    excerpt,
    states_count,
    states_kind,
    wants_figures,
)
from .plan import _question, _writer, available_tools
from .route import command_first, uncovered_terms, unstated
from .safety import operator_check, redact_personal_data
from .state import MAX_RETRY_COUNT, AgentState

__all__ = ["CallTask", "after_clarify", "after_ingress", "after_verifier", "clarify", "dispatch",
           "executor", "ingress", "round_verdict", "router", "verifier"]

_UNAVAILABLE = re.compile(r"no answer within|timed? ?out|temporarily unavailable|\b50[234]\b|"
                          r"connect|no tool named|unreachable", re.I)
"""An error re-planning may get past; any other error is the tool refusing its arguments."""


# -- ingress ----------------------------------------------------------------------


async def ingress(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Safety policy (allow, refuse politely, or a person decides) and the user's profile."""
    scratch = dict(state.get("scratchpad") or {})
    verdict = scratch.get("verdict")
    if verdict is None:  # a caller that fed the graph directly: check the message here
        checked = operator_check(_question(state))
        verdict = checked.model_dump(mode="json")
    redacted = verdict.get("redacted_text") or _question(state)
    reasons = verdict.get("reasons", [])
    update: dict[str, Any] = {"session_id": runtime.context.thread_id or state.get(
        "session_id", ""), "safety_reasons": reasons, "phase": "ingress",
        "current_step": "ingress", "scratchpad": {**scratch, "question": redacted,
                                                    "verdict": {"verdict": verdict["verdict"]}}}
    said = ", ".join(sorted({r["message"] for r in reasons})) or "no reason given"
    if verdict["verdict"] == "refuse":
        answer = prompts.REFUSAL.format(reasons=said)
        return {**update, "safety_check": False, "phase": "refused", "answer": answer,
                "current_step": "refused", "messages": [AIMessage(answer)]}
    if verdict["verdict"] == "ask":
        decision = request_decision(
            "approve_action", "Review a message before the assistant answers it",
            f"The safety policy wants a person to look at this message ({said}):\n\n{redacted}",
            allowed=["approve", "reject"],
            action=Action(name="answer_message", args={"text": redacted}),
            data={"reasons": reasons})
        if decision.type != "approve":
            why = f": {decision.message}" if decision.message else ""
            answer = prompts.DECLINED.format(why=why)
            return {**update, "safety_check": False, "phase": "refused", "answer": answer,
                    "current_step": "declined", "messages": [AIMessage(answer)]}
    user_context: dict[str, Any] = {}
    if runtime.store is not None:
        user_context = await load_profile(runtime.store, runtime.context.owner,
                                          state.get("user_id") or "default")
    return {**update, "safety_check": True, "user_context": user_context}


def after_ingress(state: AgentState) -> Literal["planner", "__end__"]:
    return "planner" if state.get("safety_check") else "__end__"


# -- router and executor ----------------------------------------------------------


class CallTask(TypedDict):
    """One tool call sent to the executor (a ``Send`` payload)."""

    call: dict[str, Any]
    n: int
    """The number the answer cites it by."""
    round: int
    question: NotRequired[str]
    """The person's question (a knowledge-base search is checked against it)."""


def router(state: AgentState) -> dict[str, Any]:
    """The tool router: this round's calls go out in parallel (see :func:`dispatch`)."""
    return {"phase": "execute", "current_step": "executing "
            + ", ".join(c["name"] for c in state.get("planned_calls", []))}


def dispatch(state: AgentState) -> list[Send]:
    """One ``Send`` per planned call; LangGraph runs them in one step, in parallel."""
    done = len(state.get("tool_results", []))
    round_ = state.get("retry_count", 0)
    question = (state.get("scratchpad") or {}).get("question") or ""
    return [Send("executor", CallTask(call=call, n=done + i + 1, round=round_,
                                      question=question))
            for i, call in enumerate(state.get("planned_calls", []))]


def _outcome(status: str, content: str, data: Any) -> str:
    if status == "error":
        return "unavailable" if _UNAVAILABLE.search(content) else "input_error"
    if isinstance(data, dict):
        for key in ("results", "rows", "outbound", "offers"):
            if key in data and not data[key]:
                return "empty"
    if not content.strip("[]{} \n") or data in ([], {}):
        return "empty"
    return "ok"


_MAYBE_PERSONAL = re.compile(r"\d{4}|@|[A-Za-z0-9_-]{20,}")


def _redact_data(value: Any) -> Any:
    """``value`` with personal data in its strings redacted (numbers are left as numbers)."""
    if isinstance(value, dict):
        return {k: _redact_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact_data(v) for v in value]
    if isinstance(value, str) and _MAYBE_PERSONAL.search(value):
        return redact_personal_data(value)
    return value


async def executor(task: CallTask, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Run one call through the runtime's policy (timeout, retries, audit); never raises."""
    call = task["call"]
    tools, _ = (runtime.context.tools, {}) if call["name"] in runtime.context.tools else \
        await available_tools(runtime)
    policy = runtime.context.policy
    tool = tools.get(call["name"])
    started = time.time()
    if tool is None:
        content = (f"Error: no tool named {call['name']!r}; available: "
                   f"{', '.join(sorted(tools))}")
        status = "error"
        data: Any = None
    else:
        message = await policy.call(tool, {**call, "type": "tool_call"}, emit=_writer())
        data = _redact_data(redact(tool_result_data(message)))
        content = json.dumps(data, ensure_ascii=False, default=str) if data is not None \
            else redact_personal_data(redact(message.text))
        status = message.status
    record = {"n": task["n"], "round": task["round"], "id": call["id"], "tool": call["name"],
              "args": redact(call["args"]), "status": status, "content": content, "data": data,
              "outcome": _outcome(status, content, data), "started": started,
              "finished": time.time()}
    if record["outcome"] == "ok" and call["name"] == "kb_search" and task.get("question") \
            and isinstance(data, dict):
        # The hits the answer states (kb_fact): what they leave out, the answer leaves out.
        hits = [hit for hit in data.get("results") or [] if isinstance(hit, dict)]
        ordered = command_first(task["question"], hits)
        if ordered is None:  # a command asked for, and none found holds what it is for
            record.update(outcome="off_topic", missing=["a command"])
        else:
            if ordered is not hits:
                record["data"] = data = {**data, "results": ordered}
            passages = [str(hit.get("text") or "") for hit in ordered]
            query = str(call["args"].get("query", ""))
            question = task["question"]

            @functools.cache
            def quoted(numbers: bool) -> tuple[str, ...]:
                """The excerpts of the hits the answer states, each made once."""
                return tuple(excerpt(text, query, numbers=numbers) for text in passages[:STATED])

            if missing := uncovered_terms(question, passages[:STATED], passages[STATED:]):
                # Passages about something else: nothing on what was asked.
                record.update(outcome="off_topic", missing=missing)
            elif asks_number(question) and not any(re.search(r"\d", said)
                                                   for said in quoted(True)):
                # A figure asked for, and what the answer would state holds none.
                record.update(outcome="off_topic", missing=["the figure asked for"])
            elif (what := counted(question)) and not any(states_count(said, what)
                                                         for said in quoted(True)):
                # "how many lines": what the answer would state gives no figure of lines.
                record.update(outcome="off_topic", missing=[f"a number of {what}"])
            elif missing := unstated(question, [
                    "\n".join([said, *map(str, hit.get("commands") or [])])
                    for said, hit in zip(quoted(wants_figures(question)), ordered, strict=False)]):
                # The passages hold it somewhere, what the answer quotes of them does not.
                record.update(outcome="off_topic", missing=missing)
            elif (kind := asked_kind(question)) and not any(states_kind(said, kind)
                                                            for said in quoted(True)):
                # "how long is the lease": what the answer would state gives no length of time.
                record.update(outcome="off_topic", missing=[kind])
    return {"tool_results": [record], "messages": [ToolMessage(
        content=content, tool_call_id=call["id"], name=call["name"], status=status)]}


# -- verifier ---------------------------------------------------------------------


def round_verdict(outcomes: set[str], round_: int) -> str:
    """What follows a round whose calls ended with ``outcomes``: ``generate`` (something
    answered, or nothing was called), ``clarify`` (a tool refused the arguments),
    ``give_up`` or ``replan``."""
    if "ok" in outcomes or not outcomes:
        return "generate"
    if "input_error" in outcomes:
        return "clarify"
    if round_ >= MAX_RETRY_COUNT or outcomes == {"off_topic"}:
        # Other terms cannot make the knowledge base mention what it never mentions.
        return "give_up"
    return "replan"


async def verifier(state: AgentState) -> dict[str, Any]:
    """Good -> generate; empty -> re-plan with new terms; error -> re-plan or ask a person."""
    round_ = state.get("retry_count", 0)
    results = [r for r in state.get("tool_results", []) if r["round"] == round_]
    outcomes = {r["outcome"] for r in results}
    verdict = round_verdict(outcomes, round_)
    update: dict[str, Any] = {"phase": "verify", "current_step": f"verified:{verdict}",
                              "scratchpad": {**(state.get("scratchpad") or {}),
                                             "verdict_round": verdict}}
    if verdict == "replan":
        reason = "empty" if "empty" in outcomes else "error"
        payload = {"status": "planning_retry", "reason": reason, "retry_count": round_ + 1,
                   "failed": [f"{r['tool']}({json.dumps(r['args'])})" for r in results]}
        await adispatch_custom_event("planning_retry", payload)
        _writer()({"kind": "planning_retry", **payload})
        update["retry_count"] = round_ + 1
    return update


def after_verifier(state: AgentState) -> Literal["planner", "clarify", "generator"]:
    verdict = (state.get("scratchpad") or {}).get("verdict_round")
    if verdict == "replan":
        return "planner"
    if verdict == "clarify":
        return "clarify"
    return "generator"


def clarify(state: AgentState) -> dict[str, Any]:
    """A tool refused the arguments read from the question: the person says what they meant."""
    round_ = state.get("retry_count", 0)
    failed = [r for r in state.get("tool_results", []) if r["round"] == round_
              and r["outcome"] == "input_error"]
    listing = "\n".join(f"- {r['tool']}: {r['content'].removeprefix('Error: ')[:300]}"
                        for r in failed)
    decision = request_decision(
        "clarify", "The assistant needs a clarification",
        f"I could not use what I read from your question:\n{listing}\n\nWhat did you mean?",
        allowed=["respond", "reject"], data={"failed": failed})
    scratch = {**(state.get("scratchpad") or {})}
    if decision.type != "respond" or not (decision.message or "").strip():
        scratch["verdict_round"] = "give_up"
        return {"scratchpad": scratch, "phase": "clarify", "current_step": "clarify:declined"}
    checked = operator_check(decision.message or "")
    if checked.verdict == "refuse":
        scratch["verdict_round"] = "give_up"
        return {"scratchpad": scratch, "phase": "clarify", "current_step": "clarify:refused"}
    scratch.update(verdict_round="replan", question=checked.redacted_text, clarified=True)
    return {"scratchpad": scratch, "retry_count": round_ + 1, "phase": "clarify",
            "current_step": "clarify:answered",
            "messages": [HumanMessage(checked.redacted_text)]}


def after_clarify(state: AgentState) -> Literal["planner", "generator"]:
    return "planner" if (state.get("scratchpad") or {}).get("verdict_round") == "replan" \
        else "generator"
