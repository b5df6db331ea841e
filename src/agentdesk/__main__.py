from agentdesk.cli.main import app

app(prog_name="agentdesk")
