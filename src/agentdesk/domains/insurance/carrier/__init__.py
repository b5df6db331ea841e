"""Carrier tool server (FastMCP): a deterministic personal auto quoting API.

Tools: ``quote_initiate``, ``add_driver``, ``add_vehicle``, ``set_coverages``, ``rate``,
``get_quote``, and ``minimum_coverages`` (each state's least coverages, which the agent
quotes when a customer asks for the state minimum). Sessions live in
``<data dir>/carrier/quotes.db``; the rating plan is in ``RATING.md`` and its tables in
``tables/``.
"""

from .server import build_server

__all__ = ["build_server"]
