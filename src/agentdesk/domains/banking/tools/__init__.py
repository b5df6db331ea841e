"""The bank's tool server (FastMCP): ``bank_schema``, ``bank_readings``, ``sql_query``, all read-only."""

from .server import build_server

__all__ = ["build_server"]
