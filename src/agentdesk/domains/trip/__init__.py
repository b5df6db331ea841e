"""Trip planning: the agent and its travel tool server (flights, hotels, airports)."""

TOOL_SERVERS = {"travel": "travel"}
"""This domain's MCP tool servers: server name -> subpackage with ``build_server()``."""
