"""The one tool-call policy: timeout, retry with backoff on transient errors,
a cap on result size, redaction of secrets, and an audit entry per call.

Every agent's tool executor and ``agentdesk tool call`` go through
:meth:`ToolPolicy.call`.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import BaseTool
from tenacity import (
    AsyncRetrying,
    retry_if_exception_type,
    stop_after_attempt,
    wait_exponential_jitter,
)

from agentdesk.errors import TransientToolError

from . import telemetry

__all__ = ["AuditSink", "ToolPolicy", "may_hold_secret", "redact", "tool_result_data"]

AuditSink = Callable[[str, dict[str, Any]], Awaitable[None]]
Emit = Callable[[dict[str, Any]], None]
CallDone = Callable[[str, str, float], None]
"""Told of each call's end: the tool's name, the outcome (ok, error) and its seconds."""

# "pass" alone or "password"/"passwd", not "passage" (a knowledge-base hit's passage_id).
_SECRET_KEY = re.compile(r"pass(?:word|wd)?(?![a-z])|secret|token|api[_-]?key|authorization|"
                         r"credential", re.I)
_SECRET_VALUE = re.compile(r"(sk-[A-Za-z0-9_-]{12,}|Bearer\s+[A-Za-z0-9._-]{8,})")
_TRANSIENT_TEXT = re.compile(r"\b(502|503|504)\b|timed? ?out|temporarily unavailable", re.I)


_SECRET_HINT = re.compile(r"sk-|Bearer")
"""What every match of ``_SECRET_VALUE`` begins with."""


def may_hold_secret(text: str) -> bool:
    """Whether :func:`redact` could change ``text``, or the JSON that ``text`` encodes.

    False is certain for text that ``json.dumps`` wrote (it escapes no ASCII letter), so
    a caller can skip parsing and redacting a large JSON document that has no
    secret-looking key or value anywhere in it; True only means: redact it."""
    return _SECRET_KEY.search(text) is not None or _SECRET_HINT.search(text) is not None


def redact(value: Any) -> Any:
    """A copy of ``value`` with secret-looking keys and tokens masked."""
    if isinstance(value, Mapping):
        return {k: "***" if _SECRET_KEY.search(str(k)) else redact(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact(v) for v in value]
    if isinstance(value, str):
        return _SECRET_VALUE.sub("***", value)
    return value


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = [b.get("text", "") if isinstance(b, dict) else str(b) for b in content or []]
    return "".join(parts)


def tool_result_data(message: ToolMessage) -> Any:
    """The JSON a tool returned (structured content when present), or None."""
    artifact = message.artifact
    if isinstance(artifact, dict) and artifact.get("structured_content") is not None:
        return artifact["structured_content"]
    try:
        return json.loads(_text(message.content))
    except (TypeError, ValueError):
        return None


@dataclass
class ToolPolicy:
    """How tool calls are made; one per run."""

    timeout: float = 30.0
    retries: int = 2
    max_chars: int = 20_000
    audit: AuditSink | None = None
    emit: Emit | None = None
    backoff_initial: float = 0.5
    backoff_max: float = 8.0
    retry_counts: dict[str, int] = field(default_factory=dict)
    on_done: CallDone | None = None
    """The run's usage meter: tool time and the tool-call metrics."""

    async def _attempt(self, tool: BaseTool, call: dict[str, Any]) -> ToolMessage:
        try:
            result = await asyncio.wait_for(tool.ainvoke(call), timeout=self.timeout)
        except TimeoutError:
            raise TransientToolError(f"{tool.name}: no answer within {self.timeout:g}s") from None
        except (ConnectionError, OSError) as exc:
            raise TransientToolError(f"{tool.name}: {exc}") from exc
        if not isinstance(result, ToolMessage):
            result = ToolMessage(content=json.dumps(result, default=str), name=tool.name,
                                 tool_call_id=call["id"])
        if result.status == "error" and _TRANSIENT_TEXT.search(_text(result.content)):
            raise TransientToolError(_text(result.content))
        return result

    async def call(self, tool: BaseTool, call: dict[str, Any], emit: Emit | None = None,
                   ) -> ToolMessage:
        """Run one tool call; failures come back as an error ``ToolMessage``, never raise.

        With tracing on it is a span (GenAI ``execute_tool``): the tool, its server,
        its redacted arguments, attempts and outcome."""
        with telemetry.span(f"execute_tool {tool.name}", {
                "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool.name,
                "gen_ai.tool.call.id": call.get("id"),
                "agentdesk.tool.server": (tool.metadata or {}).get("mcp_server"),
                "agentdesk.tool.args": redact(call.get("args"))}) as span:
            message = await self._call(tool, call, emit)
            telemetry.note(span, **{"agentdesk.tool.outcome":
                                    "error" if message.status == "error" else "ok"})
            return message

    async def _call(self, tool: BaseTool, call: dict[str, Any], emit: Emit | None,
                    ) -> ToolMessage:
        emit = emit or self.emit
        started = time.perf_counter()
        attempts = 0
        if emit:
            emit({"kind": "tool_started", "tool": tool.name, "args": redact(call["args"])})
        try:
            async for attempt in AsyncRetrying(
                    stop=stop_after_attempt(self.retries + 1),
                    wait=wait_exponential_jitter(multiplier=self.backoff_initial,
                                                jitter=self.backoff_initial, max=self.backoff_max),
                    retry=retry_if_exception_type(TransientToolError), reraise=True):
                with attempt:
                    attempts += 1
                    message = await self._attempt(tool, call)
        except Exception as exc:  # a tool's failure is the model's to see, not a crash
            message = ToolMessage(content=f"Error: {exc}", name=tool.name,
                                  tool_call_id=call["id"], status="error")
        if attempts > 1:
            self.retry_counts[tool.name] = self.retry_counts.get(tool.name, 0) + attempts - 1
        text = _text(message.content)
        if len(text) > self.max_chars:
            text = text[: self.max_chars] + f"\n[cut: result was {len(text)} characters]"
        message = ToolMessage(content=text, name=tool.name, tool_call_id=call["id"],
                              status=message.status, artifact=message.artifact)
        seconds = time.perf_counter() - started
        millis = round(seconds * 1000)
        outcome = "error" if message.status == "error" else "ok"
        if self.on_done is not None:
            self.on_done(tool.name, outcome, seconds)
        if emit:
            emit({"kind": "tool_finished", "tool": tool.name, "outcome": outcome,
                       "duration_ms": millis, "preview": redact(text[:200])})
        if self.audit:
            await self.audit("tool_call", {
                "tool": tool.name, "args": redact(call["args"]), "outcome": outcome,
                "duration_ms": millis, "attempts": attempts,
                **({"error": redact(text[:500])} if outcome == "error" else {})})
        return message

    async def run_calls(self, message: AIMessage, tools: Mapping[str, BaseTool],
                        emit: Emit | None = None) -> list[ToolMessage]:
        """Run every tool call of ``message`` concurrently, answers in call order."""
        async def one(call: dict[str, Any]) -> ToolMessage:
            tool = tools.get(call["name"])
            if tool is None:
                return ToolMessage(content=f"Error: no tool named {call['name']!r}; available: "
                                   f"{', '.join(sorted(tools))}", name=call["name"],
                                   tool_call_id=call["id"], status="error")
            return await self.call(tool, call, emit)

        calls: Sequence[dict[str, Any]] = message.tool_calls  # type: ignore[assignment]
        return list(await asyncio.gather(*(one(call) for call in calls)))
