"""What a reviewer's rejection asks the next plan to change, read by code.

A message such as "Day 5 is empty, add an activity, and find a cheaper hotel" is
read into *wants*, each a short key the planner narrows its choices by and the
review checks the new plan against:

``activity:N`` an activity on day N; ``change:N`` a different activity on day N;
``free:N`` nothing on day N; ``no_activities``; ``hotel:cheaper|nicer|other``;
``flights:cheaper|nonstop|other``; ``cheaper`` (the whole trip);
``depart:YYYY-MM-DD`` and ``return:YYYY-MM-DD`` (new dates).

Relative words are resolved against the plan being rejected: "the last day" is its
last day, "the empty days" are its days without an activity, "on Saturday" is the
trip's Saturday. What cannot be met whatever the offers (day 9 of a five-day trip,
a return before the departure) is kept in ``unmet`` with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Literal

from pydantic import ValidationError

from agentdesk.domains.trip.request import find_dates
from agentdesk.numerals import ORDINAL_DAYS, cardinals

from .schemas import TripPreferences

__all__ = ["RevisionAsk", "describe_want", "read_revision", "trip_days"]

ReadBy = Literal["code", "model", "none"]

_NUMBERS = {**cardinals(12), "a": 1, "an": 1}
_ORDINALS = {word: n for word, n in ORDINAL_DAYS.items() if n <= 10}
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUM = r"(?:\d+|" + "|".join(_NUMBERS) + ")"
_DAYNUM = r"(?:\d+|" + "|".join(w for w in _NUMBERS if w not in ("a", "an")) + ")"

_ACTIVITY = re.compile(r"activit|something to do|things? to do|anything to do|sightsee|"
                       r"\bbored\b|\bboring\b|\bfun\b|\benjoy|entertain|"
                       r"\btours?\b|excursion|museum|\bvisit|\bplanned\b|\bempty\b|"
                       r"nothing (?:on|planned|to do)|\bfree day", re.I)
_ADD = re.compile(r"\b(?:add|fill|plan|put|include|schedule|book|want|need|like|give|get)\b|"
                  r"something|anything|more\b|\bempty\b|nothing (?:on|planned|to do)", re.I)
_REMOVE = re.compile(r"\b(?:remove|drop|skip|cancel|delete|rest)\b|day off|free day|"
                     r"\b(?:leave|keep)\b[^.;]*\b(?:free|empty|open)\b|"
                     r"\bwithout (?:an? |any )?activit|\bno (?:more )?activit(?:y|ies)\b"
                     r"(?! (?:planned|yet|at all))", re.I)
_COMPLAINT = re.compile(r"\b(?:there(?:'s| is| are)|has|have|had|got|left)\s+(?:no|nothing|not)\b|"
                        r"\bis (?:free|empty|open|blank)\b|\bempty\b|\bwhy\b", re.I)
_NONE = re.compile(r"\b(?:no|without|skip|drop|remove|cancel)\b[^.]*activit|fewer activit|"
                   r"less activit", re.I)
_CHANGE = re.compile(r"\b(?:different|another|other|change|replace|swap)\b", re.I)
_HOTEL = re.compile(r"hotel|\brooms?\b|accommodation|lodging|place to stay|where we stay|"
                    r"\bthe stay\b|\binn\b|\bsleep\b|\bbeds?\b", re.I)
_FLIGHT = re.compile(r"flight|\b(?:air)?fares?\b|\bflying\b|airline|\bplanes?\b|layover",
                     re.I)
_CHEAPER = re.compile(r"cheap|less expensive|lower (?:the )?(?:price|cost)|\breduce|\bsave|"
                      r"too expensive|expensive|pricey|too much|afford|\bover (?:the )?budget|"
                      r"(?:under|within|in) (?:the |my |our )?budget|\bcost less|"
                      r"tighter budget|wallet|costly|steep|pricy", re.I)
_NICER = re.compile(r"better|nicer|more stars|luxur|upgrade|fancier|\b[45][- ]stars?|"
                    r"higher rated|more comfortable|shabby|dingy|dirty|run-?down|noisy|"
                    r"\bbasic\b", re.I)
_NONSTOP = re.compile(r"non-?stop|\bdirect\b|no (?:stops|layovers?)|without (?:a )?"
                      r"(?:stop|layover)|layovers?|connections?\b", re.I)
_DEPART = re.compile(r"\b(?:leave|leaving|depart\w*|fly(?:ing)? out|outbound|set(?:ting)? off|"
                     r"start (?:the trip|out)|arriv\w*)\b", re.I)
_RETURN = re.compile(r"\b(?:return\w*|com(?:e|ing) back|be back|get back|fly(?:ing)? back|"
                     r"(?:head|go|fly)(?:ing)? home|back home|end (?:the|our) trip)\b", re.I)


@dataclass
class RevisionAsk:
    """A rejection as code (or the model) read it."""

    message: str
    wants: list[str] = field(default_factory=list)
    """What the next plan should change, as keys (see the module's docstring)."""
    unmet: dict[str, str] = field(default_factory=dict)
    """Wants no plan can meet, with the reason in words."""
    read_by: ReadBy = "none"
    """Who read ``wants`` out of the message: code, the model (code could not), nobody."""
    fresh: bool = False
    """An edit changed what the plan must fit (budget, party, places): every part may
    change, not only what the message names."""
    asked_model: bool = False
    """The model was asked to read what code could not (see :mod:`.reading`)."""
    decision: Literal["reject", "edit"] = "reject"
    """How the person sent the plan back."""

    def to_state(self) -> dict[str, Any]:
        return {"message": self.message, "wants": list(self.wants), "unmet": dict(self.unmet),
                "read_by": self.read_by, "fresh": self.fresh, "asked_model": self.asked_model,
                "decision": self.decision}

    @classmethod
    def from_state(cls, data: dict[str, Any] | None) -> RevisionAsk | None:
        if not data:
            return None
        return cls(message=str(data.get("message") or ""), wants=list(data.get("wants") or []),
                   unmet=dict(data.get("unmet") or {}), read_by=data.get("read_by") or "none",
                   fresh=bool(data.get("fresh")), asked_model=bool(data.get("asked_model")),
                   decision="edit" if data.get("decision") == "edit" else "reject")

    def add(self, want: str, reason: str | None = None) -> None:
        if want not in self.wants:
            self.wants.append(want)
        if reason:
            self.unmet[want] = reason

    def days(self, kind: str) -> list[int]:
        """The days of the wants ``kind:N``, in order."""
        return sorted(int(w.split(":")[1]) for w in self.wants
                      if w.startswith(kind + ":") and w.split(":")[1].isdigit())

    def wants_kind(self, prefix: str) -> bool:
        return any(w == prefix or w.startswith(prefix + ":") for w in self.wants)


def trip_days(plan: dict[str, Any] | None, preferences: dict[str, Any]) -> int:
    """How many days the trip has, the first and the last counted."""
    start = (plan or {}).get("start_date") or preferences.get("depart")
    end = (plan or {}).get("end_date") or preferences.get("return")
    if not (start and end):
        return 0
    return (date.fromisoformat(end) - date.fromisoformat(start)).days + 1


def describe_want(want: str) -> str:
    """A want in a person's words ("an activity on day 5")."""
    kind, _, value = want.partition(":")
    return {
        "activity": f"an activity on day {value}" if value.isdigit() else "more activities",
        "change": f"a different activity on day {value}",
        "free": f"day {value} left free",
        "no_activities": "no activities",
        "hotel": {"cheaper": "a cheaper hotel", "nicer": "a better hotel",
                  "other": "a different hotel"}.get(value, "another hotel"),
        "flights": {"cheaper": "cheaper flights", "nonstop": "nonstop flights",
                    "other": "different flights"}.get(value, "other flights"),
        "cheaper": "a cheaper trip",
        "depart": f"departing on {value}",
        "return": f"returning on {value}",
    }.get(kind, want)


def _clauses(text: str) -> list[str]:
    """The message in clauses: a want's words and the day they are about stay together."""
    parts = re.split(r"[.;!?\n]+|,?\s+\bbut\b\s+|,\s+and\s+|\s+\band also\b\s+|\s+\bplus\b\s+",
                     text)
    return [p.strip() for p in parts if p and p.strip()]


def _number(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def _days_named(clause: str, plan: dict[str, Any] | None, days: int,
                today: date) -> tuple[list[int], bool]:
    """The trip days a clause names, and whether it names every day."""
    lowered = clause.lower()
    if re.search(r"\b(?:every|each|all (?:the )?)\s*days?\b|\bdaily\b", lowered):
        return list(range(1, days + 1)), True
    found: list[int] = []
    for match in re.finditer(rf"\bdays?\s+({_DAYNUM}(?:\s*(?:,|and|&|or)\s*{_DAYNUM}\b)*)\b",
                             lowered):
        found += [_number(n) for n in re.findall(rf"\b{_DAYNUM}\b", match.group(1))]
    for match in re.finditer(r"\b(\d+)(?:st|nd|rd|th)\s+day\b", lowered):
        found.append(int(match.group(1)))
    for word, number in _ORDINALS.items():
        if re.search(rf"\b{word}\s+day\b", lowered):
            found.append(number)
    if re.search(r"\b(?:last|final|departure|return|closing)\s+day\b", lowered):
        found.append(days)
    if re.search(r"\barrival day\b", lowered):
        found.append(1)
    start = (plan or {}).get("start_date")
    if start:
        first = date.fromisoformat(start)
        for index, name in enumerate(_WEEKDAYS):
            if re.search(rf"\b{name}\b", lowered):
                found += [n for n in range(1, days + 1)
                          if (first + timedelta(days=n - 1)).weekday() == index]
        for _, day in find_dates(clause, today):
            found.append((day - first).days + 1)
    return sorted(dict.fromkeys(n for n in found if n != 0)), False


def _activity_wants(ask: RevisionAsk, clause: str, plan: dict[str, Any] | None, days: int,
                    today: date) -> None:
    named, every = _days_named(clause, plan, days, today)
    if not named and not _ACTIVITY.search(clause):
        return
    planned = {int(a["day"]) for a in (plan or {}).get("activities", [])}
    if not named:
        if _NONE.search(clause):
            ask.add("no_activities")
            return
    elif _REMOVE.search(clause) and not _COMPLAINT.search(clause) \
            and not re.search(r"\b(?:add|fill|plan|put)\b", clause, re.I):
        for n in named:
            ask.add(f"free:{n}", None if 1 <= n <= days else f"the trip has only {days} days")
        return
    if _CHANGE.search(clause) and not _ADD.search(_CHANGE.sub("", clause)):
        for n in named or sorted(planned):
            ask.add(f"change:{n}", None if 1 <= n <= days else f"the trip has only {days} days")
        return
    if not (_ADD.search(clause) or _ACTIVITY.search(clause) or _COMPLAINT.search(clause)):
        return
    targets = named or [n for n in range(1, days + 1) if n not in planned]
    if not targets:
        ask.add("activity:all", "every day of the plan already has an activity; name a day "
                                "to change its activity")
        return
    for n in targets:
        if not 1 <= n <= days:
            ask.add(f"activity:{n}", f"the trip has only {days} days")
        elif n not in planned:
            ask.add(f"activity:{n}")
        elif not every:
            ask.add(f"change:{n}")


def _shift(lowered: str) -> tuple[timedelta, bool, bool | None] | None:
    """A move of dates a clause asks for: (by how much, later?, longer? or None if neither)."""
    unit = r"(day|night|week)s?"
    match = re.search(rf"\b({_NUM})\s+{unit}\s+(later|earlier|sooner|longer|shorter)\b",
                      lowered)
    if match:
        count, size, word = _number(match.group(1)), match.group(2), match.group(3)
    elif match := re.search(rf"\b({_NUM})\s+(more|extra|fewer|less)\s+{unit}", lowered):
        count, word, size = _number(match.group(1)), match.group(2), match.group(3)
    elif match := re.search(rf"\b(?:extra|additional|one more)\s+{unit}|"
                            r"\banother\s+(night|week)", lowered):
        count, word, size = 1, "more", match.group(1) or match.group(2)
    else:
        return None
    step = timedelta(days=count * (7 if size == "week" else 1))
    if word in ("longer", "more", "extra"):
        return step, True, True
    if word in ("shorter", "fewer", "less"):
        return step, False, False
    return step, word == "later", None


def _date_wants(ask: RevisionAsk, clause: str, plan: dict[str, Any] | None,
                preferences: dict[str, Any], today: date) -> bool:
    """Wants for new dates ("leave on March 12", "come back a day later"); True if any."""
    lowered = clause.lower()
    depart = preferences.get("depart") or (plan or {}).get("start_date")
    back = preferences.get("return") or (plan or {}).get("end_date")
    if not (depart and back):
        return False
    start, end = date.fromisoformat(depart), date.fromisoformat(back)
    new_start, new_end = start, end
    explicit = find_dates(clause, today)
    shift = _shift(lowered)
    if explicit and (_DEPART.search(lowered) or _RETURN.search(lowered)):
        for at, day in explicit:
            before = lowered[max(0, at - 30):at]
            if _RETURN.search(before) or (not _DEPART.search(before) and len(explicit) > 1
                                          and day == explicit[-1][1]):
                new_end = day
            else:
                new_start = day
    elif shift is not None:
        step, later, longer = shift
        if longer is not None:  # "two more nights", "a day shorter": the return moves
            new_end = end + step if longer else end - step
        elif _RETURN.search(lowered) and not _DEPART.search(lowered):
            new_end = end + step if later else end - step
        elif _DEPART.search(lowered) and not _RETURN.search(lowered):
            new_start = start + step if later else start - step
        else:  # "everything a day later": both dates move
            new_start, new_end = (start + step, end + step) if later else (start - step,
                                                                          end - step)
    else:
        return False
    if (new_start, new_end) == (start, end):
        return False
    wants = [f"depart:{new_start}"] if new_start != start else []
    wants += [f"return:{new_end}"] if new_end != end else []
    try:
        TripPreferences.model_validate({**preferences, "depart": new_start.isoformat(),
                                        "return": new_end.isoformat()})
    except ValidationError as exc:
        reason = "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in exc.errors())
        for want in wants:
            ask.add(want, reason)
        return True
    for want in wants:
        ask.add(want)
    return True


def _offer_wants(ask: RevisionAsk, clause: str) -> None:
    hotel, flights = _HOTEL.search(clause), _FLIGHT.search(clause)
    cheaper = _CHEAPER.search(clause)
    if hotel:
        if cheaper:
            ask.add("hotel:cheaper")
        elif _NICER.search(clause):
            ask.add("hotel:nicer")
        elif _CHANGE.search(clause) or re.search(r"\bnew\b|don'?t like|not (?:that|this)",
                                                 clause, re.I):
            ask.add("hotel:other")
    if flights or _NONSTOP.search(clause):
        if cheaper and flights:
            ask.add("flights:cheaper")
        if _NONSTOP.search(clause):
            ask.add("flights:nonstop")
        if flights and _CHANGE.search(clause) and not cheaper:
            ask.add("flights:other")
    if cheaper and not hotel and not flights:
        ask.add("cheaper")


def read_revision(message: str | None, plan: dict[str, Any] | None,
                  preferences: dict[str, Any], today: date | None = None) -> RevisionAsk:
    """The wants code reads in a rejection of ``plan`` (the itinerary being sent back)."""
    ask = RevisionAsk(message=(message or "").strip())
    today = today or date.today()
    days = trip_days(plan, preferences)
    for clause in _clauses(ask.message):
        dated = _date_wants(ask, clause, plan, preferences, today)
        _offer_wants(ask, clause)
        if not dated:
            _activity_wants(ask, clause, plan, days, today)
    if ask.wants:
        ask.read_by = "code"
    return ask
