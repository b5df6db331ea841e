"""The ``agentdesk`` command: Typer commands over the runtime; names no agent."""
