"""The scripted model replays: a model call run again from the same checkpoint gets the
answer it got before, in the same process (a node resumed after an interrupt) and across
a ``kill -9`` between the call and the step's checkpoint (a takeover by another server)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.types import Command, interrupt

from agentdesk.errors import ModelError
from agentdesk.models.scripted import ScriptedChatModel

from .crash_harness import Cluster, cluster_fixture, until  # noqa: F401


def _script(path: Path, *answers: str) -> Path:
    path.write_text(json.dumps([{"content": answer} for answer in answers]))
    return path


def test_plain_invoke_takes_the_items_in_order(tmp_path: Path) -> None:
    model = ScriptedChatModel(path=_script(tmp_path / "s.json", "one", "two"))
    assert [model.invoke("hi").content for _ in range(2)] == ["one", "two"]
    with pytest.raises(ModelError, match="script exhausted"):
        model.invoke("hi")


class _State(TypedDict, total=False):
    said: list[str]
    decision: Any


def test_a_node_resumed_after_an_interrupt_gets_the_same_answer(tmp_path: Path) -> None:
    model = ScriptedChatModel(path=_script(tmp_path / "s.json", "draft", "final"),
                              cursor_dir=tmp_path / "cursors")

    def draft(state: _State) -> dict[str, Any]:
        said = str(model.invoke([HumanMessage("draft")]).content)
        return {"said": [said], "decision": interrupt({"draft": said})}

    def finish(state: _State) -> dict[str, Any]:
        return {"said": [*state["said"], str(model.invoke([HumanMessage("go")]).content)]}

    builder = StateGraph(_State)
    builder.add_node(draft)
    builder.add_node(finish)
    builder.add_edge(START, "draft")
    builder.add_edge("draft", "finish")
    graph = builder.compile(checkpointer=InMemorySaver())
    config: Any = {"configurable": {"thread_id": "t-1"}}
    paused = graph.invoke({"said": []}, config)
    assert paused["__interrupt__"][0].value == {"draft": "draft"}
    # A second model object, as in another process: the cursor file carries the replay.
    model = ScriptedChatModel(path=tmp_path / "s.json", cursor_dir=tmp_path / "cursors")
    done = graph.invoke(Command(resume="yes"), config)
    assert done["said"] == ["draft", "final"] and done["decision"] == "yes"


GRAPH = '''
import json
import time
from pathlib import Path

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

from agentdesk.models.scripted import ScriptedChatModel

HERE = Path(__file__).parent
model = ScriptedChatModel(path=HERE / "script.json", cursor_dir=HERE / "cursors")


class State(TypedDict, total=False):
    question: str
    plan: str
    answer: str


def plan(state: State) -> dict:
    said = str(model.invoke(state["question"]).content)
    with open(HERE / "plan.log", "a") as log:
        log.write(said + "\\n")
    (HERE / "called").touch()
    while not (HERE / "gate").exists():  # the model has answered; killed before the checkpoint
        time.sleep(0.05)
    return {"plan": said}


def answer(state: State) -> dict:
    return {"answer": str(model.invoke(state["plan"]).content)}


builder = StateGraph(State)
builder.add_node(plan)
builder.add_node(answer)
builder.add_edge(START, "plan")
builder.add_edge("plan", "answer")
graph = builder.compile()
'''


def test_a_model_call_replayed_by_a_takeover_gets_the_same_answer(
        cluster: Cluster, tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "graph.py").write_text(GRAPH)
    _script(app / "script.json", "plan: look it up", "the answer is 42")  # one item per step
    config = app / "langgraph.json"
    config.write_text(json.dumps({"graphs": {"replayer": "./graph.py:graph"}}))
    first = cluster.start("serve", "--config", str(config))
    with first.http() as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        run = http.post(f"/threads/{thread}/runs", json={
            "assistant_id": "replayer", "input": {"question": "what is it?"}}).json()
    until(lambda: (app / "called").exists(), 60, "the plan step's model call to return")
    first.kill()  # SIGKILL after the model answered, before the step's checkpoint
    (app / "gate").touch()

    second = cluster.start("serve", AGENTDESK_GRAPHS=str(config))

    def finished() -> Any:
        with second.http() as http:
            status = http.get(f"/threads/{thread}").json()["status"]
            return status if status in {"idle", "error"} else None

    until(finished, 90, "the run to be taken over and finish")
    row = cluster.run_row(run["run_id"])
    assert row["attempt"] == 2, row
    assert row["status"] == "completed", row
    with second.http() as http:
        values = http.get(f"/threads/{thread}/state").json()["values"]
    assert values["plan"] == "plan: look it up"
    assert values["answer"] == "the answer is 42"
    # The plan step ran twice (killed, then replayed) and the model said the same both times.
    assert (app / "plan.log").read_text().splitlines() == ["plan: look it up"] * 2
