"""Every agent's README example over the real OpenAI protocol.

One llama-cpp-python server (``python -m llama_cpp.server``, through
:mod:`tests.llama_server`) serves the bundled GGUF on loopback for the whole module; the
agents reach it through ``langchain-openai`` with ``openai:gemma?base_url=...``. The
server's request log shows what went over HTTP: structured output as JSON mode with the
schema (the method the probe finds on that server), tool choices decoded under it.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentdesk.domains.trip.agent.activities import activities_for
from agentdesk.errors import ConfigError
from agentdesk.models import bind_tools, get_chat_model, is_small, local_model_path
from agentdesk.models.hosted import HostedChatModel, structured_method
from agentdesk.runtime.runs.desk import Desk
from agentdesk.settings import get_settings
from bench.quality.assistant import cases, judge

from .insurance_flow import ANN_EMAIL, RecordingMailer, mailer
from .simulation_readme import approve_every_action, expected_cmax

__all__ = ["mailer"]

pytestmark = pytest.mark.local_model

ROOT = Path(__file__).resolve().parents[1]


class Server:
    """The running server: its base URL and the requests it has received."""

    def __init__(self, base_url: str, log: Path) -> None:
        self.base_url = base_url
        self.log = log

    def spec(self, **options: str) -> str:
        query = "&".join(f"{k}={v}" for k, v in {"base_url": self.base_url, **options}.items())
        return f"openai:gemma?{query}"

    def requests(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        lines = self.log.read_text(encoding="utf-8").splitlines()
        return [json.loads(line)["body"] for line in lines
                if json.loads(line)["path"] == "/v1/chat/completions"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server(session_dirs: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    model = local_model_path(get_settings())
    port = _free_port()
    log = tmp_path_factory.mktemp("llama-server") / "requests.jsonl"
    env = {**os.environ, "AGENTDESK_TEST_REQUEST_LOG": str(log),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT),
                                          os.environ.get("PYTHONPATH", "")])}
    out = log.with_name("server.log")
    with out.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "llama_server.py"), "--model", str(model),
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192",
             "--model_alias", "gemma", "--seed", "0"],
            env=env, stdout=output, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(600):  # the model loads in a few seconds; wait on the port, not a clock
            if process.poll() is not None:
                pytest.fail(f"the llama.cpp server exited: {out.read_text()[-2000:]}")
            try:
                if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield Server(base_url, log)
    finally:
        process.terminate()
        process.wait(timeout=30)


def _since(server: Server, before: int) -> list[dict[str, Any]]:
    return server.requests()[before:]


def _held_to_a_schema(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in requests if (r.get("response_format") or {}).get("type") == "json_object"
            and "schema" in r["response_format"]]


# -- the spec -----------------------------------------------------------------------


def test_a_loopback_server_needs_no_key_and_options_are_checked(server: Server) -> None:
    model = get_chat_model(server.spec(small="1"))
    assert isinstance(model, HostedChatModel) and is_small(model)
    assert not is_small(get_chat_model(server.spec()))
    with pytest.raises(ConfigError, match="unknown option 'smol'"):
        get_chat_model(server.spec(smol="1"))
    with pytest.raises(ConfigError, match="'structured' must be one of json_schema, json_mode"):
        get_chat_model(server.spec(structured="xml"))
    with pytest.raises(ConfigError, match="'small' must be 1 or 0"):
        get_chat_model(server.spec(small="maybe"))
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        get_chat_model("openai:gemma?base_url=http://example.com/v1")


def test_the_probe_falls_back_to_json_mode_with_the_schema(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """llama-cpp-python's server refuses ``json_schema``; JSON mode with a schema works,
    and is kept: the next call goes straight to it."""
    from agentdesk.models import hosted

    monkeypatch.setattr(hosted, "_methods", {})  # as in a new process: nothing probed yet
    before = len(server.requests())
    model = get_chat_model(server.spec(small="1"))
    schema = {"type": "object", "properties": {"city": {"enum": ["Paris", "Rome"]}},
              "required": ["city"]}
    for _ in range(2):
        answer = model.with_structured_output(schema).invoke("Which city has the Eiffel tower?")
        assert answer["city"] in ("Paris", "Rome")
    assert structured_method((server.base_url, "gemma")) == "json_mode"
    formats = [(r.get("response_format") or {}).get("type") for r in _since(server, before)]
    assert formats == ["json_schema", "json_object", "json_object", "json_object"]
    assert _since(server, before)[-1]["response_format"]["schema"] == schema


def test_function_calling_and_native_tool_calls_go_over_http(server: Server) -> None:
    """``structured=function_calling`` answers through one forced tool; a model that is not
    small gets native tool calls (one required tool is named, which this server honours)."""
    from langchain_core.tools import tool

    @tool
    def get_airport_code(city: str) -> str:
        """The main airport's IATA code for a city."""
        return "LIS"

    before = len(server.requests())
    model = get_chat_model(server.spec(structured="function_calling"))
    picked = model.with_structured_output(
        {"type": "object", "properties": {"city": {"enum": ["Paris", "Rome"]}},
         "required": ["city"]}).invoke("Which city has the Eiffel tower?")
    assert picked["city"] in ("Paris", "Rome")
    call = bind_tools(get_chat_model(server.spec()), [get_airport_code],
                      require_tool=True).invoke("What is the airport code of Lisbon?")
    assert [c["name"] for c in call.tool_calls] == ["get_airport_code"]
    assert isinstance(call.tool_calls[0]["args"].get("city"), str)
    first, second = _since(server, before)
    assert first["tool_choice"] == {"type": "function", "function": {"name": "answer"}}
    assert second["tool_choice"] == {"type": "function",
                                     "function": {"name": "get_airport_code"}}
    assert "response_format" not in second


def test_a_refused_request_is_a_model_error_saying_what_to_set(server: Server) -> None:
    """Told to use ``json_schema``, which this server refuses: what to set, not a dump."""
    from agentdesk.errors import ModelError

    model = get_chat_model(server.spec(structured="json_schema"))
    with pytest.raises(ModelError) as refused:
        model.with_structured_output({"type": "object"}).invoke("Hi")
    assert refused.value.message.startswith(
        f"the model gemma at {server.base_url} refused the request (HTTP 500)")
    assert "structured=json_mode" in refused.value.message
    assert "json_schema" in refused.value.details["raw"]


# -- every agent's README example, on the small model over HTTP ---------------------


def test_trip_plans_the_readme_request(server: Server) -> None:
    before = len(server.requests())
    request = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD"

    async def go() -> Any:
        async with Desk.open() as desk:
            outcome = await desk.start("trip", {"messages": request},
                                       model=server.spec(small="1"))
            assert outcome.status == "interrupted", outcome.error
            return (await desk.view(outcome.thread_id)).values

    values = asyncio.run(go())
    plan = values["current_itinerary"]
    assert [(f["origin"], f["destination"], f["date"]) for f in plan["flights"]] == [
        ("BOS", "LIS", "2027-03-10"), ("LIS", "BOS", "2027-03-14")]
    assert [(h["city_code"], h["check_in"]) for h in plan["hotels"]] == [("LIS", "2027-03-10")]
    catalogue = dict(activities_for("Lisbon"))
    assert all(catalogue[a["name"]] == a["cost"] for a in plan["activities"])
    assert values["budget_status"] == "under" and values["total_cost"] <= 2500
    sent = _held_to_a_schema(_since(server, before))
    # The searches were tool calls decoded under the schema over HTTP, the pick too.
    assert any('"tool"' in json.dumps(r["response_format"]["schema"]) for r in sent)
    assert any('"answer"' in json.dumps(r["response_format"]["schema"]) for r in sent)


@pytest.mark.parametrize("case_id", ["calc_speed"])
def test_assistant_answers_a_readme_question(server: Server, case_id: str) -> None:
    before = len(server.requests())
    case = next(c for c in cases() if c.id == case_id)

    async def ask() -> Any:
        async with Desk.open() as desk:
            return await desk.start("assistant", {"messages": case.request},
                                    model=server.spec(small="1"))

    outcome = asyncio.run(ask())
    assert outcome.status == "completed", outcome.error
    ok, cause, detail = judge(case, outcome.result)
    assert ok, f"{cause}: {detail}"
    assert _held_to_a_schema(_since(server, before))


def test_assistant_reads_a_percentage_with_code_on_a_small_model(server: Server) -> None:
    """The question that got nonsense when the model over HTTP planned freely."""

    async def ask() -> Any:
        async with Desk.open() as desk:
            return await desk.start("assistant", {"messages": "What is 15 % of 2,340?"},
                                    model=server.spec(small="1"))

    outcome = asyncio.run(ask())
    assert outcome.status == "completed", outcome.error
    assert "351" in outcome.result["answer"]


def test_banking_answers_the_readme_question(server: Server, bank_db: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    from bench.quality.banking import reference_rows

    async def ask() -> dict[str, Any]:
        async with Desk.open() as desk:
            outcome = await desk.start("banking",
                                       {"user_query": "How many customers joined in 2025?"},
                                       model=server.spec(small="1"))
            assert outcome.status == "completed", outcome.error
            return dict(outcome.result)

    result = asyncio.run(ask())
    executed = result["execution_result"]
    got = [[row[c] for c in executed["columns"]] for row in executed["rows"]]
    assert got == reference_rows(bank_db, "SELECT COUNT(*) FROM customers "
                                          "WHERE joined_at >= '2025-01-01' "
                                          "AND joined_at < '2026-01-01'")


def test_insurance_plans_the_readme_quote(server: Server, mailer: RecordingMailer) -> None:
    before = len(server.requests())

    async def go() -> Any:
        async with Desk.open() as desk:
            outcome = await desk.start("insurance", {
                "message": ANN_EMAIL, "customer_email": "ann@example.com",
                "subject": "Car insurance quote"}, model=server.spec(small="1"))
            return outcome, (await desk.view(outcome.thread_id)).values

    outcome, values = asyncio.run(go())
    assert outcome.status == "interrupted", outcome.error
    assert outcome.interrupt["action"]["name"] == "quote_initiate_tool"
    assert outcome.interrupt["action"]["args"]["applicant"]["zip_code"] == "43215"
    assert "(quote_initiate_tool)" in values["agent_scratchpad"]
    picks = _held_to_a_schema(_since(server, before))
    assert any(r["response_format"]["schema"]["properties"].get("choice") for r in picks)


def test_simulation_runs_the_readme_request(server: Server) -> None:
    actions, done = approve_every_action(server.spec(small="1"))
    assert [a["name"] for a in actions] == ["load_simulation", "set_parameter_value",
                                            "run_simulation"]
    assert done.status == "completed", done.error
    cmax = expected_cmax()
    stated = [float(n) for n in re.findall(r"\d+\.\d+", done.result["answer"])]
    assert any(math.isclose(n, cmax, rel_tol=0.01) for n in stated), done.result["answer"]


def test_banking_picks_the_chart_over_http(server: Server, bank_db: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind and a number: code writes the SQL and the summary; the model picks the chart."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    before = len(server.requests())

    async def ask() -> dict[str, Any]:
        async with Desk.open() as desk:
            outcome = await desk.start(
                "banking", {"user_query": "What is the average loan principal by kind?"},
                model=server.spec(small="1"))
            assert outcome.status == "completed", outcome.error
            return dict(outcome.result)

    result = asyncio.run(ask())
    assert len(result["execution_result"]["rows"]) == 4
    assert result["chart_suggestion"] in ("bar", "pie", "table")
    picks = _held_to_a_schema(_since(server, before))
    assert any("chart_suggestion" in r["response_format"]["schema"].get("properties", {})
               for r in picks)


# -- a model that writes: the banking agent's free SQL, still validated -------------

FREE = "What changed in 2025?"
"""A question the bank's reader finds nothing in (as in tests/test_banking_graph.py)."""


def _banking_history(model: str) -> tuple[Any, list[Any]]:
    async def go() -> tuple[Any, list[Any]]:
        async with Desk.open() as desk:
            outcome = await desk.start("banking", {"user_query": FREE}, model=model)
            view = await desk.view(outcome.thread_id)
            graph = desk._graph(desk._spec_of(view.thread))
            history = [s async for s in graph.aget_state_history(
                {"configurable": {"thread_id": outcome.thread_id}})]
            return outcome, list(reversed(history))
    return asyncio.run(go())


def test_banking_hands_a_question_it_cannot_read_to_a_model_that_writes(
        server: Server, bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The model writes the intent and the SQL over HTTP; whatever it writes, only SQL the
    validator passed is executed, and each refusal names its rule and is retried."""
    from agentdesk.domains.banking.bank.database import BankDatabase
    from agentdesk.domains.banking.bank.sqlsafety import SQLRejected, validate_sql

    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    tables = BankDatabase(bank_db).tables()
    before = len(server.requests())
    outcome, history = _banking_history(server.spec())
    asked = [r for r in _since(server, before) if r.get("response_format")]
    schemas = [json.dumps(r["response_format"]["schema"]) for r in asked]
    assert any('"interpreted_intent"' in s for s in schemas)
    assert any('"sql"' in s for s in schemas)
    validated = [s for s in history if s.next == ("validation_agent",)]
    assert validated, "the model's SQL never reached the validator"
    for before_check in validated:
        written = before_check.values["generated_sql"]
        after = history[history.index(before_check) + 1].values
        try:
            verdict = validate_sql(written, dialect="sqlite", tables=tables)
        except SQLRejected as refused:
            assert after["validated_sql"] is None
            assert after["error_message"].startswith(f"[{refused.rule}]")
        else:
            assert after["validated_sql"] == verdict and after["error_message"] is None
    executed = [s.values for s in history if s.next == ("execution_tool",)]
    assert all(v["validated_sql"] for v in executed)
    if outcome.status == "completed":
        assert outcome.result["validated_sql"] and "rows" in outcome.result["execution_result"]
    else:
        assert outcome.status == "failed" and "gave up after 3 failed attempts" in \
            outcome.error["message"]


def test_banking_on_a_small_model_over_http_says_what_it_could_not_read(
        server: Server, bank_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``small=1`` is what the embedded model is: no free SQL, the same refusal."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    before = len(server.requests())
    outcome, _ = _banking_history(server.spec(small="1"))
    assert outcome.status == "failed"
    assert "could not read the question" in outcome.error["message"]
    assert _since(server, before) == []
