"""Personal auto insurance quoted over email, against a carrier's quote API."""

TOOL_SERVERS = {"carrier": "carrier"}
"""This domain's MCP tool servers: server name -> subpackage with ``build_server()``."""
