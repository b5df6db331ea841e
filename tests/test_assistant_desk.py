"""The assistant on the runtime (``Desk``): a thread is a conversation, each message a run."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agentdesk.errors import InputError
from agentdesk.runtime.runs.desk import Desk
from tests.assistant_harness import script


def test_each_message_is_a_new_run_on_the_same_thread(tmp_path: Path, database_url: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from agentdesk.settings import get_settings

    monkeypatch.setenv("AGENTDESK_DATABASE_URL", database_url)
    get_settings.cache_clear()
    model = "scripted:" + str(script(
        tmp_path, {"tool_calls": [{"name": "calculator", "args": {"expression": "6*7"}}]},
        {"content": "6*7 is 42 [1]."}, {"content": "no tools"},
        {"content": "You asked what 6*7 is; it is 42."}))

    async def go() -> tuple[Any, Any, dict[str, Any]]:
        async with Desk.open() as desk:
            first = await desk.start("assistant", {"messages": "What is 6*7?"}, model=model)
            run = await desk.prepare_start("assistant", {"messages": "What did I just ask?"},
                                           thread_id=first.thread_id, model=model)
            second = await desk.execute(run)
            view = await desk.view(first.thread_id)
            return first, second, view.values

    first, second, values = asyncio.run(go())
    assert first.status == second.status == "completed"
    assert first.result["answer"].startswith("6*7 is 42 [1].")
    assert second.result["answer"] == "You asked what 6*7 is; it is 42."
    assert second.result["tool_results"] == [] and second.result["retry_count"] == 0
    kinds = [type(m).__name__ for m in values["messages"]]
    assert kinds == ["HumanMessage", "AIMessage", "ToolMessage", "AIMessage", "HumanMessage",
                     "AIMessage"]
    assert isinstance(values["messages"][2], ToolMessage)
    assert isinstance(values["messages"][0], HumanMessage)
    assert isinstance(values["messages"][-1], AIMessage)
    assert values["summary"].count("- asked:") == 2


def test_a_refused_input_writes_nothing() -> None:
    async def go() -> list[Any]:
        async with Desk.open() as desk:
            with pytest.raises(InputError) as caught:
                await desk.start("assistant", {"messages": "bad \x07 bell"}, model="local")
            assert caught.value.field == "messages"
            return await desk.store.list_threads() if hasattr(desk.store, "list_threads") \
                else []

    assert asyncio.run(go()) == []
