"""What an assistant's graph looks like: its schemas, its drawing and its subgraphs.

The Agent Server's answers for ``/assistants/{id}/schemas``, ``/graph`` and
``/subgraphs``, read from the compiled graph. A schema the graph cannot give is
``None`` (as the Agent Server answers it), never an error. The built-in agents'
input schema is their spec's: the HTTP API validates a run's input against it.
"""

from __future__ import annotations

import logging
import warnings
from typing import Any, cast

from langchain_core.runnables.utils import create_model
from langgraph.pregel import Pregel
from langgraph.pregel.protocol import PregelProtocol
from langgraph.warnings import LangGraphDeprecatedSinceV10
from pydantic import TypeAdapter

from agentdesk.errors import InputError

from .registry import AgentSpec

__all__ = ["compiled_graph", "graph_drawing", "graph_schemas", "spec_schemas", "subgraph_schemas"]

log = logging.getLogger(__name__)

_INTERNAL_CONFIG = ("__pregel_checkpointer", "__pregel_store", "checkpoint_id",
                    "checkpoint_ns", "thread_id")
"""Configurable keys the runtime sets itself: not part of a graph's config schema."""


def compiled_graph(spec: AgentSpec) -> Pregel:
    """The spec's graph compiled without a checkpointer (to be read, never run)."""
    if spec.compile_graph is not None:
        graph: Pregel = spec.compile_graph(None)
        return graph
    return spec.build_graph().compile()


def _config_schema(graph: Pregel) -> dict[str, Any]:
    """The ``configurable`` part of the graph's config schema, as the Agent Server gives it."""
    with warnings.catch_warnings():  # deprecated in LangGraph 1.0; the Agent Server reads it
        warnings.simplefilter("ignore", LangGraphDeprecatedSinceV10)
        model = graph.config_schema()
    fields = getattr(model, "model_fields", None) or {}
    if "configurable" not in fields:
        return {}
    annotation: Any = fields["configurable"].annotation
    schema: dict[str, Any] = TypeAdapter(annotation).json_schema()
    for key in _INTERNAL_CONFIG:
        schema.get("properties", {}).pop(key, None)
    named = getattr(graph, "config_type", None)
    if named is not None and hasattr(named, "__name__"):
        schema["title"] = named.__name__
    return schema


def _state_schema(graph: Pregel) -> dict[str, Any]:
    """One property per channel the graph streams, typed by what the channel accepts."""
    fields: dict[str, Any] = {}
    for key in graph.stream_channels_list:
        channel: Any = graph.channels[key]
        update_type = channel.UpdateType
        try:
            create_model(key, __root__=(update_type, None)).model_json_schema()
            fields[key] = (update_type, None)
        except Exception:  # a type without a JSON schema: any value
            fields[key] = (Any, None)
    schema: dict[str, Any] = create_model(graph.get_name("State"), **fields).model_json_schema()
    return schema


def _try(what: str, graph: PregelProtocol, read: Any) -> dict[str, Any] | None:
    try:
        value: dict[str, Any] = read()
        return value
    except Exception as exc:  # the Agent Server answers None for a schema it cannot read
        log.warning("graph %s: no %s schema: %s", graph.get_name(), what, exc)
        return None


def graph_schemas(graph: Pregel, input_schema: dict[str, Any] | None = None,
                  ) -> dict[str, Any]:
    """Input, output, state, config and context schemas of ``graph``."""
    return {
        "input_schema": input_schema if input_schema is not None
        else _try("input", graph, graph.get_input_jsonschema),
        "output_schema": _try("output", graph, graph.get_output_jsonschema),
        "state_schema": _try("state", graph, lambda: _state_schema(graph)),
        "config_schema": _try("config", graph, lambda: _config_schema(graph)),
        "context_schema": _try("context", graph, graph.get_context_jsonschema),
    }


def spec_schemas(spec: AgentSpec) -> dict[str, Any]:
    """The schemas of an agent's graph; a built-in agent's input is its spec's."""
    graph = compiled_graph(spec)
    own_input = None if spec.origin else spec.input_schema.model_json_schema()
    return {"graph_id": spec.name, **graph_schemas(graph, own_input)}


def graph_drawing(spec: AgentSpec, xray: bool | int) -> dict[str, Any]:
    """The graph's nodes and edges as JSON (``xray``: how deep to draw subgraphs)."""
    try:
        drawing: dict[str, Any] = compiled_graph(spec).get_graph(xray=xray).to_json()
    except NotImplementedError:
        raise InputError("the graph does not support visualization") from None
    for node in drawing.get("nodes", []):
        data = node.get("data")
        if isinstance(data, dict):
            data.pop("id", None)  # as the Agent Server: ids of in-process objects say nothing
    return drawing


def subgraph_schemas(spec: AgentSpec, namespace: str | None, recurse: bool,
                     ) -> dict[str, Any]:
    """Each subgraph (under ``namespace``; all levels with ``recurse``) with its schemas."""
    graph = compiled_graph(spec)
    # A local graph's subgraphs are local graphs (PregelProtocol also covers remote ones).
    return {ns: graph_schemas(cast(Pregel, sub))
            for ns, sub in graph.get_subgraphs(namespace=namespace, recurse=recurse)}
