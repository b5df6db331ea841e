"""The peer benchmark's shapes of graph (``bench/peers``): each graph file compiles, and one
thread of each runs to its end on ``agentdesk serve`` over SQLite and passes its end check.

The check must be able to fail: a thread of each pausing shape left at its interrupt
is reported, not passed.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys

from langgraph.pregel import Pregel
from langgraph_sdk import get_client

from bench.peers.servers import CONFIG
from bench.peers.shapes import APPROVE, SHAPES

from .servers import Servers


def test_every_shape_is_a_graph_of_the_langgraph_json_and_compiles() -> None:
    graphs = json.loads(CONFIG.read_text())["graphs"]
    assert set(graphs) == set(SHAPES)
    for name, ref in graphs.items():
        path, attr = ref.rsplit(":", 1)
        spec = importlib.util.spec_from_file_location(f"peer_shape_{name}", CONFIG.parent / path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # the schema's annotations are resolved through it
        try:
            spec.loader.exec_module(module)
        finally:
            del sys.modules[spec.name]
        graph = getattr(module, attr)
        assert isinstance(graph, Pregel), name
        assert graph.get_graph().nodes, name


def test_one_thread_of_each_shape_ends_exactly_once_on_agentdesk_sqlite(servers: Servers) -> None:
    server = servers.process("serve", "--config", str(CONFIG))

    async def scenario() -> None:
        client = get_client(url=server.url, timeout=120)
        for shape in SHAPES.values():
            tid, took = await shape.run(client, 1)
            assert took > 0
            assert await shape.problem(client, tid) is None, shape.name
            if shape.pauses:  # left at its interrupt: the check says so
                half = (await client.threads.create())["thread_id"]
                payload = ({"messages": [{"role": "user", "content": "half"}]}
                           if shape.name == "hitl_messages" else {"topic": "half"})
                paused = await client.runs.wait(half, shape.name, input=payload)
                assert "__interrupt__" in paused, shape.name
                problem = await shape.problem(client, half)
                assert problem is not None and half in problem, shape.name
                await client.runs.wait(half, shape.name, command={"resume": APPROVE})
                assert await shape.problem(client, half) is None, shape.name

    asyncio.run(scenario())
