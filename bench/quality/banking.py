"""The banking agent's quality set: questions answered by the real graph, rows compared.

A case is right when the rows the agent returned equal the reference SQL's rows on the
same bank: every reference column is found among the agent's columns (names do not
matter, values do), numbers agree within a small tolerance, and the order counts only
for questions that ask for one (tag ``ordered``).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

from .banking_fresh2 import FRESH2
from .banking_fresh3 import FRESH3
from .banking_fresh4 import FRESH4
from .banking_fresh5 import FRESH5
from .banking_fresh6 import FRESH6
from .banking_fresh7 import FRESH7
from .banking_fresh8 import FRESH8
from .banking_fresh9 import FRESH9
from .banking_set import FRESH, HELDOUT, QUESTIONS
from .banking_written import WRITTEN, WRITTEN_HELDOUT
from .common import Case, CaseResult, open_desk

__all__ = ["NAME", "cases", "reference_rows", "rows_match", "run_case"]

NAME = "banking"


def cases() -> list[Case]:
    """Every labelled question; ``expected`` is the reference SQL (SQLite)."""
    tuned = [Case(id=qid, request=question, expected=sql, tags=list(tags))
             for qid, question, sql, tags in QUESTIONS]
    held = [Case(id=qid, request=question, expected=sql, tags=[*tags, "heldout"])
            for qid, question, sql, tags in HELDOUT]
    fresh = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh"])
             for qid, question, sql, tags in FRESH]
    written = [Case(id=qid, request=question, expected=sql, tags=[*tags, "written"])
               for qid, question, sql, tags in WRITTEN]
    written += [Case(id=qid, request=question, expected=sql, tags=[*tags, "written", "heldout"])
                for qid, question, sql, tags in WRITTEN_HELDOUT]
    # The second blind set was read and tuned on, every other question of it and then, once
    # the third was written blind (2026-11-29), all of it.
    earlier = {case.request.lower() for case in tuned + held + fresh + written}
    fresh2 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh2", "read"])
              for qid, question, sql, tags in FRESH2
              if question.lower() not in earlier]  # three were asked word for word before
    # The third blind set (2026-11-29): never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh2}
    fresh3 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh3"])
              for qid, question, sql, tags in FRESH3
              if question.lower() not in earlier]
    # The fourth blind set (2026-11-29): never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh3}
    fresh4 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh4"])
              for qid, question, sql, tags in FRESH4
              if question.lower() not in earlier]
    # The fifth blind set (2026-11-29): never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh4}
    fresh5 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh5"])
              for qid, question, sql, tags in FRESH5
              if question.lower() not in earlier]
    # The sixth blind set (2026-11-29): never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh5}
    fresh6 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh6"])
              for qid, question, sql, tags in FRESH6
              if question.lower() not in earlier]
    # The seventh blind set: never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh6}
    fresh7 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh7"])
              for qid, question, sql, tags in FRESH7
              if question.lower() not in earlier]
    # The eighth blind set: never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh7}
    fresh8 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh8"])
              for qid, question, sql, tags in FRESH8
              if question.lower() not in earlier]
    # The ninth blind set: never read, never tuned on.
    earlier |= {case.request.lower() for case in fresh8}
    fresh9 = [Case(id=qid, request=question, expected=sql, tags=[*tags, "fresh9"])
              for qid, question, sql, tags in FRESH9
              if question.lower() not in earlier]
    return (tuned + held + fresh + written + fresh2 + fresh3 + fresh4 + fresh5 + fresh6 + fresh7
            + fresh8 + fresh9)


def _norm(value: Any) -> Any:
    """A value as compared: numbers rounded (money to cents), text as is."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            return str(value)
        return round(float(value), 2)
    return value


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=0.011)
    return bool(a == b)


def _column(rows: list[list[Any]], index: int) -> list[Any]:
    return [row[index] for row in rows]


def _same_multiset(a: list[Any], b: list[Any]) -> bool:
    if len(a) != len(b):
        return False
    key = lambda v: (str(type(v)), v if v is not None else "")  # noqa: E731
    return all(_close(x, y) for x, y in zip(sorted(a, key=key), sorted(b, key=key), strict=True))


def rows_match(got: list[list[Any]], want: list[list[Any]], ordered: bool) -> tuple[bool, str]:
    """Whether ``got`` holds ``want``: each wanted column matched by one of got's columns."""
    got = [[_norm(v) for v in row] for row in got]
    want = [[_norm(v) for v in row] for row in want]
    if len(got) != len(want):
        return False, f"{len(got)} rows, expected {len(want)}"
    if not want:
        return True, ""
    width = len(want[0])
    # Candidate agent columns for each wanted column: same values, any order.
    options = [[j for j in range(len(got[0])) if _same_multiset(_column(got, j), _column(want, i))]
               for i in range(width)]
    if not all(options):
        missing = next(i for i, o in enumerate(options) if not o)
        return False, f"no column with the values of expected column {missing + 1}"
    for choice in _assignments(options):
        projected = [[row[j] for j in choice] for row in got]
        if ordered and _rows_equal_in_order(projected, want):
            return True, ""
        if not ordered and _rows_equal_any_order(projected, want):
            return True, ""
    return False, "the columns hold the right values but not in the right rows or order"


def _assignments(options: list[list[int]]) -> list[tuple[int, ...]]:
    """Distinct agent columns, one per wanted column (few columns: brute force is fine)."""
    found: list[tuple[int, ...]] = []
    pool = sorted({j for o in options for j in o})
    for combo in permutations(pool, len(options)):
        if all(j in o for j, o in zip(combo, options, strict=True)):
            found.append(combo)
        if len(found) > 50:
            break
    return found


def _rows_equal_in_order(got: list[list[Any]], want: list[list[Any]]) -> bool:
    return all(_close(a, b) for g, w in zip(got, want, strict=True)
               for a, b in zip(g, w, strict=True))


def _rows_equal_any_order(got: list[list[Any]], want: list[list[Any]]) -> bool:
    def key(row: list[Any]) -> tuple[Any, ...]:
        return tuple(round(v, 1) if isinstance(v, float) else (v if v is not None else "")
                     for v in row)
    remaining = Counter(key(r) for r in want)
    remaining.subtract(Counter(key(r) for r in got))
    if any(remaining.values()):
        return False
    return _rows_equal_in_order(sorted(got, key=key), sorted(want, key=key))


def reference_rows(bank_url: str, sql: str) -> list[list[Any]]:
    """The reference query's rows on the bank at ``bank_url``, read-only."""
    from agentdesk.domains.banking.bank.database import BankDatabase

    result = BankDatabase(bank_url).execute(sql)
    return [[row[c] for c in result.columns] for row in result.rows]


def _cause(message: str) -> str:
    """A failed run's cause, in a few words (for failures by cause)."""
    lowered = message.lower()
    if "could not read" in lowered:
        return "refused"
    if "did not parse" in lowered or "structured answer" in lowered:
        return "model answer unusable"
    if "execution failed" in lowered:
        return "sql failed to run"
    if "gave up after" in lowered:
        return "sql refused"
    if "recursion" in lowered:
        return "recursion limit"
    return "run failed"


async def run_case(case: Case, model: str, data_dir: Path) -> CaseResult:
    """Ask the question through the runtime (a real banking thread) and compare the rows."""
    from agentdesk.domains.banking.bank.database import default_bank_url

    started = time.perf_counter()
    async with open_desk(data_dir) as desk:
        outcome = await desk.start("banking", {"user_query": case.request}, model=model)
    seconds = time.perf_counter() - started
    result = outcome.result or {}
    if outcome.status != "completed" or result.get("error"):
        message = str((outcome.error or {}).get("message") or result.get("error")
                      or outcome.status)
        return CaseResult(case.id, False, _cause(message), seconds, message[:300])
    executed = result.get("execution_result") or {}
    columns = executed.get("columns") or list((executed.get("rows") or [{}])[0])
    got = [[row.get(c) for c in columns] for row in executed.get("rows") or []]
    want = reference_rows(default_bank_url(desk.settings), str(case.expected))
    ok, why = rows_match(got, want, "ordered" in case.tags)
    detail = "" if ok else f"{why}; sql: {result.get('validated_sql')}"
    return CaseResult(case.id, ok, None if ok else "wrong rows", seconds, detail)
