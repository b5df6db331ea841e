"""The door's learned reader: a linear model fitted on the door's own labelled examples.

The phrase rules (:mod:`.signals`, :mod:`.phrases`) read the shape of an
instruction; on text from writers they were not tuned on they miss a fifth to a
quarter of the attempts, mostly paraphrases. This reader learns the words and
letter sequences of attempts from ``door_examples.jsonl`` (the project's
labelled attempts and look-alike ordinary requests; ``bench.door_examples``
writes it from the sets under ``bench/``), with scikit-learn: TF-IDF over
character 3-5-grams and word 1-2-grams, then logistic regression.

Nothing is downloaded or unpickled: the model is fitted from the shipped text
the first time it is needed (about a second, after 1.4 s to import scikit-learn)
and kept for the process; an operator's own examples
(``[learned] examples`` in the policy file) are fitted with them, again whenever
that file changes.

A text's score is the highest over its windows (the whole text when short,
each sentence or line, each pair of neighbouring ones), so one order buried in
a long e-mail is read on its own. A line shorter than 40 characters (a YAML key
``instructions:``, a list item) is read only with its neighbour: alone it is too
little to judge (chosen by leaving each training part out in turn: on the
training pool, 7 fewer ordinary texts flagged for one attempt fewer). A score at or above :data:`THRESHOLD` is a
sign that asks a person (``ask``), never a refusal: a learned guess is not
proof.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agentdesk.errors import ConfigError

from .findings import Finding

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["THRESHOLD", "Example", "Reader", "examples", "fit", "learned_findings", "parse_examples",
           "reader"]

THRESHOLD = 0.85
"""The score from which a text is a sign. Chosen on writers the model was not fitted on
(``python -m bench.door_cv``, each training part left out in turn; on 2026-11-28 0.80 caught 18
more of 842 left-out attempts for 23 more of 1,188 ordinary texts, 0.90 22 fewer for 14 fewer)."""

EXAMPLES_FILE = "door_examples.jsonl"

_C = 10.0  # inverse regularisation strength of the logistic regression
_WHOLE = 400  # texts shorter than this are also read whole
_SHORTEST = 40  # a shorter segment ("instructions:", a list item) is read only with a neighbour
_SEGMENT = re.compile(r"(?<=[.!?。！？])\s+|\n+")


class Example(BaseModel):
    """One labelled text the reader learns from (a line of an examples file)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: Literal["attempt", "ordinary"]
    category: str = ""
    text: Annotated[str, Field(min_length=1, max_length=16_000)]


def parse_examples(lines: str, source: str) -> list[Example]:
    """The examples in ``lines`` (JSON lines), or an error naming the line and field.

    Raises:
        ConfigError: a line that is not JSON or not an example.
    """
    found = []
    for number, line in enumerate(lines.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            found.append(Example.model_validate_json(line))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "line"
            raise ConfigError(f"{source}: line {number}: {where}: {first['msg']}") from None
    return found


def examples() -> list[Example]:
    """The shipped examples (``door_examples.jsonl`` beside this module)."""
    lines = resources.files(__package__).joinpath(EXAMPLES_FILE).read_text(encoding="utf-8")
    return parse_examples(lines, EXAMPLES_FILE)


def windows(text: str) -> list[str]:
    """What is scored: the whole text when short, each segment of :data:`_SHORTEST` characters
    or more, each pair of neighbours."""
    segments = [part.strip() for part in _SEGMENT.split(text) if part and part.strip()]
    found = [text] if len(text) < _WHOLE or not segments else []
    for index, segment in enumerate(segments):
        if len(segment) >= _SHORTEST or len(segments) == 1:
            found.append(segment)
        if index + 1 < len(segments):
            found.append(f"{segment} {segments[index + 1]}")
    return found


def _reading(text: str) -> str:
    from .injection import normalize

    return normalize(text)


@dataclass(frozen=True)
class Reader:
    """A fitted vectoriser and classifier."""

    vectorizer: Any
    classifier: Any

    def score(self, text: str) -> float:
        """The highest probability of "attempt" over the windows of ``text``."""
        return self.score_reading(_reading(text))

    def score_reading(self, reading: str) -> float:
        """:meth:`score` of a text already read by :func:`.injection.normalize`."""
        parts = windows(reading)
        probabilities = self.classifier.predict_proba(self.vectorizer.transform(parts))[:, 1]
        return float(probabilities.max())


def fit(labelled: Iterable[Example]) -> Reader:
    """A reader fitted on ``labelled`` (deterministic: same examples, same model)."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_union

    items = list(labelled)
    vectorizer = make_union(
        TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), sublinear_tf=True, min_df=2),
        TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True))
    features = vectorizer.fit_transform([_reading(item.text) for item in items])
    labels = [item.label == "attempt" for item in items]
    classifier = LogisticRegression(C=_C, max_iter=5000, class_weight="balanced")
    classifier.fit(features, labels)
    return Reader(vectorizer, classifier)


def reader(extra: Path | None = None) -> Reader:
    """The reader fitted on the shipped examples and those in ``extra``, once per file version.

    Raises:
        ConfigError: ``extra`` cannot be read or holds a line that is not an example.
    """
    if extra is None:
        return _fitted(None, 0)
    try:
        stamp = extra.stat().st_mtime_ns
    except OSError as exc:
        raise ConfigError(f"learned.examples: cannot read {extra}: {exc.strerror}") from None
    return _fitted(extra, stamp)


@lru_cache(maxsize=4)
def _fitted(extra: Path | None, stamp: int) -> Reader:
    labelled = examples()
    if extra is not None:
        try:
            lines = extra.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) else "not UTF-8"
            raise ConfigError(f"learned.examples: cannot read {extra}: {why}") from None
        labelled += parse_examples(lines, f"learned.examples: {extra}")
    return fit(labelled)


def learned_findings(reading: str, threshold: float = THRESHOLD,
                     extra: Path | None = None) -> list[Finding]:
    """An ``ask`` finding when ``reading`` (a text as :func:`.injection.normalize` reads
    it, which the door has at hand) scores at or above ``threshold``."""
    score = reader(extra).score_reading(reading)
    if score < threshold:
        return []
    return [Finding("injection.learned", "text", "ask",
                    f"reads like the injection attempts the door learned from "
                    f"(score {score:.2f} of 1, threshold {threshold})")]
