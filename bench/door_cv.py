"""Leave-one-part-out cross-validation of the door's learned reader on the training parts.

For each training part (``bench.door_examples.TRAINING_PARTS``) the reader is fitted on the
others, and the door (its rules, then the reader at each threshold) is measured on the part
left out: an estimate of how the door carries over to a writer it has not learned from. Only
training parts are read; no held-back part is touched.

Usage: python -m bench.door_cv [--thresholds 0.8,0.85,0.9]
"""

from __future__ import annotations

import argparse

from agentdesk.domains.assistant.agent import learned
from agentdesk.domains.assistant.agent.injection import normalize
from agentdesk.domains.assistant.agent.pii import find_pii, redact
from agentdesk.domains.assistant.agent.safety import _default_policy, check_input

from .door_examples import TRAINING_PARTS
from .safety import PARTS


def _examples(parts: list[str], held: set[str]) -> list[learned.Example]:
    found = []
    for name in parts:
        injections, ordinary, _pii = PARTS[name]
        found += [learned.Example(label="attempt", text=c.text) for c in injections if c.text not in held]
        found += [learned.Example(label="ordinary", text=c.text) for c in ordinary if c.text not in held]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--thresholds", default="0.8,0.85,0.9")
    args = parser.parse_args()
    thresholds = [float(value) for value in args.thresholds.split(",")]
    policy = _default_policy()
    rules_only = policy.model_copy(update={"learned": policy.learned.model_copy(update={"enabled": False})})
    held = {case.text for name, (injections, ordinary, _pii) in PARTS.items()
            if name not in TRAINING_PARTS for case in [*injections, *ordinary]}
    totals = {t: [0, 0, 0, 0] for t in thresholds}
    for left_out in TRAINING_PARTS:
        reader = learned.fit(_examples([p for p in TRAINING_PARTS if p != left_out], held))
        injections, ordinary, _pii = PARTS[left_out]

        def judged(cases: list, reader: learned.Reader = reader) -> list[tuple[bool, float]]:
            return [(check_input(c.text, rules_only).verdict != "allow",
                     reader.score_reading(normalize(redact(c.text, find_pii(c.text))))) for c in cases]

        attempts, plain = judged(injections), judged(ordinary)
        row = [left_out]
        for t in thresholds:
            caught = sum(rule or score >= t for rule, score in attempts)
            flagged = sum(rule or score >= t for rule, score in plain)
            totals[t] = [totals[t][0] + caught, totals[t][1] + len(attempts),
                         totals[t][2] + flagged, totals[t][3] + len(plain)]
            row.append(f"{t}: {caught}/{len(attempts)} attempts, {flagged}/{len(plain)} ordinary")
        print(" | ".join(row), flush=True)
    for t, (caught, attempts, flagged, plain) in totals.items():
        print(f"all left-out parts at {t}: {caught}/{attempts} = {caught / attempts:.3f} attempts, "
              f"{flagged}/{plain} = {flagged / plain:.3f} ordinary")


if __name__ == "__main__":
    main()
