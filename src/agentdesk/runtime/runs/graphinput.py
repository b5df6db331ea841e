"""The input a graph of your own takes, checked against the graph's input JSON schema.

A run's input is an update of the graph's state, so no field is required; the
fields given must be the graph's and match their schema (LangGraph would silently
drop a field it does not know). A chat ``messages`` field takes what
LangGraph's ``add_messages`` takes (text, ``{"role", "content"}`` objects,
serialized messages), so it is left to LangGraph.
"""

from __future__ import annotations

import json
import re
from typing import Any, get_type_hints

from pydantic import BaseModel, RootModel, model_validator

from agentdesk.errors import InputError

__all__ = ["input_json_schema", "input_model", "request_field"]

_MESSAGE_REF = re.compile(r'"#/\$defs/\w*Message\w*"')


def input_json_schema(graph: Any) -> dict[str, Any]:
    """The graph's input schema as runs use it: nothing required, messages left to LangGraph."""
    try:
        schema: dict[str, Any] = dict(graph.get_input_jsonschema())
    except Exception:  # e.g. typing.TypedDict state on Python < 3.12: pydantic cannot read it
        names = _field_names(graph)
        schema = {"type": "object", "properties": {name: {} for name in names},
                  "additionalProperties": not names}
    schema.pop("required", None)
    properties = schema.get("properties")
    if isinstance(properties, dict):
        schema["properties"] = {
            name: ({} if _MESSAGE_REF.search(json.dumps(sub)) else sub)
            for name, sub in properties.items()}
    return schema


def _field_names(graph: Any) -> list[str]:
    """The input's field names without a JSON schema: the builder's input type's annotations
    (the compiled graph's ``input_channels`` is LangGraph's ``__start__`` channel)."""
    builder = getattr(graph, "builder", None)
    input_type = getattr(builder, "input_schema", None)
    try:
        return list(get_type_hints(input_type)) if input_type is not None else []
    except Exception:  # annotations that cannot be resolved: accept any field
        return []


def request_field(schema: dict[str, Any]) -> str:
    """Where ``agentdesk run GRAPH "text"`` puts the text: ``messages``, else the first text
    field of the input."""
    properties = schema.get("properties") or {}
    if "messages" in properties or not properties:
        return "messages"
    texts = [name for name, sub in properties.items()
             if isinstance(sub, dict) and sub.get("type") == "string"]
    return texts[0] if texts else next(iter(properties))


def input_model(name: str, graph: Any) -> type[BaseModel]:
    """A model that validates a run's input for graph ``name`` (errors name the field)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    schema = input_json_schema(graph)
    validator = Draft202012Validator(schema)

    class GraphInput(RootModel[dict[str, Any]]):
        @model_validator(mode="before")
        @classmethod
        def _check(cls, data: Any) -> Any:
            if not isinstance(data, dict):
                raise InputError("must be a JSON object", field="input")
            known = schema.get("properties")
            if isinstance(known, dict) and schema.get("additionalProperties") is not True:
                for key in data:
                    if key not in known:
                        raise InputError(f"not a field of {name}'s input (its fields: "
                                         f"{', '.join(known) or 'none'})", field=str(key))
            error = best_match(validator.iter_errors(data))
            if error is not None:
                field = ".".join(str(p) for p in error.absolute_path) or "input"
                raise InputError(error.message, field=field)
            return data

        @classmethod
        def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
            """The graph's input schema, as runs check it."""
            return schema

    GraphInput.__name__ = GraphInput.__qualname__ = f"{name}Input"
    return GraphInput
