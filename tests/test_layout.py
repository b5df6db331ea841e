"""The house rules of the layout (README, "Layout"): import-linter's contracts, kept and enforced.

The contracts live in pyproject.toml. These tests check that the tree keeps them, that
a back-import breaks them (so the rules are not vacuous), and that importing a tool
server loads no agent, channel, server or CLI.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agentdesk.runtime.mcp import SERVERS

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([str(LINT), str(ROOT / "pyproject.toml"), "--no-cache"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_the_tree_keeps_every_contract() -> None:
    done = _lint()
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("module", "back_import", "broken"), [
    ("runtime/registry.py", "import agentdesk.server.app",
     "agentdesk.runtime is not allowed to import agentdesk.server"),
    ("domains/assistant/agent/nodes.py", "import agentdesk.domains.banking.agent",
     "agentdesk.domains.assistant is not allowed to import agentdesk.domains.banking"),
    ("domains/trip/travel/server.py", "import agentdesk.domains.trip.agent",
     "agentdesk.domains.trip.travel is not allowed to import agentdesk.domains.trip.agent"),
    ("cli/main.py", "import agentdesk.domains.trip.agent",
     "agentdesk.cli is not allowed to import agentdesk.domains"),
])
def test_a_back_import_breaks_a_contract(tmp_path: Path, module: str, back_import: str,
                                         broken: str) -> None:
    """One line added in a copy of the tree is enough for the check to fail, naming it."""
    copy = tmp_path / "agentdesk"
    shutil.copytree(ROOT / "src" / "agentdesk", copy,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    target = copy / module
    target.write_text(target.read_text() + f"\n{back_import}  # a deliberate back-import\n")
    done = _lint(pythonpath=tmp_path)
    assert done.returncode != 0
    assert broken in " ".join(done.stdout.split()), done.stdout


@pytest.mark.parametrize("server", sorted(SERVERS))
def test_importing_a_tool_server_loads_no_agent_channel_server_or_cli(server: str) -> None:
    code = ("import importlib, json, sys; importlib.import_module(sys.argv[1]).build_server; "
            "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code, SERVERS[server]], capture_output=True,
                          text=True, timeout=120, check=True)
    loaded = json.loads(done.stdout)
    wrong = [name for name in loaded if name.startswith(("agentdesk.channels", "agentdesk.server",
                                                         "agentdesk.cli", "langgraph"))
             or (name.startswith("agentdesk.domains.") and ".agent" in name)]
    assert wrong == []
