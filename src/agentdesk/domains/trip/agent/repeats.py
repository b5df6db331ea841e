"""No tool call twice with the same arguments while the planner works on one request.

A small model asked to revise a plan may look up the same airport again and again.
Within one planning pass (from the person's request, or from their latest
rejection, to the next plan) a call whose tool and arguments match one already
made is answered with that earlier result (an error too: the tool policy has
already retried what was transient), taken from the message history, and the tool
is not called again. A new pass (after a rejection) searches
afresh, so a revision sees the inventory as it is then.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage

from .prompts import REVISION_FEEDBACK

__all__ = ["call_key", "planning_pass", "run_without_repeats"]

_REVISION_HEAD = REVISION_FEEDBACK.split("{message}")[0]


def planning_pass(messages: Sequence[AnyMessage]) -> Sequence[AnyMessage]:
    """The messages since the person's latest rejection (all of them before one)."""
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if isinstance(message, HumanMessage) and _REVISION_HEAD in message.text:
            return messages[index:]
    return messages


def _normal(value: Any) -> Any:
    if isinstance(value, str):
        return value.strip().casefold()
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


def call_key(name: str, args: dict[str, Any]) -> str:
    """What makes two calls the same: the tool, and the arguments with case and spaces of
    strings and unset (None) arguments left out of account."""
    return name + json.dumps(_normal(args), sort_keys=True, default=str)


def _answered(messages: Sequence[AnyMessage]) -> dict[str, ToolMessage]:
    """The results in ``messages``, by the key of the call each answers."""
    calls = {c["id"]: call_key(c["name"], c["args"]) for m in messages
             if isinstance(m, AIMessage) for c in m.tool_calls}
    found: dict[str, ToolMessage] = {}
    for message in messages:
        if isinstance(message, ToolMessage) and message.tool_call_id in calls:
            found.setdefault(calls[message.tool_call_id], message)
    return found


def _again(result: ToolMessage, call_id: str) -> ToolMessage:
    return ToolMessage(content=result.content, name=result.name, tool_call_id=call_id,
                       status=result.status, artifact=result.artifact,
                       additional_kwargs={"reused": result.tool_call_id})


async def run_without_repeats(message: AIMessage, history: Sequence[AnyMessage],
                              run: Callable[[AIMessage], Awaitable[list[ToolMessage]]],
                              ) -> list[ToolMessage]:
    """Answer ``message``'s calls in order; ``run`` makes only the calls not made before.

    ``history`` is the thread before ``message``; a call repeated inside ``message``
    itself is made once too.
    """
    earlier = _answered(planning_pass(history))
    first: dict[str, str] = {}
    fresh = []
    for call in message.tool_calls:
        key = call_key(call["name"], call["args"])
        if key not in earlier and key not in first:
            first[key] = call["id"] or ""
            fresh.append(call)
    results = await run(AIMessage(content=message.content, tool_calls=fresh)) if fresh else []
    by_id = {result.tool_call_id: result for result in results}
    answers = []
    for call in message.tool_calls:
        key = call_key(call["name"], call["args"])
        if key in earlier:
            answers.append(_again(earlier[key], call["id"] or ""))
        elif first[key] == call["id"]:
            answers.append(by_id[call["id"] or ""])
        else:
            answers.append(_again(by_id[first[key]], call["id"] or ""))
    return answers
