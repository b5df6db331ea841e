"""The JSON schemas the local model decodes under, and their llama.cpp grammars.

A tool-bound answer is either ``{"tool": NAME, "arguments": {...}}`` for one
of the bound tools or ``{"answer": ...}`` (:func:`build_decoding_schema`);
:func:`describe_tools` tells the model the same shape in words. Schemas are
reshaped for llama.cpp's grammar converter (:func:`loosen`): string
constraints move into the string branches of a union, and bounds too large to
unroll into grammar rules are dropped (the agent still validates the parsed
answer with the full schema). ``llama_cpp`` is imported only when a grammar is
built.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.messages.ai import UsageMetadata

__all__ = ["build_decoding_schema", "decoded_message", "describe_tools", "llama_grammar",
           "loosen"]


_MAX_UNROLLED = 64
"""Longest string or array bound kept in a grammar; llama.cpp unrolls bounds into rules."""


_NAMED = ("properties", "patternProperties", "$defs", "definitions")
"""Keywords whose value maps names to sub-schemas; a property may be called "title"."""


_STRING_KEYWORDS = ("pattern", "minLength", "maxLength", "format")
"""String constraints that llama.cpp applies only on a string schema, never beside ``anyOf``."""


def loosen(schema: Any) -> Any:
    """Reshape a JSON schema for llama.cpp's grammar converter.

    String constraints written beside ``anyOf``/``oneOf`` (pydantic puts a field's
    ``json_schema_extra`` there for ``str | None``) move into the string branches,
    where the converter applies them. Bounds too large for a grammar are dropped;
    small ones (codes, short lists) are kept. Dropped bounds still hold: the agent
    validates the parsed answer with the full schema.
    """
    if isinstance(schema, list):
        return [loosen(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    union = next((key for key in ("anyOf", "oneOf") if isinstance(schema.get(key), list)), None)
    if union and (moved := {k: schema[k] for k in _STRING_KEYWORDS if k in schema}):
        schema = {key: value for key, value in schema.items() if key not in moved}
        schema[union] = [{**branch, **moved} if branch.get("type") == "string" else branch
                         for branch in schema[union]]
    loose: dict[str, Any] = {key: ({name: loosen(sub) for name, sub in value.items()}
                                 if key in _NAMED and isinstance(value, dict) else loosen(value))
                           for key, value in schema.items() if key not in ("title", "description")}
    for key in ("maxLength", "minLength", "maxItems", "minItems"):
        if loose.get(key, 0) > _MAX_UNROLLED:
            loose.pop(key)
    return loose


@lru_cache(maxsize=128)
def llama_grammar(schema_json: str) -> Any:
    """The llama.cpp grammar of a JSON schema, converted once per process per schema."""
    from llama_cpp import LlamaGrammar

    # Every schema is loosened here: an oversized grammar makes llama.cpp fail hard.
    return LlamaGrammar.from_json_schema(json.dumps(loosen(json.loads(schema_json))),
                                         verbose=False)


def build_decoding_schema(tools: Sequence[dict[str, Any]], answer_schema: dict[str, Any] | None,
                          allow_answer: bool = True) -> dict[str, Any]:
    """The JSON schema a tool-bound answer must satisfy.

    Either ``{"tool": NAME, "arguments": {...}}`` for one of ``tools`` or
    ``{"answer": ...}`` with ``answer_schema`` (a string when none is given).
    """
    options: list[dict[str, Any]] = []
    definitions: dict[str, Any] = {}

    def hoist(schema: dict[str, Any]) -> dict[str, Any]:
        # llama.cpp resolves "#/$defs/..." against the root, so sub-schemas' $defs move there.
        schema = loosen(schema)
        definitions.update(schema.pop("$defs", {}))
        schema.pop("title", None)
        return schema

    for tool in tools:
        function = tool["function"]
        params = hoist(function.get("parameters") or {"type": "object", "properties": {}})
        options.append({
            "type": "object",
            "properties": {"tool": {"const": function["name"]}, "arguments": params},
            "required": ["tool", "arguments"],
            "additionalProperties": False,
        })
    if allow_answer or not options:
        options.append({
            "type": "object",
            "properties": {"answer": hoist(answer_schema or {"type": "string"})},
            "required": ["answer"],
            "additionalProperties": False,
        })
    schema = options[0] if len(options) == 1 else {"oneOf": options}
    return {**schema, "$defs": definitions} if definitions else schema


def describe_tools(tools: Sequence[dict[str, Any]]) -> str:
    """The bound tools and the two answer shapes, in words the model reads before it decodes."""
    lines = ["You can call these tools. To call one, answer with "
             '{"tool": "<name>", "arguments": {...}}. When you are done, answer with '
             '{"answer": ...}.']
    for tool in tools:
        function = tool["function"]
        args = ", ".join(
            f"{name}: {spec.get('type', 'any')}"
            for name, spec in (function.get("parameters") or {}).get("properties", {}).items())
        lines.append(f"- {function['name']}({args}): {function.get('description', '').strip()}")
    return "\n".join(lines)


def decoded_message(parsed: Any, raw: str, used: UsageMetadata | None) -> AIMessage:
    """The message a reply decoded under :func:`build_decoding_schema` stands for: a tool
    call for ``{"tool", "arguments"}``, the answer's text for ``{"answer"}``, else the raw
    text (which the caller's parser then judges)."""
    if isinstance(parsed, dict) and "tool" in parsed:
        call = {"name": parsed["tool"], "args": parsed.get("arguments") or {},
                "id": f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}
        return AIMessage(content="", tool_calls=[call], usage_metadata=used)
    if isinstance(parsed, dict) and "answer" in parsed:
        answer = parsed["answer"]
        return AIMessage(content=answer if isinstance(answer, str) else json.dumps(answer),
                         usage_metadata=used)
    return AIMessage(content=raw, usage_metadata=used)
