"""The insurance set by part and phrasing variant, read and planned by code (no model).

Usage: python -m bench.quality.insurance_variants [--part P] [--no-variants] [--verbose] [--json]

Every email of ``insurance_set.json`` (and a reply, for the cases that have one) and its
variants by rule (:mod:`.variants`: case, punctuation, word order, synonyms, numbers in
words, ordinals; each keeps the labelled meaning) is read and planned as the agent's code
does before the embedded model picks between code's step and the agency, and counted as
right, refused (the customer asked again for what the email gave, or the agency asked to
look) or silent wrong (a quote started on a value the email did not say, or a question
that leaves out what is missing), per part (``first``, ``people``, ``held back``,
``fresh``) and variant class. ``--verbose`` lists the misses of the tuned parts only, unless
``--part "held back"`` or ``--part fresh`` is given.

The part ``fresh`` (ids ``f_``, tags ``people`` and ``fresh``) is a set of 30 emails written
blind to the agent's code: only the README, the seed's design, the benches, the agent's
schemas and state, ``validation.py``, ``quote_request.py``, the carrier and the set's first
six cases and one question's label were read, never the reader, the planner or their tests.
They are written as different customers write (terse, chatty, non-native English, a form, a
signature block, a forwarded email, lower-case and spaced VINs, US, ISO, day-first and
month-name dates, two cars, a spouse, a reply that sends the VIN); 19 should start the
quote, 8 ask the customer (a VIN with one wrong or one missing character, no licence date, a
city without its ZIP, a four-digit ZIP, a make and model without a VIN, a birth year after
the licence, "my son will be driving it too") and 3 go to the agency (a claim, a
cancellation, an address change on a policy). Tag ``misread`` marks the 11 written to be
easy to misread: a car's purchase date or a forwarded header's date before the birth date, a
spouse's dates or name beside the applicant's, a street number or an office ZIP that is a
ZIP too, "I take the train to work", and four of the questions (the mistyped VIN, the son,
the city, the four-digit ZIP). Each ZIP was checked to be in a state the carrier writes,
each VIN to decode (or, where asking is right, to fail its check), and each date against the
driver age and licence rules on 2026-11-29; a year alone is read as its 1 July (as the set's
first cases read it) and a month as its first day (as ``validation.parse_month`` reads it).
``missing`` is labelled only where the fields asked are named as the set's own labels name
them (``zip_code``, ``license_date``, ``marital_status``); elsewhere a question is right
whatever it asks. Measured once, blind, on 2026-11-29 at 6a37fc7, totals only (``--part
fresh``), right / refused / silent wrong: as written 25 / 4 / 1; with the phrasing variants
146 / 63 / 9 of 218; the whole graph to its first planned step (``python -m bench.quality
--agent insurance --tag fresh``) on the embedded model 25 / 4 / 1 (median 9.3 s a case). No
case was changed after. From 2026-11-29 it is ``fresh read`` (tag ``read`` added): read and
tuned on, while a second set is written blind (tag ``fresh2``, part ``fresh 2``).

The part ``fresh 2`` (ids ``f2_``, tags ``people`` and ``fresh2``) is a second set of 30
emails written blind, from the same files as ``fresh`` (its six first cases and one
question's label, and the sorted names the set's ``missing`` labels use), never its other
cases, the reader, the planner or their tests. Its writers differ from the first set's: a
broker writing for a client (the broker's office ZIP in the signature), a reply with the
agency's question quoted below it, a form pasted from a PDF with check boxes, a Spanish and
English mix with a day-first date, a widow of 78, a driver of 19, a Ukrainian who gives his
foreign and his US licence dates (the US one is the licence date the carrier takes), a
couple who both drive, a registered domestic partner, ``Sept.`` and ``1992.03.07`` dates, a
VIN with dashes, in ZIPs of all six states the carrier writes; 18 should start the quote, 8
ask the customer (a VIN with one wrong character, a VIN with an O, no licence date, no
marital status, a city without its ZIP, a licence at 14, only a VIN, "my son will be
driving it too") and 4 go to the agency (a claim, a sold car to cancel, an ID card, an
address change). Tag ``misread`` marks the 11 written to be easy to misread: a purchase,
accident or quoted header's date before the birth date, a spouse's dates beside the
applicant's (twice), a five-digit street number, a broker's name and ZIP, the foreign
licence, a sold car's VIN and date in a cancellation, and two questions (the mistyped VIN,
the son). Each ZIP, VIN and date was checked as for
``fresh`` on 2026-11-29; ``missing`` is labelled on every question but the son's (the name
of the field that asks for a second driver is not among the set's labels). Measured once,
blind, on 2026-11-29 at b592cdc, totals only (``--part "fresh 2"``), right / refused /
silent wrong: as written 17 / 12 / 1; with the phrasing variants 77 / 136 / 6 of 219; the
whole graph to its first planned step (``python -m bench.quality --agent insurance --tag
fresh2``) on the embedded model 17 / 12 / 1 (median 6.6 s a case). No case was changed
after. Measured again after the round on ``fresh read``, still blind: 19 / 10 / 1 as written,
127 / 86 / 6 with variants; from 2026-11-29 it is ``fresh 2 read`` (tag ``read`` added), read
and tuned on while a third set is written blind. After that round: 30 / 0 / 0 as written,
214 / 5 / 0 with variants; the whole graph on the embedded model 30 / 0 / 0 (median 5.6 s a
case, at 7d5fe34).

The part ``fresh 9`` (ids ``f3_``, tags ``people`` and ``fresh9``; the part's name is shared
with the trip's ninth set) is insurance's third set of 30 emails written blind, from the
README's insurance part, the seed's design, ``quote_request.py``, ``validation.py``, the
benches and three ``f_`` cases for the label format, never the other cases, the reader, the
planner or their tests. Its writers: a retired widower's formal letter, a mother writing for
her daughter at college (her own birth date below), a handyman's van in business use, a
recent immigrant who writes her name family name first and then as her green card has it, a
wife forwarding her husband's email, a web form pasted with tabs, one lower-case paragraph, a
bulleted list, a couple with the wife listed first, one driver with two cars, a Briton who
says his dates are day first, a phone's lower-case email with ``3-7-1995`` dates, a reply
sent from a phone with the licence date, an office signature with its ZIP, a night nurse
who is separated; names with particles, hyphens, an apostrophe and an accent (``van der
Meer``, ``De la Cruz``, ``O'Donnell-Reyes``, ``Tomás``); dates written ISO, US, with
dashes, month names first and last, ``Jan. 9``, ``the 2nd of March`` and a month alone
(read as its first day). 17 should start the quote, 9 ask the customer (a VIN with two
characters swapped, a VIN of 18 characters, no marital status, an Ohio address with a
Florida ZIP, "driving a good 20 years", a licence date to come, a first name alone, an age
instead of a birth date, a second car whose VIN comes later) and 4 go to the agency (a
claim, a cancellation, a homeowners quote, a question about a renewal's premium). Tag
``misread`` marks the 11 written to be easy to misread: a purchase date, an accident and a
ticket, or a forwarded header's date before the birth date, a mother's and a spouse's
dates beside the driver's, the family name written first, day-first dates, an office ZIP, a
claim with every field of a quote, and two questions (the swapped VIN, the other state's
ZIP). Every VIN that should be read decodes in ``vin``'s vPIC data and passes its check
digit, the two that should be asked fail it or have 18 characters; every ZIP is active in
``zipcodes`` (all in Ohio, Pennsylvania, Texas and California but the Florida one); each
date was checked against the driver age and licence rules on 2026-11-29. ``missing`` is
labelled only where one field is asked and the set's labels name it (``license_date``,
``marital_status``, ``zip_code``). Measured once, blind, on 2026-11-29 at a8811f3, totals
only (``--part "fresh 9"``), right / refused / silent wrong: as written 17 / 8 / 5; with the
phrasing variants 131 / 65 / 37 of 233; the whole graph to its first planned step (``python
-m bench.quality --agent insurance --tag fresh9``) on the embedded model 17 / 8 / 5 (median
9.4 s a case). No case was changed after. Measured again after the round on ``fresh 2 read``,
still blind (at 056e439): as written 18 / 6 / 6, with variants 139 / 48 / 46: that round read
more emails but answered some of these wrongly where they had been refused. From 2026-11-29
it is ``fresh 9 read`` (tag ``read`` added), read and tuned on while a fourth set (part
``fresh 10``, tag ``fresh10``) is written blind.

The part ``fresh 10`` (ids ``f4_``, tags ``people`` and ``fresh10``) is insurance's fourth
set of 30 emails written blind, from the README's insurance part, the seed's design,
``quote_request.py``, ``validation.py``, the benches and three ``f_`` cases for the label
format, never the other cases, the reader, the planner or their tests. Its writers: a retired
schoolteacher's formal letter, a mother writing for her son at college (her own birth date
below his), a plumber's cargo van in business use with his shop's signature, a recent
immigrant from Nigeria with a day-first birth date and a Nigerian licence before her Texas
one, a bulleted list, a long one-paragraph email, a phone's lower-case email answered from
the phone with the licence date, a son forwarding his father's email (a header's date
first), a web form pasted with a purchase date above the birth date, a couple with the
husband's dates first, one driver with two cars, a dictated note, a German's dotted
day-first dates, an office signature with its ZIP, an accident's and a current policy's end
date before the birth date, a reply that gives the marital status with a year; names with a
particle and hyphens (``von Hagen``, ``Anne-Sophie Lefebvre-Marchand``, ``Simmons-Reed``,
``Sun-Hee``); dates written US, ISO, with dashes, dots and year-first slashes, month names
first and last, ``the 14th of February, 1949`` and a month alone (read as its first day).
18 should start the quote, 8 ask the customer (a VIN with two characters swapped, no
marital status, a street address without its ZIP, 30 February, a ZIP that does not exist,
a licence plate instead of a VIN, no name anywhere, a car not yet delivered with neither
VIN nor licence date) and 4 go to the agency (a hail claim, a cancellation that gives every
field of a quote, an ex-husband to take off a policy, a declarations page for a lender).
Tag ``misread`` marks the 11 written to be easy to misread. Every VIN that should be read
decodes in ``vin``'s vPIC data and passes its check digit, the mistyped one fails it; every
ZIP is active in ``zipcodes`` (Ohio, Pennsylvania, Texas, California, New York) but the one
that should be asked; each date was checked against the driver age and licence rules on
2026-11-29. ``missing`` is labelled only where one field is asked and the set's labels name
it (``marital_status``, ``zip_code``); where the VIN is missing or mistyped, ``use`` and
``vins`` are not labelled. Measured once, blind, on 2026-11-29 at 4c0d144, totals only
(``--part "fresh 10"``), right / refused / silent wrong: as written 19 / 3 / 8; with the
phrasing variants 129 / 33 / 53 of 215; the whole graph to its first planned step (``python
-m bench.quality --agent insurance --tag fresh10``) on the embedded model 19 / 3 / 8 (median
6.3 s a case). No case was changed after. Measured again after the round on ``fresh 9 read``,
still blind: 21 / 2 / 7 as written, 142 / 26 / 47 with variants; from 2026-11-29 it is ``fresh
10 read`` (tag ``read`` added), read and tuned on while a fifth set is written blind: the round
that read it added the coverage check (:mod:`agentdesk.domains.insurance.agent.unread`) and
took it to 30 / 0 / 0 as written, 205 / 10 / 0 with variants, 30 / 0 / 0 through the whole
graph.

The part ``fresh 11`` (ids ``f5_``, tags ``people`` and ``fresh11``) is insurance's fifth
set of 30 emails written blind, from the README's insurance part, the seed's design,
``quote_request.py``, ``validation.py``, this docstring and three ``f4_`` cases for the label
format, never the other cases, the reader, the planner or their tests. Its writers: a
trucker's terse text about his own pickup (his CDL's date below his first licence's), a
great-granddaughter typing for a woman who turns 100 that day, a lawyer's letter with dates
in words and a bar admission date, a baker's delivery van and own car in one quote, a
Vietnamese and a Polish writer's English with day-first dates (``25/08/1988``,
``23.11.1987``), a customer who corrects her VIN in a second paragraph, a reply above the
agency's quoted question (which lists every marital status), ``key: value`` lines, a pasted
spreadsheet table, a married couple of two women, a sergeant's ``14 FEB 1985`` dates, an
engaged customer who is still single, "my license on my 16th birthday" (the licence date is
that birthday), an Indian English "kindly revert" with ``07-Aug-1991``, a lease turned in
the day the new car comes (both VINs given), a separated customer whose divorce is not final
beside a competitor's price and renewal date, an all-capitals phone email. 18 should start
the quote, 8 ask the customer (a learner's permit with the road test to come, a licence
dated the day before the 16th birthday, the VIN's last six characters, a student abroad with
a UK address and her home city without its ZIP, a form's blank marital status, a birthday
without its year, a VIN "in the attached photo", a wife who drives but does not know her
licence date) and 4 go to the agency (a breakdown on the highway, a replaced card for
autopay, a daughter to add to an existing policy with all her dates, cover for a drive to
Mexico). Tag ``misread`` marks the 12 written to be easy to misread. Every VIN that should be
read decodes in ``vin``'s vPIC data and passes its check digit (the one corrected away fails
it); every ZIP is active in ``zipcodes`` (Ohio, Pennsylvania, Texas, California, New York);
each date was checked against the driver age and licence rules on 2026-11-29 (a month alone
read as its first day). ``missing`` is labelled only where one field is asked and the set's
labels name it (``license_date``, ``zip_code``, ``marital_status``); where the VIN is missing,
``use`` and ``vins`` are not labelled, nor the dates a question is about. Measured once,
blind, on 2026-11-29 at 7047bf9, totals only (the whole bench, no ``--part``), right /
refused / silent wrong: as written 12 / 13 / 5; with the phrasing variants 89 / 111 / 38 of
238; the whole graph to its first planned step (``python -m bench.quality --agent insurance
--tag fresh11``) on the embedded model 12 / 13 / 5 (median 2.1 s a case). No case was changed
after. Measured again, still blind, after the round on ``fresh 10 read`` and its coverage check
(at a0e44b9): as written 13 / 14 / 3, with variants 99 / 118 / 21, the whole graph 13 / 14 / 3.
From the second session of 2026-11-29 on it is ``fresh 11 read`` (tag ``read`` added), read and
tuned on while a sixth set (part ``fresh 12``, tag ``fresh12``) is written blind. After that
round: as written 28 / 2 / 0, with variants 215 / 23 / 0, the whole graph 28 / 2 / 0 (a lease
turned in, whose VIN may be the car not to quote, and a learner's permit are asked).

The part ``fresh 12`` (ids ``f6_``, tags ``people`` and ``fresh12``) is insurance's sixth
set of 30 emails written blind, from the README's insurance part, the seed's design, the
agent's schemas and state, ``quote_request.py``, ``validation.py``, the carrier, this
docstring and three ``f5_`` cases for the label format, never the other cases, the reader,
the planner or their tests. Its writers: a speech-to-text note with its punctuation spoken
and its dates, ZIP and VIN said in words and single letters, a wife who lists her husband's
dates above her own, a shopper whose renewal, years with his insurer and purchase dates come
before his birth date, an analyst whose office address and ZIP are in her signature, a
customer who sends two VINs and asks for one car only (the other is sold, "do NOT include
it"), a retired firefighter who used to commute, a young woman who corrects her birth date
in the same sentence, a reply above the customer's own request of two years before (the
quoted email gives the old car, ZIP and marital status), a rancher's farm truck, a realtor's
minivan in business use, a Brazilian who says his dates are day first, a widower's letter
("since my wife passed away"), a web form with its co-applicant and second-vehicle lines
blank, a one-line lower-case email, a reply "single, never been married", a chatty email
that hedges on its VIN and licence date, a student of 19, a professor's ordinal dates with a
licence from another state; ZIPs in all six states the carrier writes. 18 should start the
quote, 8 ask the customer (a VIN with a B for an 8, a form's blank licence date, a renewed
licence's issue date alone, "I live with my partner" and no marital status, a work ZIP while
the car is kept in a town named without its ZIP, a licence date in 2028, a car not yet
bought, a husband who gives his wife's licence date but not his own) and 4 go to the agency
(a cracked windshield, a traded-in car to swap on a policy with its new VIN, an insurance
card for the DMV, storage cover during a deployment). Tag ``misread`` marks the 13 written
to be easy to misread. Every VIN that should be read decodes in ``vin``'s vPIC data and
passes its check digit (the mistyped one fails it); every ZIP is active in ``zipcodes``, of
type ``STANDARD``, in a state the carrier writes (California, Illinois, New York, Ohio,
Pennsylvania, Texas); each date was checked against the driver age and licence rules on
2026-11-29. ``missing`` is labelled only where one field is asked and the set's labels name
it (``license_date``, ``zip_code``, ``marital_status``); where the VIN is missing or
mistyped, ``use`` and ``vins`` are not labelled, nor the dates a question is about. Measured
once, blind, on 2026-11-29 at 763d6c4, totals only (the whole bench, no ``--part``), right /
refused / silent wrong: as written 11 / 10 / 9; with the phrasing variants 76 / 85 / 70 of
231; the whole graph to its first planned step (``python -m bench.quality --agent insurance
--tag fresh12``) on the embedded model 11 / 10 / 9 (median 2.8 s a case). No case was
changed after. Measured again, still blind, after the round on ``fresh 11 read``: as written
12 / 11 / 7, with variants 82 / 94 / 55. From then on (the second session of 2026-11-29) it is
``fresh 12 read`` (tag ``read`` added), read and tuned on while a seventh set (part ``fresh
13``, tag ``fresh13``) is written blind. After that round: as written 19 / 11 / 0, with
variants 136 / 95 / 0, the whole graph on the embedded model 19 / 11 / 0.

The part ``fresh 13`` (ids ``f7_``, tags ``people`` and ``fresh13``) is insurance's seventh
set of 30 emails written blind, from the README's insurance part, the seed's design, the
agent's schemas and state, ``quote_request.py``, ``validation.py``, the carrier, this
docstring and three ``f6_`` cases for the label format, never the other cases, the reader,
the planner or their tests. Its writers: a terse slash-separated line, a widow's formal
letter (a middle name, ordinal dates), a wife whose husband no longer drives (his dates
first), a shopper whose policy's end and purchase dates come first, a nurse whose hospital
ZIP is in her signature, a "NOT used for work" and "never married" email, a customer who
"used to" commute and "used to" be married, a ZIP corrected in the same email, a reply above
the customer's own email of two years before (old car, ZIP and marital status), a mother
writing for her daughter at college (her own birth date first), a Frenchman's day-first
dates, dates and ZIP in words, a dog groomer's van in business use, a lower-case email with
emoji and a lower-case VIN, one driver with two cars, a couple who both drive, a phone's
lower-case email with ``7-4-1995`` dates answered by a reply that gives the marital status,
a Filipina's ``po`` form; names with a particle and a hyphen (``Dela Rosa``,
``Reyes-Park``). 18 should start the quote, 8 ask the customer (a VIN with an O for a 0, a
form's blank licence date beside the form's own date, a car kept in a town named without
its ZIP beside an office ZIP, no marital status, a VIN of 16 characters, a son who will
drive with no dates, "driving since I was 17", an age instead of a birth date) and 4 go to
the agency (a deer claim that gives every field of a quote, a payment date to move, proof
of cover for a rental car, a cancellation before moving abroad that says it wants no
quote). Tag ``misread`` marks the 12 written to be easy to misread. Every VIN that should be
read decodes in ``vin``'s vPIC data and passes its check digit (the two to ask fail the form
check); every ZIP is active in ``zipcodes``, of type ``STANDARD``, in a state the carrier
writes (California, Illinois, New York, Ohio, Pennsylvania, Texas); each date was checked
against the driver age and licence rules on 2026-11-29 with ``validation``'s own checks.
``missing`` is labelled only where one field is asked and the set's labels name it
(``license_date``, ``zip_code``, ``marital_status``); where the VIN is missing or mistyped,
``use`` and ``vins`` are not labelled, nor the dates a question is about, nor a ``use`` the
email leaves open. Measured once, blind, on 2026-11-29 at 6b30d3a, totals only (the whole
bench, no ``--part``), right / refused / silent wrong: as written 16 / 11 / 3; with the
phrasing variants 114 / 87 / 23 of 224; the whole graph to its first planned step (``python
-m bench.quality --agent insurance --tag fresh13``) on the embedded model 16 / 11 / 3 (median
2.1 s a case). No case was changed after.
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
