"""The banking assistant's validation agent: model-written SQL checked by parsing, no model.

:func:`validate_sql` parses the SQL with sqlglot (never regexes or keyword search), walks
every node of the tree and either returns the SQL rendered by sqlglot, with a ``LIMIT``
enforced, or raises :class:`SQLRejected` naming the rule it broke. Anything it cannot
understand is refused (fail closed). The refusal message is phrased so a model can fix its
SQL on a retry.

Rules (``SQLRejected.rule``), checked in this order:

``empty``
    Blank, whitespace-only or comment-only input.
``too_large``
    Over :data:`MAX_SQL_CHARS` characters (checked before tokenizing).
``too_deep``
    Parentheses nested deeper than :data:`MAX_DEPTH` (checked on the tokens, before parsing),
    a parse tree deeper than :data:`MAX_TREE_DEPTH`, or any ``RecursionError`` in sqlglot.
``parse_error``
    sqlglot cannot tokenize or parse it (or fails in any other way).
``multiple_statements``
    More than one statement; empty pieces and comment-only pieces after a ``;`` count as
    nothing, so ``SELECT 1; -- done`` is one statement.
``pragma`` / ``attach`` / ``transaction`` / ``command``
    A PRAGMA (also SQLite's ``pragma_*`` table-valued functions), ATTACH/DETACH, transaction
    control (BEGIN/COMMIT/ROLLBACK/...), or a statement sqlglot only knows as an opaque
    ``Command`` (VACUUM, EXPLAIN, SET ROLE, SHOW, CALL, DO, LOCK, REPLACE INTO, ...) — at
    the root or anywhere in the tree. ANALYZE counts as ``command``.
``set_operation``
    UNION / INTERSECT / EXCEPT anywhere: a query is one SELECT, never several combined.
``not_select``
    The root is not a SELECT (``WITH ... SELECT`` is a SELECT).
``write_in_tree``
    A write or DDL/DCL node anywhere (INSERT, UPDATE, DELETE, MERGE, CREATE, DROP, ALTER,
    TRUNCATE, COPY, GRANT, SET, ...), e.g. a data-modifying CTE.
``select_into``
    ``SELECT ... INTO`` (creates a table).
``locking``
    ``FOR UPDATE`` / ``FOR SHARE`` and friends.
``encoding``
    The SQL is not valid UTF-8 text (it holds a lone surrogate, as undecodable bytes become
    when read with ``surrogateescape``).
``dangerous_function``
    A function on the deny list of either dialect (matched case-insensitively on the parsed
    function nodes, with ``*`` wildcards), or any schema-qualified function call
    (``pg_catalog.f()``, ``public.f()``): user-defined functions may have side effects.
``unknown_function``
    Any other function that is not on the dialect's allow list (:data:`ALLOWED_FUNCTIONS`):
    the aggregates, window functions and scalar arithmetic, text and date functions an
    analytical question needs. The list is closed: a function nobody thought of is refused.
``table_function``
    A table-valued function in FROM that is not on the dialect's short allow list.
``system_table``
    A system catalog: ``sqlite_master``/``sqlite_schema``/``sqlite_*``, ``pg_*`` tables,
    anything in ``pg_catalog``/``information_schema``/``pg_toast``/``temp``.
``schema_qualified``
    A table qualified by a schema other than the default (``main`` for SQLite, ``public`` for
    PostgreSQL), or by a catalog (``db.schema.table``).
``unknown_table``
    A table that is neither in the schema (case-insensitive) nor a CTE visible from the
    reference (a CTE named like a real table shadows it).
``unknown_column``
    A column qualified by a table name or alias that resolves to a schema table which has no
    such column. Unqualified columns are not checked (they may be select-list aliases or
    outer references); the database reports those.
``limit``
    A LIMIT that is not a non-negative integer literal (a parameter, an expression,
    ``LIMIT ALL``, ``LIMIT -1``) or a ``FETCH ... PERCENT / WITH TIES``.

Design choices:

* LIMIT: the outermost SELECT gets ``LIMIT 100`` when it has none; a higher literal is
  lowered to :data:`MAX_LIMIT`; OFFSET is kept. A non-literal limit is *refused* rather than
  replaced, because replacing a bound parameter would break the caller's parameter count
  and a computed limit cannot be checked. ``FETCH FIRST n ROWS ONLY`` is treated as a limit.
* Table-valued functions: refused except a harmless allow list (SQLite ``json_each`` and
  ``json_tree``; PostgreSQL ``generate_series``, ``unnest`` and the ``json(b)_each*`` /
  ``json(b)_array_elements*`` family). ``pragma_*`` functions read system state and are
  refused as ``pragma``.
* ``zeroblob``/``randomblob`` (SQLite) are refused: no analytical use, and they allocate
  memory on demand. Other resource-hungry SQL (big cross joins, ``repeat``) is left to the
  executor's timeout and row cap; this validator is not a cost model.
* Functions are allowed by list, per dialect (fail closed); the deny list only gives the
  well-known dangerous ones (``pg_read_file``, ``load_extension``...) their own rule id, and
  holds for both dialects, so PostgreSQL's file functions are refused on SQLite too.
* No list knows every user-defined function. The executor must still run the SQL
  read-only (SQLite ``mode=ro``/``query_only``, a PostgreSQL ``READ ONLY`` transaction with
  a statement timeout); this module is the first of two locks, not the only one.
* The result is the re-rendered tree without comments, and that rendered text is parsed and
  checked once more before it is returned, so what is returned is exactly what was checked.
  Executing sqlglot's rendering (not the model's text) also means a tokenizer disagreement
  about string or comment boundaries cannot smuggle a second statement through.
* Recursive CTEs need ``UNION ALL`` and are therefore refused (``set_operation``), as the
  no-set-operations rule says. Inside a CTE's body only earlier CTEs of the same WITH
  are visible, never the CTE itself.
* ``unknown_column`` is the only optional rule and only checks qualified columns.

sqlglot quirks this relies on (sqlglot 30): statements it does not model fall back to
``exp.Command`` (VACUUM, EXPLAIN, REPLACE INTO, SET ROLE, SHOW, CALL, DO, LOCK, PREPARE,
EXECUTE, RESET, REFRESH); some parse as an alias or a column instead (``SAVEPOINT a``,
``RELEASE a``, ``START TRANSACTION``, ``END TRANSACTION``, ``LISTEN x``, ``REINDEX``) and are
refused as ``not_select``; SQLite's ``SELECT ... INTO t`` renders as ``CREATE TABLE t AS``;
``SELECT 1; -- note`` yields a trailing ``exp.Semicolon`` holding the comment; PostgreSQL
comments nest, SQLite's do not; ``version()``/``sqlite_version()`` parse to
``exp.CurrentVersion`` and ``generate_series`` to a known class, so those are matched by
class as well as by name.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect as _SqlglotDialect

from agentdesk.errors import AgentdeskError

if TYPE_CHECKING:  # sqlglot >= 26 types nodes as ``Expr``; only annotations use the name
    from sqlglot.expressions import Expr as _Node

__all__ = [
    "ALLOWED_FUNCTIONS",
    "MAX_DEPTH",
    "MAX_LIMIT",
    "MAX_SQL_CHARS",
    "MAX_TREE_DEPTH",
    "Dialect",
    "SQLRejected",
    "validate_sql",
]

Dialect = Literal["sqlite", "postgres"]

MAX_LIMIT = 100
MAX_SQL_CHARS = 20_000
MAX_DEPTH = 60
"""Deepest parenthesis nesting accepted (counted on tokens before parsing)."""
MAX_TREE_DEPTH = 200
"""Deepest parse tree accepted; sqlglot trees are several nodes deep per SQL nesting level."""


class SQLRejected(AgentdeskError):
    """The SQL broke a rule; ``rule`` is a short id, ``message`` says how to fix the SQL."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message, rule=rule)
        self.rule = rule

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


def _classes(*names: str) -> tuple[type, ...]:
    """The sqlglot expression classes that exist in the installed version."""
    return tuple(getattr(exp, name) for name in names if hasattr(exp, name))


_PRAGMA = _classes("Pragma")
_ATTACH = _classes("Attach", "Detach")
_TRANSACTION = _classes("Transaction", "Commit", "Rollback")
_COMMAND = _classes("Command", "Analyze", "Describe", "Show", "Kill", "Execute", "Declare",
                    "Summarize", "Install", "Export", "Put", "Get", "Cache", "Uncache",
                    "Refresh", "Use")
_SET_OPERATION = _classes("SetOperation", "Union", "Intersect", "Except")
_WRITE = _classes("DML", "DDL", "Insert", "Update", "Delete", "Merge", "Create", "Drop",
                  "Alter", "TruncateTable", "Copy", "Grant", "Revoke", "LoadData", "Set",
                  "Comment", "Returning")
_INTO = _classes("Into")
_LOCK = _classes("Lock")
_ALLOWED_QUERIES = _classes("Select", "Subquery")

_COMMON_DENY = ("sleep", "benchmark", "load_file", "load_extension", "readfile", "writefile",
                "copy", "eval", "version", "current_version")
_DENY: dict[str, tuple[str, ...]] = {
    "sqlite": (
        *_COMMON_DENY, "edit", "fts3_tokenizer", "sqlite_*", "zeroblob", "randomblob", "fileio_*", "fsdir",
        "lsdir", "define", "undefine", "http_*", "pragma_*",
    ),
    "postgres": (
        *_COMMON_DENY, "pg_*", "lo_*", "dblink*", "set_config", "current_setting", "*_to_xml*",
        "query_to_xmlschema", "ts_stat", "ts_rewrite", "txid_*", "nextval", "setval",
        "currval", "lastval", "inet_client_*", "inet_server_*", "has_*_privilege",
        "brin_*", "gin_clean_pending_list",
    ),
}
_DENY_CLASSES = _classes("CurrentVersion")
_DENY_ANY = tuple(dict.fromkeys(_DENY["sqlite"] + _DENY["postgres"]))

# Names are sqlglot's (its class's SQL name or key, or the name as written when sqlglot does
# not model the function), so one entry covers every spelling sqlglot reads as the same thing.
_SYNTAX = frozenset({"and", "or", "exists", "case", "if", "cast", "collate", "extract"})
"""Syntax sqlglot represents as function nodes (AND, EXISTS, CASE, IIF, CAST, EXTRACT)."""
_ANALYTICAL = frozenset({
    # aggregates
    "count", "sum", "avg", "min", "max", "group_concat",
    # window functions
    "row_number", "rank", "dense_rank", "ntile", "lag", "lead", "first_value", "last_value",
    "nth_value", "percent_rank", "cume_dist",
    # scalars: null handling, arithmetic, text
    "coalesce", "nullif", "abs", "round", "sign", "ceil", "floor", "sqrt", "power", "pow",
    "exp", "ln", "log", "pi", "degrees", "radians", "trunc", "rand", "lower", "upper",
    "length", "trim", "substring", "replace", "str_position", "concat", "concat_ws",
    # dates
    "current_date", "current_time", "current_timestamp", "date",
})
ALLOWED_FUNCTIONS: dict[str, frozenset[str]] = {
    "sqlite": _SYNTAX | _ANALYTICAL | {
        "total", "datetime", "time", "julianday", "unixepoch", "timediff", "time_to_str",
        "ts_or_ds_to_timestamp", "strftime", "printf", "format", "typeof", "chr", "unicode",
        "json_extract", "json_extract_scalar",
    },
    "postgres": _SYNTAX | _ANALYTICAL | {
        "array", "array_agg", "logical_and", "logical_or", "every", "stddev", "stddev_pop",
        "stddev_samp", "variance", "variance_pop", "var_samp", "corr", "covar_pop",
        "covar_samp", "regr_slope", "regr_intercept", "regr_r2", "regr_count",
        "percentile_cont", "percentile_disc", "mode", "any_value", "greatest", "least",
        "left", "right", "pad", "initcap", "split_part", "regexp_replace", "regexp_like",
        "ascii", "octet_length", "cbrt", "width_bucket", "gcd", "lcm", "now", "localtime",
        "localtimestamp", "age", "date_part", "timestamp_trunc", "date_trunc", "make_date",
        "make_interval", "justify_days", "justify_interval", "date_bin", "isfinite",
        "time_to_str", "to_char", "to_number", "str_to_date", "str_to_time", "unix_to_time",
        "array_size", "cardinality", "array_to_string", "string_to_array", "unnest", "explode",
        "generate_series", "exploding_generate_series", "json_extract", "json_extract_scalar",
        "json_array_length", "jsonb_array_length", "jsonb_extract_path_text",
    },
}
"""The functions each dialect's SQL may call, as sqlglot names them (lower case)."""

_TABLE_FUNCTIONS: dict[str, frozenset[str]] = {
    "sqlite": frozenset({"json_each", "json_tree"}),
    "postgres": frozenset({
        "generate_series", "unnest", "json_each", "jsonb_each", "json_each_text",
        "jsonb_each_text", "json_array_elements", "jsonb_array_elements",
        "json_array_elements_text", "jsonb_array_elements_text",
    }),
}
_TABLE_FUNCTION_CLASSES: dict[str, tuple[type, ...]] = {
    "sqlite": (),
    "postgres": _classes("Unnest", "GenerateSeries", "ExplodingGenerateSeries"),
}

_DEFAULT_SCHEMA = {"sqlite": "main", "postgres": "public"}
_SYSTEM_SCHEMAS = {
    "sqlite": frozenset({"temp", "sqlite_temp_master", "sqlite_temp_schema"}),
    "postgres": frozenset({"pg_catalog", "information_schema", "pg_toast", "pg_temp"}),
}
_SYSTEM_TABLES = {"sqlite": ("sqlite_*",), "postgres": ("pg_*", "information_schema")}
_IMPLICIT_COLUMNS = {
    "sqlite": frozenset({"rowid", "oid", "_rowid_"}),
    "postgres": frozenset({"ctid", "xmin", "xmax", "cmin", "cmax", "tableoid"}),
}


def _matches(name: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)


def validate_sql(sql: str, *, dialect: Dialect, tables: Mapping[str, Sequence[str]]) -> str:
    """Return the validated SQL, rendered by sqlglot in ``dialect``, with a LIMIT enforced.

    ``LIMIT 100`` is added to the outermost SELECT when absent and a higher literal limit is
    lowered to 100. Raises :class:`SQLRejected` naming the rule broken (see the module
    docstring for the rules).
    """
    if dialect not in _DEFAULT_SCHEMA:
        raise ValueError(f"unsupported dialect {dialect!r}; use 'sqlite' or 'postgres'")
    schema = {name.lower(): frozenset(c.lower() for c in cols) for name, cols in tables.items()}
    rendered = _validate(sql, dialect, schema)
    # Check the text we hand back, not only the tree it came from.
    again = _validate(rendered, dialect, schema)
    if again != rendered:
        raise SQLRejected("parse_error", "The SQL does not render stably; simplify the query.")
    return rendered


def _validate(sql: str, dialect: str, schema: Mapping[str, frozenset[str]]) -> str:
    if not isinstance(sql, str):
        raise SQLRejected("empty", "No SQL was given; write one SELECT statement.")
    if not _is_utf8(sql):
        raise SQLRejected("encoding", "The SQL is not valid UTF-8 text; send plain text.")
    if len(sql) > MAX_SQL_CHARS:
        raise SQLRejected("too_large", f"The SQL is {len(sql)} characters long; the limit is "
                          f"{MAX_SQL_CHARS}. Write a shorter query.")
    if not sql.strip():
        raise SQLRejected("empty", "The SQL is empty; write one SELECT statement.")
    try:
        tokens = _SqlglotDialect.get_or_raise(dialect).tokenize(sql)
    except RecursionError:
        raise SQLRejected("too_deep", "The SQL is nested too deeply.") from None
    except Exception as error:
        raise SQLRejected("parse_error", f"The SQL could not be read: {_short(error)}") from None
    if not tokens:
        raise SQLRejected("empty", "The SQL holds only comments; write one SELECT statement.")
    depth = deepest = 0
    for token in tokens:
        if token.token_type == sqlglot.TokenType.L_PAREN:
            depth += 1
            deepest = max(deepest, depth)
        elif token.token_type == sqlglot.TokenType.R_PAREN:
            depth -= 1
    if deepest > MAX_DEPTH:
        raise SQLRejected("too_deep", f"Parentheses are nested {deepest} deep; the limit is "
                          f"{MAX_DEPTH}. Flatten the query (use CTEs).")
    try:
        statements = sqlglot.parse(sql, read=dialect)
    except RecursionError:
        raise SQLRejected("too_deep", "The SQL is nested too deeply to parse.") from None
    except Exception as error:
        raise SQLRejected("parse_error", f"The SQL could not be parsed: {_short(error)}") from None
    statements = [s for s in statements if s is not None and not isinstance(s, exp.Semicolon)]
    if not statements:
        raise SQLRejected("empty", "The SQL holds no statement; write one SELECT statement.")
    if len(statements) > 1:
        raise SQLRejected("multiple_statements", f"Found {len(statements)} statements; send "
                          "exactly one SELECT statement with no ';' in between.")
    tree = statements[0]
    assert tree is not None
    try:
        if _tree_depth(tree) > MAX_TREE_DEPTH:
            raise SQLRejected("too_deep", "The query is nested too deeply; flatten it.")
        _check(tree, dialect, schema)
        _enforce_limit(tree, dialect)
        return tree.sql(dialect=dialect, comments=False)
    except RecursionError:
        raise SQLRejected("too_deep", "The SQL is nested too deeply.") from None


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _short(error: Exception) -> str:
    text = " ".join(str(error).split())
    return text[:300] or type(error).__name__


def _tree_depth(tree: _Node) -> int:
    deepest = 0
    stack: list[tuple[_Node, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_TREE_DEPTH:
            break
        stack.extend((child, depth + 1) for child in node.iter_expressions())
    return deepest


def _kind(node: _Node) -> str:
    if isinstance(node, exp.Command):
        return str(node.this).upper()
    if isinstance(node, (exp.Alias, exp.Column, exp.Literal, exp.Identifier)):
        # What sqlglot could not place (SAVEPOINT a, LISTEN x, REINDEX) parses as an alias.
        return f"'{node.sql()[:40]}'"
    return node.key.upper()


# Node kinds refused anywhere in the tree, in the order they are checked, with their rule.
_REFUSED_NODES: tuple[tuple[Any, str], ...] = (
    (_PRAGMA, "pragma"), (_ATTACH, "attach"), (_TRANSACTION, "transaction"),
    (_COMMAND, "command"), (_SET_OPERATION, "set_operation"), (_INTO, "select_into"),
    (_LOCK, "locking"), (_WRITE, "write_in_tree"))


def _structural_rule(node: _Node) -> str | None:
    for kinds, rule in _REFUSED_NODES:
        if isinstance(node, kinds):
            return rule
    if isinstance(node, exp.Query) and not isinstance(node, _ALLOWED_QUERIES):
        return "not_select"
    return None


_MESSAGES = {
    "pragma": "PRAGMA statements and pragma_* functions are not allowed; query only the "
              "bank's tables.",
    "attach": "ATTACH/DETACH is not allowed; query only the bank's tables.",
    "transaction": "Transaction control (BEGIN/COMMIT/ROLLBACK/SAVEPOINT) is not allowed; "
                   "send a single SELECT.",
    "command": "Only SELECT queries are allowed; {kind} is not.",
    "set_operation": "UNION/INTERSECT/EXCEPT are not allowed; use one SELECT with OR, CASE, "
                     "joins or CTEs instead.",
    "select_into": "SELECT ... INTO creates a table and is not allowed; drop the INTO clause.",
    "locking": "Row locking (FOR UPDATE/FOR SHARE) is not allowed; drop the locking clause.",
    "write_in_tree": "Only reads are allowed; the query contains {kind}. Remove it.",
    "not_select": "Only a single SELECT (optionally WITH ... SELECT) is allowed; got {kind}.",
}


def _check(tree: _Node, dialect: str, schema: Mapping[str, frozenset[str]]) -> None:
    rule = _structural_rule(tree)
    if rule is None and not isinstance(tree, exp.Select):
        rule = "not_select"
    if rule == "write_in_tree":  # a write at the root is simply not a SELECT
        rule = "not_select"
    if rule is not None:
        raise SQLRejected(rule, _MESSAGES[rule].format(kind=_kind(tree)))
    if not tree.expressions:
        raise SQLRejected("parse_error", "The SELECT lists no columns; name what to select.")
    nodes = list(tree.walk())
    for node in nodes:
        rule = _structural_rule(node)
        if rule is not None:
            raise SQLRejected(rule, _MESSAGES[rule].format(kind=_kind(node)))
    for node in nodes:
        _check_function(node, dialect)
    for node in nodes:
        if isinstance(node, exp.Table):
            _check_table(node, dialect, schema)
    for node in nodes:
        if isinstance(node, exp.Column):
            _check_column(node, dialect, schema)


def _function_names(node: _Node) -> list[str]:
    """The names a function node answers to, the one to show first."""
    if isinstance(node, exp.Anonymous):
        return [node.name.lower()]
    names = [node.sql_name().lower()] if isinstance(node, exp.Func) else []
    return [*names, node.key.lower()]


def _check_function(node: _Node, dialect: str) -> None:
    if isinstance(node, exp.Dot) and isinstance(node.expression, (exp.Func, exp.Anonymous)):
        raise SQLRejected("dangerous_function", "Schema-qualified function calls "
                          f"({node.sql(dialect=dialect)[:60]}) are not allowed; call "
                          "built-in functions by their plain name.")
    if not isinstance(node, (exp.Func, exp.Anonymous)):
        return
    names = _function_names(node)
    if isinstance(node, _DENY_CLASSES) or any(_matches(n, _DENY_ANY) for n in names):
        name = names[0]
        if name.startswith("pragma_"):
            raise SQLRejected("pragma", _MESSAGES["pragma"])
        raise SQLRejected("dangerous_function", f"The function {name}() is not allowed; use "
                          "ordinary scalar and aggregate functions only.")
    if isinstance(node.parent, exp.Table) and node.arg_key == "this":
        return  # a table-valued function in FROM: the table rule decides
    if ALLOWED_FUNCTIONS[dialect].isdisjoint(names):
        raise SQLRejected("unknown_function", f"The function {names[0]}() is not on the list "
                          f"of functions allowed on {dialect}; use aggregates (COUNT, SUM, AVG, "
                          "MIN, MAX), window functions and plain arithmetic, text and date "
                          "functions.")


def _cte_visible(node: _Node, name: str) -> bool:
    """Whether ``name`` at ``node`` means a CTE of an enclosing WITH.

    Inside a CTE's body only the CTEs defined before it are visible: not itself (without
    RECURSIVE, PostgreSQL resolves ``WITH pg_shadow AS (SELECT * FROM pg_shadow)`` to the
    real table inside) and not later ones.
    """
    inside: _Node | None = None
    parent = node.parent
    while parent is not None:
        if isinstance(parent, exp.CTE):
            inside = parent
        with_ = parent.args.get("with") or parent.args.get("with_")
        if isinstance(with_, exp.With):
            for cte in with_.expressions:
                if cte is inside:
                    break
                if cte.alias_or_name.lower() == name:
                    return True
        parent = parent.parent
    return False


def _check_table(table: exp.Table, dialect: str,
                 schema: Mapping[str, frozenset[str]]) -> None:
    this = table.this
    if isinstance(this, (exp.Func, exp.Anonymous)):
        names = _function_names(this)
        if any(n.startswith("pragma_") for n in names):
            raise SQLRejected("pragma", _MESSAGES["pragma"])
        if (isinstance(this, _TABLE_FUNCTION_CLASSES[dialect])
                or not _TABLE_FUNCTIONS[dialect].isdisjoint(names)):
            return
        raise SQLRejected("table_function", f"The table function {names[0]}() is not "
                          "allowed in FROM; select from the bank's tables.")
    if not isinstance(this, exp.Identifier):
        raise SQLRejected("unknown_table", f"Unsupported table reference "
                          f"{table.sql(dialect=dialect)[:60]}; use a plain table name.")
    name = table.name.lower()
    db = table.text("db").lower()
    known = ", ".join(sorted(schema))
    if table.text("catalog"):
        raise SQLRejected("schema_qualified", f"{table.sql(dialect=dialect)} names another "
                          f"database; use the plain table names: {known}.")
    if name.startswith("pragma_"):
        raise SQLRejected("pragma", _MESSAGES["pragma"])
    default = _DEFAULT_SCHEMA[dialect]
    if db in _SYSTEM_SCHEMAS[dialect] or (db in ("", default) and name not in schema
                                          and _matches(name, _SYSTEM_TABLES[dialect])):
        raise SQLRejected("system_table", f"System catalogs ({table.sql(dialect=dialect)}) "
                          f"are not allowed; the tables are: {known}.")
    if db and db != default:
        raise SQLRejected("schema_qualified", f"Schema {db!r} is not allowed; use the plain "
                          f"table names: {known}.")
    if not db and _cte_visible(table, name):
        return
    if name not in schema:
        raise SQLRejected("unknown_table", f"There is no table {table.name!r}; the tables "
                          f"are: {known}.")


def _source_table(column: exp.Column, qualifier: str) -> exp.Table | None:
    """The schema table the qualifier of ``column`` refers to, or None when not one."""
    parent = column.parent
    while parent is not None:
        if isinstance(parent, exp.Select):
            sources: list[_Node] = []
            from_ = parent.args.get("from_") or parent.args.get("from")
            if from_ is not None:
                sources.append(from_.this)
            sources += [join.this for join in parent.args.get("joins") or []]
            for source in sources:
                if source.alias_or_name.lower() == qualifier:
                    if isinstance(source, exp.Table) and isinstance(source.this, exp.Identifier):
                        return source
                    return None
        parent = parent.parent
    return None


def _check_column(column: exp.Column, dialect: str,
                  schema: Mapping[str, frozenset[str]]) -> None:
    qualifier = column.table.lower()
    if not qualifier or isinstance(column.this, exp.Star):
        return
    table = _source_table(column, qualifier)
    if table is None:
        return
    name = table.name.lower()
    if _cte_visible(table, name) and not table.text("db"):
        return
    columns = schema.get(name)
    wanted = column.name.lower()
    if not columns or wanted in columns or wanted in _IMPLICIT_COLUMNS[dialect]:
        return
    raise SQLRejected("unknown_column", f"Table {name} has no column {column.name!r}; its "
                      f"columns are: {', '.join(sorted(columns))}.")


def _int_literal(node: _Node | None) -> int | None:
    if isinstance(node, exp.Literal) and not node.is_string and node.this.isdigit():
        return int(node.this)
    return None


def _enforce_limit(tree: _Node, dialect: str) -> None:
    limit = tree.args.get("limit")
    if limit is None:
        tree.set("limit", exp.Limit(expression=exp.Literal.number(MAX_LIMIT)))
        return
    if isinstance(limit, exp.Fetch):
        options = limit.args.get("limit_options")
        if options is not None and (options.args.get("percent") or
                                    options.args.get("with_ties")):
            raise SQLRejected("limit", "FETCH ... PERCENT / WITH TIES is not allowed; use "
                              f"LIMIT n with n at most {MAX_LIMIT}.")
        count = limit.args.get("count")
        if count is None:
            return
        value = _int_literal(count)
        if value is None:
            raise SQLRejected("limit", f"FETCH needs a plain integer row count (at most "
                              f"{MAX_LIMIT}).")
        if value > MAX_LIMIT:
            limit.set("count", exp.Literal.number(MAX_LIMIT))
        return
    if not isinstance(limit, exp.Limit):
        raise SQLRejected("limit", f"Use LIMIT n with a plain integer n of at most {MAX_LIMIT}.")
    value = _int_literal(limit.expression)
    if value is None:
        raise SQLRejected("limit", f"LIMIT must be a plain non-negative integer (at most "
                          f"{MAX_LIMIT}), not {limit.expression.sql(dialect=dialect)[:40]}.")
    if value > MAX_LIMIT:
        limit.set("expression", exp.Literal.number(MAX_LIMIT))
