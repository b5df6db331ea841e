"""Agency review, tool execution, waiting for the customer, and the two routing functions."""

from __future__ import annotations

import json
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.runtime import Runtime

from agentdesk.runtime.approvals import Action, request_decision
from agentdesk.runtime.runs.context import AgentContext

from .agenda import topic
from .changes import changes_for, facts
from .planner import planner
from .review import review_args, review_data, review_title
from .state import AgentState
from .tools import run_tool

__all__ = ["agency_review", "check_agency_review", "check_execution_result", "planner",
           "tools", "wait_customer"]


def check_agency_review(state: AgentState,
                        ) -> Literal["agency_review", "tools", "wait_customer", "planner",
                                     "__end__"]:
    """After the planner and after the agency: review, run, wait, replan or end."""
    if state.completed:
        return "__end__"
    if state.planned_tool_inputs:
        return "agency_review" if state.requires_agency_review else "tools"
    if state.awaiting_customer_reply:
        return "wait_customer"
    return "planner"


def check_execution_result(state: AgentState) -> Literal["wait_customer", "planner"]:
    """A question that went out waits for the customer; everything else goes back to plan."""
    out = state.last_tool_outputs or {}
    if out.get("tool_name") == "ask_customer_tool" and out.get("status") == "ok":
        return "wait_customer"
    return "planner"


def agency_review(state: AgentState) -> dict[str, Any]:
    """Pause for the agency: approve runs the plan; reject or edit goes back to the planner."""
    plan = state.planned_tool_inputs or {}
    tool, args = plan.get("tool_name", ""), plan.get("args", {})
    values = dict(state)
    decision = request_decision(
        "approve_action", review_title(tool, args), plan.get("summary", ""),
        action=Action(name=tool, args=review_args(tool, args)),
        allowed=["approve", "edit", "reject"], data=review_data(values, tool),
        changes=changes_for(values, tool, args, state.reviewed))
    who = decision.actor or "the agency"
    seen = facts(values)  # what the next card's changes are counted from
    if decision.type == "approve":
        return {"planned_tool_inputs": {**plan, "approved_by": who},
                "requires_agency_review": False, "human_feedback": None,
                "current_step": "approved", "reviewed": seen,
                "messages": [HumanMessage(f"{who} approved {tool}.",
                                          additional_kwargs={"from_agency": True})]}
    feedback = {"approved": False, "comment": decision.message,
                "edited_inputs": decision.args if decision.type == "edit" else None,
                "tool_name": tool, "args": args, "by": who}
    said = f"{who} {decision.type}ed {tool}" + (f": {decision.message}" if decision.message
                                                 else "")
    if decision.args:
        said += f" (edited: {json.dumps(decision.args)})"
    return {"planned_tool_inputs": None, "requires_agency_review": False,
            "human_feedback": feedback, "current_step": f"{decision.type}ed", "reviewed": seen,
            "messages": [HumanMessage(said, additional_kwargs={"from_agency": True})]}


def _session_after(state: AgentState, tool: str, data: dict[str, Any],
                   ) -> dict[str, Any] | None:
    session = dict(state.mercury_session or {})
    if tool == "quote_initiate_tool":
        return {"session_id": data["session_id"], "state": data.get("state"),
                "expires_at": data.get("expires_at"), "drivers": [], "vehicles": [],
                "coverages": None}
    if tool == "add_driver_tool":
        session["drivers"] = [*session.get("drivers", []), data["driver_id"]]
        flags = data.get("underwriting_flags") or []
        declines = [f["reason"] for f in flags if f.get("decision") == "decline"]
        if declines:
            session["declined"] = True
            session["decline_reasons"] = declines
    elif tool == "add_vehicle_tool":
        session["vehicles"] = [*session.get("vehicles", []), data["vehicle_id"]]
    elif tool == "set_coverages_tool":
        session["coverages"] = data.get("coverages")
    return session


def _vehicle_decoded(info: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    record = data.get("vehicle") or {}
    vehicles = [({**v, **{k: record[k] for k in ("year", "make", "model", "body")
                          if record.get(k)}} if v.get("vin") == record.get("vin") else v)
                for v in info.get("vehicles") or []]
    return {**info, "vehicles": vehicles}


async def tools(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Run the planned tool; its result (ok or error) goes to ``last_tool_outputs``."""
    plan = state.planned_tool_inputs or {}
    tool, args, call_id = plan["tool_name"], plan["args"], plan["id"]
    result = await run_tool(dict(state), runtime.context, tool, args, call_id)
    ok = result.get("status") == "ok"
    update: dict[str, Any] = {
        "last_tool_outputs": {"tool_name": tool, "args": args, **result},
        "planned_tool_inputs": None, "requires_agency_review": False,
        "errors_in_a_row": 0 if ok else state.errors_in_a_row + 1,
        "current_step": "executed" if ok else "tool_failed"}
    data = result.get("data") or {}
    if ok and tool in ("quote_initiate_tool", "add_driver_tool", "add_vehicle_tool",
                       "set_coverages_tool"):
        update["mercury_session"] = _session_after(state, tool, data)
        if tool == "add_vehicle_tool":
            update["customer_info"] = _vehicle_decoded(state.customer_info, data)
    elif ok and tool == "rate_quote_tool":
        update["quote"] = data
        update["mercury_session"] = {**(state.mercury_session or {}), "status": data["status"]}
    elif ok and tool == "ask_customer_tool":
        update["awaiting_customer_reply"] = True
        asking = [m["field"] for m in args.get("missing_fields") or []]
        asked = dict.fromkeys([*state.customer_info.get("asked", []), *map(topic, asking)])
        update["customer_info"] = {**state.customer_info, "asked_before": True,
                                   "asked": list(asked), "asking": asking,
                                   "questions": state.customer_info.get("questions", 0) + 1}
    elif ok and tool == "prepare_final_summary_tool":
        update["outcome"] = "declined" if args.get("outcome") == "declined" else "quoted"
    elif ok and tool == "request_human_review_tool":
        update["outcome"] = "escalated"
    shown = {k: v for k, v in result.items() if k != "data"}
    if data:
        shown["data"] = {k: v for k, v in data.items() if k != "trace"}
    request = AIMessage("", tool_calls=[{"name": tool, "args": args, "id": call_id,
                                         "type": "tool_call"}])
    answer = ToolMessage(json.dumps(shown, default=str)[:4000], name=tool, tool_call_id=call_id,
                         status="success" if ok else "error")
    return {**update, "messages": [request, answer]}


def wait_customer(state: AgentState) -> dict[str, Any]:
    """Pause until the customer replies; the reply goes to the planner as a new message."""
    out = state.last_tool_outputs or {}
    question = out.get("message_content") or ""
    to = state.customer_email or "the customer"
    sent = "Sent" if out.get("sent") else "To send (not emailed: " + str(
        out.get("note", "")).removeprefix("not emailed: ") + ")"
    decision = request_decision(
        "await_reply", "Waiting for the customer's reply",
        f"{sent} to {to}:\n\n{question}", allowed=["respond"],
        data={"customer_email": state.customer_email, "message_id": out.get("message_id")})
    reply = decision.message or ""
    return {"awaiting_customer_reply": False, "current_step": "customer_replied",
            "messages": [HumanMessage(reply, additional_kwargs={
                "from_customer": True, "sender": decision.actor})]}
