"""Assistant tool server (FastMCP): ``kb_search``, ``calculator``, ``datetime_tool``, all offline."""

from .server import build_server

__all__ = ["build_server"]
