"""The command line's surface: a light import, whole thread ids, checked options, --json."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
import uuid
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from agentdesk.cli.display import show_threads
from agentdesk.cli.main import THREAD_STATUSES, app
from agentdesk.runtime.runs.desk import Desk

runner = CliRunner()

HEAVY = ("langgraph", "langsmith", "sqlalchemy", "langchain_core", "pydantic_settings",
         "llama_cpp", "fastapi")


def test_importing_the_cli_loads_no_runtime() -> None:
    """`agentdesk --help` stays fast because the CLI module imports none of the runtime."""
    code = ("import sys, agentdesk.cli.main\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert proc.stdout.strip() == "[]"


def test_the_command_groups_domains_declare_are_mounted() -> None:
    """The CLI names no agent: every group a domain declares (``COMMANDS``) is a command."""
    from agentdesk.runtime.catalog import command_apps

    declared = command_apps()
    assert {"assistant", "banking", "kb"} <= set(declared)
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    listed = {line.split()[0] for line in result.stdout.splitlines()
              if line.startswith("  ") and line.split()}
    assert set(declared) <= listed


def make_threads(n: int) -> list[str]:
    ids = [f"{uuid.uuid4()}-{i}" for i in range(n)]

    async def create() -> None:
        async with Desk.open() as desk:
            for i, thread_id in enumerate(ids):
                await desk.store.create_thread(thread_id, "trip", owner=None,
                                               model="scripted:/a/rather/long/path.json",
                                               metadata={"n": i})
    asyncio.run(create())
    return ids


def test_piped_threads_print_whole_ids_one_line_each() -> None:
    ids = make_threads(3)
    result = runner.invoke(app, ["threads"], env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sorted(line.split("\t")[0] for line in lines) == sorted(ids)
    assert all(line.split("\t")[1:3] == ["trip", "idle"] for line in lines)


@pytest.mark.parametrize("width", [40, 60, 77, 90, 200])
def test_a_terminal_of_any_width_shows_whole_ids(width: int) -> None:
    rows = [{"thread_id": f"{uuid.uuid4()}", "agent": "simulation", "status": "interrupted",
             "updated_at": "2026-11-23T10:00:00.123456", "model": "local:/models/big.gguf"}
            for _ in range(2)]
    out = io.StringIO()
    show_threads(Console(file=out, width=width, force_terminal=True, color_system=None), rows)
    text = out.getvalue()
    for row in rows:
        assert row["thread_id"] in text
    assert max(len(line) for line in text.splitlines()) <= width


def test_an_unknown_status_is_refused_naming_the_allowed_ones() -> None:
    result = runner.invoke(app, ["threads", "--status", "done"])
    assert result.exit_code == 2
    assert "--status: 'done' is not a thread status; use one of " + ", ".join(
        THREAD_STATUSES) in result.stderr
    result = runner.invoke(app, ["threads", "--status", "waiting", "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["field"] == "--status"


def test_a_known_status_filters() -> None:
    make_threads(1)
    result = runner.invoke(app, ["threads", "--status", "idle", "--json"])
    assert result.exit_code == 0 and len(json.loads(result.stdout)) == 1
    result = runner.invoke(app, ["threads", "--status", "failed", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def leaf_commands() -> list[tuple[str, Any]]:
    def walk(command: Any, path: str) -> list[tuple[str, Any]]:
        if hasattr(command, "commands"):  # a group
            return [leaf for name, sub in command.commands.items()
                    for leaf in walk(sub, f"{path} {name}".strip())]
        return [(path, command)]
    return walk(typer.main.get_command(app), "")


def test_every_command_takes_json_and_model() -> None:
    """The README: every command takes --model SPEC and --json."""
    commands = leaf_commands()
    assert len(commands) >= 12
    for path, command in commands:
        options = {opt for param in command.params for opt in getattr(param, "opts", [])}
        assert {"--json", "--model"} <= options, path


def test_banking_commands_answer_json() -> None:
    code = runner.invoke(app, ["banking", "check-sql", "select 1 from customers", "--json"])
    assert code.exit_code == 0, code.stderr
    assert "validated_sql" in json.loads(code.stdout)
    refused = runner.invoke(app, ["banking", "check-sql", "DROP TABLE customers", "--json"])
    assert refused.exit_code == 1
    assert json.loads(refused.stdout)["error"]["rule"]


def test_a_bad_model_spec_is_refused_by_commands_that_run_none() -> None:
    result = runner.invoke(app, ["toolserver", "travel", "--model", "nope:x", "--json"])
    assert result.exit_code == 2
    assert "unknown spec" in json.loads(result.stdout)["message"]
