"""The thread event protocol's shapes: recorded run events reshaped as the SDK's v2 events.

Real recorded events (what :mod:`agentdesk.server.stream` stores: model chunks dumped as
JSON, ``updates``, ``custom``, ``error``, ``end``) go through
:class:`~agentdesk.server.eventproto.RunTranslator`; the SDK's own decoders read the result.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.messages import AIMessageChunk, ToolMessage
from langgraph_sdk.stream.subscription import matches_subscription

from agentdesk.server.eventproto import RunTranslator, StreamFilter
from agentdesk.server.serialize import dumps
from agentdesk.server.stream import StreamEvent


def _translate(recorded: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    async def main() -> list[dict[str, Any]]:
        translator = RunTranslator("r1", "chat")
        out: list[dict[str, Any]] = []
        for seq, (event, data) in enumerate(recorded, start=1):
            out += await translator.feed(StreamEvent(seq, event, dumps(data)))
        translator.close()
        return out
    return asyncio.run(main())


def _chunk(text: str = "", **fields: Any) -> list[Any]:
    return [AIMessageChunk(content=text, id="m1", **fields), {"langgraph_node": "talk"}]


def test_streamed_model_chunks_become_a_message_lifecycle() -> None:
    events = _translate([
        ("metadata", {"run_id": "r1", "attempt": 1}),
        ("messages", _chunk("Hel")),
        ("messages", _chunk("lo")),
        ("messages", _chunk(tool_call_chunks=[
            {"name": "search", "args": '{"q": "otters"}', "id": "c1", "index": 1}])),
        ("updates", {"talk": {"said": "Hello"}}),
        ("messages", [ToolMessage(content="found", tool_call_id="c1", id="t1"), {}]),
        ("end", {"run_id": "r1", "status": "success"}),
    ])
    messages = [e["params"]["data"] for e in events if e["method"] == "messages"]
    kinds = [m["event"] for m in messages]
    assert kinds[0] == "message-start" and messages[0]["id"] == "m1"
    deltas = [m["delta"] for m in messages[:kinds.index("message-finish")]
              if m["event"] == "content-block-delta"]
    assert "".join(d.get("text", "") for d in deltas) == "Hello"
    finished = [m["content"] for m in messages if m["event"] == "content-block-finish"]
    assert {"type": "text", "text": "Hello"} in finished
    assert any(c.get("type") == "tool_call" and c.get("args") == {"q": "otters"}
               for c in finished)
    # The message finished with its node (before the node's update), the tool's
    # result is a message of its own.
    assert kinds.count("message-start") == 2 and kinds.count("message-finish") == 2
    assert messages[kinds.index("message-start", 1)]["role"] == "tool"
    assert all(e["params"].get("node") == "talk" for e in events
               if e["method"] == "messages" and e["params"]["data"].get("id") == "m1")
    assert len({e["event_id"] for e in events}) == len(events)
    assert [e["params"]["data"]["event"] for e in events if e["method"] == "lifecycle"] \
        == ["running", "completed"]


def test_a_failed_run_ends_failed_with_its_error_and_closes_subgraphs() -> None:
    events = _translate([
        ("metadata", {"run_id": "r1", "attempt": 1}),
        ("updates|inner:abc", {"shout": {"seen": ["X"]}}),
        ("custom|inner:abc", {"progress": 0.5}),
        ("error", {"error": "RuntimeError", "message": "the model is away"}),
        ("end", {"run_id": "r1", "status": "error"}),
    ])
    lifecycle = [(e["params"]["namespace"], e["params"]["data"]) for e in events
                 if e["method"] == "lifecycle"]
    assert lifecycle == [
        ([], {"event": "running", "graph_name": "chat"}),
        (["inner:abc"], {"event": "started", "namespace": ["inner:abc"],
                         "graph_name": "inner", "trigger_call_id": "abc"}),
        (["inner:abc"], {"event": "completed", "graph_name": "inner"}),
        ([], {"event": "failed", "graph_name": "chat", "error": "the model is away"}),
    ]
    custom = next(e for e in events if e["method"] == "custom")
    assert custom["params"] == {**custom["params"], "namespace": ["inner:abc"],
                                "data": {"payload": {"progress": 0.5}}}


def test_a_subgraph_completes_when_its_parent_reports_the_task() -> None:
    """As langgraph dev closes them: the parent's update for a node ends the oldest open
    subgraph of that node (its own subgraphs first), not the run's end."""
    events = _translate([
        ("metadata", {"run_id": "r1", "attempt": 1}),
        ("values|fan:a", {"n": 1}),
        ("values|fan:a|deep:x", {"n": 1}),
        ("values|fan:b", {"n": 2}),
        ("updates", {"fan": {"n": 1}}),
        ("updates", {"other": {"n": 0}}),
        ("values", {"n": 3}),
        ("updates", {"fan": {"n": 2}}),
        ("end", {"run_id": "r1", "status": "success"}),
    ])
    order = [(e["method"], e["params"]["namespace"], e["params"]["data"].get("event"))
             for e in events if e["method"] in ("lifecycle", "updates")]
    assert order == [
        ("lifecycle", [], "running"),
        ("lifecycle", ["fan:a"], "started"),
        ("lifecycle", ["fan:a", "deep:x"], "started"),
        ("lifecycle", ["fan:b"], "started"),
        ("updates", [], None),
        ("lifecycle", ["fan:a", "deep:x"], "completed"),
        ("lifecycle", ["fan:a"], "completed"),
        ("updates", [], None),
        ("updates", [], None),
        ("lifecycle", ["fan:b"], "completed"),
        ("lifecycle", [], "completed"),
    ]
    assert len({e["event_id"] for e in events}) == len(events)


def test_an_interrupt_is_asked_once_and_the_run_ends_interrupted() -> None:
    asked = {"__interrupt__": [{"value": {"question": "ok?"}, "id": "i1"}]}
    events = _translate([
        ("metadata", {"run_id": "r1", "attempt": 1}),
        ("updates", asked),
        ("values", {"topic": "x", **asked}),
        ("end", {"run_id": "r1", "status": "success"}),
    ])
    assert [e["method"] for e in events] == ["lifecycle", "input.requested", "lifecycle",
                                             "values"]
    assert events[1]["params"]["data"] == {"interrupt_id": "i1", "payload": {"question": "ok?"},
                                           "value": {"question": "ok?"}}
    assert events[2]["params"]["data"]["event"] == "interrupted"
    assert events[3]["params"]["data"] == {"topic": "x"}
    cancelled = _translate([("metadata", {}), ("end", {"status": "interrupted"})])
    assert cancelled[-1]["params"]["data"]["event"] == "interrupted"


def test_the_filter_means_what_the_sdk_means() -> None:
    events = _translate([
        ("metadata", {}),
        ("values", {"a": 1}),
        ("values|outer:1", {"b": 1}),
        ("values|outer:1|inner:2", {"c": 1}),
        ("custom", {"name": "progress", "payload": 1}),
        ("end", {"status": "success"}),
    ])
    for params in ({"channels": ["values"]},
                   {"channels": ["values", "lifecycle"], "namespaces": [["outer"]], "depth": 0},
                   {"channels": ["values"], "namespaces": [["outer"]]},
                   {"channels": ["custom", "lifecycle"], "namespaces": [[]], "depth": 0},
                   {"channels": ["custom:progress"]}):
        wanted = StreamFilter(params["channels"], params.get("namespaces"), params.get("depth"))
        ours = [e["event_id"] for e in events if wanted.wants(e)]
        sdk = [e["event_id"] for e in events if matches_subscription(e, params)]  # type: ignore[arg-type]
        assert ours == sdk, params
