"""The HTTP server: the Agent Server API, the web app; names no agent."""
