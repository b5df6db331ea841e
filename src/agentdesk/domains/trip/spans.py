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
from datetime import date, timedelta
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig

from agentdesk.settings import Settings

from .request import (
    _DESTINATION_CUE,
    _ORIGIN_CUE,
    _WORDS,
    _is_city,
    _parse_date,
    read_fully,
    same_place,
    stated_days,
    stated_length,
)

__all__ = ["NOT_SAID", "SLOTS", "candidate_spans", "complete_input", "fill_with_model",
           "read_span"]

SLOTS = ("origin", "destination", "depart")
"""The slots a span of the request can fill."""

_NOT_WHEN = frozenset({*_WORDS, "in", "on", "at", "the", "of", "for", "from", "to", "by"})
"""Words a date span needs more than: "four", "in a" and "10" alone are no departure."""

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


def _offered(text: str, slot: str, today: date, taken: tuple[str, ...]) -> list[str]:
    """The spans of ``text`` code accepts for ``slot``.

    A city slot is not offered a place another slot holds (``taken``). A date is not a
    count alone, nor a length of stay: ``dateparser`` reads "four", "in a" and "4 days"
    as dates, which a request says as how long, not when.
    """
    spans = []
    for span in candidate_spans(text):
        if _valid(slot, span, today) is None:
            continue
        if slot != "depart" and (any(same_place(span, place) for place in taken)
                                 or not _placed(text, span, slot)):
            continue
        if slot == "depart" and (all(word.lower() in _NOT_WHEN or word.isdigit()
                                     for word in span.split())
                                 or stated_length(span) == span.lower()):
            continue
        spans.append(span)
    return spans


def _placed(text: str, span: str, slot: str) -> bool:
    """Whether ``span`` may name ``slot``'s city where the request writes it: a name in
    lower case (in a text with capitals) only at the request's start or after that slot's
    cue ("from", "to", "in"...), as :func:`read_fully` would place it. Elsewhere it is a
    word: "it would be nice", "we split the bill" name no city, whatever a model says."""
    if not span[:1].islower():
        return True
    cue = _ORIGIN_CUE if slot == "origin" else _DESTINATION_CUE
    for found in re.finditer(rf"(?<![\w'’-]){re.escape(span)}(?![\w'’-])", text):
        if not text[:found.start()].strip(" \"'(") or \
                cue.search(text[max(0, found.start() - 24):found.start()]):
            return True
    return False


def _pick(model: BaseChatModel, text: str, slot: str, today: date,
          taken: tuple[str, ...], config: RunnableConfig | None) -> str | None:
    """The span of ``text`` ``model`` picked for ``slot``, if it is one code offered."""
    # Only spans code would accept are offered: the model chooses, code has the last word.
    spans = _offered(text, slot, today, taken)
    if not spans:
        return None
    schema = {"type": "object", "additionalProperties": False, "required": ["span"],
              "properties": {"span": {"enum": [*spans, NOT_SAID]}}}
    answer = model.with_structured_output(schema).invoke(
        [HumanMessage(_PROMPT.format(text=text, what=_ASK[slot]))], config)
    span = str(answer.get("span", NOT_SAID)) if isinstance(answer, dict) else NOT_SAID
    return span if span in spans else None


def read_span(model: BaseChatModel, text: str, slot: str, today: date | None = None,
              taken: tuple[str, ...] = (), config: RunnableConfig | None = None) -> Any:
    """``slot`` read by ``model`` as a span of ``text``, checked by code (None if not).

    ``taken``: places other slots hold; a span naming one of them (in any case, or as
    its airport code) is not offered for a city slot.
    """
    today = today or date.today()
    span = _pick(model, text, slot, today, taken, config)
    return None if span is None else _valid(slot, span, today)


def fill_with_model(text: str, model: BaseChatModel, today: date | None = None,
                    given: dict[str, Any] | None = None,
                    config: RunnableConfig | None = None) -> dict[str, Any]:
    """The slots neither code nor the caller (``given`` preferences) filled and the model
    found, checked (the rest stays unset). A departure the model found comes with the
    return the request's length gives ("for 4 days"), as code reads them together."""
    today = today or date.today()
    return _fill(text, model, today, {**read_fully(text, today)[0], **_stated(given or {})},
                 config)


def _fill(text: str, model: BaseChatModel, today: date, found: dict[str, Any],
          config: RunnableConfig | None) -> dict[str, Any]:
    """:func:`fill_with_model` given what code and the caller ``found`` already."""
    filled: dict[str, Any] = {}
    for slot in SLOTS:
        if slot in found:
            continue
        taken = tuple(str(v) for k, v in (*found.items(), *filled.items())
                      if k in ("origin", "destination"))
        span = _pick(model, text, slot, today, taken, config)
        value = None if span is None else _valid(slot, span, today)
        if span is None or value is None:
            continue
        filled[slot] = value
        # The length is read around the departure: "in a fortnight" is when, not how long.
        days = stated_days(text.replace(span, " ")) if slot == "depart" else None
        if days is not None and "return" not in found:
            filled["return"] = (date.fromisoformat(value) + timedelta(days=days)).isoformat()
    return filled


def complete_input(payload: dict[str, Any], model: BaseChatModel, settings: Settings,
                   config: RunnableConfig | None = None) -> dict[str, Any] | None:
    """A refused trip input with the slots ``model`` read in its request, or None.

    The trip agent's :attr:`~agentdesk.runtime.registry.AgentSpec.complete_input`. The
    model is asked only when a slot it can read (origin, destination, departure) is all
    that is missing: not for a request with a phrase code could not read, nor one without
    a length or return date (no departure found would plan it). What it finds goes to
    ``preferences`` as if the caller had given it; the request stays the person's text.
    ``settings.trip_span_reader`` off (``AGENTDESK_TRIP_SPAN_READER=off``): never asked.
    """
    text, given = payload.get("messages"), payload.get("preferences") or {}
    if not settings.trip_span_reader or not isinstance(text, str) or \
            not text.strip() or not isinstance(given, dict):
        return None
    today = date.today()  # the clock TripInput reads the request by
    read, unread = read_fully(text, today)
    known = {**read, **_stated(given)}
    if unread or all(slot in known for slot in SLOTS):
        return None  # refused for what it says, or for what no span holds
    if "return" not in known and ("depart" in known or stated_days(text) is None):
        return None  # no return date to be had, whatever the model finds
    filled = _fill(text, model, today, known, config)
    if not filled:
        return None
    return {**payload, "preferences": {**filled, **given}}


def _stated(preferences: dict[str, Any]) -> dict[str, Any]:
    """The preferences a caller set, keyed as :func:`read_fully` keys them."""
    return {("return" if key == "return_" else key): value
            for key, value in preferences.items() if value is not None}
