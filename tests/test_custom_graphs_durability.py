"""A graph of your own survives its server: killed mid-run, another server continues it.

Real ``agentdesk serve --config`` processes (see crash_harness) on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .crash_harness import Cluster, cluster_fixture, sdk, until  # noqa: F401

GRAPH = '''
import time
from pathlib import Path

from langgraph.graph import START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict

HERE = Path(__file__).parent


class State(TypedDict, total=False):
    topic: str
    notes: list
    answer: object


def research(state: State) -> dict:
    with open(HERE / "research.log", "a") as log:
        log.write("researched\\n")
    return {"notes": [f"facts about {state['topic']}"]}


def write(state: State) -> dict:
    (HERE / "writing").touch()
    while not (HERE / "gate").exists():  # held here while the test kills the server
        time.sleep(0.05)
    return {"notes": [*state["notes"], "draft"]}


def review(state: State) -> dict:
    return {"answer": interrupt({"question": "Good?", "notes": state["notes"]})}


builder = StateGraph(State)
builder.add_node(research)
builder.add_node(write)
builder.add_node(review)
builder.add_edge(START, "research")
builder.add_edge("research", "write")
builder.add_edge("write", "review")
graph = builder.compile()
'''


def test_a_killed_servers_run_is_continued_by_another_without_redoing_steps(
        cluster: Cluster, tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "graph.py").write_text(GRAPH)
    config = app / "langgraph.json"
    config.write_text(json.dumps({"graphs": {"writer": "./graph.py:graph"}}))
    first = cluster.start("serve", "--config", str(config))
    with first.http() as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        run = http.post(f"/threads/{thread}/runs", json={
            "assistant_id": "writer", "input": {"topic": "tides"}}).json()
    until(lambda: (app / "writing").exists(), 60, "the write step to start")
    first.kill()  # SIGKILL in the middle of the write step
    (app / "gate").touch()

    second = cluster.start("serve", AGENTDESK_GRAPHS=str(config))  # the variable, this time

    def paused() -> Any:
        with second.http() as http:
            return http.get(f"/threads/{thread}").json()["status"] == "interrupted"

    until(paused, 90, "the run to be taken over and reach its interrupt")
    row = cluster.run_row(run["run_id"])
    assert row["attempt"] == 2 and row["status"] == "interrupted"
    # research had a checkpoint before the kill: it ran once; write was cut off and redone.
    assert (app / "research.log").read_text() == "researched\n"

    async def answer(client: Any) -> Any:
        state = await client.threads.get_state(thread)
        assert [i["value"] for i in state["interrupts"]] == [
            {"question": "Good?", "notes": ["facts about tides", "draft"]}]
        return await client.runs.wait(thread, "writer", command={"resume": {"good": True}})

    done = sdk(answer, second.url)
    assert done["answer"] == {"good": True}
    runs = [r["run_id"] for r in cluster.rows(
        "SELECT run_id FROM agentdesk_runs WHERE thread_id = :t ORDER BY created_at", t=thread)]
    assert runs[0] == run["run_id"] and len(runs) == 2
