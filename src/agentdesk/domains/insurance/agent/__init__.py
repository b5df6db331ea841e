"""The insurance agent: personal auto quotes over email, with agency review.

A planner drives the carrier's quote tools over MCP, the agency reviews planned actions
before they happen, and the thread waits for the customer's replies.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage

from agentdesk.errors import InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.mail import mailer_for
from agentdesk.runtime.registry import AgentSpec

from .edits import edited_args
from .graph import build_graph
from .render import render_thread
from .schemas import InsuranceInput, check_args

__all__ = ["SPEC"]


def _initial_state(data: InsuranceInput) -> dict[str, Any]:
    said = {"from_customer": True, "sender": data.customer_email}
    return {"messages": [HumanMessage(data.message, additional_kwargs=said)],
            "customer_email": data.customer_email, "customer_name": data.customer_name,
            "subject": data.subject, "current_step": "starting"}


def _result(values: dict[str, Any]) -> dict[str, Any]:
    quote = values.get("quote") or {}
    return {"outcome": values.get("outcome"), "customer_info": values.get("customer_info"),
            "session_id": (values.get("mercury_session") or {}).get("session_id"),
            "status": quote.get("status"), "premium": quote.get("premium"),
            "term": quote.get("term"),
            "escalation": (values.get("last_tool_outputs") or {}).get("reason")
            if values.get("outcome") == "escalated" else None}


def _check_edit(values: dict[str, Any], decision: Decision) -> None:
    """An agency's edit must leave valid args for the planned tool; errors name the field."""
    plan = values.get("planned_tool_inputs") or {}
    if not decision.args:
        return
    args = edited_args(plan.get("tool_name", ""), plan.get("args") or {}, decision.args)
    _, problem = check_args(plan.get("tool_name", ""), args)
    if problem:
        raise InputError(problem, field=problem.split(":", 1)[0])


def _resources(settings: Any) -> dict[str, Any]:
    """The mailer (the mail channel's, see :func:`~agentdesk.runtime.mail.mailer_for`) and
    the review policy, checked here."""
    from .policy import review_policy

    review_policy(settings.insurance_review)
    opened: dict[str, Any] = {"review": settings.insurance_review}
    mailer = mailer_for(settings)
    if mailer is not None:  # without a channel, questions show at the pause only
        opened["mail"] = mailer
    return opened


SPEC = AgentSpec(
    name="insurance",
    description="Quotes car insurance from a customer's email. It asks the customer for "
                "whatever is missing, and the agency approves each email and each step with "
                "the insurer before it happens.",
    build_graph=build_graph,
    input_schema=InsuranceInput,
    initial_state=_initial_state,
    result=_result,
    interrupt_kinds=("approve_action", "await_reply"),
    toolservers=("carrier",),
    recursion_limit=80,
    check_edit=_check_edit,
    render=render_thread,
    request_field="message",
    resources=_resources,
)
