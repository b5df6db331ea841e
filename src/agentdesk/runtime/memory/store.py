"""LangGraph's Store (user memory) from the database URL the checkpointer uses.

``AsyncSqliteStore`` on its own connection to the same SQLite file, or
``AsyncPostgresStore`` on the checkpointer's connection pool. Its tables are
set up once when the process opens the database, like the checkpointer's.
With :class:`StoreOptions` it also embeds items for semantic search (the
store's own ``IndexConfig``) and expires them (its ``TTLConfig``, swept by the
store's own sweeper while the Store is open).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langgraph.store.base import BaseStore, TTLConfig

from agentdesk.errors import ConfigError
from agentdesk.runtime.storage import sqliteconn

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings

    from agentdesk.runtime.storage.persistence import DatabaseURL

__all__ = ["StoreOptions", "open_memory_store", "resolve_embeddings"]


@dataclass(frozen=True)
class StoreOptions:
    """How the Store indexes and expires items (langgraph.json's ``store`` section)."""

    index: dict[str, Any] | None = None
    """``{"dims", "embed", "fields"}`` as langgraph.json gives it; None: no semantic search."""
    ttl_default_minutes: float | None = None
    """Minutes an item lives unless its ``put`` says otherwise; None: forever."""
    ttl_refresh_on_read: bool = True
    """Whether reads restart an item's TTL unless the caller says otherwise."""
    ttl_sweep_interval_minutes: float | None = None
    """How often expired items are deleted; None: never (they stay readable)."""

    def ttl(self) -> TTLConfig | None:
        """The store's TTL config: set whenever any TTL option is, else None (no TTL)."""
        if self.ttl_default_minutes is None and self.ttl_sweep_interval_minutes is None:
            return None
        return TTLConfig(refresh_on_read=self.ttl_refresh_on_read,
                         default_ttl=self.ttl_default_minutes,
                         sweep_interval_minutes=self.ttl_sweep_interval_minutes)  # type: ignore[typeddict-item]


def _load_attr(path: str) -> Any:
    """``./file.py:attr`` (relative to the working directory) or ``module.path:attr``."""
    target, _, attr = path.rpartition(":")
    if target.endswith(".py"):
        file = Path(target).resolve()
        spec = importlib.util.spec_from_file_location(f"agentdesk_embed_{file.stem}", file)
        if spec is None or spec.loader is None or not file.is_file():
            raise ConfigError(f"store.index.embed: no such file {target!r}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target)
    try:
        return getattr(module, attr)
    except AttributeError as exc:
        raise ConfigError(f"store.index.embed: {target!r} has no {attr!r}") from exc


def resolve_embeddings(embed: str) -> Embeddings:
    """The embedding model ``embed`` names, as the Agent Server resolves ``store.index.embed``.

    A LangChain provider name (``openai:text-embedding-3-small``) goes to
    ``init_embeddings``; any other ``module:attr`` or ``./file.py:attr`` is imported: an
    ``Embeddings`` instance as it is, a function of a list of texts wrapped by the
    store's ``ensure_embeddings``.
    """
    from langchain.embeddings.base import _BUILTIN_PROVIDERS, init_embeddings
    from langchain_core.embeddings import Embeddings
    from langgraph.store.base.embed import ensure_embeddings

    provider = embed.partition(":")[0]
    if provider in _BUILTIN_PROVIDERS and ".py" not in embed:
        try:
            return init_embeddings(embed)
        except (ImportError, ValueError) as exc:
            raise ConfigError(f"store.index.embed: {exc}") from exc
    if ":" not in embed:
        raise ConfigError(f"store.index.embed: {embed!r} is neither provider:model nor "
                          "module:attr")
    try:
        value = _load_attr(embed)
    except ImportError as exc:
        raise ConfigError(f"store.index.embed: cannot import {embed!r}: {exc}") from exc
    if isinstance(value, Embeddings):
        return value
    if callable(value):
        return ensure_embeddings(value)
    raise ConfigError(f"store.index.embed: {embed!r} is neither Embeddings nor a function")


def _index_config(index: dict[str, Any]) -> dict[str, Any]:
    """The store's ``IndexConfig`` from langgraph.json's ``store.index`` (checked)."""
    unknown = set(index) - {"dims", "embed", "fields"}
    if unknown:
        raise ConfigError(f"store.index: unknown key(s) {sorted(unknown)}")
    dims, embed = index.get("dims"), index.get("embed")
    if not isinstance(dims, int) or isinstance(dims, bool) or dims < 1:
        raise ConfigError("store.index.dims: a positive integer is required")
    if not isinstance(embed, str) or not embed:
        raise ConfigError("store.index.embed: a provider:model name or module:attr is required")
    fields = index.get("fields")
    if fields is not None and (not isinstance(fields, list)
                               or not all(isinstance(f, str) and f for f in fields)):
        raise ConfigError("store.index.fields: a list of field paths is required")
    config: dict[str, Any] = {"dims": dims, "embed": resolve_embeddings(embed)}
    if fields is not None:
        config["fields"] = fields
    return config


@asynccontextmanager
async def open_memory_store(url: DatabaseURL, pool: Any = None,
                            options: StoreOptions | None = None,
                            synchronous: sqliteconn.Synchronous = "full",
                            ) -> AsyncIterator[BaseStore]:
    """The Store of ``url``, set up; ``pool``: PostgreSQL's open connection pool;
    ``synchronous``: SQLite's setting for its connection (see :mod:`.sqliteconn`).

    With a TTL sweep interval the store's sweeper runs until the Store closes.
    """
    options = options or StoreOptions()
    if options.ttl_default_minutes is not None and options.ttl_sweep_interval_minutes is None:
        # Expired items are only deleted by the sweeper: without one they would stay.
        raise ConfigError("store.ttl.default_ttl needs store.ttl.sweep_interval_minutes")
    index = _index_config(options.index) if options.index else None
    ttl = options.ttl()
    if url.dialect == "sqlite":
        from langgraph.store.sqlite.aio import AsyncSqliteStore

        if index is not None:
            _require_sqlite_extensions()

        # On a connection like the checkpointer's, so its writes take their turn with
        # this process's other writers (sqliteconn); the Store begins its own
        # transactions, hence no isolation level.
        async with sqliteconn.connect(url.target, isolation_level=None,
                                      synchronous=synchronous) as conn:
            store = AsyncSqliteStore(conn, index=index, ttl=ttl)  # type: ignore[arg-type]
            await store.setup()
            async with _swept(store, options):
                yield store
        return
    from langgraph.store.postgres.aio import AsyncPostgresStore

    if index is not None:
        await _require_pgvector(pool)
    default = options.ttl_default_minutes
    if default is not None and not float(default).is_integer():
        raise ConfigError("store.ttl.default_ttl: PostgreSQL keeps TTLs in whole minutes "
                          f"(got {default})")
    postgres = AsyncPostgresStore(pool, index=index, ttl=ttl)  # type: ignore[arg-type]
    # Processes that start together set the tables up one after the other.
    async with pool.connection() as conn:
        await conn.execute("SELECT pg_advisory_lock(784513)")
        try:
            await postgres.setup()
        finally:
            await conn.execute("SELECT pg_advisory_unlock(784513)")
    async with _swept(postgres, options):
        yield postgres


def _require_sqlite_extensions() -> None:
    """Semantic search on SQLite loads sqlite-vec, which needs a ``sqlite3`` able to load
    extensions (many Python builds, this one's perhaps, are compiled without it)."""
    import sqlite3

    if not hasattr(sqlite3.Connection, "enable_load_extension"):
        raise ConfigError("store.index: semantic search on SQLite needs a Python whose "
                          "sqlite3 can load extensions (for sqlite-vec), and this one "
                          "cannot; use PostgreSQL with pgvector or remove store.index")


async def _require_pgvector(pool: Any) -> None:
    """Semantic search on PostgreSQL needs the pgvector extension: say so before starting."""
    async with pool.connection() as conn:
        row = await (await conn.execute(
            "SELECT 1 AS ok FROM pg_available_extensions WHERE name = 'vector'")).fetchone()
    if row is None:
        raise ConfigError("store.index: semantic search on PostgreSQL needs the pgvector "
                          "extension ('vector'), which this server does not have; install "
                          "pgvector or remove store.index")


@asynccontextmanager
async def _swept(store: Any, options: StoreOptions) -> AsyncIterator[None]:
    """Run the store's own TTL sweeper while the block runs (when an interval is set), and
    end its batching task when the block ends."""
    sweeps = options.ttl_sweep_interval_minutes is not None
    if sweeps:
        await store.start_ttl_sweeper()
    try:
        yield
    finally:
        if sweeps:
            await store.stop_ttl_sweeper()
        await _end_batching(store)


async def _end_batching(store: Any) -> None:
    """Cancel and await the task that langgraph's batched stores run their operations in.

    The store cancels it only when the object is collected, by then perhaps after its event
    loop has closed, which warns "Task was destroyed but it is pending" at exit."""
    task = getattr(store, "_task", None)
    if task is None or task.done():
        return
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task
