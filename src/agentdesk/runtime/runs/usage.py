"""What a run costs: tokens in and out, model time, tool time, wall time.

:class:`UsageMeter` is one LangChain callback handler, put in the run's config by
the executor, so every chat model a node calls reports to it (its ``usage_metadata``
when the model gives one, else nothing: no estimate is made here). Tool calls are
timed by the tool policy (``runtime/tools.py``), which calls :meth:`UsageMeter.tool_done`.

The meter holds what this attempt measured and has not stored yet. The executor
stores it at each step boundary (after the step's checkpoint) and with the run's
end, through writes fenced by the attempt. So the figures of a step count once:
a step cut off by a crash was never stored, and the attempt that redoes it stores
its own figures. What a killed attempt spent inside the step it did not finish
is not counted (its tokens were spent, but the run kept nothing of them).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.outputs import LLMResult

from agentdesk.runtime.durable.queue import USAGE
from agentdesk.runtime.meters import meters

__all__ = ["Usage", "UsageMeter", "thread_usage", "usage_of"]


@dataclass
class Usage:
    """A run's (or a thread's) figures; the names are the ``agentdesk_runs`` columns
    (``queue.USAGE``)."""

    tokens_in: int = 0
    tokens_out: int = 0
    model_calls: int = 0
    model_seconds: float = 0.0
    tool_calls: int = 0
    tool_seconds: float = 0.0
    wall_seconds: float = 0.0

    def add(self, other: Usage) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def counted(self) -> bool:
        """Whether a model or tool call is in it (wall time alone is not worth a write)."""
        return bool(self.model_calls or self.tool_calls)

    def columns(self) -> dict[str, float]:
        """The figures by column name, for the run queue's writes (``vars``, not
        ``asdict``: that deep-copies each field and showed in every run's end)."""
        return dict(vars(self))

    def as_dict(self, attempts: int | None = None) -> dict[str, Any]:
        """JSON for the API, the CLI and the web app (times rounded to milliseconds)."""
        out: dict[str, Any] = {k: round(v, 3) if isinstance(v, float) else v
                               for k, v in asdict(self).items()}
        out["tokens_total"] = self.tokens_in + self.tokens_out
        if attempts is not None:
            out["attempts"] = attempts
        return out


def usage_of(row: Any) -> Usage:
    """The :class:`Usage` stored on a run row (or a record with the same names); NULL is 0."""
    return Usage(**{name: getattr(row, name, None) or 0 for name in USAGE})


def thread_usage(records: Iterable[Any]) -> dict[str, Any]:
    """A thread's runs with their usage, oldest first, and the thread's totals (JSON).

    ``records`` are its runs (``RunRecord``); the totals add up every run's figures,
    and ``attempts`` every run's attempts."""
    total, attempts, listed = Usage(), 0, []
    for record in sorted(records, key=lambda r: r.created_at):
        figures = usage_of(record)
        total.add(figures)
        attempts += record.attempt
        listed.append({"run_id": record.run_id, "kind": record.kind, "status": record.status,
                       "created_at": record.created_at.isoformat(),
                       "usage": figures.as_dict(attempts=record.attempt)})
    return {"runs": listed, "usage": total.as_dict(attempts=attempts)}


def _model_name(serialized: dict[str, Any] | None, metadata: dict[str, Any] | None) -> str:
    name = (metadata or {}).get("ls_model_name")
    if not name and serialized:
        kwargs = serialized.get("kwargs") or {}
        name = kwargs.get("model_name") or kwargs.get("model")
        name = name or (serialized.get("id") or [None])[-1] or serialized.get("name")
    return str(name or "unknown")


def _tokens(response: LLMResult) -> tuple[int, int]:
    """(in, out) from the messages' ``usage_metadata``, else the provider's ``token_usage``."""
    tokens_in = tokens_out = 0
    found = False
    for generations in response.generations:
        for generation in generations:
            usage = getattr(getattr(generation, "message", None), "usage_metadata", None)
            if usage:
                found = True
                tokens_in += int(usage.get("input_tokens") or 0)
                tokens_out += int(usage.get("output_tokens") or 0)
    if not found:
        usage = (response.llm_output or {}).get("token_usage") or {}
        tokens_in = int(usage.get("prompt_tokens") or 0)
        tokens_out = int(usage.get("completion_tokens") or 0)
    return tokens_in, tokens_out


class UsageMeter(BaseCallbackHandler):
    """Counts one run attempt's model calls (a callback handler) and tool calls."""

    run_inline = True  # called in the loop, not in an executor: the figures stay in order
    raise_error = False

    def __init__(self, agent: str = "") -> None:
        self.agent = agent
        self._lock = threading.Lock()  # a sync model may report from an executor thread
        self._unsaved = Usage()
        self._calls: dict[UUID, tuple[float, str]] = {}
        self._since = time.monotonic()

    # -- model calls (LangChain callbacks) -------------------------------------

    def on_chat_model_start(self, serialized: dict[str, Any], messages: list[list[Any]], *,
                            run_id: UUID, metadata: dict[str, Any] | None = None,
                            **kwargs: Any) -> None:
        self._calls[run_id] = (time.monotonic(), _model_name(serialized, metadata))

    def on_llm_start(self, serialized: dict[str, Any], prompts: list[str], *, run_id: UUID,
                     metadata: dict[str, Any] | None = None, **kwargs: Any) -> None:
        self._calls[run_id] = (time.monotonic(), _model_name(serialized, metadata))

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        tokens_in, tokens_out = _tokens(response)
        self._model_done(run_id, tokens_in, tokens_out)

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        self._model_done(run_id, 0, 0)

    def _model_done(self, run_id: UUID, tokens_in: int, tokens_out: int) -> None:
        started, model = self._calls.pop(run_id, (None, "unknown"))
        seconds = time.monotonic() - started if started is not None else 0.0
        with self._lock:
            self._unsaved.add(Usage(tokens_in=tokens_in, tokens_out=tokens_out, model_calls=1,
                                    model_seconds=seconds))
        found = meters()
        found.model_seconds.labels(model).observe(seconds)
        if tokens_in:
            found.model_tokens.labels(model, "in").inc(tokens_in)
        if tokens_out:
            found.model_tokens.labels(model, "out").inc(tokens_out)

    # -- tool calls (the tool policy) ------------------------------------------

    def tool_done(self, tool: str, outcome: str, seconds: float) -> None:
        """One tool call through the policy ended (``outcome``: ok or error)."""
        with self._lock:
            self._unsaved.add(Usage(tool_calls=1, tool_seconds=seconds))
        found = meters()
        found.tool_calls.labels(tool, outcome).inc()
        found.tool_seconds.labels(tool).observe(seconds)

    # -- storing ---------------------------------------------------------------

    def take(self) -> Usage:
        """What was measured since the last take (wall time included), to be stored now."""
        with self._lock:
            taken, self._unsaved = self._unsaved, Usage()
            stamp = time.monotonic()
            taken.wall_seconds, self._since = stamp - self._since, stamp
        return taken

    def give_back(self, usage: Usage) -> None:
        """A take whose write failed: its figures go with the next one."""
        with self._lock:
            self._unsaved.add(usage)
