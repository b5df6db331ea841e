"""Aegra's end-to-end suite, run unchanged against agentdesk and ``langgraph dev``."""
