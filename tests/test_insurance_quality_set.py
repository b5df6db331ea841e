"""The insurance quality set's labels agree with what code reads and plans (no model)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agentdesk.domains.insurance.agent.agenda import code_plan
from agentdesk.domains.insurance.agent.extract import merge, read_email
from agentdesk.domains.insurance.agent.planner import looks_like_a_quote_request
from agentdesk.domains.insurance.agent.render import final_email
from bench.quality.insurance import cases, compare

CASES = cases()
TUNED = [c for c in CASES if "held-back" not in c.tags]
"""The held-back emails are measured by ``python -m bench.quality`` only: a test that
held them to their labels would be tuning on them."""


def test_the_set_is_labelled() -> None:
    assert len(CASES) >= 15
    assert len({c.id for c in CASES}) == len(CASES)
    actions = {c.expected["expected"]["action"] for c in CASES}
    assert actions == {"quote_initiate_tool", "ask_customer_tool", "request_human_review_tool"}


@pytest.mark.parametrize("case", TUNED, ids=lambda c: c.id)
def test_code_reads_and_plans_as_labelled(case: Any) -> None:
    """Every label is code's own plan (the embedded model may pick the other step)."""
    item = case.expected
    today = date.today()
    info: dict[str, Any] = {}
    for text in [item["request"], *([item["reply"]] if item.get("reply") else [])]:
        info = merge(info, read_email(text, today=today, customer_name=item.get("customer_name"),
                                      customer_email="customer@example.com", known=info))
    plan = code_plan({"customer_info": info}, final_email)
    if not looks_like_a_quote_request(item["request"]):
        plan = {"tool_name": "request_human_review_tool"}
    missing = ([m["field"] for m in plan["args"]["missing_fields"]]
               if plan["tool_name"] == "ask_customer_tool" else None)
    cause, detail = compare(item["expected"], plan["tool_name"], missing, info)
    assert cause is None, detail
