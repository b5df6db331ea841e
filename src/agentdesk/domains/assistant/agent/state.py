"""State of an assistant conversation: ingress check, planner, tools, verifier, answer, summary.

A thread is one conversation: every new message is a new run on the same thread,
whose input appends to ``messages`` and resets the per-turn fields. The values the
routers compare are typed (:data:`NextStep`, :data:`Verdict`), and so is ``phase``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

__all__ = ["MAX_RETRY_COUNT", "AgentState", "InputState", "NextStep", "Phase", "Verdict",
           "merge_results"]

MAX_RETRY_COUNT = 2
"""Re-plans after the first round of tools: the executor runs at most three rounds."""

NextStep = Literal["", "generate", "tool_use"]
"""The planner's decision (``after_planner`` reads it); ``""`` before the turn's first plan."""

Verdict = Literal["generate", "clarify", "replan", "give_up"]
"""The verifier's verdict on a round of tools, kept as ``scratchpad["verdict_round"]``:
``after_verifier`` and ``after_clarify`` route on it; a clarification sets ``replan`` or
``give_up``."""

Phase = Literal["ingress", "refused", "plan", "execute", "verify", "clarify", "generate", "done"]
"""Where the turn is (``refused``: the ingress check stopped it)."""


def merge_results(left: list[dict[str, Any]] | None,
                  right: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Tool results add up within a turn; an update of ``[]`` clears them (a new turn)."""
    if not right:
        return [] if right is not None else list(left or [])
    return [*(left or []), *right]


class InputState(TypedDict, total=False):
    """What a caller passes in for one turn."""

    messages: Annotated[list[AnyMessage], add_messages]
    """The conversation. ``add_messages`` appends, as ``operator.add`` would, and also lets
    the summarizer remove what it trims (``RemoveMessage``)."""

    user_id: str
    """Whose conversation this is: the key of the user's profile and memories."""


class AgentState(InputState, total=False):
    """The whole state: the turn's input, then what the nodes write."""

    session_id: str
    """The conversation's id: the thread id."""

    user_context: dict[str, Any]
    """The user's profile (preferences, permissions) and remembered facts, loaded at ingress."""

    safety_check: bool
    """True when the ingress policy let the message through (directly or by a person)."""

    safety_reasons: list[dict[str, Any]]
    """The policy's reasons (code, kind, action, message), never the matched text."""

    phase: Phase
    """Where the turn is: ingress, plan, execute, verify, clarify, generate, done, refused."""

    next_step: NextStep
    """The planner's decision: ``generate`` or ``tool_use``."""

    planned_calls: list[dict[str, Any]]
    """This round's tool calls: ``{"id", "name", "args"}``."""

    scratchpad: dict[str, Any]
    """Per-turn working notes: ``question`` (the redacted message), ``route`` (what code read
    it as), ``tried`` (every call made so far this turn), ``failures``, ``verdict``,
    ``operator_servers_down``."""

    tool_results: Annotated[list[dict[str, Any]], merge_results]
    """Every tool result of this turn: ``{"n", "round", "id", "tool", "args", "status",
    "content", "data"}``; ``n`` is the number the answer cites ([1], [2]...)."""

    retry_count: int
    """Re-plans so far this turn; bounded by :data:`MAX_RETRY_COUNT`."""

    answer: str
    """The generator's answer to this turn."""

    summary: str
    """The running summary of the conversation (older turns, kept when trimmed away)."""

    tokens_used: int
    """Tokens the model read and wrote in this conversation (its usage, else an estimate)."""

    start_time: float
    """When this turn started (Unix seconds)."""

    current_step: str
    """The step the thread is at, for progress display (free text such as ``plan:tool_use``
    or ``executing kb_search``; no router reads it)."""
