"""Re-ranking by a small embedding model that ships inside its wheel (``wordllama``).

wordllama 0.4 ships its 256-dimension weights and tokenizer in the package, but
looks for the tokenizer under ``tokenizer/`` while the wheel puts it under
``tokenizers/``; pointing its cache at the package folder finds both, and
``disable_download`` makes sure nothing is ever fetched.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .kb import Hit

__all__ = ["load_model", "rerank"]

_K = 60  # the usual constant of reciprocal rank fusion


@lru_cache(maxsize=1)
def load_model() -> Any:
    """The wordllama model, loaded once per process from the installed package only."""
    import wordllama
    from wordllama import WordLlama

    return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


def rerank(query: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` (best BM25 first) fused with their order by embedding similarity to ``query``.

    Reciprocal rank fusion: each hit scores ``1/(60 + BM25 rank) + 1/(60 + similarity
    rank)``, so a passage both rankings like wins and neither ranking's scale matters.
    """
    import numpy as np

    model = load_model()
    texts = [f"{hit.title}. {hit.heading}. {hit.text}" for hit in hits]
    similarity = np.atleast_1d(model.vector_similarity(model.embed(query)[0],
                                                       model.embed(texts)).squeeze())
    by_similarity = sorted(range(len(hits)), key=lambda index: -float(similarity[index]))
    fused = [1 / (_K + index + 1) for index in range(len(hits))]
    for rank, index in enumerate(by_similarity):
        fused[index] += 1 / (_K + rank + 1)
    order = sorted(range(len(hits)), key=lambda index: -fused[index])
    return [replace(hits[index], score=round(fused[index], 6)) for index in order]
