"""ToolPolicy: timeouts, retries, result caps, redaction and audit, with real LangChain tools."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool, ToolException

from agentdesk.runtime.tools import ToolPolicy, redact, tool_result_data


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def make_tool(name: str, coroutine: Any, **kwargs: Any) -> StructuredTool:
    return StructuredTool.from_function(coroutine=coroutine, name=name,
                                        description=f"The {name} tool.", **kwargs)


def tool_call(name: str, call_id: str = "c1", **args: Any) -> dict[str, Any]:
    return {"name": name, "args": args, "id": call_id, "type": "tool_call"}


def fast_policy(**kwargs: Any) -> ToolPolicy:
    return ToolPolicy(**{"timeout": 0.05, "retries": 2, "backoff_initial": 0.01,
                         "backoff_max": 0.02, **kwargs})


class Recorder:
    """An audit sink and an event emitter that keep what they are given."""

    def __init__(self) -> None:
        self.audit: list[tuple[str, dict[str, Any]]] = []
        self.events: list[dict[str, Any]] = []

    async def sink(self, event: str, data: dict[str, Any]) -> None:
        self.audit.append((event, data))

    def emit(self, event: dict[str, Any]) -> None:
        self.events.append(event)


# -- timeouts and retries ------------------------------------------------------------------


def test_timeout_is_retried_then_returned_as_an_error_message() -> None:
    calls: list[str] = []

    async def slow(city: str) -> str:
        calls.append(city)
        await asyncio.sleep(5)
        return "never"

    recorder = Recorder()
    policy = fast_policy(audit=recorder.sink)
    message = run(policy.call(make_tool("slow", slow), tool_call("slow", city="Lisbon")))
    assert isinstance(message, ToolMessage)
    assert message.status == "error"
    assert message.tool_call_id == "c1" and message.name == "slow"
    assert "no answer within 0.05s" in message.text
    assert calls == ["Lisbon"] * 3  # the first attempt and two retries
    assert policy.retry_counts == {"slow": 2}
    [(event, entry)] = recorder.audit
    assert event == "tool_call"
    assert entry["outcome"] == "error" and entry["attempts"] == 3
    assert "no answer within" in entry["error"]
    assert entry["duration_ms"] >= 140  # three 50 ms timeouts


def test_retry_counts_add_up_over_calls_and_zero_retries_means_one_try() -> None:
    calls = 0

    async def slow() -> str:
        nonlocal calls
        calls += 1
        await asyncio.sleep(5)
        return "never"

    tool = make_tool("slow", slow)
    policy = fast_policy(retries=1)
    run(policy.call(tool, tool_call("slow", "a")))
    run(policy.call(tool, tool_call("slow", "b")))
    assert calls == 4
    assert policy.retry_counts == {"slow": 2}

    once = fast_policy(retries=0)
    assert run(once.call(tool, tool_call("slow"))).status == "error"
    assert calls == 5
    assert once.retry_counts == {}


def test_transient_failure_succeeds_on_retry() -> None:
    calls = 0

    async def flaky(code: str) -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("connection reset by peer")
        return {"code": code, "ok": True}

    recorder = Recorder()
    policy = fast_policy(audit=recorder.sink)
    message = run(policy.call(make_tool("flaky", flaky), tool_call("flaky", code="LIS")))
    assert message.status == "success"
    assert tool_result_data(message) == {"code": "LIS", "ok": True}
    assert calls == 2
    assert policy.retry_counts == {"flaky": 1}
    assert [entry["attempts"] for _, entry in recorder.audit] == [2]
    assert recorder.audit[0][1]["outcome"] == "ok"
    assert "error" not in recorder.audit[0][1]


def test_transient_error_message_from_a_tool_is_retried() -> None:
    """Remote (MCP) tools report failures as error results; a 503 among them is transient."""
    calls = 0

    async def gateway() -> str:
        nonlocal calls
        calls += 1
        if calls < 3:
            raise ToolException("upstream answered 503 Service Unavailable")
        return "fine"

    policy = fast_policy()
    tool = make_tool("gateway", gateway, handle_tool_error=True)
    message = run(policy.call(tool, tool_call("gateway")))
    assert (message.status, message.text) == ("success", "fine")
    assert calls == 3
    assert policy.retry_counts == {"gateway": 2}


@pytest.mark.parametrize(("error", "handled"), [
    (ValueError("bad city code"), False),
    (ToolException("bad city code"), False),
    (ToolException("bad city code"), True),
])
def test_permanent_failure_is_not_retried(error: Exception, handled: bool) -> None:
    calls = 0

    async def broken(code: str) -> str:
        nonlocal calls
        calls += 1
        raise error

    recorder = Recorder()
    policy = fast_policy(audit=recorder.sink)
    tool = make_tool("broken", broken, handle_tool_error=handled)
    message = run(policy.call(tool, tool_call("broken", code="XX")))
    assert calls == 1
    assert message.status == "error"
    assert "bad city code" in message.text
    assert policy.retry_counts == {}
    [(_, entry)] = recorder.audit
    assert (entry["outcome"], entry["attempts"]) == ("error", 1)


def test_a_failing_tool_never_raises() -> None:
    async def crash() -> str:
        raise RuntimeError("segfault-ish")

    message = run(fast_policy().call(make_tool("crash", crash), tool_call("crash")))
    assert message.status == "error"
    assert message.text == "Error: segfault-ish"


# -- result size -----------------------------------------------------------------------------


def test_long_results_are_cut_with_a_note() -> None:
    async def chatty(size: int) -> str:
        return "x" * size

    tool = make_tool("chatty", chatty)
    policy = fast_policy(max_chars=50, timeout=1.0)
    cut = run(policy.call(tool, tool_call("chatty", size=500)))
    assert cut.status == "success"
    assert cut.text == "x" * 50 + "\n[cut: result was 500 characters]"
    whole = run(policy.call(tool, tool_call("chatty", size=50)))
    assert whole.text == "x" * 50


def test_non_message_results_are_wrapped_as_json() -> None:
    class Plain(BaseTool):
        name: str = "plain"
        description: str = "Returns a dict, not a ToolMessage."

        def _run(self, **kwargs: Any) -> Any:
            raise NotImplementedError

        async def ainvoke(self, input: Any, config: Any = None, **kwargs: Any) -> Any:
            return {"answer": 42}

    message = run(fast_policy(timeout=1.0).call(Plain(), tool_call("plain", "p1")))
    assert message.tool_call_id == "p1" and message.name == "plain"
    assert json.loads(message.text) == {"answer": 42}
    assert tool_result_data(message) == {"answer": 42}


# -- audit and events ------------------------------------------------------------------------


def test_audit_gets_one_redacted_entry_per_call() -> None:
    async def fetch(city: str, api_key: str) -> str:
        return f"weather in {city}"

    async def fail(token: str) -> str:
        raise ValueError(f"rejected Bearer {token}")

    recorder = Recorder()
    policy = fast_policy(audit=recorder.sink, emit=recorder.emit, timeout=1.0)
    fetch_tool, fail_tool = make_tool("fetch", fetch), make_tool("fail", fail)
    ok = run(policy.call(fetch_tool, tool_call("fetch", city="Lisbon", api_key="k-123")))
    bad = run(policy.call(fail_tool, tool_call("fail", token="abcdefgh12345")))
    assert ok.text == "weather in Lisbon"
    assert bad.status == "error"

    assert [event for event, _ in recorder.audit] == ["tool_call", "tool_call"]
    first, second = (entry for _, entry in recorder.audit)
    assert first["tool"] == "fetch"
    assert first["args"] == {"city": "Lisbon", "api_key": "***"}
    assert first["outcome"] == "ok" and first["attempts"] == 1
    assert isinstance(first["duration_ms"], int) and first["duration_ms"] >= 0
    assert second["tool"] == "fail"
    assert second["args"] == {"token": "***"}
    assert second["outcome"] == "error"
    assert "abcdefgh12345" not in second["error"] and "***" in second["error"]

    kinds = [(e["kind"], e["tool"]) for e in recorder.events]
    assert kinds == [("tool_started", "fetch"), ("tool_finished", "fetch"),
                     ("tool_started", "fail"), ("tool_finished", "fail")]
    assert recorder.events[0]["args"]["api_key"] == "***"
    assert recorder.events[1]["outcome"] == "ok"
    assert recorder.events[3]["outcome"] == "error"


# -- redact ----------------------------------------------------------------------------------


def test_redact_masks_secret_keys_recursively() -> None:
    data = {
        "city": "Lisbon",
        "password": "hunter2",
        "headers": {"Authorization": "anything", "Accept": "json"},
        "accounts": [{"API-Key": "abc", "user": "ana"}, ("client_secret", {"refresh_token": 1})],
        "credentials": {"nested": "all of it"},
        "count": 3,
    }
    original = json.loads(json.dumps(data, default=list))
    masked = redact(data)
    assert masked == {
        "city": "Lisbon",
        "password": "***",
        "headers": {"Authorization": "***", "Accept": "json"},
        "accounts": [{"API-Key": "***", "user": "ana"}, ["client_secret", {"refresh_token": "***"}]],
        "credentials": "***",
        "count": 3,
    }
    assert json.loads(json.dumps(data, default=list)) == original  # the input is untouched


def test_redact_masks_token_values() -> None:
    text = "call with Bearer eyJhbGciOi.J9abc and key sk-proj_ABCDEFGHIJKLmnop please"
    assert redact(text) == "call with *** and key *** please"
    assert redact({"note": ["sk-abcdefghijklmnopqrstuvwx"]}) == {"note": ["***"]}
    # Short look-alikes are not secrets.
    assert redact("sk-short and Bearer abc") == "sk-short and Bearer abc"
    assert redact(None) is None and redact(12) == 12


# -- run_calls -------------------------------------------------------------------------------


def test_run_calls_answers_in_call_order_and_reports_unknown_tools() -> None:
    async def main() -> list[ToolMessage]:
        second_ran = asyncio.Event()

        async def first(city: str) -> str:
            # Only finishes once the second call has run: proves the calls overlap.
            await asyncio.wait_for(second_ran.wait(), timeout=2)
            return f"first:{city}"

        async def second(city: str) -> str:
            second_ran.set()
            return f"second:{city}"

        tools = {"first": make_tool("first", first), "second": make_tool("second", second)}
        message = AIMessage("", tool_calls=[
            {"name": "first", "args": {"city": "Lisbon"}, "id": "a"},
            {"name": "second", "args": {"city": "Porto"}, "id": "b"},
            {"name": "teleport", "args": {}, "id": "c"},
        ])
        return await fast_policy(timeout=3.0).run_calls(message, tools)

    answers = run(main())
    assert [m.tool_call_id for m in answers] == ["a", "b", "c"]
    assert [m.text for m in answers[:2]] == ["first:Lisbon", "second:Porto"]
    assert [m.status for m in answers] == ["success", "success", "error"]
    unknown = answers[2]
    assert unknown.name == "teleport"
    assert "no tool named 'teleport'" in unknown.text
    assert "available: first, second" in unknown.text


def test_run_calls_with_no_calls_is_empty() -> None:
    assert run(fast_policy().run_calls(AIMessage("done"), {})) == []
