"""The banking set by part and by phrasing variant: right / refused / silent wrong.

Usage: python -m bench.quality.banking_parts [--graph] [--model SPEC] [--part NAME]
[--no-variants] [--json]

Without ``--graph`` each request goes through the reader as the agent uses it on the
embedded model (its first reading, validated and run; no reading means a refusal), which
takes seconds for the whole set with every variant. With ``--graph`` each request runs
through the real graph (slow: use ``--part`` and ``--no-variants``). A case is *right*
when its rows equal the reference's, *refused* when the agent said it could not read it,
and *silent wrong* when it answered with other rows.

Parts: ``tuned``, ``heldout``, ``fresh``, ``written``, ``written_heldout``, ``fresh2 read``
(:mod:`.banking_fresh2`, a second set written blind to the reader and measured once; every
other question of it was read and tuned on from 2026-11-28, the rest measured blind, and
all of it read from 2026-11-29), ``fresh3 read`` (a third set written blind, tag
``fresh3``, measured blind before and after a round of tuning, 36/27/7 then 45/21/4 as written,
and read and tuned on from 2026-11-29 on) and ``fresh4`` (:mod:`.banking_fresh4`, a fourth set
written blind beside that round, tag ``fresh4``, measured blind before and after it: 43/23/4
then 48/19/3 as written, 275/155/26 then 305/132/19 with variants; ``fresh4 read`` from
2026-11-29 on, read and tuned on), and ``fresh5`` (:mod:`.banking_fresh5`, a fifth set written
blind beside the next round, tag ``fresh5``, measured blind before and after it: 44/10/6 then
46/10/4 as written, 271/60/36 then 282/60/25 with variants; ``fresh5 read`` from 2026-11-29
on, read and tuned on), and ``fresh6`` (:mod:`.banking_fresh6`, a sixth set written blind beside
it, tag ``fresh6``, measured blind at dbf0640 and again after the round beside it, unchanged:
25/31/4 as written, 160/203/29 with variants; ``fresh6 read`` from 2026-11-29 on, read and
tuned on), and ``fresh7`` (:mod:`.banking_fresh7`, a seventh set written blind beside that
round, tag ``fresh7``, never tuned on; measured blind at 3dcba8d, 25/29/6 as written and
183/201/43 with variants, and after the round on ``fresh6 read`` 33/23/4 and 235/163/29). That
round took ``fresh6 read`` to 52/8/0 and 328/64/0; one of its rules ("received" as money in)
answered a question of ``heldout`` wrongly (202/8/0 -> 202/0/8), found by bisecting the round on
``heldout``'s totals alone and dropped, so ``heldout`` is no longer quite blind. ``fresh7
read`` from 2026-11-29 (the second session of that day) on: read and tuned on. ``fresh8``
(:mod:`.banking_fresh8`, an eighth set written blind, tag ``fresh8``; its figures measured
blind are in its docstring) was measured blind before and after the round on ``fresh7 read``
(which took that part from 33/23/4 to 49/11/0 as written, 235/164/28 to 343/84/0 with variants):
27/32/1 then 29/30/1 as written, 170/224/9 then 185/210/8 with variants; ``fresh8 read`` from
then on (the second session of 2026-11-29): read and tuned on. ``fresh9``
(:mod:`.banking_fresh9`, a ninth set written blind, tag ``fresh9``, never read nor tuned on; its
figures measured blind are in its docstring).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from .banking import cases, reference_rows, rows_match, run_case
from .common import Case
from .variants import variants

__all__ = ["PARTS", "part_of", "reader_verdict"]

PARTS = ("tuned", "heldout", "fresh", "written", "written_heldout", "fresh2 read", "fresh3 read",
         "fresh4 read", "fresh5 read", "fresh6 read", "fresh7 read", "fresh8 read", "fresh9")
BLIND = ("heldout", "fresh", "written_heldout", "fresh9")
"""The parts never tuned on: ``--verbose`` lists their misses only when ``--part`` names them."""


def part_of(case: Case) -> str:
    """Which part of the set a case belongs to (``fresh3 read``: the third set written blind,
    read once measured blind before and after the round beside it; ``fresh4 read``: the fourth,
    likewise; ``fresh5 read``: the fifth, likewise; ``fresh6 read``: the sixth, likewise;
    ``fresh7 read``: the seventh, likewise; ``fresh8 read``: the eighth, likewise; ``fresh9``:
    the ninth, written blind and never read)."""
    tags = set(case.tags)
    if "fresh9" in tags:
        return "fresh9"
    if "fresh8" in tags:
        return "fresh8 read"
    if "fresh7" in tags:
        return "fresh7 read"
    if "fresh6" in tags:
        return "fresh6 read"
    if "fresh5" in tags:
        return "fresh5 read"
    if "fresh4" in tags:
        return "fresh4 read"
    if "fresh3" in tags:
        return "fresh3 read"
    if "fresh2" in tags:
        return "fresh2 read"
    if "written" in tags:
        return "written_heldout" if "heldout" in tags else "written"
    return next((p for p in ("heldout", "fresh") if p in tags), "tuned")


def reader_verdict(question: str, expected: str, ordered: bool, bank_url: str) -> tuple[str, str]:
    """(right | refused | wrong, detail) of the reader's first reading of ``question``."""
    from agentdesk.domains.banking.bank.database import BankDatabase, QueryFailed
    from agentdesk.domains.banking.bank.reader import candidates
    from agentdesk.domains.banking.bank.sqlsafety import SQLRejected, validate_sql

    db = BankDatabase(bank_url)
    found = candidates(question, db)
    if not found:
        return "refused", "no reading"
    try:
        sql = validate_sql(found[0].sql, dialect=db.dialect, tables=db.tables())
        result = db.execute(sql)
    except (SQLRejected, QueryFailed) as failed:
        return "refused", f"failed: {failed}"
    got = [[row[c] for c in result.columns] for row in result.rows]
    ok, why = rows_match(got, reference_rows(bank_url, expected), ordered)
    return ("right", "") if ok else ("wrong", f"{why}; sql: {sql}")


async def _graph_verdict(case: Case, model: str, data_dir: Path) -> tuple[str, str]:
    result = await run_case(case, model, data_dir)
    if result.ok:
        return "right", ""
    return ("refused" if result.cause == "refused" else "wrong"), result.detail


def _requests(case: Case, with_variants: bool) -> list[tuple[str, str]]:
    return [("original", case.request), *(variants(case.request) if with_variants else [])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality.banking_parts")
    parser.add_argument("--graph", action="store_true", help="run the real graph (slow)")
    parser.add_argument("--model", default="local")
    parser.add_argument("--part", action="append", choices=PARTS)
    parser.add_argument("--no-variants", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="print each silent wrong (of a part never "
                        "tuned on only when --part names it)")
    args = parser.parse_args(argv)

    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    wrong: list[str] = []
    with tempfile.TemporaryDirectory(prefix="agentdesk-banking-parts-") as tmp:
        bank_url = _bank(Path(tmp))
        for case in cases():
            part = part_of(case)
            if args.part and part not in args.part:
                continue
            for kind, request in _requests(case, not args.no_variants):
                asked = Case(case.id, request, case.expected, case.tags)
                if args.graph:
                    verdict, detail = asyncio.run(_graph_verdict(asked, args.model, Path(tmp)))
                else:
                    verdict, detail = reader_verdict(request, str(case.expected),
                                                     "ordered" in case.tags, bank_url)
                counts[(part, kind)][verdict] += 1
                if verdict == "wrong" and (part not in BLIND or part in (args.part or ())):
                    wrong.append(f"{part:16} {kind:17} {case.id:28} {request!r}: {detail}")
    table = {f"{p}/{k}": dict(c) for (p, k), c in sorted(counts.items())}
    if args.json:
        print(json.dumps(table, indent=2))
    else:
        _print(counts)
        if args.verbose:
            print("\n".join(wrong))
    return 0


def _bank(tmp: Path) -> str:
    import os

    from agentdesk.domains.banking.bank.data import create_bank_database
    from agentdesk.domains.banking.bank.database import default_bank_url
    from agentdesk.settings import get_settings

    os.environ["AGENTDESK_DATA_DIR"] = str(tmp)
    get_settings.cache_clear()
    url = default_bank_url(get_settings())
    create_bank_database(url, seed=7)
    return url


def _print(counts: dict[tuple[str, str], Counter[str]]) -> None:
    print(f"{'part':16} {'variant':17} {'right':>6} {'refused':>8} {'silent wrong':>13}")
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for (part, kind), c in sorted(counts.items(), key=lambda kv: (PARTS.index(kv[0][0]),
                                                                   kv[0][1] != "original",
                                                                   kv[0][1])):
        totals[part].update(c)
        print(f"{part:16} {kind:17} {c['right']:6d} {c['refused']:8d} {c['wrong']:13d}")
    print()
    for part in PARTS:
        if part in totals:
            c = totals[part]
            print(f"{part:16} {'all':17} {c['right']:6d} {c['refused']:8d} {c['wrong']:13d}")


if __name__ == "__main__":
    raise SystemExit(main())
