"""Which planned tools wait for the agency's review (``AGENTDESK_INSURANCE_REVIEW``)."""

from __future__ import annotations

from agentdesk.errors import ConfigError

from .schemas import TOOL_NAMES

__all__ = ["DEFAULT_REVIEW", "review_policy"]

DEFAULT_REVIEW = frozenset({"ask_customer_tool", "prepare_final_summary_tool",
                            "quote_initiate_tool", "rate_quote_tool"})
"""Every email to the customer and every carrier call that creates or rates a quote.
Adding drivers, vehicles and coverages changes only a session the agency approved, and
``request_human_review_tool`` hands the thread to the agency itself."""


def review_policy(setting: str | None) -> frozenset[str]:
    """The tools that need review: a comma list, ``none``, ``all``, or the default."""
    if setting is None or not setting.strip():
        return DEFAULT_REVIEW
    names = [n.strip() for n in setting.split(",") if n.strip()]
    if names == ["none"]:
        return frozenset()
    if names == ["all"]:
        return frozenset(TOOL_NAMES) - {"request_human_review_tool"}
    unknown = [n for n in names if n not in TOOL_NAMES]
    if unknown:
        raise ConfigError(f"AGENTDESK_INSURANCE_REVIEW: no tool named {unknown[0]!r}; tools: "
                          f"{', '.join(TOOL_NAMES)} (or none, all)")
    return frozenset(names)
