"""The general assistant: ingress safety, planning, tools, verification, answers."""

TOOL_SERVERS = {"assistant": "tools"}
"""This domain's MCP tool servers: server name -> subpackage with ``build_server()``."""

COMMANDS = {"assistant": "cli:assistant_app", "kb": "kbcli:kb_app"}
"""This domain's command groups: ``agentdesk <name>`` -> ``module:attribute`` of a Typer app."""
