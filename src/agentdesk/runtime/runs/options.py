"""What a run asks of its graph besides its input: :class:`RunOptions`.

The options are recorded with the run (``agentdesk_runs.options``), so a worker
in another process, or an attempt after a crash, runs the graph with exactly
what the caller asked for. They mean what they mean on the LangGraph Agent Server:

- ``configurable``/``tags``/``metadata``/``recursion_limit``/``run_name``/
  ``max_concurrency`` are merged into the run's ``RunnableConfig``; the keys that
  place the run (``thread_id``, ``checkpoint_*``, ``__``-internals) are the
  server's and are refused.
- ``context`` is LangGraph's runtime context. A graph with a ``context_schema``
  gets an instance of it: the schema's defaults, then the run's values
  (:func:`build_context`). Context and ``configurable`` mirror each other as on
  the Agent Server: given one, nodes see its values in the other too.
- ``checkpoint_id`` starts the run from that checkpoint of the thread: with
  input LangGraph forks there (the new checkpoints' parent is that one, the old
  branch stays in the history), without input it replays from there.
- ``interrupt_before``/``interrupt_after`` (``"*"`` or node names) pause the
  run at those nodes; the thread is then ``interrupted`` with nothing to
  decide, and a run without input goes on from the pause.
- ``stream_subgraphs`` streams the subgraphs' chunks too, their events named
  ``mode|namespace`` (``updates|child:<task id>``).
- ``trace`` is agentdesk's own: the run's OpenTelemetry context
  (:mod:`agentdesk.runtime.telemetry`), so an attempt in another process
  continues the same trace.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from agentdesk.errors import InputError

__all__ = ["RESERVED_CONFIGURABLE", "Breakpoints", "RunOptions", "build_context", "config_fields"]

Breakpoints = Literal["*"] | list[str] | None
"""``"*"``: every node; a list: those nodes; None: none."""

RESERVED_CONFIGURABLE = frozenset({"thread_id", "checkpoint_id", "checkpoint_ns",
                                   "checkpoint_map", "run_id"})
"""``configurable`` keys that place a run: the server sets them, a caller may not."""


class RunOptions(BaseModel):
    """A run's options, as recorded with it (all JSON)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    configurable: dict[str, Any] = Field(default_factory=dict)
    """``config.configurable``: values the graph's nodes read from their config."""
    tags: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    """``config.metadata``: stored in the metadata of every checkpoint the run writes."""
    recursion_limit: int | None = Field(default=None, ge=1)
    run_name: str | None = None
    max_concurrency: int | None = Field(default=None, ge=1)
    context: dict[str, Any] | None = None
    """The caller's ``context`` (None: none given; ``configurable`` stands in for it)."""
    checkpoint_id: str | None = None
    """Start from this checkpoint of the thread (root namespace) instead of its latest."""
    interrupt_before: Breakpoints = None
    interrupt_after: Breakpoints = None
    stream_subgraphs: bool = False
    trace: dict[str, str] | None = None
    """The run's trace context (W3C ``traceparent``), set by the runtime when tracing is
    on, never by a caller: every attempt of the run is a span of this trace."""

    @property
    def breakpoints(self) -> bool:
        """Whether the run may stop at a node with nothing to decide."""
        return bool(self.interrupt_before or self.interrupt_after)

    @property
    def context_values(self) -> dict[str, Any] | None:
        """The values the run's context is built from: ``context``, else ``configurable``."""
        if self.context is not None:
            return self.context
        return dict(self.configurable) if self.configurable else None

    def check_nodes(self, nodes: set[str]) -> None:
        """Refuse breakpoints on nodes the graph does not have (422 naming the field)."""
        for name in ("interrupt_before", "interrupt_after"):
            value = getattr(self, name)
            if isinstance(value, list):
                unknown = [n for n in value if n not in nodes]
                if unknown:
                    raise InputError(f"no node named {', '.join(map(repr, unknown))}; the "
                                     f"graph's nodes: {', '.join(sorted(nodes))}", field=name)

    def graph_kwargs(self) -> dict[str, Any]:
        """What ``graph.astream`` takes from these options, besides config and context."""
        return {"interrupt_before": self.interrupt_before,
                "interrupt_after": self.interrupt_after,
                "subgraphs": self.stream_subgraphs}

    def apply(self, base: RunnableConfig, *, at_checkpoint: bool = False) -> RunnableConfig:
        """``base`` (the server's config for the run) with these options merged in.

        What ``base`` sets (the thread, the run id in the metadata) wins; with
        ``at_checkpoint`` the config points at :attr:`checkpoint_id`.
        """
        config: dict[str, Any] = dict(base)
        # The context's values are mirrored into configurable, as on the Agent Server.
        configurable = {**(self.context or {}), **self.configurable,
                        **base.get("configurable", {})}
        if at_checkpoint and self.checkpoint_id:
            configurable.update(checkpoint_id=self.checkpoint_id, checkpoint_ns="")
        config["configurable"] = configurable
        config["metadata"] = {**self.metadata, **base.get("metadata", {})}
        if self.tags:
            config["tags"] = [*base.get("tags", []), *self.tags]
        for key in ("recursion_limit", "run_name", "max_concurrency"):
            if getattr(self, key) is not None:
                config[key] = getattr(self, key)
        return config  # type: ignore[return-value]


_CONFIG_KEYS = ("configurable", "tags", "metadata", "recursion_limit", "run_name",
                "max_concurrency")
"""The ``config`` keys a caller may set (the rest of a RunnableConfig is the server's)."""
_RESERVED_METADATA = frozenset({"run_id", "source", "step", "parents"})
"""Checkpoint metadata keys LangGraph (``source``, ``step``, ``parents``) or we set."""


def config_fields(config: dict[str, Any]) -> dict[str, Any]:
    """A caller's ``config`` as :class:`RunOptions` fields; 422 naming a key it may not set."""
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


def _fields(schema: Any) -> set[str] | None:
    """The field names of a context schema (None: not a kind whose fields we know)."""
    if isinstance(schema, type) and issubclass(schema, BaseModel):
        return set(schema.model_fields)
    if dataclasses.is_dataclass(schema):
        return {f.name for f in dataclasses.fields(schema) if f.init}
    hints = getattr(schema, "__annotations__", None)
    if isinstance(hints, dict) and hasattr(schema, "__total__"):  # a TypedDict
        return set(hints)
    return None


def build_context(schema: Any, options: RunOptions) -> Any:
    """The runtime context a graph of your own gets for a run.

    Without a ``context_schema`` it is the caller's values as a dict (or None).
    With one (a dataclass, TypedDict or pydantic model) it is an instance built
    from the schema's defaults and the caller's values. An explicit ``context``
    naming a field the schema lacks, or a value that does not fit, is an
    :class:`InputError` naming ``context.<field>``; ``configurable`` stands in for
    a missing context with only the keys the schema has (it carries other things
    too), and its errors name ``config.configurable.<field>``.
    """
    given = options.context_values
    if schema is None:
        return given
    explicit = options.context is not None
    prefix = "config.configurable" if given and not explicit else "context"
    fields = _fields(schema)
    values = dict(given or {})
    if fields is not None:
        unknown = sorted(set(values) - fields)
        if explicit and unknown:
            raise InputError(f"not a field of the graph's context_schema "
                             f"({', '.join(sorted(fields)) or 'no fields'})",
                             field=f"context.{unknown[0]}")
        values = {k: v for k, v in values.items() if k in fields}
    try:
        adapter: TypeAdapter[Any] = TypeAdapter(schema)
    except Exception:  # a schema pydantic cannot describe: build it as its author would
        try:
            return schema(**values)
        except TypeError as exc:
            raise InputError(str(exc), field=prefix) from None
    try:
        return adapter.validate_python(values)
    except ValidationError as exc:
        raise InputError.from_validation(exc, prefix) from None
