"""A run request's options as the runtime records them: :func:`run_options`.

The SDK sends them as the Agent Server takes them (``config``, ``context``,
``checkpoint``/``checkpoint_id``, ``interrupt_before``/``interrupt_after``,
``stream_subgraphs``); anything in them agentdesk cannot honour is refused with
422 naming the field, before the run is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from agentdesk.errors import InputError
from agentdesk.runtime.assistants import ResolvedAssistant, merged_options
from agentdesk.runtime.runs.options import RESERVED_CONFIGURABLE, RunOptions

from .schemas import RunCreate

__all__ = ["run_options"]

_CONFIG_KEYS = ("configurable", "tags", "metadata", "recursion_limit", "run_name",
                "max_concurrency")
"""The ``config`` keys a caller may set (the rest of a RunnableConfig is the server's)."""
_RESERVED_METADATA = frozenset({"run_id", "source", "step", "parents"})
"""Checkpoint metadata keys LangGraph (``source``, ``step``, ``parents``) or we set."""


def _config(config: dict[str, Any]) -> dict[str, Any]:
    for key in config:
        if key not in _CONFIG_KEYS:
            raise InputError(f"not supported; a run's config takes {', '.join(_CONFIG_KEYS)}",
                             field=f"config.{key}")
    configurable = config.get("configurable") or {}
    if not isinstance(configurable, dict):
        raise InputError("must be an object", field="config.configurable")
    for key in configurable:
        if key in RESERVED_CONFIGURABLE or key.startswith("__"):
            raise InputError("set by the server for each run; leave it out (start from a "
                             "checkpoint with checkpoint_id)", field=f"config.configurable.{key}")
    metadata = config.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise InputError("must be an object", field="config.metadata")
    for key in metadata:
        if key in _RESERVED_METADATA:
            raise InputError("set by LangGraph or the server in every checkpoint's metadata",
                             field=f"config.metadata.{key}")
    return {"configurable": configurable, "metadata": metadata,
            **{k: config[k] for k in ("tags", "recursion_limit", "run_name", "max_concurrency")
               if config.get(k) is not None}}


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
    config = _config(body.config or {})
    context = body.context or None
    if context and config["configurable"]:
        raise InputError("give context or config.configurable, not both (context replaces "
                         "configurable, as on the Agent Server)", field="context")
    if assistant is not None and (assistant.config or assistant.context):
        merged, merged_context = merged_options(assistant.config, assistant.context,
                                                body.config, body.context)
        config = _config(merged)
        context = merged_context or None
    checkpoint_id = _checkpoint_id(body, thread_id, inward)
    try:
        return RunOptions(
            **config, context=context, checkpoint_id=checkpoint_id,
            interrupt_before=body.interrupt_before, interrupt_after=body.interrupt_after,
            stream_subgraphs=bool(body.stream_subgraphs))
    except ValidationError as exc:  # only config's values are unchecked by now
        raise InputError.from_validation(exc, "config") from None
