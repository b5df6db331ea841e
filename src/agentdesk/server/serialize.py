"""JSON for what LangGraph streams: messages, interrupts, pydantic models, dates."""

from __future__ import annotations

import dataclasses
import json
from datetime import date, datetime
from typing import Any
from uuid import UUID

from langchain_core.messages import BaseMessage
from langgraph.types import Interrupt
from pydantic import BaseModel

__all__ = ["dumps", "to_jsonable"]


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


def dumps(value: Any) -> str:
    """Compact JSON of anything a graph may stream."""
    return json.dumps(value, default=_default, separators=(",", ":"))


def to_jsonable(value: Any) -> Any:
    """``value`` as plain JSON types (for FastAPI responses)."""
    return json.loads(dumps(value))
