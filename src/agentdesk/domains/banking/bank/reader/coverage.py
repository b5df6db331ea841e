"""What the reader did not read: every word of a question is accounted for.

A word is *read* when a mention covers it (a table, a column, a value, a date, a
comparison, a threshold, a missing value, the words a pattern used), or it is *filler*:
a word that carries no filter, comparison or number in a question to the bank ("how",
"many", "the", "do", "we", "have"). Every other word is *unread*; runs of them are the
phrases :func:`unread` reports. A number, a negation, an unknown word or a sign of a count or a comparison ("#", "+",
">") is never filler, so "at least 3 cards", "not in California" or "# of loans" cannot be
dropped without being reported.
"""

from __future__ import annotations

import re

from .phrases import Reading

__all__ = ["FILLER", "unread"]

FILLER = frozenset(["a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "per", "each", "every", "all", "any", "some", "this", "that", "these", "those", "there", "here", "it", "its", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "have", "has", "had", "having", "will", "would", "can", "could", "should", "shall", "may", "might", "must", "please", "show", "me", "us", "we", "our", "i", "you", "your", "my", "list", "give", "tell", "what", "what's", "whats", "which", "who", "whom", "whose", "how", "many", "much", "number", "count", "counts", "tally", "total", "sum", "overall", "average", "avg", "mean", "value", "amount", "and", "or", "as", "with", "across", "broken", "down", "per", "currently", "current", "right", "now", "today", "ever", "so", "far", "together", "respectively", "find", "get", "see", "return", "display", "pull", "look", "up", "report", "largest", "biggest", "highest", "maximum", "max", "smallest", "lowest", "minimum", "min", "most", "least", "fewest", "top", "bottom", "largest", "most", "expensive", "cheapest", "made", "make", "making", "happened", "occurred", "recorded", "posted", "held", "hold", "holds", "holding", "own", "owns", "owned", "owning", "live", "lives", "living", "reside", "resides", "residing", "located", "based", "belong", "belongs", "belonging", "sit", "sits", "exist", "exists", "existing", "registered", "record", "records", "row", "rows", "entries", "entry", "data", "info", "information", "details", "detail", "database", "bank", "bank's", "bank’s", "kinds", "kind", "sorts", "sort", "type", "types", "category", "categories", "year", "years", "yearly", "month", "months", "monthly", "annually", "date", "dates", "time", "money", "dollars", "usd", "they", "them", "their", "ones", "among", "amongst", "break",
                    "breakdown", "still", "yet", "pls", "plz", "summarise", "summarize", "calendar",
                    "reported", "got", "hi", "hello", "hey", "r", "u", "ur", "need", "needs",
                    "want", "wants", "combined"])
"""Words that carry no filter, comparison or number in a question to the bank ("loans
still active", "not paid off yet": the status is the filter, now as ever)."""

_NEGATIONS = frozenset({"not", "no", "never", "without", "except", "excluding", "none",
                        "nor", "neither", "missing", "lacking", "lack", "n't"})
_WORD = re.compile(r"\$?\d+(?:,\d{3})+(?:\.\d+)?%?|[a-z0-9$%]+(?:['’][a-z]+)?|n['’]t|[#+<>=~≤≥]")
"""A word, a number, or a sign that says a count or a comparison ("# of", "3+", "> 5")."""


_CONTRACTION = re.compile(r"^(\w+)['’](?:ve|re|ll|d|m)$")
"""A word with its auxiliary: "we've", "they're", "I'd" are filler when the word is."""
_SUPERLATIVE = r"(?:largest|biggest|highest|smallest|lowest|most|least)"
_FILLER_PHRASES = re.compile(
    rf"\b(?:out there|on the books|at (?:the|this) moment|single(?=\s+{_SUPERLATIVE}\b)|"
    rf"{_SUPERLATIVE}\s+single|good (?:morning|afternoon|evening)|quick (?:one|1|question|q)\b"
    r"|(?:many\s+)?thanks(?:\s+(?:a\s+lot|so\s+much|in\s+advance))?|thx|ty|cheers"
    r"|fully(?=\s+(?:paid|repaid)\b)|\bw/(?=\s)"
    r"|^\W*(?:ok|okay)(?=\s*[,!.]|\s+(?:ty|thx|thanks|thank\s+you)\b)"
    r"|thank\s+you(?:\s+(?:so\s+much|very\s+much|in\s+advance))?"
    r"|(?:went|gone|go|goes|going|fell|fallen)\s+(?:into|through)(?=\s+\w)"
    r"|(?:due|set|scheduled|slated|going)\s+to(?=\s+(?:expire|close|be\s+closed)\b)"
    r"|(?:split|split\s+out|broken\s+out|grouped|segmented|bucketed)(?=\s+by\b)"
    r"|into(?=\s+\w))")
"""Phrases that carry nothing, though their words may ("cards out there", "loans on the
books", "the single largest deposit" or "the largest single deposit" but not "a single
account", "loans that went into default", "went through the online channel": what follows
says it), greetings ("good morning", "quick question") and thanks ("thanks in advance",
"thank you", "ty", a lead-in "ok," or "ok thanks" but not Oklahoma's "OK"), "fully" of a loan paid off (as paid off as it can be), "w/" as "with" (not "w/o"), the time to come of a date verb ("due to expire in 2027": the date says when),
a breakdown's verb ("split by segment": "by" says it) and where money went ("deposits into
savings accounts": what follows says it)."""


def _is_filler(word: str) -> bool:
    if word in _NEGATIONS or word.endswith(("n't", "n’t")):
        return False
    short = _CONTRACTION.match(word)
    return word in FILLER or word.rstrip("'’s") in FILLER or bool(short and short.group(1)
                                                                 in FILLER)


def unread(reading: Reading, ignored: list[tuple[int, int]] | None = None) -> list[str]:
    """The phrases of the question no mention covers and that are not filler, in order.

    ``ignored`` spans are words a mention found but the plan does not use ("the average"
    of a plan that counts, "merchants" of a plan not per merchant): they are unread too."""
    low = reading.text.lower()
    spans = sorted([(m.start, m.end) for m in reading.mentions]
                   + [m.span() for m in _FILLER_PHRASES.finditer(low)])
    dropped = ignored or []
    phrases: list[list[str]] = []
    last_end = -1
    for match in _WORD.finditer(low):
        start, end = match.span()
        if not any(s <= start and end <= e for s, e in dropped) and (
                any(s <= start and end <= e for s, e in spans) or _is_filler(match.group())):
            continue
        between = low[last_end:start] if last_end >= 0 else ""
        if phrases and last_end >= 0 and not re.search(r"[^\s'’-]", between):
            phrases[-1].append(reading.text[start:end])
        else:
            phrases.append([reading.text[start:end]])
        last_end = end
    return [" ".join(words) for words in phrases]
