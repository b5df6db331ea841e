"""The insurance agent's labelled set: customer emails -> fields read and first planned action.

Each case in ``insurance_set.json`` is a customer's email (and, for ``reply`` cases, their
answer to the agent's question, sent after the question is approved). A case is right
when every expected field is in ``customer_info`` as expected (``vins`` lists the
vehicles' VINs), the fields asked for are exactly ``missing`` (for a question), and the
next planned action is ``action``: the tool the agency is asked to approve, or
``request_human_review_tool`` when the thread went to the agency.

A miss is a **refusal** when the customer is asked again for something the email gave,
or a thread that wanted a quote goes to the agency (safe: a person sees it), and a
**silent wrong** when a value other than the email's goes on unasked, a quote starts
while something is missing or invalid, or a question leaves out what is missing
(:data:`REFUSED`).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from .common import Case, CaseResult, open_desk

__all__ = ["NAME", "OTHER", "REFUSED", "cases", "compare", "run_case"]

NAME = "insurance"
SET_FILE = Path(__file__).with_name("insurance_set.json")


def cases() -> list[Case]:
    """The labelled emails."""
    return [Case(item["id"], item["request"], item, item.get("tags", []))
            for item in json.loads(SET_FILE.read_text())]


def compare(expected: dict[str, Any], action: str, missing: list[str] | None,
            info: dict[str, Any]) -> tuple[str | None, str]:
    """(cause, detail) of a mismatch, or (None, "") when the case is right."""
    want_action = expected["action"]
    if action != want_action:
        if action == "request_human_review_tool" or (
                action == "ask_customer_tool" and want_action != "request_human_review_tool"):
            return "asked_or_handed", f"planned {action}, expected {want_action}"
        return "wrong_action", f"planned {action}, expected {want_action}"
    if "missing" in expected and missing != expected["missing"]:
        left_out = [m for m in expected["missing"] if m not in (missing or [])]
        cause = "question_leaves_out" if left_out else "asked_too_much"
        return cause, f"asked for {missing}, expected {expected['missing']}"
    for field, want in expected.get("fields", {}).items():
        got = ([v.get("vin") for v in info.get("vehicles", [])] if field == "vins"
               else info.get(field))
        if got != want:
            asked = action == "ask_customer_tool" and any(
                m == field or m.startswith(field) or (m == "name" and field.endswith("_name"))
                for m in (missing or []))
            return ("wrong_field_asked" if asked else "wrong_field",
                    f"{field}: read {got!r}, expected {want!r}")
    return None, ""


REFUSED = frozenset({"asked_or_handed", "asked_too_much", "wrong_field_asked"})
"""A question to the customer or the agency's look: nobody is quoted on a guess."""
OTHER = frozenset({"crash"})
"""The thread stopped: no answer and no question. Every other miss is a silent wrong: a
quote on a value the email did not say, or a question that leaves out what is missing."""


async def run_case(case: Case, model: str, data_dir: Path) -> CaseResult:
    """Start a thread on the email (answer the question with the reply); check the plan."""
    from agentdesk.runtime.approvals import Decision

    item: dict[str, Any] = case.expected
    expected: dict[str, Any] = item["expected"]
    started = time.perf_counter()
    payload = {"message": case.request, "customer_email": "customer@example.com",
               "subject": "Car insurance"}
    if item.get("customer_name"):
        payload["customer_name"] = item["customer_name"]
    async with open_desk(data_dir) as desk:
        outcome = await desk.start("insurance", payload, model=model)
        if item.get("reply") and outcome.status == "interrupted":
            outcome = await desk.decide(outcome.thread_id, Decision(type="approve",
                                                                    actor="bench"))
            if outcome.status == "interrupted" and outcome.interrupt and \
                    outcome.interrupt["kind"] == "await_reply":
                outcome = await desk.decide(outcome.thread_id, Decision(
                    type="respond", message=item["reply"], actor="customer@example.com"))
        values = (await desk.view(outcome.thread_id)).values
    pause = outcome.interrupt or {}
    action = (pause.get("action") or {}).get("name") if outcome.status == "interrupted" else (
        "request_human_review_tool" if values.get("outcome") == "escalated"
        else f"({outcome.status})")
    # The review shows the email; the fields it asks for are in the planned inputs.
    planned = values.get("planned_tool_inputs") or {}
    args = planned.get("args", planned) if isinstance(planned, dict) else {}
    missing = ([m["field"] for m in args.get("missing_fields", [])]
               if action == "ask_customer_tool" else None)
    cause, detail = compare(expected, str(action), missing, values.get("customer_info") or {})
    return CaseResult(case.id, cause is None, cause, time.perf_counter() - started, detail)
