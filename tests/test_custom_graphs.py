"""Graphs of your own from a langgraph.json, served beside the agents and driven by the SDK.

The graph file (``tests/graphs/hitl/graph.py``) is written the way the LangGraph
docs write one, with no agentdesk import: a StateGraph that pauses with
``interrupt({"question": ...})``, compiled without a checkpointer, and the same
graph from an async factory; its langgraph.json names both and an env file.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from langgraph_sdk import get_client
from typer.testing import CliRunner

from agentdesk.cli.main import app as cli_app
from agentdesk.runtime.registry import agent_names
from agentdesk.server.app import create_app
from agentdesk.settings import Settings, get_settings

from .conftest import ServerThread, free_port
from .servers import Servers

HITL = Path(__file__).parent / "graphs" / "hitl" / "langgraph.json"
QUESTION = {"question": "Publish this draft?", "draft": "A short note about otters."}


@pytest.fixture
def served(database_url: str, servers: Servers) -> Iterator[str]:
    """A real server on loopback serving the built-in agents and the hitl graphs."""
    server = servers.app(database_url=database_url, graphs=HITL, ping_seconds=0.3)
    yield server.url
    server.stop()
    # Registered for the server's life only: nothing leaks into the next test.
    assert "hitl" not in agent_names()


def test_sdk_client_drives_a_graph_of_your_own_to_its_interrupt_and_back(served: str) -> None:
    async def scenario() -> None:
        client = get_client(url=served)
        graphs = {a["graph_id"]: a for a in await client.assistants.search(limit=100)}
        assert {"hitl", "hitl_factory", "trip"} <= set(graphs)
        assert graphs["hitl_factory"]["description"] == "The same graph, from a factory."
        assert graphs["hitl"]["metadata"]["origin"].endswith("graph.py:graph")
        # A resume value that looks like one of our decisions is still given as it is.
        answers = {"hitl": {"type": "approve", "publish": True, "actor": "not-a-person"},
                   "hitl_factory": ["ship", 2, None]}
        for name, answer in answers.items():
            thread = (await client.threads.create())["thread_id"]
            parts = [p async for p in client.runs.stream(
                thread, name, input={"topic": "otters"}, stream_mode=["updates", "values"])]
            assert parts[0].event == "metadata" and parts[-1].event == "end"
            paused = [p.data["__interrupt__"] for p in parts
                      if p.event == "updates" and "__interrupt__" in p.data]
            assert [i[0]["value"] for i in paused] == [QUESTION]
            state = await client.threads.get_state(thread)
            assert [i["value"] for i in state["interrupts"]] == [QUESTION]
            assert state["values"]["greeting"] == "hello from .env"
            assert (await client.threads.get(thread))["status"] == "interrupted"
            inbox = await client.http.get("/interrupts")
            pending = next(item["interrupt"] for item in inbox if item["thread_id"] == thread)
            assert pending["kind"] == "custom" and pending["value"] == QUESTION
            assert pending["title"] == "Publish this draft?"
            interrupt_id = state["interrupts"][0]["id"]
            # Either form the SDK sends: the value, or {interrupt_id: value}.
            resume = answer if name == "hitl" else {interrupt_id: answer}
            done = await client.runs.wait(thread, name, command={"resume": resume})
            assert done["answer"] == answer and "__interrupt__" not in done
            assert (await client.threads.get(thread))["status"] == "idle"
            with pytest.raises(httpx.HTTPStatusError) as again:
                await client.runs.wait(thread, name, command={"resume": "twice"})
            assert again.value.response.status_code == 409
            trail = await client.http.get(f"/threads/{thread}/audit")
            decisions = [e for e in trail if e["event"] == "decision"]
            assert len(decisions) == 1 and decisions[0]["actor"] == "tester"
            assert decisions[0]["data"]["value"] == answer
            assert decisions[0]["data"]["interrupt_id"] == interrupt_id
        assert not [i for i in await client.http.get("/interrupts")
                    if i["agent"].startswith("hitl")]

    asyncio.run(scenario())


def test_answers_racing_for_one_interrupt_have_one_winner(served: str) -> None:
    with httpx.Client(base_url=served, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        http.post(f"/threads/{thread}/runs/wait",
                  json={"assistant_id": "hitl", "input": {"topic": "otters"}})

    async def race() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=served, timeout=60) as http:
            return list(await asyncio.gather(*(
                http.post(f"/threads/{thread}/runs/wait", json={
                    "assistant_id": "hitl", "command": {"resume": f"answer {i}"}})
                for i in range(6))))

    answers = asyncio.run(race())
    assert sorted(r.status_code for r in answers) == [200] + [409] * 5
    winner = next(r.json()["answer"] for r in answers if r.status_code == 200)
    with httpx.Client(base_url=served, timeout=60) as http:
        assert http.get(f"/threads/{thread}/state").json()["values"]["answer"] == winner
        trail = http.get(f"/threads/{thread}/audit").json()
        assert [e["data"]["value"] for e in trail if e["event"] == "decision"] == [winner]


def test_stream_replay_refusals_and_input_validation(served: str) -> None:
    with httpx.Client(base_url=served, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        bad = http.post(f"/threads/{thread}/runs/wait",
                        json={"assistant_id": "hitl", "input": {"topic": 12}})
        assert bad.status_code == 422 and bad.json()["detail"].startswith("topic: 12 is not")
        unknown = http.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "hitl", "input": {"messages": [{"role": "user", "content": "hi"}]}})
        assert unknown.status_code == 422 and unknown.json()["detail"] == (
            "messages: not a field of hitl's input (its fields: topic, draft, answer, greeting)")
        assert http.get(f"/threads/{thread}/runs").json() == []  # refused: no trace
        assert http.get(f"/threads/{thread}/state").json()["values"] == {}
        with http.stream("POST", f"/threads/{thread}/runs/stream", json={
                "assistant_id": "hitl", "input": {"topic": "otters"},
                "stream_mode": ["values"]}) as response:
            location = response.headers["location"]
            whole = [line for line in response.iter_lines() if line.startswith("id:")]
        with http.stream("GET", location, headers={"Last-Event-ID": "1"}) as again:
            rest = [line for line in again.iter_lines() if line.startswith("id:")]
        assert len(whole) >= 3 and rest == whole[1:]
        # Our decision shapes are refused for a graph's own interrupt, and the reverse.
        wrong = http.post(f"/threads/{thread}/decisions", json={"type": "approve"})
        assert wrong.status_code == 409 and "allowed: resume" in wrong.json()["detail"]
        stale = http.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "hitl", "command": {"resume": {"0" * 32: "yes"}}})
        assert stale.status_code == 409 and "not the pending one" in stale.json()["detail"]
        answered = http.post(f"/threads/{thread}/decisions",
                             json={"type": "resume", "value": "yes", "actor": "ana"})
        assert answered.status_code == 200, answered.text
        assert answered.json()["status"] == "completed"
        assert answered.json()["result"]["answer"] == "yes"


def test_a_graph_no_longer_configured_leaves_the_rest_working(isolated_env: Path) -> None:
    settings = Settings(data_dir=isolated_env, graphs=HITL, actor="tester")
    with ServerThread(create_app(settings)) as server, \
            httpx.Client(base_url=server.url, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        http.post(f"/threads/{thread}/runs/wait",
                  json={"assistant_id": "hitl", "input": {"topic": "otters"}})
        assert [i["thread_id"] for i in http.get("/interrupts").json()] == [thread]
    without = settings.model_copy(update={"graphs": None})
    with ServerThread(create_app(without)) as server, \
            httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.get("/interrupts").json() == []
        state = http.get(f"/threads/{thread}/state")
        assert state.status_code == 404 and "no agent named 'hitl'" in state.json()["detail"]
        assert "hitl" not in [a["graph_id"] for a in http.post(
            "/assistants/search", json={"limit": 100}).json()]


def test_cli_runs_shows_and_answers_a_graph_of_your_own(
        isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_GRAPHS", str(HITL))
    get_settings.cache_clear()
    runner = CliRunner()
    listed = json.loads(runner.invoke(cli_app, ["agents", "--json"]).output)
    assert {"hitl", "hitl_factory", "trip"} <= {row["name"] for row in listed}
    # The request text goes to the graph's first text field (it has no messages).
    started = runner.invoke(cli_app, ["run", "hitl", "otters", "--json", "--no-input"])
    assert started.exit_code == 0, started.output
    outcome = json.loads(started.output)
    assert outcome["status"] == "interrupted"
    assert outcome["interrupt"]["kind"] == "custom"
    assert outcome["interrupt"]["value"] == QUESTION
    thread = outcome["thread_id"]
    shown = runner.invoke(cli_app, ["show", thread])
    assert shown.exit_code == 0 and "waiting for an answer: Publish this draft?" in shown.output
    assert '"draft": "A short note about otters."' in shown.output
    refused = runner.invoke(cli_app, ["decide", thread, "approve", "--json"])
    assert refused.exit_code == 2 and "allowed: resume" in refused.output
    bad = runner.invoke(cli_app, ["decide", thread, "--resume", "{nope", "--json"])
    assert bad.exit_code == 2 and "--resume: not valid JSON" in bad.output
    done = runner.invoke(cli_app, ["decide", thread, "--resume", '{"publish": false}',
                                   "--json", "--actor", "ana"])
    assert done.exit_code == 0, done.output
    result = json.loads(done.output)
    assert result["status"] == "completed" and result["result"]["answer"] == {"publish": False}
    again = runner.invoke(cli_app, ["decide", thread, "--resume", "true", "--json"])
    assert again.exit_code == 2 and "not waiting" in again.output
    trail = json.loads(runner.invoke(cli_app, ["show", thread, "--json"]).output)["audit"]
    assert [(e["actor"], e["data"]["value"]) for e in trail if e["event"] == "decision"] == [
        ("ana", {"publish": False})]


MODULE_GRAPHS = '''
from typing_extensions import TypedDict
from langgraph.graph import START, StateGraph
from langgraph.types import interrupt


class State(TypedDict, total=False):
    n: int
    verdict: str


def double(state: State) -> dict:
    return {"n": state["n"] * 2}


def judge(state: State) -> dict:
    return {"verdict": interrupt(f"Is {state['n']} right?")}


def make_builder():
    builder = StateGraph(State)
    builder.add_node(double)
    builder.add_node(judge)
    builder.add_edge(START, "double")
    builder.add_edge("double", "judge")
    return builder


builder = make_builder()
'''


def test_a_module_target_a_builder_and_a_sync_factory(
        tmp_path: Path, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "src" / "mypkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "flows.py").write_text(MODULE_GRAPHS)
    config = tmp_path / "langgraph.json"
    config.write_text(json.dumps({"dependencies": ["./src"], "env": {"FLOWS_MODE": "test"},
                                  "graphs": {"doubler": "mypkg.flows:builder",
                                             "doubler2": "mypkg.flows:make_builder"}}))
    monkeypatch.setenv("AGENTDESK_GRAPHS", str(config))
    monkeypatch.setenv("FLOWS_MODE", "kept")  # what the process has wins over env
    get_settings.cache_clear()
    runner = CliRunner()
    for name in ("doubler", "doubler2"):
        bad = runner.invoke(cli_app, ["run", name, "--input", '{"n": "two"}', "--json"])
        assert bad.exit_code == 2 and "n: 'two' is not of type 'integer'" in bad.output
        started = runner.invoke(cli_app, ["run", name, "--input", '{"n": 21}', "--json",
                                          "--no-input"])
        outcome = json.loads(started.output)
        # A bare string payload is shown as it is, its text the summary.
        assert outcome["interrupt"]["value"] == "Is 42 right?"
        assert outcome["interrupt"]["summary"] == "Is 42 right?"
        done = runner.invoke(cli_app, ["decide", outcome["thread_id"], "--resume", '"yes"',
                                       "--json"])
        assert json.loads(done.output)["result"] == {"n": 42, "verdict": "yes"}
    assert os.environ["FLOWS_MODE"] == "kept"


BROKEN = {
    "import error": ("from langgraph.graph import StateGraph\n\nimport no_such_module_here\n",
                     "graph.py:3: ModuleNotFoundError: No module named 'no_such_module_here'"),
    "syntax error": ("x = 1\ndef broken(:\n    pass\n", "graph.py:2: SyntaxError"),
    "not a graph": ("import os\n\ngraph = {'nodes': []}\n",
                    "graph.py:3: graph is not a graph (a dict)"),
    "own checkpointer": (
        "from typing_extensions import TypedDict\n"
        "from langgraph.checkpoint.memory import InMemorySaver\n"
        "from langgraph.graph import START, StateGraph\n\n"
        "class State(TypedDict):\n    n: int\n\n"
        "builder = StateGraph(State)\nbuilder.add_node('step', lambda s: {'n': 1})\n"
        "builder.add_edge(START, 'step')\n"
        "graph = builder.compile(checkpointer=InMemorySaver())\n",
        "graph.py:11: graph is compiled with its own checkpointer (InMemorySaver)"),
    "static breakpoint": (
        "from typing_extensions import TypedDict\n"
        "from langgraph.graph import START, StateGraph\n\n"
        "class State(TypedDict):\n    n: int\n\n"
        "builder = StateGraph(State)\nbuilder.add_node('step', lambda s: {'n': 1})\n"
        "builder.add_edge(START, 'step')\n"
        "def graph():\n    return builder.compile(interrupt_before=['step'])\n",
        "graph.py:10: graph is compiled with static breakpoints (interrupt_before/after: "
        "step)"),
    "missing variable": ("from langgraph.graph import StateGraph\n\ngrpah = None\n",
                         "graph.py: no variable 'graph'"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_graph_stops_serve_with_one_line_naming_file_and_line(
        case: str, tmp_path: Path, isolated_env: Path) -> None:
    source, expected = BROKEN[case]
    (tmp_path / "graph.py").write_text(source)
    (tmp_path / "langgraph.json").write_text(json.dumps(
        {"dependencies": ["."], "graphs": {"broken": "./graph.py:graph"}}))
    port = free_port()
    done = subprocess.run(
        [sys.executable, "-m", "agentdesk", "serve", "--config", str(tmp_path / "langgraph.json"),
         "--port", str(port)], capture_output=True, text=True, timeout=120,
        env={**os.environ, "COLUMNS": "300"})
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: graph 'broken': ") and str(tmp_path) in lines[0]
    assert expected in lines[0]
    assert "web app" not in done.stdout + done.stderr  # stopped before serving anything


def test_a_langgraph_json_that_cannot_be_served_is_refused_by_the_cli(
        tmp_path: Path, isolated_env: Path) -> None:
    (tmp_path / "graph.py").write_text("graph = None\n")
    config = tmp_path / "langgraph.json"
    runner = CliRunner()
    cases = [({"graphs": {"trip": "./graph.py:graph"}}, "graphs.trip: 'trip' is a built-in"),
             ({"graphs": {}}, '"graphs" must be an object naming at least one graph'),
             ({"graphs": {"x": "./graph.py"}}, 'graphs.x: must be "./file.py:variable"'),
             ({"graphs": {"x": "./graph.py:graph"}, "env": ".env.missing"}, "env: no such file")]
    for body, expected in cases:
        config.write_text(json.dumps(body))
        done = runner.invoke(cli_app, ["worker", "--config", str(config), "--json"])
        assert done.exit_code == 2, (body, done.output)
        assert expected in json.loads(done.output)["message"], done.output
    config.write_text("{not json")
    done = runner.invoke(cli_app, ["serve", "--config", str(config), "--json"])
    assert done.exit_code == 2 and "langgraph.json:1: not valid JSON" in done.output
