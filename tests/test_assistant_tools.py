"""The assistant's executor, memory and context: parallel calls, timeouts through the tool
policy, the bank's data over sql_query, the operator's MCP servers, trimming, the Store."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agentdesk.domains.assistant.agent.summarize import orphans, trim, user_facts
from agentdesk.models.scripted import ScriptedChatModel
from agentdesk.runtime.tools import ToolPolicy
from tests.assistant_harness import EmbeddedStandIn, harness, mcp_tools, script, tool_server


def calls(*items: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": args} for name, args in items]}


def test_two_slow_tools_run_in_parallel(tmp_path: Path) -> None:
    server = tool_server()
    model = ScriptedChatModel(path=script(tmp_path, calls(("slow_a", {"seconds": 1.0}),
                                                          ("slow_b", {"seconds": 1.0})),
                                          {"content": "A [1] and B [2]."}))

    async def go() -> Any:
        async with mcp_tools(server) as extra, harness(tmp_path, model,
                                                       extra_tools=extra) as h:
            return await h.turn("t-parallel", "Ask A and B")

    turn = asyncio.run(go())
    a, b = sorted(turn.values["tool_results"], key=lambda r: r["tool"])
    assert (a["tool"], b["tool"]) == ("slow_a", "slow_b")
    # Each started before the other finished: they overlapped.
    assert a["started"] < b["finished"] and b["started"] < a["finished"]
    assert server.calls == {"slow_a": 1, "slow_b": 1, "stall": 0}
    assert a["data"] == {"answer": "A"} and b["data"] == {"answer": "B"}


def test_a_timeout_is_retried_then_reported(tmp_path: Path) -> None:
    server = tool_server()
    model = ScriptedChatModel(path=script(tmp_path, calls(("stall", {})),
                                          {"content": "nothing else to try"}))
    policy = ToolPolicy(timeout=0.3, retries=1, backoff_initial=0.01)

    async def go() -> Any:
        async with mcp_tools(server) as extra, harness(tmp_path, model, extra_tools=extra,
                                                       policy=policy) as h:
            return await h.turn("t-timeout", "Use the stall tool")

    turn = asyncio.run(go())
    [result] = turn.values["tool_results"]
    assert server.calls["stall"] == 2  # the first attempt and one retry
    assert policy.retry_counts == {"stall": 1}
    assert result["status"] == "error" and result["outcome"] == "unavailable"
    assert "no answer within 0.3s" in result["content"]
    assert turn.values["retry_count"] == 1  # the verifier re-planned once; nothing new came
    # Nothing answered: the person is told what was tried and what broke.
    assert turn.values["answer"].startswith("I could not find an answer with my tools")
    assert "[1] stall failed: stall: no answer within 0.3s" in turn.values["answer"]


def test_questions_about_the_bank_go_to_sql_query(tmp_path: Path, bank_db: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from agentdesk.domains.banking.bank.database import BankDatabase

    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    model = EmbeddedStandIn(path=script(tmp_path, {"content": "Happy to help."}))
    want = BankDatabase(bank_url := bank_db).execute(
        "SELECT COUNT(*) AS n FROM customers WHERE joined_at BETWEEN '2025-01-01' AND "
        "'2025-12-31'").rows[0]["n"]
    assert bank_url

    async def go() -> Any:
        async with harness(tmp_path, model) as h:
            return await h.turn("t-sql", "How many customers joined in 2025?")

    turn = asyncio.run(go())
    [result] = turn.values["tool_results"]
    assert result["tool"] == "sql_query" and result["outcome"] == "ok"
    assert str(want) in turn.values["answer"].split("\n")[0]
    assert turn.values["answer"].split("\n")[0].endswith("[1]")


def test_sql_query_refuses_what_is_not_a_read(tmp_path: Path, bank_db: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    model = ScriptedChatModel(path=script(tmp_path, calls(("sql_query", {
        "sql": "DELETE FROM customers"})), {"content": "unused"}))

    async def go() -> Any:
        async with harness(tmp_path, model) as h:
            return await h.turn("t-sql-refused", "Delete every customer")

    turn = asyncio.run(go())
    [result] = turn.values["tool_results"]
    assert result["status"] == "error" and result["content"].startswith("sql: [")
    assert turn.interrupts and turn.interrupts[0]["kind"] == "clarify"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


OPERATOR_SERVER = '''
from fastmcp import FastMCP
server = FastMCP("notes")

@server.tool
def shout(text: str) -> str:
    """The text in capitals."""
    return text.upper()

server.run(transport="stdio", show_banner=False)
'''


def test_operator_servers_are_used_and_one_that_is_down_is_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    notes = tmp_path / "notes_server.py"
    notes.write_text(OPERATOR_SERVER)
    config = tmp_path / "servers.json"
    config.write_text(json.dumps({"mcpServers": {
        "notes": {"transport": "stdio", "command": sys.executable, "args": [str(notes)]},
        "weather": {"transport": "streamable_http",
                    "url": f"http://127.0.0.1:{_closed_port()}/mcp"}}}))
    monkeypatch.setenv("AGENTDESK_MCP_SERVERS", str(config))
    from agentdesk.settings import get_settings

    get_settings.cache_clear()
    model = ScriptedChatModel(path=script(tmp_path, calls(("shout", {"text": "hello"})),
                                          {"content": "It says HELLO [1]."}))

    async def go() -> Any:
        async with harness(tmp_path, model) as h:
            return await h.turn("t-operator", "Shout hello")

    turn = asyncio.run(go())
    [result] = turn.values["tool_results"]
    assert result["tool"] == "shout" and result["data"] == {"result": "HELLO"}
    assert list(turn.values["scratchpad"]["operator_servers_down"]) == ["weather"]
    assert "(Not reachable: tool server weather.)" in turn.values["answer"]


def _conversation(turns: int) -> list[Any]:
    messages: list[Any] = []
    for i in range(turns):
        messages.append(HumanMessage(f"question {i} " + "words " * (i % 7 * 20), id=f"h{i}"))
        if i % 2:
            ids = [f"c{i}a", f"c{i}b"]
            messages.append(AIMessage("", id=f"p{i}", tool_calls=[
                {"id": c, "name": "kb_search", "args": {"query": "q"}, "type": "tool_call"}
                for c in ids]))
            messages += [ToolMessage("result " * (40 * (i % 3)), tool_call_id=c, id=f"t{c}")
                         for c in ids]
        messages.append(AIMessage(f"answer {i}", id=f"a{i}"))
    return messages


@pytest.mark.parametrize("budget", [50, 120, 300, 700, 1500, 4000])
def test_trimming_never_orphans_a_tool_result(budget: int) -> None:
    messages = _conversation(24)
    removed = {r.id for r in trim(messages, max_tokens=budget)}
    kept = [m for m in messages if m.id not in removed]
    assert orphans(kept) == []
    assert kept and isinstance(kept[0], HumanMessage)
    assert kept[-1].id == messages[-1].id  # the latest turn stays
    assert removed  # the budget is below the conversation's size: something went


def test_facts_about_the_user_are_read_from_what_they_say() -> None:
    assert user_facts("Hi, my name is Ana Lima and I live in Lisbon. I prefer metric units.") == [
        "Their name is Ana Lima", "They live in Lisbon", "They prefer metric units"]
    assert user_facts("What is the name of the main airport?") == []


def test_memory_reaches_a_new_thread_of_the_same_user_and_no_other_key(tmp_path: Path) -> None:
    model = EmbeddedStandIn(path=script(tmp_path, *[{"content": "Glad to help."}] * 3))

    async def go() -> tuple[Any, Any, Any]:
        async with harness(tmp_path, model) as h:
            first = await h.turn("t-mem-1", "My name is Ana and I live in Porto. What is 3*7?",
                                 user_id="ana", owner="alice")
            again = await h.turn("t-mem-2", "What is 6*7?", user_id="ana", owner="alice")
            other = await h.turn("t-mem-3", "What is 6*8?", user_id="ana", owner="mallory")
            return first, again, other

    first, again, other = asyncio.run(go())
    assert first.values["scratchpad"]["remembered"] == ["Their name is Ana",
                                                        "They live in Porto"]
    assert again.values["user_context"]["facts"] == ["Their name is Ana", "They live in Porto"]
    assert other.values["user_context"]["facts"] == []
    assert "asked: What is 6*7?" in again.values["summary"]


def test_a_bad_servers_file_is_a_clear_error(tmp_path: Path) -> None:
    from agentdesk.domains.assistant.agent.operator import read_servers
    from agentdesk.errors import ConfigError

    bad = tmp_path / "servers.toml"
    bad.write_text('[servers.notes]\ntransport = "stdio"\n')
    with pytest.raises(ConfigError, match=r"AGENTDESK_MCP_SERVERS: .*'notes': stdio needs a command"):
        read_servers(bad)
    good = tmp_path / "ok.toml"
    good.write_text('[servers.weather]\nurl = "http://127.0.0.1:9/mcp"\n')
    assert read_servers(good) == {"weather": {"url": "http://127.0.0.1:9/mcp",
                                              "transport": "streamable_http"}}
