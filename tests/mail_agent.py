"""A tiny stand-in for the insurance agent, shaped like it for the email channel's tests.

review (approve_action: ask the customer) -> send the question -> wait
(await_reply) -> review (approve_action: send the quote) -> send the quote.
Every email goes through the effect ledger and ``mailer_for``, as the real agent's do.
"""

from __future__ import annotations

from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from pydantic import BaseModel

from agentdesk.channels.email import OutgoingMail, mailer_for
from agentdesk.runtime.approvals import Action, request_decision
from agentdesk.runtime.registry import AgentSpec
from agentdesk.runtime.runs.context import AgentContext


class MailInput(BaseModel):
    message: str
    customer_email: str
    customer_name: str | None = None
    subject: str = ""


class MailState(TypedDict, total=False):
    message: str
    customer_email: str
    customer_name: str | None
    subject: str
    question: str
    answers: list[str]
    outcome: str
    sent: list[str]


async def _send(runtime: Runtime[AgentContext], state: MailState, key: str, kind: str,
                body: str) -> str:
    context = runtime.context
    mail = OutgoingMail(thread_id=context.thread_id, key=f"{context.thread_id}:{key}",
                        kind=kind, to=[state["customer_email"]],  # type: ignore[arg-type]
                        subject=f"Re: {state.get('subject') or 'your quote'}", body=body)

    async def call(effect_key: str) -> dict[str, Any]:
        sent = await context.resources["mail"].send(mail)
        return sent.model_dump()

    result = await context.effects.once(mail.key, thread_id=context.thread_id,
                                        run_id=context.run_id, tool=f"email_{kind}",
                                        args=mail.model_dump(), call=call, idempotent=True)
    return str(result["message_id"])


def review_question(state: MailState) -> dict[str, Any]:
    decision = request_decision(
        "approve_action", "Ask the customer for the VIN",
        f"Ask {state['customer_email']} for the vehicle's VIN.",
        allowed=["approve", "edit", "reject"],
        action=Action(name="ask_customer_tool",
                      args={"question": "What is the VIN of your vehicle?", "count": 1}))
    if decision.type == "reject":
        return {"outcome": f"rejected: {decision.message or ''}"}
    question = (decision.args or {}).get("question", "What is the VIN of your vehicle?")
    return {"question": question}


async def send_question(state: MailState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    message_id = await _send(runtime, state, "question", "question", state["question"])
    return {"sent": [*state.get("sent", []), message_id]}


def wait_reply(state: MailState) -> dict[str, Any]:
    decision = request_decision("await_reply", "Waiting for the customer",
                                f"Asked: {state['question']}", allowed=["respond"])
    return {"answers": [*state.get("answers", []), decision.message or ""]}


def review_quote(state: MailState) -> dict[str, Any]:
    decision = request_decision(
        "approve_action", "Send the quote", "Send the quote email.",
        allowed=["approve", "edit", "reject"],
        action=Action(name="prepare_final_summary_tool", args={"total": 612.5}))
    if decision.type == "reject":
        return {"outcome": f"rejected: {decision.message or ''}"}
    return {}


async def send_quote(state: MailState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    message_id = await _send(runtime, state, "quote", "quote",
                             f"Your quote: 612.50 USD for 6 months ({state['answers'][-1]}).")
    return {"sent": [*state.get("sent", []), message_id], "outcome": "quoted"}


def _after(next_node: str) -> Any:
    def route(state: MailState) -> str:
        return END if state.get("outcome", "").startswith("rejected") else next_node
    return route


def build_graph() -> StateGraph[Any, Any, Any, Any]:
    graph: StateGraph[Any, Any, Any, Any] = StateGraph(MailState, context_schema=AgentContext)
    graph.add_node("review_question", review_question)
    graph.add_node("send_question", send_question)
    graph.add_node("wait_reply", wait_reply)
    graph.add_node("review_quote", review_quote)
    graph.add_node("send_quote", send_quote)
    graph.add_edge(START, "review_question")
    graph.add_conditional_edges("review_question", _after("send_question"))
    graph.add_edge("send_question", "wait_reply")
    graph.add_edge("wait_reply", "review_quote")
    graph.add_conditional_edges("review_quote", _after("send_quote"))
    graph.add_edge("send_quote", END)
    return graph


SPEC = AgentSpec(
    name="insurance",
    description="A stand-in for the insurance agent (email channel tests).",
    build_graph=build_graph,
    input_schema=MailInput,
    initial_state=lambda data: data.model_dump(),
    result=lambda values: {"outcome": values.get("outcome"), "answers": values.get("answers")},
    interrupt_kinds=("approve_action", "await_reply"),
    resources=lambda settings: {"mail": mailer_for(settings)},
)
