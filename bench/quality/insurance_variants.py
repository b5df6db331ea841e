"""The insurance set by part and phrasing variant, read and planned by code (no model).

Usage: python -m bench.quality.insurance_variants [--part P] [--no-variants] [--verbose] [--json]

Every email of ``insurance_set.json`` (and a reply, for the cases that have one) and its
variants by rule (:mod:`.variants`: case, punctuation, word order, synonyms, numbers in
words, ordinals; each keeps the labelled meaning) is read and planned as the agent's code
does before the embedded model picks between code's step and the agency, and counted as
right, refused (the customer asked again for what the email gave, or the agency asked to
look) or silent wrong (a quote started on a value the email did not say, or a question
that leaves out what is missing), per part (``first``, ``people``, ``held back``) and
variant class. ``--verbose`` lists the misses of the tuned parts only, unless ``--part
"held back"`` is given.
"""

from __future__ import annotations

import argparse
from collections import Counter
from datetime import date
from typing import Any

from .common import PARTS, part_of, print_variant_counts, shows_misses
from .insurance import OTHER, REFUSED, cases, compare
from .variants import variants

__all__ = ["SYNONYMS", "outcome"]

SYNONYMS: dict[str, str] = {
    "car": "vehicle", "vehicle": "car", "quote": "estimate", "thanks": "thank you",
    "please": "pls", "tickets": "violations", "i'd like": "i would like",
    "i would like": "i'd like", "licensed since": "licensed on", "zip code": "zip",
}
"""Words of a customer's email and stand-ins that keep its meaning."""


def outcome(item: dict[str, Any], request: str, today: date) -> tuple[str, str]:
    """(right | refused | silent_wrong | other, detail) of code's reading and plan."""
    from agentdesk.domains.insurance.agent.agenda import code_plan
    from agentdesk.domains.insurance.agent.extract import merge, read_email
    from agentdesk.domains.insurance.agent.planner import looks_like_a_quote_request
    from agentdesk.domains.insurance.agent.render import final_email

    info: dict[str, Any] = {}
    try:
        for text in [request, *([item["reply"]] if item.get("reply") else [])]:
            info = merge(info, read_email(text, today=today,
                                          customer_name=item.get("customer_name"),
                                          customer_email="customer@example.com", known=info))
        plan = code_plan({"customer_info": info}, final_email)
    except Exception as exc:  # a reader that breaks is no answer either way
        return "other", f"{type(exc).__name__}: {exc}"
    if not looks_like_a_quote_request(request):
        plan = {"tool_name": "request_human_review_tool"}
    missing = ([m["field"] for m in plan["args"]["missing_fields"]]
               if plan["tool_name"] == "ask_customer_tool" else None)
    cause, detail = compare(item["expected"], plan["tool_name"], missing, info)
    if cause is None:
        return "right", ""
    return ("refused" if cause in REFUSED else "other" if cause in OTHER
            else "silent_wrong"), detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality.insurance_variants")
    parser.add_argument("--part", choices=PARTS)
    parser.add_argument("--no-variants", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    today = date.today()
    counts: dict[tuple[str, str], Counter[str]] = {}
    for case in cases():
        part = part_of(case)
        if args.part and part != args.part:
            continue
        texts = [("original", case.request)]
        if not args.no_variants:
            texts += variants(case.request, SYNONYMS)
        for kind, text in texts:
            verdict, detail = outcome(case.expected, text, today)
            counts.setdefault((part, kind), Counter())[verdict] += 1
            counts.setdefault((part, "all"), Counter())[verdict] += 1
            if args.verbose and verdict != "right" and shows_misses(part, args.part):
                print(f"  {part:10} {kind:17} {case.id:28} {verdict:12} {detail[:100]}")
    print_variant_counts(counts, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
