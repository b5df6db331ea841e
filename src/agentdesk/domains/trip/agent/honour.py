"""Meeting a rejection: the offers and activity days a revised plan may choose from.

What the reviewer asked for narrows that part's choices (only cheaper hotels,
only nonstop flights, an open slot on day 5); every part the reviewer did not
mention keeps what the rejected plan had, so a revision changes what was asked and
nothing else. When no offer meets a want, the part stays as it was and the reason
is kept, for the review to say. :func:`want_met` checks a new plan against a want.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .revision import RevisionAsk

__all__ = ["Narrowed", "Slots", "activity_slots", "narrow_offers", "want_met"]

Offer = dict[str, Any]


@dataclass
class Narrowed:
    """The flight and hotel offers a revision may pick, and the wants no offer meets."""

    outbound: list[Offer]
    back: list[Offer]
    hotels: list[Offer]
    unmet: dict[str, str] = field(default_factory=dict)


def _money(value: float) -> str:
    return f"{value:,.2f} USD"


def _same_flight(offer: Offer, other: Offer | None) -> bool:
    if other is None:
        return False
    return offer["offer_id"] == other["offer_id"] or (
        offer.get("flight_number") is not None
        and offer.get("flight_number") == other.get("flight_number"))


def _previous_leg(previous: dict[str, Any] | None, offers: list[Offer],
                  seen: dict[str, Offer]) -> Offer | None:
    """The rejected plan's flight in the direction of ``offers``, as its search returned it."""
    if not previous or not offers:
        return None
    for leg in previous.get("flights", []):
        if leg.get("origin") == offers[0]["origin"]:
            return seen.get(leg["offer_id"], leg)
    return None


def _route(offer: Offer) -> str:
    return f"from {offer['origin']} to {offer['destination']} on {offer['date']}"


def _flight_name(offer: Offer) -> str:
    return str(offer.get("flight_number") or offer["offer_id"])


def _narrow_flights(ask: RevisionAsk, offers: list[Offer], before: Offer | None,
                    unmet: dict[str, str], pin: bool) -> list[Offer]:
    chosen = list(offers)
    if "flights:nonstop" in ask.wants:
        nonstop = [o for o in chosen if not o.get("stops")]
        if nonstop:
            chosen = nonstop
        else:
            unmet.setdefault("flights:nonstop", f"no nonstop flight goes {_route(offers[0])}")
    if before is not None and ("flights:cheaper" in ask.wants or "cheaper" in ask.wants):
        lower = [o for o in chosen if o["price"] < before["price"]]
        if lower:
            chosen = lower
        else:  # nothing cheaper: the flight stays, never a dearer one
            if "flights:cheaper" in ask.wants:
                unmet.setdefault("flights:cheaper", f"no flight {_route(before)} costs less "
                                 f"than {_flight_name(before)} at {_money(before['price'])}")
            chosen = [o for o in chosen if _same_flight(o, before)] or chosen
    if before is not None and "flights:other" in ask.wants:
        others = [o for o in chosen if not _same_flight(o, before)]
        if others:
            chosen = others
        else:
            unmet.setdefault("flights:other", f"the search found no other flight "
                                              f"{_route(before)} than {_flight_name(before)}")
    if pin and before is not None:
        chosen = [o for o in chosen if _same_flight(o, before)] or chosen
    return chosen


def _previous_hotel(previous: dict[str, Any] | None, seen: dict[str, Offer]) -> Offer | None:
    stays = (previous or {}).get("hotels") or []
    return seen.get(stays[0]["offer_id"], stays[0]) if stays else None


def _narrow_hotels(ask: RevisionAsk, offers: list[Offer], before: Offer | None,
                   unmet: dict[str, str], pin: bool) -> list[Offer]:
    chosen = list(offers)
    if before is None:
        return chosen
    name = before.get("name")
    if "hotel:cheaper" in ask.wants or "cheaper" in ask.wants:
        lower = [o for o in chosen if o["price"] < before["price"]]
        if lower:
            chosen = lower
        else:  # nothing cheaper: the hotel stays, never a dearer one
            if "hotel:cheaper" in ask.wants:
                unmet["hotel:cheaper"] = (f"no hotel the search found costs less than "
                                          f"{name}'s {_money(before['price'])}")
            chosen = [o for o in chosen if o.get("name") == name] or chosen
    if "hotel:nicer" in ask.wants:
        stars = int(before.get("stars") or 0)
        better = [o for o in chosen if int(o.get("stars") or 0) > stars]
        if better:
            chosen = better
        else:
            unmet["hotel:nicer"] = f"no hotel the search found has more than {stars} stars"
            chosen = [o for o in chosen if o.get("name") == name] or chosen
    if "hotel:other" in ask.wants:
        others = [o for o in chosen if o.get("name") != name]
        if others:
            chosen = others
        else:
            unmet["hotel:other"] = f"the search found no other hotel than {name}"
    if pin:
        chosen = [o for o in chosen if o.get("name") == name] or chosen
    return chosen


def narrow_offers(ask: RevisionAsk | None, previous: dict[str, Any] | None,
                  outbound: list[Offer], back: list[Offer], hotels: list[Offer],
                  seen_flights: dict[str, Offer], seen_hotels: dict[str, Offer]) -> Narrowed:
    """The offers that meet ``ask``; a part the ask does not touch keeps the rejected pick."""
    if ask is None or previous is None:
        return Narrowed(outbound, back, hotels)
    unmet: dict[str, str] = {}
    # Nothing read (or an edit that changes what the plan must fit): every part may change.
    keep = ask.read_by != "none" and not ask.fresh
    flights_asked = ask.wants_kind("flights") or "cheaper" in ask.wants
    hotel_asked = ask.wants_kind("hotel") or "cheaper" in ask.wants
    out = _narrow_flights(ask, outbound, _previous_leg(previous, outbound, seen_flights), unmet,
                          keep and not flights_asked)
    home = _narrow_flights(ask, back, _previous_leg(previous, back, seen_flights), unmet,
                           keep and not flights_asked)
    stays = _narrow_hotels(ask, hotels, _previous_hotel(previous, seen_hotels), unmet,
                           keep and not hotel_asked)
    return Narrowed(out, home, stays, unmet)


# -- activities ---------------------------------------------------------------------------


@dataclass
class Slots:
    """The days that get an activity and what each may have, in day order."""

    days: list[int] = field(default_factory=list)
    options: list[list[tuple[str, float]]] = field(default_factory=list)
    unmet: dict[str, str] = field(default_factory=dict)


def _planned(previous: dict[str, Any] | None) -> dict[int, tuple[str, float]]:
    """The rejected plan's activity per day (the first, where a day had several)."""
    found: dict[int, tuple[str, float]] = {}
    for activity in sorted((previous or {}).get("activities", []), key=lambda a: a["day"]):
        found.setdefault(int(activity["day"]), (activity["name"], float(activity["cost"])))
    return found


def activity_slots(ask: RevisionAsk | None, previous: dict[str, Any] | None,
                   default_days: int, trip_days: int, catalogue: list[tuple[str, float]],
                   allowance: float | None, party: int) -> Slots:
    """Which days get an activity and the choices for each.

    A first plan (or one with nothing read) gives days 1 to ``default_days`` an
    activity each from ``catalogue``, each day its own few, all within what the
    budget leaves (``allowance`` for the party, after the dearest flights and
    hotel). A revision keeps the rejected plan's activities on the days the
    reviewer did not mention and opens the days asked for.
    """
    wants = ask.wants if ask is not None else []
    if "no_activities" in wants:
        return Slots()
    before = _planned(previous) if ask is not None else {}
    asked = [d for kind in ("activity", "change") for d in (ask.days(kind) if ask else [])
             if 1 <= d <= trip_days]
    if ask is not None and ask.read_by != "none" and not ask.fresh:
        # A revision: the days the reviewer did not mention keep their activity.
        kept = {d: a for d, a in before.items() if d <= trip_days
                and f"free:{d}" not in wants and f"change:{d}" not in wants}
        open_days = sorted(set(asked) - set(kept))
    else:
        kept = {}
        open_days = sorted((set(range(1, default_days + 1)) | set(asked))
                           - {d for d in range(1, trip_days + 1) if f"free:{d}" in wants})
    used = {name for name, _ in kept.values()}
    if ask is not None:  # what a changed day had goes too: the reviewer asked for another
        used |= {before[d][0] for d in ask.days("change") if d in before}
    pool = [a for a in catalogue if a[0] not in used]
    remaining = None if allowance is None else allowance - party * sum(
        cost for _, cost in kept.values())
    fitting = pool
    if remaining is not None and open_days:
        per_item = max(0.0, remaining) / (party * len(open_days))
        fitting = [a for a in pool if a[1] <= per_item] or [a for a in pool if a[1] == 0]
    slots: dict[int, list[tuple[str, float]]] = {d: [a] for d, a in kept.items()}
    count = min(len(open_days), len(fitting))
    # Asked days come first; each open day gets its own few, so none is picked twice.
    ordered = [d for d in open_days if d in asked] + [d for d in open_days if d not in asked]
    for index, day in enumerate(ordered[:count]):
        slots[day] = fitting[index::count]
    if remaining is not None and len(pool) > len(fitting):
        reason = (f"no activity not yet planned fits the {max(0.0, remaining):,.2f} USD the "
                  "budget leaves")
    else:
        reason = "every activity known for this city is already planned on another day"
    unmet = {f"{kind}:{day}": reason for day in ordered[count:]
             for kind in ("activity", "change") if f"{kind}:{day}" in wants}
    days = sorted(slots)
    return Slots(days, [slots[d] for d in days], unmet)


# -- checking a new plan -------------------------------------------------------------------


def _day(plan: dict[str, Any], day: int) -> list[str]:
    return [a["name"] for a in plan.get("activities", []) if int(a["day"]) == day]


def want_met(want: str, before: dict[str, Any], after: dict[str, Any],
             seen_flights: dict[str, Offer], seen_hotels: dict[str, Offer]) -> bool:
    """Whether the plan snapshot ``after`` meets ``want`` against the rejected ``before``.

    A snapshot is ``{"itinerary", "total_cost", ...}`` as the review keeps it.
    """
    old, new = before.get("itinerary") or {}, after.get("itinerary") or {}
    kind, _, value = want.partition(":")
    if kind == "activity" and value.isdigit():
        return bool(_day(new, int(value)))
    if kind == "change":
        return bool(_day(new, int(value))) and _day(new, int(value)) != _day(old, int(value))
    if kind == "free":
        return not _day(new, int(value))
    if kind == "no_activities":
        return not new.get("activities")
    if kind == "depart":
        return new.get("start_date") == value
    if kind == "return":
        return new.get("end_date") == value
    if kind == "cheaper":
        return (after.get("total_cost") or 0) < (before.get("total_cost") or 0)
    if kind == "hotel":
        old_stays, new_stays = old.get("hotels") or [], new.get("hotels") or []
        if not new_stays:
            return False
        if value == "cheaper":
            return sum(s["price"] for s in new_stays) < sum(s["price"] for s in old_stays)
        if value == "nicer":
            def stars(stays: list[Offer]) -> int:
                return max(int(seen_hotels.get(s["offer_id"], {}).get("stars") or 0)
                           for s in stays) if stays else 0
            return stars(new_stays) > stars(old_stays)
        return {s["name"] for s in new_stays} != {s["name"] for s in old_stays}
    if kind == "flights":
        old_legs, new_legs = old.get("flights") or [], new.get("flights") or []
        if value == "cheaper":
            return sum(f["price"] for f in new_legs) < sum(f["price"] for f in old_legs)
        if value == "nonstop":
            return all(not seen_flights.get(f["offer_id"], {}).get("stops") for f in new_legs)
        return {f["offer_id"] for f in new_legs} != {f["offer_id"] for f in old_legs}
    return False
