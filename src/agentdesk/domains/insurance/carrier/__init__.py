"""Carrier tool server (FastMCP): a deterministic personal auto quoting API.

Tools: ``quote_initiate``, ``add_driver``, ``add_vehicle``, ``set_coverages``, ``rate``,
``get_quote``. Sessions live in ``<data dir>/carrier/quotes.db``; the rating plan is in
``RATING.md`` and its tables in ``tables/``.
"""

from .server import build_server

__all__ = ["build_server"]
