"""A deterministic embedding for the Store tests: word counts over a fixed vocabulary.

Texts that share words point the same way, so a query ranks items by meaning as
a real model would, offline and the same every run.
"""

from __future__ import annotations

import math

VOCABULARY = ("cat", "dog", "fish", "car", "train", "plane", "pizza", "music")


def embed(texts: list[str]) -> list[list[float]]:
    """One unit vector of ``len(VOCABULARY)`` dims per text (a small epsilon keeps it nonzero)."""
    out = []
    for text in texts:
        words = text.lower().replace(",", " ").replace('"', " ").split()
        counts = [sum(w.startswith(v) for w in words) + 0.01 for v in VOCABULARY]
        norm = math.sqrt(sum(c * c for c in counts))
        out.append([c / norm for c in counts])
    return out
