"""What the bank holds, read from the database once: its tables, columns and the values
of its categorical columns (segments, statuses, merchants, cities ...).

The catalog is built on first use and kept per database (and, for SQLite, per file
version), so a question costs no extra queries.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ..database import BankDatabase

__all__ = ["Catalog", "catalog_for"]

_MAX_DISTINCT = 1500
"""A text column with more distinct values than this is free text (names, e-mails)."""

_FREE_TEXT = frozenset({"first_name", "last_name", "email", "last4", "employer"})
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Catalog:
    """Tables with their columns, and the distinct values of each categorical column."""

    tables: dict[str, list[str]]
    values: dict[str, tuple[str, ...]]
    """``table.column`` -> its distinct values, most frequent first."""
    domains: tuple[str, ...] = ()
    """The e-mail providers the customers' addresses are at ("gmail.com"), when they are a
    few (not one per company)."""
    debits: frozenset[str] = frozenset()
    """The transaction categories whose every amount is money going out (rent, groceries):
    "a rent payment" is money paid, whatever the word says of itself."""
    credits: frozenset[str] = frozenset()
    """The transaction categories whose every amount is money coming in (payroll)."""
    today: date | None = None
    """The day the bank's data runs to (its latest transaction): "last month" and "this year"
    are counted from it, so a copy of the bank taken on some day reads them as of that day,
    not as of the clock's day (``None``: no transactions, the clock's day)."""

    def has(self, ref: str) -> bool:
        table, _, column = ref.partition(".")
        return column in self.tables.get(table, ())


def _build(db: BankDatabase) -> Catalog:
    tables = db.tables()
    values: dict[str, tuple[str, ...]] = {}
    for table, columns in tables.items():
        for column in columns:
            if column in _FREE_TEXT or column == "id" or column.endswith("_id"):
                continue
            rows = db.execute(
                f"SELECT {column} AS v, COUNT(*) AS n FROM {table} WHERE {column} IS NOT NULL "
                f"GROUP BY {column} ORDER BY n DESC, {column} LIMIT {_MAX_DISTINCT + 1}",
                max_rows=_MAX_DISTINCT + 1).rows
            found = [row["v"] for row in rows]
            if not found or len(found) > _MAX_DISTINCT:
                continue
            if not all(isinstance(v, str) and not _DATE.match(v) for v in found):
                continue
            values[f"{table}.{column}"] = tuple(found)
    debits, credits = _directions(db, tables)
    return Catalog(tables=tables, values=values, domains=_domains(db, tables),
                   debits=debits, credits=credits, today=_latest_posting(db, tables))


def _directions(db: BankDatabase, tables: dict[str, list[str]],
                ) -> tuple[frozenset[str], frozenset[str]]:
    """(categories only ever debited, categories only ever credited) of the transactions."""
    if not {"category", "amount"} <= set(tables.get("transactions", ())):
        return frozenset(), frozenset()
    rows = db.execute("SELECT category AS c, MIN(amount) AS low, MAX(amount) AS high FROM "
                      "transactions WHERE category IS NOT NULL GROUP BY category",
                      max_rows=_MAX_DISTINCT + 1).rows
    debits = frozenset(str(r["c"]) for r in rows if r["high"] is not None and r["high"] < 0)
    credits = frozenset(str(r["c"]) for r in rows if r["low"] is not None and r["low"] > 0)
    return debits, credits


def _latest_posting(db: BankDatabase, tables: dict[str, list[str]]) -> date | None:
    """The day of the bank's latest transaction, if it has any."""
    if "posted_at" not in tables.get("transactions", ()):
        return None
    latest = db.execute("SELECT MAX(posted_at) AS v FROM transactions", max_rows=1).rows[0]["v"]
    return None if latest is None else date.fromisoformat(str(latest)[:10])


_MAX_DOMAINS = 50


def _domains(db: BankDatabase, tables: dict[str, list[str]]) -> tuple[str, ...]:
    """The domains of the customers' e-mail addresses, if there are at most a few."""
    if "email" not in tables.get("customers", ()):
        return ()
    domain = "split_part(email, '@', 2)" if db.dialect == "postgres" else \
        "substr(email, instr(email, '@') + 1)"
    rows = db.execute(f"SELECT {domain} AS v, COUNT(*) AS n FROM customers WHERE email LIKE "
                      f"'%@%' GROUP BY v ORDER BY n DESC, v LIMIT {_MAX_DOMAINS + 1}",
                      max_rows=_MAX_DOMAINS + 1).rows
    found = [row["v"] for row in rows if isinstance(row["v"], str)]
    if len(found) > _MAX_DOMAINS:
        return ()
    return tuple(v.lower() for v in found if re.fullmatch(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+", v, re.I))


_cache: dict[tuple[str, float], Catalog] = {}
_lock = threading.Lock()


def catalog_for(db: BankDatabase) -> Catalog:
    """The catalog of ``db``, built once per database (SQLite: per file change)."""
    version = 0.0
    if db.dialect == "sqlite":
        path = Path(db.url.split("///", 1)[-1]).expanduser()
        version = path.stat().st_mtime if path.exists() else 0.0
    key = (db.url, version)
    with _lock:
        if key not in _cache:
            _cache[key] = _build(db)
        return _cache[key]
