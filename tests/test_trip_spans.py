"""The model as a span reader: it can only answer words of the request, and code checks
the word before a slot takes it. One test runs the real embedded model (one call)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.runnables import RunnableLambda

from agentdesk.domains.trip.spans import NOT_SAID, candidate_spans, fill_with_model

TODAY = date(2026, 11, 26)
REQUEST = "Trip to oslo from Boston, leaving 2027-05-03 for 4 days"
"""Code misses "oslo": a lower-case city in a text that writes cities in capitals."""


class _Picks(FakeListChatModel):
    """A model that answers each slot question with the next span of a list."""

    def with_structured_output(self, schema: Any, **kwargs: Any) -> Any:
        allowed = schema["properties"]["span"]["enum"]

        def answer(_: Any) -> dict[str, str]:
            span = self.responses[self.i % len(self.responses)]
            self.i += 1
            assert span in allowed  # what a grammar would enforce
            return {"span": span}

        return RunnableLambda(answer)


def test_the_spans_are_the_requests_own_words() -> None:
    spans = candidate_spans("Trip to oslo: from Boston")
    assert {"oslo", "Trip to oslo", "from Boston", "Boston"} <= set(spans)
    assert all(span in "Trip to oslo from Boston" for span in spans)


def test_a_span_code_accepts_fills_the_slot_and_one_it_refuses_does_not() -> None:
    assert fill_with_model(REQUEST, _Picks(responses=["oslo"]), TODAY) == {
        "destination": "oslo"}
    # Only spans code accepts are offered ("oslo"); "Trip" is not one.
    with pytest.raises(AssertionError):  # not offered: "Trip" is no city
        fill_with_model(REQUEST, _Picks(responses=["Trip"]), TODAY)
    assert fill_with_model(REQUEST, _Picks(responses=[NOT_SAID]), TODAY) == {}
    # A date in the past is not a departure.
    assert fill_with_model("Lisbon from Boston for 4 days, leaving 2020-03-10 maybe",
                           _Picks(responses=["2020-03-10"]), TODAY) == {}


@pytest.mark.local_model
def test_the_embedded_model_reads_the_city_code_missed() -> None:
    from agentdesk.models import get_chat_model

    filled = fill_with_model(REQUEST, get_chat_model("local"), TODAY)
    assert filled == {"destination": "oslo"}
