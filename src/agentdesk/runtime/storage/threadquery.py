"""Thread search in SQL: JSON containment, status, ids, order and page.

Filters run in the database, never over rows loaded into Python. ``metadata``
and ``values`` filters mean what the Agent Server means by them: every key
given must be present with that value (nested objects: contained). PostgreSQL
answers with JSONB containment (``@>``); SQLite with ``json_extract`` per leaf,
where a list must equal the stored list (PostgreSQL: be contained in it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

import orjson
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB

from agentdesk.errors import InputError

from .jsoncodec import encode
from .persistence import threads

__all__ = ["SORT_COLUMNS", "ApiThreadStatus", "ThreadFilter", "contains", "state_copy"]

ApiThreadStatus = Literal["idle", "busy", "interrupted", "error"]

SORT_COLUMNS: dict[str, sa.Column[Any]] = {
    "thread_id": threads.c.thread_id, "status": threads.c.status,
    "created_at": threads.c.created_at, "updated_at": threads.c.updated_at,
    # The Agent Server's time of the last state change: ours is the last activity.
    "state_updated_at": threads.c.updated_at}

_NOT_IDLE = ("busy", "interrupted", "failed", "deleting")
_STATUS_OF = {"busy": "busy", "interrupted": "interrupted", "error": "failed"}

FIELD_MAX_BYTES = 16_384
"""A state field longer than this (as JSON) is left out of the searchable copy."""


def state_copy(values: dict[str, Any] | None) -> dict[str, Any]:
    """The small copy of a thread's latest values that ``values`` filters search.

    Fields are kept as JSON; one whose JSON exceeds :data:`FIELD_MAX_BYTES` is
    left out, so a filter on it matches no thread.
    """
    kept: dict[str, Any] = {}
    for key, value in (values or {}).items():  # orjson: this runs at every run's end
        text, decode = encode(value, _plain, _AS_TEXT)
        if len(text) <= FIELD_MAX_BYTES:
            kept[key] = decode(text)
    return kept


# Dates and dataclasses go to _plain, as the standard encoder sent them there.
_AS_TEXT = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS)


def _plain(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    return dump(mode="json") if callable(dump) else str(value)


@dataclass
class ThreadFilter:
    """What a search or count asks for, each part ANDed."""

    owner: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    status: ApiThreadStatus | None = None
    ids: list[str] | None = None
    agents: dict[str, str | None] = field(default_factory=dict)
    """Metadata keys a thread's agent also answers (``graph_id``: the agent's name):
    such a key matches the agent named here, or the stored metadata."""

    def where(self, dialect: str) -> list[sa.ColumnElement[bool]]:
        clauses: list[sa.ColumnElement[bool]] = [threads.c.status != "deleting"]
        if self.owner is not None:
            clauses.append(threads.c.owner == self.owner)
        if self.ids is not None:
            clauses.append(threads.c.thread_id.in_(self.ids))
        if self.status == "idle":
            clauses.append(threads.c.status.not_in(_NOT_IDLE))
        elif self.status is not None:
            clauses.append(threads.c.status == _STATUS_OF[self.status])
        for key, value in self.metadata.items():
            stored = contains(threads.c.metadata, {key: value}, dialect, "metadata")
            if key in self.agents:
                agent = self.agents[key]
                clauses.append(sa.or_(threads.c.agent == agent, stored) if agent else stored)
            else:
                clauses.append(stored)
        if self.values:
            clauses.append(contains(threads.c.state_values, self.values, dialect, "values"))
        return clauses


def contains(column: Any, wanted: dict[str, Any], dialect: str,
             name: str) -> sa.ColumnElement[bool]:
    """``column`` (JSON) holds every key of ``wanted`` with its value (the filter of the
    request field ``name``: threads' and assistants' ``metadata``, threads' ``values``).

    Integers beyond 64 bits and keys with quotes or backslashes are refused on both
    databases (SQLite can neither compare the one nor address the other).
    """
    _check_filter(wanted, name)
    if dialect == "postgresql":
        return sa.cast(column, JSONB).contains(wanted)
    return sa.and_(sa.true(), *_leaves(column, wanted, "$"))


def _check_filter(value: Any, name: str) -> None:
    """The same filter is refused on both databases, whichever this one is."""
    if isinstance(value, dict):
        for key, item in value.items():
            if '"' in key or "\\" in key:
                raise InputError(f"key {key!r}: quotes and backslashes cannot be searched",
                                 field=name)
            _check_filter(item, name)
    elif isinstance(value, list):
        for item in value:
            _check_filter(item, name)
    elif isinstance(value, int) and not isinstance(value, bool) and not (
            -(2**63) <= value < 2**63):
        raise InputError("integers beyond 64 bits cannot be searched", field=name)


def _leaves(column: Any, wanted: dict[str, Any], path: str) -> list[sa.ColumnElement[bool]]:
    out: list[sa.ColumnElement[bool]] = []
    for key, value in wanted.items():
        here = f'{path}."{key}"'
        kind = sa.func.json_type(column, here)
        if isinstance(value, dict):
            out.append(kind == "object")
            out += _leaves(column, value, here)
        elif value is None:
            out.append(kind == "null")
        elif isinstance(value, bool):
            out.append(kind == ("true" if value else "false"))
        elif isinstance(value, int | float):
            out += [kind.in_(("integer", "real")), sa.func.json_extract(column, here) == value]
        elif isinstance(value, str):
            out += [kind == "text", sa.func.json_extract(column, here) == value]
        else:  # a list: the same list
            out += [kind == "array", sa.func.json_extract(column, here) == sa.func.json(
                json.dumps(value, separators=(",", ":")))]
    return out
