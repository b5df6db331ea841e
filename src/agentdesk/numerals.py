"""Numbers and days of a month as people write them in words: one table for every reader.

The trip, bank, insurance, simulation and assistant readers all turn "three", "twenty" or
"the twenty-first" into digits. Each takes the range it reads from here (:func:`cardinals`
up to twelve, say, where a larger number in words is more likely part of something else)
instead of keeping its own copy of the words.
"""

from __future__ import annotations

import re

__all__ = ["CARDINALS", "ONES", "ORDINAL_DAYS", "TEENS", "TENS", "cardinals", "year_in_words"]

ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

CARDINALS: dict[str, int] = {"zero": 0,
                             **{word: n for n, word in enumerate(ONES, 1)},
                             **{word: n for n, word in enumerate(TEENS, 10)},
                             **{word: 10 * n for n, word in enumerate(TENS, 2)}}
"""Every number word that stands alone, zero to nineteen and the tens to ninety, in order
("twenty-one" is two of them)."""


def cardinals(upto: int) -> dict[str, int]:
    """The number words from one to ``upto``, in order."""
    return {word: n for word, n in CARDINALS.items() if 1 <= n <= upto}


def year_in_words(said: str) -> int | None:
    """A year as people say it: "twenty twenty five" is 2025, "nineteen ninety nine" 1999,
    "twenty oh five" 2005, "two thousand and twenty-seven" 2027; None where the words are a
    number rather than a year ("twenty five") or not number words at all."""
    words = [w for w in re.split(r"[\s-]+", said.lower().strip()) if w != "and"]
    if words[:2] == ["two", "thousand"]:
        century, rest = 20, words[2:]
    elif words[:1] in (["nineteen"], ["twenty"]):
        century, rest = CARDINALS[words[0]], [w for w in words[1:] if w != "oh"]
        if len(rest) == 1 and rest == words[1:] and CARDINALS.get(rest[0], 10) < 10:
            return None  # "twenty five": a number
    else:
        return None
    if not rest or any(w not in CARDINALS for w in rest):
        return None
    return century * 100 + sum(CARDINALS[w] for w in rest)


_ORDINAL_ONES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                 "ninth")
_ORDINAL_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
                  "sixteenth", "seventeenth", "eighteenth", "nineteenth")

ORDINAL_DAYS: dict[str, int] = {
    **{word: n for n, word in enumerate(_ORDINAL_ONES, 1)},
    **{word: n for n, word in enumerate(_ORDINAL_TEENS, 10)},
    "twentieth": 20,
    **{f"twenty{joint}{word}": 20 + n for n, word in enumerate(_ORDINAL_ONES, 1)
       for joint in "- "},
    "thirtieth": 30, "thirty-first": 31, "thirty first": 31}
"""A day of the month in words, in order: "the fourth", "the twenty-fourth", "the twenty
fourth" (a compound day with a hyphen or a space)."""
