"""JSON for what LangGraph streams: messages, interrupts, pydantic models, dates.

orjson, not the standard library's encoder: a thread's values go through here on
every answer that shows them, and for a state of 100 KB the standard encoder was a
fifth of the server's CPU (``bench/peers``, the ``big`` shape).
"""

from __future__ import annotations

import dataclasses
from datetime import date, datetime
from typing import Any
from uuid import UUID

import orjson
from langchain_core.messages import BaseMessage
from langgraph.types import Interrupt
from pydantic import BaseModel

from agentdesk.runtime.storage.jsoncodec import encode

__all__ = ["dumps", "dumps_bytes", "to_jsonable"]


def _default(value: Any) -> Any:
    if isinstance(value, BaseMessage):
        return value.model_dump(mode="json")
    if isinstance(value, Interrupt):
        return {"value": value.value, "id": value.id}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    return repr(value)


_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps(value: Any) -> str:
    """Compact JSON of anything a graph may stream."""
    return dumps_bytes(value).decode()


def dumps_bytes(value: Any) -> bytes:
    """Compact JSON of anything a graph may stream, as a response body."""
    return encode(value, _default, _OPTIONS)[0]


def to_jsonable(value: Any) -> Any:
    """``value`` as plain JSON types (for FastAPI responses)."""
    text, decode = encode(value, _default, _OPTIONS)
    return decode(text)
