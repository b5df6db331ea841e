"""The marital status an email says: the one the reader takes, and every place one is said.

The reader takes the first status of :data:`MARITAL` the email says anywhere; the coverage
check (:mod:`.unread`) asks about a sentence that says another, so an email that says two
("divorced in 2015, remarried since") is asked, never quoted on the first one listed.
"""

from __future__ import annotations

import re

__all__ = ["DIED", "MARITAL", "SPOUSE", "marital_status", "statuses_said"]

SPOUSE = "spouse"
"""What :func:`statuses_said` calls a spouse named ("my wife"): the reader takes it as
married, but a widow, a separated or a divorced writer names one too."""

_SPOUSE = r"\b(?:my|our)\s+(?:wife|husband|spouse)\b"
DIED = (r"(?:passed\s+away|passed\s+on|passed\s+(?:in|last|this|\w+\s+years?\s+ago)\b|died|"
        r"is\s+deceased)\b")
"""Words that say a person died ("passed away", "passed in 2011"); never "passed her road
test"."""
MARITAL: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(?:not|never)\s+(?:been\s+|got\s+|gotten\s+)?married\b|"
                r"\bsingle\b(?![\s-]+(?:car|vehicle|truck|family|driver|"
                r"payment|policy|trip|day|time|cab|ticket|accident|claim|person|lane|digit)s?\b)|"
                r"\bunmarried\b|\bsolter[oa]\b", re.I), "single"),
    (re.compile(r"\bdomestic\s+partner", re.I), "domestic_partner"),
    (re.compile(r"\bdivorced\b|\bdivorciad[oa]\b", re.I), "divorced"),
    (re.compile(r"\bwidow(?:ed|er)?\b|\bviud[oa]\b|\blate\s+(?:wife|husband|spouse)\b|"
                r"\b(?:wife|husband|spouse)\b(?:\s+[A-Z][a-z'-]+)?(?:\s+(?:has|had))?\s+"
                + DIED, re.I), "widowed"),
    (re.compile(r"\bseparated\b|\bseparad[oa]\b", re.I), "separated"),
    (re.compile(r"\b(?:re-?)?married\b|\bcasad[oa]\b", re.I), "married"),
    (re.compile(_SPOUSE, re.I), SPOUSE),
]
"""Each status with the words that say it, in the order the reader prefers them: a
spouse who passed ("my husband Harold passed in 2011") is a widow's, before "my husband"
is a married writer's."""
_TO_COME = re.compile(r"\b(?:getting|get|will\s+be|going\s+to\s+be|to\s+be)\s+$", re.I)
"""Words before a status that put it ahead ("we are getting married on 06/12/2027"): not
the status now."""


def statuses_said(text: str) -> list[tuple[int, str]]:
    """Where ``text`` says a status now, and which: each span once, taken by the first
    status of :data:`MARITAL` whose words cover it ("not married" is single, not married)."""
    spans: list[tuple[int, int, str]] = []
    for pattern, status in MARITAL:
        for match in pattern.finditer(text):
            if not any(a < match.end() and match.start() < b for a, b, _ in spans) and \
                    not _TO_COME.search(text[max(0, match.start() - 40):match.start()]):
                spans.append((match.start(), match.end(), status))
    return sorted((start, status) for start, _, status in spans)


def marital_status(text: str) -> str | None:
    """The status the reader takes: the first of :data:`MARITAL` ``text`` says, a spouse
    named being married."""
    said = {status for _, status in statuses_said(text)}
    return next(("married" if status == SPOUSE else status
                 for _, status in MARITAL if status in said), None)
