"""Numbers and days of a month as people write them in words: one table for every reader.

The trip, bank, insurance, simulation and assistant readers all turn "three", "twenty" or
"the twenty-first" into digits. Each takes the range it reads from here (:func:`cardinals`
up to twelve, say, where a larger number in words is more likely part of something else)
instead of keeping its own copy of the words.
"""

from __future__ import annotations

__all__ = ["CARDINALS", "ONES", "ORDINAL_DAYS", "TEENS", "TENS", "cardinals"]

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
