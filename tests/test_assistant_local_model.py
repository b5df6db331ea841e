"""The assistant on the embedded model (llama.cpp, Gemma 3 270M), run for real on a
question the README suggests."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agentdesk.runtime.runs.desk import Desk
from bench.quality.assistant import cases, judge

pytestmark = pytest.mark.local_model


def test_a_readme_question_is_answered_and_cited() -> None:
    case = next(c for c in cases() if c.id == "calc_speed")
    assert "product" in case.tags

    async def ask() -> Any:
        async with Desk.open() as desk:
            return await desk.start("assistant", {"messages": case.request}, model="local")

    outcome = asyncio.run(ask())
    assert outcome.status == "completed", outcome.error
    ok, cause, detail = judge(case, outcome.result)
    assert ok, f"{cause}: {detail}"
    assert "Sources:\n[1] calculator(expression='3.5 km/h to m/s')" in outcome.result["answer"]
