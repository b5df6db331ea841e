"""The model as a span reader: a slot code missed, picked among the request's own words.

When :func:`~agentdesk.domains.trip.request.read_fully` finds no origin, destination
or departure date, a model is asked for that one slot under a JSON schema whose only
values are the request's word runs (one to four words, as written) that code accepts
for that slot (a city in ``airportsdata`` in any case, a date ``dateparser`` reads and
not in the past), minus what code already took, and :data:`NOT_SAID`: a grammar-constrained
decoder (the embedded llama.cpp model) cannot answer anything the person did not write,
nor anything code would refuse, and the answer is checked again before it is used.
Offered every word run, the embedded 270M model picks a date for a city; offered only
runs that pass the checks, it chooses among readable ones (or none).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from .request import _is_city, _parse_date, read_fully

__all__ = ["NOT_SAID", "candidate_spans", "fill_with_model", "read_span"]

MAX_SPANS = 120
"""Most spans offered in one schema (a long request keeps its first ones)."""

_ASK = {"origin": "Departure city?", "destination": "Destination city?",
        "depart": "Departure date?"}
_PROMPT = "Request: {text}\n{what}"
"""Terse: asked "Which words of the request name the city to travel to?", the embedded
model answers "none" where "Destination city?" gets the city."""

NOT_SAID = "not said"
"""The answer for a slot the request does not fill. Not "none": offered "none" beside a
city, the embedded model (llama-cpp-python 0.3.36 on this machine's CPU) took it for
every destination of four requests that named one; "not said" lost it one of four."""


def candidate_spans(text: str, longest: int = 4) -> list[str]:
    """Every run of one to ``longest`` words of ``text``, as written, in order, once each."""
    words = re.findall(r"[\wÀ-ÿ'’-]+", text)
    spans: list[str] = []
    for start in range(len(words)):
        for size in range(1, longest + 1):
            if start + size <= len(words):
                span = " ".join(words[start:start + size])
                if span not in spans:
                    spans.append(span)
    return spans[:MAX_SPANS]


def _valid(slot: str, span: str, today: date) -> Any:
    """The slot's value from ``span`` if code accepts it, else None."""
    if slot in ("origin", "destination"):
        return span if _is_city(span, any_case=True) else None
    day = _parse_date(span, today)
    return day.isoformat() if day is not None and day >= today else None


def read_span(model: BaseChatModel, text: str, slot: str, today: date | None = None,
              taken: tuple[str, ...] = ()) -> Any:
    """``slot`` read by ``model`` as a span of ``text``, checked by code (None if not)."""
    today = today or date.today()
    # Only spans code would accept are offered: the model chooses, code has the last word.
    spans = [span for span in candidate_spans(text) if _valid(slot, span, today) is not None
             and span not in taken]
    if not spans:
        return None
    schema = {"type": "object", "additionalProperties": False, "required": ["span"],
              "properties": {"span": {"enum": [*spans, NOT_SAID]}}}
    answer = model.with_structured_output(schema).invoke(
        [HumanMessage(_PROMPT.format(text=text, what=_ASK[slot]))])
    span = str(answer.get("span", NOT_SAID)) if isinstance(answer, dict) else NOT_SAID
    if span not in spans:
        return None
    return _valid(slot, span, today)


def fill_with_model(text: str, model: BaseChatModel,
                    today: date | None = None) -> dict[str, Any]:
    """The slots code did not read and the model found, checked (the rest stays unset)."""
    found, _ = read_fully(text, today)
    filled: dict[str, Any] = {}
    for slot in ("origin", "destination", "depart"):
        if slot not in found:
            taken = tuple(str(v) for v in (*found.values(), *filled.values()))
            value = read_span(model, text, slot, today, taken)
            if value is not None and value not in (found.get("origin"),
                                                   filled.get("origin")):
                filled[slot] = value
    return filled
