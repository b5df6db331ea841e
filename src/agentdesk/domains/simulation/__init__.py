"""Pharmacokinetic simulation driven through an MCP bridge to a simulator."""

TOOL_SERVERS = {"simulation": "bridge"}
"""This domain's MCP tool servers: server name -> subpackage with ``build_server()``."""
