"""The assistant's ingress safety policy: no language model, no download.

:func:`check_input` validates the text (size, encoding, control characters),
finds and redacts personal data and secrets (:mod:`.pii`), looks for signs of
prompt injection (the rules of :mod:`.injection`, the learned reader of
:mod:`.learned`) and applies the operator's topic policy
(a TOML or JSON file, ``AGENTDESK_ASSISTANT_POLICY_FILE``; default
``policy.toml`` beside this module). The verdict:

* ``refuse`` when any sign is clear (an order to drop the instructions, a
  chat-template token, hidden text, a refused topic);
* ``ask`` (a person) when the worst sign is borderline (invisible characters
  alone, a role prefix, a long encoded blob, a review topic, a text the learned
  reader of :mod:`.learned` scores as an attempt);
* ``allow`` otherwise; personal data alone is redacted, not refused.

Reasons carry a code and the kind of span that matched, never the text itself.
"""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agentdesk.errors import ConfigError, InputError
from agentdesk.settings import Settings

from .findings import Action, Finding

__all__ = ["LearnedPolicy", "Reason", "SafetyPolicy", "SafetyVerdict", "TopicRule", "Verdict", "check_input",
           "load_policy", "operator_check", "policy_for", "redact_personal_data", "validate_input"]

Verdict = Literal["allow", "refuse", "ask"]


class Reason(BaseModel):
    """Why the policy said what it said; never the matched text."""

    code: str
    """The rule: ``pii.email``, ``injection.override``, ``topic.refused``..."""
    kind: str
    """What matched: ``card_number``, ``base64``, ``tag_characters``, a topic's name..."""
    action: Literal["redact", "ask", "refuse"]
    """What this reason alone calls for."""
    message: str
    """One line for a person."""
    count: int = 1
    """How many times it matched."""


class SafetyVerdict(BaseModel):
    """The policy's answer for one input."""

    verdict: Verdict
    """``allow``, ``refuse`` (a clear violation) or ``ask`` (a person decides)."""
    reasons: list[Reason]
    """Every sign found, the worst first."""
    redacted_text: str
    """The text with personal data replaced and hidden characters removed: what may be kept."""

    @property
    def safe(self) -> bool:
        """True when the input may go on without a person."""
        return self.verdict == "allow"


_NAME = r"^[a-z][a-z0-9_]{0,40}$"


class TopicRule(BaseModel):
    """A topic the operator refuses or wants a person to review."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Annotated[str, Field(pattern=_NAME)]
    description: str = ""
    terms: list[Annotated[str, Field(min_length=2, max_length=100)]] = Field(default_factory=list)
    patterns: list[str] = Field(default_factory=list)

    @field_validator("patterns")
    @classmethod
    def _compiles(cls, value: list[str]) -> list[str]:
        for pattern in value:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"{pattern!r} is not a regular expression: {exc}") from None
        return value

    @cached_property
    def regex(self) -> re.Pattern[str] | None:
        """One expression for every term and pattern, case-insensitive."""
        parts = []
        for term in self.terms:
            words = [re.escape(word) for word in term.lower().rstrip("*").split()]
            ending = r"\w*" if term.endswith("*") else r"(?!\w)"
            parts.append(r"(?<!\w)" + r"\s+".join(words) + ending)
        parts += [f"(?:{pattern})" for pattern in self.patterns]
        return re.compile("|".join(parts), re.IGNORECASE) if parts else None


class LearnedPolicy(BaseModel):
    """The door's learned reader (:mod:`.learned`): on or off, its threshold, more examples."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = True
    threshold: float = Field(default=0.85, ge=0.5, le=1.0)
    """The score from which a text asks a person; higher asks less often and misses more."""
    examples: Path | None = None
    """A JSON-lines file of your own labelled texts (``{"label": "attempt" | "ordinary",
    "text": ...}``), learned beside the shipped ones; relative to the policy file."""


class SafetyPolicy(BaseModel):
    """What the operator configures: limits, topics and the learned reader."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_input_chars: int = Field(default=16_000, ge=1, le=1_000_000)
    phone_region: str = "US"
    refuse: list[TopicRule] = Field(default_factory=list)
    review: list[TopicRule] = Field(default_factory=list)
    learned: LearnedPolicy = Field(default_factory=LearnedPolicy)

    @field_validator("phone_region")
    @classmethod
    def _known_region(cls, value: str) -> str:
        import phonenumbers

        if value.upper() not in phonenumbers.SUPPORTED_REGIONS:
            raise ValueError(f"{value!r} is not a region libphonenumber knows (e.g. US, GB, DE)")
        return value.upper()


def load_policy(path: Path | None = None) -> SafetyPolicy:
    """The policy in ``path`` (``.toml`` or ``.json``), or the shipped default."""
    if path is None:
        return _default_policy()
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"AGENTDESK_ASSISTANT_POLICY_FILE: cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(raw) if path.suffix.lower() == ".json" else tomllib.loads(raw.decode())
    except (ValueError, UnicodeDecodeError) as exc:
        raise ConfigError(f"AGENTDESK_ASSISTANT_POLICY_FILE: {path} does not parse: {exc}") from None
    try:
        policy = SafetyPolicy.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ConfigError(f"AGENTDESK_ASSISTANT_POLICY_FILE: {path}: {where}: "
                          f"{first['msg'].removeprefix('Value error, ')}") from None
    examples = policy.learned.examples
    if examples is not None and not examples.is_absolute():
        examples = path.parent / examples
        policy = policy.model_copy(
            update={"learned": policy.learned.model_copy(update={"examples": examples})})
    if examples is not None:
        from .learned import reader

        reader(examples)  # fitted now, so a bad line fails here, naming the line and field
    return policy


@lru_cache(maxsize=1)
def _default_policy() -> SafetyPolicy:
    text = resources.files(__package__).joinpath("policy.toml").read_text(encoding="utf-8")
    return SafetyPolicy.model_validate(tomllib.loads(text))


def policy_for(settings: Settings) -> SafetyPolicy:
    """The policy the settings name."""
    return load_policy(settings.assistant_policy_file)


def operator_check(text: str | bytes) -> SafetyVerdict:
    """:func:`check_input` under the policy the settings name (the operator's, or the default)."""
    from agentdesk.settings import get_settings

    return check_input(text, policy_for(get_settings()))


def validate_input(text: str | bytes, max_chars: int = 16_000) -> str:
    """The text, if it is UTF-8, not empty, not too long and free of control characters.

    Raises:
        InputError: naming the field ``text`` and what is wrong with it.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"not valid UTF-8 (byte 0x{text[exc.start]:02x} at offset {exc.start})",
                             field="text") from None
    if not text.strip():
        raise InputError("must not be empty", field="text")
    if len(text) > max_chars:
        raise InputError(f"{len(text)} characters; the limit is {max_chars}", field="text")
    for index, char in enumerate(text):
        if char in "\t\n\r":
            continue
        category = unicodedata.category(char)
        if category == "Cc" or category == "Cs":
            what = "a lone surrogate" if category == "Cs" else "a control character"
            raise InputError(f"contains {what} (U+{ord(char):04X}) at offset {index}", field="text")
    return text


def _topics(text: str, policy: SafetyPolicy) -> list[Finding]:
    found = []
    lists: tuple[tuple[list[TopicRule], str, Action], ...] = (
        (policy.refuse, "topic.refused", "refuse"), (policy.review, "topic.review", "ask"))
    for rules, code, action in lists:
        for rule in rules:
            if rule.regex is not None and rule.regex.search(text):
                what = rule.description or rule.name.replace("_", " ")
                found.append(Finding(code, rule.name, action,
                                     f"{'refused' if action == 'refuse' else 'review'} topic: {what}"))
    return found


def redact_personal_data(text: str, policy: SafetyPolicy | None = None) -> str:
    """``text`` with personal data and secrets replaced, and nothing else judged.

    For text that is not a person's input but must not be kept or shown as is
    (tool results, summaries); it is neither validated nor limited in size.
    """
    from .injection import clean_invisible
    from .pii import find_pii, redact

    policy = policy or _default_policy()
    return clean_invisible(redact(text, find_pii(text, policy.phone_region)))


_RANK = {"refuse": 0, "ask": 1, "redact": 2}


def check_input(text: str | bytes, policy: SafetyPolicy | None = None) -> SafetyVerdict:
    """Validate, redact and judge one input.

    Raises:
        InputError: when the text itself is unusable (see :func:`validate_input`).
    """
    from .injection import clean_invisible, normalize, scan_injection
    from .learned import learned_findings
    from .pii import find_pii, redact

    policy = policy or _default_policy()
    text = validate_input(text, policy.max_input_chars)
    spans = find_pii(text, policy.phone_region)
    masked = redact(text, spans)
    findings = [span.finding for span in spans]
    # Injection and topics read the masked text: a secret is never a "blob" to decode.
    findings += scan_injection(masked)
    reading = normalize(masked)
    if policy.learned.enabled:
        findings += learned_findings(reading, policy.learned.threshold, policy.learned.examples)
    findings += _topics(reading, policy)
    reasons: dict[tuple[str, str, str], Reason] = {}
    for found in findings:
        key = (found.code, found.kind, found.action)
        if key in reasons:
            reasons[key].count += 1
        else:
            reasons[key] = Reason(code=found.code, kind=found.kind, action=found.action,
                                  message=found.message)
    ordered = sorted(reasons.values(), key=lambda reason: _RANK[reason.action])
    actions = {reason.action for reason in ordered}
    verdict: Verdict = "refuse" if "refuse" in actions else "ask" if "ask" in actions else "allow"
    return SafetyVerdict(verdict=verdict, reasons=ordered, redacted_text=clean_invisible(masked))
