"""``agentdesk banking``: the bank database and SQL checks, no model involved."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from agentdesk.runtime.commands import JsonOpt, ModelOpt, refuse_bad_model
from agentdesk.runtime.terminal import console, err_console, escape
from agentdesk.text import figure

banking_app = typer.Typer(no_args_is_help=True, help="The banking assistant's database and SQL.")

UrlOpt = Annotated[str | None, typer.Option(
    "--database-url", help="sqlite:///file.db or postgresql://...; default: the data dir.")]


def _database(url: str | None, create: bool = True) -> Any:
    from agentdesk.domains.banking.bank.database import BankDatabase, default_bank_url
    from agentdesk.settings import get_settings

    database = BankDatabase(url or default_bank_url(get_settings()))
    if create:
        database.ensure()
    return database


def _refused(failed: Any, as_json: bool) -> None:
    from agentdesk.domains.banking.bank.sqlsafety import SQLRejected

    rule = failed.rule if isinstance(failed, SQLRejected) else None
    if as_json:
        print(json.dumps({"error": {"rule": rule, "message": failed.message}}))
    else:
        err_console.print(f"refused{f' ({rule})' if rule else ''}: {escape(failed.message)}",
                          highlight=False)
    raise typer.Exit(1)


@banking_app.command("init-db")
def init_db(database_url: UrlOpt = None,
            seed: Annotated[int, typer.Option("--seed")] = 7,
            as_json: JsonOpt = False, model: ModelOpt = None) -> None:
    """Create (or re-create) the bank's database from a seed."""
    from agentdesk.domains.banking.bank.data import create_bank_database
    from agentdesk.domains.banking.bank.database import default_bank_url
    from agentdesk.settings import get_settings

    refuse_bad_model(model, as_json)
    url = database_url or default_bank_url(get_settings())
    create_bank_database(url, seed=seed)
    database = _database(url, create=False)
    counts = {table: database.execute(f"SELECT COUNT(*) AS n FROM {table}").rows[0]["n"]
              for table in database.tables()}
    if as_json:
        print(json.dumps({"database_url": url, "rows": counts}))
        return
    for table, count in counts.items():
        console.print(f"{table}: {count} rows")
    console.print(f"bank database ready: {escape(url)}")


@banking_app.command("check-sql")
def check_sql(sql: Annotated[str, typer.Argument(help="The SQL to check.")],
              database_url: UrlOpt = None, as_json: JsonOpt = False,
              model: ModelOpt = None) -> None:
    """Validate SQL as the agent would: exit 0 and the validated SQL, or exit 1 and the rule."""
    from agentdesk.domains.banking.bank.sqlsafety import SQLRejected, validate_sql

    refuse_bad_model(model, as_json)
    database = _database(database_url)
    try:
        validated = validate_sql(sql, dialect=database.dialect, tables=database.tables())
    except SQLRejected as refused:
        _refused(refused, as_json)
    print(json.dumps({"validated_sql": validated}) if as_json else validated)


@banking_app.command("query")
def query(sql: Annotated[str, typer.Option("--sql", help="The SQL to validate and run.")],
          database_url: UrlOpt = None, as_json: JsonOpt = False,
          model: ModelOpt = None) -> None:
    """Validate and execute SQL read-only; print the rows."""
    from rich.table import Table

    from agentdesk.domains.banking.bank.database import QueryFailed
    from agentdesk.domains.banking.bank.sqlsafety import SQLRejected, validate_sql

    refuse_bad_model(model, as_json)
    database = _database(database_url)
    try:
        validated = validate_sql(sql, dialect=database.dialect, tables=database.tables())
        result = database.execute(validated)
    except (SQLRejected, QueryFailed) as failed:
        _refused(failed, as_json)
    if as_json:
        json.dump({"validated_sql": validated, **result.model_dump(mode="json")}, sys.stdout)
        print()
        return
    cut = f" ({result.note})" if result.note else ""
    table = Table(*result.columns, caption=f"{result.row_count} rows{cut} in "
                  f"{result.execution_time_seconds:.3f}s — {validated}")
    # Numbers as the summary and the web app write them: one format per column.
    formats = {c: None if kind == "text" else kind for c, kind in result.column_types.items()}
    for row in result.rows:
        table.add_row(*(escape(figure(row[c], formats.get(c))) for c in result.columns))
    console.print(table)
