"""The sample bank's tables, as SQLAlchemy Core tables that SQLite and PostgreSQL both build.

Column types are chosen per dialect: a date is ``DATE`` in PostgreSQL and ``TEXT``
``'YYYY-MM-DD'`` in SQLite; money is ``NUMERIC(14,2)`` in PostgreSQL and ``REAL`` in
SQLite; a loan rate is a percentage (``6.25`` means 6.25 %), ``NUMERIC(5,2)`` or ``REAL``.
The generated rows carry dates as ISO strings on both; :class:`IsoDate` turns them into
dates for PostgreSQL.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import (
    NUMERIC,
    REAL,
    Column,
    Date,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
)
from sqlalchemy.schema import CreateTable
from sqlalchemy.types import TypeDecorator, TypeEngine

__all__ = ["BANK_TABLES", "METADATA", "READER_ROLE", "columns", "schema_statements"]

READER_ROLE = "agentdesk_bank_reader"
"""PostgreSQL role with SELECT on the bank tables only; queries run as it when it exists."""


class IsoDate(TypeDecorator[str]):
    """An ISO date string (``'2024-05-01'``): ``DATE`` in PostgreSQL, ``TEXT`` in SQLite."""

    impl = Text
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        return dialect.type_descriptor(Date() if dialect.name == "postgresql" else Text())

    def process_bind_param(self, value: str | None, dialect: Dialect) -> Any:
        if value is None or dialect.name != "postgresql":
            return value
        return date.fromisoformat(value)


MONEY: TypeEngine[Any] = REAL().with_variant(NUMERIC(14, 2), "postgresql")
"""An amount of dollars: ``NUMERIC(14,2)`` in PostgreSQL, ``REAL`` in SQLite."""
RATE: TypeEngine[Any] = REAL().with_variant(NUMERIC(5, 2), "postgresql")
"""A percentage such as 6.25: ``NUMERIC(5,2)`` in PostgreSQL, ``REAL`` in SQLite."""

METADATA = MetaData()
"""Every bank table; ``METADATA.sorted_tables`` lists parents before children."""


def _id() -> Column[int]:
    # A nullable spelling keeps SQLite's own "INTEGER PRIMARY KEY" column (an alias of the
    # rowid, reported NOT NULL = 0); a primary key is never null in either database.
    return Column("id", Integer, primary_key=True, nullable=True, autoincrement=False)


def _parent(table: str) -> ForeignKey:
    return ForeignKey(f"{table}.id")


Table(
    "branches", METADATA,
    _id(),
    Column("name", Text, nullable=False),
    Column("city", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("opened_at", IsoDate, nullable=False),
)
Table(
    "customers", METADATA,
    _id(),
    Column("first_name", Text, nullable=False),
    Column("last_name", Text, nullable=False),
    Column("email", Text, nullable=False, unique=True),
    Column("birth_date", IsoDate, nullable=False),
    Column("city", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("segment", Text, nullable=False),
    Column("joined_at", IsoDate, nullable=False),
    Column("employer", Text),
    Index("ix_customers_joined_at", "joined_at"),
    Index("ix_customers_state", "state"),
)
Table(
    "accounts", METADATA,
    _id(),
    Column("customer_id", Integer, _parent("customers"), nullable=False),
    Column("branch_id", Integer, _parent("branches"), nullable=False),
    Column("type", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("opened_at", IsoDate, nullable=False),
    Column("closed_at", IsoDate),
    Column("balance", MONEY, nullable=False),
    Index("ix_accounts_customer_id", "customer_id"),
    Index("ix_accounts_branch_id", "branch_id"),
    Index("ix_accounts_opened_at", "opened_at"),
)
Table(
    "cards", METADATA,
    _id(),
    Column("account_id", Integer, _parent("accounts"), nullable=False),
    Column("kind", Text, nullable=False),
    Column("network", Text, nullable=False),
    Column("last4", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("credit_limit", MONEY),
    Column("issued_at", IsoDate, nullable=False),
    Column("expires_at", IsoDate, nullable=False),
    Index("ix_cards_account_id", "account_id"),
    Index("ix_cards_issued_at", "issued_at"),
)
Table(
    "loans", METADATA,
    _id(),
    Column("customer_id", Integer, _parent("customers"), nullable=False),
    Column("kind", Text, nullable=False),
    Column("principal", MONEY, nullable=False),
    Column("rate", RATE, nullable=False),
    Column("term_months", Integer, nullable=False),
    Column("status", Text, nullable=False),
    Column("originated_at", IsoDate, nullable=False),
    Index("ix_loans_customer_id", "customer_id"),
    Index("ix_loans_originated_at", "originated_at"),
)
Table(
    "transactions", METADATA,
    _id(),
    Column("account_id", Integer, _parent("accounts"), nullable=False),
    Column("posted_at", IsoDate, nullable=False),
    Column("amount", MONEY, nullable=False),
    Column("category", Text, nullable=False),
    Column("merchant", Text),
    Column("channel", Text, nullable=False),
    Index("ix_transactions_account_id", "account_id"),
    Index("ix_transactions_posted_at", "posted_at"),
)

BANK_TABLES: tuple[str, ...] = tuple(METADATA.tables)
"""Every table of the bank, parents before children (the order they are defined in)."""


def columns(table: str) -> list[str]:
    """The column names of ``table``, in order (the order of a generated row's values)."""
    return [column.name for column in METADATA.tables[table].columns]


def schema_statements(dialect: str) -> list[str]:
    """``CREATE TABLE`` statements (parents first) for ``sqlite`` or ``postgresql``."""
    from sqlalchemy.dialects import postgresql, sqlite

    compiler = {"sqlite": sqlite.dialect, "postgresql": postgresql.dialect}[dialect]()
    return [str(CreateTable(table).compile(dialect=compiler)).strip()
            for table in METADATA.sorted_tables]
