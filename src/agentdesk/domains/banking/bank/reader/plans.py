"""A reading of a question as a small query plan, and the SQL code renders from it.

The model never writes SQL: a :class:`Plan` (a base table, a measure, an optional
grouping, filters, an order and a limit) is turned into one SELECT here, with the
joins the bank's foreign keys imply. The SQL still goes through the validator.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["ENTITY_COLUMNS", "LINKS", "Comparison", "Filter", "Having", "Measure", "Op", "Plan",
           "describe", "render", "tables"]

Measure = Literal["count", "sum", "avg", "min", "max", "spend", "avg_spend", "rows", "distinct",
                  "percent",
                  "ratio"]
Comparison = Literal["=", "<>", ">", "<", ">=", "<=", "between"]
"""How a value or a measure is compared with a bound."""
Op = Comparison | Literal["null", "not null", "in", "ends"]
"""A filter's operator: a comparison, a missing or present value, one of several values, a
text's ending ("@gmail.com")."""

LINKS: dict[tuple[str, str], tuple[str, str]] = {
    ("accounts", "customers"): ("customer_id", "id"),
    ("accounts", "branches"): ("branch_id", "id"),
    ("cards", "accounts"): ("account_id", "id"),
    ("loans", "customers"): ("customer_id", "id"),
    ("transactions", "accounts"): ("account_id", "id"),
}
"""(child, parent) -> (child column, parent column): the bank's foreign keys."""

ENTITY_COLUMNS: dict[str, tuple[str, ...]] = {
    "customers": ("id", "first_name", "last_name"),
    "branches": ("id", "name"),
    "accounts": ("id", "type"),
    "loans": ("id", "kind"),
    "cards": ("id", "kind", "network"),
    "transactions": ("id", "posted_at"),
}
"""The columns that name one row of a table, when answers are per row of it."""

NULLABLE = frozenset({"transactions.merchant", "customers.employer", "accounts.closed_at",
                      "cards.credit_limit"})
"""Columns that may be empty; a grouping over one leaves the empty group out."""


@dataclass(frozen=True)
class Filter:
    """``column op value``; ``between`` takes a (low, high) pair, ``in`` a tuple, ``null``
    and ``not null`` no value."""

    column: str
    op: Op
    value: Any = None


@dataclass(frozen=True)
class Having:
    """Rows of the plan's table kept by how many rows of ``child`` they own:
    ``COUNT(child) op count`` ("customers with at least 3 cards")."""

    child: str
    op: Literal["=", ">", "<", ">=", "<="]
    count: int


@dataclass(frozen=True)
class Plan:
    """What to compute: ``measure`` of ``column`` over ``table``, grouped, filtered, ordered."""

    table: str
    measure: Measure
    column: str | None = None
    group: str | None = None
    """``table.column``, ``year:table.column``, ``month:table.column`` or ``entity:table``."""
    filters: tuple[Filter, ...] = field(default_factory=tuple)
    order: Literal["desc", "asc"] | None = None
    limit: int | None = None
    having: Having | None = None
    """A threshold on owned rows; the plan then counts or lists the table's rows kept."""
    bare: bool = False
    """``rows`` of ``column`` only ("the 5 largest balances": the balances, not the rows)."""
    part: tuple[Filter, ...] = ()
    """``percent``: what the counted share of the rows passes ("accounts that are closed");
    ``ratio``: what the rows counted above the line pass ("credit cards")."""
    per: tuple[Filter, ...] = ()
    """``ratio``: what the rows counted below the line pass ("to debit cards")."""
    keep: tuple[Comparison, Any] | None = None
    """(op, value) the measure of each group must pass ("merchants with total spend over
    $450k": ``HAVING SUM(-amount) > 450000``)."""


def _table_of(ref: str) -> str:
    return ref.split(":", 1)[-1].split(".", 1)[0]


def tables(plan: Plan) -> list[str]:
    """The tables a plan reads: its own, then those its columns and threshold need."""
    refs = [plan.column, plan.group,
            *(f.column for f in (*plan.filters, *plan.part, *plan.per)),
            f"{plan.having.child}.id" if plan.having else None]
    out = [plan.table]
    for ref in refs:
        if ref and _table_of(ref) not in out:
            out.append(_table_of(ref))
    return out


def _neighbours(table: str) -> list[tuple[str, str, bool]]:
    """(other table, ON clause, whether ``other`` is a child of ``table``)."""
    out = []
    for (child, parent), (fk, pk) in LINKS.items():
        if child == table:
            out.append((parent, f"{parent}.{pk} = {child}.{fk}", False))
        elif parent == table:
            out.append((child, f"{child}.{fk} = {parent}.{pk}", True))
    return out


def _joins(plan: Plan) -> tuple[list[tuple[str, str]], bool]:
    """JOIN clauses from the base table to every table the plan needs; whether any fans out."""
    previous: dict[str, tuple[str, str, bool] | None] = {plan.table: None}
    queue = deque([plan.table])
    while queue:
        table = queue.popleft()
        for other, on, fans_out in _neighbours(table):
            if other not in previous:
                previous[other] = (table, on, fans_out)
                queue.append(other)
    joins: list[tuple[str, str]] = []
    fans = False
    for target in tables(plan)[1:]:
        path = []
        node = target
        while previous.get(node) is not None:
            step = previous[node]
            assert step is not None
            path.append((node, step[1], step[2]))
            node = step[0]
        for table, on, fans_out in reversed(path):
            if all(table != joined for joined, _ in joins):
                joins.append((table, on))
                fans = fans or fans_out
    return joins, fans


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int | float):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def _condition(item: Filter) -> str:
    if item.op == "between":
        low, high = item.value
        return f"{item.column} BETWEEN {_literal(low)} AND {_literal(high)}"
    if item.op == "in":
        return f"{item.column} IN ({', '.join(_literal(v) for v in item.value)})"
    if item.op == "not null":
        return f"{item.column} IS NOT NULL"
    if item.op == "null":
        return f"{item.column} IS NULL"
    if item.op == "ends":
        return f"{item.column} LIKE {_literal('%' + str(item.value))}"
    return f"{item.column} {item.op} {_literal(item.value)}"


def _bucket(kind: str, column: str, dialect: str) -> str:
    if dialect == "postgres":
        return f"to_char({column}, '{'YYYY' if kind == 'year' else 'YYYY-MM'}')"
    return f"strftime('{'%Y' if kind == 'year' else '%Y-%m'}', {column})"


def _measure(plan: Plan, fans_out: bool) -> tuple[str, str]:
    """(expression, alias) of the plan's measure."""
    name = (plan.column or "").split(".")[-1]
    if plan.measure == "count":
        if fans_out:
            return f"COUNT(DISTINCT {plan.table}.id)", f"{plan.table}_count"
        return "COUNT(*)", f"{plan.table}_count"
    if plan.measure == "spend":
        return f"SUM(-{plan.column})", "spend"
    if plan.measure == "avg_spend":  # "on average, how much is spent": of the debits only
        return f"AVG(-{plan.column})", "average_spend"
    if plan.measure == "percent":
        part = " AND ".join(_condition(f) for f in plan.part)
        rows = f"COUNT(DISTINCT {plan.table}.id)" if fans_out else "COUNT(*)"
        kept = f"DISTINCT CASE WHEN {part} THEN {plan.table}.id END" if fans_out else \
            f"CASE WHEN {part} THEN 1 END"
        return f"100.0 * COUNT({kept}) / {rows}", "percent"
    if plan.measure == "ratio":
        above, below = (" AND ".join(_condition(f) for f in side) for side in (plan.part, plan.per))
        key = f"{plan.table}.id"
        return (f"1.0 * COUNT(DISTINCT CASE WHEN {above} THEN {key} END) / "
                f"COUNT(DISTINCT CASE WHEN {below} THEN {key} END)"), "ratio"
    if plan.measure == "distinct":
        return f"COUNT(DISTINCT {plan.column})", f"different_{name}"
    if plan.measure in ("sum", "avg", "min", "max"):
        word = {"sum": "total", "avg": "average", "min": "lowest", "max": "highest"}[plan.measure]
        return f"{plan.measure.upper()}({plan.column})", f"{word}_{name}"
    raise ValueError(plan.measure)


def _render_having(plan: Plan, having: Having) -> str:
    """Rows of the table kept by a threshold on the rows they own, counted or listed.

    Owned rows are LEFT JOINed, so "fewer than 2" keeps the rows that own none."""
    joins, _ = _joins(plan)
    keys = [f"{plan.table}.{c}" for c in ENTITY_COLUMNS[plan.table]]
    owned = f"COUNT(DISTINCT {having.child}.id)"
    sql = f"SELECT {', '.join(keys)}, {owned} AS {having.child}_count FROM {plan.table}"
    sql += "".join(f" LEFT JOIN {table} ON {on}" for table, on in joins)
    if plan.filters:
        sql += " WHERE " + " AND ".join(_condition(f) for f in plan.filters)
    sql += f" GROUP BY {', '.join(keys)} HAVING {owned} {having.op} {int(having.count)}"
    if plan.measure == "count":
        return f"SELECT COUNT(*) AS {plan.table}_count FROM ({sql}) AS kept"
    sql += f" ORDER BY {having.child}_count DESC, {plan.table}.id"
    return sql + (f" LIMIT {int(plan.limit)}" if plan.limit else "")


def render(plan: Plan, dialect: str = "sqlite") -> str:
    """The SELECT that answers ``plan`` (``sqlite`` or ``postgres``)."""
    if plan.having is not None:
        return _render_having(plan, plan.having)
    joins, fans_out = _joins(plan)
    filters = list(plan.filters)
    if plan.measure in ("spend", "avg_spend") and plan.column and \
            Filter(plan.column, "<", 0) not in filters:
        filters.append(Filter(plan.column, "<", 0))
    select: list[str] = []
    group_by: list[str] = []
    order_by: list[str] = []
    if plan.group:
        kind, _, ref = plan.group.rpartition(":")
        if kind in ("year", "month"):
            select.append(f"{_bucket(kind, ref, dialect)} AS {kind}")
            group_by.append(kind)
            order_by.append(kind)
        elif kind == "entity":
            cols = [f"{ref}.{c}" for c in ENTITY_COLUMNS[ref]]
            select += cols
            group_by += cols
        else:
            select.append(ref)
            group_by.append(ref)
            order_by.append(ref)
            if ref in NULLABLE:
                filters.append(Filter(ref, "not null"))
    if plan.measure == "rows":
        if plan.bare and plan.column:
            select.append(plan.column)
            filters.append(Filter(plan.column, "not null"))
        else:
            select.append(f"{plan.table}.*")
        if plan.column and plan.order:
            order_by = [f"{plan.column} {plan.order.upper()}", f"{plan.table}.id"]
    else:
        expr, alias = _measure(plan, fans_out)
        select.append(f"{expr} AS {alias}")
        if plan.order:
            order_by = [f"{alias} {plan.order.upper()}"]
    # "customers who bought at Costco": each customer once, however many purchases.
    once = plan.measure == "rows" and not plan.bare and fans_out and \
        all(c.startswith(plan.table + ".") for c in order_by)
    if plan.measure == "rows" and not order_by:
        # Rows asked for in no order come in the table's, so the first 100 (the validator cuts
        # a list there) are the same on every database: PostgreSQL's heap and an index SQLite
        # walks give them in other orders.
        order_by = [f"{plan.table}.id"]
    sql = f"SELECT {'DISTINCT ' if once else ''}{', '.join(select)} FROM {plan.table}"
    sql += "".join(f" JOIN {table} ON {on}" for table, on in joins)
    if filters:
        sql += " WHERE " + " AND ".join(_condition(f) for f in filters)
    if group_by:
        sql += " GROUP BY " + ", ".join(group_by)
    if plan.keep is not None and plan.measure not in ("rows", "count"):
        sql += f" HAVING {_condition(Filter(_measure(plan, fans_out)[0], *plan.keep))}"
    if order_by:
        sql += " ORDER BY " + ", ".join(order_by)
    if plan.limit:
        sql += f" LIMIT {int(plan.limit)}"
    return sql


_MEASURE_WORDS = {"ratio": "the ratio", "percent": "the percentage of",
                  "distinct": "the number of different", "count": "the number of",
                  "sum": "the total", "avg": "the average", "min": "the lowest",
                  "max": "the highest", "spend": "the amount spent",
                  "avg_spend": "the average amount spent"}


def _words(ref: str) -> str:
    return ref.split(".", 1)[-1].replace("_", " ")


def _describe_filter(item: Filter) -> str:
    if item.op == "between":
        return f"{item.column} from {item.value[0]} to {item.value[1]}"
    if item.op == "in":
        return f"{item.column} is {' or '.join(str(v) for v in item.value)}"
    if item.op in ("null", "not null"):
        return f"{item.column} is {'not ' if item.op == 'null' else ''}set"
    if item.op == "ends":
        return f"{item.column} ends with {item.value}"
    return f"{item.column} {item.op} {item.value}"


def describe(plan: Plan) -> str:
    """The plan in one line of words, for a person and for the model."""
    if plan.measure == "rows" and plan.bare:
        text = f"list {_words(plan.column or '')} of {plan.table}"
    elif plan.measure == "rows":
        text = f"list {plan.table}"
        if plan.column and plan.order:
            text += (f", {'highest' if plan.order == 'desc' else 'lowest'} "
                     f"{_words(plan.column)} first")
    elif plan.measure == "ratio":
        text = (f"the number of {plan.table} where "
                f"{' and '.join(_describe_filter(f) for f in plan.part)} for each one where "
                f"{' and '.join(_describe_filter(f) for f in plan.per)}")
    elif plan.measure in ("count", "percent"):
        text = f"{_MEASURE_WORDS[plan.measure]} {plan.table}"
    else:
        text = f"{_MEASURE_WORDS[plan.measure]} {_words(plan.column or '')} of {plan.table}"
    if plan.group:
        kind, _, ref = plan.group.rpartition(":")
        text += f" per {kind}" if kind in ("year", "month") else \
            f" per {ref.rstrip('s') if kind == 'entity' else _words(ref)}"
        if kind in ("year", "month"):
            text += f" of {_words(ref)}"
    if plan.having:
        text += f" with {plan.having.op} {plan.having.count} {plan.having.child}"
    if plan.filters:
        text += " where " + " and ".join(_describe_filter(f) for f in plan.filters)
    if plan.part:
        text += ", the share with " + " and ".join(_describe_filter(f) for f in plan.part)
    if plan.keep is not None:
        op, value = plan.keep
        text += (f", keeping those whose {_MEASURE_WORDS[plan.measure].removeprefix('the ')}"
                 f" is {op} {value}")
    if plan.limit and plan.measure != "rows" and plan.order:
        text += f", the {plan.limit} {'highest' if plan.order == 'desc' else 'lowest'}"
    elif plan.limit:
        text += f", first {plan.limit}"
    return text
