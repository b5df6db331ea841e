"""The quality benchmark's frame: summaries and the command line (no model is run)."""

from __future__ import annotations

import json

import pytest

from bench.quality.__main__ import main
from bench.quality.common import CaseResult, summarize


def test_summary_counts_accuracy_failures_by_cause_and_median_time() -> None:
    results = [CaseResult("a", True, None, 1.0), CaseResult("b", False, "wrong rows", 3.0),
               CaseResult("c", False, "wrong rows", 9.0), CaseResult("d", False, "crash", 2.0)]
    summary = summarize("banking", results)
    assert summary == {"agent": "banking", "cases": 4, "passed": 1, "accuracy": 0.25,
                       "failures": {"wrong rows": 2, "crash": 1}, "median_seconds": 2.5}
    assert summarize("banking", [])["accuracy"] == 0.0


def test_the_command_prints_one_json_object_per_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--agent", "banking", "--limit", "0", "--json", "--model", "scripted:x"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["model"] == "scripted:x"
    assert [a["agent"] for a in printed["agents"]] == ["banking"]
    assert printed["agents"][0]["cases"] == 0


def test_an_unknown_agent_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--agent", "nobody"])
