"""Assistants: a graph with its own config, context, metadata and versions.

Every served graph (a built-in agent or a ``langgraph.json`` graph) is a *system*
assistant with a fixed id (:func:`system_assistant_id`), owner ``"system"`` and
``metadata.created_by == "system"``, as the Agent Server registers one per graph.
Callers create more on any served graph; each create or update writes a new row
of ``agentdesk_assistant_versions`` and makes it the latest. An assistant is seen
only by the key that created it (its ``owner``), system ones by everyone, and only
while this process serves its graph.

Every search, count and filter is one SQL statement (metadata filters included):
nothing is filtered in Python.
"""

from __future__ import annotations

import json
import uuid
import weakref
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

import sqlalchemy as sa
from pydantic import ValidationError
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from agentdesk.errors import ConflictError, InputError, NotFoundError

from .registry import AgentSpec, agent_names, get_agent
from .runs.options import RunOptions, config_fields
from .storage.persistence import (
    assistant_versions,
    assistants,
    now,
    run_assistants,
    runs,
    threads,
)
from .storage.threadquery import contains

if TYPE_CHECKING:
    from .runs.desk import Desk

__all__ = ["SORT_FIELDS", "SYSTEM_OWNER", "AssistantStore", "ResolvedAssistant",
           "merged_options", "resolve_assistant", "run_options_on", "system_assistant_id"]

SYSTEM_OWNER = "system"
"""The owner of the assistants that stand for the served graphs: read by all, changed by none."""

FIELDS = ("assistant_id", "graph_id", "name", "description", "config", "context",
          "created_at", "updated_at", "metadata", "version")
"""An assistant's fields, in the Agent Server's order (what ``select`` may name)."""

SORT_FIELDS = ("assistant_id", "graph_id", "name", "created_at", "updated_at")

_NAMESPACE = uuid.UUID("5b1f0c1e-8d7a-4a36-9a54-6a2d1f3c9e10")


def system_assistant_id(graph_id: str) -> str:
    """The fixed id of the system assistant of ``graph_id`` (the same in every process)."""
    return str(uuid.uuid5(_NAMESPACE, graph_id))


def system_metadata(spec: AgentSpec) -> dict[str, Any]:
    """What a system assistant's metadata says about its graph."""
    # request_field: the input field a plain-text request goes to (the web app's
    # start form labels it as the request; the schema has every field).
    return {"created_by": SYSTEM_OWNER, "interrupts": list(spec.interrupt_kinds),
            "toolservers": list(spec.toolservers), "request_field": spec.request_field,
            **({"origin": spec.origin} if spec.origin else {})}


# -- run options -----------------------------------------------------------------------


def _both_given(config: dict[str, Any], context: dict[str, Any] | None) -> None:
    if config.get("configurable") and context:
        raise InputError("give context or config.configurable, not both (context replaces "
                         "configurable since LangGraph 0.6)", field="context")


def _in_step(config: dict[str, Any] | None, context: dict[str, Any] | None,
             ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """An assistant's config and context kept equal, as the Agent Server keeps them:
    ``config.configurable`` is copied to the context, or else the context to it."""
    config = dict(config or {})
    _both_given(config, context)
    if config.get("configurable"):
        context = dict(config["configurable"])
    elif context:
        config["configurable"] = dict(context)
    return config, context


def merged_options(assistant_config: dict[str, Any] | None,
                   assistant_context: dict[str, Any] | None,
                   run_config: dict[str, Any] | None, run_context: dict[str, Any] | None,
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The config and context a run executes with: the run's own over its assistant's.

    The Agent Server's rule: a run gives ``context`` or ``config.configurable``, not
    both; the one given stands for the other. The config is the assistant's with the
    run's top-level keys over it, ``configurable`` merged key by key (the run's win);
    the context is the assistant's with the run's keys over it. Merges are shallow:
    a nested value the run gives replaces the assistant's whole.
    """
    own_config = dict(run_config or {})
    own_context = dict(run_context or {})
    configurable = dict(own_config.get("configurable") or {})
    _both_given(own_config, own_context)
    if own_context:
        configurable = dict(own_context)
    else:
        own_context = dict(configurable)
    base = dict(assistant_config or {})
    config = {**base, **own_config,
              "configurable": {**(base.get("configurable") or {}), **configurable}}
    return config, {**(assistant_context or {}), **own_context}


def run_options_on(assistant: ResolvedAssistant | None, config: dict[str, Any] | None,
                   context: dict[str, Any] | None, **options: Any) -> RunOptions:
    """The options of a run on ``assistant`` asking for ``config`` and ``context`` (and the
    other :class:`RunOptions` fields in ``options``): the run's over the assistant's
    (:func:`merged_options`); 422 naming a field that cannot be honoured."""
    fields = config_fields(config or {})
    context = context or None
    if context and fields["configurable"]:
        raise InputError("give context or config.configurable, not both (context replaces "
                         "configurable, as on the Agent Server)", field="context")
    if assistant is not None and (assistant.config or assistant.context):
        merged, merged_context = merged_options(assistant.config, assistant.context,
                                                config, context)
        fields = config_fields(merged)
        context = merged_context or None
    try:
        return RunOptions(**fields, context=context, **options)
    except ValidationError as exc:  # only config's values are unchecked by now
        raise InputError.from_validation(exc, "config") from None


# -- filters ---------------------------------------------------------------------------


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


# -- the store -------------------------------------------------------------------------


@dataclass(frozen=True)
class ResolvedAssistant:
    """The assistant a run names, with what the run inherits from it."""

    spec: AgentSpec
    assistant_id: str
    version: int
    config: dict[str, Any]
    context: dict[str, Any]
    system: bool
    """A served graph's own assistant (nothing to record beside the run)."""


_SYNCED: weakref.WeakKeyDictionary[AsyncEngine, tuple[tuple[str, str, str], ...]] = (
    weakref.WeakKeyDictionary())
"""Per engine, the served graphs whose system rows this process last wrote."""


def _insert(dialect: str) -> Any:
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)


class AssistantStore:
    """Assistant rows of one database, read and written for one caller (``owner``)."""

    def __init__(self, engine: AsyncEngine, owner: str | None) -> None:
        self.engine = engine
        self.owner = owner
        self.dialect = engine.dialect.name

    # -- visibility ------------------------------------------------------------

    def _visible(self) -> Any:
        """Rows this caller may read: served graphs only; its own and the system's."""
        served = assistants.c.graph_id.in_(agent_names())
        if self.owner is None:  # without keys, as threads: every row
            return served
        return sa.and_(served, assistants.c.owner.in_((self.owner, SYSTEM_OWNER)))

    async def sync_system(self) -> None:
        """Write the system assistants of the served graphs (once per engine and set)."""
        specs = [get_agent(name) for name in agent_names()]
        key = tuple((s.name, s.description, json.dumps(system_metadata(s), sort_keys=True))
                    for s in specs)
        if _SYNCED.get(self.engine) == key:
            return
        stamp = now()
        insert = _insert(self.dialect)
        async with self.engine.begin() as conn:
            for spec in specs:
                row = {"assistant_id": system_assistant_id(spec.name), "graph_id": spec.name,
                       "name": spec.name, "description": spec.description, "config": {},
                       "context": {}, "metadata": system_metadata(spec)}
                fresh = {"name": row["name"], "description": row["description"],
                         "metadata": row["metadata"]}
                await conn.execute(insert(assistants).values(
                    **row, version=1, owner=SYSTEM_OWNER, created_at=stamp, updated_at=stamp,
                ).on_conflict_do_update(index_elements=["assistant_id"], set_=fresh))
                await conn.execute(insert(assistant_versions).values(
                    **row, version=1, created_at=stamp,
                ).on_conflict_do_update(index_elements=["assistant_id", "version"],
                                        set_=fresh))
        _SYNCED[self.engine] = key

    # -- reads -----------------------------------------------------------------

    async def get(self, assistant_id: str) -> dict[str, Any]:
        async with self.engine.connect() as conn:
            row = await self._row(conn, assistant_id)
        return _public(row)

    async def _row(self, conn: AsyncConnection, assistant_id: str, *,
                   lock: bool = False) -> dict[str, Any]:
        query = sa.select(assistants).where(assistants.c.assistant_id == assistant_id,
                                            self._visible())
        if lock and self.dialect == "postgresql":
            query = query.with_for_update()
        row = (await conn.execute(query)).mappings().first()
        if row is None:
            raise NotFoundError(f"assistant {assistant_id!r} not found")
        return dict(row)

    def _filters(self, graph_id: str | None, name: str | None,
                 metadata: dict[str, Any] | None) -> list[Any]:
        conds = [self._visible()]
        if graph_id is not None:
            _served(graph_id)
            conds.append(assistants.c.graph_id == graph_id)
        if name:
            conds.append(assistants.c.name.ilike(_like(name), escape="\\"))
        if metadata:
            conds.append(contains(assistants.c.metadata, metadata, self.dialect, "metadata"))
        return conds

    async def search(self, *, graph_id: str | None = None, name: str | None = None,
                     metadata: dict[str, Any] | None = None, limit: int = 10,
                     offset: int = 0, sort_by: str | None = None,
                     sort_order: Literal["asc", "desc"] | None = None,
                     select: list[str] | None = None,
                     ) -> tuple[list[dict[str, Any]], int | None]:
        """A page of assistants and the offset of the next page (None: the last page).

        Sorted by ``sort_by`` (``created_at`` by default; names and graph ids without
        regard to case), newest or largest first unless ``sort_order`` is ``asc``.
        """
        column = assistants.c[sort_by or "created_at"]
        key = sa.func.lower(column) if sort_by in ("name", "graph_id") else column
        ascending = sort_order == "asc"
        order = [key.asc() if ascending else key.desc(),
                 assistants.c.assistant_id.asc() if ascending else assistants.c.assistant_id.desc()]
        query = (sa.select(assistants).where(*self._filters(graph_id, name, metadata))
                 .order_by(*order).limit(limit + 1).offset(offset))
        async with self.engine.connect() as conn:
            rows = [dict(r) for r in (await conn.execute(query)).mappings().all()]
        more = len(rows) > limit
        found = [_public(r, select) for r in rows[:limit]]
        return found, (offset + limit if more else None)

    async def count(self, *, graph_id: str | None = None, name: str | None = None,
                    metadata: dict[str, Any] | None = None) -> int:
        query = (sa.select(sa.func.count()).select_from(assistants)
                 .where(*self._filters(graph_id, name, metadata)))
        async with self.engine.connect() as conn:
            return int((await conn.execute(query)).scalar_one())

    async def versions(self, assistant_id: str, *, metadata: dict[str, Any] | None = None,
                       limit: int = 10, offset: int = 0) -> list[dict[str, Any]]:
        """The assistant's versions, newest first, that match ``metadata``."""
        query = sa.select(assistant_versions).where(
            assistant_versions.c.assistant_id == assistant_id)
        if metadata:
            query = query.where(contains(assistant_versions.c.metadata, metadata,
                                         self.dialect, "metadata"))
        query = (query.order_by(assistant_versions.c.version.desc())
                 .limit(limit).offset(offset))
        async with self.engine.connect() as conn:
            await self._row(conn, assistant_id)
            rows = (await conn.execute(query)).mappings().all()
        return [_public(dict(r)) for r in rows]

    # -- writes ----------------------------------------------------------------

    async def create(self, *, graph_id: str, assistant_id: str | None = None,
                     config: dict[str, Any] | None = None,
                     context: dict[str, Any] | None = None,
                     metadata: dict[str, Any] | None = None, name: str | None = None,
                     description: str | None = None,
                     if_exists: Literal["raise", "do_nothing"] = "raise") -> dict[str, Any]:
        """A new assistant at version 1; an id in use is a conflict, or with
        ``do_nothing`` the caller's own assistant of that id as it is."""
        _served(graph_id)
        config, context = _in_step(config, context)
        assistant_id = assistant_id or str(uuid.uuid4())
        stamp = now()
        row = {"assistant_id": assistant_id, "graph_id": graph_id,
               "name": name or "Untitled", "description": description, "config": config,
               "context": context or {}, "metadata": metadata or {}}
        try:
            async with self.engine.begin() as conn:
                await conn.execute(assistants.insert().values(
                    **row, version=1, owner=self.owner, created_at=stamp, updated_at=stamp))
                await conn.execute(assistant_versions.insert().values(
                    **row, version=1, created_at=stamp))
        except sa.exc.IntegrityError:
            if if_exists == "do_nothing":
                try:
                    return await self.get(assistant_id)
                except NotFoundError:
                    pass  # another key's, or a system one: the same answer as "raise"
            raise ConflictError(f"assistant {assistant_id!r} already exists",
                                field="assistant_id") from None
        return _public({**row, "version": 1, "created_at": stamp, "updated_at": stamp})

    async def update(self, assistant_id: str, *, graph_id: str | None = None,
                     config: dict[str, Any] | None = None,
                     context: dict[str, Any] | None = None,
                     metadata: dict[str, Any] | None = None, name: str | None = None,
                     description: str | None = None,
                     max_metadata_bytes: int | None = None) -> dict[str, Any]:
        """A new version from the latest: given fields replace, metadata merges key by key
        (and must still fit in ``max_metadata_bytes`` once merged)."""
        if graph_id is not None:
            _served(graph_id)
        config, context = _in_step(config, context)
        async with self.engine.begin() as conn:
            row = await self._changeable(conn, assistant_id)
            last = (await conn.execute(sa.select(sa.func.max(assistant_versions.c.version))
                                       .where(assistant_versions.c.assistant_id
                                              == assistant_id))).scalar_one()
            stamp = now()
            new = {"assistant_id": assistant_id,
                   "graph_id": graph_id if graph_id is not None else row["graph_id"],
                   "name": name if name is not None else row["name"],
                   "description": description if description is not None
                   else row["description"],
                   "config": config if config else row["config"],
                   "context": context if context is not None else row["context"],
                   "metadata": {**row["metadata"], **(metadata or {})},
                   "version": int(last or 0) + 1}
            size = len(json.dumps(new["metadata"], separators=(",", ":"),
                                  ensure_ascii=False).encode())
            if max_metadata_bytes is not None and size > max_metadata_bytes:
                raise InputError(f"would grow to {size} bytes; at most {max_metadata_bytes} "
                                 "are kept", field="metadata")
            await conn.execute(assistant_versions.insert().values(**new, created_at=stamp))
            await conn.execute(assistants.update().where(
                assistants.c.assistant_id == assistant_id).values(**new, updated_at=stamp))
        return _public({**row, **new, "updated_at": stamp})

    async def set_latest(self, assistant_id: str, version: int) -> dict[str, Any]:
        """Make ``version`` the assistant's latest (what runs on it use)."""
        async with self.engine.begin() as conn:
            row = await self._changeable(conn, assistant_id)
            chosen = (await conn.execute(sa.select(assistant_versions).where(
                assistant_versions.c.assistant_id == assistant_id,
                assistant_versions.c.version == version))).mappings().first()
            if chosen is None:
                raise NotFoundError(f"version {version} of assistant {assistant_id!r} "
                                    "not found")
            if chosen["graph_id"] not in agent_names():
                raise ConflictError(f"version {version} runs graph {chosen['graph_id']!r}, "
                                    "which this server does not serve", field="version")
            new = {k: chosen[k] for k in ("graph_id", "name", "description", "config",
                                          "context", "metadata", "version")}
            stamp = now()
            await conn.execute(assistants.update().where(
                assistants.c.assistant_id == assistant_id).values(**new, updated_at=stamp))
        return _public({**row, **new, "updated_at": stamp})

    async def delete(self, assistant_id: str) -> None:
        """Remove the assistant and every version of it."""
        async with self.engine.begin() as conn:
            await self._changeable(conn, assistant_id)
            for table in (assistant_versions, assistants):
                await conn.execute(table.delete().where(table.c.assistant_id == assistant_id))

    async def check_changeable(self, assistant_id: str) -> None:
        """Raise as :meth:`update` or :meth:`delete` would for an assistant they refuse."""
        async with self.engine.connect() as conn:
            await self._changeable(conn, assistant_id, lock=False)

    async def _changeable(self, conn: AsyncConnection, assistant_id: str, *,
                          lock: bool = True) -> dict[str, Any]:
        row = await self._row(conn, assistant_id, lock=lock)
        if row["owner"] == SYSTEM_OWNER:
            raise ConflictError(f"assistant {assistant_id!r} is the system assistant of graph "
                                f"{row['graph_id']!r} and cannot be changed or deleted; create "
                                "an assistant on that graph instead", field="assistant_id")
        return row

    async def thread_ids(self, assistant_id: str) -> list[str]:
        """The caller's threads whose last run was on the assistant (thread metadata)."""
        query = sa.select(threads.c.thread_id).where(contains(
            threads.c.metadata, {"assistant_id": assistant_id}, self.dialect, "metadata"))
        if self.owner is not None:
            query = query.where(threads.c.owner == self.owner)
        async with self.engine.connect() as conn:
            return list((await conn.execute(query)).scalars().all())

    # -- runs ------------------------------------------------------------------

    async def resolve(self, ident: str) -> ResolvedAssistant:
        """The assistant ``ident`` names: a served graph's name, its system assistant's
        id, or the id of an assistant this caller can see."""
        for name in agent_names():
            if ident in (name, system_assistant_id(name)):
                return ResolvedAssistant(get_agent(name), system_assistant_id(name), 1,
                                         {}, {}, system=True)
        try:
            uuid.UUID(ident)
        except ValueError:
            raise NotFoundError(f"assistant {ident!r} not found") from None
        async with self.engine.connect() as conn:
            row = await self._row(conn, ident)
        return ResolvedAssistant(get_agent(row["graph_id"]), row["assistant_id"],
                                 row["version"], row["config"], row["context"],
                                 system=row["owner"] == SYSTEM_OWNER)

    async def record_run(self, run_id: str, thread_id: str, assistant: ResolvedAssistant,
                         ) -> None:
        """Note a run's assistant beside it, and on its thread as the Agent Server does
        (``metadata.assistant_id``); a system assistant's is implied by the graph."""
        if assistant.system:
            return
        async with self.engine.begin() as conn:
            await conn.execute(run_assistants.insert().values(
                run_id=run_id, assistant_id=assistant.assistant_id,
                version=assistant.version))
            current = (await conn.execute(sa.select(threads.c.metadata).where(
                threads.c.thread_id == thread_id))).scalar_one_or_none()
            await conn.execute(threads.update().where(threads.c.thread_id == thread_id)
                               .values(metadata={**(current or {}),
                                                 "assistant_id": assistant.assistant_id,
                                                 "graph_id": assistant.spec.name}))

    async def active_runs(self, assistant_id: str) -> list[str]:
        """The runs on the assistant that are pending or running (to cancel on delete)."""
        query = (sa.select(runs.c.run_id)
                 .join(run_assistants, run_assistants.c.run_id == runs.c.run_id)
                 .where(run_assistants.c.assistant_id == assistant_id,
                        runs.c.status.in_(("pending", "running"))))
        async with self.engine.connect() as conn:
            return list((await conn.execute(query)).scalars().all())

    async def run_assistant_ids(self, run_ids: list[str]) -> dict[str, str]:
        """The created assistant each of ``run_ids`` ran on (runs on a system one: absent)."""
        if not run_ids:
            return {}
        query = sa.select(run_assistants.c.run_id, run_assistants.c.assistant_id).where(
            run_assistants.c.run_id.in_(run_ids))
        async with self.engine.connect() as conn:
            return {r.run_id: r.assistant_id for r in (await conn.execute(query)).all()}


def _served(graph_id: str) -> None:
    if graph_id not in agent_names():
        raise NotFoundError(f"graph {graph_id!r} not found; graphs: {', '.join(agent_names())}",
                            field="graph_id")


def _public(row: dict[str, Any], select: list[str] | None = None) -> dict[str, Any]:
    """A row as the API answers it (only ``select``'s fields, when given)."""
    fields = [f for f in FIELDS if f in row and (not select or f in select)]
    return {f: (row[f].isoformat() if isinstance(row[f], datetime) else row[f])
            for f in fields}


async def resolve_assistant(desk: Desk, ident: str, owner: str | None) -> ResolvedAssistant:
    """The assistant a run names (see :meth:`AssistantStore.resolve`)."""
    return await AssistantStore(desk.persistence.engine, owner).resolve(ident)
