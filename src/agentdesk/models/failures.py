"""Model failures in words a person can act on.

A :class:`ModelError`'s ``message`` is what the CLI and the web app show: what
failed and what to try. What the model actually wrote never goes there; it
stays in the error's details (``raw``), which the run's outcome, its events and
the thread's audit carry for whoever wants to look closer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentdesk.errors import ModelError
from agentdesk.text import plain

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["TRY_ANOTHER_MODEL", "context_too_long", "invalid_answer", "unparsable_answer"]

TRY_ANOTHER_MODEL = (
    "Try again, or use a larger model: --model local:/path/to/model.gguf, or a hosted one "
    "such as --model openai:gpt-4o-mini (AGENTDESK_MODEL sets it for every run).")
"""What to try when the model could not give a usable answer."""

_RAW_CHARS = 4000


def _raw(raw: str) -> str:
    return plain(raw)[:_RAW_CHARS]


def unparsable_answer(model: str, raw: str) -> ModelError:
    """The model's answer was cut off or is not the JSON the step asked for."""
    cut = "was cut off before it was complete" if raw.strip() else "was empty"
    return ModelError(
        f"{model} could not give this step a usable answer: its answer {cut}. "
        f"{TRY_ANOTHER_MODEL}",
        reason="unparsable_answer", raw=_raw(raw), hint=TRY_ANOTHER_MODEL)


def invalid_answer(model: str, raw: str, exc: ValidationError) -> ModelError:
    """The answer parsed but breaks the step's form; names the first field it breaks."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "the answer"
    return ModelError(
        f"{model} gave this step an answer that does not fit its form "
        f"({where}: {first['msg']}). {TRY_ANOTHER_MODEL}",
        reason="invalid_answer", field=where, raw=_raw(raw), hint=TRY_ANOTHER_MODEL)


def context_too_long(model: str, n_ctx: int, detail: str) -> ModelError:
    """The conversation does not fit in the model's context window."""
    hint = (f"Raise AGENTDESK_LOCAL_MODEL_CTX (now {n_ctx} tokens), start a new thread, "
            "or use a model with a longer context.")
    return ModelError(f"the conversation is too long for {model}'s context window. {hint}",
                      reason="context_too_long", detail=plain(detail), hint=hint)
