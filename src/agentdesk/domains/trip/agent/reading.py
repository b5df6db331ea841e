"""The model's part in reading a rejection: one letter, for what code could not read.

When code finds no want in a rejection of a few words or more ("we would love to
hear fado one evening"), a model is shown the changes this plan admits, each behind
a letter (activities on its empty days, a cheaper or better hotel, cheaper or
nonstop flights, none of these), and answers one letter under a schema. Code turns
the letter into wants, as if it had read them, and does the rest. A message of one
or two words ("again") is not worth a call: the planner picks afresh.

The embedded 270M model is not asked: given such a list it answers the same letter
whatever the message says (the first, or "none", depending on the wording), so its
reading would be a guess presented as understanding. On it, a rejection code cannot
read is said to be unread; the model still picks, among the choices that meet what
code did read, the activity, hotel or flights of the new plan.
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from agentdesk.models import is_small

from . import prompts
from .revision import RevisionAsk, trip_days

__all__ = ["MIN_WORDS", "model_reads", "read_with_model", "reading_options"]

MIN_WORDS = 3
"""Shorter messages name no change a model could find either."""


def reading_options(plan: dict[str, Any], preferences: dict[str, Any],
                    ) -> list[tuple[str, list[str]]]:
    """(what a person reads, the wants it stands for) for each change this plan admits."""
    days = trip_days(plan, preferences)
    planned = sorted({int(a["day"]) for a in plan.get("activities", [])})
    empty = [d for d in range(1, days + 1) if d not in planned]
    options: list[tuple[str, list[str]]] = []
    if empty:
        named = ", ".join(str(d) for d in empty)
        options.append((f"activities on the days without one (day {named})",
                        [f"activity:{d}" for d in empty]))
    if planned:
        options.append(("different activities", [f"change:{d}" for d in planned]))
    options += [("a cheaper hotel", ["hotel:cheaper"]), ("a better hotel", ["hotel:nicer"]),
                ("cheaper flights", ["flights:cheaper"]),
                ("nonstop flights", ["flights:nonstop"]),
                ("none of these", [])]
    return options


def model_reads(ask: RevisionAsk, model: BaseChatModel) -> bool:
    """Whether ``model`` is asked: code read nothing in a message of a few words, and the
    model is not the embedded one (see the module's docstring)."""
    return (ask.read_by == "none" and not ask.asked_model and not ask.fresh
            and len(ask.message.split()) >= MIN_WORDS and not is_small(model))


async def read_with_model(model: BaseChatModel, ask: RevisionAsk, plan: dict[str, Any],
                          preferences: dict[str, Any]) -> RevisionAsk:
    """``ask`` with the wants of the option the model picked (unchanged if it picked none)."""
    options = reading_options(plan, preferences)
    labels = [chr(ord("A") + i) for i in range(len(options))]
    listing = "\n".join(f"{label}: {text}" for label, (text, _) in zip(labels, options,
                                                                      strict=True))
    schema = {"type": "object", "additionalProperties": False, "required": ["change"],
              "properties": {"change": {"enum": labels}}}
    answer = await model.with_structured_output(schema).ainvoke([HumanMessage(
        prompts.READ_REVISION.format(message=ask.message, options=listing))])
    picked = str(answer.get("change", "")) if isinstance(answer, dict) else ""
    read = RevisionAsk.from_state({**ask.to_state(), "asked_model": True})
    assert read is not None
    wants = options[labels.index(picked)][1] if picked in labels else []
    for want in wants:
        read.add(want)
    if wants:
        read.read_by = "model"
    return read
