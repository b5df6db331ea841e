"""Banking: questions about a bank's data answered with validated, read-only SQL."""

TOOL_SERVERS = {"bank": "tools"}
"""This domain's MCP tool servers: server name -> subpackage with ``build_server()``."""

COMMANDS = {"banking": "cli:banking_app"}
"""This domain's command groups: ``agentdesk <name>`` -> ``module:attribute`` of a Typer app."""

ROUTES = "http:router"
"""This domain's HTTP routes (``POST /ask``): ``module:attribute`` of an APIRouter."""
