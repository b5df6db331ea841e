"""Print the SDK parity table: each client method, passed or failed on each server.

``python -m tests.conformance.parity`` runs the conformance suite once with the
reference (``langgraph dev``) beside agentdesk and prints a Markdown table, the one
the README shows. Give ``--junit FILE`` to read a run made before instead.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

COLUMNS = [("langgraph-dev", "langgraph dev"), ("agentdesk-sqlite", "agentdesk SQLite"),
           ("agentdesk-postgres", "agentdesk PostgreSQL")]
_NAME = re.compile(r"test_(?P<resource>assistants|threads|runs|crons|store)_(?P<method>\w+)"
                   r"\[(?P<target>[\w-]+)\]")


def results(junit: Path) -> dict[str, dict[str, str]]:
    """``{"threads.copy": {"agentdesk-sqlite": "pass", ...}}`` from a JUnit XML file."""
    table: dict[str, dict[str, str]] = defaultdict(dict)
    for case in ET.parse(junit).getroot().iter("testcase"):
        found = _NAME.fullmatch(case.get("name", ""))
        if not found:
            continue
        outcome = "pass"
        if case.find("skipped") is not None:
            outcome = "skip"
        elif case.find("failure") is not None or case.find("error") is not None:
            outcome = "fail"
        table[f"{found['resource']}.{found['method']}"][found["target"]] = outcome
    return table


def markdown(table: dict[str, dict[str, str]]) -> str:
    mark = {"pass": "yes", "fail": "**no**", "skip": "-"}
    lines = ["| method | " + " | ".join(label for _, label in COLUMNS) + " |",
             "|---|" + "---|" * len(COLUMNS)]
    for method in sorted(table):
        row = [mark.get(table[method].get(name, "skip"), "-") for name, _ in COLUMNS]
        lines.append(f"| `{method}` | " + " | ".join(row) + " |")
    totals = [sum(1 for m in table.values() if m.get(name) == "pass") for name, _ in COLUMNS]
    lines.append("| passed | " + " | ".join(f"{t}/{len(table)}" for t in totals) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--junit", type=Path, help="read this JUnit XML instead of running")
    args = parser.parse_args()
    junit = args.junit
    if junit is None:
        junit = Path(tempfile.mkdtemp()) / "conformance.xml"
        subprocess.run([sys.executable, "-m", "pytest", "-q",
                        str(Path(__file__).parent), f"--junitxml={junit}"],
                       env={**os.environ, "AGENTDESK_CONFORMANCE_REFERENCE": "1"}, check=False)
    print(markdown(results(junit)))


if __name__ == "__main__":
    main()
