"""Nodes and routing of the simulation agent: plan, select, confirm, execute, recover, answer.

Every node returns an :class:`AgentState` update, so the steps it writes are checked
against :data:`SimulationStep`.
"""

# mypy: strict-equality
# (a router comparing a step with a value SimulationStep does not have is a type error)

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.config import get_config, get_stream_writer
from langgraph.runtime import Runtime

from agentdesk.models import bind_tools
from agentdesk.runtime.approvals import Action, request_decision
from agentdesk.runtime.durable.effects import effect_key
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.runtime.tools import tool_result_data

from . import prompts
from .agenda import (
    complete_plan,
    describe_options,
    next_options,
    person_texts,
    plan_schema,
    results_text,
)
from .confirmation import changes_for, in_both_units, title_for
from .schemas import TOOL_ARGS, Plan, check_args
from .state import CRITICAL_TOOLS, AgentState, PlanAction, SimulationStep
from .timecourse import fetch_time_course

__all__ = ["confirmation_gate", "error_recovery", "planner", "response_synthesis",
           "route_after_confirmation", "route_after_execution", "route_after_planner",
           "route_after_recovery", "route_after_selection", "summary_for", "tool_execution",
           "tool_selection"]

JOB_POLL_SECONDS = 0.25
JOB_WAIT_SECONDS = 600.0
MAX_CONSECUTIVE_FAILURES = 2
_DONE = ("succeeded", "failed", "cancelled", "timeout", "lost")
_PLANNED: dict[PlanAction, SimulationStep] = {
    "call_tool": "planned_call_tool", "clarify": "planned_clarify", "respond": "planned_respond"}


def _now() -> str:
    return datetime.now(UTC).isoformat()


def summary_for(tool: str, args: dict[str, Any], context: dict[str, Any] | None) -> str:
    """The deterministic, render-ready confirmation text of a critical tool call."""
    old, own = "unknown", None
    for param in (context or {}).get("parameters", []):
        if param.get("path") == args.get("parameter_path"):
            old = f"{param.get('value')} {param.get('unit', '')}".strip()
            own = param.get("unit")
    shown = {k: format(v, "g") if isinstance(v, float) else v for k, v in args.items()}
    fields = {"points": 200, **shown, "old_value": old}
    if tool == "set_parameter_value":
        fields["value"] = in_both_units(args.get("value"), str(args.get("unit") or ""), own)
        fields["unit"] = ""
    return prompts.TEMPLATES[tool].format(**fields).replace(" \n", "\n")


def _prompt(state: AgentState, ask: str) -> list[Any]:
    """System prompt, the person's words, what the tools did, and ``ask``."""
    context = state.get("simulation_context") or {}
    active = (f"{context.get('model_path')} (simulation_id {context.get('simulation_id')})"
              if context else "none")
    said = "\n".join(f"- {text}" for text, _ in person_texts(state.get("messages", [])))
    done = results_text(dict(state)) if state.get("intermediate_steps") else "nothing yet"
    return [SystemMessage(prompts.SYSTEM.format(tools=", ".join(TOOL_ARGS), context=active)),
            HumanMessage(prompts.CONVERSATION.format(said=said, done=done, ask=ask))]


async def planner(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Ask the model for the next step among those the goal still lacks; record the plan.

    Code reads the person's goal and lists the missing steps with their arguments;
    the model's answer is decoded under a schema that admits only those steps, and
    what it leaves out (arguments, justification, question) comes from the step chosen.
    """
    options = next_options(dict(state))
    # The prompt is the person's words, what was done and the choices: short, so a small
    # local model reads it quickly; the whole conversation stays in the thread.
    answer = await runtime.context.model.with_structured_output(plan_schema(options)).ainvoke(
        _prompt(state, prompts.PLANNER.format(options=describe_options(options))))
    if isinstance(answer, Plan):
        answer = answer.model_dump()
    plan = Plan.model_validate(complete_plan(dict(answer), options))
    note = {"call_tool": f"Plan: {plan.tool}({json.dumps(plan.arguments)}) - "
                         f"{plan.justification}",
            "clarify": f"Question: {plan.question}", "respond": "Plan: answer the person."}
    return {"plan": plan.as_state(), "messages": [AIMessage(note[plan.action])],
            "current_step": _PLANNED[plan.action]}


def route_after_planner(state: AgentState) -> Literal["tool_selection", "response_synthesis"]:
    plan = state.get("plan") or {}
    return "response_synthesis" if plan.get("action") == "respond" else "tool_selection"


def tool_selection(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Whitelist and validate the planned call; critical ones wait for confirmation."""
    plan = state.get("plan") or {}
    if plan.get("action") == "clarify":
        question = plan.get("question") or "Could you say more precisely what you want?"
        return {"pending_tool_call": None, "awaiting_confirmation": True,
                "confirmation_prompt": question, "current_step": "clarifying"}
    tool = plan.get("tool") or ""
    args, problem = check_args(tool, _with_defaults(tool, plan.get("arguments") or {}, state))
    if problem is None and tool not in runtime.context.tools:
        problem = f"{tool!r} is not served by the simulation bridge"
    if problem is not None or args is None:
        return {"pending_tool_call": None, "awaiting_confirmation": False,
                "messages": [HumanMessage(f"That step cannot run: {problem}. Plan again.")],
                "current_step": "invalid_plan"}
    critical = tool in CRITICAL_TOOLS
    call: dict[str, Any] = {"id": str(uuid.uuid4()), "tool": tool, "args": args,
                            "critical": critical, "justification": plan.get("justification", "")}
    if critical:
        call["summary"] = summary_for(tool, args, state.get("simulation_context"))
    return {"pending_tool_call": call, "awaiting_confirmation": critical,
            "confirmation_prompt": call.get("summary"), "current_step": "selected"}


def _with_defaults(tool: str, args: dict[str, Any], state: AgentState) -> dict[str, Any]:
    """Fill in the active simulation and the latest job where the plan left them out."""
    fields = TOOL_ARGS[tool].model_fields if tool in TOOL_ARGS else {}
    filled = dict(args)
    context = state.get("simulation_context") or {}
    if "simulation_id" in fields and not filled.get("simulation_id") and context:
        filled["simulation_id"] = context.get("simulation_id")
    if "job_id" in fields and not filled.get("job_id"):
        jobs = [s["result"]["job_id"] for s in state.get("intermediate_steps") or []
                if s.get("tool") == "run_simulation" and s.get("outcome") == "ok"]
        if jobs:
            filled["job_id"] = jobs[-1]
    return filled


def route_after_selection(state: AgentState,
                          ) -> Literal["confirmation_gate", "tool_execution", "planner"]:
    if state.get("awaiting_confirmation"):
        return "confirmation_gate"
    return "tool_execution" if state.get("pending_tool_call") else "planner"


def confirmation_gate(state: AgentState) -> AgentState:
    """Pause for the person: approve (or edit) the pending action, or answer a question."""
    call = state.get("pending_tool_call")
    if call is None:  # a clarifying question
        decision = request_decision("clarify", "The assistant needs more detail",
                                    state.get("confirmation_prompt") or "", allowed=["respond"])
        answer = decision.message or ""
        said = {"from_person": {"kind": "clarify", "text": answer}}
        return {"user_feedback": answer, "awaiting_confirmation": False,
                "confirmation_prompt": None,
                "messages": [HumanMessage(answer, additional_kwargs=said)],
                "current_step": "clarified"}
    decision = request_decision(
        "approve_action", title_for(call["tool"], call["args"]), call["summary"],
        action=Action(name=call["tool"], args=call["args"]),
        allowed=["approve", "edit", "reject", "respond"],
        data={"justification": call.get("justification"), "call_id": call["id"]},
        changes=changes_for(call["tool"], call["args"], state.get("simulation_context")))
    who = decision.actor or "someone"
    if decision.type in ("approve", "edit"):
        args = call["args"]
        if decision.type == "edit":
            args, _ = check_args(call["tool"], {**call["args"], **(decision.args or {})})
        updated = {**call, "args": args, "approved_by": who, "decision": decision.type}
        updated["summary"] = summary_for(call["tool"], args or {}, state.get("simulation_context"))
        note = f"{who} {'approved' if decision.type == 'approve' else 'edited and approved'}: " \
               f"{call['tool']}({json.dumps(args)})"
        return {"pending_tool_call": updated, "awaiting_confirmation": False,
                "user_feedback": decision.type, "messages": [HumanMessage(note)],
                "current_step": "approved"}
    text = decision.message or ""
    note = (f"{who} rejected {call['tool']}: {text or 'no reason given'}"
            if decision.type == "reject" else text)
    # The person's own words are marked, so the planner reads them as part of the goal.
    said = {"from_person": {"kind": decision.type, "text": text, "tool": call["tool"],
                            "args": call["args"]}}
    return {"pending_tool_call": None, "awaiting_confirmation": False,
            "user_feedback": decision.type if decision.type == "reject" else text,
            "messages": [HumanMessage(note, additional_kwargs=said)],
            "current_step": "rejected" if decision.type == "reject" else "responded",
            "intermediate_steps": [{"tool": call["tool"], "args": call["args"], "at": _now(),
                                    "outcome": decision.type, "by": who, "message": text}]}


def route_after_confirmation(state: AgentState) -> Literal["tool_execution", "planner"]:
    call = state.get("pending_tool_call")
    return "tool_execution" if call and call.get("approved_by") else "planner"


async def _wait_for_job(job_id: str, context: AgentContext) -> dict[str, Any]:
    """Follow a job until it ends, relaying its progress on the run's stream."""
    writer = get_stream_writer()
    tool = context.tools["get_job_status"]
    waited = 0.0
    status: dict[str, Any] = {"job_id": job_id, "status": "running"}
    while waited < JOB_WAIT_SECONDS:
        message = await context.policy.call(tool, {"name": tool.name, "id": f"job-{job_id}",
                                                   "args": {"job_id": job_id}, "type": "tool_call"})
        status = tool_result_data(message) or {"status": "failed", "error": message.text}
        writer({"kind": "job_progress", "job_id": job_id, "status": status.get("status"),
                "progress": status.get("progress")})
        if status.get("status") in _DONE:
            return status
        await asyncio.sleep(JOB_POLL_SECONDS)
        waited += JOB_POLL_SECONDS
    return {**status, "status": "timeout", "error": "stopped waiting for the job"}


async def _call(context: AgentContext, call: dict[str, Any], args: dict[str, Any],
                ) -> dict[str, Any]:
    message = await context.policy.call(context.tools[call["tool"]], {
        "name": call["tool"], "args": args, "id": call["id"], "type": "tool_call"})
    return {"status": message.status, "text": message.text, "data": tool_result_data(message)}


async def _call_once(context: AgentContext, call: dict[str, Any]) -> dict[str, Any]:
    """An approved action, through the effect ledger: once, whatever crashes in between.

    The ledger's key (thread, graph task, call) goes to the bridge as its
    ``request_id``, so a call cut off mid-way is repeated with the same key and
    the bridge answers it with the first outcome instead of acting twice.
    """
    args = dict(call["args"])
    if context.effects is None:  # outside the runtime (unit tests of the node)
        return await _call(context, call, {**args, "request_id": call["id"]})
    task = (get_config().get("metadata") or {}).get("langgraph_checkpoint_ns", "")
    key = effect_key(context.thread_id, task.rpartition(":")[2] or "task", call["id"])

    async def act(idempotency_key: str) -> dict[str, Any]:
        return await _call(context, call, {**args, "request_id": idempotency_key})

    outcome: dict[str, Any] = await context.effects.once(
        key, thread_id=context.thread_id, run_id=context.run_id, tool=call["tool"],
        args=args, call=act, idempotent=True)
    return outcome


async def tool_execution(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Run the pending call through the tool policy (timeout, retries with backoff)."""
    context = runtime.context
    call = state["pending_tool_call"] or {}
    tool = call["tool"]
    if tool in CRITICAL_TOOLS:
        called = await _call_once(context, call)
    else:
        called = await _call(context, call, dict(call["args"]))
    result, text = called["data"], called["text"]
    step: dict[str, Any] = {"tool": tool, "args": call["args"], "at": _now(),
                            "approved_by": call.get("approved_by")}
    update: AgentState = {"retry_counts": {**state.get("retry_counts", {}),
                                               **context.policy.retry_counts}}
    failures = dict(state.get("failures", {}))
    if tool == "run_simulation" and called["status"] != "error" and result and \
            result.get("job_id"):
        result = {**result, "job": await _wait_for_job(result["job_id"], context)}
        if result["job"].get("status") != "succeeded":  # never a lost job recorded as a success
            job = result["job"]
            called["status"] = "error"
            text = (f"the simulation job {job.get('job_id')} ended {job.get('status')}"
                    f"{': ' + job['error'] if job.get('error') else ''}")
        else:
            update["time_course"] = await fetch_time_course(context, result["job_id"],
                                                            call["args"])
    if called["status"] == "error" or result is None:
        failures[tool] = failures.get(tool, 0) + 1
        step.update(outcome="error", error=text)
        update["current_step"] = "tool_failed"
    else:
        failures[tool] = 0
        step.update(outcome="ok", result=result)
        update["current_step"] = "executed"
        if tool == "load_simulation":
            update["simulation_context"] = {k: result.get(k) for k in (
                "simulation_id", "model_path", "parameters", "outputs")}
        elif tool == "set_parameter_value" and (active := state.get("simulation_context")):
            update["simulation_context"] = _with_value(active, result)
    request = AIMessage("", tool_calls=[{"name": tool, "args": call["args"], "id": call["id"],
                                         "type": "tool_call"}])
    answer = ToolMessage(json.dumps(result) if result is not None else text,
                         name=tool, tool_call_id=call["id"], status=called["status"])
    return {**update, "failures": failures, "intermediate_steps": [step],
            "messages": [request, answer], "pending_tool_call": None,
            "awaiting_confirmation": False}


def _with_value(context: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    parameters = [{**p, "value": result.get("new_value")} if p.get("path") == result.get("path")
                  else p for p in context.get("parameters") or []]
    return {**context, "parameters": parameters}


def route_after_execution(state: AgentState) -> Literal["planner", "error_recovery"]:
    return "error_recovery" if state.get("current_step") == "tool_failed" else "planner"


def error_recovery(state: AgentState) -> AgentState:
    """A failed call goes back to the planner once; failing again, it goes to the person."""
    last = (state.get("intermediate_steps") or [{}])[-1]
    tool = last.get("tool", "")
    if state.get("failures", {}).get(tool, 0) >= MAX_CONSECUTIVE_FAILURES:
        return {"current_step": "surfacing_failure", "messages": [HumanMessage(
            f"{tool} keeps failing ({last.get('error')}); tell the person what happened.")]}
    return {"current_step": "replanning", "messages": [HumanMessage(
        f"{tool} failed: {last.get('error')}. Plan again: fix the call, choose another "
        "step, or explain the problem.")]}


def route_after_recovery(state: AgentState) -> Literal["planner", "response_synthesis"]:
    return "response_synthesis" if state.get("current_step") == "surfacing_failure" else "planner"


async def response_synthesis(state: AgentState, runtime: Runtime[AgentContext],
                             ) -> AgentState:
    """Tell the person what happened; clear the transient plan and pending call."""
    facts = results_text(dict(state))
    # A model decoding under a schema states exactly the facts; others word them freely.
    model = bind_tools(runtime.context.model, [], answer_schema={"type": "string", "const": facts})
    reply = await model.ainvoke(_prompt(state, prompts.SYNTHESIS))
    return {"messages": [AIMessage(reply.text)], "plan": None, "pending_tool_call": None,
            "awaiting_confirmation": False, "confirmation_prompt": None,
            "current_step": "answered"}
