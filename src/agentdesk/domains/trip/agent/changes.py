"""What differs between the plan a person rejected and the revised one, and why.

:func:`plan_changes` lists the differences as :class:`Change` rows (flights, hotel
and its price, dates, party, each day's activities, total cost, the standing
against the budget); :func:`revision_note` is the one line the review's summary
opens with: what the rejection asked, what was done, what could not be and why,
and what else changed.
"""

from __future__ import annotations

from typing import Any

from agentdesk.runtime.approvals import Change

from .revision import RevisionAsk, describe_want

__all__ = ["plan_changes", "revision_note"]

Offer = dict[str, Any]


def _flight(leg: dict[str, Any] | None, seen: dict[str, Offer]) -> str | None:
    if leg is None:
        return None
    offer = seen.get(leg["offer_id"], leg)
    name = " ".join(str(offer[k]) for k in ("airline", "flight_number") if offer.get(k))
    when = f" at {offer['departure_time']}" if offer.get("departure_time") else ""
    return (f"{name or leg['offer_id']}, {leg['origin']} -> {leg['destination']} "
            f"{leg['date']}{when} ({leg['price']:,.2f} USD)")


def _leg(plan: dict[str, Any], index: int) -> dict[str, Any] | None:
    legs = plan.get("flights") or []
    if not legs:
        return None
    return legs[0] if index == 0 else (legs[-1] if len(legs) > 1 else None)


def _activities(plan: dict[str, Any], day: int) -> str | None:
    names = [a["name"] for a in plan.get("activities", []) if int(a["day"]) == day]
    return ", ".join(names) or None


def _money(value: float | None) -> str | None:
    """Money as the plan shows it ("1,382.64"), so both sides of a row read alike."""
    return None if value is None else f"{value:,.2f}"


def _standing(snapshot: dict[str, Any]) -> str | None:
    budget = (snapshot.get("itinerary") or {}).get("budget")
    total = snapshot.get("total_cost")
    if budget is None or total is None:
        return None
    word = "under" if snapshot.get("budget_status") == "under" else "over"
    return f"{word} by {abs(budget - total):,.2f}"


def plan_changes(before: dict[str, Any], after: dict[str, Any],
                 seen_flights: dict[str, Offer]) -> list[Change]:
    """The rows that differ between two plan snapshots (``itinerary``, ``total_cost``...).

    Money is written as the plan writes it (two decimals, thousands separated), with
    the currency as the row's unit.
    """
    old, new = before.get("itinerary") or {}, after.get("itinerary") or {}
    rows: list[Change] = []

    def add(label: str, was: Any, now: Any, unit: str | None = None) -> None:
        if was != now:
            rows.append(Change(label=label, old=was, new=now, unit=unit))

    add("Dates", f"{old.get('start_date')} to {old.get('end_date')}",
        f"{new.get('start_date')} to {new.get('end_date')}")
    add("Travelers", old.get("travelers"), new.get("travelers"))
    for index, label in enumerate(("Outbound flight", "Return flight")):
        was, now = _leg(old, index), _leg(new, index)
        if (was or {}).get("offer_id") != (now or {}).get("offer_id"):
            add(label, _flight(was, seen_flights), _flight(now, seen_flights))
    old_stay, new_stay = (old.get("hotels") or [None])[0], (new.get("hotels") or [None])[0]
    add("Hotel", (old_stay or {}).get("name"), (new_stay or {}).get("name"))
    add("Hotel price", _money((old_stay or {}).get("price")),
        _money((new_stay or {}).get("price")), "USD")
    days = sorted({int(a["day"]) for plan in (old, new) for a in plan.get("activities", [])})
    for day in days:
        add(f"Day {day} activities", _activities(old, day), _activities(new, day))
    add("Total cost", _money(before.get("total_cost")), _money(after.get("total_cost")), "USD")
    add("Budget", _standing(before), _standing(after), "USD")
    return rows


_FOLLOW = ("Total cost", "Budget")
"""Rows that follow from any other change."""


def _label(label: str) -> str:
    return label if label.startswith("Day") else label.lower()


# Which rows a want accounts for (the total and the budget follow from any change).
def _explains(want: str, label: str) -> bool:
    kind = want.partition(":")[0]
    if kind in ("activity", "change", "free"):
        return label == f"Day {want.partition(':')[2]} activities"
    if kind == "no_activities":
        return label.endswith(" activities")
    if kind == "hotel":
        return label.startswith("Hotel")
    if kind == "flights":
        return label.endswith(" flight")
    if kind == "cheaper":
        return label.startswith("Hotel") or label.endswith((" flight", " activities"))
    if kind in ("depart", "return"):  # new dates: new offers, and maybe fewer days
        return label in ("Dates", "Hotel price") or label.endswith((" flight", " activities"))
    return False


def _done(want: str, plan: dict[str, Any]) -> str:
    """A met want, with what the new plan has for it ("an activity on day 5 (Sintra)")."""
    kind, _, value = want.partition(":")
    detail = None
    if kind in ("activity", "change") and value.isdigit():
        detail = _activities(plan, int(value))
    elif kind == "hotel" and plan.get("hotels"):
        stay = plan["hotels"][0]
        detail = f"{stay['name']}, {stay['price']:,.2f} USD"
    elif kind == "flights" and plan.get("flights"):
        detail = f"{sum(f['price'] for f in plan['flights']):,.2f} USD a traveler"
    return describe_want(want) + (f" ({detail})" if detail else "")


def _quote(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return "\u201c" + (text if len(text) <= limit else text[: limit - 1] + "\u2026") + "\u201d"


def revision_note(ask: RevisionAsk, met: list[str], unmet: dict[str, str],
                  changes: list[Change], after: dict[str, Any],
                  asked_by: str = "your rejection") -> str:
    """One line: what the rejection asked, what was done (as ``after``, the new itinerary,
    has it), what could not be and why, and what else changed."""
    said = f" ({_quote(ask.message)})" if ask.message else ""
    parts = [f"Revised after {asked_by}{said}"]
    if not ask.wants:
        parts.append("it names no change the planner could read, so it picked again")
    if met:
        parts.append("done: " + ", ".join(_done(w, after) for w in met))
    if unmet:
        parts.append("not possible: " + "; ".join(f"{describe_want(w)} ({why})"
                                                  for w, why in unmet.items()))
    if ask.read_by == "model":
        parts.append("the request was read by the model, not by rule")
    rest = [_label(c.label) for c in changes
            if not any(_explains(w, c.label) for w in met) and c.label not in _FOLLOW]
    if not changes:
        parts.append("the plan is the same as before")
    elif rest:
        parts.append(("also changed: " if ask.wants else "changed: ") + ", ".join(rest))
    elif ask.wants:
        parts.append("nothing else changed")
    return "; ".join(parts) + "."
