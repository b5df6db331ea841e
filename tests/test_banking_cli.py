"""``agentdesk run banking``, ``banking check-sql``, ``banking query`` and ``POST /ask``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from agentdesk.cli.main import app
from agentdesk.server.app import create_app
from agentdesk.settings import Settings

from .conftest import ServerThread
from .test_banking_graph import FREE, GOOD_SQL, insight, intent, script, sql

runner = CliRunner()


@pytest.fixture(autouse=True)
def use_bank(bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)


def digest(url: str) -> str:
    return hashlib.sha256(Path(url.removeprefix("sqlite:///")).read_bytes()).hexdigest()


def test_check_sql_prints_the_validated_sql() -> None:
    result = runner.invoke(app, ["banking", "check-sql", "select count(*) from customers"])
    assert result.exit_code == 0, result.stderr
    assert "LIMIT 100" in result.stdout.upper()


@pytest.mark.parametrize(("statement", "rule"), [
    ("DELETE FROM customers", "not_select"),
    ("SELECT * FROM users", "unknown_table"),
    ("SELECT 1 UNION SELECT 2", "set_operation"),
    ("SELECT 1; DROP TABLE customers", "multiple_statements"),
    ("SELECT pg_read_file('/etc/passwd')", "dangerous_function"),
    ("SELECT hex(email) FROM customers", "unknown_function"),
    (b"SELECT '\xff' FROM customers".decode("utf-8", "surrogateescape"), "encoding"),
])
def test_check_sql_names_the_rule_broken(statement: str, rule: str, bank_db: str) -> None:
    before = digest(bank_db)
    result = runner.invoke(app, ["banking", "check-sql", statement])
    assert result.exit_code == 1
    assert rule in result.stderr and result.stdout == ""
    assert digest(bank_db) == before


def test_query_validates_and_executes() -> None:
    result = runner.invoke(app, ["banking", "query", "--sql",
                                 "SELECT segment, COUNT(*) AS n FROM customers GROUP BY segment",
                                 "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["validated_sql"].upper().endswith("LIMIT 100")
    assert {row["segment"] for row in data["rows"]} >= {"retail", "premier"}
    refused = runner.invoke(app, ["banking", "query", "--sql", "DROP TABLE customers"])
    assert refused.exit_code == 1 and "refused" in refused.stderr


def test_run_banking_from_the_cli(tmp_path: Path) -> None:
    model = script(tmp_path, intent(), sql(GOOD_SQL), insight())
    result = runner.invoke(app, ["run", "banking", FREE, "--model", model, "--json"])
    assert result.exit_code == 0, result.stdout
    body = json.loads(result.stdout)
    assert body["status"] == "completed"
    for key in ("validated_sql", "execution_result", "summary", "chart_suggestion"):
        assert body["result"][key] is not None
    assert body["result"]["execution_result"]["rows"][0]["joined"] > 0
    empty = runner.invoke(app, ["run", "banking", "  ", "--model", model, "--json"])
    assert empty.exit_code == 2 and json.loads(empty.stdout)["error"]["field"] == "user_query"


def ask_server(isolated_env: Path, model: str) -> ServerThread:
    return ServerThread(create_app(Settings(data_dir=isolated_env, actor="tester", model=model)))


def test_ask_returns_the_query_response(isolated_env: Path, tmp_path: Path) -> None:
    model = script(tmp_path, intent(), sql(GOOD_SQL), insight("table"))
    with ask_server(isolated_env, model) as server, httpx.Client(base_url=server.url,
                                                                   timeout=60) as http:
        answer = http.post("/ask", json={"query": FREE})
        assert answer.status_code == 200
        body: dict[str, Any] = answer.json()
        # One value is a metric whatever the model would pick: the table is shown anyway.
        assert body["error"] is None and body["chart_suggestion"] == "metric"
        joined = body["execution_result"]["data"][0]["joined"]
        assert joined > 0
        assert body["summary"] == f"Joined: {joined:,}."
        assert body["execution_result"]["column_types"] == {"joined": "integer"}
        assert "rows" not in body["execution_result"]
        assert body["validated_sql"].upper().endswith("LIMIT 100")
        assert http.get(f"/threads/{body['thread_id']}").json()["status"] == "idle"


def test_ask_failures_are_structured_errors(isolated_env: Path, tmp_path: Path) -> None:
    bad = sql("DELETE FROM customers")
    model = script(tmp_path, intent(), bad, bad, bad)
    with ask_server(isolated_env, model) as server, httpx.Client(base_url=server.url,
                                                                   timeout=60) as http:
        empty = http.post("/ask", json={"query": "  "}).json()
        assert empty["error"] == "query: must not be empty" and empty["thread_id"] is None
        refused = http.post("/ask", json={"query": FREE}).json()
        assert refused["error"].startswith("gave up after 3 failed attempts")
        assert refused["summary"] is None and refused["validated_sql"] is None
        missing = http.post("/ask", json={})
        assert missing.status_code == 422 and missing.json()["detail"].startswith("query")
