"""The planner: code reads the emails and plans; the model only picks or proposes.

Each turn code reads the customer's new messages into ``customer_info``, uses the
agency's feedback (then clears it), turns a carrier error into a question or an
escalation, and computes its own next step (:func:`.agenda.code_plan`), with the
carrier's state minimums read over MCP when the customer asked for them. Then:

* the embedded model picks, after a customer's email, between code's step and handing
  the email to the agency (two letters, a few tokens);
* a model that writes answers a :class:`~.schemas.PlannerDecision`, which code checks
  against the tool schemas and the data; a refused decision is replaced by code's step,
  and why goes to ``agent_scratchpad``.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import date
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from agentdesk.models import is_small
from agentdesk.runtime.runs.context import AgentContext

from . import prompts
from .agenda import code_plan, question_email
from .edits import edited_args, with_edits
from .extract import merge, read_email
from .policy import review_policy
from .render import final_email
from .review import review_summary, review_title
from .schemas import CARRIER_TOOLS, MAIL_TOOLS, PlannerDecision, check_args
from .state import AgentState
from .tools import carrier_minimums

__all__ = ["ESCALATE", "MAX_ERRORS", "looks_like_a_quote_request", "planner"]

MAX_ERRORS = 2
"""Failed tool calls in a row before the thread goes to the agency."""
MAX_QUESTIONS = 3
"""Questions sent to the customer before a fourth is handed to the agency instead."""
ESCALATE = "Pass the email to a person at the agency (it is not about a car insurance quote)"
_FIELDS = [(re.compile(r"\bvin\b", re.I), "vin"), (re.compile(r"\bzip", re.I), "zip_code"),
           (re.compile(r"\bbirth|\bdob\b|\bborn\b", re.I), "birth_date"),
           (re.compile(r"\blicen[cs]", re.I), "license_date"),
           (re.compile(r"\bmarital|\bmarried\b|\bsingle\b", re.I), "marital_status"),
           (re.compile(r"\bphone\b", re.I), "phone")]
_CARRIER_FIELDS = {"applicant.zip_code": "zip_code", "vehicle.garaging_zip": "zip_code",
                   "driver.birth_date": "birth_date", "driver.license_date": "license_date",
                   "driver.license_state": "license_state", "applicant.phone": "phone",
                   "effective_date": "effective_date", "vehicle.vin": "vin",
                   "driver.marital_status": "marital_status"}
_SESSION_GONE = ("SESSION_EXPIRED", "SESSION_NOT_FOUND")


def _customer_texts(state: AgentState) -> list[str]:
    return [m.text for m in state.messages
            if isinstance(m, HumanMessage) and m.additional_kwargs.get("from_customer")]


def _invalidate(info: dict[str, Any], field: str, reason: str,
                args: dict[str, Any]) -> dict[str, Any]:
    """``info`` with ``field`` refused for ``reason`` (asked again, never sent on)."""
    info = {**info, "problems": dict(info.get("problems") or {})}
    if field.startswith("drivers["):
        index, _, name = field[8:].partition("].")
        drivers = [dict(d) for d in info.get("drivers") or []]
        drivers[int(index)].pop(name, None)
        info["drivers"] = drivers
        info["problems"][field] = reason
        return info
    if field == "vin":
        vin = ((args.get("vehicle") or {}).get("vin") or "").upper()
        vehicles = [dict(v) for v in info.get("vehicles") or []]
        for i, vehicle in enumerate(vehicles):
            if vehicle.get("vin") == vin or (not vin and i == len(vehicles) - 1):
                vehicles[i] = {"vin": vehicle["vin"], "problem": reason}
                info["problems"][f"vehicles[{i}].vin"] = reason
        info["vehicles"] = vehicles
        return info
    info.pop(field, None)
    if field == "name":
        info.pop("first_name", None)
        info.pop("last_name", None)
    info["problems"][field] = reason
    return info


def _feedback(state: AgentState, info: dict[str, Any],
              notes: list[str]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Use the agency's feedback: an edit is run as edited; a reject is replanned."""
    feedback = state.human_feedback or {}
    tool, args = feedback.get("tool_name") or "", feedback.get("args") or {}
    comment = (feedback.get("comment") or "").strip()
    if feedback.get("edited_inputs"):
        edited, problem = check_args(tool, edited_args(tool, args, feedback["edited_inputs"]))
        if problem or edited is None:  # check_edit refuses these before they are recorded
            return info, _escalation(f"The agency's edit of {tool} is not valid: {problem}")
        info = with_edits(info, args, edited)
        notes.append(f"The agency edited {tool}; running it as edited.")
        return info, {"action": "tool", "tool_name": tool, "args": edited, "edited": True,
                      "reasoning": f"As edited by the agency{': ' + comment if comment else ''}."}
    fields = [name for pattern, name in _FIELDS if pattern.search(comment)]
    if fields:
        for field in fields:
            info = _invalidate(info, field, f"Our agency checked it: {comment}", args)
        notes.append(f"The agency rejected {tool} ({comment}); asking the customer again.")
        return info, None
    notes.append(f"The agency rejected {tool}: {comment or 'no reason given'}.")
    return info, {"action": "tool", "tool_name": "request_human_review_tool",
                  "args": {"reason": f"The agency rejected {tool}: "
                                     f"{comment or 'no reason given'}"},
                  "reasoning": "The rejection names nothing code can ask the customer about."}


def _after_error(state: AgentState, info: dict[str, Any], session: dict[str, Any] | None,
                 notes: list[str]) -> tuple[dict[str, Any], dict[str, Any] | None,
                                            dict[str, Any] | None]:
    """A failed tool: ask the customer, restart an expired session, or escalate."""
    out = state.last_tool_outputs or {}
    tool, message = out.get("tool_name", ""), out.get("message", "")
    notes.append(f"{tool} failed: {message}")
    escalate = {"action": "tool", "tool_name": "request_human_review_tool",
                "args": {"reason": f"{tool} failed: {message}"[:2000]},
                "reasoning": "A tool failed in a way code cannot fix."}
    if state.errors_in_a_row >= MAX_ERRORS:
        escalate["reasoning"] = f"{MAX_ERRORS} tool calls failed in a row."
        return info, session, escalate
    if out.get("code") in _SESSION_GONE:
        return info, None, None
    if tool in MAIL_TOOLS:  # the email did not go out: plan it again (a second failure escalates)
        return info, session, None
    field = _CARRIER_FIELDS.get(out.get("field") or "")
    driver = (out.get("args") or {}).get("driver") or {}
    if field and driver.get("relationship", "named_insured") != "named_insured":
        # Another driver's value: ask for that driver's, not the named insured's.
        index = next((i for i, d in enumerate(info.get("drivers") or [])
                      if d.get("first_name") == driver.get("first_name")), None)
        field = f"drivers[{index}].{field}" if index is not None else None
    if field and tool in CARRIER_TOOLS:
        reason = message.split(":", 1)[-1].strip() if ":" in message else message
        return _invalidate(info, field, f"The insurance carrier says: {reason}",
                           out.get("args") or {}), session, None
    return info, session, escalate


def _without_bookkeeping(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``before`` as ``after`` would be if the reply had said nothing new."""
    return {**before, **{k: after[k] for k in ("email",) if k in after}}


def _read(state: AgentState, info: dict[str, Any], today: date) -> tuple[dict[str, Any], int]:
    texts = _customer_texts(state)
    for text in texts[state.read_messages:]:
        info = merge(info, read_email(text, today=today, customer_name=state.customer_name,
                                      customer_email=state.customer_email, known=info))
    return info, len(texts)


_AUTO_WORDS = re.compile(r"\b(?:car|cars|auto|automobile|vehicles?|vin|truck|suv|driv\w*|"
                         r"licen[cs]\w*)\b", re.I)
_OTHER_BUSINESS = re.compile(r"\b(?:cancel\w*|renew\w*|claims?|bill\w*|payments?|refund\w*|"
                             r"homeowners?|renters?|life insurance|declarations?|lien\w*|"
                             r"policy\s*(?:number|no)|storage\s+coverage|policy\s+is\s+under|"
                             r"(?:off|from|onto)\s+(?:my|our|the)\s+"
                             r"(?:(?:car|auto|vehicle|truck)\s+)?policy)\b|\bpolicy\s*#|"
                             r"\bpolicy\s*\(?\s*(?=[A-Z0-9-]*\d)[A-Z]+-?[A-Z0-9-]{3,}\b|"
                             r"\b(?:does|do|will|would|is|are)\s+(?:my|our)\s+(?:[\w-]+\s+){0,2}"
                             r"(?:policy|insurance|coverage)\b[^.?!\n]{0,40}?"
                             r"\b(?:cover|include|pay|work|have)\w*", re.I)
"""Service of a policy the customer holds (a claim, a bill, a declarations page for a
lender, a car laid up on storage coverage, a policy number or its code "my policy
(AUTO-TX-883104)", "the policy is under <name>", someone taken off or put
onto "my policy", a question of what "my policy" covers): the agency's work."""


_OTHER_LINE = re.compile(
    r"\b(?:homeowners?|home|house|renters?|condo|life|umbrella|boat)(?:'s)?\s+"
    r"(?:insurance\s+|owners\s+)?(?:quote|quotation|policy|coverage|insurance)s?\b|"
    r"\b(?:quote|insure|cover)\w*\s+(?:for\s+)?(?:the|my|our|a)\s+(?:new\s+)?"
    r"(?:house|home|condo|apartment|boat)\b|\bonly\s+for\s+the\s+(?:house|home|condo)\b",
    re.I)
"""Insurance of another line than a car's asked for ("a homeowners quote", "quote for our
new house", "this is only for the house"): an auto quote is not what is asked."""


_REPAIR = re.compile(r"\b(?:repairs?|damages?|body\s*shop|adjusters?)\b", re.I)


def looks_like_a_quote_request(text: str) -> bool:
    """Whether a first email is about an auto quote (else code offers the agency first)."""
    quote = re.search(r"\bquot(?:e|es|ing|ation)\b|\bestimate\b|\bhow much\b|\bprice\b|"
                      r"\bbeat\s+(?:it|that|this|their|the\s+(?:price|rate|quote))\b", text, re.I)
    if quote and quote.group(0).lower() == "estimate" and _REPAIR.search(text):
        quote = None  # a repair shop's estimate is a claim's, not a price for a policy
    auto = _AUTO_WORDS.search(text)
    if _OTHER_LINE.search(text):
        return False  # a house's or a life's quote, maybe beside the car's: the agency's
    if quote and auto:
        return True
    if _OTHER_BUSINESS.search(text):
        return False
    return bool(quote or auto or re.search(r"\binsur", text, re.I))


def _escalation(reason: str) -> dict[str, Any]:
    return {"action": "tool", "tool_name": "request_human_review_tool",
            "args": {"reason": reason}, "reasoning": reason}


def _describe(plan: dict[str, Any]) -> str:
    """A step in words, as the embedded model is offered it."""
    tool = plan.get("tool_name")
    if tool == "request_human_review_tool":
        return ESCALATE
    if tool == "ask_customer_tool":
        fields = ", ".join(m["field"].replace("_", " ")
                           for m in plan["args"]["missing_fields"])
        return f"Reply to the customer asking for the missing details: {fields}"
    if tool == "quote_initiate_tool":
        return "Start the car insurance quote with the carrier (the details are complete)"
    return f"Continue the car insurance quote: {tool}"


def _needs_minimums(info: dict[str, Any], session: dict[str, Any] | None) -> bool:
    """Whether code may plan coverages at the state minimum: asked for, session still without."""
    return info.get("coverage_choice") == "minimum" and bool(
        session and session.get("session_id") and not session.get("coverages"))


def _small(runtime: Runtime[AgentContext]) -> bool:
    return is_small(runtime.context.model)


async def _pick(runtime: Runtime[AgentContext], first: dict[str, Any],
                second: dict[str, Any], message: str) -> tuple[dict[str, Any], str]:
    """The embedded model picks between two steps, code's preferred one as A."""
    listing = f"A: {_describe(first)}\nB: {_describe(second)}"
    schema = {"title": "Choice", "type": "object", "additionalProperties": False,
              "properties": {"choice": {"type": "string", "enum": ["A", "B"]}},
              "required": ["choice"]}
    model = runtime.context.model.with_structured_output(schema)
    answer = await model.ainvoke([SystemMessage(prompts.PICK.format(options=listing)),
                                  HumanMessage(prompts.PICK_REQUEST.format(
                                      message=message[:1500]))])
    picked = str(answer.get("choice", "A")) if isinstance(answer, dict) else "A"
    chosen = second if picked == "B" else first
    return chosen, f"The model picked {'B' if picked == 'B' else 'A'} ({chosen['tool_name']})."


def _check_decision(decision: PlannerDecision, plan: dict[str, Any], state: AgentState,
                    ) -> tuple[dict[str, Any] | None, str | None]:
    """A writing model's decision, completed and checked; or why it is refused."""
    if decision.action in ("complete", "wait"):
        if plan["action"] == decision.action:
            return plan, None
        wanted = plan.get("tool_name") or plan["action"]
        return None, f"{decision.action!r} refused: the quote is not done (next: {wanted})"
    tool = decision.tool_name or ""
    args = dict(decision.args)
    if tool == plan.get("tool_name"):
        args = {**plan["args"], **args}
    if tool == "ask_customer_tool" and "message" not in args and args.get("missing_fields"):
        args["message"] = question_email(state.customer_info, args["missing_fields"])
    if tool in MAIL_TOOLS and isinstance(args.get("message"), str) and \
            "\n" not in args["message"] and "\\n" in args["message"]:
        # A model that escaped its line breaks twice: the customer reads real ones.
        args["message"] = args["message"].replace("\\n", "\n")
    checked, problem = check_args(tool, args)
    if problem or checked is None:
        return None, f"{tool or 'tool_name'} refused: {problem}"
    if tool in CARRIER_TOOLS and plan.get("tool_name") == "ask_customer_tool":
        fields = ", ".join(m["field"] for m in plan["args"]["missing_fields"])
        return None, (f"{tool} refused: the customer's data is missing or invalid ({fields}); "
                      f"it is asked, never sent on")
    session = (state.mercury_session or {}).get("session_id")
    if "session_id" in checked and checked["session_id"] != session:
        return None, f"{tool} refused: args.session_id: the session is {session}"
    if tool == "quote_initiate_tool" and session:
        return None, f"{tool} refused: the quote session {session} is already open"
    if tool == "prepare_final_summary_tool" and plan.get("tool_name") != tool:
        return None, f"{tool} refused: there is no quote to send yet (next: {plan.get('tool_name')})"
    return {"action": "tool", "tool_name": tool, "args": checked,
            "reasoning": decision.reasoning or plan.get("reasoning", "")}, None


async def _propose(runtime: Runtime[AgentContext], state: AgentState, plan: dict[str, Any],
                   info: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A writing model's PlannerDecision, checked (refused: code's plan, and why)."""
    session = state.mercury_session or {}
    shown = {k: v for k, v in info.items() if k not in ("solved",)}
    last = state.last_tool_outputs or {}
    prompt = prompts.PLAN.format(
        goal=state.goal, info=json.dumps(shown, default=str)[:3000],
        session=json.dumps({k: session.get(k) for k in ("session_id", "drivers", "vehicles")}),
        last=json.dumps({k: last.get(k) for k in ("tool_name", "status", "message")}),
        feedback=json.dumps(state.human_feedback) if state.human_feedback else "none",
        proposal=json.dumps({k: plan.get(k) for k in ("action", "tool_name", "reasoning")}))
    answer = await runtime.context.model.with_structured_output(PlannerDecision).ainvoke(
        [SystemMessage(prompts.SYSTEM), HumanMessage(prompt)])
    decision = PlannerDecision.model_validate(
        answer.model_dump() if isinstance(answer, PlannerDecision) else answer)
    checked, refused = _check_decision(decision, plan, state.model_copy(
        update={"customer_info": info}))
    if checked is None:
        return plan, f"Model's plan refused ({refused}); code's plan used."
    return checked, f"Model's plan: {decision.reasoning}".strip()


async def planner(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Plan exactly one next step: a tool with its args, a wait, or completion."""
    today = date.today()
    notes: list[str] = []
    info, read = _read(state, dict(state.customer_info), today)
    session = state.mercury_session
    quote = state.quote
    forced: dict[str, Any] | None = None
    if state.human_feedback:
        info, forced = _feedback(state, info, notes)
    elif state.current_step == "tool_failed":
        info, session, forced = _after_error(state, info, session, notes)
        if session is None:
            quote = None
    values = {**dict(state), "customer_info": info, "mercury_session": session, "quote": quote}
    minimums: dict[str, Any] = {}
    unread: str | None = None
    if not forced and _needs_minimums(info, session):
        minimums, unread = await carrier_minimums(runtime.context)
    plan = forced or code_plan(values, final_email, minimums)
    if unread and not forced and plan.get("tool_name") == "set_coverages_tool":
        plan = forced = _escalation(f"The customer asked for the state minimum coverages and "
                                    f"the carrier's minimums could not be read: {unread}")
    edited = bool(plan.pop("edited", False))
    texts = _customer_texts(state)
    if not forced and state.read_messages == 0 and plan["action"] == "tool" and \
            not looks_like_a_quote_request(" ".join(texts)):
        plan = _escalation("The customer's email does not ask for an auto insurance quote.")
    elif not forced and plan.get("tool_name") == "ask_customer_tool" and \
            state.current_step == "customer_replied" and info == _without_bookkeeping(
                state.customer_info, info) and "?" in (texts[-1] if texts else ""):
        plan = _escalation(f"The customer asked something and sent none of the data asked "
                           f"for: {(texts[-1] if texts else '')[:300]}")
    elif not forced and plan.get("tool_name") == "ask_customer_tool" and \
            info.get("questions", 0) >= MAX_QUESTIONS:
        fields = ", ".join(m["field"] for m in plan["args"]["missing_fields"])
        plan = _escalation(f"{MAX_QUESTIONS} questions were sent and the customer's data is "
                           f"still missing or invalid: {fields}.")
    notes.append(plan.get("reasoning", ""))
    if not forced and state.current_step in (None, "starting", "customer_replied") and \
            plan["action"] == "tool":
        if _small(runtime):
            other = (_escalation("The model read the customer's email as something other "
                                 "than a quote request.")
                     if plan["tool_name"] != "request_human_review_tool"
                     else code_plan(values, final_email, minimums))
            plan, note = await _pick(runtime, plan, other, texts[-1] if texts else "")
            notes.append(note)
        else:
            plan, note = await _propose(runtime, state, plan, info)
            notes.append(note)
    elif not forced and not _small(runtime) and plan["action"] != "complete":
        plan, note = await _propose(runtime, state, plan, info)
        notes.append(note)
    update: dict[str, Any] = {"thread_id": runtime.context.thread_id or state.thread_id,
                              "customer_info": info, "read_messages": read,
                              "mercury_session": session, "quote": quote,
                              "human_feedback": None, "awaiting_customer_reply": False,
                              "agent_scratchpad": " ".join(n for n in notes if n)}
    if plan["action"] == "complete":
        return {**update, "planned_tool_inputs": None, "requires_agency_review": False,
                "completed": True, "current_step": "complete",
                "messages": [AIMessage(f"Complete: {plan.get('reasoning', '')}")]}
    if plan["action"] == "wait":
        return {**update, "planned_tool_inputs": None, "requires_agency_review": False,
                "awaiting_customer_reply": True, "current_step": "waiting",
                "messages": [AIMessage("Waiting for the customer's reply.")]}
    tool, args = plan["tool_name"], plan["args"]
    reviewed = review_policy(runtime.context.resources.get("review"))
    planned = {"tool_name": tool, "args": args, "id": str(uuid.uuid4()),
               "reasoning": plan.get("reasoning", ""),
               "summary": review_summary(values, tool, args, plan.get("reasoning", ""))}
    return {**update, "planned_tool_inputs": planned,
            "requires_agency_review": tool in reviewed and not edited,
            "current_step": "planned",
            # The step in words (its arguments are in planned_tool_inputs and the card).
            "messages": [AIMessage(f"Plan: {review_title(tool, args)} "
                                   f"{plan.get('reasoning', '')}".strip())]}
