"""The trip and simulation readers alone, on the people-written part of their sets.

Usage: python -m bench.quality.reading [--span-reader] [--agent NAME] [--part NAME]
[--no-variants] [--verbose] [--json]

Each case tagged ``people`` in ``trip_set.json`` and ``simulation_set.json`` is read
by code, as the agent reads it before planning, and counted as **right** (every
slot read as labelled, or an unread phrase reported when the case holds one),
**refused** (the reader asked or said what it could not read, although the labelled
reading was there to be had) or **silent wrong** (a reading that differs from the
label, or ignores a phrase that changes the answer, given without a word). Counts are
split into the part tuned on, the ``held-back`` part, the ``fresh`` part (requests
written blind to the readers' code, never tuned on; like the held-back part, its misses
are listed only when ``--part fresh`` is given; every other fresh request is in ``fresh
read`` instead, read and tuned on from 2026-11-28, and all the trip's once its ``fresh
3`` was written), the ``fresh 3 read`` part (a third set of trip requests written blind,
tag ``fresh3``, measured blind and read whole once the fourth was written, 2026-11-29) and
the ``fresh 4 read`` part (a fourth, tag ``fresh4``, measured blind before and after the
round that read the third: 16/14/6 then 18/13/5 as written, 222/183/76 then 247/167/67 with
variants; read once the fifth was written, 2026-11-29) and the ``fresh 5`` part (a fifth set
written blind, tag ``fresh5``, never tuned on; its misses are listed only when ``--part
"fresh 5"`` is given; the simulation's second blind set was in it too, measured blind at
178/153/0, 16/14/0 as written, and is ``fresh 5 read`` from 2026-11-29 on). The trip's fifth was
measured blind before and after the round that read the fourth (as written 20/14/2 then
26/9/1, with variants 273/175/26 then 336/125/13) and is ``fresh 5 read`` once the sixth,
``fresh 6`` (tag ``fresh6``, written blind, never tuned on), was written. The trip's sixth
was measured blind before and after round six (374/103/14, 28/7/1 as written, both times)
and is ``fresh 6 read`` from 2026-11-29 on. The simulation's third blind set is in ``fresh 6``
(tag ``fresh6``, 30 requests written blind, never tuned on), measured blind at 6a37fc7 on
2026-11-29: 142/182/0 with variants, 13/17/0 as written (the whole graph, ``python -m
bench.quality --agent simulation --tag fresh6``: 13/17/0, none other), and after the round on
``fresh 5 read``, still blind: 160/164/0, 15/15/0 as written; from 2026-11-29 it is ``fresh 6
read`` (tag ``read`` added), read and tuned on while a fourth is written blind. The
simulation's fourth blind set is in ``fresh 7`` (tag ``fresh7``, 30 requests, ids ``s7-``,
written blind by a pharmacology student, a clinical pharmacist, a PK modeller in a hurry,
non-native writers, a nurse, a teaching assistant, dictation and a forwarded note; 11 tagged
``misread``, 7 asking what the bridge's models cannot do; never tuned on), measured blind at
6d64c77 on 2026-11-29: 9/21/0 as written, 93/224/0 with variants (``--agent simulation --part
'fresh 7'`` [``--no-variants``]). The trip's seventh,
``fresh 7`` (tag ``fresh7``, 36 requests written blind, 6 of them holding a condition the
planner cannot honour, never tuned on; ``fresh 7 read`` once read), was measured blind at
401f6a5 on 2026-11-29: 30/6/0 as written, 400/80/0 with variants, and 27/6/3 through the
whole graph (the wrongs two made-up activities and an over-budget plan); after the round on
``fresh 6 read`` 30/6/0 and 399/80/1, and ``fresh 7 read`` from then on. The trip's eighth,
``fresh 8`` (tag ``fresh8``, 36 requests written blind by other writers: an assistant's note,
a forwarded thread, dictation, students, retirees, a travel agent's shorthand, writers from
Spain, Germany, India, France, Britain and Australia; 6 of them holding a condition the
planner cannot honour, never tuned on; ``fresh 8 read`` once read), was measured blind at
532452a on 2026-11-29: 22/13/1 as written, 280/171/17 with variants, and 21/13/2 through
the whole graph (the wrongs a wrong party size and an over-budget plan); measured again,
still blind, after the round on ``fresh 7 read``: 280/171/17, and ``fresh 8 read`` (tag
``read`` added) from 2026-11-29 on, read and tuned on while a ninth is written blind. The
trip's ninth, ``fresh 9`` (tag ``fresh9``, 36 requests written blind by yet other writers: a
team offsite's organiser, a parent on a phone, a wedding guest, a backpacker, an executive
assistant, an old email pasted under a new request, an answer as a numbered list, a company's
travel form, dictation, a retired couple's letter, writers from Brazil, Germany, India, Japan,
Spain, Korea, France and Australia; 13 tagged ``misread``, 6 holding a condition the planner
cannot honour; never tuned on), was measured blind at a8811f3 on 2026-11-29: 12/24/0 as
written, 153/325/3 with variants, and 11/24/1 through the whole graph (the wrong an
over-budget plan). The trip's tenth, ``fresh 10`` (tag ``fresh10``, 36 requests, ids ``f10-``,
written blind by yet other writers: a baseball fan following his team, a PhD student whose
grant is in euros, a family of five, a British writer's day-first dates, a return stated
before the departure, a long weekend, "two weeks from Friday", a request at the end of an
email about other work, voice-to-text with "two" for "to", a connection that is not the
destination, budgets per person and in total, "there and back", a city named by a nickname
or a landmark, a correction mid-message, a travel desk's letter, a text message, a
grandmother's letter, writers from Spain, Italy, Quebec, Poland, India and the Netherlands;
14 tagged ``misread``, 6 holding a condition the planner cannot honour: a rental car, a
hotel chain, wheelchair assistance, paying with miles, a hotel by a stadium, seats together;
every relative date is fixed by a stated one, so no label depends on the day it is read;
codes checked with the travel server's ``get_airport_code``, weekdays and lengths by hand;
never tuned on), was measured blind at 29a692c on 2026-11-29: 15/21/0 as written, 213/285/0
with variants, and 15/21/0 through the whole graph (``python -m bench.quality --agent trip
--tag fresh10``, the embedded model; this bench's list of parts gained ``fresh 10`` to print
it); the trip's ninth is ``fresh 9 read`` (tag ``read`` added) from then on, read and tuned on:
155/310/16 -> 304/174/0 with variants, 12/23/1 -> 25/11/0 as written. Once the money variants
stopped turning "5.000 dollars" into "$5" (three variants fewer), the tenth measured 213/282/0
with variants on the code it was written against and 206/289/0 after that round (15/21/0 as
written and through the whole graph both times), still blind; from the second session of
2026-11-29 on it is ``fresh 10 read`` (tag ``read`` added), read and tuned on while an eleventh
(``fresh 11``, tag ``fresh11``) is written blind. The trip's eleventh, ``fresh 11`` (tag
``fresh11``, 36 requests, ids ``f11-``, written blind by yet other writers: a sales rep visiting
a customer, a choir director for the choir, nurses on shifts, grandparents with grandchildren,
conference speakers, people moving house, a bride's sister, a Reddit-style post with an edit,
an email reply answering the agent's question, a text message, a hedge on the party size,
writers from Mexico, Nigeria, Sweden, China, Turkey and Ireland; day-first, dotted and
year-first dates, "next month's first Monday" fixed by a stated date, a week, a fortnight, a
week number, numbers and a year in words, budgets per person, per head, per night and in
other currencies with the dollar figure given; 14 tagged ``misread``, 6 holding a condition
the planner cannot honour: extra checked bags, halal meals, a dog in the cabin, an airport
pickup, an early check-in, travel insurance; every relative date is fixed by a stated one;
codes checked with the travel server's ``get_airport_code``, weekdays with ``datetime``;
never tuned on), was measured blind at c4dc55c on 2026-11-29: 11/25/0 as written, 145/340/0
with variants, and 10/25/1 through the whole graph (``python -m bench.quality --agent trip
--tag fresh11``, the embedded model; the wrong an over-budget plan). After the round on
``fresh 10 read`` (which took that part from 206/289/0 to 390/105/0 with variants and 15/21/0
to 30/6/0 as written, no read part losing a right answer) it measured 11/24/1 as written and
146/325/14 with variants, still blind: a round that reads more answered the next writer
wrongly where it used to ask. From then on (the second session of 2026-11-29) it is ``fresh 11
read`` (tag ``read`` added), read and tuned on while a twelfth (``fresh 12``, tag
``fresh12``) is written blind; the round on it took it to 215/270/0 with variants and 17/19/0
as written (the wrong an airport pickup left unsaid once "$2,200 for both of us" was read as
two), 15/19/2 through the whole graph (the wrongs over-budget plans), no read part changed
otherwise. The trip's twelfth, ``fresh 12`` (tag ``fresh12``, 36 requests,
ids ``f12-``, written blind by yet other writers: a family's admitted students day, a PhD
recruitment weekend, an admissions officer's recruiting tour, a supporters club's away trip, a
club's team manager for the squad, a cycling pilgrim, an Umrah with a mother, wine
tastings in Mendoza and Bordeaux, a honeymoon planned by the groom's mother, a wedding planner
for the couple, digital nomads, an Erasmus student, a patient going for treatment, a company's
HR for a new hire's relocation visit, a manager for a trainer, Slack messages (one with an
edit), a WhatsApp voice note and a dictated one, a marathon runner, a savings group, writers
from Kenya, Vietnam, Argentina, Egypt, Finland and Scotland; "the 3rd of May", day-first,
dotted and slashed dates, a year that turns at New Year, "next month's first Monday" fixed by a
stated date, a week, three weeks, numbers in words, "for the 4 of us", budgets per night, per
person, with dotted and spaced thousands, in other currencies with the dollar figure given; 14
tagged ``misread``, 6 holding a condition the planner cannot honour: tickets for the match, a
bike box on the flights, wine shipped home, an ocean-view room, a desk and fibre wifi,
refundable tickets; every relative date is fixed by a stated one; codes checked with the travel
server's ``get_airport_code``, weekdays with ``datetime``, every budget above the cheapest
flights and hotel the inventory offers; never tuned on), was measured blind at 6fdd756 on
2026-11-29: 13/23/0 as written, 173/297/0 with variants, and 13/23/0 through the whole graph
(``python -m bench.quality --agent trip --tag fresh12``, the embedded model); ``fresh 12`` was
already among this bench's parts. By phrasing variant:
each request is also read in the variants :mod:`.people_variants` makes by rule (case,
punctuation, word order, synonyms, numbers in words, ordinals, units), each holding the same
label; ``--no-variants`` reads the requests as written only. No model runs unless
``--span-reader`` is given: then the embedded model reads the slots code missed
(:mod:`agentdesk.domains.trip.spans`), as the agent does with it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from .common import PARTS as COMMON_PARTS
from .common import Case, part_of

HERE = Path(__file__).parent


def _people(name: str) -> list[dict[str, Any]]:
    return [c for c in json.loads((HERE / f"{name}_set.json").read_text())
            if "people" in c.get("tags", [])]


def _code(city: str | None) -> str | None:
    """The airport a plan for ``city`` flies from or to: a code in capitals is that airport,
    as the planner takes it ("ORD" is O'Hare, not the city "Ord" of Ord River's ODR), any
    other name its city's main one."""
    from agentdesk.domains.trip.airports import airport, main_airport

    if city and len(city) == 3 and city.isupper() and airport(city) is not None:
        return city
    found = main_airport(city) if city else None
    return found.iata if found is not None else None


def trip_outcome(case: dict[str, Any], model: Any = None) -> tuple[str, str]:
    """("right" | "refused" | "silent_wrong", detail) of the trip reader on one case."""
    from agentdesk.domains.trip.agent.schemas import TripInput

    try:
        if model is not None:
            from agentdesk.domains.trip.spans import fill_with_model

            read = TripInput(messages=case["request"], preferences=fill_with_model(
                case["request"], model))
        else:
            read = TripInput(messages=case["request"])
    except ValueError as exc:
        said = " ".join(str(exc).split())
        if case.get("unread") and "could not read" in said:
            return "right", said[:160]
        return "refused", said[:160]
    if case.get("unread"):
        return "silent_wrong", f"{case['unread']!r} ignored"
    got = read.preferences.to_state()
    want = case["read"]
    for key in ("origin", "destination"):
        if _code(got.get(key)) != _code(want[key]):
            return "silent_wrong", f"{key} {got.get(key)!r} != {want[key]!r}"
    for key in ("depart", "return", "travelers", "budget"):
        if got.get(key) != want[key] and not (key == "budget" and want[key] is None):
            return "silent_wrong", f"{key} {got.get(key)!r} != {want[key]!r}"
    return "right", ""


def simulation_outcome(case: dict[str, Any], library: list[dict[str, Any]],
                       ) -> tuple[str, str]:
    """("right" | "refused" | "silent_wrong", detail) of the simulation reader."""
    from agentdesk.domains.simulation.agent.amounts import convert
    from agentdesk.domains.simulation.agent.understand import read_goal

    goal = read_goal([(case["request"], None)], library, None)
    if goal.questions:
        return ("right" if case.get("unread") else "refused"), goal.questions[0][:160]
    if case.get("unread"):
        return "silent_wrong", "answered without asking"
    numbers = case["numbers"]
    if goal.model_path is None:  # the agent asks "Which model should I load: ...?"
        return "refused", f"asks which model ({', '.join(goal.model_choices) or 'any'})"
    if goal.model_path != numbers["model_path"]:
        return "silent_wrong", f"model {goal.model_path}"
    want = {p: v for p, (v, _) in numbers["parameters"].items()}
    units = {p: u for p, (_, u) in numbers["parameters"].items()}
    if set(goal.settings) != set(want):
        return "silent_wrong", f"set {sorted(goal.settings)} != {sorted(want)}"
    for path, setting in goal.settings.items():
        value = convert(setting.value, setting.unit, units[path])
        if value is None or not math.isclose(value, want[path], rel_tol=1e-6):
            return "silent_wrong", f"{path} {setting.value} {setting.unit} != {want[path]}"
    if goal.end_time is None:  # the agent asks "For how many hours should I simulate?"
        return "refused", "asks for the simulated time"
    if not math.isclose(goal.end_time, numbers["end_time"]):
        return "silent_wrong", f"end_time {goal.end_time} != {numbers['end_time']}"
    return "right", ""


def _library() -> list[dict[str, Any]]:
    from agentdesk.domains.simulation.bridge.engine import configured_dirs, iter_models, load_spec

    return [load_spec(file, root).summary() for file, root in iter_models(configured_dirs(None))]


_NAMES = {"people": "tuned", "held back": "held-back"}
"""The parts this bench has always named otherwise than :data:`.common.PARTS`."""
PARTS = tuple(_NAMES.get(part, part) for part in COMMON_PARTS if part != "first")
OUTCOMES = ("right", "refused", "silent_wrong")


def _part(case: dict[str, Any]) -> str:
    """The case's part as the whole-graph bench names it (:func:`.common.part_of`: ``fresh
    8``, ``fresh 7``, ``fresh 6 read``, ``fresh 5``, ``fresh 4 read``, ``fresh 3 read``, ``fresh``,
    ``fresh read``), but ``tuned`` for people's cases tuned on and ``held-back`` for the
    held-back ones, as this bench has always called them."""
    where = part_of(Case(id=case["id"], request=case["request"], expected=None,
                         tags=case.get("tags", [])))
    return _NAMES.get(where, where)


def _requests(agent: str, text: str, with_variants: bool) -> list[tuple[str, str]]:
    from .people_variants import agent_variants

    return [("original", text), *(agent_variants(agent, text) if with_variants else [])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality.reading")
    parser.add_argument("--span-reader", action="store_true",
                        help="let the embedded model read the trip slots code missed")
    parser.add_argument("--agent", action="append", choices=("trip", "simulation"))
    parser.add_argument("--part", action="append", choices=PARTS,
                        help="only this part (repeatable; default all)")
    parser.add_argument("--no-variants", action="store_true", help="the requests as written only")
    parser.add_argument("--verbose", action="store_true",
                        help="list each miss of the tuned part (of any other part only when "
                             "--part names it)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    model = None
    if args.span_reader:
        from agentdesk.models import get_chat_model

        model = get_chat_model("local")
    library = _library()
    shown = set(args.part or ["tuned"])
    counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for agent in args.agent or ("trip", "simulation"):
        for case in _people(agent):
            part = _part(case)
            if args.part and part not in args.part:
                continue
            for kind, request in _requests(agent, case["request"], not args.no_variants):
                asked = {**case, "request": request}
                outcome, detail = (trip_outcome(asked, model) if agent == "trip"
                                   else simulation_outcome(asked, library))
                counts[(agent, part, kind)][outcome] += 1
                if args.verbose and part in shown and outcome != "right":
                    print(f"  [{agent}] {part:<12} {kind:<16} {case['id']:<16} {outcome:<12} "
                          f"{request!r}: {detail[:120]}", file=sys.stderr)
    if args.json:
        report: dict[str, Any] = {}
        for (agent, part, kind), c in sorted(counts.items()):
            report.setdefault(agent, {}).setdefault(part, {})[kind] = {o: c[o] for o in OUTCOMES}
        print(json.dumps(report, indent=2))
    else:
        _print(counts)
    return 0


def _print(counts: dict[tuple[str, str, str], Counter[str]]) -> None:
    from .variants import CLASSES

    order = ("original", *CLASSES)
    print(f"{'agent':<11} {'part':<12} {'variant':<17} {'right':>6} {'refused':>8} "
          f"{'silent wrong':>13}")
    totals: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for (agent, part, kind), c in sorted(counts.items(), key=lambda kv: (
            kv[0][0], PARTS.index(kv[0][1]), order.index(kv[0][2]))):
        totals[(agent, part)].update(c)
        print(f"{agent:<11} {part:<12} {kind:<17} {c['right']:6d} {c['refused']:8d} "
              f"{c['silent_wrong']:13d}")
    print()
    for (agent, part), c in sorted(totals.items(), key=lambda kv: (kv[0][0],
                                                                    PARTS.index(kv[0][1]))):
        print(f"{agent:<11} {part:<12} {'all':<17} {c['right']:6d} {c['refused']:8d} "
              f"{c['silent_wrong']:13d}")


if __name__ == "__main__":
    raise SystemExit(main())
