"""A conversation as the turns Gemma's chat template takes, fitted to the context window.

Gemma has no system or tool role, so :func:`to_chat_turns` folds system
instructions and tool results into user turns and keeps user and assistant
turns alternating. :func:`fit_turns` drops the oldest exchanges, in
assistant/user pairs, until the prompt fits the token budget.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage

__all__ = ["fit_turns", "to_chat_turns"]


_TOOL_RESULT_CHARS = 3000


def to_chat_turns(messages: Sequence[BaseMessage], preamble: str = "") -> list[dict[str, str]]:
    """LangChain messages as alternating user/assistant turns (Gemma has no system or tool role)."""
    system = [m.text for m in messages if isinstance(m, SystemMessage)]
    turns: list[dict[str, str]] = []

    def add(role: str, text: str) -> None:
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"] += "\n\n" + text
        else:
            turns.append({"role": role, "content": text})

    head = "\n\n".join(part for part in [*system, preamble] if part)
    if head:
        add("user", head)
    for message in messages:
        if isinstance(message, SystemMessage):
            continue
        if isinstance(message, ToolMessage):
            text = message.text[:_TOOL_RESULT_CHARS]
            add("user", f"Result of {message.name or 'tool'}: {text}")
        elif isinstance(message, AIMessage):
            calls = [json.dumps({"tool": c["name"], "arguments": c["args"]})
                     for c in message.tool_calls]
            add("assistant", "\n".join(calls) or message.text)
        else:
            add("user", message.text)
    if not turns or turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": "Begin."})
    if turns[-1]["role"] != "user":
        turns.append({"role": "user", "content": "Continue."})
    return turns


_TURN_OVERHEAD = 8
"""Tokens the chat template adds around each turn (role markers, newlines), rounded up."""


def fit_turns(turns: list[dict[str, str]], count: Callable[[str], int],
              budget: int) -> list[dict[str, str]]:
    """Drop the oldest exchanges until the prompt fits in ``budget`` tokens.

    The first turn (instructions and the request) and the latest ones are kept;
    turns go in assistant/user pairs, so roles still alternate as Gemma needs.
    A prompt that cannot fit is returned as is and llama.cpp reports it.
    """
    sizes = [count(turn["content"]) + _TURN_OVERHEAD for turn in turns]
    total, dropped = sum(sizes), 0
    while total > budget and len(turns) - dropped > 3:
        total -= sizes[1 + dropped] + sizes[2 + dropped]
        dropped += 2
    if not dropped:
        return turns
    note = f"\n\n({dropped} earlier turns were left out to fit the context window.)"
    return [{**turns[0], "content": turns[0]["content"] + note}, *turns[1 + dropped:]]
