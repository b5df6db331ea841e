"""What one pytest run's JUnit XML says: each test's outcome and its first failure line."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Outcome:
    """One test: ``passed``, ``failed`` (failure or error) or ``skipped``, and why."""

    status: str
    message: str = ""
    call: str = ""
    """The SDK method the failure came out of (``assistants.create``), if any."""


def _first_line(element: ET.Element) -> str:
    text = element.get("message") or element.text or ""
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return element.tag


SDK_FRAME = re.compile(r"langgraph_sdk/_async/(\w+)\.py:\d+: in (\w+)")


def _sdk_call(element: ET.Element) -> str:
    """The first ``langgraph_sdk`` client method in the traceback, as ``resource.method``."""
    for resource, method in SDK_FRAME.findall(element.text or ""):
        if resource != "http":
            return f"{resource}.{method}"
    return ""


def outcomes(xml: Path) -> dict[str, Outcome]:
    """Test id (``module::name``) -> outcome, from pytest's ``--junitxml``."""
    out: dict[str, Outcome] = {}
    for case in ET.parse(xml).getroot().iter("testcase"):
        test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        skipped = case.find("skipped")
        if problem is not None:
            outcome = Outcome("failed", _first_line(problem), _sdk_call(problem))
        elif skipped is not None:
            outcome = Outcome("skipped", _first_line(skipped))
        else:
            outcome = Outcome("passed")
        # A teardown error is a second record for a test that passed: the failure wins.
        if out.get(test_id, Outcome("passed")).status != "failed":
            out[test_id] = outcome
    return out


def counts(results: dict[str, Outcome]) -> dict[str, int]:
    """How many passed, failed and skipped."""
    tally = {"passed": 0, "failed": 0, "skipped": 0}
    for outcome in results.values():
        tally[outcome.status] += 1
    return tally
