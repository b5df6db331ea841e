"""What a detector reports: a finding, never the text it matched."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Action", "Finding", "Span"]

Action = Literal["redact", "ask", "refuse"]
"""What a finding asks of the policy: replace the span, ask a person, or refuse."""


@dataclass(frozen=True)
class Finding:
    """One sign a detector found.

    ``code`` names the rule (``pii.card``, ``injection.override``, ``topic.refused``);
    ``kind`` names what sort of span matched (``card_number``, ``base64``,
    ``tag_characters``, a topic's name). Neither ever carries the matched text.
    """

    code: str
    kind: str
    action: Action
    message: str


@dataclass(frozen=True)
class Span:
    """Where a piece of personal data sits in the text, for redaction only."""

    start: int
    end: int
    finding: Finding
