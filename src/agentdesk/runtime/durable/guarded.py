"""Writes that stand or fall together, sent to PostgreSQL as one statement.

The transactions every run makes (claiming its thread, ending) are a *guard*,
an UPDATE or INSERT that must change exactly one row (the thread is still as
the caller saw it; the attempt still owns its run), and writes that count
only if it did. On PostgreSQL they go as one statement of data-modifying CTEs
in autocommit: one statement is one transaction and one round trip, where
``BEGIN``, each statement and ``COMMIT`` took one each. Every write after the
guard is conditioned on the guard's row (``WHERE EXISTS``), so a guard that
changes nothing writes nothing. On SQLite, whose statements cost no round
trip, the same writes run one by one in one transaction, as they do on PostgreSQL
when they insert more than :data:`ONE_STATEMENT_ROWS` rows.

Two rules follow from PostgreSQL's: each write changes rows no other write of
the same call changes (the sub-statements of one statement all see the data as
it was before it; a row updated twice keeps only one of the changes), and no
bound parameter is named like a column (SQLAlchemy would take it for a value
of that column).

Statements are built once per shape (which templates, how many rows) and
SQLAlchemy's compiled cache is used; a multi-row insert is a ``UNION ALL`` of
bound rows, kept in order (the audit log's ids follow it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.runtime.storage.persistence import single_statements

__all__ = ["Rows", "Update", "write"]


@dataclass(frozen=True)
class Update:
    """An UPDATE built once with bound parameters (``statement``), and their values."""

    statement: sa.Update
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Rows:
    """Rows to insert into ``table``, each with the same columns."""

    table: sa.Table
    rows: Sequence[Mapping[str, Any]]


ONE_STATEMENT_ROWS = 64
"""Inserted rows up to which PostgreSQL gets one statement. More (a long run's events
stored at its end) go in a transaction, as on SQLite: a statement per row count is
built and cached, and a long ``UNION ALL`` costs more to plan than round trips."""

Write = Update | Rows
_Shape = sa.Update | tuple[sa.Table, tuple[str, ...], int]


async def write(engine: AsyncEngine, guard: Write, *then: Write) -> bool:
    """Make ``guard`` and, if it changed exactly one row, ``then``: all or nothing.

    False, with nothing written, when the guard changed no row. A write that
    breaks a constraint (a guard inserting a key that exists) raises
    ``IntegrityError``, with nothing written either.
    """
    if isinstance(guard, Rows) and len(guard.rows) != 1:
        raise ValueError("a guard inserts exactly one row")
    then = tuple(w for w in then if not isinstance(w, Rows) or w.rows)
    rows = sum(len(w.rows) for w in then if isinstance(w, Rows))
    if engine.dialect.name == "postgresql" and rows <= ONE_STATEMENT_ROWS:
        statement = _statement(_shape(guard), tuple(_shape(w) for w in then))
        params: dict[str, Any] = {}
        for index, item in enumerate((guard, *then)):
            params.update(_params(index, item))
        async with single_statements(engine).connect() as conn:
            return (await conn.execute(statement, params)).scalar_one() == 1
    async with engine.begin() as conn:
        if await _one_by_one(conn, guard) != 1:
            return False
        for item in then:
            await _one_by_one(conn, item)
    return True


async def _one_by_one(conn: Any, item: Write) -> int:
    if isinstance(item, Update):
        return int((await conn.execute(item.statement, dict(item.params))).rowcount)
    await conn.execute(item.table.insert(), [dict(row) for row in item.rows])
    return len(item.rows)


def _shape(item: Write) -> _Shape:
    if isinstance(item, Update):
        return item.statement
    return item.table, tuple(item.rows[0]), len(item.rows)


def _params(index: int, item: Write) -> dict[str, Any]:
    if isinstance(item, Update):
        return dict(item.params)
    return {f"w{index}_{row}_{column}": value
            for row, values in enumerate(item.rows) for column, value in values.items()}


@lru_cache(maxsize=256)
def _statement(guard: _Shape, then: tuple[_Shape, ...]) -> sa.Select[Any]:
    """``WITH w0 AS (guard RETURNING 1), w1 AS (... WHERE EXISTS w0) ... SELECT count(w0)``."""
    first = _dml(0, guard, None).returning(sa.literal(1).label("held")).cte("w0")
    held = sa.exists(sa.select(first.c.held))
    rest = [_dml(index, shape, held).cte(f"w{index}")
            for index, shape in enumerate(then, start=1)]
    return sa.select(sa.select(sa.func.count()).select_from(first).scalar_subquery()
                     ).add_cte(*rest)


def _dml(index: int, shape: _Shape, held: sa.ColumnElement[bool] | None,
         ) -> sa.Update | sa.Insert:
    if isinstance(shape, sa.Update):
        return shape if held is None else shape.where(held)
    table, columns, count = shape
    rows = [sa.select(*(sa.bindparam(f"w{index}_{row}_{column}", type_=table.c[column].type)
                        for column in columns)) for row in range(count)]
    if held is not None:
        rows = [row.where(held) for row in rows]
    source = rows[0] if count == 1 else sa.union_all(*rows)
    return table.insert().from_select(list(columns), source)
