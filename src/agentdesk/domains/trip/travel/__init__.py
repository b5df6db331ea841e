"""Travel tool server (FastMCP): ``get_airport_code``, ``search_flights``, ``search_hotels``."""

from .server import build_server

__all__ = ["build_server"]
