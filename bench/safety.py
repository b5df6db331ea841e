"""The assistant's ingress policy measured on labelled sets (``bench/safety_sets.py``).

Prints the detection rate (injection attempts refused or sent to a person), the
false-positive rate (ordinary requests not allowed through), the misses per
category, and how the PII set was redacted.

Each set is reported in parts. ``tuned`` is what the rules were tuned on. The others
were each written before a round of rule changes; ``seen 1`` and ``seen 3`` are held-back
parts whose misses were read and tuned on in the third round (``bench/safety_held.py``,
and ``bench/safety_held3.py``, which was written blind and measured blind once), so they
now show what tuning reached, not how the door does on new text. ``held back 2``
(``bench/safety_held2.py``, written by someone who had read the detectors) and ``held back
4`` (``bench/safety_held4.py``, written blind to the detectors and every other set, its
attempts' and ordinary requests' misses never read) were never tuned on; held back 4's PII
texts were read and tuned on once the learned reader was in (2026-11-28). ``held back 5`` (``bench/safety_held5.py``) was
written blind too, by a new person, and never tuned on. ``bench/safety_held6.py`` was
written blind by another new person and measured once whole (140 attempts, 200 ordinary
requests, 30 PII texts: 78.6 % flagged, 4.0 % of ordinary flagged); half of it was then
read and tuned on, its other half measured blind (55 of 70, 4 of 100), and once ``held
back 7`` was written all of it became ``seen 6`` (2026-11-28). ``bench/safety_held7.py``
(120 attempts, 160 ordinary requests, 20 PII texts) was written blind by yet another person
and measured blind (104 of 120 attempts, 6 of 160 ordinary flagged, at a33eee8); from
2026-11-29 it is ``seen 7``, read and tuned on. ``bench/safety_held8.py``
(120 attempts, 160 ordinary requests, 20 PII texts) was written blind by another new person
while the door was tuned on seen 7, and measured blind before that round (e9fcd82: 110 of
120 attempts flagged, 4 of 160 ordinary, 14 of 20 PII texts exact, 1 value left) and after
it (38a8444: 110 of 120, 4 of 160, 15 of 20, 1 left); from then on it is ``seen 8``, read
and tuned on. ``bench/safety_held9.py`` (120 attempts, 160 ordinary requests, 20 PII texts)
was written blind by another new person and measured blind at edd2e1f (2026-11-29): 110 of
120 attempts flagged (91.7 %, 66 refused outright), 7 of 160 ordinary requests flagged
(4.4 %), 16 of 20 PII texts redacted exactly as labelled, no value left, no ordinary word
lost; after the round beside it (a90b1f8) 109 of 120 and 7 of 160. From then on it is ``seen
9``, read and tuned on. ``bench/safety_held10.py`` (120 attempts, 160 ordinary requests, 20
PII texts) was written blind by another new person beside the round on seen 9 and measured
blind before and after that round (401f6a5, 2026-11-29: 113 of 120 attempts flagged, 94.2 %,
73 refused outright; 5 of 160 ordinary requests flagged, 3.1 %; 16 of 20 PII texts redacted
exactly as labelled, 1 value left, no ordinary word lost; after it 113 -> 115 of 120, 5 -> 4
of 160, PII unchanged); from 2026-11-29 it is ``seen 10``, read and tuned on.
``bench/safety_held11.py`` (120 attempts, 160 ordinary requests, 20 PII texts) was written
blind by yet another person beside the round on seen 10 and measured blind before it (e6849bb, 2026-11-29: 109 of 120
attempts flagged, 90.8 %, 64 refused outright; 6 of 160 ordinary requests flagged, 3.8 %; 14
of 20 PII texts redacted exactly as labelled, 2 values left, no ordinary word lost) and after
it (109 of 120, 7 of 160, 14 of 20, 1 value left); from 2026-11-29 it is ``seen 11``, read and
tuned on. ``bench/safety_held12.py`` (120 attempts, 160
ordinary requests, 20 PII texts) was written blind by yet another person beside the round on
seen 11 and measured blind once, whole, before it (55e0cf7, 2026-11-29: 111 of 120 attempts
flagged, 3 of 160 ordinary requests flagged, 11 of 20 PII texts redacted exactly as labelled, 1
value left, 5 ordinary words lost) and after it (the same); from the second session of
2026-11-29 it is ``seen 12``, read and tuned on. ``bench/safety_held13.py`` (120 attempts, 160
ordinary requests, 20 PII texts, of kinds the twelfth lacks) was written blind by yet another
person beside the round on seen 12 and measured blind once, whole, before it (64c6ed1,
2026-11-29: 109 of 120 attempts flagged, 2 of 160 ordinary requests flagged, 11 of 20 PII texts
redacted exactly as labelled, 1 value left, 6 ordinary words lost) and after it (110 of 120, 2
of 160, 12 of 20, 1 value left, no word lost); from the second session of 2026-11-29 it is
``seen 13``, read and tuned on (round fourteen). ``held back 14`` (``bench/safety_held14.py``,
120 attempts, 160 ordinary requests, 20 PII texts, of kinds neither the twelfth nor the
thirteenth lists) was written blind by yet another person beside round fourteen and measured
blind once, whole, before it (its figures are in its docstring) and again after it. ``held
back 4``, ``held back 5`` and ``held back 14`` are the honest measures, with whatever set is
written blind next.

The door's learned reader (``agentdesk.domains.assistant.agent.learned``) is fitted on
the attempts and ordinary requests of ``tuned``, ``seen 1``, ``seen 3``, ``seen 6``, ``seen 7``,
``seen 8``, ``seen 9``, ``seen 10``, ``seen 11``, ``seen 12``, ``seen 13`` and ``train``
(``bench/safety_train.py``, attempts and hard look-alikes written to learn from, and the
learning halves of ``bench/safety_everyday.py`` and ``bench/safety_technical.py``);
``bench.door_examples`` writes them out. No held-back part is learned from; ``held back
everyday`` and ``held back technical`` are the other halves of the everyday requests and
of the pasted technical text, which only the false-positive rate reads.

Usage: python -m bench.safety [--verbose [--part tuned]]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from dataclasses import dataclass, field

from agentdesk.domains.assistant.agent.safety import SafetyVerdict, check_input

from .safety_everyday import EVERYDAY_HELD, EVERYDAY_TRAIN
from .safety_held import HELD_INJECTIONS, HELD_ORDINARY, HELD_PII
from .safety_held2 import HELD2_INJECTIONS, HELD2_ORDINARY, HELD2_PII
from .safety_held3 import HELD3_INJECTIONS, HELD3_ORDINARY, HELD3_PII
from .safety_held4 import HELD4_INJECTIONS, HELD4_ORDINARY, HELD4_PII
from .safety_held5 import HELD5_INJECTIONS, HELD5_ORDINARY, HELD5_PII
from .safety_held6 import HELD6_INJECTIONS, HELD6_ORDINARY, HELD6_PII
from .safety_held7 import HELD7_INJECTIONS, HELD7_ORDINARY, HELD7_PII
from .safety_held8 import HELD8_INJECTIONS, HELD8_ORDINARY, HELD8_PII
from .safety_held9 import HELD9_INJECTIONS, HELD9_ORDINARY, HELD9_PII
from .safety_held10 import HELD10_INJECTIONS, HELD10_ORDINARY, HELD10_PII
from .safety_held11 import HELD11_INJECTIONS, HELD11_ORDINARY, HELD11_PII
from .safety_held12 import HELD12_INJECTIONS, HELD12_ORDINARY, HELD12_PII
from .safety_held13 import HELD13_INJECTIONS, HELD13_ORDINARY, HELD13_PII
from .safety_held14 import HELD14_INJECTIONS, HELD14_ORDINARY, HELD14_PII
from .safety_sets import INJECTIONS, LATE_INJECTIONS, LATE_ORDINARY, ORDINARY, PII, Case, PiiCase
from .safety_technical import TECHNICAL_HELD, TECHNICAL_TRAIN
from .safety_train import TRAIN_INJECTIONS, TRAIN_ORDINARY
from .safety_tune import TUNE_INJECTIONS, TUNE_ORDINARY, TUNE_PII

__all__ = ["PARTS", "Measurement", "lost_words", "measure"]

_EARLY_INJECTIONS = [case for case in INJECTIONS if case not in LATE_INJECTIONS]
_EARLY_ORDINARY = [case for case in ORDINARY if case not in LATE_ORDINARY]

PARTS: dict[str, tuple[list[Case], list[Case], list[PiiCase]]] = {
    "tuned": (_EARLY_INJECTIONS + TUNE_INJECTIONS, _EARLY_ORDINARY + TUNE_ORDINARY, PII + TUNE_PII),
    "seen 1": (LATE_INJECTIONS + HELD_INJECTIONS, LATE_ORDINARY + HELD_ORDINARY, HELD_PII),
    "train": (TRAIN_INJECTIONS, TRAIN_ORDINARY + EVERYDAY_TRAIN + TECHNICAL_TRAIN, []),
    "held back 2": (HELD2_INJECTIONS, HELD2_ORDINARY, HELD2_PII),
    "seen 3": (HELD3_INJECTIONS, HELD3_ORDINARY, HELD3_PII),
    "held back 4": (HELD4_INJECTIONS, HELD4_ORDINARY, HELD4_PII),
    "held back 5": (HELD5_INJECTIONS, HELD5_ORDINARY, HELD5_PII),
    "seen 6": (HELD6_INJECTIONS, HELD6_ORDINARY, HELD6_PII),
    "seen 7": (HELD7_INJECTIONS, HELD7_ORDINARY, HELD7_PII),
    "seen 8": (HELD8_INJECTIONS, HELD8_ORDINARY, HELD8_PII),
    "seen 9": (HELD9_INJECTIONS, HELD9_ORDINARY, HELD9_PII),
    "seen 10": (HELD10_INJECTIONS, HELD10_ORDINARY, HELD10_PII),
    "seen 11": (HELD11_INJECTIONS, HELD11_ORDINARY, HELD11_PII),
    "seen 12": (HELD12_INJECTIONS, HELD12_ORDINARY, HELD12_PII),
    "seen 13": (HELD13_INJECTIONS, HELD13_ORDINARY, HELD13_PII),
    "held back 14": (HELD14_INJECTIONS, HELD14_ORDINARY, HELD14_PII),
    "held back everyday": ([], EVERYDAY_HELD, []),
    "held back technical": ([], TECHNICAL_HELD, []),
}
"""Every labelled case, by part: tuned on, seen (held back, then tuned on), held back."""

_WORD = re.compile(r"[^\W\d_]{2,}")


def lost_words(text: str, secrets: tuple[str, ...], redacted: str) -> list[str]:
    """Ordinary words of ``text`` missing from ``redacted``.

    A key block and every whitespace-separated token holding a labelled secret
    are the secret's, not ordinary words.
    """
    text = re.sub(r"-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----", " ", text)
    text = " ".join(token for token in text.split() if not any(s in token for s in secrets))
    for secret in secrets:
        text = text.replace(secret, " ")
    left = Counter(_WORD.findall(redacted))
    lost = []
    for word, count in Counter(_WORD.findall(text)).items():
        if left[word] < count:
            lost.append(word)
    return lost


@dataclass
class Measurement:
    """What one pass over the labelled sets found."""

    injections: int = 0
    detected: int = 0
    refused: int = 0
    ordinary: int = 0
    false_positives: int = 0
    missed: list[Case] = field(default_factory=list)
    flagged: list[tuple[Case, SafetyVerdict]] = field(default_factory=list)
    misses_by_category: Counter[str] = field(default_factory=Counter)
    totals_by_category: Counter[str] = field(default_factory=Counter)
    pii_cases: int = 0
    pii_exact: int = 0
    pii_leaks: list[str] = field(default_factory=list)
    pii_words_lost: list[str] = field(default_factory=list)
    pii_wrong: list[PiiCase] = field(default_factory=list)

    @property
    def detection_rate(self) -> float:
        return self.detected / self.injections if self.injections else 1.0

    @property
    def refusal_rate(self) -> float:
        return self.refused / self.injections if self.injections else 1.0

    @property
    def false_positive_rate(self) -> float:
        return self.false_positives / self.ordinary


def measure(injections: list[Case] = INJECTIONS, ordinary: list[Case] = ORDINARY,
            pii: list[PiiCase] = PII) -> Measurement:
    """Run the policy over labelled inputs (by default, every one)."""
    result = Measurement()
    for case in injections:
        verdict = check_input(case.text)
        result.injections += 1
        result.totals_by_category[case.category] += 1
        if verdict.verdict == "allow":
            result.missed.append(case)
            result.misses_by_category[case.category] += 1
        else:
            result.detected += 1
            result.refused += verdict.verdict == "refuse"
    for case in ordinary:
        verdict = check_input(case.text)
        result.ordinary += 1
        if verdict.verdict != "allow":
            result.false_positives += 1
            result.flagged.append((case, verdict))
    for item in pii:
        verdict = check_input(item.text)
        kinds = {reason.kind for reason in verdict.reasons if reason.action == "redact"}
        result.pii_cases += 1
        result.pii_exact += kinds == item.kinds
        if kinds != item.kinds:
            result.pii_wrong.append(item)
        result.pii_leaks += [s for s in item.secrets if s in verdict.redacted_text]
        result.pii_words_lost += lost_words(item.text, item.secrets, verdict.redacted_text)
    return result


def _report(name: str, m: Measurement, verbose: bool) -> None:
    print(f"== {name}")
    if m.injections:
        print(f"injection attempts: {m.injections}   detected (refuse or ask): {m.detected} "
              f"= {m.detection_rate:.3f}   refused outright: {m.refused} = {m.refusal_rate:.3f}")
    print(f"ordinary requests:  {m.ordinary}   not allowed: {m.false_positives} "
          f"= false-positive rate {m.false_positive_rate:.3f}")
    if m.injections:
        print("misses by category:")
        for category, total in sorted(m.totals_by_category.items()):
            print(f"  {category:<16} {m.misses_by_category[category]:>2} of {total}")
    if m.pii_cases:
        print(f"PII: {m.pii_exact} of {m.pii_cases} texts redacted exactly as labelled; "
              f"{len(m.pii_leaks)} values left in the redacted text; "
              f"{len(m.pii_words_lost)} ordinary words lost")
    if verbose:
        for case in m.missed:
            print(f"MISSED [{case.category}] {case.text!r}")
        for case, verdict in m.flagged:
            codes = ", ".join(f"{r.code}/{r.kind}" for r in verdict.reasons if r.action != "redact")
            print(f"FLAGGED [{case.category}] {verdict.verdict}: {codes}: {case.text!r}")
        for item in m.pii_wrong:
            print(f"PII WRONG {item.text!r}")
        for value in m.pii_leaks:
            print(f"PII LEAK {value!r}")
        for word in m.pii_words_lost:
            print(f"WORD LOST {word!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every miss and false positive")
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all",
                        help="which part to print in detail (a held-back part: look only when done)")
    args = parser.parse_args()
    for name, (injections, ordinary, pii) in PARTS.items():
        detail = args.verbose and args.part in (name, "all")
        _report(name, measure(injections, ordinary, pii), detail)


if __name__ == "__main__":
    main()
