"""The general assistant: ingress safety, planning, tools, verification, answers."""

TOOL_SERVERS = {"assistant": "tools"}
"""This domain's MCP tool servers: server name -> subpackage with ``build_server()``."""
