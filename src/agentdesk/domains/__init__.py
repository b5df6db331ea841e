"""The agents, one room each: its graph (``agent/``), its MCP tool server, its own logic.

A domain imports ``agentdesk.runtime``, ``agentdesk.models`` and itself, never another
domain: another domain's tools are reached over MCP. Each domain's ``__init__`` stays
light (no graph, no server), so importing a tool server imports no agent.
"""
