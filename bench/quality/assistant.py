"""The general assistant's quality set: questions answered by the real graph and tools.

A case is right when the run completes, the expected tool was called, and the answer
holds every expected group (see :mod:`.assistant_set`); for questions about the bank's
data, the reference query's value.

A miss is a **refusal** when the agent asked for clarification, failed, or said it could
not answer, and a **silent wrong** when it answered without the expected fact (another
tool's answer, or another value) and did not say it could not (:data:`REFUSED`). A right
answer without its citation is counted apart (:data:`OTHER`).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from .assistant_fresh import FRESH
from .assistant_fresh2 import FRESH2
from .assistant_fresh3 import FRESH3
from .assistant_fresh4 import FRESH4
from .assistant_fresh5 import FRESH5
from .assistant_fresh6 import FRESH6
from .assistant_set import QUESTIONS
from .common import Case, CaseResult, open_desk

__all__ = ["NAME", "OTHER", "REFUSED", "cases", "judge", "run_case"]

NAME = "assistant"
_COULD_NOT = re.compile(r"\b(?:could ?n[o']t|can ?n[o']t|cannot|unable|did ?n[o']t find|"
                        r"no (?:results?|answer)|not (?:able|sure|find))\b", re.I)
"""How the agent says it has no answer."""
REFUSED = frozenset({"said it could not", "run interrupted", "run failed"})
"""It asked, failed or said it could not answer."""
OTHER = frozenset({"crash", "no citation"})
"""No answer at all, or the right fact without its citation (not a wrong answer)."""


def cases() -> list[Case]:
    """The labelled questions, then the fresh held-back ones (:mod:`.assistant_fresh`, then
    the second fresh set, :mod:`.assistant_fresh2`, whose every other question is tagged
    ``read``: read and tuned on; then the third, :mod:`.assistant_fresh3`, measured blind and
    read whole once the fourth was written, 2026-11-29; then the fourth,
    :mod:`.assistant_fresh4`, measured blind before and after the round that read the third
    (as written 31/25/4 then 36/21/3 right/refused/silent wrong, 216/190/26 then 254/160/18
    with variants) and read once the fifth was written; then the fifth,
    :mod:`.assistant_fresh5`, measured blind before and after the round that read the fourth
    (as written 32/24/4 then 34/22/4, 229/176/32 then 244/161/32 with variants) and read once
    the sixth was written; then the sixth, :mod:`.assistant_fresh6`, written blind and never
    tuned on (measured blind: as written 48/12/0, 352/86/0 with variants)."""
    # The second, fourth and fifth fresh sets were read and tuned on: the second half of it
    # and then, once the third was written blind, all of it; the fourth once the fifth was,
    # the fifth once the sixth was.
    second, fourth, fifth = ([(qid, question, tool, expected, [*tags, "read"])
                              for qid, question, tool, expected, tags in fresh]
                             for fresh in (FRESH2, FRESH4, FRESH5))
    every = [*QUESTIONS, *FRESH, *second, *FRESH3, *fourth, *fifth, *FRESH6]
    return [Case(id=qid, request=question, expected={"tool": tool, "holds": expected},
                 tags=list(tags))
            for qid, question, tool, expected, tags in every]


def _value_forms(value: Any) -> list[str]:
    if isinstance(value, int):
        return [f"{value:,}", str(value)]
    if isinstance(value, float):
        return [f"{value:,.2f}", f"{value:.2f}"]
    return [str(value)]


def judge(case: Case, result: dict[str, Any], bank_url: str | None = None,
          ) -> tuple[bool, str | None, str]:
    """(right, cause, detail) for the agent's ``result``."""
    answer = str(result.get("answer") or "")
    used = [r["tool"] for r in result.get("tool_results") or []]
    want_tool = case.expected["tool"]
    if want_tool not in used:
        return False, "wrong tool", f"used {used or 'no tool'}; answer: {answer[:160]}"
    holds = case.expected["holds"]
    if isinstance(holds, str):  # reference SQL: its single value must be stated
        from .banking import reference_rows

        value = reference_rows(bank_url or "", holds)[0][0]
        groups = ["|".join(_value_forms(value))]
    else:
        groups = holds
    lowered = answer.lower()
    for group in groups:
        if not any(option.lower() in lowered for option in group.split("|")):
            return False, "answer misses the fact", f"wanted {group!r}; answer: {answer[:200]}"
    if "[1]" not in answer:
        return False, "no citation", answer[:200]
    return True, None, ""


async def run_case(case: Case, model: str, data_dir: Path) -> CaseResult:
    from agentdesk.domains.banking.bank.database import default_bank_url

    started = time.perf_counter()
    async with open_desk(data_dir) as desk:
        outcome = await desk.start("assistant", {"messages": case.request}, model=model)
        bank_url = default_bank_url(desk.settings)
    seconds = time.perf_counter() - started
    if outcome.status != "completed":
        message = str((outcome.error or {}).get("message") or outcome.status)
        return CaseResult(case.id, False, f"run {outcome.status}", seconds, message[:300])
    ok, cause, detail = judge(case, outcome.result or {}, bank_url)
    if not ok and cause != "no citation" and _COULD_NOT.search(
            str((outcome.result or {}).get("answer") or "")):
        cause = "said it could not"
    return CaseResult(case.id, ok, cause, seconds, detail)
