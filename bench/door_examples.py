"""Write the door's learned reader's examples (``door_examples.jsonl``) from the labelled sets.

The reader (``agentdesk.domains.assistant.agent.learned``) is fitted on the attempts and
ordinary requests of the parts the door is tuned on (``TRAINING_PARTS`` of
``bench.safety.PARTS``). The held-back parts are never written here: they measure it.

Usage: python -m bench.door_examples [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from agentdesk.domains.assistant.agent import learned

from .safety import PARTS

__all__ = ["TRAINING_PARTS", "render"]

TRAINING_PARTS = ("tuned", "seen 1", "seen 3", "seen 6", "seen 7", "seen 8", "seen 9", "seen 10",
                 "seen 11", "seen 12", "seen 13", "train")
"""The parts the learned reader is fitted on; every other part of ``PARTS`` is held back."""

TARGET = Path(learned.__file__).with_name(learned.EXAMPLES_FILE)


def render() -> str:
    """The JSON lines for every example of the training parts, attempts first.

    A text that a held-back part also holds (two writers can both write "Ignore all previous
    instructions" in Spanish) is left out, so that part still measures text never learned.
    """
    held = {case.text for name, (injections, ordinary, _pii) in PARTS.items()
            if name not in TRAINING_PARTS for case in [*injections, *ordinary]}
    lines = []
    for name in TRAINING_PARTS:
        injections, ordinary, _pii = PARTS[name]
        for label, cases in (("attempt", injections), ("ordinary", ordinary)):
            lines += [json.dumps({"label": label, "category": case.category, "text": case.text},
                                 ensure_ascii=False) for case in cases if case.text not in held]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the shipped file is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        if TARGET.read_text(encoding="utf-8") != text:
            sys.exit(f"{TARGET} is stale: run python -m bench.door_examples")
        return
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} examples to {TARGET}")


if __name__ == "__main__":
    main()
