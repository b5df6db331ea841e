"""The official JS SDK (``@langchain/langgraph-sdk`` from npm) drives a real server: a
thread, a streamed run to an interrupt, the state, and a resume.

``tests/js`` holds the script and its locked dependency; ``make test`` installs it
(``npm ci``). Without Node or the installed package the test is skipped, and says why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from agentdesk.settings import Settings
from tests.conformance.conftest import CONFIG
from tests.servers import Servers

JS = Path(__file__).parent / "js"


def test_js_sdk_thread_stream_interrupt_resume(database_url: str, servers: Servers,
                                               tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (JS / "node_modules" / "@langchain" / "langgraph-sdk").exists():
        pytest.skip("node or tests/js/node_modules is missing: npm ci --prefix tests/js")
    server = servers.app(Settings(data_dir=tmp_path / "data", database_url=database_url,
                                  graphs=CONFIG, actor="tester"))
    done = subprocess.run([node, str(JS / "sdk_flow.mjs")], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "SERVER_URL": server.url})
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["events"][0] == "metadata" and "values" in seen["events"]
    assert "updates" in seen["events"]
    assert seen["next"] == ["review"]
    assert seen["interrupt"] == {"question": "approve this draft?",
                                 "draft": "hello: a plan for js"}
    assert seen["result"] == "hello: a plan for js: approved" and seen["finished"] == 1
    assert seen["runs"] == ["success", "success"]
    assert seen["searched"] == [seen["thread_id"]]
