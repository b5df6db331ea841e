"""A run request's options as the runtime records them: :func:`run_options`.

The SDK sends them as the Agent Server takes them (``config``, ``context``,
``checkpoint``/``checkpoint_id``, ``interrupt_before``/``interrupt_after``,
``stream_subgraphs``); anything in them agentdesk cannot honour is refused with
422 naming the field, before the run is recorded.
"""

from __future__ import annotations

from collections.abc import Callable

from agentdesk.errors import InputError
from agentdesk.runtime.assistants import ResolvedAssistant, run_options_on
from agentdesk.runtime.runs.options import RunOptions

from .schemas import RunCreate

__all__ = ["run_options"]


def _checkpoint_id(body: RunCreate, thread_id: str | None,
                   inward: Callable[[str], str]) -> str | None:
    """``checkpoint_id``, or the same in the ``checkpoint`` form (root namespace only)."""
    checkpoint = body.checkpoint or {}
    for key, value in checkpoint.items():
        if key == "checkpoint_ns" and value not in ("", None):
            raise InputError("only the root graph's checkpoints (\"\") can be started from",
                             field="checkpoint.checkpoint_ns")
        if key == "checkpoint_map" and value:
            raise InputError("not supported (subgraph checkpoints)",
                             field="checkpoint.checkpoint_map")
        if key == "thread_id" and value is not None and (
                thread_id is None or inward(str(value)) != thread_id):
            raise InputError("names another thread than the run's", field="checkpoint.thread_id")
        if key not in ("checkpoint_id", "checkpoint_ns", "checkpoint_map", "thread_id"):
            raise InputError("not a field of a checkpoint", field=f"checkpoint.{key}")
    given = checkpoint.get("checkpoint_id")
    if given is not None and body.checkpoint_id is not None and given != body.checkpoint_id:
        raise InputError("differs from checkpoint_id", field="checkpoint.checkpoint_id")
    chosen = body.checkpoint_id or given
    return str(chosen) if chosen is not None else None


def run_options(body: RunCreate, thread_id: str | None,
                inward: Callable[[str], str] = str, *,
                assistant: ResolvedAssistant | None = None) -> RunOptions:
    """The options of ``body``'s run on ``thread_id`` (None: stateless); 422 if refused.

    ``inward`` maps a thread id as the caller spells it to ours (API keys' namespaces).
    The run's ``config`` and ``context`` go over its ``assistant``'s, by the Agent
    Server's rule (:func:`~agentdesk.runtime.assistants.merged_options`).
    """
    return run_options_on(
        assistant, body.config, body.context,
        checkpoint_id=_checkpoint_id(body, thread_id, inward),
        interrupt_before=body.interrupt_before, interrupt_after=body.interrupt_after,
        stream_subgraphs=bool(body.stream_subgraphs))
