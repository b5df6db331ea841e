"""The agent's tools, run by the ``tools`` node: carrier calls over MCP and emails.

Every tool returns ``{"status": "ok" | "error", ...}``; an error goes back to the planner.
Carrier calls that create or change a session, and every email, go through the effect
ledger: the ledger's key is the carrier's ``request_id`` and the email's outbox key, so
an approved action happens once even if the process dies and the run is taken over.
Emails go to the run's ``Mailer`` (:mod:`agentdesk.runtime.mail`), never to a channel's
modules. The planner also reads the carrier's state minimums here, over MCP like every
other carrier call (:func:`carrier_minimums`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from langgraph.config import get_config

from agentdesk.runtime.durable.effects import effect_key
from agentdesk.runtime.mail import MailKind, OutgoingMail
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.runtime.tools import tool_result_data

from .schemas import CARRIER_TOOLS

__all__ = ["CARRIER_ERROR", "MINIMUMS_TOOL", "carrier_minimums", "run_tool"]

CARRIER_ERROR = re.compile(r"\b([A-Z][A-Z_]{3,})\s+([A-Za-z_][\w.\[\]]*):\s*(.+)", re.S)
"""``CODE field: message``, the carrier's error form."""
MINIMUMS_TOOL = "minimum_coverages"
"""The carrier's read-only tool: each state's least coverages, as set_coverages takes them."""
_MINIMUMS_KEY = "carrier_minimums"


async def _once(context: AgentContext, call_id: str, tool: str, args: dict[str, Any],
                act: Callable[[str], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
    """``act(key)`` at most once for this call (outside the runtime: with the call id)."""
    if context.effects is None:
        return await act(call_id)
    task = (get_config().get("metadata") or {}).get("langgraph_checkpoint_ns", "")
    key = effect_key(context.thread_id, task.rpartition(":")[2] or "task", call_id)
    result: dict[str, Any] = await context.effects.once(
        key, thread_id=context.thread_id, run_id=context.run_id, tool=tool, args=args,
        call=act, idempotent=True)
    return result


async def _carrier(context: AgentContext, tool: str, args: dict[str, Any],
                   call_id: str) -> dict[str, Any]:
    name = CARRIER_TOOLS[tool]
    server_tool = context.tools.get(name)
    if server_tool is None:
        return {"status": "error", "message": f"the carrier tool server has no {name!r} tool"}

    async def act(request_id: str) -> dict[str, Any]:
        message = await context.policy.call(server_tool, {
            "name": name, "args": {**args, "request_id": request_id}, "id": call_id,
            "type": "tool_call"})
        data = tool_result_data(message)
        if message.status == "error" or not isinstance(data, dict):
            text = message.text.removeprefix("Error: ")
            error: dict[str, Any] = {"status": "error", "message": text}
            if match := CARRIER_ERROR.search(text):
                error.update(code=match.group(1), field=match.group(2))
            return error
        return {"status": "ok", "data": data}

    return await _once(context, call_id, tool, args, act)


async def carrier_minimums(context: AgentContext) -> tuple[dict[str, Any], str | None]:
    """The carrier's minimum coverages per state, and None; or ``{}`` and why not.

    Read-only, so no effect ledger. The answer is kept in the run's ``resources`` (built
    for each run, never checkpointed): a run asks the carrier once however many planner
    turns it takes, and the next run asks again.
    """
    kept = context.resources.get(_MINIMUMS_KEY)
    if kept is not None:
        return kept, None
    server_tool = context.tools.get(MINIMUMS_TOOL)
    if server_tool is None:
        return {}, f"the carrier tool server has no {MINIMUMS_TOOL!r} tool"
    message = await context.policy.call(server_tool, {
        "name": MINIMUMS_TOOL, "args": {}, "id": f"{MINIMUMS_TOOL}:{context.run_id}",
        "type": "tool_call"})
    data = tool_result_data(message)
    states = data.get("states") if isinstance(data, dict) else None
    if message.status == "error" or not isinstance(states, dict):
        return {}, message.text.removeprefix("Error: ") or "no answer"
    context.resources[_MINIMUMS_KEY] = states
    return states, None


async def _mail(context: AgentContext, state: dict[str, Any], tool: str, args: dict[str, Any],
                call_id: str) -> dict[str, Any]:
    to = state.get("customer_email")
    mailer = context.resources.get("mail")
    if not to or mailer is None:
        why = "the thread has no customer address" if not to else "no mail channel is open"
        return {"status": "ok", "sent": False, "note": f"not emailed: {why}",
                "message_content": args["message"]}
    kind: MailKind = "question" if tool == "ask_customer_tool" else "quote"
    subject = state.get("subject") or "Your auto insurance quote"
    if not subject.lower().startswith("re:"):
        subject = f"Re: {subject}"

    async def act(key: str) -> dict[str, Any]:
        mail = OutgoingMail(thread_id=context.thread_id, key=key, kind=kind, to=[to],
                            subject=subject, body=args["message"])
        try:
            sent = await mailer.send(mail)
        except Exception as exc:  # the planner sees a failed send, like any tool error
            return {"status": "error", "message": f"the email was not sent: {exc}"}
        return {"status": "ok", "sent": True, "message_id": sent.message_id,
                "delivery": sent.status, "message_content": args["message"]}

    return await _once(context, call_id, tool, args, act)


async def run_tool(state: dict[str, Any], context: AgentContext, tool: str,
                   args: dict[str, Any], call_id: str) -> dict[str, Any]:
    """Run one planned (and, where the policy says so, approved) tool."""
    if tool in CARRIER_TOOLS:
        return await _carrier(context, tool, args, call_id)
    if tool in ("ask_customer_tool", "prepare_final_summary_tool"):
        return await _mail(context, state, tool, args, call_id)
    if tool == "request_human_review_tool":
        return {"status": "ok", "escalated": True, "reason": args["reason"]}
    return {"status": "error", "message": f"no tool named {tool!r}"}
