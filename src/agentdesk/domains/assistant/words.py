"""Words compared up to their endings, and numbers written in words read as digits, for
the assistant's agent and its tool server alike.

The knowledge base picks a section's commands by the words of a query
(``tools/commands.py``); the agent picks the sentences of a passage it states and the
command a question asks for (``agent/excerpts.py``, ``agent/route.py``). Both read
"decision" in ``agentdesk decide`` the same way.
"""

from __future__ import annotations

import re

from agentdesk.numerals import CARDINALS

__all__ = ["alike", "digits"]


def alike(a: str, b: str) -> bool:
    """Same word up to its ending: ``failed``/``failing``/``failures``, ``retried``/``retry``,
    ``decide``/``decision``."""
    if a.startswith(b) or b.startswith(a):
        return min(len(a), len(b)) >= 3
    stem = max(4, min(len(a), len(b)) - 2)
    return len(a) >= stem and len(b) >= stem and a[:stem] == b[:stem]


_NUMBER_WORDS = {word: n for word, n in CARDINALS.items() if n <= 20}
_NUMBER_WORD = re.compile(r"(?<![\w-])(" + "|".join(_NUMBER_WORDS) + r")(?![\w-])", re.I)


def digits(text: str) -> str:
    """``text`` with its numbers in words as digits: past three by text2num ("thirty" is 30,
    "three thousand" is 3000, "twenty-one" is 21, "fifth" is 5th), then a cardinal alone up
    to twenty by the table above ("one" is 1); a smaller ordinal ("first") stays a word."""
    from text_to_num import alpha2digit

    return _NUMBER_WORD.sub(lambda m: str(_NUMBER_WORDS[m.group(1).lower()]),
                            str(alpha2digit(text, "en")))
